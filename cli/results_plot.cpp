#include "results_plot.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "report.hpp"

namespace hdasoko::cli {

LevelResult level_result(const run::Solved& s) {
    if (s.error.empty() && s.result.outcome == search::Outcome::unsolvable) return LevelResult::proven;
    if (!s.verified) return LevelResult::unsolved;
    return s.optimal ? LevelResult::proven : LevelResult::solved;
}

namespace {

constexpr const char* names[] = {"proven", "solved", "unsolved"};
constexpr const char* colours[] = {"#2a9d8f", "#e9c46a", "#e76f51"};

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '"') out += "&quot;";
        else if (static_cast<unsigned char>(c) >= 0x20) out += c;
    }
    return out;
}

}  // namespace

bool write_results_svg(const std::string& path, const std::vector<run::Solved>& levels, const std::string& title) {
    std::ofstream out(path);
    if (!out) return false;
    const int n = std::max<int>(1, static_cast<int>(levels.size()));
    const double bar = std::clamp(900.0 / n, 2.0, 24.0);
    const double left = 70, top = 50, plot_h = 300, plot_w = bar * n;
    const double width = left + plot_w + 30, height = top + plot_h + 70;
    // Log scale from 1 ms to the next power of ten above the slowest level.
    double slowest = 1e-3;
    for (const run::Solved& s : levels) slowest = std::max(slowest, s.phases.total());
    const int lo = -3, hi = std::max(lo + 1, static_cast<int>(std::ceil(std::log10(slowest))));
    auto y_of = [&](double seconds) {
        const double e = std::log10(std::max(seconds, 1e-3));
        return top + plot_h - (e - lo) / (hi - lo) * plot_h;
    };
    int counts[3] = {0, 0, 0};
    for (const run::Solved& s : levels) ++counts[static_cast<int>(level_result(s))];

    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
        << "\" viewBox=\"0 0 " << width << ' ' << height << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<text x=\"" << left << "\" y=\"20\" font-size=\"14\">" << escape(title) << "</text>\n"
        << "<text x=\"" << left << "\" y=\"38\">" << levels.size() << " levels: " << counts[0] << " proven, "
        << counts[1] << " solved, " << counts[2] << " unsolved</text>\n";
    // Axes and decade lines.
    for (int e = lo; e <= hi; ++e) {
        const double y = y_of(std::pow(10.0, e));
        out << "<line x1=\"" << left << "\" y1=\"" << y << "\" x2=\"" << left + plot_w << "\" y2=\"" << y
            << "\" stroke=\"#ddd\"/>\n<text x=\"" << left - 6 << "\" y=\"" << y + 4 << "\" text-anchor=\"end\">"
            << (e >= 0 ? std::to_string(static_cast<long>(std::pow(10.0, e))) : "1e" + std::to_string(e))
            << " s</text>\n";
    }
    out << "<g class=\"levels\">\n";
    for (size_t i = 0; i < levels.size(); ++i) {
        const run::Solved& s = levels[i];
        const int r = static_cast<int>(level_result(s));
        const double y = y_of(s.phases.total());
        out << "<rect class=\"" << names[r] << "\" x=\"" << left + bar * i << "\" y=\"" << y << "\" width=\""
            << std::max(1.0, bar - 1) << "\" height=\"" << top + plot_h - y << "\" fill=\"" << colours[r]
            << "\"><title>level " << s.level->number << ": " << names[r] << ", "
            << escape(search::outcome_name(s.outcome()));
        if (s.verified) out << ", " << s.pushes << " pushes";
        out << ", " << fixed(s.phases.total(), 3) << " s</title></rect>\n";
    }
    out << "</g>\n<line x1=\"" << left << "\" y1=\"" << top + plot_h << "\" x2=\"" << left + plot_w << "\" y2=\""
        << top + plot_h << "\" stroke=\"black\"/>\n<text x=\"" << left + plot_w / 2 << "\" y=\"" << top + plot_h + 20
        << "\" text-anchor=\"middle\">level (in collection order)</text>\n";
    for (int r = 0; r < 3; ++r) {
        const double x = left + 130.0 * r;
        out << "<rect x=\"" << x << "\" y=\"" << top + plot_h + 38 << "\" width=\"12\" height=\"12\" fill=\""
            << colours[r] << "\"/><text x=\"" << x + 18 << "\" y=\"" << top + plot_h + 48 << "\">" << names[r]
            << "</text>\n";
    }
    out << "</svg>\n";
    return static_cast<bool>(out);
}

}  // namespace hdasoko::cli
