// generate_levels: a collection of seeded random solvable levels
// (tests/generate/level_generator.hpp) on stdout, for collection runs and
// benchmarks of many small levels.
//   generate_levels [--count N] [--seed S] [--shape small|boxoban|large]
// Level i is pulled_level(S + i) of the shape, titled with its seed, so a
// seed names the same level on every machine. small: the differential
// tests' rooms (3..8 x 3..7 inside, 1..4 boxes); boxoban (default): 10 x 10
// with the walls, 4 boxes; large: up to 20 x 20 with the walls, 4..12 boxes.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "level_generator.hpp"

int main(int argc, char** argv) {
    using namespace hdasoko::generate;
    uint64_t count = 1000, seed = 1;
    Shape shape = boxoban;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--count" && has_value) count = std::strtoull(argv[++i], nullptr, 10);
        else if (arg == "--seed" && has_value) seed = std::strtoull(argv[++i], nullptr, 10);
        else if (arg == "--shape" && has_value) {
            const std::string name = argv[++i];
            if (name == "small") shape = Shape{};
            else if (name == "boxoban") shape = boxoban;
            else if (name == "large") shape = Shape{6, 18, 6, 18, 4, 12, 20, 400};
            else {
                std::cerr << "generate_levels: unknown shape '" << name << "' (small, boxoban, large)\n";
                return 2;
            }
        } else {
            std::cerr << "usage: generate_levels [--count N] [--seed S] [--shape small|boxoban|large]\n";
            return 2;
        }
    }
    for (uint64_t i = 0; i < count; ++i)
        std::cout << "; seed " << seed + i << '\n' << pulled_level(seed + i, shape) << "Title: " << seed + i << "\n\n";
    return 0;
}
