/* SPDX-License-Identifier: MIT */
/* The transposition table: buckets of two entries (one kept by depth, one
 * always replaced), shared by the threads of a search without locks. An
 * entry is three relaxed atomic words; the check word is key ^ move ^ data,
 * so an entry torn by a concurrent write does not verify and reads as a
 * miss. The table belongs to one search handle. */
/* madvise and MADV_HUGEPAGE are not ISO C: ask for them on Linux */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1
#endif
#include "search.h"

#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define TT_HUGE_PAGES 1
#define HUGE_PAGE ((size_t)2 << 20)
#endif

/* data word: score (16 bits, biased), depth (8), bound (2), generation (6) */
#define PACK(score, depth, bound, gen)                                         \
    ((uint64_t)(uint16_t)((score) + 32768) | ((uint64_t)(uint8_t)(depth) << 16) | \
     ((uint64_t)(bound) << 24) | ((uint64_t)((gen) & 63) << 26))
#define D_SCORE(x) ((int)((x) & 0xFFFF) - 32768)
#define D_DEPTH(x) ((int)(((x) >> 16) & 0xFF))
#define D_BOUND(x) ((int)(((x) >> 24) & 3))
#define D_GEN(x) ((int)(((x) >> 26) & 63))

#define LOAD(a) atomic_load_explicit(&(a), memory_order_relaxed)
#define STORE(a, v) atomic_store_explicit(&(a), (v), memory_order_relaxed)

/* The table is a power of two of buckets, as many as fit in mib MiB. Its
 * memory starts at a multiple of 64 (a bucket a cache line); on Linux a
 * table of 2 MiB or more starts at a multiple of 2 MiB and asks for huge
 * pages, so that its random probes miss the address translation cache
 * far less often. */
int tt_init(tt_table *t, size_t mib)
{
    _Static_assert(sizeof(tt_bucket) == 64, "a bucket is a cache line");
    size_t bytes = mib << 20, buckets = 1;
    while (buckets * 2 * sizeof(tt_bucket) <= bytes)
        buckets *= 2;
    size_t size = buckets * sizeof(tt_bucket), align = 64;
#ifdef TT_HUGE_PAGES
    if (size >= HUGE_PAGE)
        align = HUGE_PAGE;
#endif
    tt_bucket *b = aligned_alloc(align, size);
    if (!b)
        return FAN_ENOMEM;
#ifdef TT_HUGE_PAGES
    if (align == HUGE_PAGE)
        (void)madvise(b, size, MADV_HUGEPAGE); /* a hint: may be refused */
#endif
    memset(b, 0, size);
    t->buckets = b;
    t->mask = buckets - 1;
    t->mib = mib;
    t->generation = 0;
    return FAN_OK;
}

void tt_free(tt_table *t)
{
    free(t->buckets);
    t->buckets = NULL;
}

void tt_clear(tt_table *t)
{
    for (uint64_t i = 0; i <= t->mask; i++)
        for (int k = 0; k < 2; k++) {
            STORE(t->buckets[i].slot[k].check, 0);
            STORE(t->buckets[i].slot[k].move, 0);
            STORE(t->buckets[i].slot[k].data, 0);
        }
    t->generation = 0;
}

void tt_new_search(tt_table *t)
{
    t->generation = (uint8_t)((t->generation + 1) & 63);
}

static tt_entry *bucket(const tt_table *t, uint64_t key)
{
    return t->buckets[key & t->mask].slot;
}

int tt_probe(const tt_table *t, uint64_t key, tt_hit *out)
{
    tt_entry *b = bucket(t, key);
    for (int i = 0; i < 2; i++) {
        uint64_t move = LOAD(b[i].move), data = LOAD(b[i].data);
        if ((LOAD(b[i].check) ^ move ^ data) != key || !data)
            continue;
        out->move = move;
        out->score = D_SCORE(data);
        out->depth = D_DEPTH(data);
        out->bound = D_BOUND(data);
        return 1;
    }
    return 0;
}

void tt_store(tt_table *t, uint64_t key, fan_turn move, int score, int depth,
              int bound)
{
    tt_entry *b = bucket(t, key);
    uint64_t c0 = LOAD(b[0].check), m0 = LOAD(b[0].move), d0 = LOAD(b[0].data);
    int same0 = (c0 ^ m0 ^ d0) == key;
    tt_entry *e = &b[1];
    /* slot 0 keeps the deepest result of this search; slot 1 takes the
     * rest, and a deep entry that slot 0 gives up moves there */
    if (same0 || !d0 || D_GEN(d0) != t->generation || depth >= D_DEPTH(d0)) {
        e = &b[0];
        if (!same0 && d0 && D_GEN(d0) == t->generation) {
            STORE(b[1].check, c0);
            STORE(b[1].move, m0);
            STORE(b[1].data, d0);
        }
    }
    if (!move) {
        /* keep a known best turn of the same position */
        uint64_t om = LOAD(e->move), od = LOAD(e->data);
        if ((LOAD(e->check) ^ om ^ od) == key)
            move = om;
    }
    if (depth < 0)
        depth = 0;
    uint64_t data = PACK(score, depth, bound, t->generation);
    STORE(e->check, key ^ move ^ data);
    STORE(e->move, move);
    STORE(e->data, data);
}
