/* SPDX-License-Identifier: MIT */
/* The engine: iterative deepening over a principal-variation alpha-beta
 * search with a transposition table, move ordering (table move, captures
 * by size, killers, history), late move reductions and a quiescence search
 * over the compulsory captures. Several threads search the same tree with
 * a shared table (Lazy SMP). Everything lives in the search handle. */
#include "search.h"
#include "position.h"
#include "cpu.h"
#include "tb.h" /* TB: endgame tables */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define KEYS_MAX (FAN_TURN_LIMIT + MAX_PLY + 8)
#define CHECK_EVERY 1024

typedef struct root_move {
    fan_turn turn;
    spos child;
    int score;     /* exact for lines searched with an open window */
    int noise;     /* level randomness added to this turn's score */
    int pv_length;
    fan_turn pv[FAN_SEARCH_PV_MAX];
} root_move;

typedef struct worker {
    fan_search *s;
    int id;
    pthread_t thread;
    _Atomic uint64_t published; /* nodes, for the other threads to read */
    uint64_t nodes;
    int seldepth;
    int depth_done;            /* last completed iteration */
    root_move *roots;
    root_move *saved;          /* roots of the last completed iteration */
    int nroots;
    int history[2][BOARD_SQUARES][BOARD_SQUARES];
    fan_turn killers[MAX_PLY][2];
    fan_turn pv[MAX_PLY][MAX_PLY];
    int pvlen[MAX_PLY];
    fan_turn moves[MAX_PLY][MAX_TURNS];
    int scores[MAX_PLY][MAX_TURNS];
    uint64_t keys[KEYS_MAX];   /* positions of the game, then of the path */
    int clock[KEYS_MAX];       /* paikas in a row leading to the position */
} worker;

struct fan_search {
    tt_table tt;
    atomic_int stop;
    search_config cfg;   /* as set by search_set_config() */
    search_config run;   /* the switches of this run (levels may drop some) */
    worker **workers;
    int nworkers;
    /* per run */
    int rules;
    int root_turns;      /* complete turns played before the root turn */
    int root_index;      /* index of the root in worker keys */
    int ngame;           /* game positions before the root in keys */
    uint64_t game_keys[FAN_TURN_LIMIT + 2];
    int game_clock[FAN_TURN_LIMIT + 2];
    uint32_t threads;    /* as configured; 0 = one per online processor */
    int depth_limit, multipv;
    uint64_t node_limit, time_limit_ms;
    struct timespec start;
    fan_search_progress progress;
    void *user;
    const fan_tb *tables; /* TB: fan_search_set_tables(), may be NULL */
};

/* ------------------------------------------------------------------ */
/* Configuration                                                       */

void search_config_default(search_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->use_tt = 1;
    cfg->use_pvs = 1;
    cfg->use_ordering = 1;
    cfg->use_aspiration = 0;
    cfg->use_lmr = 0;
    cfg->use_qsearch = 1;
    cfg->qsearch_limit = 12;
    cfg->qsearch_standpat = 1;
    cfg->use_futility = 0;
    cfg->use_single_ext = 0;
    cfg->w_mobility = 2;
    cfg->w_strong = 0;
    cfg->w_threat = 0;
    cfg->w_threat_run = 0;
    cfg->w_isolated = 0;
    cfg->w_centre = 0;
}

void search_config_plain(search_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
}

void search_set_config(fan_search *s, const search_config *cfg)
{
    s->cfg = *cfg;
}

/* ------------------------------------------------------------------ */
/* Time and stopping                                                   */

static uint64_t elapsed_ms(const fan_search *s)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ms = (int64_t)(now.tv_sec - s->start.tv_sec) * 1000 +
                 (now.tv_nsec - s->start.tv_nsec) / 1000000;
    return ms < 0 ? 0 : (uint64_t)ms;
}

static uint64_t total_nodes(const fan_search *s)
{
    uint64_t n = 0;
    for (int i = 0; i < s->nworkers; i++)
        n += atomic_load_explicit(&s->workers[i]->published,
                                  memory_order_relaxed);
    return n;
}

static int stopped(const fan_search *s)
{
    return atomic_load_explicit(&s->stop, memory_order_relaxed);
}

static void request_stop(fan_search *s)
{
    atomic_store_explicit(&s->stop, 1, memory_order_relaxed);
}

