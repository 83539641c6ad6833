/* SPDX-License-Identifier: MIT */
/* The root of a search and its iterative deepening, the same for both
 * games: root moves searched with PVS and level noise, multi-PV lines,
 * aspiration windows, the results of the last completed iteration, the
 * progress reports and the end of a proven search. What is particular to
 * a game (searching the position after a root move, the result type of
 * its reports) comes through the run's search_game (engine.h); a root
 * move is a fan_turn or, for Fanorona Chess, a fan_chess_move in the same
 * 64-bit field. */
#include "engine.h"

#include <string.h>

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
    search_child_fn child = s->game->root_child;
    int best = -SCORE_INF;
    w->pvlen[0] = 0;
    if (count_node(w))
        return 0;
    for (int i = first; i < w->nroots; i++) {
        root_move *rm = &w->roots[i];
        int q = rm->noise;
        int v;
        if (i == first || !s->run_pvs) {
            v = -child(w, rm, -(beta - q), -(alpha - q), depth - 1);
        } else {
            v = -child(w, rm, -(alpha - q) - 1, -(alpha - q), depth - 1);
            if (v + q > alpha && v + q < beta)
                v = -child(w, rm, -(beta - q), -(alpha - q), depth - 1);
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
            if (score > alpha && i != first && first == 0)
                w->partial_best = i; /* better than the first: searched
                                      * with an open window to the end */
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

/* Stable insertion sort of roots[first..end) by score, best first. */
static void sort_roots(search_worker *w, int first, int end)
{
    for (int i = first + 1; i < end; i++) {
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
    int delta = 40;
    int alpha = -SCORE_INF, beta = SCORE_INF;
    if (w->s->run_aspiration && depth >= 4 && !is_decisive(prev)) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        int score = search_root(w, line, depth, alpha, beta);
        if (stopped(w->s))
            return score;
        sort_roots(w, line, w->nroots);
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
 * turns away (less the game's margin), so inside the full-width part of
 * the tree (not found by quiescence beyond the horizon). A deeper
 * iteration cannot change such a result, so the search ends there
 * (doc/search.md). */
static int proven(const search_worker *w, int lines, int depth)
{
    int margin = w->s->game->proven_margin;
    for (int line = 0; line < lines; line++) {
        int score = w->roots[line].score;
        int turns = score > 0 ? SCORE_WIN - score : SCORE_WIN + score;
        if (!is_decisive(score) || turns + margin > depth)
            return 0;
    }
    return 1;
}

/* After a stopped iteration: the root turn of the iteration in progress
 * that beat its first turn (the previous iteration's best) comes first,
 * with its deeper score and line, over the last completed iteration's
 * order; the rest keep that order. */
static void promote_partial(search_worker *w, const root_move *found)
{
    int k = 0;
    while (k < w->nroots && w->roots[k].turn != found->turn)
        k++;
    if (k == w->nroots)
        return;
    memmove(&w->roots[1], &w->roots[0], (size_t)k * sizeof *w->roots);
    w->roots[0] = *found;
}

/* Iterative deepening of one thread. Helpers start on odd depths for odd
 * ids so that the threads spread over two depths. */
void search_iterate(search_worker *w)
{
    fan_search *s = w->s;
    int lines = s->multipv < w->nroots ? s->multipv : w->nroots;
    root_move *saved = w->saved;
    for (int depth = 1 + (w->id & 1); depth <= s->depth_limit; depth++) {
        w->partial_best = -1;
        for (int line = 0; line < lines; line++) {
            int prev = w->roots[line].score;
            search_line(w, line, depth, prev);
            if (stopped(s))
                break;
        }
        if (stopped(s)) {
            /* keep the last completed iteration's lines, with a better
             * first turn of the stopped one (run_partial, one line) */
            if (w->depth_done > 0) {
                int promote = s->run_partial && lines == 1 &&
                              w->partial_best > 0;
                root_move found;
                if (promote)
                    found = w->roots[w->partial_best];
                memcpy(w->roots, saved, (size_t)w->nroots * sizeof *saved);
                if (promote)
                    promote_partial(w, &found);
            }
            break;
        }
        /* a later line may have scored above an earlier one (the table
         * and reductions make scores depend on the order of search): the
         * lines are reported best first */
        sort_roots(w, 0, lines);
        w->depth_done = depth;
        memcpy(saved, w->roots, (size_t)w->nroots * sizeof *saved);
        atomic_store_explicit(&w->published, w->nodes, memory_order_relaxed);
        if (w->id != 0)
            continue;
        for (int line = 0; line < lines; line++)
            if (s->game->report(w, line))
                request_stop(s);
        if (stopped(s) || proven(w, lines, depth))
            break;
        if (!search_another_iteration(w))
            break;
    }
    atomic_store_explicit(&w->published, w->nodes, memory_order_relaxed);
}
