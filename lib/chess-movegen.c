/* SPDX-License-Identifier: MIT */
/* Fanorona Chess move generation (FANORONA-CHESS-NOTES.md): routes along
 * the board's lines, approach and withdrawal of one piece, compulsory
 * capture per (origin, destination), promotion from the pools, the king's
 * first-move knight move, and check as "the king could be captured".
 * Squares and directions are Fanorona's (lib/board.h): White's pawns move
 * east (chess north), Black's west. */
#include "chess.h"

#define NB(s, d) (board_neighbour[(s)][(d)])
#define NO_CAPTURE FAN_CHESS_NO_POINT

static const uint8_t start_rank[CHESS_FILES] = {
    FAN_CHESS_KNIGHT, FAN_CHESS_ROOK, FAN_CHESS_KING, FAN_CHESS_ROOK,
    FAN_CHESS_KNIGHT};
static const uint8_t second_rank[CHESS_FILES] = {
    0, FAN_CHESS_BISHOP, FAN_CHESS_QUEEN, FAN_CHESS_BISHOP, 0};

static void put(chess_state *s, int side, int point, int type)
{
    int sq = BOARD_FROM_CHESS(point);
    s->piece[sq] = CHESS_CODE(side, type);
    s->occ[side] |= BIT(sq);
    if (type == FAN_CHESS_KING)
        s->king[side] = (uint8_t)sq;
}

void chess_start(chess_state *s)
{
    static const chess_state zero;
    *s = zero;
    for (int f = 0; f < CHESS_FILES; f++) {
        put(s, CHESS_WHITE, f, start_rank[f]);
        put(s, CHESS_BLACK, f + 5 * 8, start_rank[f]);
        if (second_rank[f]) {
            put(s, CHESS_WHITE, f + 5, second_rank[f]);
            put(s, CHESS_BLACK, f + 5 * 7, second_rank[f]);
        }
        put(s, CHESS_WHITE, f + 5 * 2, FAN_CHESS_PAWN);
        put(s, CHESS_BLACK, f + 5 * 6, FAN_CHESS_PAWN);
    }
    s->unmoved = 3;
    s->fullmove = 1;
}

/* A pawn's forward directions: White's east, north-east and south-east
 * (chess north and its diagonals), Black's the mirror. */
static int pawn_forward(int side, int d)
{
    return side == CHESS_WHITE ? d == 0 || d == 1 || d == 7
                               : d == 3 || d == 4 || d == 5;
}

static int on_far_rank(int side, int sq)
{
    return SQ_COL(sq) == (side == CHESS_WHITE ? BOARD_COLS - 1 : 0);
}

static int pool_any(const chess_state *s, int side)
{
    const uint8_t *p = s->pool[side];
    return p[0] | p[1] | p[2] | p[3];
}

/* May a pawn of side land on sq at all (the far rank needs a piece)? */
static int pawn_may_land(const chess_state *s, int side, int sq)
{
    return !on_far_rank(side, sq) || pool_any(s, side);
}

static int is_empty(const chess_state *s, int sq)
{
    return sq >= 0 && s->piece[sq] == 0;
}

static int holds(const chess_state *s, int sq, int side)
{
    return sq >= 0 && (s->occ[side] >> sq & 1);
}

/* Does a slider of this type move along direction d? */
static int slides(int type, int d)
{
    return type == FAN_CHESS_QUEEN ||
           (type == FAN_CHESS_ROOK && !DIR_DIAGONAL(d)) ||
           (type == FAN_CHESS_BISHOP && DIR_DIAGONAL(d));
}