/* Counts a node; the main thread enforces the limits. */
static int count_node(worker *w)
{
    fan_search *s = w->s;
    if (stopped(s))
        return 1;
    w->nodes++;
    if (w->id == 0 && s->nworkers == 1 && s->node_limit &&
        w->nodes >= s->node_limit)
        request_stop(s);
    if ((w->nodes & (CHECK_EVERY - 1)) == 0) {
        atomic_store_explicit(&w->published, w->nodes, memory_order_relaxed);
        if (w->id == 0) {
            /* the first iteration always completes, so that a time
             * limit never returns an unsearched turn */
            if (s->time_limit_ms && w->depth_done >= 1 &&
                elapsed_ms(s) >= s->time_limit_ms)
                request_stop(s);
            if (s->node_limit && s->nworkers > 1 &&
                total_nodes(s) >= s->node_limit)
                request_stop(s);
        }
    }
    return stopped(s);
}

/* ------------------------------------------------------------------ */
/* Draws                                                               */

/* The position at keys[idx] repeats one inside the search, or occurred
 * twice before the root (this is then its third occurrence). */
static int is_repetition(const worker *w, int idx)
{
    uint64_t k = w->keys[idx];
    int before = 0, low = idx - w->clock[idx];
    for (int j = idx - 2; j >= low && j >= 0; j -= 2) {
        if (w->keys[j] != k)
            continue;
        if (j >= w->s->root_index || ++before >= 2)
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Search                                                              */

static int to_tt(int score, int ply)
{
    if (score > SCORE_WIN_MIN)
        return score + ply;
    if (score < -SCORE_WIN_MIN)
        return score - ply;
    return score;
}

static int from_tt(int score, int ply)
{
    if (score > SCORE_WIN_MIN)
        return score - ply;
    if (score < -SCORE_WIN_MIN)
        return score + ply;
    return score;
}

static void update_pv(worker *w, int ply, fan_turn t)
{
    w->pv[ply][ply] = t;
    int n = w->pvlen[ply + 1];
    for (int i = ply + 1; i < n; i++)
        w->pv[ply][i] = w->pv[ply + 1][i];
    w->pvlen[ply] = n > ply + 1 ? n : ply + 1;
}

/* Moves the best-scored remaining turn to index i. */
static void pick(fan_turn *moves, int *scores, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (scores[j] > scores[best])
            best = j;
    if (best != i) {
        fan_turn t = moves[i];
        moves[i] = moves[best];
        moves[best] = t;
        int sc = scores[i];
        scores[i] = scores[best];
        scores[best] = sc;
    }
}

static void score_moves(worker *w, const spos *p, int ply,
                        fan_turn tt_move, int n)
{
    const fan_turn *moves = w->moves[ply];
    int *scores = w->scores[ply];
    for (int i = 0; i < n; i++) {
        fan_turn t = moves[i];
        int h = w->history[p->stm][FAN_TURN_FROM(t)][FAN_TURN_TO(t)];
        if (t == tt_move)
            scores[i] = 1 << 30;
        else if (FAN_TURN_CAPTURED(t))
            scores[i] = (board_popcount(FAN_TURN_CAPTURED(t)) << 20) + h;
        else if (t == w->killers[ply][0])
            scores[i] = 1 << 28;
        else if (t == w->killers[ply][1])
            scores[i] = (1 << 28) - 1;
        else
            scores[i] = h;
    }
}

static void reward(worker *w, const spos *p, int ply, fan_turn t, int depth)
{
    int *h = &w->history[p->stm][FAN_TURN_FROM(t)][FAN_TURN_TO(t)];
    *h += depth * depth;
    if (*h > (1 << 18)) {
        for (int a = 0; a < BOARD_SQUARES; a++)
            for (int b = 0; b < BOARD_SQUARES; b++)
                w->history[p->stm][a][b] /= 2;
    }
    if (!FAN_TURN_CAPTURED(t) && w->killers[ply][0] != t) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0] = t;
    }
}

