/* SPDX-License-Identifier: MIT */
/* Zobrist keys of the search, computed by the compiler, and its positions:
 * copy-make on two masks. */
#include "search.h"

const uint64_t zobrist_piece[2][BOARD_SQUARES] = {{Z45(0)}, {Z45(64)}};
const uint64_t zobrist_black_to_move = ZOB(200);

uint64_t zobrist_key(uint64_t white, uint64_t black, int stm)
{
    uint64_t k = stm ? zobrist_black_to_move : 0;
    for (uint64_t m = white; m; m &= m - 1)
        k ^= zobrist_piece[0][board_lsb(m)];
    for (uint64_t m = black; m; m &= m - 1)
        k ^= zobrist_piece[1][board_lsb(m)];
    return k;
}

void spos_set(spos *p, uint64_t white, uint64_t black, int stm)
{
    p->own = stm ? black : white;
    p->opp = stm ? white : black;
    p->stm = stm;
    p->key = zobrist_key(white, black, stm);
}

void spos_play(spos *child, const spos *p, fan_turn t)
{
    int from = FAN_TURN_FROM(t), to = FAN_TURN_TO(t);
    uint64_t cap = FAN_TURN_CAPTURED(t);
    const uint64_t *zo = zobrist_piece[p->stm], *zx = zobrist_piece[!p->stm];
    uint64_t k = p->key ^ zo[from] ^ zo[to] ^ zobrist_black_to_move;
    for (uint64_t m = cap; m; m &= m - 1)
        k ^= zx[board_lsb(m)];
    mg_board_after(&child->opp, &child->own, p->own, p->opp, t);
    child->stm = !p->stm;
    child->key = k;
}

void spos_pass(spos *child, const spos *p)
{
    child->own = p->opp;
    child->opp = p->own;
    child->stm = !p->stm;
    child->key = p->key ^ zobrist_black_to_move;
}
