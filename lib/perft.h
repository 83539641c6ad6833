/* SPDX-License-Identifier: MIT */
/* What the perft counting engine (perft-count.c, compiled twice) shares
 * with the entry points (perft.c, perft-ex.c) and the table (perft-tt.c). */
#ifndef FAN_PERFT_H
#define FAN_PERFT_H

#include "position.h"

#include <stdatomic.h>

/* The table of counts: owned by one fan_perft_ex() call, shared by its
 * threads. */

/* One entry: a seqlock (odd while a writer fills the entry) guards the
 * key, so that threads may share the table without locks and a reader
 * never takes a half-written entry. The key is exact (both masks). */
typedef struct perft_tt_entry {
    _Atomic uint64_t seq;
    _Atomic uint64_t key; /* own | depth << 45 */
    _Atomic uint64_t opp;
    _Atomic uint64_t count;
} perft_tt_entry;

typedef struct perft_tt {
    perft_tt_entry *entries; /* buckets of two: depth-preferred, then always */
    uint64_t mask;     /* number of buckets - 1 */
} perft_tt;

#define TT_KEY(own, depth) ((own) | (uint64_t)(depth) << 45)

/* 1 and the count when the table holds this node (perft-tt.c); storing
 * is optional and skips an entry another thread is writing. */
int perft_tt_probe(const perft_tt *t, uint64_t own, uint64_t opp,
                   unsigned depth, uint64_t *count);
void perft_tt_store(const perft_tt *t, uint64_t own, uint64_t opp,
                    unsigned depth, uint64_t count);

typedef struct perft_ctx {
    int must;            /* FAN_RULES_MUST */
    int fast;            /* run the copy built for BMI2 (perft.c) */
    const perft_tt *tt;  /* NULL: no table */
    uint64_t (*popsum)(const uint64_t *m, int n); /* for this processor */
} perft_ctx;

/* Sets up a context for a ruleset and an optional table. */
void perft_ctx_init(perft_ctx *c, int rules, const perft_tt *tt);

/* Perft of the internal state s, which may be in the middle of a chain. */
uint64_t perft_state(const perft_ctx *c, const mg_state *s, unsigned depth,
                     int unique);
/* Perft of the board own (side to move) / opp at the start of a turn. */
uint64_t perft_board(const perft_ctx *c, uint64_t own, uint64_t opp,
                     unsigned depth, int unique);
/* The two copies of the engine behind perft_state and perft_board; the
 * fast one exists where FAN_PERFT_FAST is defined, and only runs on a
 * processor for which perft_ctx_init set c->fast. */
uint64_t perft_state_generic(const perft_ctx *c, const mg_state *s,
                             unsigned depth, int unique);
uint64_t perft_board_generic(const perft_ctx *c, uint64_t own, uint64_t opp,
                             unsigned depth, int unique);
#ifdef FAN_PERFT_FAST
uint64_t perft_state_fast(const perft_ctx *c, const mg_state *s,
                          unsigned depth, int unique);
uint64_t perft_board_fast(const perft_ctx *c, uint64_t own, uint64_t opp,
                          unsigned depth, int unique);
#endif
/* FAN_OK or the error fan_perft() gives for these arguments. */
int perft_check_args(const fan_position *pos, unsigned depth, int kind);

#endif
