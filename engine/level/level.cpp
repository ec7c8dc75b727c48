// engine/level/level: the small pieces around parsing — ParseError, reading a
// collection from a file, picking a level by number or title, and printing a
// level back as XSB. The text parser is parse.cpp, the board checks
// validate.cpp.
#include "level/level.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

namespace hdasoko::level {

namespace {

std::string location(const std::string& file, int line, int column) {
    return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
}

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

[[noreturn]] void fail_to_read(const std::string& path, const char* what, int error) {
    throw ParseError(path, 0, 0,
                     std::string(what) + ": " + std::generic_category().message(error));
}

}  // namespace

ParseError::ParseError(std::string file, int line, int column, std::string message)
    : std::runtime_error(location(file, line, column) + message),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

std::vector<Level> load_collection(const std::string& path) {
    errno = 0;
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file) fail_to_read(path, "cannot open file", errno ? errno : ENOENT);
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        const size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
        text.append(buffer, got);
        if (got < sizeof buffer) break;
    }
    // A directory opens on Linux but fails to read (EISDIR).
    if (std::ferror(file.get())) fail_to_read(path, "cannot read file", errno ? errno : EIO);
    return parse_collection(text, path);
}

const Level& select_level(const std::vector<Level>& collection, int number,
                          const std::string& file_name) {
    const int count = static_cast<int>(collection.size());
    if (number < 1 || number > count) {
        std::string message = "level " + std::to_string(number) + " out of range: " + file_name +
                              " has " + std::to_string(count) +
                              (count == 1 ? " level" : " levels");
        message += count == 0 ? "" : " (1.." + std::to_string(count) + ")";
        throw ParseError(file_name, 0, 0, std::move(message));
    }
    return collection[number - 1];
}

const Level& select_level_by_title(const std::vector<Level>& collection,
                                   const std::string& title, const std::string& file_name) {
    for (const Level& level : collection) {
        if (level.title == title) return level;
    }
    throw ParseError(file_name, 0, 0, "no level titled \"" + title + "\" in " + file_name);
}

std::string to_xsb(const Level& level) {
    std::string text;
    for (size_t y = 0; y < level.rows.size(); ++y) {
        const std::string& row = level.rows[y];
        const size_t end = row.find_last_not_of(' ');
        if (y > 0) text += '\n';
        if (end != std::string::npos) text.append(row, 0, end + 1);
    }
    return text;
}

}  // namespace hdasoko::level
