// Large blocks for the search's stores (arena pages, closed-table arrays),
// taken from the process's memory budget (memory/budget.hpp) before they are
// made: null when they do not fit. mimalloc's, except under ThreadSanitizer. mimalloc is not built with TSan,
// so TSan cannot see the synchronization inside it and reports a block that
// one thread freed and another got back as a data race (seen in the
// portfolio test); there the blocks come from the C library, which TSan
// intercepts.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>

#include <new>

#include <mimalloc.h>
#include <sys/mman.h>

#include "memory/budget.hpp"

#if defined(__SANITIZE_THREAD__)
#define HDASOKO_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define HDASOKO_TSAN 1
#endif
#endif

namespace hdasoko::state {

inline void* page_alloc(size_t bytes) {
    if (!memory::reserve(bytes)) return nullptr;
#ifdef HDASOKO_TSAN
    void* p = std::malloc(bytes);
#else
    void* p = mi_malloc(bytes);
#endif
    if (!p) memory::release(bytes);
    return p;
}

// Zeroed, aligned to `align` (a power of two).
inline void* page_zalloc_aligned(size_t bytes, size_t align) {
    if (!memory::reserve(bytes)) return nullptr;
#ifdef HDASOKO_TSAN
    void* p = std::aligned_alloc(align, (bytes + align - 1) / align * align);
    if (p) std::memset(p, 0, bytes);
#else
    void* p = mi_zalloc_aligned(bytes, align);
#endif
    if (!p) memory::release(bytes);
    return p;
}

// Frees a block of page_alloc or page_zalloc_aligned of `bytes`.
inline void page_free(void* p, size_t bytes) {
    if (!p) return;
    memory::release(bytes);
#ifdef HDASOKO_TSAN
    std::free(p);
#else
    mi_free(p);
#endif
}

// Zeroed address space straight from the OS: a page costs memory only once
// written (for directories sized for their largest, mostly never written).
inline void* directory_alloc(size_t bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return p;
}

inline void directory_free(void* p, size_t bytes) { munmap(p, bytes); }

}  // namespace hdasoko::state
