// The option table (run/options.hpp): every entry reads back what it writes,
// rejects what it cannot hold, and the README's options block is the one the
// table prints.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "generate/differential.hpp"
#include "run/options.hpp"

using namespace hdasoko;

TEST_CASE("option table: each name once, and each entry reads back the value it sets") {
    std::set<std::string> names;
    for (const run::Spec& spec : run::options()) {
        CAPTURE(spec.name);
        CHECK(names.insert(spec.name).second);
        CHECK(!spec.help.empty());
        REQUIRE(bool(spec.get));
        REQUIRE(bool(spec.set));
        run::Settings settings;
        const std::string value = spec.get(spec, settings);
        std::vector<std::string> tries;
        switch (spec.type) {
            case run::Type::on_off: tries = {"on", "off"}; break;
            case run::Type::integer:
            case run::Type::real: tries = {std::to_string(static_cast<long long>(spec.min)),
                                           std::to_string(static_cast<long long>(spec.max))}; break;
            case run::Type::choice: tries = spec.choices; break;
            case run::Type::text: tries = {spec.name == "plot" ? "x.svg" : "some,text"}; break;
        }
        if (spec.name == "hda-lag") tries = {"auto", "layer", "-1", "0", "1000"};
        for (const std::string& t : tries) {
            CAPTURE(t);
            CHECK(spec.set(spec, settings, t) == "");
            CHECK(spec.get(spec, settings) == t);
        }
        if (!value.empty()) {  // and back to the default
            CHECK(spec.set(spec, settings, value) == "");
            CHECK(spec.get(spec, settings) == value);
        }
    }
}

TEST_CASE("option table: values out of range or unknown are refused with a reason") {
    run::Settings settings;
    const std::string before = run::options_json(settings);
    for (const auto& [name, bad] : std::vector<std::pair<std::string, std::string>>{
             {"tunnels", "yes"}, {"threads", "257"}, {"threads", "-1"}, {"threads", "1.5"},
             {"time-limit", "-3"}, {"time-limit", "nan"}, {"tie-break", "random"}, {"hda-lag", "1001"},
             {"hda-lag", "lay"}, {"pdb-group", "6"}, {"plot", "out.png"}, {"mode", ""}}) {
        CAPTURE(name);
        CAPTURE(bad);
        const run::Spec* spec = run::find_option(name);
        REQUIRE(spec);
        CHECK(!spec->check(bad).empty());
        CHECK(!spec->set(*spec, settings, bad).empty());
    }
    CHECK(run::options_json(settings) == before);  // nothing changed
}

TEST_CASE("option table: what a run searches with") {
    run::Settings s;
    CHECK(s.algorithm() == run::Algorithm::portfolio);
    CHECK(s.minimize_moves());
    CHECK(s.members() == "default");
    s.heuristic = heuristic::Kind::pdb;  // a bound named: one HDA* search
    CHECK(s.algorithm() == run::Algorithm::hda);
    CHECK(!s.minimize_moves());
    s.lone = run::Algorithm::astar;
    CHECK(s.algorithm() == run::Algorithm::astar);
    s.mode = portfolio::Mode::any;  // any mode races whatever was asked
    CHECK(s.algorithm() == run::Algorithm::portfolio);
    s.metric = search::Metric::moves;
    CHECK(s.algorithm() == run::Algorithm::metric);

    run::Settings r;
    r.memory_limit_mb = 2;
    const search::Options o = r.resolved(8, 1 << 30);
    CHECK(o.threads == 8);
    CHECK(o.heuristic == heuristic::Kind::matching);
    CHECK(o.limits.memory_limit_bytes == 2u << 20);
    CHECK(run::Settings{}.resolved(0, 4000).limits.memory_limit_bytes == 3000);
    CHECK(run::Settings{}.resolved(0, 4000).threads == 1);
}

TEST_CASE("option table: the README's options block is the table's") {
    std::ifstream in(std::string(HDASOKO_SOURCE_DIR) + "/README.md");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    const std::string readme = text.str();
    const std::string begin = "<!-- options:begin -->\n```\n", end = "```\n<!-- options:end -->";
    const size_t from = readme.find(begin), to = readme.find(end);
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    const std::string block = readme.substr(from + begin.size(), to - from - begin.size());
    // On a difference, the block to paste is written beside the test.
    if (block != run::usage_block()) std::ofstream("options-block.txt") << run::usage_block();
    CHECK_MESSAGE(block == run::usage_block(), "README.md's options block differs from the option table's: "
                                               "paste options-block.txt (written in the test's directory)");
}

// Every technique of the table is run on and off by the differential check
// against breadth-first search (tests/generate/differential.cpp): at its
// default everywhere, and some configuration sets each other value.
TEST_CASE("option table: the differential check runs every technique at each of its values") {
    const auto& configs = generate::configs();
    for (const run::Spec& spec : run::options()) {
        if (!spec.technique) continue;
        CAPTURE(spec.name);
        const std::string fallback = spec.get(spec, run::Settings{});
        for (const std::string value : {"on", "off"}) {
            if (value == fallback) continue;
            const std::string mark = " " + spec.name + "=" + value;
            CHECK(std::any_of(configs.begin(), configs.end(),
                              [&](const generate::Config& c) { return c.name.find(mark) != std::string::npos; }));
        }
    }
}
