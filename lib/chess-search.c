/* SPDX-License-Identifier: MIT */
/* The Fanorona Chess search below the root: principal-variation
 * alpha-beta with the handle's transposition table, check extensions,
 * null move pruning, late move reductions and a quiescence search over
 * captures and promotions; moves ordered by the table move, MVV-LVA,
 * killers and history. Mate and stalemate lose for the side to move;
 * repetition and the 50-move rule are draws. Each part has its switch in
 * chess_search_config. The root, iterative deepening and the threads are
 * those of the Fanorona search (iterate.c, threads.c). */
#include "engine.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Moves                                                               */

static int is_capture(fan_chess_move m)
{
    return FAN_CHESS_MOVE_CAPTURED(m) != FAN_CHESS_NO_POINT;
}

static int is_tactical(fan_chess_move m)
{
    return is_capture(m) || FAN_CHESS_MOVE_PROMOTION(m);
}

/* child = s after m; 0 when m leaves the mover's king capturable. */
static int make_legal(chess_state *child, const chess_state *s,
                      fan_chess_move m)
{
    *child = *s;
    chess_make(child, m);
    return !chess_attacked(child, s->stm);
}

/* Does s have a legal move? */
static int has_legal(const chess_state *s)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    int n = chess_pseudo(s, m);
    chess_state c;
    for (int i = 0; i < n; i++)
        if (make_legal(&c, s, m[i]))
            return 1;
    return 0;
}

/* The pseudo-legal moves of s into the list of ply (all of them, or the
 * captures and promotions only); their number. */
static int gen_chess_moves(search_worker *w, const chess_state *s, int ply,
                           int tactical_only)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    fan_turn *out = w->chess->moves[ply];
    int n = chess_pseudo(s, m), k = 0;
    for (int i = 0; i < n; i++)
        if (!tactical_only || is_tactical(m[i]))
            out[k++] = m[i];
    return k;
}

/* Order scores: the table move, captures and promotions by the victim's
 * value then the mover's (MVV-LVA), killers, then the history of
 * cutoffs. */
static void score_chess_moves(search_worker *w, const chess_state *s,
                              int ply, fan_chess_move tt_move, int n)
{
    const chess_search_config *cfg = &w->s->chess_run;
    const fan_turn *mv = w->chess->moves[ply];
    int *sc = w->chess->scores[ply];
    for (int i = 0; i < n; i++) {
        fan_chess_move m = (fan_chess_move)mv[i];
        int from = FAN_CHESS_MOVE_FROM(m), to = FAN_CHESS_MOVE_TO(m);
        if (m == tt_move) {
            sc[i] = 1 << 30;
        } else if (is_tactical(m)) {
            int victim = is_capture(m)
                             ? cfg->value[CHESS_TYPE(s->piece[FAN_CHESS_MOVE_CAPTURED(m)])]
                             : 0;
            int gain = victim + (FAN_CHESS_MOVE_PROMOTION(m)
                                     ? cfg->value[FAN_CHESS_MOVE_PROMOTION(m)]
                                     : 0);
            sc[i] = (1 << 26) + gain * 8 - CHESS_TYPE(s->piece[from]);
        } else if (m == w->killers[ply][0]) {
            sc[i] = 1 << 24;
        } else if (m == w->killers[ply][1]) {
            sc[i] = (1 << 24) - 1;
        } else {
            sc[i] = w->history[s->stm][from][to];
        }
    }
}

static void reward_chess(search_worker *w, int stm, int ply, fan_chess_move m,
                         int depth)
{
    if (is_tactical(m))
        return;
    int *h = &w->history[stm][FAN_CHESS_MOVE_FROM(m)][FAN_CHESS_MOVE_TO(m)];
    *h += depth * depth;
    if (*h > (1 << 18))
        for (int a = 0; a < BOARD_SQUARES; a++)
            for (int b = 0; b < BOARD_SQUARES; b++)
                w->history[stm][a][b] /= 2;
    if (w->killers[ply][0] != m) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0] = m;
    }
}

/* Has the side to move pieces other than its king and pawns (where a
 * null move is sound: zugzwang is rare)? */
