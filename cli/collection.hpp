// Collections: the levels of a file solved one after another or `--jobs` at
// a time (a oneTBB task arena; each level gets its share of the threads),
// with results handed on in level order, and a progress report on stderr: a
// live line when stderr is a terminal, plain lines otherwise.
#pragma once

#include <chrono>
#include <functional>
#include <vector>

#include "level/level.hpp"
#include "run/solve.hpp"

namespace hdasoko::cli {

// Progress of a collection on stderr; thread-compatible (the caller locks).
class Progress {
public:
    Progress(int levels, bool enabled);
    void started(int number);          // level `number` began
    void finished(const run::Solved& s);  // a level ended (any order)
    void clear();                      // before other output to the terminal
    void draw();                       // after it
    void end();

private:
    int levels_, running_ = 0, done_ = 0, solved_ = 0, latest_ = 0;  // latest_: the last level started
    bool enabled_, live_;
    std::chrono::steady_clock::time_point start_;
};

// Solves `levels` with `jobs` levels at a time (1: in turn); `threads` of
// `options` is shared out, at least one each. `done` gets each Solved in
// level order. After an interrupt no further level starts. With `keep`,
// the levels solved are returned in order (a prefix of `levels`); without,
// each is dropped once `done` has it, so that a run of any length holds
// only the levels in flight (none is returned).
std::vector<run::Solved> solve_collection(const std::vector<const level::Level*>& levels,
                                          const search::Options& options, const run::Plan& plan, int jobs, bool keep,
                                          Progress& progress, const std::function<void(const run::Solved&)>& done);

}  // namespace hdasoko::cli
