/* SPDX-License-Identifier: MIT */
/* The search handle and its threads' state, shared by the engine's files:
 * search.c (alpha-beta, quiescence, root, iterative deepening), movepick.c
 * (ordering), timeman.c (time and node limits), levels.c (playing
 * levels), threads.c (workers and their threads) and engine.c (the
 * handle and fan_search_run). Nothing here is exported. */
#ifndef FAN_ENGINE_H
#define FAN_ENGINE_H

#include "chess-search.h"
#include "position.h"
#include "search.h"

#include <pthread.h>
#include <time.h>

#define KEYS_MAX (FAN_TURN_LIMIT + MAX_PLY + 8)
#define CHECK_EVERY 1024
#define LMR_TABLE 64 /* depths and turn indices of the lmr2 table */

typedef struct root_move {
    fan_turn turn;
    spos child;
    int score;     /* exact for lines searched with an open window */
    int noise;     /* level randomness added to this turn's score */
    int pv_length;
    fan_turn pv[FAN_SEARCH_PV_MAX];
} root_move;

typedef struct search_worker {
    fan_search *s;
    int id;
    pthread_t thread;
    _Atomic uint64_t published; /* nodes, for the other threads to read */
    uint64_t nodes;
    int seldepth;
    int depth_done;            /* last completed iteration */
    int partial_best;          /* the root turn (index) that beat the first
                                * of the iteration in progress, or -1 */
    root_move *roots;
    root_move *saved;          /* roots of the last completed iteration */
    int nroots;
    int history[2][BOARD_SQUARES][BOARD_SQUARES];
    fan_turn killers[MAX_PLY][2];
    fan_turn ckillers[MAX_PLY][2]; /* use_capkiller: the captures that
                                * last cut off at each ply */
    fan_turn counter[2][BOARD_SQUARES][BOARD_SQUARES]; /* use_countermove:
                                * by the side to move and the previous
                                * turn's origin and destination */
    fan_turn path[MAX_PLY + 1]; /* use_countermove: the turn played at
                                * each ply of the line (0: a pass); not
                                * written with the switch off */
    unsigned char passed[MAX_PLY + 1]; /* the node of ply follows a pass */
    fan_turn excluded[MAX_PLY + 1]; /* use_singular: the turn a node of
                                * ply leaves out (0: none) */
    unsigned char probing[MAX_PLY + 1]; /* use_probcut: the node of ply
                                * runs its reduced search */
    fan_turn pv[MAX_PLY][MAX_PLY];
    int pvlen[MAX_PLY];
    /* the turn lists of the nodes on the current line, one after the
     * other: the list of ply p starts at base[p]; grown on demand, as no
     * small bound of the number of turns is known (doc/api.md) */
    fan_turn *stack_moves;
    int *stack_scores;
    size_t stack_cap;
    size_t base[MAX_PLY + 1];
    int failed;                /* FAN_ENOMEM when the stack could not grow */
    struct chess_area *chess;  /* NULL until the first chess run */
    uint64_t keys[KEYS_MAX];   /* positions of the game, then of the path */
    int clock[KEYS_MAX];       /* paikas in a row leading to the position */
} search_worker;

/* What one game adds to the game-independent root (iterate.c). */
typedef struct search_game {
    /* the score of the position after root move rm, from its side to
     * move's view, searched at depth with the window (alpha, beta) */
    int (*root_child)(search_worker *w, const root_move *rm, int alpha,
                      int beta, int depth);
    /* gives line (0-based) of w's last iteration to the run's progress
     * callback in the game's result type; its return value */
    int (*report)(search_worker *w, int line);
    /* plies or turns a proven result must lie inside the depth by: more
     * than 0 where reductions could hide a quicker end */
    int proven_margin;
} search_game;
typedef int (*search_child_fn)(search_worker *w, const root_move *rm,
                               int alpha, int beta, int depth);
extern const search_game search_game_fanorona;
extern const search_game search_game_chess;

/* The Fanorona Chess part of a worker (chess-search.c), allocated by the
 * first chess run: the move lists of the plies of the current line. */
typedef struct chess_area {
    fan_turn moves[MAX_PLY][FAN_CHESS_MOVES_MAX]; /* fan_chess_move values */
    int scores[MAX_PLY][FAN_CHESS_MOVES_MAX];
} chess_area;

#define PLY_MOVES(w, ply) ((w)->stack_moves + (w)->base[ply])

#define PLY_SCORES(w, ply) ((w)->stack_scores + (w)->base[ply])
#define STACK_START 256 /* small: every search runs the growth path */

