/* SPDX-License-Identifier: MIT */
/* Perft: counts complete-turn sequences.
 *
 * A copy-make recursion on two masks (own = side to move, opp) that walks
 * chains in place and allocates nothing. doc/performance.md records the
 * measurements behind the choices below:
 * - the first segments of all pieces come out of whole-board shifts, one
 *   direction at a time (loops unrolled into constant shifts);
 * - a chain goes on from the free neighbours of the active piece; which of
 *   them capture, by approach or by withdrawal, is found for all
 *   directions at once in a window centred on the piece (capture_landings),
 *   not by a branch per neighbour, and once per landing point by the
 *   parent, so that a child that cannot capture costs no call;
 * - at the last ply turns are only counted: first segments that cannot go
 *   on by population counts, chain ends by the walk, which then carries the
 *   blocked points (own pieces and visited points), the enemy pieces, the
 *   square and its capturing steps, nothing else;
 * - the unique count merges the chain ends of one origin in a buffer on
 *   the stack, where a 64-bit hash mask proves most keys new without a
 *   search; one-segment turns never share their effect and skip it;
 * - an optional table of counts (its entries here, its allocation and the
 *   threads of fan_perft_ex in perft-ex.c, its probes in perft-tt.c). */
#include "perft.h"

#include <string.h>

/* The engine below is compiled twice where the build can (lib/meson.build):
 * as it is, and again in perft-count-fast.c with BMI2 and popcnt allowed
 * (FAN_FAST_COPY), where capture_landings uses pext/pdep. Its entry
 * points are perft_state_generic/_fast and perft_board_generic/_fast;
 * perft_ctx_init picks one for the processor (cpu_fast). */
#ifdef FAN_FAST_COPY
#define PERFT_COPY(name) name##_fast
#else
#define PERFT_COPY(name) name##_generic
#endif


#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
#define FAN_POPCNT_DISPATCH 1
#endif

/* Distinct chain ends of one origin kept at once; more are handled by
 * splitting the ends into parts by a hash of their key (see origin_unique).
 * A test build sets it tiny to exercise that path. */
#ifndef FAN_PERFT_ENDS_CAP
#define FAN_PERFT_ENDS_CAP 256
#endif

/* ------------------------------------------------------------------ */
/* Counting                                                            */

/* Nodes below this depth are not looked up: recounting them is cheaper
 * than a likely cache miss. */
#define TT_MIN_DEPTH 2

/* Sum of the population counts of m[0..n-1]: the last ply counts most of
 * its turns this way. The default x86-64 target has no popcount
 * instruction, so where the processor has one a copy compiled for it is
 * used. */
static uint64_t popsum_generic(const uint64_t *m, int n)
{
    uint64_t s = 0;
    for (int i = 0; i < n; i++)
        s += (uint64_t)board_popcount(m[i]);
    return s;
}

#ifdef __POPCNT__
/* A copy compiled with popcnt counts inline. */
#define POPSUM(c, m, n) popsum_generic(m, n)
#else
#define POPSUM(c, m, n) (c)->popsum(m, n)
#endif

#ifdef FAN_POPCNT_DISPATCH
__attribute__((target("popcnt"))) static uint64_t popsum_popcnt(
    const uint64_t *m, int n)
{
    uint64_t s = 0;
    for (int i = 0; i < n; i++)
        s += (uint64_t)__builtin_popcountll(m[i]);
    return s;
}
#endif

#ifndef FAN_FAST_COPY
void perft_ctx_init(perft_ctx *c, int rules, const perft_tt *tt)
{
    c->must = rules == FAN_RULES_MUST;
    c->tt = tt;
    c->fast = 0;
#ifdef FAN_PERFT_FAST
    c->fast = mg_cpu_fast();
#endif
    c->popsum = popsum_generic;
#ifdef FAN_POPCNT_DISPATCH
    if (__builtin_cpu_supports("popcnt"))
        c->popsum = popsum_popcnt;
#endif
}
#endif

#if defined(__GNUC__)
#define FAN_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define FAN_ALWAYS_INLINE inline
#endif