static int qsearch(worker *w, const spos *p, int alpha, int beta, int ply,
                   int qply)
{
    const search_config *cfg = &w->s->run;
    w->pvlen[ply] = ply;
    if (count_node(w))
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;
    if (!p->own)
        return -SCORE_WIN + ply;
    int tb_exact; /* TB: a covered position scores exactly */
    if (w->s->tables && tb_score(&tb_exact, w->s->tables, w->s->rules, p->own,
                                 p->opp, ply))
        return tb_exact;
    if (!mg_capturers(p->own, p->opp)) {
        if (!mg_has_turn(p->own, p->opp))
            return -SCORE_WIN + ply;
        return evaluate(cfg, p->own, p->opp);
    }
    if (w->s->root_turns + ply >= FAN_TURN_LIMIT)
        return 0;
    if (qply >= cfg->qsearch_limit || ply >= MAX_PLY - 1)
        return evaluate(cfg, p->own, p->opp);
    int best = -SCORE_INF;
    if (cfg->qsearch_standpat) {
        best = evaluate(cfg, p->own, p->opp) + cfg->standpat_bonus;
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }
    int n = gen_turns(w->moves[ply], MAX_TURNS, p->own, p->opp, w->s->rules,
                      NULL);
    score_moves(w, p, ply, 0, n);
    for (int i = 0; i < n; i++) {
        pick(w->moves[ply], w->scores[ply], i, n);
        fan_turn t = w->moves[ply][i];
        spos child;
        spos_play(&child, p, t);
        int score = -qsearch(w, &child, -beta, -alpha, ply + 1, qply + 1);
        if (stopped(w->s))
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(w, ply, t);
                if (score >= beta)
                    break;
            }
        }
    }
    return best;
}

static int search(worker *w, const spos *p, int alpha, int beta, int depth,
                  int ply)
{
    fan_search *s = w->s;
    const search_config *cfg = &s->run;
    int pv_node = beta - alpha > 1;
    int idx = s->root_index + ply;
    w->pvlen[ply] = ply;

    if (ply > 0) {
        if (!p->own)
            return -SCORE_WIN + ply;
        if (is_repetition(w, idx))
            return 0;
        if (s->root_turns + ply >= FAN_TURN_LIMIT)
            return mg_has_turn(p->own, p->opp) ? 0 : -SCORE_WIN + ply;
        int tb_exact; /* TB: a covered position scores exactly */
        if (s->tables &&
            tb_score(&tb_exact, s->tables, s->rules, p->own, p->opp, ply))
            return tb_exact;
        /* no line from here ends sooner than a loss now, nor later than a
         * win on the next turn */
        if (alpha < -SCORE_WIN + ply)
            alpha = -SCORE_WIN + ply;
        if (beta > SCORE_WIN - ply - 1)
            beta = SCORE_WIN - ply - 1;
        if (alpha >= beta)
            return alpha;
    }
    if (depth <= 0 || ply >= MAX_PLY - 2) {
        if (cfg->use_qsearch)
            return qsearch(w, p, alpha, beta, ply, 0);
        w->pvlen[ply] = ply;
        if (count_node(w))
            return 0;
        if (!mg_has_turn(p->own, p->opp))
            return -SCORE_WIN + ply;
        return evaluate(cfg, p->own, p->opp);
    }
    if (count_node(w))
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;

    tt_hit hit = {0, 0, 0, 0};
    int have_hit = cfg->use_tt && tt_probe(&s->tt, p->key, &hit);
    if (have_hit && !pv_node && hit.depth >= depth) {
        int v = from_tt(hit.score, ply);
        if ((hit.bound == TT_BOUND_EXACT) ||
            (hit.bound == TT_BOUND_LOWER && v >= beta) ||
            (hit.bound == TT_BOUND_UPPER && v <= alpha))
            return v;
    }

    int n = gen_turns(w->moves[ply], MAX_TURNS, p->own, p->opp, s->rules,
                      NULL);
    if (n == 0)
        return -SCORE_WIN + ply;
    if (n == 1 && cfg->use_single_ext && ply < 2 * s->depth_limit)
        depth++;
    if (cfg->use_ordering)
        score_moves(w, p, ply, have_hit ? hit.move : 0, n);

    int quiet_node = !FAN_TURN_CAPTURED(w->moves[ply][0]);
    int futile = 0;
    if (cfg->use_futility && quiet_node && depth == 1 && !pv_node &&
        alpha > -SCORE_WIN_MIN && beta < SCORE_WIN_MIN)
        futile = evaluate(cfg, p->own, p->opp) + 150 <= alpha;

    int alpha0 = alpha, best = -SCORE_INF;
    fan_turn best_move = 0;
    for (int i = 0; i < n; i++) {
        if (cfg->use_ordering)
            pick(w->moves[ply], w->scores[ply], i, n);
        fan_turn t = w->moves[ply][i];
        int quiet = !FAN_TURN_CAPTURED(t);
        spos child;
        spos_play(&child, p, t);
        w->keys[idx + 1] = child.key;
        w->clock[idx + 1] = quiet ? w->clock[idx] + 1 : 0;
        int score;
        if (futile && i > 0 && best > -SCORE_WIN_MIN &&
            !mg_capturers(child.opp, child.own)) {
            /* a paika that creates no capture cannot lift a lost eval */
            continue;
        }
        if (i == 0 || !cfg->use_pvs) {
            score = -search(w, &child, -beta, -alpha, depth - 1, ply + 1);
        } else {
            int r = 0;
            if (cfg->use_lmr && quiet && depth >= 3 && i >= 3 &&
                t != w->killers[ply][0] && t != w->killers[ply][1])
                r = 1 + (i >= 8) + (depth >= 8);
            if (r && r > depth - 2)
                r = depth - 2;
            score = -search(w, &child, -alpha - 1, -alpha, depth - 1 - r,
                            ply + 1);
            if (score > alpha && r)
                score = -search(w, &child, -alpha - 1, -alpha, depth - 1,
                                ply + 1);
            if (score > alpha && score < beta)
                score = -search(w, &child, -beta, -alpha, depth - 1, ply + 1);
        }
        if (stopped(s))
            return 0;
        if (score > best) {
            best = score;
            best_move = t;
            if (score > alpha) {
                alpha = score;
                update_pv(w, ply, t);
                if (score >= beta) {
                    if (cfg->use_ordering)
                        reward(w, p, ply, t, depth);
                    break;
                }
            }
        }
    }
    if (cfg->use_tt) {
        int bound = best >= beta     ? TT_BOUND_LOWER
                    : best > alpha0 ? TT_BOUND_EXACT
                                    : TT_BOUND_UPPER;
        tt_store(&s->tt, p->key, bound == TT_BOUND_UPPER ? 0 : best_move,
                 to_tt(best, ply), depth, bound);
    }
    return best;
}