int chess_attacked(const chess_state *s, int side)
{
    int k = s->king[side], x = side ^ 1;
    if (k == CHESS_NONE)
        return 0;
    for (int d = 0; d < NDIRS; d++) {
        /* approach: a piece of x lands on L moving in direction d */
        int L = NB(k, DIR_OPPOSITE(d));
        if (is_empty(s, L)) {
            int o = NB(L, DIR_OPPOSITE(d)), near = 1;
            while (is_empty(s, o)) {
                o = NB(o, DIR_OPPOSITE(d));
                near = 0;
            }
            if (holds(s, o, x)) {
                int t = CHESS_TYPE(s->piece[o]);
                if (slides(t, d))
                    return 1;
                if (near && t == FAN_CHESS_KING)
                    return 1;
                if (near && t == FAN_CHESS_PAWN && pawn_forward(x, d) &&
                    pawn_may_land(s, x, L))
                    return 1;
            }
            /* a knight whose second step, in direction d, lands on L:
             * its first step turned one eighth from d */
            int m = NB(L, DIR_OPPOSITE(d));
            if (m >= 0)
                for (int e = -1; e <= 1; e += 2) {
                    int o2 = NB(m, DIR_OPPOSITE((d + e) & 7));
                    if (o2 >= 0 && s->piece[o2] == CHESS_CODE(x, FAN_CHESS_KNIGHT))
                        return 1;
                }
        }
        /* withdrawal: the piece of x next to k along d moves away along d */
        int o = NB(k, d);
        if (!holds(s, o, x))
            continue;
        int t = CHESS_TYPE(s->piece[o]), to = NB(o, d);
        switch (t) {
        case FAN_CHESS_QUEEN:
        case FAN_CHESS_ROOK:
        case FAN_CHESS_BISHOP:
            if (slides(t, d) && is_empty(s, to))
                return 1;
            break;
        case FAN_CHESS_KING:
            if (is_empty(s, to))
                return 1;
            break;
        case FAN_CHESS_PAWN:
            if (pawn_forward(x, d) && is_empty(s, to) &&
                pawn_may_land(s, x, to))
                return 1;
            break;
        case FAN_CHESS_KNIGHT:
            /* its first step is diagonal exactly from a strong point */
            if (DIR_DIAGONAL(d) == SQ_STRONG(o) && to >= 0)
                for (int e = -1; e <= 1; e += 2)
                    if (is_empty(s, NB(to, (d + e) & 7)))
                        return 1;
            break;
        default:
            break;
        }
    }
    return 0;
}

typedef struct gen {
    const chess_state *s;
    int side;
    fan_chess_move *out;
    int n;
} gen;

/* Emits the versions of the route from -> to (first step direction df,
 * last dl): the capturing ones where its geometry allows a capture (then
 * only those: capture is compulsory), else the plain move; a pawn reaching
 * the far rank once per piece its pool offers, or not at all. */
static void route(gen *g, int type, int from, int to, int df, int dl,
                  int king_knight)
{
    const chess_state *s = g->s;
    int enemy = g->side ^ 1;
    int a = NB(to, dl), w = NB(from, DIR_OPPOSITE(df));
    int cap[2], kind[2], nv = 0;
    if (holds(s, a, enemy)) {
        cap[nv] = a;
        kind[nv++] = FAN_CHESS_APPROACH;
    }
    if (holds(s, w, enemy)) {
        cap[nv] = w;
        kind[nv++] = FAN_CHESS_WITHDRAWAL;
    }
    if (king_knight) {
        if (nv == 0)
            g->out[g->n++] = CHESS_MOVE(from, to, FAN_CHESS_KING_KNIGHT,
                                        NO_CAPTURE, 0);
        return;
    }
    if (nv == 0) {
        cap[0] = NO_CAPTURE;
        kind[nv++] = FAN_CHESS_PLAIN;
    }
    int promotes = type == FAN_CHESS_PAWN && on_far_rank(g->side, to);
    for (int v = 0; v < nv; v++) {
        if (!promotes) {
            g->out[g->n++] = CHESS_MOVE(from, to, kind[v], cap[v], 0);
            continue;
        }
        for (int p = 0; p < CHESS_POOL_TYPES; p++)
            if (s->pool[g->side][p])
                g->out[g->n++] = CHESS_MOVE(from, to, kind[v], cap[v],
                                            FAN_CHESS_QUEEN + p);
    }
}

/* The knight's routes: from a strong point a diagonal step, from a weak
 * one an orthogonal step (onto any point), then a step one eighth round
 * either way, which keeps going outward, onto a free point. */
static void knight_routes(gen *g, int sq, int type, int king_knight)
{
    int strong = SQ_STRONG(sq);
    for (int df = strong ? 1 : 0; df < NDIRS; df += 2) {
        int m = NB(sq, df);
        if (m < 0)
            continue;
        for (int e = -1; e <= 1; e += 2) {
            int dl = (df + e) & 7, to = NB(m, dl);
            if (is_empty(g->s, to))
                route(g, type, sq, to, df, dl, king_knight);
        }
    }
}

