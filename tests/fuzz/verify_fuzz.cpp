// Fuzz target: the verifier. The input is a level text, a zero byte, and a
// LURD text (anything at all). Whatever the LURD, the verifier answers
// without crashing, and its counts agree with the text: accepted, every
// letter is a move and every upper-case one a push; rejected, the bad step
// lies within the text's letters.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "level/level.hpp"
#include "solution/verify.hpp"

using namespace hdasoko;

namespace {
void require(bool ok) {
    if (!ok) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const size_t split = input.find('\0');
    const std::string_view level_text = input.substr(0, split);
    const std::string_view lurd = split == std::string_view::npos ? std::string_view() : input.substr(split + 1);
    std::vector<level::Level> levels;
    try {
        levels = level::parse_collection(level_text, "fuzz");
    } catch (const level::ParseError&) {
        return 0;
    }
    int letters = 0, upper = 0;
    for (char c : lurd) {
        letters += std::string_view("lurdLURD").find(c) != std::string_view::npos;
        upper += std::string_view("LURD").find(c) != std::string_view::npos;
    }
    for (const level::Level& l : levels) {
        const solution::Verdict v = solution::verify(l, lurd);
        if (v.ok) {
            require(v.error.empty() && v.step == 0);
            require(v.moves == letters && v.pushes == upper);
        } else {
            require(!v.error.empty());
            require(v.step >= 0 && v.step <= letters + 1);
            require(v.moves <= letters && v.pushes <= v.moves);
        }
    }
    return 0;
}
