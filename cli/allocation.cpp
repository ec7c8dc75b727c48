// Allocation failure is a std::bad_alloc. libmimalloc replaces operator new
// for the whole process, and its operator new calls abort() when memory runs
// out (it is C and cannot see the C++ new handler), so an exhausted memory
// would end hdasoko with no word. These replacements of the throwing forms
// take memory from mimalloc as before and throw std::bad_alloc instead,
// which the searches report as a memory limit (search::memory_guarded). The
// nothrow forms and every operator delete stay mimalloc's (mi_free frees
// both). Sanitizer builds keep the sanitizers' own operator new.
#include <mimalloc.h>

#include <cstddef>
#include <new>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HDASOKO_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define HDASOKO_SANITIZED 1
#endif
#endif

#ifndef HDASOKO_SANITIZED
namespace {
void* checked(void* p) {
    if (!p) throw std::bad_alloc();
    return p;
}
}  // namespace

void* operator new(std::size_t n) { return checked(mi_malloc(n)); }
void* operator new[](std::size_t n) { return checked(mi_malloc(n)); }
void* operator new(std::size_t n, std::align_val_t a) {
    return checked(mi_malloc_aligned(n, static_cast<std::size_t>(a)));
}
void* operator new[](std::size_t n, std::align_val_t a) {
    return checked(mi_malloc_aligned(n, static_cast<std::size_t>(a)));
}
#endif
