/* SPDX-License-Identifier: MIT */
/* Move ordering: the table move, captures by size, killers and the
 * history of cutoffs; the next turn picked by selection. */
#include "engine.h"

static void swap_turns(fan_turn *moves, int *scores, int a, int b)
{
    fan_turn t = moves[a];
    moves[a] = moves[b];
    moves[b] = t;
    int sc = scores[a];
    scores[a] = scores[b];
    scores[b] = sc;
}

void pick(fan_turn *moves, int *scores, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (scores[j] > scores[best])
            best = j;
    if (best != i)
        swap_turns(moves, scores, i, best);
}

int pick_front(fan_turn *moves, int *scores, int n, const fan_turn *first,
               int nfirst)
{
    int found = 0;
    for (int j = 0; j < nfirst; j++)
        for (int k = found; k < n; k++)
            if (moves[k] == first[j]) {
                swap_turns(moves, scores, found++, k);
                break;
            }
    return found;
}

void score_moves(search_worker *w, const spos *p, int ply,
                 fan_turn tt_move, int n, int depth)
{
    const fan_turn *moves = PLY_MOVES(w, ply);
    int *scores = PLY_SCORES(w, ply);
    fan_turn cm = counter_move(w, p, ply);
    const search_config *cfg = &w->s->run;
    int ck = cfg->use_capkiller;
    /* safeorder puts the paikas that give the opponent a capture after
     * the others, offerorder before them (from a depth on) */
    int offer = 0;
    if (cfg->use_safe_order && depth >= cfg->use_safe_order)
        offer = -(1 << 22);
    else if (cfg->use_offer_order && depth >= cfg->use_offer_order)
        offer = 1 << 22;
    for (int i = 0; i < n; i++) {
        fan_turn t = moves[i];
        int h = w->history[p->stm][FAN_TURN_FROM(t)][FAN_TURN_TO(t)];
        if (t == tt_move)
            scores[i] = 1 << 30;
        else if (ck && t == w->ckillers[ply][0])
            scores[i] = 1 << 29;
        else if (ck && t == w->ckillers[ply][1])
            scores[i] = (1 << 29) - 1;
        else if (FAN_TURN_CAPTURED(t))
            scores[i] = (board_popcount(FAN_TURN_CAPTURED(t)) << 20) + h;
        else if (t == w->killers[ply][0])
            scores[i] = 1 << 28;
        else if (t == w->killers[ply][1])
            scores[i] = (1 << 28) - 1;
        else if (t == cm)
            scores[i] = (1 << 28) - 2;
        else if (offer && mg_capturers(p->opp, (p->own & ~BIT(FAN_TURN_FROM(t))) |
                                                   BIT(FAN_TURN_TO(t))))
            scores[i] = h + offer; /* gives the opponent a capture */
        else
            scores[i] = h;
    }
}

fan_turn counter_move(const search_worker *w, const spos *p, int ply)
{
    fan_turn prev = ply > 0 ? w->path[ply - 1] : 0;
    if (!w->s->run.use_countermove || !prev)
        return 0;
    return w->counter[p->stm][FAN_TURN_FROM(prev)][FAN_TURN_TO(prev)];
}

static void new_killer(search_worker *w, const spos *p, int ply, fan_turn t)
{
    fan_turn prev = ply > 0 ? w->path[ply - 1] : 0;
    if (w->s->run.use_countermove && prev && !FAN_TURN_CAPTURED(t))
        w->counter[p->stm][FAN_TURN_FROM(prev)][FAN_TURN_TO(prev)] = t;
    if (FAN_TURN_CAPTURED(t)) {
        if (w->s->run.use_capkiller && w->ckillers[ply][0] != t) {
            w->ckillers[ply][1] = w->ckillers[ply][0];
            w->ckillers[ply][0] = t;
        }
    } else if (w->killers[ply][0] != t) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0] = t;
    }
}

void reward(search_worker *w, const spos *p, int ply, fan_turn t, int depth)
{
    int *h = &w->history[p->stm][FAN_TURN_FROM(t)][FAN_TURN_TO(t)];
    *h += depth * depth;
    if (*h > (1 << 18)) {
        for (int a = 0; a < BOARD_SQUARES; a++)
            for (int b = 0; b < BOARD_SQUARES; b++)
                w->history[p->stm][a][b] /= 2;
    }
    new_killer(w, p, ply, t);
}

/* h moves by bonus less its share h * |bonus| / HISTORY_MAX of the way
 * to the bound: it stays inside (-HISTORY_MAX, HISTORY_MAX). */
static void gravity(int *h, int bonus)
{
    int mag = bonus < 0 ? -bonus : bonus;
    *h += bonus - (int)((long long)*h * mag / HISTORY_MAX);
}

void reward_gravity(search_worker *w, const spos *p, int ply, fan_turn t,
                    int depth, const fan_turn *tried, int n)
{
    int (*hist)[BOARD_SQUARES] = w->history[p->stm];
    int bonus = depth * depth < HISTORY_MAX / 2 ? depth * depth
                                                : HISTORY_MAX / 2;
    gravity(&hist[FAN_TURN_FROM(t)][FAN_TURN_TO(t)], bonus);
    if (!FAN_TURN_CAPTURED(t))
        for (int i = 0; i < n; i++)
            if (tried[i] != t)
                gravity(&hist[FAN_TURN_FROM(tried[i])][FAN_TURN_TO(tried[i])],
                        -bonus);
    new_killer(w, p, ply, t);
}
