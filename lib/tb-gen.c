/* SPDX-License-Identifier: MIT */
/* Generation of the tables by retrograde analysis, one material pair at a
 * time, smallest total first. Within one material every turn is a paika
 * (a capture changes the material and so leads into a smaller table that
 * is already solved), which gives two steps:
 *  1. a forward pass: a position without a turn is lost in 0; one with a
 *     capture is solved at once from the smaller tables (every turn
 *     captures, by compulsion); a paika-only position gets a counter of
 *     its turns.
 *  2. levels of increasing distance d: every position decided at d is
 *     taken back by one paika of the side that just moved. A loss at d
 *     makes each predecessor a win at d + 1 (the first is the shortest);
 *     a win at d counts a predecessor's turn down, and the last one makes
 *     it a loss at d + 1 (the longest, since levels go up).
 * What stays open is a draw. Tables (a, b) and (b, a) are solved together
 * since a paika leads from one to the other.
 *
 * Both work on the stored index of the files (tb-index.c), not the full
 * one: a slot per position whose side to move's set is the smallest of
 * its images under the mirrors (its representative), with every placement
 * of the other set. The mirrors keep every value, so a slot's value is
 * that of every image of it, and the files are these arrays as they are.
 * Slots are positions, some equal to others under a mirror (when the
 * representative is symmetric and the other set is not: (R, O) and
 * (R, h(O)) with h(R) = R); such slots are solved each on its own, with
 * the same result.
 *
 * Why the counters count as in the full index (where a paika-only
 * position's counter is its number of turns, and each successor that is
 * found won counts it down once). Let X be a slot with paikas to Y_1..Y_n:
 * distinct positions (a paika is its from and to points), in full, not
 * reduced. Its counter starts at n. Every full position Y has one slot
 * sigma(Y) = tb_stored_index(Y), an image of Y with Y's value, so decided
 * at Y's level. When the levels reach a slot S, retro_chunk() takes each
 * distinct image Y of S (under the four mirrors; a position that is its
 * own image, or equal to another image, is taken once) with sigma(Y) = S,
 * and only those. sigma(Y) is an image of Y, so these are all the Y with
 * sigma(Y) = S: each full position Y is taken exactly once over the
 * whole run, at its level. From Y, retro_position() steps back each piece
 * of the side that moved, giving each full predecessor of Y once, and
 * keeps those that are slots (their side to move's set a representative).
 * So X is counted down once for each i with Y_i won, at the level Y_i is
 * decided, and made a win at d + 1 by the first Y_i lost at d: exactly as
 * the full index does it for the position X, so the slot gets the value
 * the full table gives X. */
#define _POSIX_C_SOURCE 200809L
#include "tb.h"

#include "cpu.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHUNK 8192
/* a counter that never counts down: the position has a capture or no
 * turn, so no paika led into it from a predecessor's view */
#define NOT_PAIKA 255

/* ------------------------------------------------------------------ */
/* Threads                                                             */

typedef struct tb_run {
    tb_chunk_fn fn;
    void *ctx;
    uint64_t total;
    double deadline;
    _Atomic uint64_t next, done;
    atomic_int stop, error;
} tb_run;

double tb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static void halt(tb_run *r, int why)
{
    int none = FAN_OK;
    atomic_compare_exchange_strong(&r->error, &none, why);
    atomic_store(&r->stop, 1);
}

/* Every chunk a thread takes (its begin below next) is done in full unless
 * fn fails: so after a stop or a pause, [0, next) is done and no more. */
static int run_chunks(tb_run *r, int caller, const fan_tb_generate_options *o,
                      uint64_t base, uint64_t units, uint64_t grand_total)
{
    for (;;) {
        if (atomic_load(&r->stop))
            return FAN_OK;
        uint64_t begin = atomic_fetch_add(&r->next, CHUNK);
        if (begin >= r->total)
            return FAN_OK;
        uint64_t end = begin + CHUNK < r->total ? begin + CHUNK : r->total;
        int rc = r->fn(r->ctx, begin, end);
        if (rc != FAN_OK) {
            halt(r, rc);
            return rc;
        }
        uint64_t done = atomic_fetch_add(&r->done, end - begin) + end - begin;
        uint64_t at = base + (uint64_t) ((double) done / (double) r->total *
                                         (double) units);
        if (caller && o->progress && o->progress(o->user, at, grand_total))
            halt(r, FAN_ESTOPPED);
        else if (caller && r->deadline > 0 && tb_now() >= r->deadline)
            halt(r, TB_PAUSED);
    }
}

