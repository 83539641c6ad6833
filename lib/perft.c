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
 *   threads of fan_perft_ex in perft-ex.c). */
#include "perft.h"

#include <string.h>

/* The engine below is compiled twice where the build can (lib/meson.build):
 * as it is, and again in perft-fast.c with BMI2 and popcnt allowed
 * (FAN_PERFT_FAST_COPY), where capture_landings uses pext/pdep. Its entry
 * points are perft_state_generic/_fast and perft_board_generic/_fast;
 * perft_ctx_init picks one for the processor (cpu_fast). */
#ifdef FAN_PERFT_FAST_COPY
#define PERFT_COPY(name) name##_fast
#else
#define PERFT_COPY(name) name##_generic
#endif

#if defined(__BMI2__)
#include <immintrin.h>
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
/* Table of counts                                                     */

static tt_entry *tt_bucket(const perft_tt *t, uint64_t own, uint64_t opp,
                           unsigned depth)
{
    return &t->entries[2 * (board_hash(own, opp, (int)depth) & t->mask)];
}

static int tt_probe(const perft_tt *t, uint64_t own, uint64_t opp,
                    unsigned depth, uint64_t *count)
{
    tt_entry *b = tt_bucket(t, own, opp, depth);
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

static void tt_store(const perft_tt *t, uint64_t own, uint64_t opp,
                     unsigned depth, uint64_t count)
{
    tt_entry *b = tt_bucket(t, own, opp, depth);
    uint64_t old = atomic_load_explicit(&b[0].key, memory_order_relaxed);
    tt_entry *e = (old >> 45) <= depth ? &b[0] : &b[1];
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

/* ------------------------------------------------------------------ */
/* Counting                                                            */

/* The direction loops over whole-board masks unroll into constant shifts
 * (measured: see doc/performance.md); -O2 alone does not unroll them. */
#if defined(__GNUC__)
#define FAN_UNROLL_DIRS _Pragma("GCC unroll 8")
#else
#define FAN_UNROLL_DIRS
#endif

/* Nodes below this depth are not looked up: recounting them is cheaper
 * than a likely cache miss. */
#define TT_MIN_DEPTH 2

/* Free landing points of a chain continuing from sq after a segment in
 * direction lastdir (NDIRS: none); blk = own pieces and visited points. */
static inline uint64_t chain_land(uint64_t blk, uint64_t opp, int sq,
                                  int lastdir)
{
    return board_adjacent[sq] & ~(blk | opp) &
           ~board_neighbour_bit[sq][lastdir];
}

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

#ifndef FAN_PERFT_FAST_COPY
#ifdef FAN_PERFT_FAST
/* Whether this processor runs the copy built for BMI2 and popcnt, and runs
 * it fast: AMD processors before Zen 3 (families 15h and 17h) have pext
 * and pdep in microcode, dozens of cycles each, so they keep the generic
 * copy. The processor is asked through the compiler's runtime, which
 * reads cpuid once when the program loads: cpuid itself, called per
 * perft, cost several microseconds a call in a virtual machine (it traps
 * to the hypervisor). */
static int cpu_fast(void)
{
    return __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt") &&
           !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
}
#endif

void perft_ctx_init(perft_ctx *c, int rules, const perft_tt *tt)
{
    c->must = rules == FAN_RULES_MUST;
    c->tt = tt;
    c->fast = 0;
#ifdef FAN_PERFT_FAST
    c->fast = cpu_fast();
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

/* The free neighbours of sq (land) from which a step captures by approach
 * (*approach) or by withdrawal (*withdraw), for all directions at once and
 * without a branch: in a window centred on sq (board_window), the point
 * two steps away in a direction halves onto the neighbour in it (even bit
 * 20 + 2k -> bit 20 + k, a compression of the even bits), and the point
 * behind mirrors onto it (bit i -> 40 - i, a bit reversal). */
#if defined(__BMI2__)
/* With BMI2 the window is compressed to one byte per question: bit k of
 * each byte is the k-th direction in ascending order of delta (-10, -9,
 * -8, -1, 1, 8, 9, 10). Then the point two steps away is in the same bit
 * as its neighbour, and the point behind in bit 7 - k (delta -> -delta). */
#define WIN_NEAR_BITS 0x0000000070281C00ull /* 20 + delta */
#define WIN_FAR_BITS 0x0000015000440015ull  /* 20 + 2 delta */
#define REV2(n) n, n + 2 * 64, n + 1 * 64, n + 3 * 64
#define REV4(n) REV2(n), REV2(n + 2 * 16), REV2(n + 1 * 16), REV2(n + 3 * 16)
#define REV6(n) REV4(n), REV4(n + 2 * 4), REV4(n + 1 * 4), REV4(n + 3 * 4)
static const uint8_t reverse_byte[256] = {REV6(0), REV6(2), REV6(1),
                                          REV6(3)};

static inline void capture_landings(uint64_t opp, int sq, uint64_t land,
                                    uint64_t *approach, uint64_t *withdraw)
{
    uint64_t w = board_window(opp, sq);
    uint64_t l = _pext_u64(board_window(land, sq), WIN_NEAR_BITS);
    uint64_t far = _pext_u64(w & board_window_far[sq], WIN_FAR_BITS);
    uint64_t near = _pext_u64(w & board_window_near[sq], WIN_NEAR_BITS);
    *approach = board_unwindow(_pdep_u64(l & far, WIN_NEAR_BITS), sq);
    *withdraw = board_unwindow(
        _pdep_u64(l & reverse_byte[near], WIN_NEAR_BITS), sq);
}
#else
static inline void capture_landings(uint64_t opp, int sq, uint64_t land,
                                    uint64_t *approach, uint64_t *withdraw)
{
    uint64_t w = board_window(opp, sq), lw = board_window(land, sq);
    uint64_t far = w & board_window_far[sq];
    /* compress the even bits 0..40 into bits 0..20 */
    far = (far | far >> 1) & 0x3333333333333333ull;
    far = (far | far >> 2) & 0x0F0F0F0F0F0F0F0Full;
    far = (far | far >> 4) & 0x00FF00FF00FF00FFull;
    far = (far | far >> 8) & 0x0000FFFF0000FFFFull;
    far = (far | far >> 16) & 0x00000000FFFFFFFFull;
    /* reverse the 64 bits: bit i of the window goes to 63 - i */
    uint64_t near = __builtin_bswap64(w & board_window_near[sq]);
    near = (near >> 4 & 0x0F0F0F0F0F0F0F0Full) |
           (near & 0x0F0F0F0F0F0F0F0Full) << 4;
    near = (near >> 2 & 0x3333333333333333ull) |
           (near & 0x3333333333333333ull) << 2;
    near = (near >> 1 & 0x5555555555555555ull) |
           (near & 0x5555555555555555ull) << 1;
    *approach = board_unwindow(lw & far << 10, sq);
    *withdraw = board_unwindow(lw & near >> 23, sq);
}
#endif

/* The capturing steps from a landing point with free neighbours 'next':
 * with BMI2 computed whether or not 'next' is empty (cheaper than a branch
 * the predictor misses), else only when it is not. */
#if defined(__BMI2__)
#define CAPTURE_LANDINGS_IF(next, opp, to, app2, wdr2)                         \
    capture_landings(opp, to, next, app2, wdr2)
#else
#define CAPTURE_LANDINGS_IF(next, opp, to, app2, wdr2)                         \
    do {                                                                       \
        if (next)                                                              \
            capture_landings(opp, to, next, app2, wdr2);                       \
    } while (0)
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
        const board_step_info *st = &board_steps[sq][to - sq + 10];
        uint64_t next = board_adjacent[to] & ~(blk | opp | st->beyond);
        int approach = (app >> to) & 1, withdraw = (wdr >> to) & 1;
        uint64_t app2 = 0, wdr2 = 0;
        CAPTURE_LANDINGS_IF(next, opp, to, &app2, &wdr2);
        if (!(app2 | wdr2)) {
            n += (uint64_t)(approach + withdraw);
            continue;
        }
        uint64_t b = blk | BIT(to);
        if (approach) {
            uint64_t o = opp & ~mg_run_dir(st->beyond_ray, to > sq, opp);
            n += must ? chain_count_must(b, o, to, app2, wdr2)
                      : chain_count_stop(b, o, to, app2, wdr2);
        }
        if (withdraw) {
            uint64_t o = opp & ~mg_run_dir(st->behind_ray, to < sq, opp);
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
    capture_landings(opp, sq, land, &app, &wdr);
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
    capture_landings(opp, sq, land, &app, &wdr);
    for (uint64_t caps = app | wdr; caps; caps &= caps - 1) {
        int to = board_lsb(caps);
        const board_step_info *st = &board_steps[sq][to - sq + 10];
        uint64_t next =
            board_adjacent[to] & ~(own | opp | visited | st->beyond);
        uint64_t moved = own ^ BIT(sq) ^ BIT(to), vis = visited | BIT(to);
        if ((app >> to) & 1)
            n += chain_paths(c, moved,
                             opp & ~mg_run_dir(st->beyond_ray, to > sq, opp),
                             vis, to, next, depth);
        if ((wdr >> to) & 1)
            n += chain_paths(c, moved,
                             opp & ~mg_run_dir(st->behind_ray, to < sq, opp),
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
        FAN_UNROLL_DIRS
        for (int d = 0; d < NDIRS; d++)
            movers[d] = mg_paika_movers(own, opp, d);
        return POPSUM(c, movers, NDIRS);
    }
    FAN_UNROLL_DIRS
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

/* The first segments of every piece, a direction at a time, from
 * whole-board shifts. src[d] holds every point (whatever stands on it)
 * from which a step in direction d would capture; appr[d] and wdr[d] are
 * the pieces of own that approach and withdraw that way. */
typedef struct first_segments {
    uint64_t appr[NDIRS], wdr[NDIRS], src[NDIRS];
} first_segments;

static inline uint64_t find_first_segments(first_segments *f, uint64_t own,
                                           uint64_t opp)
{
    uint64_t empty = ~(own | opp) & BOARD_MASK, any = 0;
    FAN_UNROLL_DIRS
    for (int d = 0; d < NDIRS; d++) {
        int back = DIR_OPPOSITE(d);
        uint64_t landing = empty & board_step_from[d] & board_shift(opp, back);
        uint64_t a = board_step_from[d] & board_shift(landing, back);
        uint64_t w = board_step_from[d] & board_step_from[back] &
                     board_shift(empty, back) & board_shift(opp, d);
        f->src[d] = a | w;
        f->appr[d] = own & a;
        f->wdr[d] = own & w;
        any |= f->appr[d] | f->wdr[d];
    }
    return any;
}

/* At the last ply: cont[d] = the pieces whose first segment in direction
 * d (either kind) lands where the chain can go on. This needs no child
 * state. The pieces a segment removes lie on its own line, and every
 * continuation that could use them (back along the line, or on along it)
 * is barred by the visited origin or by the ban on repeating the
 * direction; so a continuation from the landing point exists exactly when
 * that point is in src[e] of the board before the segment for some e != d
 * (the origin, still occupied there, is not a landing point either way). */
static inline void continuing(uint64_t cont[NDIRS], const first_segments *f)
{
    uint64_t before[NDIRS], after = 0;
    before[0] = 0;
    FAN_UNROLL_DIRS
    for (int d = 1; d < NDIRS; d++)
        before[d] = before[d - 1] | f->src[d - 1];
    FAN_UNROLL_DIRS
    for (int d = NDIRS - 1; d >= 0; d--) {
        cont[d] = board_shift(before[d] | after, DIR_OPPOSITE(d));
        after |= f->src[d];
    }
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
                           chain_land(blk, left, to, d));
    return chain_paths(c, own ^ BIT(s) ^ BIT(to), left, BIT(s) | BIT(to), to,
                       chain_land(blk, left, to, d), depth);
}

/* Paths count of a position where own can capture. At the last ply the
 * first segments that cannot go on are counted by population counts. */
static uint64_t paths_captures(const perft_ctx *c, uint64_t own, uint64_t opp,
                               const first_segments *f, unsigned depth)
{
    uint64_t n = 0, cont[NDIRS], ends[2 * NDIRS];
    if (depth == 1) {
        continuing(cont, f);
        FAN_UNROLL_DIRS
        for (int d = 0; d < NDIRS; d++) {
            ends[2 * d] = f->appr[d] & ~cont[d];
            ends[2 * d + 1] = f->wdr[d] & ~cont[d];
        }
        n = POPSUM(c, ends, 2 * NDIRS);
    }
    FAN_UNROLL_DIRS
    for (int d = 0; d < NDIRS; d++) {
        int back = DIR_OPPOSITE(d);
        uint64_t approach = f->appr[d], withdraw = f->wdr[d];
        if (depth == 1) {
            approach &= cont[d];
            withdraw &= cont[d];
        }
        for (; approach; approach &= approach - 1) {
            int s = board_lsb(approach), to = s + board_delta[d];
            n += first_chain_paths(c, own, opp, s, d,
                                   mg_run_line(board_ray[to][d], d, opp),
                                   depth);
        }
        for (; withdraw; withdraw &= withdraw - 1) {
            int s = board_lsb(withdraw);
            n += first_chain_paths(c, own, opp, s, d,
                                   mg_run_line(board_ray[s][back], back, opp),
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
    if (hashed && tt_probe(c->tt, own, opp, depth, &n))
        return n;
    first_segments f;
    if (find_first_segments(&f, own, opp))
        n = paths_captures(c, own, opp, &f, depth);
    else
        n = paikas(c, own, opp, depth, 0);
    if (hashed)
        tt_store(c->tt, own, opp, depth, n);
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

/* The capturing steps from sq (app, wdr) as in chain_count, each chain end
 * going to e. A full buffer is only noted by add_end: the walk goes on
 * (the overflow is rare), which keeps a test out of every call. */
static FAN_ALWAYS_INLINE void segment_ends(int must, end_set *e, uint64_t blk,
                                           uint64_t opp, int sq, uint64_t app,
                                           uint64_t wdr)
{
    for (uint64_t caps = app | wdr; caps; caps &= caps - 1) {
        int to = board_lsb(caps);
        const board_step_info *st = &board_steps[sq][to - sq + 10];
        uint64_t next = board_adjacent[to] & ~(blk | opp | st->beyond);
        uint64_t b = blk | BIT(to), app2 = 0, wdr2 = 0;
        CAPTURE_LANDINGS_IF(next, opp, to, &app2, &wdr2);
        int leaf = !(app2 | wdr2);
        if ((app >> to) & 1) {
            uint64_t o = opp & ~mg_run_dir(st->beyond_ray, to > sq, opp);
            if (leaf)
                add_end(e, to, o);
            else if (must)
                chain_ends_must(e, b, o, to, app2, wdr2);
            else
                chain_ends_stop(e, b, o, to, app2, wdr2);
        }
        if ((wdr >> to) & 1) {
            uint64_t o = opp & ~mg_run_dir(st->behind_ray, to < sq, opp);
            if (leaf)
                add_end(e, to, o);
            else if (must)
                chain_ends_must(e, b, o, to, app2, wdr2);
            else
                chain_ends_stop(e, b, o, to, app2, wdr2);
        }
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
        capture_landings(opp, sq, chain_land(blk, opp, sq, w->lastdir), &app,
                         &wdr);
        if (!(app | wdr))
            add_end(e, sq, opp);
        else if (c->must)
            chain_ends_must(e, blk, opp, sq, app, wdr);
        else
            chain_ends_stop(e, blk, opp, sq, app, wdr);
        return 0;
    }
    capture_landings(opp, sq, chain_land(blk, opp, sq, NDIRS), &app, &wdr);
    for (uint64_t caps = app | wdr; caps; caps &= caps - 1) {
        int to = board_lsb(caps);
        const board_step_info *st = &board_steps[sq][to - sq + 10];
        uint64_t next = board_adjacent[to] & ~(blk | opp | st->beyond);
        uint64_t b = blk | BIT(to), app2 = 0, wdr2 = 0;
        CAPTURE_LANDINGS_IF(next, opp, to, &app2, &wdr2);
        int more = (app2 | wdr2) != 0;
        for (int kind = 0; kind < 2; kind++) {
            if (!(((kind ? wdr : app) >> to) & 1))
                continue;
            uint64_t run = kind ? mg_run_dir(st->behind_ray, to < sq, opp)
                                : mg_run_dir(st->beyond_ray, to > sq, opp);
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
    if (hashed && tt_probe(c->tt, own, opp, depth, &n))
        return n;
    first_segments f;
    uint64_t capturers = find_first_segments(&f, own, opp);
    if (!capturers) {
        n = paikas(c, own, opp, depth, 1);
    } else {
        if (depth == 1) {
            /* A piece none of whose first segments can go on has as many
             * turns as segments: their effects differ by destination or,
             * for the two kinds of one step, by the (disjoint) runs. */
            uint64_t cont[NDIRS], walk = 0, ends[2 * NDIRS];
            continuing(cont, &f);
            FAN_UNROLL_DIRS
            for (int d = 0; d < NDIRS; d++)
                walk |= (f.appr[d] | f.wdr[d]) & cont[d];
            FAN_UNROLL_DIRS
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
        tt_store(c->tt, own, opp, depth, n);
    return n;
}

uint64_t PERFT_COPY(perft_state)(const perft_ctx *c, const mg_chain *s,
                                 unsigned depth, int unique)
{
    if (depth == 0)
        return 1;
    if (s->path.length == 0)
        return unique ? unique_node(c, s->own, s->opp, depth)
                      : paths_node(c, s->own, s->opp, depth);
    int lastdir = s->lastdir;
    if (!unique)
        return depth == 1 ? chain_count(c->must, s->own | s->visited, s->opp,
                                        s->sq,
                                        chain_land(s->own | s->visited,
                                                   s->opp, s->sq, lastdir))
                          : chain_paths(c, s->own, s->opp, s->visited, s->sq,
                                        chain_land(s->own | s->visited,
                                                   s->opp, s->sq, lastdir),
                                        depth);
    origin_walk w = {
        .own0 = (s->own & ~BIT(s->sq)) | BIT(s->path.from),
        .opp0 = s->opp | s->captured,
        .origin = s->path.from,
        .fresh = 0,
        .blk = s->own | s->visited,
        .opp = s->opp,
        .sq = s->sq,
        .lastdir = lastdir,
    };
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

#ifndef FAN_PERFT_FAST_COPY
uint64_t perft_state(const perft_ctx *c, const mg_chain *s, unsigned depth,
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

/* ------------------------------------------------------------------ */
/* Public functions (generic copy only)                                */

int perft_check_args(const fan_position *pos, unsigned depth, int kind)
{
    if (!pos || !VALID_COUNT(kind))
        return FAN_EINVAL;
    if (depth > FAN_PERFT_MAX_DEPTH)
        return FAN_ERANGE;
    return FAN_OK;
}

FAN_API int fan_perft(uint64_t *out, const fan_position *pos, unsigned depth,
                      int count_kind)
{
    int r = out ? perft_check_args(pos, depth, count_kind) : FAN_EINVAL;
    if (r != FAN_OK)
        return r;
    perft_ctx ctx;
    perft_ctx_init(&ctx, pos->rules, NULL);
    *out = perft_state(&ctx, &pos->cur, depth,
                       count_kind == FAN_COUNT_UNIQUE);
    return FAN_OK;
}

FAN_API int fan_perft_divide(fan_perft_entry *out, size_t capacity,
                             size_t *count, const fan_position *pos,
                             unsigned depth, int count_kind)
{
    int r = count && (out || !capacity)
                ? perft_check_args(pos, depth, count_kind)
                : FAN_EINVAL;
    if (r != FAN_OK)
        return r;
    /* like fan_perft: no turns below a board where a side has no pieces */
    if (depth == 0 || (pos->cur.path.length == 0 &&
                       (!pos->cur.own || !pos->cur.opp))) {
        *count = 0;
        return FAN_OK;
    }
    int unique = count_kind == FAN_COUNT_UNIQUE;
    turn_list tl;
    r = turn_list_build(&tl, &pos->cur, pos->rules, unique);
    if (r != FAN_OK)
        return r;
    *count = tl.n;
    if (tl.n > capacity) {
        turn_list_free(&tl);
        return FAN_EBUFS;
    }
    perft_ctx ctx;
    perft_ctx_init(&ctx, pos->rules, NULL);
    uint64_t own0 = pos->cur.own, opp0 = pos->cur.opp;
    if (pos->cur.path.length) {
        own0 = (own0 & ~BIT(pos->cur.sq)) | BIT(pos->cur.path.from);
        opp0 |= pos->cur.captured;
    }
    for (size_t i = 0; i < tl.n; i++) {
        fan_turn t = path_effect(&tl.paths[i]);
        uint64_t own = (own0 & ~BIT(FAN_TURN_FROM(t))) | BIT(FAN_TURN_TO(t));
        uint64_t opp = opp0 & ~FAN_TURN_CAPTURED(t);
        mg_chain child;
        mg_chain_start(&child, opp, own);
        memset(&out[i], 0, sizeof out[i]);
        out[i].path = tl.paths[i];
        out[i].turn = t;
        out[i].nodes = perft_state(&ctx, &child, depth - 1, unique);
    }
    turn_list_free(&tl);
    return FAN_OK;
}
#endif /* !FAN_PERFT_FAST_COPY */