/* ------------------------------------------------------------------ */
/* Root                                                                */

static int is_decisive(int score)
{
    return score > SCORE_WIN_MIN || score < -SCORE_WIN_MIN;
}

/* Searches root moves [first, nroots) at depth with the window; moves that
 * do not reach the window keep -SCORE_INF so that a stable sort puts the
 * best first. Returns the best score (including level noise). */
static int search_root(worker *w, int first, int depth, int alpha, int beta)
{
    fan_search *s = w->s;
    const search_config *cfg = &s->run;
    int best = -SCORE_INF;
    w->pvlen[0] = 0;
    if (count_node(w))
        return 0;
    for (int i = first; i < w->nroots; i++) {
        root_move *rm = &w->roots[i];
        int q = rm->noise;
        int quiet = !FAN_TURN_CAPTURED(rm->turn);
        w->keys[s->root_index + 1] = rm->child.key;
        w->clock[s->root_index + 1] = quiet ? w->clock[s->root_index] + 1 : 0;
        int v;
        if (i == first || !cfg->use_pvs) {
            v = -search(w, &rm->child, -(beta - q), -(alpha - q), depth - 1, 1);
        } else {
            v = -search(w, &rm->child, -(alpha - q) - 1, -(alpha - q),
                        depth - 1, 1);
            if (v + q > alpha && v + q < beta)
                v = -search(w, &rm->child, -(beta - q), -(alpha - q),
                            depth - 1, 1);
        }
        /* level noise never reorders won or lost lines */
        int score = is_decisive(v) ? v : v + q;
        if (stopped(s))
            return best;
        if (score > best)
            best = score;
        if (score > alpha || i == first) {
            rm->score = score;
            int n = w->pvlen[1];
            rm->pv[0] = rm->turn;
            rm->pv_length = 1;
            for (int k = 1; k < n && k < FAN_SEARCH_PV_MAX; k++)
                rm->pv[rm->pv_length++] = w->pv[1][k];
            if (score > alpha)
                alpha = score;
            if (score >= beta)
                return score;
        } else {
            rm->score = -SCORE_INF;
        }
    }
    return best;
}

/* Stable insertion sort of roots[first..] by score, best first. */
static void sort_roots(worker *w, int first)
{
    for (int i = first + 1; i < w->nroots; i++) {
        root_move rm = w->roots[i];
        int j = i;
        while (j > first && w->roots[j - 1].score < rm.score) {
            w->roots[j] = w->roots[j - 1];
            j--;
        }
        w->roots[j] = rm;
    }
}

