// Large blocks for the search's stores (arena pages, closed-table arrays):
// mimalloc's, except under ThreadSanitizer. mimalloc is not built with TSan,
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

#if defined(__SANITIZE_THREAD__)
#define HDASOKO_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define HDASOKO_TSAN 1
#endif
#endif

namespace hdasoko::state {

inline void* page_alloc(size_t bytes) {
#ifdef HDASOKO_TSAN
    return std::malloc(bytes);
#else
    return mi_malloc(bytes);
#endif
}

// Zeroed, aligned to `align` (a power of two).
inline void* page_zalloc_aligned(size_t bytes, size_t align) {
#ifdef HDASOKO_TSAN
    void* p = std::aligned_alloc(align, (bytes + align - 1) / align * align);
    if (p) std::memset(p, 0, bytes);
    return p;
#else
    return mi_zalloc_aligned(bytes, align);
#endif
}

inline void page_free(void* p) {
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
