/* SPDX-License-Identifier: MIT */
/* The engine: iterative deepening over a principal-variation alpha-beta
 * search with a transposition table, move ordering (movepick.c), late
 * move reductions and a quiescence search over the compulsory captures.
 * Every node takes its turns from the rules core's generator (the copy
 * for this processor, lib/movegen.h). */
#include "engine.h"
#include "tb.h" /* TB: endgame tables */

#include <stdlib.h>
#include <string.h>

/* The position at keys[idx] repeats one inside the search, or occurred
 * twice before the root (this is then its third occurrence). */
static int is_repetition(const search_worker *w, int idx)
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

static void update_pv(search_worker *w, int ply, fan_turn t)
{
    w->pv[ply][ply] = t;
    int n = w->pvlen[ply + 1];
    for (int i = ply + 1; i < n; i++)
        w->pv[ply][i] = w->pv[ply + 1][i];
    w->pvlen[ply] = n > ply + 1 ? n : ply + 1;
}

/* The unique turns of p into the list of ply, the stack grown when they
 * do not fit; a failure to grow stops the search (fan_search_run then
 * reports FAN_ENOMEM). */
static int gen_node_turns(search_worker *w, const spos *p, int ply)
{
    mg_state st;
    mg_state_start(&st, p->own, p->opp);
    for (;;) {
        size_t at = w->base[ply];
        int n = w->s->gen(w->stack_moves + at, w->stack_cap - at, &st,
                          w->s->rules);
        if (n >= 0) {
            w->base[ply + 1] = at + (size_t)n;
            return n;
        }
        if (worker_grow_stack(w, 2 * w->stack_cap) != FAN_OK) {
            w->failed = FAN_ENOMEM;
            request_stop(w->s);
            return 0;
        }
    }
}

static int qsearch(search_worker *w, const spos *p, int alpha, int beta, int ply,
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
        return w->s->eval(cfg, p->own, p->opp);
    }
    if (w->s->root_turns + ply >= FAN_TURN_LIMIT)
        return 0;
    if (qply >= cfg->qsearch_limit || ply >= MAX_PLY - 1)
        return w->s->eval(cfg, p->own, p->opp);
    int best = -SCORE_INF;
    if (cfg->qsearch_standpat) {
        best = w->s->eval(cfg, p->own, p->opp) + cfg->standpat_bonus;
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }
    int n = gen_node_turns(w, p, ply);
    score_moves(w, p, ply, 0, n);
    for (int i = 0; i < n; i++) {
        pick(PLY_MOVES(w, ply), PLY_SCORES(w, ply), i, n);
        fan_turn t = PLY_MOVES(w, ply)[i];
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

static int search(search_worker *w, const spos *p, int alpha, int beta, int depth,
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
        return w->s->eval(cfg, p->own, p->opp);
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

    int n = gen_node_turns(w, p, ply);
    if (n == 0)
        return -SCORE_WIN + ply;
    if (n == 1 && cfg->use_single_ext && ply < 2 * s->depth_limit)
        depth++;
    if (cfg->use_ordering)
        score_moves(w, p, ply, have_hit ? hit.move : 0, n);

    int quiet_node = !FAN_TURN_CAPTURED(PLY_MOVES(w, ply)[0]);
    int futile = 0;
    if (cfg->use_futility && quiet_node && depth == 1 && !pv_node &&
        alpha > -SCORE_WIN_MIN && beta < SCORE_WIN_MIN)
        futile = w->s->eval(cfg, p->own, p->opp) + 150 <= alpha;

    int alpha0 = alpha, best = -SCORE_INF;
    fan_turn best_move = 0;
    for (int i = 0; i < n; i++) {
        if (cfg->use_ordering)
            pick(PLY_MOVES(w, ply), PLY_SCORES(w, ply), i, n);
        fan_turn t = PLY_MOVES(w, ply)[i];
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

int is_decisive(int score)
{
    return score > SCORE_WIN_MIN || score < -SCORE_WIN_MIN;
}

/* Searches root moves [first, nroots) at depth with the window; moves that
 * do not reach the window keep -SCORE_INF so that a stable sort puts the
 * best first. Returns the best score (including level noise). */
static int search_root(search_worker *w, int first, int depth, int alpha, int beta)
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
static void sort_roots(search_worker *w, int first)
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
static int search_line(search_worker *w, int line, int depth, int prev)
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
void fill_result(fan_search_result *out, const search_worker *w,
                        int line)
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
    out->nodes = s->nworkers == 1 ? w->nodes : search_total_nodes(s);
    out->time_ms = search_elapsed_ms(s);
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
static int proven(const search_worker *w, int lines, int depth)
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
void search_iterate(search_worker *w)
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
        if (!search_another_iteration(w))
            break;
    }
    atomic_store_explicit(&w->published, w->nodes, memory_order_relaxed);
}
