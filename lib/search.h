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
/* child = p with the other side to move (a pass: not a legal turn, for
 * null-move pruning). */
void spos_pass(spos *child, const spos *p);

/* ------------------------------------------------------------------ */
/* Evaluation features (eval.c): each a count from the side to move's  */
/* view; the evaluation is their weighted sum, tapered by the pieces    */
/* left. The tuner (tools/fanorona-tune.c) fits the weights to games.   */

#define EVAL_PST_CLASSES 15
enum {
    EF_MATERIAL,    /* own pieces - opponent's */
    EF_TEMPO,       /* 1: the side to move */
    EF_PAIKA_OWN,   /* paika steps of own pieces */
    EF_PAIKA_OPP,   /* paika steps of the opponent's */
    EF_CAPT_OWN,    /* first capture segments own could start */
    EF_CAPT_OPP,    /* the opponent's */
    EF_TARGETS_OPP, /* opponent pieces own could capture */
    EF_TARGETS_OWN, /* own pieces under immediate capture threat */
    EF_RUN_OWN,     /* pieces of own's largest first-segment capture */
    EF_RUN_OPP,     /* of the opponent's largest: own pieces it takes */
    EF_ISOLATED,    /* own pieces with no friendly neighbour - opponent's */
    EF_PST,         /* EVAL_PST_CLASSES piece-square classes, own - opp */
    EF_COUNT = EF_PST + EVAL_PST_CLASSES
};
/* The phase: pieces on the board, at most this many. The opening's long
 * capture sequences leave most quiet positions with 4 to 12 pieces, so
 * "mg" weights hold from 16 pieces up and "eg" ones at none. */
#define EVAL_PHASE_MAX 16

/* Feature groups that cost time; material and tempo are always there. */
#define EG_MOBILITY 1u
#define EG_CAPTURES 2u
#define EG_ISOLATED 4u
#define EG_PST 8u
#define EG_ALL 15u
/* Not a group (eval_packed only): the weights of the own side's capture
 * features (EF_CAPT_OWN, EF_TARGETS_OPP, EF_RUN_OWN) are all 0, and
 * evaluate_packed does not compute them. */
#define EG_NO_OWN_CAPTURES 16u

typedef struct eval_weights {
    int mg[EF_COUNT]; /* with EVAL_PHASE_MAX pieces or more on the board */
    int eg[EF_COUNT]; /* with none (interpolated by the pieces left) */
    unsigned groups;  /* the feature groups these weights use */
} eval_weights;

/* Patterns: the state of every 2x3 and 3x2 block of points (3^6 = 729
 * states: empty, own, opponent's) looks up a weight of its table; the
 * blocks that the board's two mirror symmetries map onto each other share
 * one table, their points read in the mirrored order (eval.c). An entry is
 * mg + 65536 * eg, each within an int16_t. The weights are generated:
 * stop-at-will's (lib/eval-patterns.c) by tools/fanorona-patterns,
 * must-continue's (lib/eval-patterns-must.c) by tools/pattern-mean.py as
 * the mean of two tables that tool fitted. */
#define EVAL_PAT_TABLES 16
#define EVAL_PAT_STATES 729
#define EVAL_PAT_PLACES 52 /* 28 blocks of 2 rows by 3, 24 of 3 by 2 */
extern const int32_t eval_pattern_weights[EVAL_PAT_TABLES][EVAL_PAT_STATES];
extern const int32_t
    eval_pattern_weights_must[EVAL_PAT_TABLES][EVAL_PAT_STATES];
/* An entry's (or a sum of entries') mg and eg: mg is the low 16 bits as
 * a signed number, eg the rest. */
static inline void eval_pattern_split(int32_t e, int32_t *mg, int32_t *eg)
{
    *mg = (int16_t)(uint16_t)((uint32_t)e & 0xFFFF);
    *eg = (e - *mg) / 65536;
}
/* The table of each block. */
extern const uint8_t eval_pattern_table_of[EVAL_PAT_PLACES];
/* The state (0 .. 728) of each block for own (digit 1) and opp (digit 2). */
void eval_pattern_states(uint16_t state[EVAL_PAT_PLACES], uint64_t own,
                         uint64_t opp);

/* The same weights prepared for the search's evaluation (evaluate_packed,
 * search_config_weights_for makes them): each weight as one integer
 * mg + 2^32 eg, so that one multiplication and one addition count a
 * feature in both phases, and the piece-square classes spread over the
 * points. evaluate_packed(&pk) == evaluate_generic(&w) on every board;
 * with pat set, the patterns' tapered sum is added (patterns_in_packed
 * of tests/test-eval.c). */
typedef struct eval_packed {
    int64_t w[EF_COUNT];           /* the piece-square entries unused */
    int64_t point[BOARD_SQUARES];  /* the piece-square weight of a point */
    unsigned groups;               /* as eval_weights, EG_NO_OWN_CAPTURES too */
    const int32_t (*pat)[EVAL_PAT_STATES]; /* pattern weights, or NULL */
} eval_packed;
void eval_pack(eval_packed *pk, const eval_weights *w);

