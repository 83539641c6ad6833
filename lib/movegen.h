/* SPDX-License-Identifier: MIT */
/* The rules core: the state of a turn in progress (path-free), the capture
 * primitives on bitboards, and the generators built on them (unique turns
 * in movegen-turns.c, steps and the path-recording walk in movegen.c).
 * Every rule of capture and chaining lives here, once: perft (perft-count.c),
 * the search, the position handle and the notation only call it.
 *
 * The primitives are inline, so that a file compiled with BMI2 allowed
 * (lib/meson.build: the *-fast.c files) gets the pext/pdep
 * form of mg_capture_landings and the others the portable one; both forms
 * give the same masks (tests/test-perft-copies.c). */
#ifndef FAN_MOVEGEN_H
#define FAN_MOVEGEN_H

#include <stddef.h>

#include "board.h"
#include "fanorona.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

/* ------------------------------------------------------------------ */
/* The state of a turn                                                 */

/* A turn in progress, without its path. At the start of a turn sq is
 * NO_SQUARE, visited and captured are 0 and lastdir is NDIRS. */
typedef struct mg_state {
    uint64_t own, opp;  /* board now; own is the side making the turn */
    uint64_t visited;   /* origin and every landing point */
    uint64_t captured;  /* removed so far this turn */
    int from;           /* origin of the chain (valid in a chain) */
    int sq;             /* the active piece, NO_SQUARE at the start */
    int lastdir;        /* direction of the last segment, NDIRS if none */
} mg_state;

static inline int mg_in_chain(const mg_state *s)
{
    return s->sq != NO_SQUARE;
}

void mg_state_start(mg_state *s, uint64_t own, uint64_t opp);

/* The board at the start of the turn in progress (the chain undone). */
static inline void mg_turn_start_board(const mg_state *s, uint64_t *own,
                                       uint64_t *opp)
{
    *own = s->own;
    *opp = s->opp;
    if (mg_in_chain(s)) {
        *own = (s->own & ~BIT(s->sq)) | BIT(s->from);
        *opp = s->opp | s->captured;
    }
}

/* The board after turn t of own from the board own/opp (still from the
 * mover's side: own is the side that made t). */
static inline void mg_board_after(uint64_t *own_out, uint64_t *opp_out,
                                  uint64_t own, uint64_t opp, fan_turn t)
{
    *own_out = (own & ~BIT(FAN_TURN_FROM(t))) | BIT(FAN_TURN_TO(t));
    *opp_out = opp & ~FAN_TURN_CAPTURED(t);
}

/* Whether t is a paika of own (to move) against opp, given that own has
 * no capture (mg_capturers is 0; else no paika is legal): it steps one of
 * own's pieces along a line to an empty neighbour and captures nothing.
 * It checks a turn met elsewhere (the search's table entry or killer)
 * without listing the turns; tests/test-searchgen.c holds it to the
 * generator's list. */
static inline int mg_is_paika(uint64_t own, uint64_t opp, fan_turn t)
{
    int from = FAN_TURN_FROM(t), to = FAN_TURN_TO(t);
    return t && !FAN_TURN_CAPTURED(t) && t == FAN_TURN_MAKE(from, to, 0) &&
           from < BOARD_SQUARES && to < BOARD_SQUARES && (own >> from & 1) &&
           (board_adjacent[from] >> to & 1) && !((own | opp) >> to & 1);
}

/* Whether t has the shape of a capture turn of own (to move) against opp,
 * capturers being mg_capturers(own, opp): it starts on a piece of own that
 * can capture, takes only (and some) pieces of opp, and ends on a point
 * that is empty once they are gone. A necessary condition, not the chain
 * walk: the search asks it of its table entry's turn, which the entry's
 * full-key check already ties to this position (as it does the entry's
 * score), so that a turn of another position that slipped through a key
 * collision still makes a well-formed board. tests/test-searchgen.c holds
 * every listed capture to it. */
static inline int mg_capture_fits(uint64_t own, uint64_t opp,
                                  uint64_t capturers, fan_turn t)
{
    int from = FAN_TURN_FROM(t), to = FAN_TURN_TO(t);
    uint64_t taken = FAN_TURN_CAPTURED(t);
    return taken && !(taken & ~opp) &&
           t == FAN_TURN_MAKE(from, to, taken) && from < BOARD_SQUARES &&
           to < BOARD_SQUARES && from != to && (capturers >> from & 1) &&
           !(((own | opp) & ~taken) >> to & 1);
}

