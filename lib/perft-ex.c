/* SPDX-License-Identifier: MIT */
/* fan_perft_ex(): perft with a table of counts owned by the call and with
 * threads. The threads share out a list of boards a few plies deep (equal
 * boards merged, with the number of turn sequences that reach them as a
 * weight) and the table, which is safe to share without locks (perft.h). */
#define _POSIX_C_SOURCE 200809L
#include "perft.h"
#include "cpu.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct work_item {
    uint64_t own, opp; /* own = side to move */
    uint64_t weight;   /* number of turn sequences leading to it */
} work_item;

typedef struct work_list {
    work_item *items;
    size_t n, cap;
} work_list;

static int work_push(work_list *l, uint64_t own, uint64_t opp, uint64_t w)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        work_item *p = realloc(l->items, cap * sizeof *p);
        if (!p)
            return FAN_ENOMEM;
        l->items = p;
        l->cap = cap;
    }
    l->items[l->n++] = (work_item){own, opp, w};
    return FAN_OK;
}

static int item_cmp(const void *a, const void *b)
{
    const work_item *x = a, *y = b;
    if (x->own != y->own)
        return x->own < y->own ? -1 : 1;
    if (x->opp != y->opp)
        return x->opp < y->opp ? -1 : 1;
    return 0;
}

/* Appends the children of state c (weight w) to out. */
static int expand_state(work_list *out, const mg_chain *c, int rules,
                        int unique, uint64_t w)
{
    const mg_state *s = &c->st;
    if (!mg_in_chain(s) && (!s->own || !s->opp))
        return FAN_OK;
    turn_list tl;
    int r = turn_list_build(&tl, c, rules,
                            unique ? TURN_LIST_UNIQUE : TURN_LIST_PATHS);
    if (r != FAN_OK)
        return r;
    uint64_t own0, opp0;
    mg_turn_start_board(s, &own0, &opp0);
    for (size_t i = 0; i < tl.n && r == FAN_OK; i++) {
        uint64_t own, opp;
        mg_board_after(&own, &opp, own0, opp0, tl.turns[i]);
        r = work_push(out, opp, own, w);
    }
    turn_list_free(&tl);
    return r;
}

/* Merges equal boards (summing weights). */
static void merge_items(work_list *l)
{
    if (l->n < 2)
        return;
    qsort(l->items, l->n, sizeof *l->items, item_cmp);
    size_t k = 0;
    for (size_t i = 1; i < l->n; i++) {
        if (item_cmp(&l->items[k], &l->items[i]) == 0)
            l->items[k].weight += l->items[i].weight;
        else
            l->items[++k] = l->items[i];
    }
    l->n = k + 1;
}

typedef struct work_shared {
    const work_item *items;
    size_t n;
    _Atomic size_t next;
    unsigned depth;
    int unique;
    perft_ctx ctx;
} work_shared;

typedef struct perft_worker {
    work_shared *sh;
    uint64_t sum;
    pthread_t thread;
} perft_worker;

static void *worker_main(void *arg)
{
    perft_worker *wk = arg;
    work_shared *sh = wk->sh;
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&sh->next, 1,
                                             memory_order_relaxed);
        if (i >= sh->n)
            break;
        const work_item *it = &sh->items[i];
        uint64_t n = perft_board(&sh->ctx, it->own, it->opp, sh->depth,
                                 sh->unique);
        wk->sum += it->weight * n;
    }
    return NULL;
}

/* Items per thread wanted before the threads start: enough that the
 * uneven sizes of subtrees even out. At least ITEMS_MIN whatever the
 * number of threads, so that 1 and 2 threads split the tree at the same
 * ply (equal boards merge more the deeper the split) and their ratio
 * measures the threads alone. */
#define ITEMS_PER_THREAD 32
#define ITEMS_MIN 256

