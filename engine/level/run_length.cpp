// engine/level/run_length: decoding of run-length encoded rows and solutions.
#include "level/run_length.hpp"

#include <algorithm>

namespace hdasoko::level {

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
}  // namespace

bool has_runs(std::string_view line) {
    for (char c : line)
        if (is_digit(c) || c == '|') return true;
    return false;
}

RunLengthText expand_runs(std::string_view encoded, char separator) {
    RunLengthText out;
    for (size_t i = 0; i < encoded.size();) {
        if (!is_digit(encoded[i])) {
            out.text += encoded[i];
            out.source.push_back(static_cast<int>(i));
            ++i;
            continue;
        }
        const size_t start = i;
        long count = 0;
        while (i < encoded.size() && is_digit(encoded[i])) {
            count = count * 10 + (encoded[i] - '0');
            if (count > max_run) count = max_run + 1;  // saturate: no overflow
            ++i;
        }
        if (count < 1 || count > max_run) {
            out.error_at = static_cast<int>(start);
            out.error = "run length " + std::string(encoded.substr(start, i - start)) + " out of range (1.." +
                        std::to_string(max_run) + ")";
            return out;
        }
        if (i == encoded.size() || (separator && encoded[i] == separator)) {
            out.error_at = static_cast<int>(start);
            out.error = "run length " + std::to_string(count) + " without a character after it";
            return out;
        }
        out.text.append(static_cast<size_t>(count), encoded[i]);
        out.source.insert(out.source.end(), static_cast<size_t>(count), static_cast<int>(i));
        ++i;
    }
    return out;
}

namespace {

// Groups as some programs write them, "2(lu)" = "lulu", over the joined
// letters: [i, end) up to the ')' that closes a group (or the end).
bool expand_groups(const std::string& in, size_t& i, std::string& out, std::string& error, size_t& error_at,
                   int depth) {
    while (i < in.size()) {
        const size_t start = i;
        long count = 1;
        if (is_digit(in[i])) {
            count = 0;
            while (i < in.size() && is_digit(in[i])) {
                count = std::min<long>(count * 10 + (in[i] - '0'), max_run + 1);
                ++i;
            }
            if (count < 1 || count > max_run) {
                error = "run length " + in.substr(start, i - start) + " out of range (1.." + std::to_string(max_run) + ")";
                error_at = start;
                return false;
            }
            if (i == in.size() || in[i] == ')') {
                error = "run length " + std::to_string(count) + " without a move after it";
                error_at = start;
                return false;
            }
        }
        if (in[i] == ')') {
            if (depth == 0) {
                error = "')' without a '(' before it";
                error_at = i;
                return false;
            }
            return true;
        }
        if (in[i] == '(') {
            const size_t open = i++;
            std::string group;
            if (depth >= 8 || !expand_groups(in, i, group, error, error_at, depth + 1)) {
                if (error.empty()) error = "groups nested too deep", error_at = open;
                return false;
            }
            if (i == in.size()) {
                error = "'(' without a ')' after it";
                error_at = open;
                return false;
            }
            ++i;  // the ')'
            if (group.size() * count > size_t{1} << 24) {
                error = "solution too long";
                error_at = start;
                return false;
            }
            for (long k = 0; k < count; ++k) out += group;
            continue;
        }
        out.append(static_cast<size_t>(count), in[i]);
        ++i;
    }
    return true;
}

}  // namespace

bool decode_solution(std::string_view text, std::string& lurd, std::string& error, int& error_at) {
    std::string joined;
    std::vector<int> at;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
        joined += c;
        at.push_back(static_cast<int>(i));
    }
    lurd.clear();
    size_t i = 0, fault = 0;
    if (!expand_groups(joined, i, lurd, error, fault, 0)) {
        error_at = at[fault];
        return false;
    }
    return true;
}

}  // namespace hdasoko::level
