#include "memory/budget.hpp"

#include <mimalloc.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <new>

#include <pthread.h>

namespace hdasoko::memory {

namespace {

// Zero-initialized before any constructor runs: operator new may be called
// before main.
constinit std::atomic<uint64_t> held{0};
constinit std::atomic<uint64_t> cap{0};
constinit std::atomic<uint64_t> high{0};

// A thread's reserved bytes not yet handed out. Blocks below `chunk` take
// from it; a refill takes `chunk` more from the shared count, and what is
// freed beyond two chunks goes back. When the thread ends, a pthread key's
// destructor gives the rest back (a C++ thread_local with a destructor would
// register it with an allocation, and glibc aborts the process when that
// allocation fails: seen under ulimit -v); after that (`alive` false) every
// block goes to the shared count directly.
constexpr uint64_t chunk = uint64_t{256} << 10;
struct Credit {
    uint64_t bytes = 0;
    bool registered = false;
    bool alive = true;
};
thread_local Credit credit;  // trivially destructible: no registration
pthread_key_t credit_key;
pthread_once_t credit_key_once = PTHREAD_ONCE_INIT;
constinit bool credit_key_made = false;

void end_credit(void* p) {
    Credit& c = *static_cast<Credit*>(p);
    c.alive = false;
    held.fetch_sub(c.bytes, std::memory_order_relaxed);
    c.bytes = 0;
}

// The calling thread's credit, registered for end_credit the first time
// (pthread_setspecific of a low key stores into the thread's own block:
// no allocation).
Credit& thread_credit() {
    Credit& c = credit;
    if (!c.registered) {
        c.registered = true;
        pthread_once(&credit_key_once, [] { credit_key_made = pthread_key_create(&credit_key, end_credit) == 0; });
        if (!credit_key_made || pthread_setspecific(credit_key, &c) != 0) c.alive = false;
    }
    return c;
}

void note_peak(uint64_t now) {
    uint64_t p = high.load(std::memory_order_relaxed);
    while (now > p && !high.compare_exchange_weak(p, now, std::memory_order_relaxed)) {
    }
}

}  // namespace

void set_limit(uint64_t bytes) { cap.store(bytes, std::memory_order_relaxed); }
uint64_t limit() { return cap.load(std::memory_order_relaxed); }
uint64_t used() { return held.load(std::memory_order_relaxed); }
uint64_t peak() { return high.load(std::memory_order_relaxed); }
void reset_peak() { high.store(used(), std::memory_order_relaxed); }

uint64_t available() {
    const uint64_t l = limit(), u = used();
    if (!l) return UINT64_MAX;
    return u >= l ? 0 : l - u;
}

bool reserve(uint64_t bytes) {
    const uint64_t l = limit();
    uint64_t u = held.load(std::memory_order_relaxed);
    do {
        if (l && (bytes > l || u > l - bytes)) return false;
    } while (!held.compare_exchange_weak(u, u + bytes, std::memory_order_relaxed));
    note_peak(u + bytes);
    return true;
}

void release(uint64_t bytes) { held.fetch_sub(bytes, std::memory_order_relaxed); }

uint64_t table_bytes(uint64_t most) { return std::min(most, available() / 2); }

namespace {
// Fixed slots, no allocation: a table is skipped when memory is short.
constexpr int skipped_slots = 8;
constinit std::atomic<const char*> skipped[skipped_slots] = {};
}  // namespace

void note_skipped(const char* table) {
    for (auto& slot : skipped) {
        const char* expected = nullptr;
        if (slot.compare_exchange_strong(expected, table) || expected == table) return;
    }
}

std::string take_skipped() {
    std::string names;
    for (auto& slot : skipped)
        if (const char* name = slot.exchange(nullptr)) names += (names.empty() ? "" : ", ") + std::string(name);
    return names;
}

namespace {

// operator new's share: small blocks from the thread's credit.
[[maybe_unused]] bool take(uint64_t bytes) {
    Credit& c = thread_credit();
    if (bytes >= chunk || !c.alive) return reserve(bytes);
    if (c.bytes >= bytes) {
        c.bytes -= bytes;
        return true;
    }
    if (!reserve(chunk)) return reserve(bytes);
    c.bytes += chunk - bytes;
    return true;
}

[[maybe_unused]] void give(uint64_t bytes) {
    Credit& c = thread_credit();
    if (bytes >= chunk || !c.alive) return release(bytes);
    c.bytes += bytes;
    if (c.bytes > 2 * chunk) {
        release(c.bytes - chunk);
        c.bytes = chunk;
    }
}

}  // namespace

}  // namespace hdasoko::memory

// The replaceable allocation functions, all of them: each block's usable
// size (mi_usable_size) is taken from the budget before the block is made
// and given back when it is freed. An exhausted budget or allocator throws
// std::bad_alloc (mimalloc's own operator new would abort(): it is C and
// cannot see the C++ new handler), which the searches report as a memory
// limit (search::memory_guarded); the nothrow forms return null. Sanitizer
// builds keep the sanitizers' operator new (the budget then counts the
// pages of state/pages.hpp alone).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HDASOKO_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define HDASOKO_SANITIZED 1
#endif
#endif

bool hdasoko::memory::counts_operator_new() {
#ifdef HDASOKO_SANITIZED
    return false;
#else
    return true;
#endif
}

#ifndef HDASOKO_SANITIZED
namespace {

void* allocate(std::size_t n, std::size_t align) noexcept {
    const std::size_t want = mi_good_size(n ? n : 1);
    if (!hdasoko::memory::take(want)) return nullptr;
    void* p = align ? mi_malloc_aligned(n, align) : mi_malloc(n);
    if (!p) {
        hdasoko::memory::give(want);
        return nullptr;
    }
    // An aligned block may be larger than the size class: count what it is.
    const std::size_t got = mi_usable_size(p);
    if (got > want) {
        if (!hdasoko::memory::take(got - want)) {
            mi_free(p);
            hdasoko::memory::give(want);
            return nullptr;
        }
    } else if (got < want) {
        hdasoko::memory::give(want - got);
    }
    return p;
}

void* allocate_or_throw(std::size_t n, std::size_t align) {
    void* p = allocate(n, align);
    if (!p) throw std::bad_alloc();
    return p;
}

void deallocate(void* p) noexcept {
    if (!p) return;
    hdasoko::memory::give(mi_usable_size(p));
    mi_free(p);
}

}  // namespace

void* operator new(std::size_t n) { return allocate_or_throw(n, 0); }
void* operator new[](std::size_t n) { return allocate_or_throw(n, 0); }
void* operator new(std::size_t n, std::align_val_t a) { return allocate_or_throw(n, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return allocate_or_throw(n, static_cast<std::size_t>(a)); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return allocate(n, 0); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return allocate(n, 0); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    return allocate(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    return allocate(n, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { deallocate(p); }
void operator delete[](void* p) noexcept { deallocate(p); }
void operator delete(void* p, std::size_t) noexcept { deallocate(p); }
void operator delete[](void* p, std::size_t) noexcept { deallocate(p); }
void operator delete(void* p, std::align_val_t) noexcept { deallocate(p); }
void operator delete[](void* p, std::align_val_t) noexcept { deallocate(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { deallocate(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { deallocate(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { deallocate(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { deallocate(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { deallocate(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { deallocate(p); }
#endif
