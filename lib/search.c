/* SPDX-License-Identifier: MIT */
/* The engine: iterative deepening over a principal-variation alpha-beta
 * search with a transposition table, move ordering (movepick.c), late
 * move reductions and a quiescence search over the compulsory captures.
 * Every node that lists its turns takes them from the rules core's
 * generator (the copy for this processor, lib/movegen.h); a node tries
 * its table turn (and a node of paikas its killers) before it lists them. */
#include "engine.h"
#include "tb.h" /* TB: endgame tables */

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The position at keys[idx] repeats one inside the search, or occurred
 * twice before the root (this is then its third occurrence). */
int search_is_repetition(const search_worker *w, int idx)
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

/* The score of a draw by repetition or the turn limit at ply, for the
 * side to move there: the root side (even plies) counts it -contempt,
 * its opponent +contempt, so that a positive contempt makes the engine
 * avoid draws it does not need. Turns alternate at every ply (a capture
 * chain is one turn, a null move a pass), so the parity names the side. */
static int draw_score(const search_worker *w, int ply)
{
    int c = w->s->run.contempt;
    return (ply & 1) ? c : -c;
}

int score_to_tt(int score, int ply)
{
    if (score > SCORE_WIN_MIN)
        return score + ply;
    if (score < -SCORE_WIN_MIN)
        return score - ply;
    return score;
}

int score_from_tt(int score, int ply)
{
    if (score > SCORE_WIN_MIN)
        return score - ply;
    if (score < -SCORE_WIN_MIN)
        return score + ply;
    return score;
}

/* Whether a table entry decides a node with the window (alpha, beta):
 * *v is then its score at ply. */
static int tt_decides(const tt_hit *hit, int alpha, int beta, int ply, int *v)
{
    *v = score_from_tt(hit->score, ply);
    return hit->bound == TT_BOUND_EXACT ||
           (hit->bound == TT_BOUND_LOWER && *v >= beta) ||
           (hit->bound == TT_BOUND_UPPER && *v <= alpha);
}

/* The bound a node's best score gives: alpha0 the window's lower end when
 * the node was entered. */