/* ------------------------------------------------------------------ */
/* Capture primitives                                                  */

/* The run of enemy pieces at the start of 'line' (a ray given without its
 * origin), up to the first point that is not an enemy piece; up: the ray
 * goes towards higher bits. Without a branch (the sense and whether the
 * run reaches the edge are data the predictor cannot learn); a set low
 * bit under the shifted stop set stands for "no stop", so a run that ends
 * at the edge keeps its last point. */
static inline uint64_t mg_run_dir(uint64_t line, int up, uint64_t opp)
{
    uint64_t stop = line & ~opp;
    uint64_t upward = line & ((stop & (0 - stop)) - 1);
    uint64_t downward =
        line & (~(uint64_t)0 << (63 - __builtin_clzll((stop << 1) | 1)));
    uint64_t sel = 0 - (uint64_t)(up != 0); /* a select, not a branch */
    return (upward & sel) | (downward & ~sel);
}

/* The run on the ray from p in direction d (p itself excluded): the form
 * for loops that know the direction (a constant once unrolled). */
static inline uint64_t mg_ray_run(int p, int d, uint64_t opp)
{
    return mg_run_dir(board_ray[p][d], d < 4, opp);
}

/* What a step from sq to its neighbour to removes by approach (the run
 * from the point beyond to) and by withdrawal (the run from the point
 * behind sq); empty when that point holds no enemy piece. */
static inline uint64_t mg_run_approach(int sq, int to, uint64_t opp)
{
    return mg_run_dir(board_steps[sq][to - sq + 10].beyond_ray, to > sq, opp);
}

static inline uint64_t mg_run_withdrawal(int sq, int to, uint64_t opp)
{
    return mg_run_dir(board_steps[sq][to - sq + 10].behind_ray, to < sq, opp);
}

static inline uint64_t mg_run(int sq, int to, int kind, uint64_t opp)
{
    return kind == FAN_STEP_APPROACH ? mg_run_approach(sq, to, opp)
                                     : mg_run_withdrawal(sq, to, opp);
}

/* Free landing points of the piece on sq: its neighbours that are neither
 * blocked (blk: own pieces and visited points) nor enemy pieces, and not
 * in direction lastdir (a chain never goes the same way twice in a row;
 * NDIRS: no such ban). */
static inline uint64_t mg_land(uint64_t blk, uint64_t opp, int sq,
                               int lastdir)
{
    return board_adjacent[sq] & ~(blk | opp) &
           ~board_neighbour_bit[sq][lastdir];
}

/* The free landing points of the chain after the step sq -> to, from the
 * board before the step (blk: own pieces and visited points, without
 * to). The pieces the step removes lie on its line, where the only
 * neighbours of to are the point beyond (barred: same direction) and sq
 * (visited); so the set is the same after an approach and after a
 * withdrawal, and needs no run. */
static inline uint64_t mg_land_after(uint64_t blk, uint64_t opp, int sq,
                                     int to)
{
    return board_adjacent[to] &
           ~(blk | opp | board_steps[sq][to - sq + 10].beyond);
}

/* The points of land from which a step of the piece on sq captures by
 * approach (*approach) or by withdrawal (*withdraw), for all directions at
 * once and without a branch: in a window centred on sq (board_window),
 * the point two steps away in a direction halves onto the neighbour in it
 * (even bit 20 + 2k -> bit 20 + k, a compression of the even bits), and
 * the point behind mirrors onto it (bit i -> 40 - i, a bit reversal). */
#if defined(__BMI2__)
/* With BMI2 the window is compressed to one byte per question: bit k of
 * each byte is the k-th direction in ascending order of delta (-10, -9,
 * -8, -1, 1, 8, 9, 10). Then the point two steps away is in the same bit
 * as its neighbour, and the point behind in bit 7 - k (delta -> -delta). */
#define MG_WIN_NEAR_BITS 0x0000000070281C00ull /* 20 + delta */
#define MG_WIN_FAR_BITS 0x0000015000440015ull  /* 20 + 2 delta */
#define MG_REV2(n) n, n + 2 * 64, n + 1 * 64, n + 3 * 64
#define MG_REV4(n)                                                             \
    MG_REV2(n), MG_REV2(n + 2 * 16), MG_REV2(n + 1 * 16), MG_REV2(n + 3 * 16)
