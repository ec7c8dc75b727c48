// tests/concurrent/inbox_test: batched MPSC inboxes and the termination
// protocol under threads (CI runs these under ThreadSanitizer). Every record
// sent arrives exactly once; batches return to their producer's pool; a
// token-passing workload in which receiving spawns more sends ends exactly
// when the last token has been handled, never before.
#include <doctest/doctest.h>

#include <atomic>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "concurrent/inbox.hpp"
#include "concurrent/termination.hpp"

using namespace hdasoko::concurrent;

TEST_CASE("inbox: records from many producers arrive exactly once") {
    constexpr int producers = 3, per_producer = 50000, batch_records = 64, words = 2;
    Inbox inbox;
    std::vector<std::unique_ptr<BatchPool>> pools;
    for (int p = 0; p < producers; ++p) pools.push_back(std::make_unique<BatchPool>());
    std::atomic<int> finished{0};
    std::vector<std::thread> threads;
    for (int p = 0; p < producers; ++p) {
        threads.emplace_back([&, p] {
            Batch* batch = nullptr;
            for (int i = 0; i < per_producer; ++i) {
                if (!batch) batch = pools[p]->acquire(batch_records * words);
                uint64_t* r = batch->append(words);
                r[0] = static_cast<uint64_t>(p);
                r[1] = static_cast<uint64_t>(i);
                if (batch->size(words) == batch_records || i + 1 == per_producer) {
                    inbox.push(batch);
                    batch = nullptr;
                }
            }
            finished.fetch_add(1);
        });
    }
    std::vector<std::vector<int>> seen(producers, std::vector<int>(per_producer, 0));
    long received = 0;
    auto drain = [&] {
        for (Batch* b = inbox.take_all(); b;) {
            Batch* next = b->next;
            for (int i = 0; i < b->size(words); ++i) {
                const uint64_t* r = b->record(i, words);
                ++seen[r[0]][r[1]];
                ++received;
            }
            b->owner->release(b);
            b = next;
        }
    };
    while (finished.load() < producers) drain();
    for (auto& t : threads) t.join();
    drain();
    CHECK(received == long{producers} * per_producer);
    int wrong = 0;
    for (const auto& s : seen)
        for (int n : s) wrong += n != 1;
    CHECK(wrong == 0);
    CHECK(inbox.empty());
}

TEST_CASE("termination: token passing ends exactly when every token is handled") {
    // A token is one word: its remaining hops. Handling a token with hops > 0
    // sends up to two tokens with one hop less to random workers.
    for (int workers : {1, 2, 3, 5}) {
        CAPTURE(workers);
        Termination termination(workers);
        std::vector<Inbox> inboxes(workers);
        std::vector<std::unique_ptr<BatchPool>> pools;
        for (int w = 0; w < workers; ++w) pools.push_back(std::make_unique<BatchPool>());
        std::atomic<long> created{0}, handled{0};
        std::atomic<bool> early_exit{false};
        // The first token, counted as sent before any worker runs.
        Batch* first = pools[0]->acquire(4);
        first->append(1)[0] = 20;
        termination.sent(1);
        created.fetch_add(1);
        inboxes[0].push(first);

        std::vector<std::thread> threads;
        for (int w = 0; w < workers; ++w) {
            threads.emplace_back([&, w] {
                std::mt19937 rng(w);
                std::vector<Batch*> out(workers, nullptr);
                auto flush = [&](int to) {
                    if (!out[to]) return;
                    termination.sent(out[to]->size(1));  // before the receiver can see them
                    inboxes[to].push(out[to]);
                    out[to] = nullptr;
                };
                bool active = true;
                for (;;) {
                    Batch* b = inboxes[w].take_all();
                    if (b) {
                        if (!active) {
                            active = true;
                            termination.activate();
                        }
                        int64_t n = 0;
                        for (; b;) {
                            Batch* next = b->next;
                            for (int i = 0; i < b->size(1); ++i) {
                                const uint64_t hops = b->record(i, 1)[0];
                                handled.fetch_add(1);
                                ++n;
                                for (uint64_t c = 0; hops > 0 && c < 1 + rng() % 2; ++c) {
                                    const int to = static_cast<int>(rng() % workers);
                                    if (!out[to]) out[to] = pools[w]->acquire(64);
                                    out[to]->append(1)[0] = hops - 1;
                                    created.fetch_add(1);
                                    if (out[to]->size(1) == 64) flush(to);
                                }
                            }
                            b->owner->release(b);
                            b = next;
                        }
                        termination.received(n);
                        continue;
                    }
                    // Nothing to do: flush, go idle, and stop when all are done.
                    for (int to = 0; to < workers; ++to) flush(to);
                    if (active) {
                        active = false;
                        termination.deactivate();
                    }
                    if (termination.done()) {
                        if (!inboxes[w].empty()) early_exit.store(true);
                        break;
                    }
                    std::this_thread::yield();
                }
            });
        }
        for (auto& t : threads) t.join();
        CHECK(handled.load() == created.load());
        CHECK(created.load() > 1000);
        CHECK_FALSE(early_exit.load());
        for (auto& inbox : inboxes) CHECK(inbox.empty());
    }
}
