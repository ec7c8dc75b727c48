// A level of a collection shipped in levels/, for the search tests.
#pragma once

#include <string>

#include "level/level.hpp"

namespace hdasoko::testing {

inline level::Level shipped(const char* file, int number) {
    const std::string path = std::string(HDASOKO_SOURCE_DIR) + "/levels/" + file;
    return level::select_level(level::load_collection(path), number, path);
}

}  // namespace hdasoko::testing