#define MG_REV6(n)                                                             \
    MG_REV4(n), MG_REV4(n + 2 * 4), MG_REV4(n + 1 * 4), MG_REV4(n + 3 * 4)
static const uint8_t mg_reverse_byte[256] = {MG_REV6(0), MG_REV6(2),
                                             MG_REV6(1), MG_REV6(3)};

static inline void mg_capture_landings(uint64_t opp, int sq, uint64_t land,
                                       uint64_t *approach, uint64_t *withdraw)
{
    uint64_t w = board_window(opp, sq);
    uint64_t l = _pext_u64(board_window(land, sq), MG_WIN_NEAR_BITS);
    uint64_t far = _pext_u64(w & board_window_far[sq], MG_WIN_FAR_BITS);
    uint64_t near = _pext_u64(w & board_window_near[sq], MG_WIN_NEAR_BITS);
    *approach = board_unwindow(_pdep_u64(l & far, MG_WIN_NEAR_BITS), sq);
    *withdraw = board_unwindow(
        _pdep_u64(l & mg_reverse_byte[near], MG_WIN_NEAR_BITS), sq);
}
#else
static inline void mg_capture_landings(uint64_t opp, int sq, uint64_t land,
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

/* The capturing steps of the piece on to after a step that left it the
 * free landing points next: with BMI2 computed whether or not next is
 * empty (cheaper than a branch the predictor misses), else only when it
 * is not. The outputs must be zero on entry. */
#if defined(__BMI2__)
#define MG_CAPTURE_LANDINGS_IF(next, opp, to, app2, wdr2)                      \
    mg_capture_landings(opp, to, next, app2, wdr2)
#else
#define MG_CAPTURE_LANDINGS_IF(next, opp, to, app2, wdr2)                      \
    do {                                                                       \
        if (next)                                                              \
            mg_capture_landings(opp, to, next, app2, wdr2);                    \
    } while (0)
#endif

/* The same rule for the whole board, one direction at a time: every point
 * (whatever stands on it) from which a step in direction d captures by
 * approach, resp. by withdrawal, given the empty points and the enemy
 * pieces. Used for the first segment of a turn. */
static inline uint64_t mg_approach_sources(uint64_t empty, uint64_t opp,
                                           int d)
{
    int back = DIR_OPPOSITE(d);
    uint64_t landing = empty & board_step_from[d] & board_shift(opp, back);
    return board_step_from[d] & board_shift(landing, back);
}

static inline uint64_t mg_withdrawal_sources(uint64_t empty, uint64_t opp,
                                             int d)
{
    int back = DIR_OPPOSITE(d);
    return board_step_from[d] & board_step_from[back] &
           board_shift(empty, back) & board_shift(opp, d);
}

static inline uint64_t mg_paika_movers(uint64_t own, uint64_t opp, int d)
{
    uint64_t empty = ~(own | opp) & BOARD_MASK;
    return own & board_step_from[d] & board_shift(empty, DIR_OPPOSITE(d));
}

/* The direction loops over whole-board masks unroll into constant shifts
 * (measured: see doc/performance.md); -O2 alone does not unroll them. */
#if defined(__GNUC__)
#define MG_UNROLL_DIRS _Pragma("GCC unroll 8")
#else
#define MG_UNROLL_DIRS
#endif

/* The first segments of every piece, a direction at a time. src[d] holds
 * every point from which a step in direction d would capture; appr[d] and
 * wdr[d] are the pieces of own that approach and withdraw that way. */
typedef struct mg_first {
    uint64_t appr[NDIRS], wdr[NDIRS], src[NDIRS];
} mg_first;

/* Fills f and returns the pieces of own that can capture. */
static inline uint64_t mg_first_segments(mg_first *f, uint64_t own,
                                         uint64_t opp)
{
    uint64_t empty = ~(own | opp) & BOARD_MASK, any = 0;
    MG_UNROLL_DIRS
    for (int d = 0; d < NDIRS; d++) {
        uint64_t a = mg_approach_sources(empty, opp, d);
        uint64_t w = mg_withdrawal_sources(empty, opp, d);
        f->src[d] = a | w;
        f->appr[d] = own & a;
        f->wdr[d] = own & w;
        any |= f->appr[d] | f->wdr[d];
    }
    return any;
}

/* cont[d] = the pieces whose first segment in direction d (either kind)
 * lands where the chain can go on, from f alone. The pieces a segment
 * removes lie on its own line, and every continuation that could use them
 * (back along the line, or on along it) is barred by the visited origin
 * or by the ban on repeating the direction; so a continuation from the
 * landing point exists exactly when that point is in src[e] of the board
 * before the segment for some e != d (the origin, still occupied there,
 * is not a landing point either way). */
static inline void mg_continuing(uint64_t cont[NDIRS], const mg_first *f)
{
    uint64_t before[NDIRS], after = 0;
    before[0] = 0;
    MG_UNROLL_DIRS
    for (int d = 1; d < NDIRS; d++)
        before[d] = before[d - 1] | f->src[d - 1];
    MG_UNROLL_DIRS
    for (int d = NDIRS - 1; d >= 0; d--) {
        cont[d] = board_shift(before[d] | after, DIR_OPPOSITE(d));
        after |= f->src[d];
    }
}

/* Pieces of own that can capture now. */
uint64_t mg_capturers(uint64_t own, uint64_t opp);
/* 1 when own has any legal turn at all. */
int mg_has_turn(uint64_t own, uint64_t opp);

/* ------------------------------------------------------------------ */
/* Steps and the path-recording walk (movegen.c)                        */

/* The legal next steps of s (turn start: captures, else paikas; in a
 * chain: the continuations), by origin, then direction (0..7), approach
 * before withdrawal. Returns their number (at most FAN_STEPS_MAX). */
int mg_steps(fan_step *out, const mg_state *s);
/* Which kinds of capture the step from -> to (neighbours, to free) has
 * for the piece on from in state s, ignoring whose turn it is: bit
 * FAN_STEP_APPROACH and bit FAN_STEP_WITHDRAWAL of the result. Visited
 * points and the direction ban apply in a chain. */
int mg_step_kinds(const mg_state *s, int from, int to);
/* 1 when a capture chain can go on (s in a chain). */
int mg_has_continuation(const mg_state *s);
/* Applies a step that mg_steps() produced. */
void mg_apply(mg_state *s, const fan_step *step);

/* The chain-step machine's state: a state and the path that led to it. */
typedef struct mg_chain {
    mg_state st;
    fan_path path; /* steps so far; path.length == 0 at the start */
} mg_chain;

void mg_chain_start(mg_chain *c, uint64_t own, uint64_t opp);
/* mg_apply, and the step appended to the path. */
void mg_chain_apply(mg_chain *c, const fan_step *step);

/* Called for every complete turn found by mg_walk(), with its end state
 * and whole path; a non-zero return stops the walk and is returned by it. */
typedef int (*mg_visit_fn)(void *ctx, const mg_state *end,
                           const fan_path *path);

/* Visits every complete turn that can follow the chain c: under
 * stop-at-will every non-empty prefix of a chain (before what follows
 * it), under must-continue only chains that cannot go on; paikas when
 * there is no capture. One path buffer, steps pushed and popped. */
int mg_walk(const mg_chain *c, int rules, mg_visit_fn visit, void *ctx);

/* ------------------------------------------------------------------ */
/* Unique turns (movegen-turns.c, compiled twice)                        */

/* The unique turns (effects) that can follow s: the captures when any
 * exists, else the paikas; under FAN_RULES_STOP every prefix of a chain
 * is a turn, under FAN_RULES_MUST only chains that cannot go on. Order
 * (doc/formats.md, "turn order"): origins in ascending square order; the
 * chains of an origin depth first, directions 0..7 (E, NE, N, NW, W, SW,
 * S, SE), approach before withdrawal, a chain after the chains that
 * continue it, each effect where it first ends; paikas direction by
 * direction, origins ascending. Writes at most cap turns and returns their
 * number, or -1 when there are more than cap (out then holds cap of them;
 * no small bound of the number is known, doc/api.md). */
typedef int (*mg_turns_fn)(fan_turn *out, size_t cap, const mg_state *s,
                           int rules);
int mg_turns_generic(fan_turn *out, size_t cap, const mg_state *s, int rules);
#ifdef FAN_PERFT_FAST
int mg_turns_fast(fan_turn *out, size_t cap, const mg_state *s, int rules);
#endif
/* 1 when this processor runs the copies built for BMI2 and popcnt (and
 * runs pext fast); asked once per process by the compiler's runtime. */
int mg_cpu_fast(void);
/* The copy of mg_turns for this processor. */
mg_turns_fn mg_turns_for_cpu(void);
/* mg_turns_for_cpu()(out, cap, s, rules). */
int mg_turns(fan_turn *out, size_t cap, const mg_state *s, int rules);

#endif
