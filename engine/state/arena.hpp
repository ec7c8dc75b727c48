// Arena: states of one fixed stride stored back to back in pages that never
// move, so a pointer to a state stays valid while the arena grows. Pages come
// from mimalloc. Single-writer; readers of indices below size() may run on
// other threads once the writer has published the index.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hdasoko::state {

class Arena {
public:
    explicit Arena(int stride);
    ~Arena();
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;

    // Appends a copy of `state` and returns its index.
    uint32_t add(const uint64_t* state) {
        if ((size_ & page_mask) == 0) new_page();
        uint64_t* dst = pages_.back() + static_cast<size_t>(size_ & page_mask) * stride_;
        for (int i = 0; i < stride_; ++i) dst[i] = state[i];
        return size_++;
    }
    const uint64_t* at(uint32_t index) const {
        return pages_[index >> page_bits] + static_cast<size_t>(index & page_mask) * stride_;
    }
    uint32_t size() const { return size_; }
    int stride() const { return stride_; }
    size_t bytes() const { return pages_.size() * page_states * stride_ * sizeof(uint64_t); }

private:
    static constexpr int page_bits = 14;
    static constexpr uint32_t page_states = 1u << page_bits;
    static constexpr uint32_t page_mask = page_states - 1;
    void new_page();

    int stride_;
    uint32_t size_ = 0;
    std::vector<uint64_t*> pages_;
};

}  // namespace hdasoko::state