static void *run_helper(void *arg)
{
    run_chunks(arg, 0, NULL, 0, 0, 0);
    return NULL;
}

int tb_parallel_from(tb_chunk_fn fn, void *ctx, uint64_t total, uint64_t *at,
                     unsigned threads, const fan_tb_generate_options *opts,
                     uint64_t base, uint64_t units, uint64_t grand_total,
                     double deadline)
{
    tb_run r;
    r.fn = fn;
    r.ctx = ctx;
    r.total = total;
    r.deadline = deadline;
    atomic_init(&r.next, *at);
    atomic_init(&r.done, *at);
    atomic_init(&r.stop, 0);
    atomic_init(&r.error, FAN_OK);
    pthread_t tid[FAN_TB_MAX_THREADS];
    unsigned started = 0;
    for (; started + 1 < threads; started++)
        if (pthread_create(&tid[started], NULL, run_helper, &r) != 0)
            break; /* fewer threads do the same work */
    run_chunks(&r, 1, opts, base, units, grand_total);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    uint64_t next = atomic_load(&r.next);
    *at = next < total ? next : total;
    return atomic_load(&r.error);
}

int tb_parallel(tb_chunk_fn fn, void *ctx, uint64_t total, unsigned threads,
                const fan_tb_generate_options *opts, uint64_t base,
                uint64_t units, uint64_t grand_total)
{
    uint64_t at = 0;
    return tb_parallel_from(fn, ctx, total, &at, threads, opts, base, units,
                            grand_total, 0);
}

FAN_API int fan_tb_generate_options_init(fan_tb_generate_options *out)
{
    if (!out)
        return FAN_EINVAL;
    const fan_tb_generate_options d = FAN_TB_GENERATE_OPTIONS_INIT;
    *out = d;
    return FAN_OK;
}

int tb_check_options(fan_tb_generate_options *out,
                     const fan_tb_generate_options *opts)
{
    fan_tb_generate_options_init(out);
    if (opts) {
        if (opts->version != FAN_TB_GENERATE_OPTIONS_VERSION)
            return FAN_EINVAL;
        if (opts->threads > FAN_TB_MAX_THREADS)
            return FAN_ERANGE;
        *out = *opts;
    }
    if (out->threads == 0)
        out->threads = cpu_online(FAN_TB_MAX_THREADS);
    return FAN_OK;
}

/* ------------------------------------------------------------------ */
/* One material pair                                                   */

typedef struct pair {
    const fan_tb *tb; /* the smaller tables, solved */
    int rules, ntab;
    int own[2], opp[2];
    uint64_t entries[2];   /* slots (stored index) */
    uint64_t positions[2]; /* placements (full index): the progress */
    uint8_t *val[2], *cnt[2];
    int level;
    atomic_int maxv; /* the largest entry so far */
} pair;

static void note_entry(pair *p, int v)
{
    int m = atomic_load(&p->maxv);
    while (v > m && !atomic_compare_exchange_weak(&p->maxv, &m, v))
        ;
}

static int forward_chunk(void *ctx, uint64_t begin, uint64_t end)
{
    pair *p = ctx;
    fan_turn turns[TB_TURNS_CAP];
    uint8_t vals[TB_TURNS_CAP];
    for (uint64_t g = begin; g < end; g++) {
        int t = g >= p->entries[0];
        uint64_t i = t ? g - p->entries[0] : g, own, opp;
        tb_stored_unindex(p->tb, i, p->own[t], p->opp[t], &own, &opp);
        int n = tb_turns(turns, TB_TURNS_CAP, own, opp, p->rules);
        if (n < 0)
            return n;
        if (n > 0 && !FAN_TURN_CAPTURED(turns[0])) {
            p->val[t][i] = TB_DRAW;
            p->cnt[t][i] = (uint8_t) n;
            continue;
        }
        for (int k = 0; k < n; k++) {
            uint64_t o2, p2;
            tb_after(&o2, &p2, own, opp, turns[k]);
            int v = tb_lookup(p->tb, p->rules, o2, p2);
            if (v < 0)
                return v;
            vals[k] = (uint8_t) v;
        }
        int v = tb_combine(vals, n);
        if (v < 0)
            return v;
        p->val[t][i] = (uint8_t) v;
        p->cnt[t][i] = NOT_PAIKA;
        note_entry(p, v);
    }
    return FAN_OK;
}

