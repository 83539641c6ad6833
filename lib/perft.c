/* SPDX-License-Identifier: MIT */
/* The perft entry points: fan_perft() and fan_perft_divide() on the
 * counting engine (perft-count.c); fan_perft_ex() is in perft-ex.c. */
#include "perft.h"

#include <string.h>

int perft_check_args(const fan_position *pos, unsigned depth, int kind)
{
    if (!pos || !VALID_COUNT(kind))
        return FAN_EINVAL;
    if (depth > FAN_PERFT_MAX_DEPTH)
        return FAN_ERANGE;
    return FAN_OK;
}

FAN_API int fan_perft(uint64_t *out, const fan_position *pos, unsigned depth,
                      int count_kind)
{
    int r = out ? perft_check_args(pos, depth, count_kind) : FAN_EINVAL;
    if (r != FAN_OK)
        return r;
    perft_ctx ctx;
    perft_ctx_init(&ctx, pos->rules, NULL);
    *out = perft_state(&ctx, &pos->cur.st, depth,
                       count_kind == FAN_COUNT_UNIQUE);
    return FAN_OK;
}

FAN_API int fan_perft_divide(fan_perft_entry *out, size_t capacity,
                             size_t *count, const fan_position *pos,
                             unsigned depth, int count_kind)
{
    int r = count && (out || !capacity)
                ? perft_check_args(pos, depth, count_kind)
                : FAN_EINVAL;
    if (r != FAN_OK)
        return r;
    /* like fan_perft: no turns below a board where a side has no pieces */
    const mg_state *st = &pos->cur.st;
    if (depth == 0 || (!mg_in_chain(st) && (!st->own || !st->opp))) {
        *count = 0;
        return FAN_OK;
    }
    int unique = count_kind == FAN_COUNT_UNIQUE;
    turn_list tl;
    r = turn_list_build(&tl, &pos->cur, pos->rules,
                        unique ? TURN_LIST_CANONICAL : TURN_LIST_PATHS);
    if (r != FAN_OK)
        return r;
    *count = tl.n;
    if (tl.n > capacity) {
        turn_list_free(&tl);
        return FAN_EBUFS;
    }
    perft_ctx ctx;
    perft_ctx_init(&ctx, pos->rules, NULL);
    uint64_t own0, opp0;
    mg_turn_start_board(st, &own0, &opp0);
    for (size_t i = 0; i < tl.n; i++) {
        uint64_t own, opp;
        mg_board_after(&own, &opp, own0, opp0, tl.turns[i]);
        mg_state child;
        mg_state_start(&child, opp, own);
        memset(&out[i], 0, sizeof out[i]);
        out[i].path = tl.paths[i];
        out[i].turn = tl.turns[i];
        out[i].nodes = perft_state(&ctx, &child, depth - 1, unique);
    }
    turn_list_free(&tl);
    return FAN_OK;
}