/* The points of each piece-square class (the board's quarter). */
extern const uint64_t eval_pst_mask[EVAL_PST_CLASSES];
/* The fitted weights (generated by fanorona-tune): the default ones to
 * stop-at-will self-play positions labelled by a search of each
 * (lib/eval-weights.c, tools/fanorona-label), the others (tuned=2) to
 * must-continue game results (lib/eval-weights-must.c). */
extern const eval_weights eval_tuned_weights;
extern const eval_weights eval_tuned_weights_must;

/* Features of (own to move, opp) in groups; returns the phase (pieces on
 * the board, at most EVAL_PHASE_MAX). Two copies like evaluate_generic/_fast. */
int eval_features_generic(int f[EF_COUNT], uint64_t own, uint64_t opp,
                          unsigned groups);
#ifdef FAN_PERFT_FAST
int eval_features_fast(int f[EF_COUNT], uint64_t own, uint64_t opp,
                       unsigned groups);
#endif
/* The tapered weighted sum of features at a phase. */
int eval_weighted(const eval_weights *w, const int f[EF_COUNT], int phase);

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
    /* pruning switches measured at equal time (doc/search.md), off by
     * default but late move pruning (stop-at-will), with their parameters
     * (set by search_config_default and search_config_plain, used only
     * when the switch is on) */
    int use_rfp;         /* reverse futility pruning (static null move) */
    int rfp_depth;       /* ... at depths up to this */
    int rfp_margin;      /* ... when eval - margin * depth >= beta */
    int use_null;        /* null-move pruning (a pass; search.c says why
                          * it is sound enough in Fanorona) */
    int null_depth;      /* ... from this depth */
    int null_min_pieces; /* ... when both sides have more pieces than this */
    int null_r;          /* ... reduced by null_r + depth / null_r_div */
    int null_r_div;
    int use_lmp;         /* late move pruning of quiet turns: 1 in both
                          * rulesets, 2 (the default) in stop-at-will */
    int lmp_depth;       /* ... at depths up to this */
    int lmp_base;        /* ... after lmp_base + lmp_k * depth^2 paikas */
    int lmp_k;
    int use_hist2;       /* history with a malus for the paikas tried
                          * before a cutoff, bounded (gravity), and read by
                          * the late move reductions */
    int use_lmr2;        /* logarithmic late move reductions (implies LMR):
                          * floor(a + ln(depth) * ln(i) / b) turns */
    int lmr_a;           /* ... a, in hundredths */
    int lmr_b;           /* ... b, in hundredths */
    int use_threatq;     /* quiescence: a quiet node whose opponent has a
                          * capture searches its paikas */
    int threatq_plies;   /* ... at quiescence plies below this */
    int threatq_standpat;/* ... with the static eval as a stand-pat bound */
    int use_qtt;         /* quiescence nodes that search turns probe the
                          * transposition table (cutoffs at null windows,
                          * the table's turn first) and store their result
                          * at depth 0 */
    int use_iir;         /* internal iterative reduction: a node with no
                          * turn from the table is searched one turn
                          * shallower ... */
    int iir_depth;       /* ... from this depth */
    int use_partial;     /* a stopped iteration's root turn that beat the
                          * previous best at the new depth is played */
    int lmr_nonpv;       /* late move reductions: this many turns more
                          * at null-window (non-PV) nodes */
    int use_countermove; /* move ordering: the paika that last refuted
                          * the opponent's previous turn comes after the
                          * killers */
    int use_singular;    /* singular extension: the table's turn is
                          * searched a turn deeper when every other turn
                          * fails low against its score less a margin */
    int singular_depth;  /* ... at nodes of this depth or more */
    int singular_margin; /* ... the margin, centipieces a turn of depth */
    int use_capkiller;   /* move ordering: the two captures that last cut
                          * off at the ply come first after the table's
                          * turn (killers of capture nodes) */
    int lmr_threat;      /* late move reductions: a paika that gives the
                          * mover a capture next turn is reduced one turn
                          * less */
    int lmr_first;       /* late move reductions: the index of the first
                          * turn reduced (3) */
    int lmr_late;        /* ... one turn more from this index, and one more
                          * from this depth (8) */
    int lmr_captures;    /* late move reductions of late captures too,
                          * where a capture is compulsory and the turns
                          * are its choices: 1 by one turn; 2 by 1 to 3
                          * as a paika; 3 by two from lmr_late */
    int use_safe_order;  /* move ordering at nodes of this depth or more
                          * (0: none): the paikas after which the opponent
                          * has a capture come after the others (the
                          * table's turn, killers and counter turn keep
                          * their places) */
    int use_offer_order; /* the same, but those paikas (offers: the
                          * opponent must then capture) before the others */
    int use_probcut;     /* probcut: a non-PV node whose reduced search
                          * (depth - probcut_r) reaches beta + margin
                          * fails high without the full search */
    int probcut_depth;   /* ... at nodes of this depth or more */
    int probcut_r;       /* ... the reduction, in turns */
    int probcut_margin;  /* ... the margin, centipieces */
    int eval_tuned;      /* 1: the stop-at-will fit in both rulesets; 2: the
                          * fit of the search's ruleset; 0: the hand
                          * weights below */
    int use_patterns;    /* the evaluation adds the pattern weights of the
                          * search's ruleset (eval_pattern_weights,
                          * eval_pattern_weights_must): 1 everywhere, 2 not
                          * in the stand-pat eval of capture nodes (the
                          * default) */
    int eval_scale;      /* the evaluation's weights other than material
                          * in percent (100: as fitted or set) */
    int standpat_eval;   /* stand pat at capture nodes on: 0 the eval, 1 the
                          * eval without its capture features, 2 the hand
                          * weights */
    int tb_draw;         /* >0: a drawn table position is searched on, its
                            score clamped to +-tb_draw (search.c tb_node) */
    int contempt;        /* a draw by repetition or the turn limit scores
                          * -contempt for the side to move at the root
                          * (centipieces; search.c draw_score) */
    /* hand evaluation weights (centipieces); all zero = material only */
    int w_mobility;      /* per paika of own minus opponent's */
    int w_strong;        /* per piece on a strong point */
    int w_threat;        /* per own piece the opponent could capture */
    int w_threat_run;    /* per piece of the opponent's largest capture run */
    int w_isolated;      /* per piece with no friendly neighbour */
    int w_centre;        /* per piece on the middle three rows */
    /* the weights the evaluation uses: search_config_weights() sets them from
     * the fields above (the search does so at the start of each run) */
    eval_weights eval;
    eval_weights eval_sp; /* the stand-pat weights (standpat_eval) */
    eval_packed eval_pk, eval_sp_pk; /* the two prepared for the search */
} search_config;