static int has_officers(const chess_state *s)
{
    for (uint64_t m = s->occ[s->stm]; m; m &= m - 1) {
        int t = CHESS_TYPE(s->piece[board_lsb(m)]);
        if (t != FAN_CHESS_KING && t != FAN_CHESS_PAWN)
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Quiescence                                                          */

/* Evasions are searched in full for a few plies of quiescence; deeper, a
 * node in check takes the static score (checks could go on for ever). */
#define QSEARCH_EVASION_PLIES 4

static int qsearch(search_worker *w, const chess_state *s, int alpha,
                   int beta, int ply, int qply, int in_check)
{
    const chess_search_config *cfg = &w->s->chess_run;
    if (enter_node(w, ply))
        return 0;
    if (ply >= MAX_PLY - 1)
        return chess_evaluate(cfg, s);
    int evasions = in_check && qply < QSEARCH_EVASION_PLIES;
    int best = -SCORE_INF;
    if (!evasions) {
        best = chess_evaluate(cfg, s);
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }
    fan_turn *mv = w->chess->moves[ply];
    int k = gen_chess_moves(w, s, ply, !evasions);
    score_chess_moves(w, s, ply, 0, k);
    int legal = 0;
    for (int i = 0; i < k; i++) {
        pick(mv, w->chess->scores[ply], i, k);
        fan_chess_move m = (fan_chess_move)mv[i];
        chess_state child;
        if (!make_legal(&child, s, m))
            continue;
        legal++;
        int score = -qsearch(w, &child, -beta, -alpha, ply + 1, qply + 1,
                             chess_attacked(&child, child.stm));
        if (stopped(w->s))
            return 0;
        if (search_improve(w, ply, m, score, &best, NULL, &alpha, beta))
            break;
    }
    if (evasions && !legal)
        return -SCORE_WIN + ply; /* mated */
    return best;
}

/* ------------------------------------------------------------------ */
/* Main search                                                         */

static int search(search_worker *w, const chess_state *s, int alpha,
                  int beta, int depth, int ply, int in_check, int null_ok)
{
    fan_search *fs = w->s;
    const chess_search_config *cfg = &fs->chess_run;
    int pv_node = beta - alpha > 1;
    int idx = fs->root_index + ply;
    uint64_t key = w->keys[idx];
    w->pvlen[ply] = ply;

    if (search_is_repetition(w, idx))
        return 0;
    if (s->halfmove >= 100) /* the 50-move rule, after mate and stalemate */
        return has_legal(s) ? 0 : -SCORE_WIN + ply;
    if (mate_window(&alpha, &beta, ply))
        return alpha;
    if (in_check && cfg->use_check_ext && ply < 2 * fs->depth_limit)
        depth++;
    if (depth <= 0 || ply >= MAX_PLY - 2) {
        if (cfg->use_qsearch)
            return qsearch(w, s, alpha, beta, ply, 0, in_check);
        if (count_node(w))
            return 0;
        /* a leaf without a legal move is lost, as it is in the tree */
        return has_legal(s) ? chess_evaluate(cfg, s) : -SCORE_WIN + ply;
    }
    if (enter_node(w, ply))
        return 0;

    tt_hit hit = {0, 0, 0, 0};
    int have_hit = cfg->use_tt && tt_probe(&fs->tt, key, &hit);
    if (have_hit && !pv_node && hit.depth >= depth) {
        int v = score_from_tt(hit.score, ply);
        if (hit.bound == TT_BOUND_EXACT ||
            (hit.bound == TT_BOUND_LOWER && v >= beta) ||
            (hit.bound == TT_BOUND_UPPER && v <= alpha))
            return v;
    }

    /* null move: give the opponent a free move; if it still cannot reach
     * beta, this node would fail high. Not in check (passing is then
     * illegal), not with pawns only (zugzwang), not near a mate bound. */
    if (cfg->use_nullmove && null_ok && !pv_node && !in_check &&
        depth >= 3 && beta < SCORE_WIN_MIN && beta > -SCORE_WIN_MIN &&
        has_officers(s) && chess_evaluate(cfg, s) >= beta) {
        chess_state child = *s;
        child.stm ^= 1;
        w->keys[idx + 1] = chess_key_null(key);
        w->clock[idx + 1] = 0; /* no repetition across a pass */
        int r = 2 + depth / 6;
        int v = -search(w, &child, -beta, -beta + 1, depth - 1 - r, ply + 1,
                        0, 0);
        if (stopped(fs))
            return 0;
        if (v >= beta)
            return beta;
    }

    fan_turn *mv = w->chess->moves[ply];
    int n = gen_chess_moves(w, s, ply, 0);
    fan_chess_move tt_move = have_hit ? (fan_chess_move)hit.move : 0;
    if (cfg->use_ordering)
        score_chess_moves(w, s, ply, tt_move, n);

    int alpha0 = alpha, best = -SCORE_INF, legal = 0;
    fan_turn best_move = 0;
    for (int i = 0; i < n; i++) {
        if (cfg->use_ordering)
            pick(mv, w->chess->scores[ply], i, n);
        fan_chess_move m = (fan_chess_move)mv[i];
        chess_state child;
        if (!make_legal(&child, s, m))
            continue;
        legal++;
        int gives_check = chess_attacked(&child, child.stm);
        w->keys[idx + 1] = chess_key_after(key, s, &child, m);
        w->clock[idx + 1] = child.halfmove ? w->clock[idx] + 1 : 0;
        int score;
        if (legal == 1 || !cfg->use_pvs) {
            score = -search(w, &child, -beta, -alpha, depth - 1, ply + 1,
                            gives_check, 1);
        } else {
            int r = 0;
            if (cfg->use_lmr && !is_tactical(m) && !in_check && !gives_check &&
                depth >= 3 && legal > 3 && m != w->killers[ply][0] &&
                m != w->killers[ply][1])
                r = 1 + (legal > 8) + (depth >= 8);
            if (r && r > depth - 2)
                r = depth - 2;
            score = -search(w, &child, -alpha - 1, -alpha, depth - 1 - r,
                            ply + 1, gives_check, 1);
            if (score > alpha && r)
                score = -search(w, &child, -alpha - 1, -alpha, depth - 1,
                                ply + 1, gives_check, 1);
            if (score > alpha && score < beta)
                score = -search(w, &child, -beta, -alpha, depth - 1, ply + 1,
                                gives_check, 1);
        }
        if (stopped(fs))
            return 0;
        if (search_improve(w, ply, m, score, &best, &best_move, &alpha,
                           beta)) {
            if (cfg->use_ordering)
                reward_chess(w, s->stm, ply, m, depth);
            break;
        }
    }
    if (!legal) /* checkmate or stalemate: both lose */
        return -SCORE_WIN + ply;
    if (cfg->use_tt) {
        int bound = best >= beta     ? TT_BOUND_LOWER
                    : best > alpha0 ? TT_BOUND_EXACT
                                    : TT_BOUND_UPPER;
        tt_store(&fs->tt, key, bound == TT_BOUND_UPPER ? 0 : best_move,
                 score_to_tt(best, ply), depth, bound);
    }
    return best;
}

/* ------------------------------------------------------------------ */
/* The hooks of the game-independent root (iterate.c)                  */

static int chess_root_child(search_worker *w, const root_move *rm, int alpha,
                            int beta, int depth)
{
    const fan_search *s = w->s;
    fan_chess_move m = (fan_chess_move)rm->turn;
    chess_state child;
    make_legal(&child, &s->chess_root, m);
    int idx = s->root_index;
    w->keys[idx + 1] = chess_key_after(w->keys[idx], &s->chess_root, &child, m);
    w->clock[idx + 1] = child.halfmove ? w->clock[idx] + 1 : 0;
    return search(w, &child, alpha, beta, depth, 1,
                  chess_attacked(&child, child.stm), 1);
}

int chess_report(search_worker *w, int line);

/* Reductions (null move, LMR) could hide a quicker mate at the depth that
 * finds one, so a mate ends the search two plies later. */
const search_game search_game_chess = {chess_root_child, chess_report, 2};