/* The predecessors of a position decided at the current level that are
 * slots: the side that just moved (opp) steps one piece back to an empty
 * neighbour, and the set it then has is its representative. */
static int retro_position(pair *p, int t, uint64_t own, uint64_t opp, int v)
{
    int q = p->ntab == 2 ? !t : t;
    uint8_t *qval = p->val[q], *qcnt = p->cnt[q];
    uint64_t empty = BOARD_MASK & ~(own | opp);
    int next = v + 1;
    if (next > TB_MAX_ENTRY)
        return FAN_ERANGE;
    for (uint64_t m = opp; m; m &= m - 1) {
        int y = board_lsb(m);
        for (uint64_t e = board_adjacent[y] & empty; e; e &= e - 1) {
            int x = board_lsb(e);
            uint64_t mover = opp ^ BIT(y) ^ BIT(x);
            uint64_t qi = tb_stored_index_if_rep(p->tb, mover, own);
            if (qi == TB_NOT_REP)
                continue;
            /* relaxed atomics: other threads count the same bytes down */
            if (__atomic_load_n(&qcnt[qi], __ATOMIC_RELAXED) == NOT_PAIKA ||
                __atomic_load_n(&qval[qi], __ATOMIC_RELAXED))
                continue;
            if (TB_IS_LOSS(v)) {
                uint8_t none = TB_DRAW;
                if (__atomic_compare_exchange_n(
                        &qval[qi], &none, (uint8_t) next, 0, __ATOMIC_RELAXED,
                        __ATOMIC_RELAXED))
                    note_entry(p, next);
            } else if (__atomic_sub_fetch(&qcnt[qi], 1, __ATOMIC_RELAXED) ==
                       0) {
                __atomic_store_n(&qval[qi], (uint8_t) next, __ATOMIC_RELAXED);
                note_entry(p, next);
            }
        }
    }
    return FAN_OK;
}

static int retro_chunk(void *ctx, uint64_t begin, uint64_t end)
{
    pair *p = ctx;
    uint8_t want = (uint8_t) (p->level + 1);
    for (uint64_t g = begin; g < end; g++) {
        int t = g >= p->entries[0];
        uint64_t i = t ? g - p->entries[0] : g, own, opp;
        if (__atomic_load_n(&p->val[t][i], __ATOMIC_RELAXED) != want)
            continue;
        tb_stored_unindex(p->tb, i, p->own[t], p->opp[t], &own, &opp);
        /* the distinct images of the slot that map to it (see the top) */
        uint64_t io[4], ip[4];
        for (int h = 0; h < 4; h++) {
            io[h] = tb_mirror_set(own, h);
            ip[h] = tb_mirror_set(opp, h);
            int again = 0;
            for (int j = 0; j < h; j++)
                again |= io[j] == io[h] && ip[j] == ip[h];
            if (again || (h && tb_stored_index(p->tb, io[h], ip[h]) != i))
                continue;
            int rc = retro_position(p, t, io[h], ip[h], want);
            if (rc != FAN_OK)
                return rc;
        }
    }
    return FAN_OK;
}

/* The first (smallest full index) of the positions of table t whose entry
 * is v: the first slot that holds v. The full index orders positions by
 * the side to move's set, then the other set, each by colex rank, which
 * is the order of the masks. The first position with v has a
 * representative set (its representative's image would come first, with
 * the same value), so it is a slot; and the slots are in that order. */
static void first_with(uint64_t *own, uint64_t *opp, const pair *p, int t,
                       int v)
{
    uint64_t i = 0;
    while (p->val[t][i] != v)
        i++;
    tb_stored_unindex(p->tb, i, p->own[t], p->opp[t], own, opp);
}

/* The counts of the full table: a slot stands for as many placements as
 * its representative has images. */
