/* SPDX-License-Identifier: MIT */
/* Why fan_chess_play_points() would refuse a move, in words, for a user
 * interface: the same decision as that call, then the first reason that
 * applies (no piece, no such route, a capture that is compulsory or
 * missing, the pool, the king left in check, a choice left open). */
#include "chess.h"
#include "text.h"

#include <stdio.h>

static const char *const NAMES[] = {"", "king", "queen", "rook", "bishop",
                                    "knight", "pawn"};
static const char *const KIND_NAMES[] = {"", "a plain move", "an approach",
                                         "a withdrawal", "a knight move"};

static int finish(char *buf, size_t size, size_t *needed, int code,
                  const char *reason)
{
    writer w = {buf, size, 0};
    text_put(&w, reason);
    int r = text_finish(&w, needed);
    return r == FAN_OK ? code : r;
}

/* Which of the moves list[0..n) go from -> to with the kind and promotion
 * asked (0 for either): their number, and bit masks of the kinds and
 * promotions of those that go from -> to at all. */
static int matching(const fan_chess_move *list, int n, int from, int to,
                    int kind, int promo, unsigned *kinds, unsigned *promos)
{
    int fits = 0;
    *kinds = *promos = 0;
    for (int i = 0; i < n; i++) {
        fan_chess_move m = chess_move_public(list[i]);
        if (FAN_CHESS_MOVE_FROM(m) != from || FAN_CHESS_MOVE_TO(m) != to)
            continue;
        *kinds |= 1u << FAN_CHESS_MOVE_KIND(m);
        *promos |= 1u << FAN_CHESS_MOVE_PROMOTION(m);
        fits += (!kind || FAN_CHESS_MOVE_KIND(m) == kind) &&
                (!promo || FAN_CHESS_MOVE_PROMOTION(m) == promo);
    }
    return fits;
}

FAN_API int fan_chess_explain_move(char *buf, size_t size, size_t *needed,
                                   const fan_chess *pos, int from, int to,
                                   int kind, int promotion)
{
    char msg[FAN_CHESS_EXPLAIN_MAX], a[3], b[3];
    if (!pos || (!buf && size))
        return FAN_EINVAL;
    if (kind < FAN_CHESS_ANY || kind > FAN_CHESS_KING_KNIGHT)
        return finish(buf, size, needed, FAN_EINVAL, "unknown move kind");
    if (promotion && (promotion < FAN_CHESS_QUEEN || promotion > FAN_CHESS_KNIGHT))
        return finish(buf, size, needed, FAN_EINVAL, "unknown promotion piece");
    if (from < 0 || from >= FAN_CHESS_POINTS || to < 0 || to >= FAN_CHESS_POINTS)
        return finish(buf, size, needed, FAN_ERANGE, "a point outside 0..44");
    if (pos->result != FAN_ONGOING) {
        snprintf(msg, sizeof msg, "the game is over (%s)",
                 fan_chess_reason_name(pos->reason));
        return finish(buf, size, needed, FAN_EGAMEOVER, msg);
    }
    fan_chess_point_name(a, sizeof a, from);
    fan_chess_point_name(b, sizeof b, to);
    const chess_state *s = chess_cur(pos);
    int code = s->piece[BOARD_FROM_CHESS(from)];
    if (!code || CHESS_SIDE(code) != s->stm) {
        snprintf(msg, sizeof msg, "%s holds no piece of the side to move", a);
        return finish(buf, size, needed, FAN_EILLEGAL, msg);
    }
    const char *piece = NAMES[CHESS_TYPE(code)];
    fan_chess_move legal[FAN_CHESS_MOVES_MAX], pseudo[FAN_CHESS_MOVES_MAX];
    int nl = chess_legal(s, legal), np = chess_pseudo(s, pseudo);
    unsigned kinds, promos, pkinds, ppromos;
    int fits = matching(legal, nl, from, to, kind, promotion, &kinds, &promos);
    int pfits = matching(pseudo, np, from, to, kind, promotion, &pkinds, &ppromos);
    if (fits == 1)
        return finish(buf, size, needed, FAN_OK, "");
    if (fits > 1) {
        if (!kind && (kinds >> FAN_CHESS_APPROACH & 1) &&
            (kinds >> FAN_CHESS_WITHDRAWAL & 1))
            snprintf(msg, sizeof msg, "%s-%s captures by approach or "
                     "withdrawal: name one", a, b);
        else
            snprintf(msg, sizeof msg, "%s-%s promotes: name the piece", a, b);
        return finish(buf, size, needed, FAN_EAMBIGUOUS, msg);
    }
    if (!pkinds) {
        if (s->piece[BOARD_FROM_CHESS(to)])
            snprintf(msg, sizeof msg, "%s is occupied (no move lands on a "
                     "piece)", b);
        else if (CHESS_TYPE(code) == FAN_CHESS_PAWN &&
                 CHESS_RANK(to) == (s->stm == CHESS_WHITE ? 8 : 0))
            snprintf(msg, sizeof msg, "a pawn may enter the far rank only "
                     "with a piece in its pool");
        else
            snprintf(msg, sizeof msg, "the %s on %s has no move to %s", piece,
                     a, b);
    } else if (pfits == 0 && kind && !(pkinds >> kind & 1)) {
        snprintf(msg, sizeof msg, "%s-%s is not %s%s", a, b, KIND_NAMES[kind],
                 pkinds >> FAN_CHESS_PLAIN & 1
                     ? ": it captures nothing"
                     : kind == FAN_CHESS_PLAIN ? ": capture is compulsory" : "");
    } else if (pfits == 0) {
        snprintf(msg, sizeof msg, ppromos & 1 ? "%s-%s does not promote"
                                              : "no %s in the pool to promote to",
                 ppromos & 1 ? a : NAMES[promotion], b);
    } else {
        snprintf(msg, sizeof msg, "%s-%s would leave the king in check", a, b);
    }
    return finish(buf, size, needed, FAN_EILLEGAL, msg);
}
