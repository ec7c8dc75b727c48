// Where levels come from: a file, or standard input when the name is `-`
// (errors then name `<stdin>`).
#pragma once

#include <string>
#include <vector>

#include "level/level.hpp"

namespace hdasoko::cli {

// The name parse errors give to standard input.
inline const char* const stdin_name = "<stdin>";

// How errors name `path`: stdin_name for `-`.
inline std::string input_name(const std::string& path) { return path == "-" ? stdin_name : path; }

// The collection in `path`, or on standard input for `-`.
std::vector<level::Level> load_levels(const std::string& path);

// The whole of standard input.
std::string read_stdin();

}  // namespace hdasoko::cli
