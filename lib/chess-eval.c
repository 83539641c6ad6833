/* SPDX-License-Identifier: MIT */
/* The Fanorona Chess evaluation, from the side to move's view in
 * centipawns: material by chess_search_config.value. */
#include "chess-search.h"

int chess_evaluate(const chess_search_config *cfg, const chess_state *s)
{
    int score[2] = {0, 0};
    for (int side = 0; side < 2; side++)
        for (uint64_t m = s->occ[side]; m; m &= m - 1)
            score[side] += cfg->value[CHESS_TYPE(s->piece[board_lsb(m)])];
    return score[s->stm] - score[s->stm ^ 1];
}
