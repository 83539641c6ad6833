/* SPDX-License-Identifier: MIT */
/* Fanorona Chess perft: legal move sequences of a given number of plies,
 * by copy-make. At the last ply the legal moves are counted, not played
 * (bulk counting): the legality test is already a copy-make per move. */
#include "chess.h"

static uint64_t perft(const chess_state *s, unsigned depth)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    int n = chess_legal(s, m);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        chess_state c = *s;
        chess_make(&c, m[i]);
        total += perft(&c, depth - 1);
    }
    return total;
}

FAN_API int fan_chess_perft(uint64_t *out, const fan_chess *pos,
                            unsigned depth)
{
    if (!out || !pos)
        return FAN_EINVAL;
    if (depth > FAN_CHESS_PERFT_MAX_DEPTH)
        return FAN_ERANGE;
    *out = depth == 0 ? 1 : perft(chess_cur(pos), depth);
    return FAN_OK;
}

FAN_API int fan_chess_perft_divide(fan_chess_perft_entry *out,
                                   size_t capacity, size_t *count,
                                   const fan_chess *pos, unsigned depth)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    if (!count || !pos || (!out && capacity))
        return FAN_EINVAL;
    if (depth == 0 || depth > FAN_CHESS_PERFT_MAX_DEPTH)
        return FAN_ERANGE;
    const chess_state *s = chess_cur(pos);
    int n = chess_legal(s, m);
    *count = (size_t)n;
    if ((size_t)n > capacity)
        return FAN_EBUFS;
    for (int i = 0; i < n; i++) {
        chess_state c = *s;
        chess_make(&c, m[i]);
        out[i].move = chess_move_public(m[i]);
        out[i].reserved = 0;
        out[i].nodes = depth == 1 ? 1 : perft(&c, depth - 1);
    }
    return FAN_OK;
}
