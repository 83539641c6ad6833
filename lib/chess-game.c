/* SPDX-License-Identifier: MIT */
/* The Fanorona Chess handle: a game as the list of its states, so that
 * undo and redo are an index and repetition is a comparison of states;
 * the end of the game judged after every change; the queries and the UI
 * helpers. */
#include "chess.h"

#include <stdlib.h>
#include <string.h>

#define VALID_POINT(p) ((p) >= 0 && (p) < FAN_CHESS_POINTS)
#define VALID_COLOR(c) ((c) == FAN_WHITE || (c) == FAN_BLACK)

/* The end of the game at the current state, in the order of the notes:
 * no legal move (the player to move loses), the third occurrence, the
 * hundredth ply without capture or pawn move. */
static void judge(fan_chess *g)
{
    const chess_state *s = chess_cur(g);
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    g->result = FAN_ONGOING;
    g->reason = FAN_CHESS_REASON_NONE;
    if (chess_legal(s, m) == 0) {
        g->result = s->stm == CHESS_WHITE ? FAN_BLACK_WINS : FAN_WHITE_WINS;
        g->reason = chess_attacked(s, s->stm) ? FAN_CHESS_REASON_CHECKMATE
                                              : FAN_CHESS_REASON_STALEMATE;
        return;
    }
    /* a capture or a pawn move cannot be undone, so earlier states differ */
    size_t lo = g->ply > s->halfmove ? g->ply - s->halfmove : 0;
    int seen = 1;
    for (size_t i = lo; i < g->ply; i++)
        seen += !memcmp(g->states[i].piece, s->piece, CHESS_KEY_SIZE);
    if (seen >= 3) {
        g->result = FAN_DRAW;
        g->reason = FAN_CHESS_REASON_REPETITION;
    } else if (s->halfmove >= 100) {
        g->result = FAN_DRAW;
        g->reason = FAN_CHESS_REASON_FIFTY_MOVES;
    }
}

static int reserve(fan_chess *g, size_t states)
{
    if (states <= g->cap)
        return FAN_OK;
    size_t cap = g->cap ? g->cap : 16;
    while (cap < states)
        cap *= 2;
    chess_state *st = realloc(g->states, cap * sizeof *st);
    if (!st)
        return FAN_ENOMEM;
    g->states = st;
    fan_chess_move *mv = realloc(g->moves, cap * sizeof *mv);
    if (!mv)
        return FAN_ENOMEM; /* the larger states array is kept; nothing changed */
    g->moves = mv;
    g->cap = cap;
    return FAN_OK;
}

int chess_handle_new(fan_chess **out, const chess_state *s)
{
    fan_chess *g = calloc(1, sizeof *g);
    if (!g)
        return FAN_ENOMEM;
    if (reserve(g, 16) != FAN_OK) {
        fan_chess_free(g);
        return FAN_ENOMEM;
    }
    g->states[0] = *s;
    judge(g);
    *out = g;
    return FAN_OK;
}

FAN_API int fan_chess_new(fan_chess **out)
{
    chess_state s;
    if (!out)
        return FAN_EINVAL;
    chess_start(&s);
    return chess_handle_new(out, &s);
}

FAN_API int fan_chess_clone(fan_chess **out, const fan_chess *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    fan_chess *g = calloc(1, sizeof *g);
    if (!g || reserve(g, pos->top + 1) != FAN_OK) {
        fan_chess_free(g);
        return FAN_ENOMEM;
    }
    memcpy(g->states, pos->states, (pos->top + 1) * sizeof *g->states);
    memcpy(g->moves, pos->moves, pos->top * sizeof *g->moves);
    g->ply = pos->ply;
    g->top = pos->top;
    g->result = pos->result;
    g->reason = pos->reason;
    *out = g;
    return FAN_OK;
}

FAN_API void fan_chess_free(fan_chess *pos)
{
    if (!pos)
        return;
    free(pos->states);
    free(pos->moves);
    free(pos);
}

FAN_API int fan_chess_piece(const fan_chess *pos, int point)
{
    if (!pos)
        return FAN_EINVAL;
    if (!VALID_POINT(point))
        return FAN_ERANGE;
    return chess_cur(pos)->piece[BOARD_FROM_CHESS(point)];
}

FAN_API int fan_chess_pieces(uint64_t *out, const fan_chess *pos, int color,
                             int type)
{
    if (!out || !pos || !VALID_COLOR(color) || type < 0 ||
        type > FAN_CHESS_PAWN)
        return FAN_EINVAL;
    const chess_state *s = chess_cur(pos);
    uint64_t m = 0;
    for (uint64_t o = s->occ[color - 1]; o; o &= o - 1) {
        int sq = board_lsb(o);
        if (type == 0 || CHESS_TYPE(s->piece[sq]) == type)
            m |= BIT(sq);
    }
    *out = board_mask_to_chess(m);
    return FAN_OK;
}

