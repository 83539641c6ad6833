/* SPDX-License-Identifier: MIT */
/* Internals of the Fanorona Chess search: the engine's switches and
 * material values, its Zobrist keys and evaluation. The search runs on the
 * handle of the Fanorona search (lib/engine.h) and shares its table, time
 * plan, threads and levels. Nothing here is exported from the shared
 * library; the match runner and white-box tests link the internal static
 * copy to reach it, as they do for lib/search.h. */
#ifndef FAN_CHESS_SEARCH_H
#define FAN_CHESS_SEARCH_H

#include "chess.h"

/* ------------------------------------------------------------------ */
/* Engine switches. Each one exists so that a match can measure it.    */

typedef struct chess_search_config {
    int use_tt;         /* transposition table (probe, cutoffs, best move) */
    int use_pvs;        /* null-window search of all but the first move */
    int use_ordering;   /* TT move, MVV-LVA captures, killers, history */
    int use_qsearch;    /* captures and promotions at the horizon */
    int use_check_ext;  /* a node in check is searched one ply deeper */
    int use_nullmove;   /* null move pruning (not in check, not pawn-only) */
    int use_lmr;        /* late move reductions of quiet moves */
    int use_aspiration; /* aspiration windows from depth 4 */
    int value[7];       /* by FAN_CHESS_* type, centipawns; [KING] unused */
    int use_pst;        /* piece-square terms (strong/weak points, advance) */
    int use_king_safety;
    int use_mobility;
} chess_search_config;

/* The configuration of the full engine (what fan_chess_search_run uses on
 * a new handle). */
void chess_search_config_default(chess_search_config *cfg);
/* Plain alpha-beta with iterative deepening and material only: no table,
 * no quiescence, no extensions or reductions, moves in generation order. */
void chess_search_config_plain(chess_search_config *cfg);

typedef struct fan_search fan_search;
/* Switches for the next chess runs of s (the handle keeps a copy). */
void chess_search_set_config(fan_search *s, const chess_search_config *cfg);

/* ------------------------------------------------------------------ */
/* Zobrist keys (chess-zobrist.c) of exactly the fields repetition      */
/* compares: pieces, side to move, the kings' flags and the pools.     */

uint64_t chess_key(const chess_state *s);
/* The key of after = before with move m made, from before's key. */
uint64_t chess_key_after(uint64_t key, const chess_state *before,
                         const chess_state *after, fan_chess_move m);
/* The key with the other side to move (a null move). */
uint64_t chess_key_null(uint64_t key);

/* ------------------------------------------------------------------ */
/* Evaluation (chess-eval.c): side to move's view, centipawns.         */

int chess_evaluate(const chess_search_config *cfg, const chess_state *s);

#endif