/* One iteration for one line, with aspiration windows around prev. */
static int search_line(worker *w, int line, int depth, int prev)
{
    const search_config *cfg = &w->s->run;
    int delta = 40;
    int alpha = -SCORE_INF, beta = SCORE_INF;
    if (cfg->use_aspiration && depth >= 4 && !is_decisive(prev)) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        int score = search_root(w, line, depth, alpha, beta);
        if (stopped(w->s))
            return score;
        sort_roots(w, line);
        if (score <= alpha && alpha > -SCORE_INF) {
            alpha = score - delta > -SCORE_INF ? score - delta : -SCORE_INF;
            if (delta > 400)
                alpha = -SCORE_INF;
        } else if (score >= beta && beta < SCORE_INF) {
            beta = score + delta < SCORE_INF ? score + delta : SCORE_INF;
            if (delta > 400)
                beta = SCORE_INF;
        } else {
            return score;
        }
        delta *= 3;
    }
}

/* Fills a result of the library's own version (callers with an older
 * version get a copy of their prefix: see copy_result). */
static void fill_result(fan_search_result *out, const worker *w, int line)
{
    const fan_search *s = w->s;
    const root_move *rm = &w->roots[line];
    memset(out, 0, sizeof *out);
    out->version = FAN_SEARCH_RESULT_VERSION;
    out->best = rm->turn;
    out->score = is_decisive(rm->score) ? rm->score : rm->score - rm->noise;
    if (rm->score <= -SCORE_INF)
        out->score = 0;
    out->depth = (uint32_t)w->depth_done;
    out->seldepth = (uint32_t)w->seldepth;
    out->line = (uint32_t)line + 1;
    out->nodes = s->nworkers == 1 ? w->nodes : total_nodes(s);
    out->time_ms = elapsed_ms(s);
    out->pv_length = rm->pv_length ? (uint32_t)rm->pv_length : 1;
    out->pv[0] = rm->turn;
    for (int i = 1; i < rm->pv_length; i++)
        out->pv[i] = rm->pv[i];
}

/* Whether the first 'lines' root lines after an iteration of 'depth'
 * turns are all proven: won or lost with the game's end at most 'depth'
 * turns away, so inside the full-width part of the tree (not found by
 * quiescence beyond the horizon). A deeper iteration cannot change such a
 * result, so the search ends there (doc/search.md). */
static int proven(const worker *w, int lines, int depth)
{
    for (int line = 0; line < lines; line++) {
        int score = w->roots[line].score;
        int turns = score > 0 ? SCORE_WIN - score : SCORE_WIN + score;
        if (!is_decisive(score) || turns > depth)
            return 0;
    }
    return 1;
}

/* Iterative deepening of one thread. Helpers start on odd depths for odd
 * ids so that the threads spread over two depths. */
static void iterate(worker *w)
{
    fan_search *s = w->s;
    int lines = s->multipv < w->nroots ? s->multipv : w->nroots;
    root_move *saved = w->saved;
    for (int depth = 1 + (w->id & 1); depth <= s->depth_limit; depth++) {
        for (int line = 0; line < lines; line++) {
            int prev = w->roots[line].score;
            search_line(w, line, depth, prev);
            if (stopped(s))
                break;
        }
        if (stopped(s)) {
            /* keep the last completed iteration's lines */
            if (w->depth_done > 0)
                memcpy(w->roots, saved, (size_t)w->nroots * sizeof *saved);
            break;
        }
        w->depth_done = depth;
        memcpy(saved, w->roots, (size_t)w->nroots * sizeof *saved);
        atomic_store_explicit(&w->published, w->nodes, memory_order_relaxed);
        if (w->id != 0)
            continue;
        if (s->progress) {
            for (int line = 0; line < lines; line++) {
                fan_search_result r;
                fill_result(&r, w, line);
                if (s->progress(s->user, &r))
                    request_stop(s);
            }
        }
        if (stopped(s) || proven(w, lines, depth))
            break;
        /* time: another iteration would rarely finish; a forced turn or a
         * found win needs no more */
        if (s->time_limit_ms) {
            if (elapsed_ms(s) * 2 >= s->time_limit_ms)
                break;
            if (w->nroots == 1 || is_decisive(w->roots[0].score))
                break;
        }
    }
    atomic_store_explicit(&w->published, w->nodes, memory_order_relaxed);
}