static int tt_bound(int best, int alpha0, int beta)
{
    return best >= beta    ? TT_BOUND_LOWER
           : best > alpha0 ? TT_BOUND_EXACT
                           : TT_BOUND_UPPER;
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

/* The side to move has no capture (so its turns are paikas, and the
 * opponent's threats are all the position's tactics) but has a turn (no
 * loss to miss): where the static eval may stand for the node. */
static int quiet_with_turns(const spos *p)
{
    return !mg_capturers(p->own, p->opp) && mg_has_turn(p->own, p->opp);
}

/* TB: 0 when the tables do not cover p; 1 when they do and *exact is the
 * node's final score (a win or loss, or a draw with tb_draw off); 2 for a
 * draw with tb_draw on: the node is then searched on as usual, its score
 * clamped to +-tb_draw (tb_clamp), so that among drawn endgames the
 * search still prefers the ones where the opponent can go wrong: the
 * tables make the engine perfect, not its opponent. */
static int tb_node(int *exact, const search_worker *w, const spos *p, int ply)
{
    if (!w->s->tables ||
        !tb_score(exact, w->s->tables, w->s->rules, p->own, p->opp, ply))
        return 0;
    return *exact == 0 && w->s->run.tb_draw > 0 ? 2 : 1;
}

/* A score of a drawn table position searched on: within +-tb_draw. Sound
 * for any bound: the clamp is monotonic, and a bound beyond the clamp
 * gives the clamp's edge exactly. */
static int tb_clamp(const search_worker *w, int score)
{
    int cap = w->s->run.tb_draw;
    return score > cap ? cap : score < -cap ? -cap : score;
}

static int qsearch_body(search_worker *w, const spos *p, int alpha, int beta,
                        int ply, int qply);

static int qsearch(search_worker *w, const spos *p, int alpha, int beta, int ply,
                   int qply)
{
    if (enter_node(w, ply))
        return 0;
    if (!p->own)
        return -SCORE_WIN + ply;
    int tb_exact;
    switch (tb_node(&tb_exact, w, p, ply)) {
    case 1:
        return tb_exact;
    case 2:
        return tb_clamp(w, qsearch_body(w, p, alpha, beta, ply, qply));
    }
    return qsearch_body(w, p, alpha, beta, ply, qply);
}

static int qsearch_body(search_worker *w, const spos *p, int alpha, int beta,
                        int ply, int qply)
{
    const search_config *cfg = &w->s->run;
    int threatened = 0; /* quiet, the opponent threatens a capture */
    if (!mg_capturers(p->own, p->opp)) {
        if (!mg_has_turn(p->own, p->opp))
            return -SCORE_WIN + ply;
        threatened = cfg->use_threatq && qply < cfg->threatq_plies &&
                     w->s->root_turns + ply < FAN_TURN_LIMIT &&
                     mg_capturers(p->opp, p->own);
        if (!threatened)
            return w->s->eval(&cfg->eval_pk, p->own, p->opp);
    }
    if (w->s->root_turns + ply >= FAN_TURN_LIMIT)
        return draw_score(w, ply);
    if (qply >= cfg->qsearch_limit || ply >= MAX_PLY - 1)
        return w->s->eval(&cfg->eval_pk, p->own, p->opp);
    /* A threatened node searches its paikas (threatq): the side to move
     * must move, and the opponent must then capture if it still can, so
     * the static eval is no lower bound there; the paikas that parry the
     * threat end in quiet children, the others in the opponent's capture
     * sequence. Only within threatq_plies of the horizon (the plies
     * counted by qply), so the extra work is one list of paikas per
     * threatened leaf. With threatq_standpat the eval bounds it as at a
     * capture node. */
    /* qtt: the table's result of an earlier visit, of any depth, closes
     * a null window as in the full-width search, and its turn goes first;
     * the node's own result is kept at depth 0 (never over a deeper one of
     * the same position), which no full-width node takes as a cutoff */
    tt_hit hit = {0, 0, 0, 0};
    int have_hit = cfg->use_qtt && tt_probe(&w->s->tt, p->key, &hit);
    int tt_v;
    if (have_hit && beta - alpha == 1 &&
        tt_decides(&hit, alpha, beta, ply, &tt_v))
        return tt_v;
    int store = cfg->use_qtt && !(have_hit && hit.depth > 0);
    int alpha0 = alpha;
    int best = -SCORE_INF;
    fan_turn best_move = 0;
    if (threatened ? cfg->threatq_standpat : cfg->qsearch_standpat) {
        best = w->s->eval(threatened ? &cfg->eval_pk : &cfg->eval_sp_pk, p->own, p->opp) +
               (threatened ? 0 : cfg->standpat_bonus);
        if (best >= beta) {
            if (store)
                tt_store(&w->s->tt, p->key, 0, score_to_tt(best, ply), 0,
                         TT_BOUND_LOWER);
            return best;
        }
        if (best > alpha)
            alpha = best;
    }
    int n = gen_node_turns(w, p, ply);
    score_moves(w, p, ply, have_hit ? hit.move : 0, n, 0);
    for (int i = 0; i < n; i++) {
        pick(PLY_MOVES(w, ply), PLY_SCORES(w, ply), i, n);
        fan_turn t = PLY_MOVES(w, ply)[i];
        spos child;
        spos_play(&child, p, t);
        if (cfg->use_countermove)
            w->path[ply] = t;
        int score = -qsearch(w, &child, -beta, -alpha, ply + 1, qply + 1);
        if (stopped(w->s))
            return 0;
        if (search_improve(w, ply, t, score, &best, &best_move, &alpha, beta))
            break;
    }
    if (store) {
        int bound = tt_bound(best, alpha0, beta);
        tt_store(&w->s->tt, p->key, bound == TT_BOUND_UPPER ? 0 : best_move,
                 score_to_tt(best, ply), 0, bound);
    }
    return best;
}

static int search(search_worker *w, const spos *p, int alpha, int beta,
                  int depth, int ply);

/* Null-move pruning: the side to move passes, and if the opponent, moving
 * twice in a row, still cannot bring the score under beta in a reduced
 * search, the node is taken to fail high. A pass is not a Fanorona turn;
 * the bet is that having the move is worth something, and it is only
 * made where that holds:
 * - not where the side to move has a capture (compulsory: its turns are
 *   then not a free choice, and a forced capture can be the bad one), nor
 *   where it has no turn at all (a loss the pass would hide): the caller
 *   asks quiet_with_turns();
 * - after the pass the opponent may well have a capture (ours to parry
 *   with a paika, had we moved): the null search then plays that capture,
 *   compulsory for the opponent, and mostly fails low, so threats make
 *   the pruning more careful, never less;
 * - zugzwang, a position where every paika walks into a capture, is real
 *   in small endings: both sides need more than null_min_pieces pieces;
 * - never two passes in a row (w->passed), never near a decisive beta,
 *   and a win found after a pass is returned as beta, not as a win;
 * - the position after the pass starts a new repetition count (its clock
 *   is 0: no position before the pass is taken as a repetition of one
 *   after it), and no pass is made within depth turns of the 400-turn
 *   limit, so the pass counted as a turn changes no draw by the limit
 *   inside the full-width search. */
static int null_move_ok(const search_worker *w, const spos *p, int depth,
                        int ply)
{
    const fan_search *s = w->s;
    const search_config *cfg = &s->run;
    return depth >= cfg->null_depth && !w->passed[ply] &&
           board_popcount(p->own) > cfg->null_min_pieces &&
           board_popcount(p->opp) > cfg->null_min_pieces &&
           s->root_turns + ply + depth + 1 < FAN_TURN_LIMIT &&
           ply < MAX_PLY - 3;
}

/* The null-window score of the pass at p (from p's side to move's view). */
static int null_move(search_worker *w, const spos *p, int beta, int depth,
                     int ply)
{
    const search_config *cfg = &w->s->run;
    int idx = w->s->root_index + ply;
    spos child;
    spos_pass(&child, p);
    w->path[ply] = 0;
    w->keys[idx + 1] = child.key;
    w->clock[idx + 1] = 0;
    w->passed[ply + 1] = 1;
    int div = cfg->null_r_div > 0 ? cfg->null_r_div : 1;
    int r = cfg->null_r + depth / div;
    int v = -search(w, &child, -beta, -beta + 1, depth - 1 - r, ply + 1);
    w->passed[ply + 1] = 0;
    return v;
}

static int search_body(search_worker *w, const spos *p, int alpha, int beta,
                       int depth, int ply);

/* Singular extension (use_singular): the table's turn of p, when it holds
 * a lower bound from nearly this depth, is the only good turn if every
 * other turn, searched at half the depth, fails low against that bound
 * less a margin; it is then searched a turn deeper. Returns that turn, or
 * 0. The search leaving it out runs at the same ply (w->excluded), before
 * the node lists its own turns. */
static fan_turn singular_turn(search_worker *w, const spos *p,
                              const tt_hit *hit, int have_hit, int depth,
                              int ply)
{
    const search_config *cfg = &w->s->run;
    if (!have_hit || !hit->move || !(hit->bound & TT_BOUND_LOWER) ||
        hit->depth < depth - 3)
        return 0;
    int v = score_from_tt(hit->score, ply);
    if (v <= -SCORE_WIN_MIN || v >= SCORE_WIN_MIN)
        return 0;
    int sbeta = v - cfg->singular_margin * depth;
    w->excluded[ply] = hit->move;
    int score = search_body(w, p, sbeta - 1, sbeta, (depth - 1) / 2, ply);
    w->excluded[ply] = 0;
    w->pvlen[ply] = ply;
    return score < sbeta ? hit->move : 0;
}

static int search(search_worker *w, const spos *p, int alpha, int beta, int depth,
                  int ply)
{
    const fan_search *s = w->s;
    int idx = s->root_index + ply;
    w->pvlen[ply] = ply;

    if (ply > 0) {
        if (!p->own)
            return -SCORE_WIN + ply;
        if (search_is_repetition(w, idx))
            return draw_score(w, ply);
        if (s->root_turns + ply >= FAN_TURN_LIMIT)
            return mg_has_turn(p->own, p->opp) ? draw_score(w, ply)
                                               : -SCORE_WIN + ply;
        int tb_exact;
        switch (tb_node(&tb_exact, w, p, ply)) {
        case 1:
            return tb_exact;
        case 2:
            return tb_clamp(w, search_body(w, p, alpha, beta, depth, ply));
        }
    }
    return search_body(w, p, alpha, beta, depth, ply);
}

static int search_body(search_worker *w, const spos *p, int alpha, int beta,
                       int depth, int ply)
{
    fan_search *s = w->s;
    const search_config *cfg = &s->run;
    int pv_node = beta - alpha > 1;
    int idx = s->root_index + ply;
    if (ply > 0 && mate_window(&alpha, &beta, ply))
        return alpha;
    if (depth <= 0 || ply >= MAX_PLY - 2) {
        if (cfg->use_qsearch)
            return qsearch(w, p, alpha, beta, ply, 0);
        w->pvlen[ply] = ply;
        if (count_node(w))
            return 0;
        if (!mg_has_turn(p->own, p->opp))
            return -SCORE_WIN + ply;
        return w->s->eval(&cfg->eval_pk, p->own, p->opp);
    }
    if (count_node(w))
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;

    /* a node of a singular search (use_singular) leaves out the table's
     * turn: its table entry is not that node's, so it is neither used for
     * a cut-off nor written */
    fan_turn excluded = w->excluded[ply];
    tt_hit hit = {0, 0, 0, 0};
    int have_hit = cfg->use_tt && tt_probe(&s->tt, p->key, &hit);
    int tt_v;
    if (have_hit && !pv_node && !excluded && hit.depth >= depth &&
        tt_decides(&hit, alpha, beta, ply, &tt_v))
        return tt_v;

    if (!pv_node && !excluded && (cfg->use_rfp || cfg->use_null) &&
        beta > -SCORE_WIN_MIN && beta < SCORE_WIN_MIN && quiet_with_turns(p)) {
        int eval = s->eval(&cfg->eval_pk, p->own, p->opp);
        /* reverse futility: far enough above beta that a paika of this
         * shallow subtree is not expected to lose the margin */
        if (cfg->use_rfp && depth <= cfg->rfp_depth &&
            eval - cfg->rfp_margin * depth >= beta)
            return eval;
        if (cfg->use_null && eval >= beta && null_move_ok(w, p, depth, ply)) {
            int v = null_move(w, p, beta, depth, ply);
            if (stopped(s))
                return 0;
            if (v >= beta) /* a win after a pass proves nothing */
                return v >= SCORE_WIN_MIN ? beta : v;
        }
    }

    /* probcut: a search probcut_r turns shallower whose null window sits
     * probcut_margin above beta; when even that one reaches it, the full
     * search is taken to fail high too. A table entry deep enough to
     * answer the shallow search answers it (a lower bound at or above the
     * raised beta cuts at once; an upper bound below it skips the search).
     * Not at a node already running its own shallow search (probing), nor
     * near a decisive score. */
    if (cfg->use_probcut && !pv_node && !excluded && !w->probing[ply] &&
        depth >= cfg->probcut_depth &&
        beta > -SCORE_WIN_MIN + cfg->probcut_margin &&
        beta < SCORE_WIN_MIN - cfg->probcut_margin) {
        int rbeta = beta + cfg->probcut_margin;
        int rdepth = depth - cfg->probcut_r;
        int v = -SCORE_INF;
        int known = have_hit && hit.depth >= rdepth;
        int tv = known ? score_from_tt(hit.score, ply) : 0;
        if (known && (hit.bound & TT_BOUND_LOWER) && tv >= rbeta)
            v = tv;
        else if (!(known && (hit.bound & TT_BOUND_UPPER) && tv < rbeta)) {
            w->probing[ply] = 1;
            v = search_body(w, p, rbeta - 1, rbeta, rdepth, ply);
            w->probing[ply] = 0;
            w->pvlen[ply] = ply;
            if (stopped(s))
                return 0;
        }
        if (v >= rbeta)
            return v;
    }

    /* iir: with no turn from the table to search first, the node is
     * searched one turn shallower (its result then gives the table a turn
     * for the next visit) */
    if (cfg->use_iir && depth >= cfg->iir_depth && !(have_hit && hit.move))
        depth--;

    fan_turn singular = 0;
    if (cfg->use_singular && !excluded && ply > 0 &&
        depth >= cfg->singular_depth && ply < 2 * s->depth_limit) {
        singular = singular_turn(w, p, &hit, have_hit, depth, ply);
        if (stopped(s))
            return 0;
    }

    /* The table's turn, and at a node of paikas the killers that are legal
     * paikas, come first in the order (movepick.c); they are searched
     * before the node lists its turns, and when one cuts off, as one does
     * at most nodes, the list is never made. A capture from the table is
     * checked for its shape only (mg_capture_fits): the entry's full key
     * vouches for it as it does for the entry's score. */
    fan_turn staged[3];
    int nstaged = 0;
    uint64_t capturers = mg_capturers(p->own, p->opp);
    if (cfg->use_ordering && !cfg->use_single_ext && !excluded) {
        if (capturers) {
            if (have_hit &&
                mg_capture_fits(p->own, p->opp, capturers, hit.move))
                staged[nstaged++] = hit.move;
        } else {
            if (have_hit && mg_is_paika(p->own, p->opp, hit.move))
                staged[nstaged++] = hit.move;
            for (int k = 0; k < 2; k++) {
                fan_turn kt = w->killers[ply][k];
                if (kt && (nstaged == 0 || kt != staged[0]) &&
                    mg_is_paika(p->own, p->opp, kt))
                    staged[nstaged++] = kt;
            }
        }
        w->base[ply + 1] = w->base[ply]; /* the child lists where we would */
    }
    int n = 0, listed = !nstaged;
    if (listed) {
        n = gen_node_turns(w, p, ply);
        if (n == 0)
            return -SCORE_WIN + ply;
        if (n == 1 && cfg->use_single_ext && ply < 2 * s->depth_limit)
            depth++;
        if (cfg->use_ordering)
            score_moves(w, p, ply, have_hit ? hit.move : 0, n, depth);
    }

    int quiet_node = !capturers; /* else every turn is a capture */
    int futile = 0;
    if (cfg->use_futility && quiet_node && depth == 1 && !pv_node &&
        alpha > -SCORE_WIN_MIN && beta < SCORE_WIN_MIN)
        futile = w->s->eval(&cfg->eval_pk, p->own, p->opp) + 150 <= alpha;

    /* late move pruning: after this many paikas, the rest that create no
     * capture of ours are not searched (the list is all paikas or all
     * captures: captures are compulsory) */
    int lmp_after = INT_MAX;
    if (cfg->use_lmp && quiet_node && !pv_node && depth <= cfg->lmp_depth)
        lmp_after = cfg->lmp_base + cfg->lmp_k * depth * depth;

    int alpha0 = alpha, best = -SCORE_INF;
    fan_turn best_move = 0;
    fan_turn tried[64]; /* the paikas searched, for the history malus */
    int ntried = 0;
    for (int i = 0;; i++) {
        fan_turn t;
        if (i < nstaged) {
            t = staged[i];
        } else {
            if (!listed) {
                n = gen_node_turns(w, p, ply);
                if (w->failed)
                    return 0;
                score_moves(w, p, ply, have_hit ? hit.move : 0, n, depth);
                int held = pick_front(PLY_MOVES(w, ply), PLY_SCORES(w, ply),
                                      n, staged, nstaged);
                /* a staged capture is no turn here (a key collision): the
                 * node starts over from its list, so that its score and
                 * line hold legal turns only */
                if (held < nstaged) {
                    best = -SCORE_INF;
                    best_move = 0;
                    alpha = alpha0;
                    w->pvlen[ply] = ply;
                    held = 0;
                }
                i = nstaged = held;
                listed = 1;
            }
            if (i >= n)
                break;
            if (cfg->use_ordering)
                pick(PLY_MOVES(w, ply), PLY_SCORES(w, ply), i, n);
            t = PLY_MOVES(w, ply)[i];
        }
        if (t == excluded)
            continue;
        int quiet = !FAN_TURN_CAPTURED(t);
        int d1 = depth - 1 + (t == singular);
        spos child;
        spos_play(&child, p, t);
        if (cfg->use_tt && d1 > 0)
            tt_prefetch(&s->tt, child.key); /* its probe comes soon */
        if (cfg->use_countermove)
            w->path[ply] = t;
        w->keys[idx + 1] = child.key;
        w->clock[idx + 1] = quiet ? w->clock[idx] + 1 : 0;
        int score;
        if (futile && i > 0 && best > -SCORE_WIN_MIN &&
            !mg_capturers(child.opp, child.own)) {
            /* a paika that creates no capture cannot lift a lost eval */
            continue;
        }
        if (i >= lmp_after && best > -SCORE_WIN_MIN &&
            !mg_capturers(child.opp, child.own))
            continue;
        if (best == -SCORE_INF || !cfg->use_pvs) {
            score = -search(w, &child, -beta, -alpha, d1, ply + 1);
        } else {
            int r = late_reduction(w, p, t, i, depth, ply, pv_node);
            if (r && quiet && cfg->lmr_threat &&
                mg_capturers(child.opp, child.own))
                r--;
            score = -search(w, &child, -alpha - 1, -alpha, d1 - r, ply + 1);
            if (score > alpha && r)
                score = -search(w, &child, -alpha - 1, -alpha, d1, ply + 1);
            if (score > alpha && score < beta)
                score = -search(w, &child, -beta, -alpha, d1, ply + 1);
        }
        if (stopped(s))
            return 0;
        if (search_improve(w, ply, t, score, &best, &best_move, &alpha,
                           beta)) {
            if (cfg->use_ordering && cfg->use_hist2)
                reward_gravity(w, p, ply, t, depth, tried, ntried);
            else if (cfg->use_ordering)
                reward(w, p, ply, t, depth);
            break;
        }
        if (quiet && cfg->use_hist2 && ntried < 64)
            tried[ntried++] = t;
    }
    if (cfg->use_tt && !excluded) {
        int bound = tt_bound(best, alpha0, beta);
        tt_store(&s->tt, p->key, bound == TT_BOUND_UPPER ? 0 : best_move,
                 score_to_tt(best, ply), depth, bound);
    }
    return best;
}

/* ------------------------------------------------------------------ */
/* The hooks of the game-independent root (iterate.c)                  */

/* Searches the position after root turn rm from its side's view. */
static int fanorona_root_child(search_worker *w, const root_move *rm,
                               int alpha, int beta, int depth)
{
    const fan_search *s = w->s;
    int quiet = !FAN_TURN_CAPTURED(rm->turn);
    w->path[0] = rm->turn;
    w->keys[s->root_index + 1] = rm->child.key;
    w->clock[s->root_index + 1] = quiet ? w->clock[s->root_index] + 1 : 0;
    return search(w, &rm->child, alpha, beta, depth, 1);
}

/* Gives the lines of the main thread's last iteration to the callback. */
static int fanorona_report(search_worker *w, int line)
{
    if (!w->s->progress)
        return 0;
    fan_search_result r;
    fill_result(&r, w, line);
    return w->s->progress(w->s->user, &r);
}

const search_game search_game_fanorona = {fanorona_root_child,
                                          fanorona_report, 0};