struct fan_search {
    tt_table tt;
    atomic_int stop;
    search_config cfg;   /* as set by search_set_config() */
    search_config run;   /* the switches of this run (levels may drop some) */
    chess_search_config chess_cfg; /* as set by chess_search_set_config() */
    chess_search_config chess_run; /* the chess switches of this run */
    chess_state chess_root;        /* the root of a chess run */
    const search_game *game;       /* the game of this run */
    int run_pvs, run_aspiration;   /* the root's switches of this run */
    int run_partial;               /* use_partial (Fanorona only) */
    search_worker **workers;
    int nworkers;
    int table_rules; /* the ruleset of the runs since the table was last
                      * cleared (-1: none yet), see fan_search_run */
    /* per run */
    int rules;
    mg_turns_fn gen;     /* the copies of the generator and of the */
    eval_fn eval;        /* evaluation for this processor */
    int root_turns;      /* complete turns played before the root turn */
    int root_index;      /* index of the root in worker keys */
    int ngame;           /* game positions before the root in keys */
    uint64_t game_keys[FAN_TURN_LIMIT + 2];
    int game_clock[FAN_TURN_LIMIT + 2];
    uint32_t threads;    /* as configured; 0 = one per online processor */
    int depth_limit, multipv;
    uint64_t node_limit;
    /* the time plan of a run (search_plan_time): no new iteration after
     * soft_ms, a stop at hard_ms once depth 1 is done, at panic_ms even
     * before (a clock that would run out); all 0 without a time limit */
    uint64_t soft_ms, hard_ms, panic_ms;
    int clock_mode; /* the limits gave a clock, not a fixed time */
    struct timespec start;
    fan_search_progress progress;
    fan_chess_search_progress chess_progress;
    void *user;
    const fan_tb *tables; /* TB: fan_search_set_tables(), may be NULL */
    /* lmr2: the reduction by depth and turn index (both capped) */
    unsigned char lmr[LMR_TABLE][LMR_TABLE];
};

/* ------------------------------------------------------------------ */
/* Stopping (timeman.c)                                                */

static inline int stopped(const fan_search *s)
{
    return atomic_load_explicit(&s->stop, memory_order_relaxed);
}

static inline void request_stop(fan_search *s)
{
    atomic_store_explicit(&s->stop, 1, memory_order_relaxed);
}

/* Sets the time plan of a run from its limits. */
void search_plan_time(fan_search *s, const fan_search_limits *limits);
/* Milliseconds since the run started. */
uint64_t search_elapsed_ms(const fan_search *s);
/* Nodes of all threads, as last published. */
uint64_t search_total_nodes(const fan_search *s);
/* Every CHECK_EVERY nodes: publishes the count, and on the main thread
 * stops the run at its time or node limit. */
void search_check_limits(search_worker *w);
/* Whether the main thread starts another iteration: with a fixed time
 * until it is used up; with a clock until the soft limit, and not at all
 * for a forced turn or a found win. */
int search_another_iteration(const search_worker *w);

/* Enters a node at ply: its line empty, counted, the deepest ply kept;
 * 1 when the search has stopped. */
static inline int enter_node(search_worker *w, int ply);

/* Counts a node; the main thread enforces the limits. */
static inline int count_node(search_worker *w)
{
    fan_search *s = w->s;
    if (stopped(s))
        return 1;
    w->nodes++;
    if (w->id == 0 && s->nworkers == 1 && s->node_limit &&
        w->nodes >= s->node_limit)
        request_stop(s);
    if ((w->nodes & (CHECK_EVERY - 1)) == 0)
        search_check_limits(w);
    return stopped(s);
}

/* ------------------------------------------------------------------ */
/* A node's best so far (both games)                                   */

/* Mate distance pruning: no line from a node at ply ends sooner than a
 * loss there, nor later than a win with the next move; 1 when the window
 * closes (the node then scores alpha). */
static inline int mate_window(int *alpha, int *beta, int ply)
{
    if (*alpha < -SCORE_WIN + ply)
        *alpha = -SCORE_WIN + ply;
    if (*beta > SCORE_WIN - ply - 1)
        *beta = SCORE_WIN - ply - 1;
    return *alpha >= *beta;
}

static inline int enter_node(search_worker *w, int ply)
{
    w->pvlen[ply] = ply;
    if (count_node(w))
        return 1;
    if (ply > w->seldepth)
        w->seldepth = ply;
    return 0;
}

/* The line of ply: move t, then the line of ply + 1. */
static inline void search_update_pv(search_worker *w, int ply, fan_turn t)
{
    w->pv[ply][ply] = t;
    int n = w->pvlen[ply + 1];
    for (int i = ply + 1; i < n; i++)
        w->pv[ply][i] = w->pv[ply + 1][i];
    w->pvlen[ply] = n > ply + 1 ? n : ply + 1;
}

/* Folds the score of move t into a node's best (and best_move, may be
 * NULL), alpha and line; 1 when it reaches beta (a cutoff). */
static inline int search_improve(search_worker *w, int ply, fan_turn t,
                                 int score, int *best, fan_turn *best_move,
                                 int *alpha, int beta)
{
    if (score <= *best)
        return 0;
    *best = score;
    if (best_move)
        *best_move = t;
    if (score <= *alpha)
        return 0;
    *alpha = score;
    search_update_pv(w, ply, t);
    return score >= beta;
}

