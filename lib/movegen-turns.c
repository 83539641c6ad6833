/* SPDX-License-Identifier: MIT */
/* The unique-turn generator: the effects (origin, destination, captured
 * set) that can follow a state, straight from the masks, without paths.
 * Used by the public turn list, divide, fan_perft_ex and the search, at
 * its root and at every node.
 *
 * Compiled twice where the build can (lib/meson.build): as it is, and in
 * movegen-turns-fast.c with BMI2 and popcnt allowed (FAN_FAST_COPY), where
 * the capture primitives use pext/pdep; mg_turns_for_cpu() chooses. */
#include "movegen.h"

#ifdef FAN_FAST_COPY
#define MG_COPY(name) name##_fast
#else
#define MG_COPY(name) name##_generic
#endif

typedef struct turn_sink {
    fan_turn *out;
    size_t n, cap;
    size_t group;     /* first turn of the current origin */
    uint64_t seen[4]; /* bit (hash of turn) % 256 of the group's chains */
    int must;
    int overflow;
    int from;
} turn_sink;

static inline void sink_put(turn_sink *g, fan_turn t)
{
    if (g->n == g->cap) {
        g->overflow = 1;
        return;
    }
    g->out[g->n++] = t;
}

/* A turn of one segment, whose effect no other turn of its origin has:
 * each segment removes pieces on its own line only, the line of a first
 * segment in another direction meets that line only at the origin, and
 * one that goes on from the same landing point cannot come back to it
 * (tests/test-perft-lemma.c checks it on every board where it could
 * fail). So it needs no search among the others. */
static inline void emit_single(turn_sink *g, int to, uint64_t captured)
{
    sink_put(g, FAN_TURN_MAKE(g->from, to, captured));
}

/* odd, so that t -> t * MIX is a bijection of 64-bit words */
#define MIX 0x9E3779B97F4A7C15ull

/* A longer chain: kept where its effect first ends. Distinct paths with
 * the same effect are rare, so the 'seen' mask (one bit per effect, chosen
 * by a hash) proves most of them new without a search. */
static void emit_chain(turn_sink *g, int to, uint64_t captured)
{
    fan_turn t = FAN_TURN_MAKE(g->from, to, captured);
    uint64_t h = t * MIX;
    uint64_t bit = (uint64_t)1 << ((h >> 40) & 63), *word = &g->seen[h >> 62];
    if (*word & bit) {
        for (size_t i = g->group; i < g->n; i++)
            if (g->out[i] == t)
                return;
    }
    *word |= bit;
    sink_put(g, t);
}

/* The chain state on sq (blk: own pieces and visited points, opp: enemy
 * pieces now, captured: removed so far), which can go on by the steps
 * app | wdr (landing points of approaches and withdrawals, not both
 * empty); depth: segments played. */
static void chain(turn_sink *g, uint64_t blk, uint64_t opp, int sq,
                  uint64_t app, uint64_t wdr, uint64_t captured, int depth)
{
    for (int d = 0; d < NDIRS; d++) {
        uint64_t bit = board_neighbour_bit[sq][d];
        if (!((app | wdr) & bit))
            continue;
        int to = board_neighbour[sq][d];
        uint64_t next = mg_land_after(blk, opp, sq, to);
        uint64_t b = blk | bit, app2 = 0, wdr2 = 0;
        MG_CAPTURE_LANDINGS_IF(next, opp, to, &app2, &wdr2);
        int more = (app2 | wdr2) != 0;
        for (int kind = FAN_STEP_APPROACH; kind <= FAN_STEP_WITHDRAWAL;
             kind++) {
            if (!((kind == FAN_STEP_APPROACH ? app : wdr) & bit))
                continue;
            uint64_t run = kind == FAN_STEP_APPROACH
                               ? mg_run_approach(sq, to, opp)
                               : mg_run_withdrawal(sq, to, opp);
            if (more)
                chain(g, b, opp & ~run, to, app2, wdr2, captured | run,
                      depth + 1);
            else if (depth == 0)
                emit_single(g, to, run);
            else
                emit_chain(g, to, captured | run);
        }
    }
    /* the chain may stop here: after the chains that continue it */
    if (!g->must && depth > 0) {
        if (depth == 1)
            emit_single(g, sq, captured);
        else
            emit_chain(g, sq, captured);
    }
}

static void origin_start(turn_sink *g, int from)
{
    g->from = from;
    g->group = g->n;
    g->seen[0] = g->seen[1] = g->seen[2] = g->seen[3] = 0;
}

int MG_COPY(mg_turns)(fan_turn *out, size_t cap, const mg_state *s, int rules)
{
    turn_sink g = {.out = out, .cap = cap, .must = rules == FAN_RULES_MUST};
    uint64_t app, wdr;
    if (mg_in_chain(s)) {
        /* the rest of a turn: every end is a chain of two segments or
         * more, or the chain so far */
        origin_start(&g, s->from);
        uint64_t blk = s->own | s->visited;
        mg_capture_landings(s->opp, s->sq,
                            mg_land(blk, s->opp, s->sq, s->lastdir), &app,
                            &wdr);
        if (app | wdr)
            chain(&g, blk, s->opp, s->sq, app, wdr, s->captured, 2);
        else
            emit_chain(&g, s->sq, s->captured);
        return g.overflow ? -1 : (int)g.n;
    }
    mg_first f;
    uint64_t capturers = mg_first_segments(&f, s->own, s->opp);
    if (capturers) {
        for (; capturers; capturers &= capturers - 1) {
            int from = board_lsb(capturers);
            origin_start(&g, from);
            mg_capture_landings(s->opp, from,
                                mg_land(s->own, s->opp, from, NDIRS), &app,
                                &wdr);
            chain(&g, s->own, s->opp, from, app, wdr, 0, 0);
        }
    } else {
        for (int d = 0; d < NDIRS; d++)
            for (uint64_t m = mg_paika_movers(s->own, s->opp, d); m;
                 m &= m - 1) {
                int from = board_lsb(m);
                sink_put(&g, FAN_TURN_MAKE(from, from + board_delta[d], 0));
            }
    }
    return g.overflow ? -1 : (int)g.n;
}