static int perft_threaded(uint64_t *out, const fan_position *pos,
                          unsigned depth, int unique, unsigned threads,
                          const perft_tt *tt)
{
    work_list cur = {0}, next = {0};
    int r = expand_state(&cur, &pos->cur, pos->rules, unique, 1);
    depth--;
    size_t want = (size_t)ITEMS_PER_THREAD * threads;
    if (want < ITEMS_MIN)
        want = ITEMS_MIN;
    while (r == FAN_OK && depth > 0 && cur.n < want) {
        merge_items(&cur);
        next.n = 0;
        for (size_t i = 0; i < cur.n && r == FAN_OK; i++) {
            mg_chain s;
            mg_chain_start(&s, cur.items[i].own, cur.items[i].opp);
            r = expand_state(&next, &s, pos->rules, unique,
                             cur.items[i].weight);
        }
        work_list t = cur;
        cur = next;
        next = t;
        depth--;
    }
    free(next.items);
    if (r != FAN_OK) {
        free(cur.items);
        return r;
    }
    merge_items(&cur);
    uint64_t total = 0;
    if (depth == 0) {
        for (size_t i = 0; i < cur.n; i++)
            total += cur.items[i].weight;
    } else {
        work_shared sh = {.items = cur.items, .n = cur.n, .depth = depth,
                          .unique = unique};
        perft_ctx_init(&sh.ctx, pos->rules, tt);
        atomic_init(&sh.next, 0);
        perft_worker *wk = calloc(threads, sizeof *wk);
        if (!wk) {
            free(cur.items);
            return FAN_ENOMEM;
        }
        unsigned started = 1;
        for (unsigned i = 0; i < threads; i++)
            wk[i].sh = &sh;
        /* Threads that cannot be created leave their share to the others. */
        while (started < threads &&
               pthread_create(&wk[started].thread, NULL, worker_main,
                              &wk[started]) == 0)
            started++;
        worker_main(&wk[0]);
        for (unsigned i = 0; i < started; i++) {
            if (i)
                pthread_join(wk[i].thread, NULL);
            total += wk[i].sum;
        }
        free(wk);
    }
    free(cur.items);
    *out = total;
    return FAN_OK;
}

FAN_API int fan_perft_options_init(fan_perft_options *out)
{
    static const fan_perft_options init = FAN_PERFT_OPTIONS_INIT;
    if (!out)
        return FAN_EINVAL;
    *out = init;
    return FAN_OK;
}

FAN_API int fan_perft_ex(uint64_t *out, const fan_position *pos,
                         unsigned depth, int count_kind,
                         const fan_perft_options *opts)
{
    static const fan_perft_options defaults = FAN_PERFT_OPTIONS_INIT;
    int r = out ? perft_check_args(pos, depth, count_kind) : FAN_EINVAL;
    if (r != FAN_OK)
        return r;
    if (!opts)
        opts = &defaults;
    if (opts->version < 1 || opts->version > FAN_PERFT_OPTIONS_VERSION)
        return FAN_EINVAL;
    if (opts->threads > FAN_PERFT_THREADS_MAX ||
        opts->hash_mib > FAN_PERFT_HASH_MAX_MIB)
        return FAN_ERANGE;
#if SIZE_MAX >> 20 < FAN_PERFT_HASH_MAX_MIB
    if (opts->hash_mib > SIZE_MAX >> 20) /* a small address space */
        return FAN_ERANGE;
#endif
    unsigned threads =
        opts->threads ? opts->threads : cpu_online(FAN_PERFT_THREADS_MAX);
    perft_tt tt = {NULL, 0};
    if (opts->hash_mib) {
        size_t n = ((size_t)opts->hash_mib << 20) / sizeof(perft_tt_entry);
        size_t entries = 2;
        while (entries * 2 <= n)
            entries *= 2;
        tt.entries = calloc(entries, sizeof(perft_tt_entry));
        if (!tt.entries)
            return FAN_ENOMEM;
        tt.mask = entries / 2 - 1;
    }
    int unique = count_kind == FAN_COUNT_UNIQUE;
    /* One thread takes the same way as several (the shared-out list is
     * cheap and its merged boards save work), so that 1 and N threads
     * compare the same algorithm. */
    if (depth < 2) {
        perft_ctx ctx;
        perft_ctx_init(&ctx, pos->rules, tt.entries ? &tt : NULL);
        *out = perft_state(&ctx, &pos->cur.st, depth, unique);
    } else {
        r = perft_threaded(out, pos, depth, unique, threads,
                           tt.entries ? &tt : NULL);
    }
    free(tt.entries);
    return r;
}
