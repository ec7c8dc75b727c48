// Paged: items of one fixed stride (elements of T) stored back to back in
// pages that never move, so a pointer to an item stays valid while the store
// grows, and the page directory is allocated once at its largest (2^18 pages
// of 2^14 items: 2^32 items; the directory's untouched part costs no memory),
// so it never moves either (mapped from the OS, not calloc'd: mimalloc's
// calloc zeroes a block it reuses, which made each directory 2 MB resident,
// 4 MB per HDA* worker). Single writer; another thread may read items
// below an index the writer has published (a release store after add(), an
// acquire load before at()). Pages come from mimalloc (state/pages.hpp).
//   Arena: packed states (stride = the level's words + 1)
//   search::Nodes: search nodes (stride 1)
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#include "state/pages.hpp"

namespace hdasoko::state {

template <class T>
class Paged {
public:
    explicit Paged(int stride = 1)
        : stride_(stride), pages_(static_cast<T**>(directory_alloc(directory_bytes))) {}
    ~Paged() {
        for (uint32_t p = 0; p < used_pages_; ++p) page_free(pages_[p], page_bytes());
        directory_free(pages_, directory_bytes);
    }
    Paged(const Paged&) = delete;
    Paged& operator=(const Paged&) = delete;

    // Appends a copy of the stride elements at `item` and returns its index.
    uint32_t add(const T* item) {
        if ((size_ & page_mask) == 0) new_page();
        T* dst = pages_[size_ >> page_bits] + static_cast<size_t>(size_ & page_mask) * stride_;
        for (int i = 0; i < stride_; ++i) dst[i] = item[i];
        return size_++;
    }
    uint32_t push_back(const T& item) { return add(&item); }
    T& operator[](uint32_t index) { return *at(index); }
    const T& operator[](uint32_t index) const { return *at(index); }
    T* at(uint32_t index) { return pages_[index >> page_bits] + static_cast<size_t>(index & page_mask) * stride_; }
    const T* at(uint32_t index) const {
        return pages_[index >> page_bits] + static_cast<size_t>(index & page_mask) * stride_;
    }
    uint32_t size() const { return size_; }
    int stride() const { return stride_; }
    size_t bytes() const { return size_t{used_pages_} * page_items * stride_ * sizeof(T); }

private:
    static constexpr int page_bits = 14;
    static constexpr uint32_t page_items = 1u << page_bits;
    static constexpr uint32_t page_mask = page_items - 1;
    static constexpr uint32_t max_pages = uint32_t{1} << (32 - page_bits);
    static constexpr size_t directory_bytes = max_pages * sizeof(T*);
    size_t page_bytes() const { return sizeof(T) * page_items * stride_; }

    void new_page() {
        if (used_pages_ == max_pages) throw std::bad_alloc();
        auto* p = static_cast<T*>(page_alloc(page_bytes()));
        if (!p) throw std::bad_alloc();
        pages_[used_pages_++] = p;
    }

    const int stride_;
    uint32_t size_ = 0;
    uint32_t used_pages_ = 0;
    T** pages_;
};

using Arena = Paged<uint64_t>;

}  // namespace hdasoko::state
