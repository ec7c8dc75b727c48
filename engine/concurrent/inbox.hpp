// Inboxes for HDA*: lock-free multi-producer single-consumer lists of
// batches. A producer fills a Batch of fixed-size records (the record size is
// known only at run time: packed states vary by level) and publishes it with
// one compare-and-swap; the consumer takes everything with one exchange. A
// consumed batch goes back to the pool of the worker that filled it, through
// the same kind of list, so batches are allocated only while pools grow.
// Pushes are never popped one by one, so the Treiber push has no ABA hazard.
// Holds no states of its own and knows nothing of search.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace hdasoko::concurrent {

class BatchPool;

struct Batch {
    Batch* next = nullptr;
    BatchPool* owner = nullptr;
    int to = 0;                   // its worker, while a transport between processes holds it
    std::vector<uint64_t> words;  // records back to back; capacity reserved once

    uint64_t* append(int record_words) {
        size_t n = words.size();
        words.resize(n + record_words);  // within the reserved capacity: no allocation
        return words.data() + n;
    }
    int size(int record_words) const { return static_cast<int>(words.size() / record_words); }
    const uint64_t* record(int i, int record_words) const { return words.data() + static_cast<size_t>(i) * record_words; }
};

// A list any thread may push onto and one thread empties at once.
class BatchList {
public:
    void push(Batch* batch) {
        Batch* head = head_.load(std::memory_order_relaxed);
        do {
            batch->next = head;
            // Release: the batch's records (and next) are visible to whoever
            // takes the list with acquire.
        } while (!head_.compare_exchange_weak(head, batch, std::memory_order_release, std::memory_order_relaxed));
    }
    // Takes every batch (newest first); only the single consumer calls this.
    Batch* take_all() { return head_.exchange(nullptr, std::memory_order_acquire); }
    // A hint only (relaxed): a push may land right after it answers.
    bool empty() const { return head_.load(std::memory_order_relaxed) == nullptr; }

private:
    alignas(64) std::atomic<Batch*> head_{nullptr};
};

// A worker's incoming states.
using Inbox = BatchList;

// The batches one producer fills. acquire() is called by the owner only;
// release() by any consumer when it is done with a batch.
class BatchPool {
public:
    Batch* acquire(size_t capacity_words) {
        if (!free_) free_ = returned_.take_all();
        Batch* b = free_;
        if (b) {
            free_ = b->next;
        } else {
            all_.push_back(std::make_unique<Batch>());
            b = all_.back().get();
            b->owner = this;
            b->words.reserve(capacity_words);
        }
        b->next = nullptr;
        b->words.clear();
        return b;
    }
    void release(Batch* batch) { returned_.push(batch); }

private:
    std::vector<std::unique_ptr<Batch>> all_;  // owns every batch ever made
    Batch* free_ = nullptr;                    // owner's private free list
    BatchList returned_;                       // given back by consumers
};

}  // namespace hdasoko::concurrent
