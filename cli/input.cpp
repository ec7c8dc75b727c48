#include "input.hpp"

#include <iostream>
#include <iterator>

namespace hdasoko::cli {

std::string read_stdin() {
    std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    if (std::cin.bad()) throw level::ParseError(stdin_name, 0, 0, "cannot read standard input");
    return text;
}

std::vector<level::Level> load_levels(const std::string& path) {
    if (path == "-") return level::parse_collection(read_stdin(), stdin_name);
    return level::load_collection(path);
}

}  // namespace hdasoko::cli