static void summarise(fan_tb_info *info, const pair *p, int t)
{
    fan_tb_info_init(info);
    info->rules = p->rules;
    info->own_pieces = (uint32_t) p->own[t];
    info->other_pieces = (uint32_t) p->opp[t];
    info->positions = p->positions[t];
    const fan_tb *tb = p->tb;
    int a = p->own[t];
    uint64_t per = tb->binom.c[BOARD_SQUARES - a][p->opp[t]];
    const uint8_t *v = p->val[t];
    int longest = 0; /* the entry of the longest win */
    for (uint64_t r = 0; r < tb->nreps[a]; r++) {
        uint64_t w = (uint64_t) tb_orbit_size(tb->reps[a][r]);
        for (uint64_t i = r * per; i < (r + 1) * per; i++) {
            int x = v[i];
            if (x == TB_DRAW)
                info->draws += w;
            else if (TB_IS_LOSS(x)) {
                info->losses += w;
                if ((uint32_t) TB_DIST(x) > info->longest_loss)
                    info->longest_loss = (uint32_t) TB_DIST(x);
            } else {
                info->wins += w;
                if (x > longest)
                    longest = x;
            }
        }
    }
    if (longest) {
        info->longest_win = (uint32_t) TB_DIST(longest);
        first_with(&info->example_white, &info->example_black, p, t,
                   longest);
    }
}

typedef struct gen_run {
    const fan_tb_generate_options *o;
    const char *dir;
    uint64_t base, grand_total; /* the progress */
    unsigned interval;          /* seconds between checkpoints */
} gen_run;

static tb_ckpt state_of(pair *p, int phase, uint64_t at)
{
    tb_ckpt c;
    c.rules = p->rules;
    c.own = p->own[0];
    c.opp = p->opp[0];
    c.ntab = p->ntab;
    for (int t = 0; t < 2; t++) {
        c.entries[t] = p->entries[t];
        c.positions[t] = p->positions[t];
        c.val[t] = p->val[t];
        c.cnt[t] = p->cnt[t];
    }
    c.phase = phase;
    c.level = p->level;
    c.maxv = atomic_load(&p->maxv);
    c.at = at;
    return c;
}

/* The forward pass (phase 0), then the levels (phase 1), each a pass over
 * all entries, from a checkpoint when there is one; a checkpoint when a
 * pass pauses or stops, or at a pass's end once the interval is over. */
static int solve_pair(pair *p, gen_run *g)
{
    const fan_tb_generate_options *o = g->o;
    uint64_t all = p->entries[0] + (p->ntab == 2 ? p->entries[1] : 0);
    /* the progress counts placements, as fan_tb_generate() promises */
    uint64_t full = p->positions[0] + (p->ntab == 2 ? p->positions[1] : 0);
    tb_ckpt c = state_of(p, 0, 0);
    int phase = 0, dirty = 0, rc = FAN_OK;
    uint64_t at = 0;
    int loaded = tb_ckpt_load(g->dir, &c);
    if (loaded < 0)
        return loaded; /* of another format version: kept, not misread */
    if (loaded == 1) {
        phase = c.phase;
        at = c.at;
        p->level = c.level;
        atomic_store(&p->maxv, c.maxv);
    }
    double last = tb_now();
    for (;;) {
        if (at == all) {
            p->level = phase ? p->level + 1 : 0;
            phase = 1;
            at = 0;
        }
        if (phase && p->level + 1 > atomic_load(&p->maxv))
            break;
        if (dirty && tb_now() - last >= g->interval) {
            c = state_of(p, phase, at);
            if ((rc = tb_ckpt_save(g->dir, &c)) != FAN_OK)
                return rc;
            last = tb_now();
            dirty = 0;
        }
        /* the number of levels is not known in advance: the progress of
         * the second half creeps towards its end */
        uint64_t base = g->base;
        if (phase)
            base += full +
                    full * (uint64_t) p->level / (uint64_t) (p->level + 16);
        rc = tb_parallel_from(phase ? retro_chunk : forward_chunk, p, all, &at,
                              o->threads, o, base, phase ? 0 : full,
                              g->grand_total,
                              g->interval ? last + g->interval : 0);
        dirty = 1;
        if (rc == TB_PAUSED || rc == FAN_ESTOPPED) {
            c = state_of(p, phase, at);
            int w = tb_ckpt_save(g->dir, &c);
            if (w != FAN_OK || rc == FAN_ESTOPPED)
                return w != FAN_OK ? w : rc;
            last = tb_now();
            dirty = 0;
        } else if (rc != FAN_OK)
            return rc;
    }
    g->base += 2 * full;
    for (int t = 0; t < p->ntab && rc == FAN_OK; t++) {
        fan_tb_info info;
        summarise(&info, p, t);
        rc = tb_write(p->tb, g->dir, &info, p->val[t]);
    }
    if (rc == FAN_OK)
        tb_ckpt_remove(g->dir, p->rules, p->own[0], p->opp[0]);
    return rc;
}