FAN_API int fan_chess_side_to_move(const fan_chess *pos)
{
    return pos ? chess_cur(pos)->stm + 1 : FAN_EINVAL;
}

FAN_API int fan_chess_king_unmoved(const fan_chess *pos, int color)
{
    if (!pos || !VALID_COLOR(color))
        return FAN_EINVAL;
    return chess_cur(pos)->unmoved >> (color - 1) & 1;
}

FAN_API int fan_chess_pool_count(const fan_chess *pos, int color, int type)
{
    if (!pos || !VALID_COLOR(color) || type < FAN_CHESS_QUEEN ||
        type > FAN_CHESS_KNIGHT)
        return FAN_EINVAL;
    return chess_cur(pos)->pool[color - 1][CHESS_POOL_INDEX(type)];
}

FAN_API int fan_chess_halfmove_clock(const fan_chess *pos)
{
    return pos ? chess_cur(pos)->halfmove : FAN_EINVAL;
}

FAN_API int fan_chess_move_number(const fan_chess *pos)
{
    return pos ? (int)chess_cur(pos)->fullmove : FAN_EINVAL;
}

FAN_API int fan_chess_in_check(const fan_chess *pos)
{
    return pos ? chess_attacked(chess_cur(pos), chess_cur(pos)->stm)
               : FAN_EINVAL;
}

FAN_API int fan_chess_result(const fan_chess *pos)
{
    return pos ? pos->result : FAN_EINVAL;
}

FAN_API int fan_chess_result_reason(const fan_chess *pos)
{
    return pos ? pos->reason : FAN_EINVAL;
}

FAN_API const char *fan_chess_reason_name(int reason)
{
    switch (reason) {
    case FAN_CHESS_REASON_NONE: return "none";
    case FAN_CHESS_REASON_CHECKMATE: return "checkmate";
    case FAN_CHESS_REASON_STALEMATE: return "stalemate";
    case FAN_CHESS_REASON_REPETITION: return "threefold repetition";
    case FAN_CHESS_REASON_FIFTY_MOVES: return "50-move rule";
    default: return "";
    }
}

FAN_API int fan_chess_equal(const fan_chess *a, const fan_chess *b)
{
    if (!a || !b)
        return FAN_EINVAL;
    const chess_state *x = chess_cur(a), *y = chess_cur(b);
    return !memcmp(x->piece, y->piece, CHESS_KEY_SIZE) &&
           x->halfmove == y->halfmove && x->fullmove == y->fullmove;
}

/* The legal moves now in public form (none once the game is over). */
static int legal_public(const fan_chess *g, fan_chess_move *out)
{
    if (g->result != FAN_ONGOING)
        return 0;
    int n = chess_legal(chess_cur(g), out);
    for (int i = 0; i < n; i++)
        out[i] = chess_move_public(out[i]);
    return n;
}

/* Copies the n moves of list that pass keep() into the caller's buffer. */
static int copy_out(fan_chess_move *out, size_t capacity, size_t *count,
                    const fan_chess_move *list, int n, int from)
{
    size_t k = 0;
    for (int i = 0; i < n; i++) {
        if (from >= 0 && FAN_CHESS_MOVE_FROM(list[i]) != from)
            continue;
        if (k < capacity)
            out[k] = list[i];
        k++;
    }
    *count = k;
    return k <= capacity ? FAN_OK : FAN_EBUFS;
}

FAN_API int fan_chess_moves(fan_chess_move *out, size_t capacity,
                            size_t *count, const fan_chess *pos)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    if (!count || !pos || (!out && capacity))
        return FAN_EINVAL;
    return copy_out(out, capacity, count, m, legal_public(pos, m), -1);
}

FAN_API int fan_chess_moves_from(fan_chess_move *out, size_t capacity,
                                 size_t *count, const fan_chess *pos,
                                 int point)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    if (!count || !pos || (!out && capacity))
        return FAN_EINVAL;
    if (!VALID_POINT(point))
        return FAN_ERANGE;
    return copy_out(out, capacity, count, m, legal_public(pos, m), point);
}

FAN_API int fan_chess_movable(uint64_t *out, const fan_chess *pos)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    if (!out || !pos)
        return FAN_EINVAL;
    int n = legal_public(pos, m);
    uint64_t mask = 0;
    for (int i = 0; i < n; i++)
        mask |= (uint64_t)1 << FAN_CHESS_MOVE_FROM(m[i]);
    *out = mask;
    return FAN_OK;
}