static uint64_t chain_count_stop(uint64_t blk, uint64_t opp, int sq,
                                 uint64_t app, uint64_t wdr);
static uint64_t chain_count_must(uint64_t blk, uint64_t opp, int sq,
                                 uint64_t app, uint64_t wdr);

/* Number of turns that end the chain below this state (the state itself
 * included when the chain may stop here): the last ply, counted only. The
 * caller passes the capturing steps (app, wdr: landing points of the
 * approaches and withdrawals; not both empty). One copy per ruleset.
 *
 * The pieces a segment removes lie on its line, and the points of that
 * line that a next segment could land on or capture from are the one
 * straight on (barred by the direction rule) and the one behind (the
 * visited point the segment came from); so what the piece can capture
 * after a segment does not depend on what the segment removed, and is the
 * same after its approach and after its withdrawal. It is found once, on
 * this board, and a child that cannot capture is a leaf counted here,
 * without its run or a call. */
static FAN_ALWAYS_INLINE uint64_t chain_count_body(int must, uint64_t blk,
                                                   uint64_t opp, int sq,
                                                   uint64_t app, uint64_t wdr)
{
    uint64_t n = 0;
    for (uint64_t caps = app | wdr; caps; caps &= caps - 1) {
        int to = board_lsb(caps);
        uint64_t next = mg_land_after(blk, opp, sq, to);
        int approach = (app >> to) & 1, withdraw = (wdr >> to) & 1;
        uint64_t app2 = 0, wdr2 = 0;
        MG_CAPTURE_LANDINGS_IF(next, opp, to, &app2, &wdr2);
        if (!(app2 | wdr2)) {
            n += (uint64_t)(approach + withdraw);
            continue;
        }
        uint64_t b = blk | BIT(to);
        if (approach) {
            uint64_t o = opp & ~mg_run_approach(sq, to, opp);
            n += must ? chain_count_must(b, o, to, app2, wdr2)
                      : chain_count_stop(b, o, to, app2, wdr2);
        }
        if (withdraw) {
            uint64_t o = opp & ~mg_run_withdrawal(sq, to, opp);
            n += must ? chain_count_must(b, o, to, app2, wdr2)
                      : chain_count_stop(b, o, to, app2, wdr2);
        }
    }
    return must ? n : n + 1;
}

static uint64_t chain_count_stop(uint64_t blk, uint64_t opp, int sq,
                                 uint64_t app, uint64_t wdr)
{
    return chain_count_body(0, blk, opp, sq, app, wdr);
}

static uint64_t chain_count_must(uint64_t blk, uint64_t opp, int sq,
                                 uint64_t app, uint64_t wdr)
{
    return chain_count_body(1, blk, opp, sq, app, wdr);
}

/* Turns below a chain state with the free landing points land. */
static inline uint64_t chain_count(int must, uint64_t blk, uint64_t opp,
                                   int sq, uint64_t land)
{
    uint64_t app, wdr;
    mg_capture_landings(opp, sq, land, &app, &wdr);
    if (!(app | wdr))
        return 1;
    return must ? chain_count_must(blk, opp, sq, app, wdr)
                : chain_count_stop(blk, opp, sq, app, wdr);
}

static uint64_t paths_node(const perft_ctx *c, uint64_t own, uint64_t opp,
                           unsigned depth);
static uint64_t unique_node(const perft_ctx *c, uint64_t own, uint64_t opp,
                            unsigned depth);

/* Paths count below a chain state (depth >= 2), given the free landing
 * points of the piece on sq (land); visited holds the points the chain has
 * been on. */
static uint64_t chain_paths(const perft_ctx *c, uint64_t own, uint64_t opp,
                            uint64_t visited, int sq, uint64_t land,
                            unsigned depth)
{
    uint64_t n = 0, app, wdr;
    mg_capture_landings(opp, sq, land, &app, &wdr);
    for (uint64_t caps = app | wdr; caps; caps &= caps - 1) {
        int to = board_lsb(caps);
        uint64_t next = mg_land_after(own | visited, opp, sq, to);
        uint64_t moved = own ^ BIT(sq) ^ BIT(to), vis = visited | BIT(to);
        if ((app >> to) & 1)
            n += chain_paths(c, moved,
                             opp & ~mg_run_approach(sq, to, opp),
                             vis, to, next, depth);
        if ((wdr >> to) & 1)
            n += chain_paths(c, moved,
                             opp & ~mg_run_withdrawal(sq, to, opp),
                             vis, to, next, depth);
    }
    if (!c->must || !(app | wdr))
        n += paths_node(c, opp, own, depth - 1);
    return n;
}

