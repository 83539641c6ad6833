/* SPDX-License-Identifier: MIT */
/* Zobrist keys of Fanorona Chess positions, computed by the compiler: one
 * value per (piece, square), the side to move, each king's "not moved"
 * flag and each count of each pool type (count 0 has none, so an empty
 * pool adds nothing). These are the fields the game compares for
 * threefold repetition (chess_state up to pool), so equal keys stand for
 * repetitions up to collisions. */
#include "chess-search.h"
#include "search.h"

/* piece index: side * 6 + type - 1; the values start after those of the
 * Fanorona keys (zobrist.c uses indexes below 256) */
static const uint64_t zpiece[12][BOARD_SQUARES] = {
    {Z45(256)},  {Z45(320)},  {Z45(384)},  {Z45(448)},
    {Z45(512)},  {Z45(576)},  {Z45(640)},  {Z45(704)},
    {Z45(768)},  {Z45(832)},  {Z45(896)},  {Z45(960)},
};
static const uint64_t zstm = ZOB(1100);
static const uint64_t zunmoved[2] = {ZOB(1101), ZOB(1102)};
/* [side][pool type][count 1..2] */
static const uint64_t zpool[2][CHESS_POOL_TYPES][3] = {
    {{0, ZOB(1110), ZOB(1111)}, {0, ZOB(1112), ZOB(1113)},
     {0, ZOB(1114), ZOB(1115)}, {0, ZOB(1116), ZOB(1117)}},
    {{0, ZOB(1120), ZOB(1121)}, {0, ZOB(1122), ZOB(1123)},
     {0, ZOB(1124), ZOB(1125)}, {0, ZOB(1126), ZOB(1127)}},
};

static uint64_t zp(uint8_t code, int sq)
{
    return zpiece[CHESS_SIDE(code) * 6 + CHESS_TYPE(code) - 1][sq];
}

/* a pool never holds more than two of a type (a side starts with two) */
static uint64_t zpool_of(const chess_state *s)
{
    uint64_t k = 0;
    for (int side = 0; side < 2; side++)
        for (int t = 0; t < CHESS_POOL_TYPES; t++) {
            int c = s->pool[side][t];
            k ^= zpool[side][t][c > 2 ? 2 : c];
        }
    return k;
}

uint64_t chess_key(const chess_state *s)
{
    uint64_t k = s->stm ? zstm : 0;
    for (int side = 0; side < 2; side++) {
        for (uint64_t m = s->occ[side]; m; m &= m - 1) {
            int sq = board_lsb(m);
            k ^= zp(s->piece[sq], sq);
        }
        if (s->unmoved >> side & 1)
            k ^= zunmoved[side];
    }
    return k ^ zpool_of(s);
}

uint64_t chess_key_after(uint64_t key, const chess_state *before,
                         const chess_state *after, fan_chess_move m)
{
    int from = FAN_CHESS_MOVE_FROM(m), to = FAN_CHESS_MOVE_TO(m);
    int cap = FAN_CHESS_MOVE_CAPTURED(m);
    uint64_t k = key ^ zstm ^ zp(before->piece[from], from) ^
                 zp(after->piece[to], to);
    if (cap != FAN_CHESS_NO_POINT)
        k ^= zp(before->piece[cap], cap);
    uint8_t gone = before->unmoved & (uint8_t)~after->unmoved;
    for (int side = 0; side < 2; side++)
        if (gone >> side & 1)
            k ^= zunmoved[side];
    if (cap != FAN_CHESS_NO_POINT || FAN_CHESS_MOVE_PROMOTION(m))
        k ^= zpool_of(before) ^ zpool_of(after);
    return k;
}

uint64_t chess_key_null(uint64_t key)
{
    return key ^ zstm;
}
