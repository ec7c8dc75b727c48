// Arena pages from mimalloc (large, long-lived blocks; freed all at once).
#include "state/arena.hpp"

#include <mimalloc.h>

#include <new>

namespace hdasoko::state {

Arena::Arena(int stride) : stride_(stride) {}

Arena::~Arena() {
    for (uint64_t* p : pages_) mi_free(p);
}

void Arena::new_page() {
    auto* p = static_cast<uint64_t*>(mi_malloc(sizeof(uint64_t) * page_states * stride_));
    if (!p) throw std::bad_alloc();
    pages_.push_back(p);
}

}  // namespace hdasoko::state