/* Every paika of own: leaves at depth 1, else the subtrees. */
static uint64_t paikas(const perft_ctx *c, uint64_t own, uint64_t opp,
                       unsigned depth, int unique)
{
    uint64_t n = 0;
    if (depth == 1) {
        uint64_t movers[NDIRS];
        MG_UNROLL_DIRS
        for (int d = 0; d < NDIRS; d++)
            movers[d] = mg_paika_movers(own, opp, d);
        return POPSUM(c, movers, NDIRS);
    }
    MG_UNROLL_DIRS
    for (int d = 0; d < NDIRS; d++) {
        uint64_t movers = mg_paika_movers(own, opp, d);
        for (; movers; movers &= movers - 1) {
            int s = board_lsb(movers);
            uint64_t child = own ^ BIT(s) ^ BIT(s + board_delta[d]);
            n += unique ? unique_node(c, opp, child, depth - 1)
                        : paths_node(c, opp, child, depth - 1);
        }
    }
    return n;
}

/* The chain below the first segment s -> s + delta(d) that removes run. */
static inline uint64_t first_chain_paths(const perft_ctx *c, uint64_t own,
                                         uint64_t opp, int s, int d,
                                         uint64_t run, unsigned depth)
{
    int to = s + board_delta[d];
    uint64_t blk = own | BIT(to), left = opp & ~run;
    if (depth == 1)
        return chain_count(c->must, blk, left, to,
                           mg_land(blk, left, to, d));
    return chain_paths(c, own ^ BIT(s) ^ BIT(to), left, BIT(s) | BIT(to), to,
                       mg_land(blk, left, to, d), depth);
}

/* Paths count of a position where own can capture. At the last ply the
 * first segments that cannot go on are counted by population counts. */
static uint64_t paths_captures(const perft_ctx *c, uint64_t own, uint64_t opp,
                               const mg_first *f, unsigned depth)
{
    uint64_t n = 0, cont[NDIRS], ends[2 * NDIRS];
    if (depth == 1) {
        mg_continuing(cont, f);
        MG_UNROLL_DIRS
        for (int d = 0; d < NDIRS; d++) {
            ends[2 * d] = f->appr[d] & ~cont[d];
            ends[2 * d + 1] = f->wdr[d] & ~cont[d];
        }
        n = POPSUM(c, ends, 2 * NDIRS);
    }
    MG_UNROLL_DIRS
    for (int d = 0; d < NDIRS; d++) {
        uint64_t approach = f->appr[d], withdraw = f->wdr[d];
        if (depth == 1) {
            approach &= cont[d];
            withdraw &= cont[d];
        }
        for (; approach; approach &= approach - 1) {
            int s = board_lsb(approach), to = s + board_delta[d];
            n += first_chain_paths(c, own, opp, s, d,
                                   mg_ray_run(to, d, opp),
                                   depth);
        }
        for (; withdraw; withdraw &= withdraw - 1) {
            int s = board_lsb(withdraw);
            n += first_chain_paths(c, own, opp, s, d,
                                   mg_ray_run(s, DIR_OPPOSITE(d), opp),
                                   depth);
        }
    }
    return n;
}

static uint64_t paths_node(const perft_ctx *c, uint64_t own, uint64_t opp,
                           unsigned depth)
{
    if (!own || !opp)
        return 0;
    uint64_t n;
    int hashed = c->tt && depth >= TT_MIN_DEPTH;
    if (hashed && perft_tt_probe(c->tt, own, opp, depth, &n))
        return n;
    mg_first f;
    if (mg_first_segments(&f, own, opp))
        n = paths_captures(c, own, opp, &f, depth);
    else
        n = paikas(c, own, opp, depth, 0);
    if (hashed)
        perft_tt_store(c->tt, own, opp, depth, n);
    return n;
}

