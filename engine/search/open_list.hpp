// Open list: a bucket queue indexed by f, then by a tie value, lower
// first (search/hda.hpp tie(): in A* order h, which favours nodes nearer a
// goal among equal f, and then the rank of Options::tie_break, such as the
// boxes off their targets), last in first out within a bucket. Both are small
// integers (the tie at most h times boxes + 1), so push and pop are O(1)
// amortized.
// The parameters keep the name h.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace hdasoko::search {

class OpenList {
public:
    void push(uint32_t f, uint32_t h, uint32_t node) {
        if (f >= buckets_.size()) {
            buckets_.resize(f + 1);
            h_cursor_.resize(f + 1, 0xFFFFFFFF);
            count_.resize(f + 1, 0);
        }
        auto& by_h = buckets_[f];
        if (h >= by_h.size()) by_h.resize(h + 1);
        by_h[h].push_back(node);
        if (h < h_cursor_[f]) h_cursor_[f] = h;
        ++count_[f];
        if (f < min_f_) min_f_ = f;
        ++size_;
    }

    bool empty() const { return size_ == 0; }
    size_t size() const { return size_; }

    // Smallest f present; only valid when not empty.
    uint32_t min_f() {
        while (count_[min_f_] == 0) ++min_f_;
        return min_f_;
    }

    // The key (f, h) of the node pop() returns next; only valid when not empty.
    void peek(uint32_t& f, uint32_t& h) {
        f = min_f();
        const auto& by_h = buckets_[f];
        uint32_t& cur = h_cursor_[f];
        while (by_h[cur].empty()) ++cur;
        h = cur;
    }

    // Removes and returns a node of smallest f, then smallest h.
    uint32_t pop(uint32_t& f, uint32_t& h) {
        peek(f, h);
        auto& bucket = buckets_[f][h];
        uint32_t node = bucket.back();
        bucket.pop_back();
        --count_[f];
        --size_;
        return node;
    }

    // The node pop() returns next, left in place; only valid when not empty.
    uint32_t top(uint32_t& f, uint32_t& h) {
        peek(f, h);
        return buckets_[f][h].back();
    }

    // The node pop() returns after top(), left in place, when it has the
    // same f and lies within `span` tie values of it; else false.
    bool second(uint32_t& f, uint32_t& h, uint32_t& node, uint32_t span) {
        peek(f, h);
        const auto& by_h = buckets_[f];
        if (by_h[h].size() >= 2) {
            node = by_h[h][by_h[h].size() - 2];
            return true;
        }
        const size_t end = std::min<size_t>(by_h.size(), size_t{h} + 1 + span);
        for (size_t k = h + 1; k < end; ++k)
            if (!by_h[k].empty()) {
                h = static_cast<uint32_t>(k);
                node = by_h[k].back();
                return true;
            }
        return false;
    }

    size_t bytes() const { return size_ * sizeof(uint32_t); }

private:
    std::vector<std::vector<std::vector<uint32_t>>> buckets_;  // [f][h]
    std::vector<uint32_t> h_cursor_;  // per f: no non-empty bucket below it
    std::vector<uint64_t> count_;     // per f: nodes held
    uint32_t min_f_ = 0xFFFFFFFF;
    size_t size_ = 0;
};

}  // namespace hdasoko::search
