/* SPDX-License-Identifier: MIT */
/* The game kept by a position: the history of turns (for repetition and
 * undo), the redo list, and the result decided at each turn boundary. */
#include "position.h"

#include <stdlib.h>
#include <string.h>

static int count_repetitions(const fan_position *p)
{
    uint64_t w = pos_white(p), b = pos_black(p);
    int n = 1;
    for (size_t i = 0; i < p->nhist; i++) {
        const history_entry *h = &p->hist[i];
        if (h->stm == p->stm && h->white == w && h->black == b)
            n++;
    }
    return n;
}

/* Decides the result at a turn boundary (doc/rules.md "End of the game"). */
void position_update_result(fan_position *p)
{
    int other_wins = p->stm == 0 ? FAN_BLACK_WINS : FAN_WHITE_WINS;
    p->result = FAN_ONGOING;
    p->reason = FAN_REASON_NONE;
    if (!p->cur.st.own) {
        p->result = other_wins;
        p->reason = FAN_REASON_NO_PIECES;
    } else if (!mg_has_turn(p->cur.st.own, p->cur.st.opp)) {
        p->result = other_wins;
        p->reason = FAN_REASON_NO_MOVES;
    } else if (count_repetitions(p) >= 3) {
        p->result = FAN_DRAW;
        p->reason = FAN_REASON_REPETITION;
    } else if (p->turns >= FAN_TURN_LIMIT) {
        p->result = FAN_DRAW;
        p->reason = FAN_REASON_TURN_LIMIT;
    }
}

/* Makes room for need elements; leaves the buffer as it was on failure. */
static int grow(void **buf, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return FAN_OK;
    size_t n = *cap ? *cap * 2 : 32;
    while (n < need)
        n *= 2;
    void *p = realloc(*buf, n * size);
    if (!p)
        return FAN_ENOMEM;
    *buf = p;
    *cap = n;
    return FAN_OK;
}

int position_reserve_history(fan_position *p)
{
    void *buf = p->hist;
    int r = grow(&buf, &p->caphist, p->nhist + 1, sizeof *p->hist);
    p->hist = buf;
    return r;
}

static int reserve_redo(fan_position *p)
{
    void *buf = p->redo;
    int r = grow(&buf, &p->capredo, p->nredo + 1, sizeof *p->redo);
    p->redo = buf;
    return r;
}

void position_game_start(const fan_position *p, uint64_t *white,
                         uint64_t *black, int *stm, int *turns)
{
    if (p->nhist) {
        const history_entry *h = &p->hist[0];
        *white = h->white;
        *black = h->black;
        *stm = h->stm;
        *turns = h->turns;
        return;
    }
    uint64_t own, opp;
    mg_turn_start_board(&p->cur.st, &own, &opp);
    *white = p->stm == 0 ? own : opp;
    *black = p->stm == 0 ? opp : own;
    *stm = p->stm;
    *turns = p->turns;
}

/* Records the finished turn c and passes the move. History capacity must
 * have been reserved by the caller. */
void position_finish_turn(fan_position *p, const mg_chain *c)
{
    history_entry *h = &p->hist[p->nhist++];
    uint64_t own0, opp0;
    mg_turn_start_board(&p->cur.st, &own0, &opp0);
    h->white = p->stm == 0 ? own0 : opp0;
    h->black = p->stm == 0 ? opp0 : own0;
    h->turns = (uint16_t)p->turns;
    h->stm = (uint8_t)p->stm;
    h->path = c->path;
    mg_chain_start(&p->cur, c->st.opp, c->st.own);
    p->stm ^= 1;
    p->turns++;
    position_update_result(p);
}

FAN_API int fan_position_undo(fan_position *pos)
{
    if (!pos)
        return FAN_EINVAL;
    if (pos->cur.path.length) {
        uint64_t own, opp;
        mg_turn_start_board(&pos->cur.st, &own, &opp);
        mg_chain_start(&pos->cur, own, opp);
        return FAN_OK;
    }
    if (!pos->nhist)
        return FAN_ENOHISTORY;
    int r = reserve_redo(pos);
    if (r != FAN_OK)
        return r;
    const history_entry *h = &pos->hist[--pos->nhist];
    pos->stm = h->stm;
    pos->turns = h->turns;
    mg_chain_start(&pos->cur, h->stm == 0 ? h->white : h->black,
                   h->stm == 0 ? h->black : h->white);
    pos->redo[pos->nredo++] = h->path;
    position_update_result(pos);
    return FAN_OK;
}

FAN_API int fan_position_redo(fan_position *pos)
{
    if (!pos)
        return FAN_EINVAL;
    if (!pos->nredo)
        return FAN_ENOHISTORY;
    if (pos->cur.path.length)
        return FAN_ESTATE;
    if (pos->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    int r = position_play_path(pos, &pos->redo[pos->nredo - 1]);
    if (r == FAN_OK)
        pos->nredo--;
    return r;
}

FAN_API int fan_position_history_length(const fan_position *pos)
{
    return pos ? (int)pos->nhist : FAN_EINVAL;
}

FAN_API int fan_position_history_path(fan_path *out, const fan_position *pos,
                                      int index)
{
    if (!out || !pos)
        return FAN_EINVAL;
    if (index < 0 || (size_t)index >= pos->nhist)
        return FAN_ERANGE;
    *out = pos->hist[index].path;
    return FAN_OK;
}
