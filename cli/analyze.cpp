// hdasoko analyze: board analysis, goal zone and PDB figures per level.
#include "analyze.hpp"

#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <thread>

#include "board/board.hpp"
#include "board/goal_zone.hpp"
#include "deadlock/goal_patterns.hpp"
#include "fess/rooms.hpp"
#include "heuristic/heuristic.hpp"
#include "heuristic/pdb.hpp"
#include "heuristic/pair_conflicts.hpp"
#include "moves/moves.hpp"
#include "plan/packing_order.hpp"
#include "report.hpp"
#include "run/solve.hpp"
#include "state/state.hpp"

namespace hdasoko::cli {

namespace {

using board::Cell;
using heuristic::Kind;

constexpr Kind kinds[] = {Kind::simple, Kind::matching, Kind::pdb_static, Kind::pdb};

struct Analysis {
    int cells = 0, boxes = 0, dead = 0, articulation_points = 0;
    bool entrance = false;
    int entrance_x = -1, entrance_y = -1, goal_zone = 0, maze = 0, maze_boxes = 0;
    bool pdb = false;
    std::string why;  // no PDB: why
    uint64_t entries = 0, bytes = 0;
    double board_s = 0, pdb_s = 0;
    uint32_t h[4] = {};
    // Pair conflicts (heuristic/pair_conflicts.hpp): matching and pdb with them.
    bool conflicts = false;
    uint64_t conflicts_bytes = 0;
    double conflicts_s = 0;
    uint32_t h_conflicts[2] = {};
    // The PDB bound with groups of 3 and of 4 (heuristic/group_pdb.hpp), with
    // conflicts as a search uses it; the databases' sizes and build time.
    // And with the patterns of five (heuristic/five_patterns.hpp).
    bool groups[3] = {};
    uint32_t h_groups[3] = {};
    uint64_t groups_bytes = 0;
    double groups_s = 0;
    int fives = 0;
    double fives_s = 0;
    std::string dead_picture, zone_picture;
    // Packing order (plan/packing_order.hpp): goals drawn with their rank.
    std::string packing_picture;
    int packing_stuck = 0;
    int packing_together = 0;
    double packing_s = 0;
    // Rooms (fess/rooms.hpp): room squares drawn with their room, passages making links with '='.
    std::string rooms_picture;
    int rooms = 0, room_links = 0, boxes_in_passages = 0;
    // Goal-room patterns (deadlock/goal_patterns.hpp).
    int goal_groups = 0, goal_groups_tested = 0;
    size_t goal_pattern_states = 0;
    double goal_patterns_s = 0;
};

// "(x,y)", built by appending (GCC 12 warns falsely on "(" + std::string).
std::string at_xy(int x, int y) {
    std::string s(1, '(');
    s += std::to_string(x);
    s += ',';
    s += std::to_string(y);
    s += ')';
    return s;
}

std::string bound(uint32_t h) { return h == heuristic::dead ? "dead" : std::to_string(h); }

Analysis analyze(const level::Level& level, bool fives) {
    Analysis a;
    auto t = std::chrono::steady_clock::now();
    const board::Board board(level);
    a.board_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    t = std::chrono::steady_clock::now();
    const heuristic::Pdb pdb(board);
    a.pdb_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    const board::GoalZone& zone = pdb.zone();
    a.cells = board.cells();
    a.boxes = board.boxes();
    for (Cell c = 0; c < board.cells(); ++c) a.dead += board.is_dead(c);
    a.articulation_points = static_cast<int>(zone.articulation_points().size());
    a.entrance = zone.has_entrance();
    if (a.entrance) {
        a.entrance_x = board.x(zone.entrance());
        a.entrance_y = board.y(zone.entrance());
    }
    a.goal_zone = zone.goal_zone_cells();
    a.maze = zone.maze_cells();
    for (Cell c : board.initial_boxes()) a.maze_boxes += zone.in_maze(c);
    a.pdb = pdb.available();
    a.why = pdb.why_unavailable();
    a.entries = pdb.entries();
    a.bytes = pdb.bytes();

    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    moves::Reachability area(board);
    const Cell player = area.compute(boxes.data(), board.initial_player());
    for (int k = 0; k < 4; ++k) {
        heuristic::Heuristic h(board, kinds[k], &pdb);
        a.h[k] = h.evaluate(boxes.data(), player);
    }

    t = std::chrono::steady_clock::now();
    const heuristic::PairConflicts conflicts(board);
    a.conflicts_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    a.conflicts = conflicts.available();
    a.conflicts_bytes = conflicts.bytes();
    for (int k = 0; k < 2; ++k) {
        heuristic::Heuristic h(board, k == 0 ? Kind::matching : Kind::pdb, &pdb, &conflicts);
        a.h_conflicts[k] = h.evaluate(boxes.data(), player);
    }
    t = std::chrono::steady_clock::now();
    const heuristic::Pdb with_groups(board, heuristic::Pdb::default_memory_limit, fives ? 5 : 4, {},
                                     static_cast<int>(std::thread::hardware_concurrency()));
    a.groups_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    a.groups_bytes = with_groups.groups_bytes();
    if (with_groups.fives()) {
        a.fives = static_cast<int>(with_groups.fives()->patterns().size());
        a.fives_s = with_groups.fives()->build_seconds();
    }
    for (int size = 3; size <= 5; ++size) {
        a.groups[size - 3] = size < 5 ? with_groups.group(size) != nullptr : with_groups.fives() != nullptr;
        a.h_groups[size - 3] =
            heuristic::Heuristic(board, Kind::pdb, &with_groups, &conflicts, size).evaluate(boxes.data(), player);
    }

    t = std::chrono::steady_clock::now();
    const plan::PackingOrder packing(board);
    a.packing_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    a.packing_stuck = packing.stuck();
    t = std::chrono::steady_clock::now();
    const deadlock::GoalPatterns patterns(board);
    a.goal_patterns_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    a.goal_groups = patterns.groups();
    a.goal_groups_tested = patterns.tested_groups();
    a.goal_pattern_states = patterns.states();
    a.packing_together = packing.together();
    // Rank 0-9, then a-z, then A-Z; '+' beyond.
    a.packing_picture = board.draw([](Cell) { return false; }, ' ');
    for (Cell g : board.goals()) {
        const int r = packing.rank(g);
        const char mark = r < 10 ? static_cast<char>('0' + r)
                          : r < 36 ? static_cast<char>('a' + r - 10)
                          : r < 62 ? static_cast<char>('A' + r - 36) : '+';
        size_t pos = 0;  // start of row y(g) in the drawing
        for (int row = 0; row < board.y(g); ++row) pos = a.packing_picture.find('\n', pos) + 1;
        a.packing_picture[pos + board.x(g)] = mark;
    }
    const fess::Rooms rooms(board);
    a.rooms = rooms.rooms();
    a.room_links = rooms.links();
    {
        std::vector<uint64_t> start(board.words(), 0);
        state::initial_boxes(board, start.data());
        a.boxes_in_passages = rooms.obstructed(start.data());
    }
    a.rooms_picture = board.draw([&](Cell c) { return rooms.linking(c); }, '=');
    for (Cell c = 0; c < board.cells(); ++c) {
        const int r = rooms.room(c);
        if (r < 0) continue;
        size_t pos = 0;
        for (int row = 0; row < board.y(c); ++row) pos = a.rooms_picture.find('\n', pos) + 1;
        a.rooms_picture[pos + board.x(c)] = r < 10 ? static_cast<char>('0' + r)
                                            : r < 36 ? static_cast<char>('a' + r - 10) : '+';
    }
    a.dead_picture = board.draw([&](Cell c) { return board.is_dead(c); }, 'x');
    // E entrance, g goal zone (G on a goal), m maze zone; dead squares blank.
    const std::string goal = board.draw([&](Cell c) { return zone.in_goal_zone(c) && !board.is_goal(c); }, 'g');
    const std::string maze = board.draw([&](Cell c) { return zone.in_maze(c); }, 'm');
    a.zone_picture = board.draw([&](Cell c) { return c == zone.entrance(); }, 'E');
    for (size_t i = 0; i < a.zone_picture.size() && i < goal.size() && i < maze.size(); ++i) {
        if (goal[i] == 'g') a.zone_picture[i] = 'g';
        if (maze[i] == 'm') a.zone_picture[i] = 'm';
    }
    return a;
}

void analysis_text(std::ostream& out, const level::Level& level, const Analysis& a) {
    auto line = [&](const std::string& key, const std::string& value) {
        out << std::left << std::setw(24) << key << value << '\n';
    };
    std::string name = std::to_string(level.number);
    if (!level.title.empty()) name.append("  ").append(level.title);
    line("level", name);
    out << level::to_xsb(level) << '\n';
    line("cells", std::to_string(a.cells) + " interior, " + std::to_string(a.dead) + " dead, " +
                      std::to_string(a.boxes) + " boxes");
    out << "dead squares (x):\n" << a.dead_picture << '\n';
    line("articulation_points", std::to_string(a.articulation_points) + " of the box-movement graph");
    if (a.entrance) {
        line("entrance", at_xy(a.entrance_x, a.entrance_y) + "  x,y from 0");
        line("goal_zone", std::to_string(a.goal_zone) + " cells");
        line("maze_zone", std::to_string(a.maze) + " cells, " + std::to_string(a.maze_boxes) + " boxes at the start");
        out << "zones (E entrance, g goal zone, . goal, m maze):\n" << a.zone_picture << '\n';
    } else {
        line("entrance", "none: the PDB kinds use the matching bound");
    }
    if (a.pdb)
        line("pdb", thousands(a.entries) + " entries, " + fixed(a.bytes / 1048576.0, 2) + " MB, built in " +
                        fixed(a.pdb_s, 3) + " s");
    else
        line("pdb", "not built (" + a.why + ")");
    for (int k = 0; k < 4; ++k)
        line(std::string("initial_h ") + heuristic::kind_name(kinds[k]), bound(a.h[k]));
    if (a.conflicts) {
        line("pair_conflicts", fixed(a.conflicts_bytes / 1048576.0, 2) + " MB, built in " + fixed(a.conflicts_s, 3) + " s");
        line("initial_h conflicts", bound(a.h_conflicts[0]) + " with matching, " + bound(a.h_conflicts[1]) + " with pdb");
        line("initial_h groups", (a.groups[0] ? bound(a.h_groups[0]) : std::string("-")) + " with triples, " +
                                     (a.groups[1] ? bound(a.h_groups[1]) : std::string("-")) +
                                     " with groups of four, " +
                                     (a.groups[2] ? bound(a.h_groups[2]) : std::string("-")) +
                                     " with patterns of five (pdb and conflicts); databases " +
                                     fixed(a.groups_bytes / 1048576.0, 2) + " MB, pair database and these built in " +
                                     fixed(a.groups_s, 3) + " s, of which " + std::to_string(a.fives) +
                                     " patterns of five searched in " + fixed(a.fives_s, 3) + " s");
    } else {
        line("pair_conflicts", "not built");
    }
    line("packing_order", std::to_string(a.boxes - a.packing_stuck) + " of " + std::to_string(a.boxes) +
                              " goals ordered by pull searches (" + std::to_string(a.packing_together) +
                              " pulling several boxes), " + std::to_string(a.packing_stuck) +
                              " packed first without one; " + fixed(a.packing_s, 3) + " s");
    out << "packing order (goals filled in order 0-9, a-z, A-Z):\n" << a.packing_picture << '\n';
    line("rooms", std::to_string(a.rooms) + " rooms (squares in a 2x3 of floor), " + std::to_string(a.room_links) +
                      " links through passages; boxes off goals in them at the start: " +
                      std::to_string(a.boxes_in_passages));
    out << "rooms (0-9, a-z; '=' a passage square linking rooms):\n" << a.rooms_picture << '\n';
    line("goal_patterns", std::to_string(a.goal_groups_tested) + " of " + std::to_string(a.goal_groups) +
                              " groups of adjacent goals tested, " + thousands(a.goal_pattern_states) +
                              " relaxed states that can fill them; " + fixed(a.goal_patterns_s, 3) + " s");
}

void analysis_csv_header(std::ostream& out) {
    out << "level,cells,boxes,dead,articulation_points,entrance_x,entrance_y,goal_zone,maze_zone,maze_boxes,"
           "pdb,pdb_entries,pdb_bytes,pdb_build_s,h_simple,h_matching,h_pdb_static,h_pdb,packing_together,packing_stuck,"
           "goal_groups,goal_groups_tested,goal_pattern_states,goal_patterns_s,h_matching_conflicts,h_pdb_conflicts,"
           "conflicts_bytes,conflicts_build_s,h_pdb_triples,h_pdb_quads,groups_bytes,groups_build_s,h_pdb_fives,"
           "fives_patterns,fives_build_s\n";
}

void analysis_csv_row(std::ostream& out, const level::Level& level, const Analysis& a) {
    out << level.number << ',' << a.cells << ',' << a.boxes << ',' << a.dead << ',' << a.articulation_points << ','
        << a.entrance_x << ',' << a.entrance_y << ',' << a.goal_zone << ',' << a.maze << ',' << a.maze_boxes << ','
        << (a.pdb ? 1 : 0) << ',' << a.entries << ',' << a.bytes << ',' << fixed(a.pdb_s, 4);
    for (uint32_t h : a.h) out << ',' << (h == heuristic::dead ? -1 : static_cast<int64_t>(h));
    out << ',' << a.packing_together << ',' << a.packing_stuck << ',' << a.goal_groups << ','
        << a.goal_groups_tested << ',' << a.goal_pattern_states << ',' << fixed(a.goal_patterns_s, 4);
    for (uint32_t h : a.h_conflicts) out << ',' << (!a.conflicts || h == heuristic::dead ? -1 : static_cast<int64_t>(h));
    out << ',' << a.conflicts_bytes << ',' << fixed(a.conflicts_s, 4) << ','
        << (!a.groups[0] || a.h_groups[0] == heuristic::dead ? -1 : static_cast<int64_t>(a.h_groups[0])) << ','
        << (!a.groups[1] || a.h_groups[1] == heuristic::dead ? -1 : static_cast<int64_t>(a.h_groups[1])) << ','
        << a.groups_bytes << ',' << fixed(a.groups_s, 4) << ','
        << (!a.groups[2] || a.h_groups[2] == heuristic::dead ? -1 : static_cast<int64_t>(a.h_groups[2])) << ','
        << a.fives << ',' << fixed(a.fives_s, 4) << '\n';
}

void analysis_header(std::ostream& out) {
    out << std::right << std::setw(6) << "level" << std::setw(7) << "cells" << std::setw(6) << "boxes"
        << std::setw(10) << "entrance" << std::setw(6) << "goal" << std::setw(6) << "maze" << std::setw(11)
        << "pdb_MB" << std::setw(9) << "pdb_s" << std::setw(8) << "simple" << std::setw(9) << "matching"
        << std::setw(8) << "pdb-st" << std::setw(7) << "pdb" << std::setw(10) << "unordered" << '\n';
}

void analysis_row(std::ostream& out, const level::Level& level, const Analysis& a) {
    const std::string entrance = a.entrance ? at_xy(a.entrance_x, a.entrance_y) : "-";
    out << std::right << std::setw(6) << level.number << std::setw(7) << a.cells << std::setw(6) << a.boxes
        << std::setw(10) << entrance << std::setw(6) << a.goal_zone << std::setw(6) << a.maze << std::setw(11)
        << (a.pdb ? fixed(a.bytes / 1048576.0, 2) : "-") << std::setw(9) << (a.pdb ? fixed(a.pdb_s, 3) : "-")
        << std::setw(8) << bound(a.h[0]) << std::setw(9) << bound(a.h[1]) << std::setw(8) << bound(a.h[2])
        << std::setw(7) << bound(a.h[3]) << std::setw(10) << a.packing_stuck << '\n';
}

}  // namespace

int run_analyze(const std::vector<const level::Level*>& levels, bool single, const std::string& csv_path,
                bool fives) {
    std::ofstream csv;
    if (!csv_path.empty()) {
        csv.open(csv_path);
        if (!csv) throw level::ParseError(csv_path, 0, 0, "cannot write file");
        analysis_csv_header(csv);
    }
    if (!single) analysis_header(std::cout);
    for (const level::Level* l : levels) {
        const Analysis a = analyze(*l, fives);
        if (single) analysis_text(std::cout, *l, a);
        else analysis_row(std::cout, *l, a);
        if (csv.is_open()) analysis_csv_row(csv, *l, a);
    }
    return run::exit_solved;
}

}  // namespace hdasoko::cli