/* The distinct ends (destination, captured set) of the chains of one
 * origin. Only keys whose hash has the top 'bits' bits equal to 'part' are
 * kept (all when bits == 0); see origin_unique. */
typedef struct end_set {
    uint64_t opp0;  /* enemy pieces at the start of the turn */
    uint64_t seen[4]; /* bit (hash of key) % 256 of every kept key */
    unsigned n;
    int overflow;
    unsigned bits;
    uint64_t part;
    uint64_t keys[FAN_PERFT_ENDS_CAP]; /* captured | destination << 45 */
} end_set;

/* odd, so that key -> key * END_MIX is a bijection of 64-bit words */
#define END_MIX 0x9E3779B97F4A7C15ull

/* A chain ends on 'to' with the enemy pieces 'opp' left. Distinct paths
 * with the same effect are rare, so a key is nearly always new: the 'seen'
 * mask (one bit per key, chosen by a hash) proves most of them new without
 * a search. A mask of destinations did not: approach and withdrawal by the
 * same step share their destination. */
static inline void add_end(end_set *e, int to, uint64_t opp)
{
    uint64_t key = (e->opp0 & ~opp) | (uint64_t)to << 45, h = key * END_MIX;
    if (e->bits && h >> (64 - e->bits) != e->part)
        return;
    /* not the part bits */
    uint64_t bit = (uint64_t)1 << ((h >> 40) & 63),
             *word = &e->seen[(h >> 46) & 3];
    if (*word & bit) {
        for (unsigned i = 0; i < e->n; i++)
            if (e->keys[i] == key)
                return;
    }
    if (e->n == FAN_PERFT_ENDS_CAP) {
        e->overflow = 1;
        return;
    }
    *word |= bit;
    e->keys[e->n++] = key;
}

static void chain_ends_stop(end_set *e, uint64_t blk, uint64_t opp, int sq,
                            uint64_t app, uint64_t wdr);
static void chain_ends_must(end_set *e, uint64_t blk, uint64_t opp, int sq,
                            uint64_t app, uint64_t wdr);

/* The chain after a segment to 'to' that left the enemy pieces o: an end
 * when it cannot go on (app2 | wdr2 empty), else the chains below. */
static FAN_ALWAYS_INLINE void end_or_chain(int must, end_set *e, uint64_t b,
                                           uint64_t o, int to, uint64_t app2,
                                           uint64_t wdr2)
{
    if (!(app2 | wdr2))
        add_end(e, to, o);
    else if (must)
        chain_ends_must(e, b, o, to, app2, wdr2);
    else
        chain_ends_stop(e, b, o, to, app2, wdr2);
}

/* The capturing steps from sq (app, wdr) as in chain_count, each chain end
 * going to e. A full buffer is only noted by add_end: the walk goes on
 * (the overflow is rare), which keeps a test out of every call. */
static FAN_ALWAYS_INLINE void segment_ends(int must, end_set *e, uint64_t blk,
                                           uint64_t opp, int sq, uint64_t app,
                                           uint64_t wdr)
{
    for (uint64_t caps = app | wdr; caps; caps &= caps - 1) {
        int to = board_lsb(caps);
        uint64_t next = mg_land_after(blk, opp, sq, to);
        uint64_t b = blk | BIT(to), app2 = 0, wdr2 = 0;
        MG_CAPTURE_LANDINGS_IF(next, opp, to, &app2, &wdr2);
        if ((app >> to) & 1)
            end_or_chain(must, e, b, opp & ~mg_run_approach(sq, to, opp), to,
                         app2, wdr2);
        if ((wdr >> to) & 1)
            end_or_chain(must, e, b, opp & ~mg_run_withdrawal(sq, to, opp),
                         to, app2, wdr2);
    }
}

/* A chain state that can go on (app | wdr not empty). */
static void chain_ends_stop(end_set *e, uint64_t blk, uint64_t opp, int sq,
                            uint64_t app, uint64_t wdr)
{
    segment_ends(0, e, blk, opp, sq, app, wdr);
    add_end(e, sq, opp);
}

