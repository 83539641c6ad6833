/* SPDX-License-Identifier: MIT */
/* The Fanorona Chess evaluation, from the side to move's view in
 * centipawns. Each term has its switch in chess_search_config:
 * - material, by chess_search_config.value;
 * - piece-square terms (use_pst) for the board's two kinds of points: a
 *   strong point has eight lines, a weak one four, so a queen or king is
 *   freer on a strong point, a bishop can move only from one (it leaves
 *   the diagonals only by promotion, and is then stuck), and a pawn on a
 *   strong point also steps diagonally; a knight by its number of landing
 *   points; pawns by how far they have come, less on the last ranks while
 *   the pool is empty (such a pawn may not promote, and at the rank before
 *   the last it cannot move forward at all);
 * - king safety (use_king_safety): a king is captured by a piece landing
 *   next to it on a line (approach) or moving away from it (withdrawal),
 *   so friends on the points next to it protect it, enemies there and free
 *   points there facing enemy officers endanger it;
 * - mobility (use_mobility): the free points the officers reach.
 * Points are Fanorona squares (lib/board.h): rank = column, White moves
 * east. */
#include "chess-search.h"

#define NB(s, d) (board_neighbour[(s)][(d)])

/* The weights, centipawns. */
#define W_STRONG_QUEEN 12    /* a queen on a strong point */
#define W_STRONG_KING 6      /* a king on a strong point (endgame) */
#define W_BISHOP_STUCK 150   /* a bishop on a weak point cannot move */
#define W_KNIGHT_REACH 4     /* per landing point of a knight */
#define W_CENTRE 3           /* per step nearer the middle file */
#define W_PAWN_STRONG 6      /* a pawn on a strong point */
#define W_KING_FRIEND 10     /* a friend next to the king */
#define W_KING_ENEMY 18      /* an enemy next to the king */
#define W_KING_OPEN 6        /* a free point next to the king */
#define W_MOBILITY 3         /* per free point an officer reaches */

/* Bonus of a pawn by its rank from its own side (0..8); the last rank
 * never holds a pawn. */
static const int pawn_advance[CHESS_RANKS] = {0, 0, 0, 8, 18, 32, 50, 75, 0};

static int rank_of(int side, int sq)
{
    return side == CHESS_WHITE ? SQ_COL(sq) : BOARD_COLS - 1 - SQ_COL(sq);
}

/* 0 on the edge files, 2 on the middle one. */
static int centrality(int sq)
{
    int row = SQ_ROW(sq);
    return row < 2 ? row : 4 - row;
}

/* The landing points of a knight on sq: a chess knight's destinations
 * that are on the board. */
static int knight_reach(int sq)
{
    int r = SQ_COL(sq), f = SQ_ROW(sq), n = 0;
    static const int dr[8] = {1, 2, 2, 1, -1, -2, -2, -1};
    static const int df[8] = {2, 1, -1, -2, -2, -1, 1, 2};
    for (int i = 0; i < 8; i++) {
        int r2 = r + dr[i], f2 = f + df[i];
        n += r2 >= 0 && r2 < BOARD_COLS && f2 >= 0 && f2 < BOARD_ROWS;
    }
    return n;
}

static int pool_empty(const chess_state *s, int side)
{
    const uint8_t *p = s->pool[side];
    return !(p[0] | p[1] | p[2] | p[3]);
}

static int piece_square(const chess_state *s, int side, int type, int sq)
{
    int strong = SQ_STRONG(sq);
    switch (type) {
    case FAN_CHESS_QUEEN:
        return strong * W_STRONG_QUEEN + W_CENTRE * centrality(sq);
    case FAN_CHESS_BISHOP:
        return strong ? W_CENTRE * centrality(sq) : -W_BISHOP_STUCK;
    case FAN_CHESS_KNIGHT:
        return W_KNIGHT_REACH * knight_reach(sq);
    case FAN_CHESS_ROOK:
        return W_CENTRE * centrality(sq);
    case FAN_CHESS_PAWN: {
        int r = rank_of(side, sq), adv = pawn_advance[r];
        if (pool_empty(s, side) && r >= CHESS_RANKS - 3)
            adv = r == CHESS_RANKS - 2 ? 0 : adv / 2;
        return adv + strong * W_PAWN_STRONG + centrality(sq) * 2;
    }
    default:
        return 0;
    }
}

/* Free points from sq along direction d up to the first piece. */
static int ray_free(int sq, int d, uint64_t occ)
{
    uint64_t ray = board_ray[sq][d], block = ray & occ;
    if (!block)
        return board_popcount(ray);
    if (board_delta[d] > 0) /* the ray runs towards higher bits */
        return board_popcount(ray & (BIT(board_lsb(block)) - 1));
    int b = 63 - __builtin_clzll(block);
    return board_popcount(ray & ~((BIT(b) << 1) - 1));
}

/* Free points an officer on sq reaches along its lines (a knight: its
 * free landing points). */
static int reach(const chess_state *s, int type, int sq)
{
    int n = 0;
    if (type == FAN_CHESS_KNIGHT) {
        for (int df = SQ_STRONG(sq) ? 1 : 0; df < NDIRS; df += 2) {
            int m = NB(sq, df);
            if (m < 0)
                continue;
            for (int e = -1; e <= 1; e += 2) {
                int to = NB(m, (df + e) & 7);
                n += to >= 0 && !s->piece[to];
            }
        }
        return n;
    }
    uint64_t occ = s->occ[0] | s->occ[1];
    for (int d = type == FAN_CHESS_BISHOP; d < NDIRS;
         d += type == FAN_CHESS_QUEEN ? 1 : 2)
        n += ray_free(sq, d, occ);
    return n;
}

static int king_safety(const chess_state *s, int side, int enemy_officers,
                       int start_officers)
{
    uint64_t near = board_adjacent[s->king[side]];
    uint64_t own = near & s->occ[side], enemy = near & s->occ[side ^ 1];
    int score = W_KING_FRIEND * board_popcount(own) -
                W_KING_ENEMY * board_popcount(enemy) -
                W_KING_OPEN * board_popcount(near & ~own & ~enemy);
    return score * enemy_officers / start_officers;
}

int chess_evaluate(const chess_search_config *cfg, const chess_state *s)
{
    int score[2] = {0, 0}, off[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        for (uint64_t m = s->occ[side]; m; m &= m - 1) {
            int sq = board_lsb(m), type = CHESS_TYPE(s->piece[sq]);
            score[side] += cfg->value[type];
            if (type == FAN_CHESS_KING)
                continue;
            if (cfg->use_pst)
                score[side] += piece_square(s, side, type, sq);
            if (type == FAN_CHESS_PAWN)
                continue;
            off[side] += cfg->value[type];
            if (cfg->use_mobility)
                score[side] += W_MOBILITY * reach(s, type, sq);
        }
    }
    /* the king's terms weigh by the enemy officers left */
    int start = cfg->value[FAN_CHESS_QUEEN] +
                2 * (cfg->value[FAN_CHESS_ROOK] + cfg->value[FAN_CHESS_BISHOP] +
                     cfg->value[FAN_CHESS_KNIGHT]);
    for (int side = 0; side < 2 && start > 0; side++) {
        int k = s->king[side];
        if (k == CHESS_NONE)
            continue;
        /* free lines help a king once the officers are gone */
        if (cfg->use_pst)
            score[side] += SQ_STRONG(k) * W_STRONG_KING *
                           (start - off[side ^ 1]) / start;
        if (cfg->use_king_safety)
            score[side] += king_safety(s, side, off[side ^ 1], start);
    }
    return score[s->stm] - score[s->stm ^ 1];
}