static int generate(fan_tb *tb, int rules, int max_pieces, gen_run *g)
{
    for (int n = 2; n <= max_pieces; n++)
        for (int a = 1; a < n; a++)
            if (!tb->table[rules][a][n - a])
                g->grand_total += 2 * tb_entries(&tb->binom, a, n - a);
    for (int n = 2; n <= max_pieces; n++) {
        for (int a = 1; 2 * a <= n; a++) {
            int b = n - a;
            if (tb->table[rules][a][b] && tb->table[rules][b][a]) {
                /* left by a run killed after its tables were written */
                tb_ckpt_remove(g->dir, rules, a, b);
                continue;
            }
            pair p;
            memset(&p, 0, sizeof p);
            p.tb = tb;
            p.rules = rules;
            p.ntab = a == b ? 1 : 2;
            p.own[0] = p.opp[1] = a;
            p.opp[0] = p.own[1] = b;
            atomic_init(&p.maxv, 0);
            int rc = tb_reps_build(tb, a);
            if (rc == FAN_OK)
                rc = tb_reps_build(tb, b);
            for (int t = 0; t < p.ntab && rc == FAN_OK; t++) {
                p.positions[t] = tb_entries(&tb->binom, p.own[t], p.opp[t]);
                p.entries[t] = tb_stored(tb, p.own[t], p.opp[t]);
                /* zeroed (by the system, for large ones): a checkpoint in
                 * the forward pass writes what it has not reached yet */
                p.val[t] = calloc(1, (size_t) p.entries[t]);
                p.cnt[t] = calloc(1, (size_t) p.entries[t]);
                if (!p.val[t] || !p.cnt[t])
                    rc = FAN_ENOMEM;
            }
            if (rc == FAN_OK)
                rc = solve_pair(&p, g);
            for (int t = 0; t < p.ntab; t++) {
                free(p.val[t]);
                free(p.cnt[t]);
            }
            for (int t = 0; t < p.ntab && rc == FAN_OK; t++) {
                /* a file kept from before stays; the new one is mapped */
                if (!tb->table[rules][p.own[t]][p.opp[t]])
                    rc = tb_load(tb, g->dir, rules, p.own[t], p.opp[t]);
            }
            if (rc != FAN_OK)
                return rc;
        }
    }
    return FAN_OK;
}

int tb_generate(const char *dir, int rules, int max_pieces,
                const fan_tb_generate_options *opts, unsigned interval)
{
    fan_tb_generate_options o;
    if (!dir || (rules != FAN_RULES_STOP && rules != FAN_RULES_MUST))
        return FAN_EINVAL;
    int rc = tb_check_options(&o, opts);
    if (rc != FAN_OK)
        return rc;
    if (max_pieces < 2 || max_pieces > TB_MAXP)
        return FAN_ERANGE;
    fan_tb *tb = calloc(1, sizeof *tb);
    if (!tb)
        return FAN_ENOMEM;
    tb_binom_init(&tb->binom);
    /* the tables already there (of this ruleset) are used, not redone */
    for (int n = 2; n <= max_pieces && rc == FAN_OK; n++)
        for (int a = 1; a < n && rc == FAN_OK; a++) {
            rc = tb_load(tb, dir, rules, a, n - a);
            if (rc == FAN_ENOTABLE)
                rc = FAN_OK;
        }
    gen_run g = {&o, dir, 0, 0, interval};
    if (rc == FAN_OK)
        rc = generate(tb, rules, max_pieces, &g);
    fan_tb_close(tb);
    return rc;
}

FAN_API int fan_tb_generate(const char *dir, int rules, int max_pieces,
                            const fan_tb_generate_options *opts)
{
    return tb_generate(dir, rules, max_pieces, opts, TB_CHECKPOINT_SECONDS);
}
