/* SPDX-License-Identifier: MIT */
/* A Fanorona Chess position as an SVG picture, White at the bottom: the
 * board's lines (from the shared topology), the strong points, the pieces
 * as discs with their letter, highlighted points and a move drawn as an
 * arrow (a knight's through its first point) with its capture crossed
 * out. Integer coordinates only, so the text is the same in every locale. */
#include "chess.h"
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define SPACING 80
#define MARGIN 50
#define BAND 30 /* room for the coordinates, left and below */
#define VIEW_W (2 * MARGIN + (CHESS_FILES - 1) * SPACING)
#define VIEW_H (2 * MARGIN + (CHESS_RANKS - 1) * SPACING)
#define PIECE_R 28
#define HIGHLIGHT_R 36
#define CROSS 20

static int px(int point)
{
    return MARGIN + CHESS_FILE(point) * SPACING;
}

static int py(int point)
{
    return MARGIN + (CHESS_RANKS - 1 - CHESS_RANK(point)) * SPACING;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(writer *w, const char *fmt, ...)
{
    char tmp[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    text_put(w, tmp);
}

/* The neighbour of a chess point along a chess direction, or -1. */
static int step(int point, int dir)
{
    int sq = board_neighbour[BOARD_FROM_CHESS(point)][BOARD_DIR_FROM_CHESS(dir)];
    return sq < 0 ? -1 : BOARD_TO_CHESS(sq);
}

static void board(writer *w, uint32_t flags)
{
    put(w, "<rect x=\"%d\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#e8cf9c\"/>\n",
        flags ? -BAND : 0, VIEW_W + (flags ? BAND : 0),
        VIEW_H + (flags ? BAND : 0));
    text_put(w, "<g class=\"lines\" stroke=\"#5b3a1e\" stroke-width=\"3\">\n");
    for (int p = 0; p < FAN_CHESS_POINTS; p++)
        for (int d = 0; d < 4; d++) { /* E, NE, N, NW: each segment once */
            int q = step(p, d);
            if (q >= 0)
                put(w, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
                    px(p), py(p), px(q), py(q));
        }
    text_put(w, "</g>\n<g class=\"strong-points\" fill=\"#5b3a1e\">\n");
    for (int p = 0; p < FAN_CHESS_POINTS; p++)
        if (SQ_STRONG(BOARD_FROM_CHESS(p)))
            put(w, "<circle class=\"strong\" cx=\"%d\" cy=\"%d\" r=\"6\"/>\n",
                px(p), py(p));
    text_put(w, "</g>\n");
    if (!flags)
        return;
    text_put(w, "<g class=\"coordinates\" font-family=\"sans-serif\" "
                "font-size=\"22\" fill=\"#5b3a1e\" text-anchor=\"middle\">\n");
    for (int f = 0; f < CHESS_FILES; f++)
        put(w, "<text x=\"%d\" y=\"%d\">%c</text>\n", px(f), VIEW_H + 18,
            'a' + f);
    for (int r = 0; r < CHESS_RANKS; r++)
        put(w, "<text x=\"%d\" y=\"%d\">%d</text>\n", -BAND / 2,
            py(5 * r) + 8, r + 1);
    text_put(w, "</g>\n");
}

/* The knight-shaped route of a move, through its first point: from a
 * strong point the diagonal towards the destination, from a weak one the
 * orthogonal step along the longer leg. -1 for a move along one line. */
static int knight_middle(int from, int to)
{
    int df = CHESS_FILE(to) - CHESS_FILE(from);
    int dr = CHESS_RANK(to) - CHESS_RANK(from);
    if (abs(df) * abs(dr) != 2)
        return -1;
    int sf = df > 0 ? 1 : -1, sr = dr > 0 ? 1 : -1;
    if (SQ_STRONG(BOARD_FROM_CHESS(from)))
        return from + sf + 5 * sr;
    return abs(df) == 2 ? from + sf : from + 5 * sr;
}

static void arrow(writer *w, fan_chess_move m)
{
    int from = FAN_CHESS_MOVE_FROM(m), to = FAN_CHESS_MOVE_TO(m);
    int mid = knight_middle(from, to), last = mid >= 0 ? mid : from;
    put(w, "<g class=\"arrow\" stroke=\"#1f5fbf\" stroke-width=\"8\" "
           "fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
           "<polyline points=\"%d,%d", px(from), py(from));
    if (mid >= 0)
        put(w, " %d,%d", px(mid), py(mid));
    put(w, " %d,%d\"/>\n", px(to), py(to));
    /* the head: two strokes back from the tip, a quarter turn apart */
    int dx = px(to) - px(last), dy = py(to) - py(last);
    int len = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
    int ux = dx * 24 / len, uy = dy * 24 / len;
    put(w, "<polyline points=\"%d,%d %d,%d %d,%d\"/>\n</g>\n",
        px(to) - ux - uy, py(to) - uy + ux, px(to), py(to),
        px(to) - ux + uy, py(to) - uy - ux);
    int cap = FAN_CHESS_MOVE_CAPTURED(m);
    if (cap != FAN_CHESS_NO_POINT)
        put(w, "<g class=\"captured\" stroke=\"#c0392b\" stroke-width=\"6\">\n"
               "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n"
               "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n</g>\n",
            px(cap) - CROSS, py(cap) - CROSS, px(cap) + CROSS, py(cap) + CROSS,
            px(cap) - CROSS, py(cap) + CROSS, px(cap) + CROSS, py(cap) - CROSS);
}

static int move_well_formed(fan_chess_move m)
{
    int kind = FAN_CHESS_MOVE_KIND(m), cap = FAN_CHESS_MOVE_CAPTURED(m);
    int promo = FAN_CHESS_MOVE_PROMOTION(m);
    return FAN_CHESS_MOVE_FROM(m) < FAN_CHESS_POINTS &&
           FAN_CHESS_MOVE_TO(m) < FAN_CHESS_POINTS &&
           FAN_CHESS_MOVE_FROM(m) != FAN_CHESS_MOVE_TO(m) &&
           kind >= FAN_CHESS_PLAIN && kind <= FAN_CHESS_KING_KNIGHT &&
           (cap < FAN_CHESS_POINTS || cap == FAN_CHESS_NO_POINT) &&
           (promo == 0 || (promo >= FAN_CHESS_QUEEN && promo <= FAN_CHESS_KNIGHT)) &&
           (m >> 24) == 0;
}

FAN_API int fan_chess_svg(char *buf, size_t size, size_t *needed,
                          const fan_chess *pos, uint64_t highlight,
                          const fan_chess_move *move, uint32_t flags)
{
    static const char LETTERS[] = " KQRBNP";
    if (!pos || (!buf && size) || (flags & ~FAN_CHESS_SVG_COORDINATES) ||
        (move && !move_well_formed(*move)))
        return FAN_EINVAL;
    if (highlight >> FAN_CHESS_POINTS)
        return FAN_ERANGE;
    writer w = {buf, size, 0};
    int band = flags ? BAND : 0;
    put(&w, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"%d 0 %d %d\" "
            "width=\"%d\" height=\"%d\">\n",
        -band, VIEW_W + band, VIEW_H + band, (VIEW_W + band) / 2,
        (VIEW_H + band) / 2);
    board(&w, flags);
    for (int p = 0; p < FAN_CHESS_POINTS; p++)
        if (highlight >> p & 1)
            put(&w, "<circle class=\"highlight\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
                    "fill=\"#f4d03f\"/>\n",
                px(p), py(p), HIGHLIGHT_R);
    const chess_state *s = chess_cur(pos);
    for (int p = 0; p < FAN_CHESS_POINTS; p++) {
        int code = s->piece[BOARD_FROM_CHESS(p)];
        if (!code)
            continue;
        int white = CHESS_SIDE(code) == CHESS_WHITE;
        put(&w, "<g class=\"piece %s\"><circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
                "fill=\"%s\" stroke=\"#222\" stroke-width=\"3\"/>",
            white ? "white" : "black", px(p), py(p), PIECE_R,
            white ? "#fafafa" : "#222");
        put(&w, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
                "font-size=\"32\" text-anchor=\"middle\" fill=\"%s\">%c</text>"
                "</g>\n",
            px(p), py(p) + 11, white ? "#222" : "#fafafa",
            LETTERS[CHESS_TYPE(code)]);
    }
    if (move)
        arrow(&w, *move);
    text_put(&w, "</svg>\n");
    return text_finish(&w, needed);
}