static void piece_moves(gen *g, int sq, int king_knight)
{
    const chess_state *s = g->s;
    int type = CHESS_TYPE(s->piece[sq]);
    switch (type) {
    case FAN_CHESS_KNIGHT:
        knight_routes(g, sq, type, 0);
        return;
    case FAN_CHESS_KING:
    case FAN_CHESS_PAWN:
        for (int d = 0; d < NDIRS; d++) {
            int to = NB(sq, d);
            if (is_empty(s, to) &&
                (type == FAN_CHESS_KING || pawn_forward(g->side, d)))
                route(g, type, sq, to, d, d, 0);
        }
        if (type == FAN_CHESS_KING && king_knight)
            knight_routes(g, sq, type, 1);
        return;
    default:
        for (int d = 0; d < NDIRS; d++) {
            if (!slides(type, d))
                continue;
            for (int to = NB(sq, d); is_empty(s, to); to = NB(to, d))
                route(g, type, sq, to, d, d, 0);
        }
        return;
    }
}

int chess_pseudo(const chess_state *s, fan_chess_move *out)
{
    gen g = {s, s->stm, out, 0};
    int king_knight = (s->unmoved >> s->stm & 1) && !chess_attacked(s, s->stm);
    for (uint64_t m = s->occ[s->stm]; m; m &= m - 1)
        piece_moves(&g, board_lsb(m), king_knight);
    return g.n;
}

int chess_legal(const chess_state *s, fan_chess_move *out)
{
    fan_chess_move pseudo[FAN_CHESS_MOVES_MAX];
    int np = chess_pseudo(s, pseudo), n = 0;
    for (int i = 0; i < np; i++) {
        chess_state c = *s;
        chess_make(&c, pseudo[i]);
        if (!chess_attacked(&c, s->stm))
            out[n++] = pseudo[i];
    }
    return n;
}

void chess_make(chess_state *s, fan_chess_move m)
{
    int side = s->stm, enemy = side ^ 1;
    int from = FAN_CHESS_MOVE_FROM(m), to = FAN_CHESS_MOVE_TO(m);
    int cap = FAN_CHESS_MOVE_CAPTURED(m), promo = FAN_CHESS_MOVE_PROMOTION(m);
    uint8_t code = s->piece[from];
    int type = CHESS_TYPE(code);
    s->piece[from] = 0;
    s->occ[side] &= ~BIT(from);
    if (promo) {
        s->pool[side][CHESS_POOL_INDEX(promo)]--;
        code = CHESS_CODE(side, promo);
    }
    s->piece[to] = code;
    s->occ[side] |= BIT(to);
    if (type == FAN_CHESS_KING) {
        s->king[side] = (uint8_t)to;
        s->unmoved &= (uint8_t)~(1u << side);
    }
    if (cap != NO_CAPTURE) {
        int victim = CHESS_TYPE(s->piece[cap]);
        if (victim >= FAN_CHESS_QUEEN && victim <= FAN_CHESS_KNIGHT)
            s->pool[enemy][CHESS_POOL_INDEX(victim)]++;
        if (victim == FAN_CHESS_KING)
            s->king[enemy] = CHESS_NONE;
        s->piece[cap] = 0;
        s->occ[enemy] &= ~BIT(cap);
    }
    if (type == FAN_CHESS_PAWN || cap != NO_CAPTURE)
        s->halfmove = 0;
    else if (s->halfmove < UINT16_MAX)
        s->halfmove++;
    if (side == CHESS_BLACK && s->fullmove < CHESS_FULLMOVE_MAX)
        s->fullmove++;
    s->stm = (uint8_t)enemy;
}

static int point_of(int sq)
{
    return sq == NO_CAPTURE ? NO_CAPTURE : BOARD_TO_CHESS(sq);
}

static int square_of(int point)
{
    return point == NO_CAPTURE ? NO_CAPTURE : BOARD_FROM_CHESS(point);
}

fan_chess_move chess_move_public(fan_chess_move m)
{
    return FAN_CHESS_MOVE_MAKE(point_of(FAN_CHESS_MOVE_FROM(m)),
                               point_of(FAN_CHESS_MOVE_TO(m)),
                               FAN_CHESS_MOVE_KIND(m),
                               point_of(FAN_CHESS_MOVE_CAPTURED(m)),
                               FAN_CHESS_MOVE_PROMOTION(m));
}

fan_chess_move chess_move_internal(fan_chess_move m)
{
    return FAN_CHESS_MOVE_MAKE(square_of(FAN_CHESS_MOVE_FROM(m)),
                               square_of(FAN_CHESS_MOVE_TO(m)),
                               FAN_CHESS_MOVE_KIND(m),
                               square_of(FAN_CHESS_MOVE_CAPTURED(m)),
                               FAN_CHESS_MOVE_PROMOTION(m));
}
