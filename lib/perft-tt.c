/* SPDX-License-Identifier: MIT */
/* The table of counts of fan_perft_ex(): exact keys under a seqlock, so
 * that the threads share it without locks (perft.h). Compiled once: the
 * counting engine calls it only at nodes of depth TT_MIN_DEPTH or more. */
#include "perft.h"

static perft_tt_entry *perft_tt_bucket(const perft_tt *t, uint64_t own,
                                       uint64_t opp, unsigned depth)
{
    return &t->entries[2 * (board_hash(own, opp, (int)depth) & t->mask)];
}

int perft_tt_probe(const perft_tt *t, uint64_t own, uint64_t opp,
                   unsigned depth, uint64_t *count)
{
    perft_tt_entry *b = perft_tt_bucket(t, own, opp, depth);
    uint64_t key = TT_KEY(own, depth);
    for (int i = 0; i < 2; i++) {
        uint64_t s1 = atomic_load_explicit(&b[i].seq, memory_order_acquire);
        if (s1 & 1)
            continue;
        uint64_t k = atomic_load_explicit(&b[i].key, memory_order_relaxed);
        uint64_t o = atomic_load_explicit(&b[i].opp, memory_order_relaxed);
        uint64_t n = atomic_load_explicit(&b[i].count, memory_order_relaxed);
        atomic_thread_fence(memory_order_acquire);
        uint64_t s2 = atomic_load_explicit(&b[i].seq, memory_order_relaxed);
        if (s1 == s2 && k == key && o == opp) {
            *count = n;
            return 1;
        }
    }
    return 0;
}

void perft_tt_store(const perft_tt *t, uint64_t own, uint64_t opp,
                    unsigned depth, uint64_t count)
{
    perft_tt_entry *b = perft_tt_bucket(t, own, opp, depth);
    uint64_t old = atomic_load_explicit(&b[0].key, memory_order_relaxed);
    perft_tt_entry *e = (old >> 45) <= depth ? &b[0] : &b[1];
    uint64_t s = atomic_load_explicit(&e->seq, memory_order_relaxed);
    /* A busy entry is simply not written: storing is optional. */
    if ((s & 1) ||
        !atomic_compare_exchange_strong_explicit(&e->seq, &s, s + 1,
                                                 memory_order_relaxed,
                                                 memory_order_relaxed))
        return;
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&e->key, TT_KEY(own, depth), memory_order_relaxed);
    atomic_store_explicit(&e->opp, opp, memory_order_relaxed);
    atomic_store_explicit(&e->count, count, memory_order_relaxed);
    atomic_store_explicit(&e->seq, s + 2, memory_order_release);
}