static void chain_ends_must(end_set *e, uint64_t blk, uint64_t opp, int sq,
                            uint64_t app, uint64_t wdr)
{
    segment_ends(1, e, blk, opp, sq, app, wdr);
}

/* A turn of one origin, from its start (fresh) or from a chain state. */
typedef struct origin_walk {
    uint64_t own0, opp0; /* the board at the start of the turn */
    int origin;
    int fresh;           /* no segment played yet (sq == origin) */
    uint64_t blk, opp;   /* chain state: own pieces + visited, enemies */
    int sq, lastdir;
} origin_walk;

/* The turn that ends on 'to' with the enemy pieces 'opp' left, and what
 * follows it. */
static inline uint64_t turn_below(const perft_ctx *c, const origin_walk *w,
                                  int to, uint64_t opp, unsigned depth)
{
    if (depth == 1)
        return 1;
    return unique_node(c, opp, (w->own0 & ~BIT(w->origin)) | BIT(to),
                       depth - 1);
}

/* Walks the turns of w into e. A turn of one segment has an effect that
 * no other turn of its origin has: each segment removes pieces on its own
 * line only, the line of a first segment in another direction meets that
 * line only at the origin, and one that goes on from the same landing
 * point cannot come back to it (tests/test-perft-lemma.c also checks it
 * on every board where it could fail). So one-segment turns skip the set
 * and are counted here (when 'singles' is set) with what follows them. */
static uint64_t collect_ends(const perft_ctx *c, end_set *e,
                             const origin_walk *w, unsigned depth,
                             int singles)
{
    uint64_t n = 0, blk = w->blk, opp = w->opp;
    int sq = w->sq;
    uint64_t app, wdr;
    if (!w->fresh) {
        mg_capture_landings(opp, sq, mg_land(blk, opp, sq, w->lastdir), &app,
                         &wdr);
        if (!(app | wdr))
            add_end(e, sq, opp);
        else if (c->must)
            chain_ends_must(e, blk, opp, sq, app, wdr);
        else
            chain_ends_stop(e, blk, opp, sq, app, wdr);
        return 0;
    }
    mg_capture_landings(opp, sq, mg_land(blk, opp, sq, NDIRS), &app, &wdr);
    for (uint64_t caps = app | wdr; caps; caps &= caps - 1) {
        int to = board_lsb(caps);
        uint64_t next = mg_land_after(blk, opp, sq, to);
        uint64_t b = blk | BIT(to), app2 = 0, wdr2 = 0;
        MG_CAPTURE_LANDINGS_IF(next, opp, to, &app2, &wdr2);
        int more = (app2 | wdr2) != 0;
        for (int kind = 0; kind < 2; kind++) {
            if (!(((kind ? wdr : app) >> to) & 1))
                continue;
            uint64_t run = kind ? mg_run_withdrawal(sq, to, opp)
                                : mg_run_approach(sq, to, opp);
            uint64_t o = opp & ~run;
            if (more && c->must)
                segment_ends(1, e, b, o, to, app2, wdr2);
            else if (more)
                segment_ends(0, e, b, o, to, app2, wdr2);
            if (singles && (!more || !c->must))
                n += turn_below(c, w, to, o, depth);
        }
    }
    return n;
}

/* Unique count of the turns of one origin and what follows them, for the
 * ends whose hash has the top 'bits' bits equal to 'part'. When the buffer
 * overflows, the ends are split into two parts by one more bit of their
 * hash and each part is walked again: the mix is a bijection, so at 64
 * bits every part holds at most one key, and the recursion ends. */
static uint64_t origin_unique(const perft_ctx *c, const origin_walk *w,
                              unsigned depth, unsigned bits, uint64_t part)
{
    end_set e;
    e.opp0 = w->opp0;
    memset(e.seen, 0, sizeof e.seen);
    e.n = 0;
    e.overflow = 0;
    e.bits = bits;
    e.part = part;
    uint64_t n = collect_ends(c, &e, w, depth, bits == 0);
    if (e.overflow)
        return n + origin_unique(c, w, depth, bits + 1, part << 1) +
               origin_unique(c, w, depth, bits + 1, (part << 1) | 1);
    if (depth == 1)
        return n + e.n;
    for (unsigned i = 0; i < e.n; i++)
        n += turn_below(c, w, (int)(e.keys[i] >> 45),
                        w->opp0 & ~(e.keys[i] & BOARD_MASK), depth);
    return n;
}