/* ------------------------------------------------------------------ */
/* Move ordering (movepick.c)                                          */

/* Scores the n turns of ply (the table move first, captures by size,
 * killers, history), at a node of depth (0: the quiescence). */
void score_moves(search_worker *w, const spos *p, int ply, fan_turn tt_move,
                 int n, int depth);
/* Moves the best-scored remaining turn to index i. */
void pick(fan_turn *moves, int *scores, int i, int n);
/* Moves the turns of first (nfirst of them) that are in the list of n to
 * the list's front, in that order: the turns a node searched before
 * listing its turns, where picking them by their scores would have put
 * them. Returns how many were in the list (a turn not in it is skipped). */
int pick_front(fan_turn *moves, int *scores, int n, const fan_turn *first,
               int nfirst);
/* The counter turn of the node at ply (use_countermove), or 0. */
fan_turn counter_move(const search_worker *w, const spos *p, int ply);
/* A turn that caused a cutoff: history and killers. */
void reward(search_worker *w, const spos *p, int ply, fan_turn t, int depth);
/* The history's bound with hist2 (use_hist2): every update moves an
 * entry by its bonus less its share of the distance to the bound. */
#define HISTORY_MAX (1 << 14)
/* reward() for hist2: the cutoff turn t gains depth^2 (bounded), and if
 * it is a paika the paikas tried before it at the node (tried[0..n)) lose
 * as much. */
void reward_gravity(search_worker *w, const spos *p, int ply, fan_turn t,
                    int depth, const fan_turn *tried, int n);

/* ------------------------------------------------------------------ */
/* Late move reductions (prune.c)                                      */

/* The reduction of turn t, the i-th of its node at p, in turns. */
int late_reduction(const search_worker *w, const spos *p, fan_turn t, int i,
                   int depth, int ply, int pv_node);

/* t[d][i] = floor(a + ln(d) * ln(i) / b) (0 for d or i 0, at most 60),
 * a and b given in hundredths (b <= 0 taken as 0.01). */
void lmr_table_fill(unsigned char t[LMR_TABLE][LMR_TABLE], int a100,
                    int b100);

/* ------------------------------------------------------------------ */
/* Levels (levels.c)                                                   */

typedef struct level_spec {
    int depth;      /* full-width depth cap */
    uint64_t nodes; /* node cap (0: none) */
    int noise;      /* root scores get a random 0..noise-1 added */
    int qsearch;    /* quiescence on */
} level_spec;

const level_spec *search_level(unsigned level);
/* The noise of a root turn at a level with this much noise (0: none),
 * from the run's seed. */
int level_noise(uint64_t seed, fan_turn turn, int noise);

/* ------------------------------------------------------------------ */
/* Search (search.c, chess-search.c), root (iterate.c), threads         */

/* Iterative deepening of one thread, in the run's game. */
void search_iterate(search_worker *w);
/* Whether the position at keys[idx] repeats one inside the search or
 * occurred twice before the root (search.c). */
int search_is_repetition(const search_worker *w, int idx);
/* Score <-> table entry: decisive scores counted from the node. */
int score_to_tt(int score, int ply);
int score_from_tt(int score, int ply);
/* Fills a result of the library's own version for root line 'line'. */
void fill_result(fan_search_result *out, const search_worker *w, int line);
int is_decisive(int score);

/* The run's steps shared by both games (engine.c): checking the
 * caller's result version, the limits (NULL: the defaults) and the game,
 * then the workers of the run's threads and the level; the game of the
 * run and its root switches; the depth, node, time and line limits of a run at a level;
 * every worker's per-run state, the game's positions (s->game_keys,
 * s->ngame) and the root's, and the root moves in search order
 * (FAN_ENOMEM); running the workers and the main thread's best line
 * (FAN_ENOMEM when a worker ran out). */
void search_set_limits(fan_search *s, const fan_search_limits *limits,
                       const level_spec *lv);
int search_start_run(fan_search *s, uint32_t out_version,
                     uint32_t library_version,
                     const fan_search_limits **limits, int game_over,
                     int *threads, const level_spec **level);
void search_set_game(fan_search *s, const search_game *game, int use_pvs,
                     int use_aspiration);
int search_set_roots(fan_search *s, int threads, uint64_t root_key,
                     const fan_turn *moves, size_t n, const level_spec *lv,
                     uint64_t seed);
int search_execute(fan_search *s, int threads, fan_search_result *best);

/* Makes s have exactly n workers, keeping what existing ones learnt. */
int ensure_workers(fan_search *s, int n);
void free_workers(fan_search *s);
/* Grows the turn-list stack of w to cap entries (FAN_ENOMEM: unchanged). */
int worker_grow_stack(search_worker *w, size_t cap);
/* Runs search_iterate on workers 0..threads-1 (0 on this thread) and
 * waits for all of them. */
void run_workers(fan_search *s, int threads);

#endif