static void *helper_main(void *arg)
{
    iterate(arg);
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Handle                                                              */

static void free_workers(fan_search *s)
{
    for (int i = 0; i < s->nworkers; i++) {
        free(s->workers[i]->roots);
        free(s->workers[i]->saved);
        free(s->workers[i]);
    }
    free(s->workers);
    s->workers = NULL;
    s->nworkers = 0;
}

static int ensure_workers(fan_search *s, int n)
{
    if (s->nworkers == n)
        return FAN_OK;
    worker **ws = calloc((size_t)n, sizeof *ws);
    if (!ws)
        return FAN_ENOMEM;
    for (int i = 0; i < n; i++) {
        /* keep what the existing threads learnt */
        ws[i] = i < s->nworkers ? s->workers[i] : calloc(1, sizeof **ws);
        if (!ws[i]) {
            for (int j = s->nworkers; j < i; j++)
                free(ws[j]);
            free(ws);
            return FAN_ENOMEM;
        }
        ws[i]->s = s;
        ws[i]->id = i;
    }
    for (int i = n; i < s->nworkers; i++) {
        free(s->workers[i]->roots);
        free(s->workers[i]->saved);
        free(s->workers[i]);
    }
    free(s->workers);
    s->workers = ws;
    s->nworkers = n;
    return FAN_OK;
}

FAN_API int fan_search_options_init(fan_search_options *out)
{
    static const fan_search_options init = FAN_SEARCH_OPTIONS_INIT;
    if (!out)
        return FAN_EINVAL;
    *out = init;
    return FAN_OK;
}

FAN_API int fan_search_limits_init(fan_search_limits *out)
{
    static const fan_search_limits init = FAN_SEARCH_LIMITS_INIT;
    if (!out)
        return FAN_EINVAL;
    *out = init;
    return FAN_OK;
}

FAN_API int fan_search_result_init(fan_search_result *out)
{
    if (!out)
        return FAN_EINVAL;
    memset(out, 0, sizeof *out);
    out->version = FAN_SEARCH_RESULT_VERSION;
    return FAN_OK;
}

static int check_options(const fan_search_options *o)
{
    if (o->version < 1 || o->version > FAN_SEARCH_OPTIONS_VERSION)
        return FAN_EINVAL;
    if (o->threads > FAN_SEARCH_MAX_THREADS ||
        o->hash_mib > FAN_SEARCH_MAX_HASH_MIB)
        return FAN_ERANGE;
    return FAN_OK;
}

/* The threads a run uses: 0 in the options is one per online processor. */
static int run_threads(const fan_search *s)
{
    return s->threads ? (int)s->threads
                      : (int)cpu_online(FAN_SEARCH_MAX_THREADS);
}

FAN_API int fan_search_configure(fan_search *search,
                                 const fan_search_options *opts)
{
    static const fan_search_options defaults = FAN_SEARCH_OPTIONS_INIT;
    if (!search)
        return FAN_EINVAL;
    if (!opts)
        opts = &defaults;
    int r = check_options(opts);
    if (r != FAN_OK)
        return r;
    size_t mib = opts->hash_mib ? opts->hash_mib : FAN_SEARCH_DEFAULT_HASH_MIB;
    if (!search->tt.mib || mib != search->tt.mib) {
        /* the new table first: a failure leaves the old one in place */
        tt_table t;
        if (tt_init(&t, mib) != FAN_OK)
            return FAN_ENOMEM;
        tt_free(&search->tt);
        search->tt = t;
    }
    search->threads = opts->threads;
    return FAN_OK;
}

FAN_API int fan_search_options_get(fan_search_options *out,
                                   const fan_search *search)
{
    if (!out || !search)
        return FAN_EINVAL;
    out->version = FAN_SEARCH_OPTIONS_VERSION;
    out->threads = search->threads;
    out->hash_mib = (uint32_t)search->tt.mib;
    return FAN_OK;
}

FAN_API int fan_search_new(fan_search **out, const fan_search_options *opts)
{
    if (!out)
        return FAN_EINVAL;
    fan_search *s = calloc(1, sizeof *s);
    if (!s)
        return FAN_ENOMEM;
    int r = fan_search_configure(s, opts);
    if (r == FAN_OK && ensure_workers(s, 1) != FAN_OK)
        r = FAN_ENOMEM;
    if (r != FAN_OK) {
        fan_search_free(s);
        return r;
    }
    atomic_init(&s->stop, 0);
    search_config_default(&s->cfg);
    *out = s;
    return FAN_OK;
}

FAN_API void fan_search_free(fan_search *search)
{
    if (!search)
        return;
    tt_free(&search->tt);
    free_workers(search);
    free(search);
}

FAN_API int fan_search_clear(fan_search *search)
{
    if (!search)
        return FAN_EINVAL;
    tt_clear(&search->tt);
    for (int i = 0; i < search->nworkers; i++)
        memset(search->workers[i]->history, 0,
               sizeof search->workers[i]->history);
    return FAN_OK;
}

/* TB: the tables the search reads (borrowed; NULL detaches them). */
FAN_API int fan_search_set_tables(fan_search *search, const fan_tb *tb)
{
    if (!search)
        return FAN_EINVAL;
    search->tables = tb;
    return FAN_OK;
}

FAN_API int fan_search_stop(fan_search *search)
{
    if (!search)
        return FAN_EINVAL;
    request_stop(search);
    return FAN_OK;
}

/* ------------------------------------------------------------------ */
/* Levels                                                              */

typedef struct level_spec {
    int depth;      /* full-width depth cap */
    uint64_t nodes; /* node cap (0: none) */
    int noise;      /* root scores get a random 0..noise-1 added */
    int qsearch;    /* quiescence on */
} level_spec;

static const level_spec levels[FAN_SEARCH_MAX_LEVEL + 1] = {
    {0, 0, 0, 1},          /* 0: full strength */
    {1, 0, 400, 0},        /* 1: one turn ahead, mostly at random */
    {1, 0, 150, 0},        /* 2 */
    {2, 0, 100, 0},        /* 3 */
    {2, 0, 60, 1},         /* 4 */
    {3, 0, 40, 1},         /* 5 */
    {4, 20000, 25, 1},     /* 6 */
    {5, 60000, 15, 1},     /* 7 */
    {6, 200000, 8, 1},     /* 8 */
    {8, 600000, 4, 1},     /* 9 */
    {0, 2000000, 0, 1},    /* 10: full strength, bounded work */
};

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* ------------------------------------------------------------------ */
/* Running                                                             */

static int validate_limits(const fan_search_limits *l)
{
    if (l->version < 1 || l->version > FAN_SEARCH_LIMITS_VERSION)
        return FAN_EINVAL;
    if (l->max_depth > FAN_SEARCH_MAX_DEPTH ||
        l->multipv > FAN_SEARCH_MAX_MULTIPV ||
        l->level > FAN_SEARCH_MAX_LEVEL)
        return FAN_ERANGE;
    return FAN_OK;
}

/* The game's positions since the last capture, for repetitions. */
static void load_game(fan_search *s, const fan_position *pos)
{
    s->ngame = 0;
    if (pos->cur.path.length) /* the root turn is a capture */
        return;
    size_t first = 0;
    for (size_t i = pos->nhist; i-- > 0;)
        if (pos->hist[i].path.captured) {
            first = i + 1;
            break;
        }
    if (pos->nhist - first > FAN_TURN_LIMIT)
        first = pos->nhist - FAN_TURN_LIMIT;
    for (size_t i = first; i < pos->nhist; i++) {
        const history_entry *h = &pos->hist[i];
        s->game_keys[s->ngame] = zobrist_key(h->white, h->black, h->stm);
        s->game_clock[s->ngame] = (int)(i - first);
        s->ngame++;
    }
}

static int build_roots(worker *w, const fan_position *pos, const spos *root,
                       const turn_list *tl, int noise, uint64_t seed)
{
    /* both arrays are allocated here, where a failure can be returned:
     * iterate() runs on the helper threads and cannot report one */
    size_t n = tl->n ? tl->n : 1;
    root_move *roots = realloc(w->roots, n * sizeof *roots);
    if (!roots)
        return FAN_ENOMEM;
    w->roots = roots;
    root_move *saved = realloc(w->saved, n * sizeof *saved);
    if (!saved)
        return FAN_ENOMEM;
    w->saved = saved;
    w->nroots = (int)tl->n;
    for (size_t i = 0; i < tl->n; i++) {
        root_move *rm = &w->roots[i];
        memset(rm, 0, sizeof *rm);
        rm->turn = path_effect(&tl->paths[i]);
        spos_play(&rm->child, root, rm->turn);
        rm->score = -SCORE_INF;
        rm->noise = noise ? (int)(mix64(seed ^ mix64(rm->turn)) % (uint64_t)noise) : 0;
        rm->pv[0] = rm->turn;
        rm->pv_length = 1;
    }
    (void)pos;
    /* start with the biggest captures, in generation order otherwise */
    for (int i = 1; i < w->nroots; i++) {
        root_move rm = w->roots[i];
        int c = board_popcount(FAN_TURN_CAPTURED(rm.turn)), j = i;
        while (j > 0 &&
               board_popcount(FAN_TURN_CAPTURED(w->roots[j - 1].turn)) < c) {
            w->roots[j] = w->roots[j - 1];
            j--;
        }
        w->roots[j] = rm;
    }
    return FAN_OK;
}

static void prepare_worker(worker *w, const fan_search *s)
{
    w->nodes = 0;
    atomic_store_explicit(&w->published, 0, memory_order_relaxed);
    w->seldepth = 0;
    w->depth_done = 0;
    memset(w->killers, 0, sizeof w->killers);
    for (int c = 0; c < 2; c++)
        for (int a = 0; a < BOARD_SQUARES; a++)
            for (int b = 0; b < BOARD_SQUARES; b++)
                w->history[c][a][b] /= 2;
    memcpy(w->keys, s->game_keys, (size_t)s->ngame * sizeof *w->keys);
    memcpy(w->clock, s->game_clock, (size_t)s->ngame * sizeof *w->clock);
}

FAN_API int fan_search_run(fan_search_result *out, fan_search *search,
                           const fan_position *pos,
                           const fan_search_limits *limits,
                           fan_search_progress progress, void *user)
{
    static const fan_search_limits defaults = FAN_SEARCH_LIMITS_INIT;
    if (!out || !search || !pos)
        return FAN_EINVAL;
    if (out->version < 1 || out->version > FAN_SEARCH_RESULT_VERSION)
        return FAN_EINVAL;
    if (!limits)
        limits = &defaults;
    int r = validate_limits(limits);
    if (r != FAN_OK)
        return r;
    if (pos->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    fan_search *s = search;

    int threads = run_threads(s);
    if ((r = ensure_workers(s, threads)) != FAN_OK)
        return r;

    /* the board at the start of the turn (a chain in progress undone) */
    const mg_chain *c = &pos->cur;
    uint64_t own = c->own, opp = c->opp;
    if (c->path.length) {
        own = (own & ~BIT(c->sq)) | BIT(c->path.from);
        opp |= c->captured;
    }
    spos root;
    spos_set(&root, pos->stm ? opp : own, pos->stm ? own : opp, pos->stm);

    turn_list tl;
    if ((r = turn_list_build(&tl, c, pos->rules, 1)) != FAN_OK)
        return r;

    const level_spec *lv = &levels[limits->level];
    s->run = s->cfg;
    if (!lv->qsearch)
        s->run.use_qsearch = 0;
    s->rules = pos->rules;
    s->root_turns = pos->turns;
    s->depth_limit = limits->max_depth ? (int)limits->max_depth
                                       : FAN_SEARCH_MAX_DEPTH;
    if (lv->depth && lv->depth < s->depth_limit)
        s->depth_limit = lv->depth;
    s->node_limit = limits->max_nodes;
    if (lv->nodes && (!s->node_limit || lv->nodes < s->node_limit) &&
        !limits->time_ms)
        s->node_limit = lv->nodes;
    s->time_limit_ms = limits->time_ms;
    s->multipv = limits->multipv ? (int)limits->multipv : 1;
    s->progress = progress;
    s->user = user;
    load_game(s, pos);
    s->root_index = s->ngame;

    for (int i = 0; i < threads && r == FAN_OK; i++) {
        worker *w = s->workers[i];
        prepare_worker(w, s);
        w->keys[s->root_index] = root.key;
        w->clock[s->root_index] =
            s->ngame ? s->game_clock[s->ngame - 1] + 1 : 0;
        r = build_roots(w, pos, &root, &tl, lv->noise, limits->seed);
    }
    turn_list_free(&tl);
    if (r != FAN_OK)
        return r;

    tt_new_search(&s->tt);
    clock_gettime(CLOCK_MONOTONIC, &s->start);
    atomic_store(&s->stop, 0);
    int started = 1;
    for (; started < threads; started++)
        if (pthread_create(&s->workers[started]->thread, NULL, helper_main,
                           s->workers[started]))
            break;
    iterate(s->workers[0]);
    request_stop(s);
    for (int i = 1; i < started; i++)
        pthread_join(s->workers[i]->thread, NULL);

    worker *w = s->workers[0];
    fan_search_result best;
    fill_result(&best, w, 0);
    best.nodes = threads == 1 ? w->nodes : total_nodes(s);
    /* version 1 is the whole struct; a later version copies the prefix of
     * the caller's version here */
    *out = best;
    atomic_store(&s->stop, 0);
    return FAN_OK;
}