static uint64_t unique_node(const perft_ctx *c, uint64_t own, uint64_t opp,
                            unsigned depth)
{
    if (!own || !opp)
        return 0;
    uint64_t n = 0;
    int hashed = c->tt && depth >= TT_MIN_DEPTH;
    if (hashed && perft_tt_probe(c->tt, own, opp, depth, &n))
        return n;
    mg_first f;
    uint64_t capturers = mg_first_segments(&f, own, opp);
    if (!capturers) {
        n = paikas(c, own, opp, depth, 1);
    } else {
        if (depth == 1) {
            /* A piece none of whose first segments can go on has as many
             * turns as segments: their effects differ by destination or,
             * for the two kinds of one step, by the (disjoint) runs. */
            uint64_t cont[NDIRS], walk = 0, ends[2 * NDIRS];
            mg_continuing(cont, &f);
            MG_UNROLL_DIRS
            for (int d = 0; d < NDIRS; d++)
                walk |= (f.appr[d] | f.wdr[d]) & cont[d];
            MG_UNROLL_DIRS
            for (int d = 0; d < NDIRS; d++) {
                ends[2 * d] = f.appr[d] & ~walk;
                ends[2 * d + 1] = f.wdr[d] & ~walk;
            }
            n = POPSUM(c, ends, 2 * NDIRS);
            capturers = walk;
        }
        origin_walk w = {.own0 = own, .opp0 = opp, .fresh = 1,
                         .blk = own, .opp = opp, .lastdir = NDIRS};
        for (; capturers; capturers &= capturers - 1) {
            w.origin = w.sq = board_lsb(capturers);
            n += origin_unique(c, &w, depth, 0, 0);
        }
    }
    if (hashed)
        perft_tt_store(c->tt, own, opp, depth, n);
    return n;
}

uint64_t PERFT_COPY(perft_state)(const perft_ctx *c, const mg_state *s,
                                 unsigned depth, int unique)
{
    if (depth == 0)
        return 1;
    if (!mg_in_chain(s))
        return unique ? unique_node(c, s->own, s->opp, depth)
                      : paths_node(c, s->own, s->opp, depth);
    uint64_t blk = s->own | s->visited;
    uint64_t land = mg_land(blk, s->opp, s->sq, s->lastdir);
    if (!unique)
        return depth == 1 ? chain_count(c->must, blk, s->opp, s->sq, land)
                          : chain_paths(c, s->own, s->opp, s->visited, s->sq,
                                        land, depth);
    origin_walk w = {
        .origin = s->from,
        .fresh = 0,
        .blk = blk,
        .opp = s->opp,
        .sq = s->sq,
        .lastdir = s->lastdir,
    };
    mg_turn_start_board(s, &w.own0, &w.opp0);
    return origin_unique(c, &w, depth, 0, 0);
}

uint64_t PERFT_COPY(perft_board)(const perft_ctx *c, uint64_t own,
                                 uint64_t opp, unsigned depth, int unique)
{
    if (depth == 0)
        return 1;
    return unique ? unique_node(c, own, opp, depth)
                  : paths_node(c, own, opp, depth);
}

#ifndef FAN_FAST_COPY
uint64_t perft_state(const perft_ctx *c, const mg_state *s, unsigned depth,
                     int unique)
{
#ifdef FAN_PERFT_FAST
    if (c->fast)
        return perft_state_fast(c, s, depth, unique);
#endif
    return perft_state_generic(c, s, depth, unique);
}

uint64_t perft_board(const perft_ctx *c, uint64_t own, uint64_t opp,
                     unsigned depth, int unique)
{
#ifdef FAN_PERFT_FAST
    if (c->fast)
        return perft_board_fast(c, own, opp, depth, unique);
#endif
    return perft_board_generic(c, own, opp, depth, unique);
}
#endif /* !FAN_FAST_COPY */
