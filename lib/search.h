/* SPDX-License-Identifier: MIT */
/* Internals of the search: positions on plain masks, Zobrist keys,
 * evaluation, the transposition table and the engine's tunable switches.
 * Nothing here is exported from the shared library; the match runner and
 * white-box tests link the internal static copy to reach it. */
#ifndef FAN_SEARCH_H
#define FAN_SEARCH_H

#include <stdatomic.h>
#include <stddef.h>

#include "movegen.h"

/* ------------------------------------------------------------------ */
/* Positions of the search: copy-make on two masks, own = side to move. */

typedef struct spos {
    uint64_t own, opp;
    uint64_t key; /* Zobrist key of (white, black, side to move) */
    int stm;      /* 0 white, 1 black */
} spos;

/* Zobrist values for the key tables of both games (zobrist.c,
 * chess-zobrist.c): splitmix64 of an index, as constant expressions, so
 * that the tables are constant data. Z45(b) is the 45 values from b. */
#define ZM1(z) (((z) ^ ((z) >> 30)) * 0xBF58476D1CE4E5B9ull)
#define ZM2(z) (((z) ^ ((z) >> 27)) * 0x94D049BB133111EBull)
#define ZM3(z) ((z) ^ ((z) >> 31))
#define ZOB(i) ZM3(ZM2(ZM1(((uint64_t)(i) + 1) * 0x9E3779B97F4A7C15ull)))
#define Z5(b) ZOB(b), ZOB(b + 1), ZOB(b + 2), ZOB(b + 3), ZOB(b + 4)
#define Z45(b)                                                                 \
    Z5(b), Z5(b + 5), Z5(b + 10), Z5(b + 15), Z5(b + 20), Z5(b + 25),          \
        Z5(b + 30), Z5(b + 35), Z5(b + 40)

/* Zobrist keys: piece of colour c on square s, and Black to move. The
 * tables are constant data computed by the compiler (zobrist.c). */
extern const uint64_t zobrist_piece[2][BOARD_SQUARES];
extern const uint64_t zobrist_black_to_move;

uint64_t zobrist_key(uint64_t white, uint64_t black, int stm);
void spos_set(spos *p, uint64_t white, uint64_t black, int stm);
/* child = p after turn t (a legal turn of p's side to move). */
void spos_play(spos *child, const spos *p, fan_turn t);

/* ------------------------------------------------------------------ */
/* Engine switches. Each one exists so that a match can measure it.    */

typedef struct search_config {
    int use_tt;          /* transposition table */
    int use_pvs;         /* null-window search of all but the first move */
    int use_ordering;    /* TT move, captures by size, killers, history */
    int use_aspiration;  /* aspiration windows from depth 4 */
    int use_lmr;         /* late move reductions of quiet turns */
    int use_qsearch;     /* resolve capture sequences at the horizon */
    int qsearch_limit;   /* at most this many capture turns in qsearch */
    int qsearch_standpat;/* stand pat on the static eval at capture nodes */
    int standpat_bonus;  /* added to that eval: a capture must be made */
    int use_futility;    /* futility pruning of quiet turns at depth 1 */
    int use_single_ext;  /* extend a node with a single legal turn */
    /* evaluation weights (centipieces); all zero = material only */
    int w_mobility;      /* per paika of own minus opponent's */
    int w_strong;        /* per piece on a strong point */
    int w_threat;        /* per own piece the opponent could capture */
    int w_threat_run;    /* per piece of the opponent's largest capture run */
    int w_isolated;      /* per piece with no friendly neighbour */
    int w_centre;        /* per piece on the middle three rows */
} search_config;

/* The configuration of the full engine (what fan_search_run uses). */
void search_config_default(search_config *cfg);
/* Plain alpha-beta with iterative deepening and material only. */
void search_config_plain(search_config *cfg);

typedef struct fan_search fan_search;
/* Switches for the next runs of s (the handle keeps a copy). */
void search_set_config(fan_search *s, const search_config *cfg);

/* ------------------------------------------------------------------ */
/* Evaluation (eval.c): side to move's view, in centipieces.           */

int evaluate(const search_config *cfg, uint64_t own, uint64_t opp);
/* The two copies behind it (eval.c, eval-fast.c) and the choice. */
typedef int (*eval_fn)(const search_config *cfg, uint64_t own, uint64_t opp);
int evaluate_generic(const search_config *cfg, uint64_t own, uint64_t opp);
#ifdef FAN_PERFT_FAST
int evaluate_fast(const search_config *cfg, uint64_t own, uint64_t opp);
#endif
eval_fn evaluate_for_cpu(void);

/* ------------------------------------------------------------------ */
/* Transposition table (tt.c): buckets of two entries, shared by the   */
/* threads of a search without locks (each entry carries a check word */
/* so that a torn write reads as a miss).                              */

typedef struct tt_entry {
    _Atomic uint64_t check; /* key ^ move ^ data */
    _Atomic uint64_t move;
    _Atomic uint64_t data;
} tt_entry;

typedef struct tt_table {
    tt_entry *entries; /* 2 * (mask + 1) entries */
    uint64_t mask;     /* bucket count - 1 (a power of two) */
    size_t mib;
    uint8_t generation;
} tt_table;

#define TT_BOUND_UPPER 1
#define TT_BOUND_LOWER 2
#define TT_BOUND_EXACT 3

typedef struct tt_hit {
    fan_turn move;
    int score, depth, bound;
} tt_hit;

int tt_init(tt_table *t, size_t mib);
void tt_free(tt_table *t);
void tt_clear(tt_table *t);
void tt_new_search(tt_table *t);
int tt_probe(const tt_table *t, uint64_t key, tt_hit *out);
void tt_store(tt_table *t, uint64_t key, fan_turn move, int score, int depth,
              int bound);

/* ------------------------------------------------------------------ */
/* Scores                                                              */

#define SCORE_INF 32000
#define SCORE_WIN FAN_SCORE_WIN
#define SCORE_WIN_MIN (FAN_SCORE_WIN - FAN_SCORE_DECISIVE_TURNS)

#define MAX_PLY 160

#endif