FAN_API int fan_chess_destinations(uint64_t *out, const fan_chess *pos,
                                   int point)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    if (!out || !pos)
        return FAN_EINVAL;
    if (!VALID_POINT(point))
        return FAN_ERANGE;
    int n = legal_public(pos, m);
    uint64_t mask = 0;
    for (int i = 0; i < n; i++)
        if (FAN_CHESS_MOVE_FROM(m[i]) == point)
            mask |= (uint64_t)1 << FAN_CHESS_MOVE_TO(m[i]);
    *out = mask;
    return FAN_OK;
}

FAN_API int fan_chess_choices(uint32_t *out, const fan_chess *pos, int from,
                              int to)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    if (!out || !pos)
        return FAN_EINVAL;
    if (!VALID_POINT(from) || !VALID_POINT(to))
        return FAN_ERANGE;
    int n = legal_public(pos, m), found = 0;
    unsigned kinds = 0, promos = 0;
    for (int i = 0; i < n; i++) {
        if (FAN_CHESS_MOVE_FROM(m[i]) != from || FAN_CHESS_MOVE_TO(m[i]) != to)
            continue;
        found = 1;
        kinds |= 1u << FAN_CHESS_MOVE_KIND(m[i]);
        promos |= 1u << FAN_CHESS_MOVE_PROMOTION(m[i]);
    }
    if (!found)
        return pos->result != FAN_ONGOING ? FAN_EGAMEOVER : FAN_EILLEGAL;
    uint32_t flags = 0;
    if ((kinds >> FAN_CHESS_APPROACH & 1) && (kinds >> FAN_CHESS_WITHDRAWAL & 1))
        flags |= FAN_CHESS_CHOOSE_MODE;
    if (promos & (promos - 1))
        flags |= FAN_CHESS_CHOOSE_PROMOTION;
    *out = flags;
    return FAN_OK;
}

FAN_API int fan_chess_play(fan_chess *pos, fan_chess_move move)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    if (!pos)
        return FAN_EINVAL;
    if (pos->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    int n = legal_public(pos, m);
    for (int i = 0; i < n; i++) {
        if (m[i] != move)
            continue;
        int r = reserve(pos, pos->ply + 2);
        if (r != FAN_OK)
            return r;
        fan_chess_move in = chess_move_internal(move);
        pos->states[pos->ply + 1] = pos->states[pos->ply];
        chess_make(&pos->states[pos->ply + 1], in);
        pos->moves[pos->ply] = in;
        pos->ply++;
        pos->top = pos->ply;
        judge(pos);
        return FAN_OK;
    }
    return FAN_EILLEGAL;
}

FAN_API int fan_chess_play_points(fan_chess *pos, int from, int to, int kind,
                                  int promotion)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX], pick = 0;
    if (!pos || kind < FAN_CHESS_ANY || kind > FAN_CHESS_KING_KNIGHT ||
        (promotion != 0 &&
         (promotion < FAN_CHESS_QUEEN || promotion > FAN_CHESS_KNIGHT)))
        return FAN_EINVAL;
    if (!VALID_POINT(from) || !VALID_POINT(to))
        return FAN_ERANGE;
    if (pos->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    int n = legal_public(pos, m), fits = 0;
    for (int i = 0; i < n; i++)
        if (FAN_CHESS_MOVE_FROM(m[i]) == from && FAN_CHESS_MOVE_TO(m[i]) == to &&
            (kind == FAN_CHESS_ANY || FAN_CHESS_MOVE_KIND(m[i]) == kind) &&
            (promotion == 0 || FAN_CHESS_MOVE_PROMOTION(m[i]) == promotion)) {
            pick = m[i];
            fits++;
        }
    if (fits == 0)
        return FAN_EILLEGAL;
    if (fits > 1)
        return FAN_EAMBIGUOUS;
    return fan_chess_play(pos, pick);
}

FAN_API int fan_chess_undo(fan_chess *pos)
{
    if (!pos)
        return FAN_EINVAL;
    if (pos->ply == 0)
        return FAN_ENOHISTORY;
    pos->ply--;
    judge(pos);
    return FAN_OK;
}

FAN_API int fan_chess_redo(fan_chess *pos)
{
    if (!pos)
        return FAN_EINVAL;
    if (pos->ply == pos->top)
        return FAN_ENOHISTORY;
    pos->ply++;
    judge(pos);
    return FAN_OK;
}

FAN_API int fan_chess_history_length(const fan_chess *pos)
{
    return pos ? (int)pos->ply : FAN_EINVAL;
}

FAN_API int fan_chess_history_move(fan_chess_move *out, const fan_chess *pos,
                                   int index)
{
    if (!out || !pos)
        return FAN_EINVAL;
    if (index < 0 || (size_t)index >= pos->ply)
        return FAN_ERANGE;
    *out = chess_move_public(pos->moves[index]);
    return FAN_OK;
}