/* The hand weights of cfg's w_* fields as features weights. */
void eval_hand_weights(eval_weights *w, const search_config *cfg);
/* cfg->eval (and eval_sp) from eval_tuned and the hand weights, for a
 * search under rules (FAN_RULES_STOP or FAN_RULES_MUST). */
void search_config_weights_for(search_config *cfg, int rules);
/* The same for stop-at-will. */
void search_config_weights(search_config *cfg);

/* The configuration of the full engine (what fan_search_run uses). */
void search_config_default(search_config *cfg);
/* Plain alpha-beta with iterative deepening and material only. */
void search_config_plain(search_config *cfg);

typedef struct fan_search fan_search;
/* Switches for the next runs of s (the handle keeps a copy). */
void search_set_config(fan_search *s, const search_config *cfg);

/* ------------------------------------------------------------------ */
/* Evaluation (eval.c): side to move's view, in centipieces.           */

/* The score of eval_weights, in two copies (eval.c, eval-fast.c). */
int evaluate_generic(const eval_weights *w, uint64_t own, uint64_t opp);
#ifdef FAN_PERFT_FAST
int evaluate_fast(const eval_weights *w, uint64_t own, uint64_t opp);
#endif
/* The same score from prepared weights (eval_pack), what the search
 * calls: no feature array, half the multiplications; its two copies and
 * the choice for this processor. */
typedef int (*eval_fn)(const eval_packed *pk, uint64_t own, uint64_t opp);
int evaluate_packed_generic(const eval_packed *pk, uint64_t own, uint64_t opp);
#ifdef FAN_PERFT_FAST
int evaluate_packed_fast(const eval_packed *pk, uint64_t own, uint64_t opp);
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

/* A bucket fills one 64-byte cache line, at an address a multiple of 64:
 * a probe reads one line, not two. */
typedef struct tt_bucket {
    tt_entry slot[2];
    uint64_t pad[2];
} tt_bucket;

typedef struct tt_table {
    tt_bucket *buckets; /* mask + 1 of them */
    uint64_t mask;      /* bucket count - 1 (a power of two) */
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
/* Asks the processor to fetch key's bucket into the cache ahead of a
 * probe (a hint, no effect on results). */
static inline void tt_prefetch(const tt_table *t, uint64_t key)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&t->buckets[key & t->mask]);
#else
    (void)t;
    (void)key;
#endif
}
void tt_store(tt_table *t, uint64_t key, fan_turn move, int score, int depth,
              int bound);

/* ------------------------------------------------------------------ */
/* Scores                                                              */

#define SCORE_INF 32000
#define SCORE_WIN FAN_SCORE_WIN
#define SCORE_WIN_MIN (FAN_SCORE_WIN - FAN_SCORE_DECISIVE_TURNS)

#define MAX_PLY 160

#endif
