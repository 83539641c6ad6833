/* SPDX-License-Identifier: MIT */
/* The board as an SVG picture: lines, strong points, pieces, highlighted
 * points and a turn drawn as arrows. Every coordinate is an integer in the
 * view box, so the text never depends on the locale's decimal point. */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>

/* Geometry, in view-box units: points SPACING apart, MARGIN round the
 * board for the coordinates; the picture is shown at half that size. */
#define SPACING 100
#define MARGIN 60
#define VIEW_W (2 * MARGIN + (BOARD_COLS - 1) * SPACING)
#define VIEW_H (2 * MARGIN + (BOARD_ROWS - 1) * SPACING)
#define PIECE_R 32
#define STRONG_R 8
#define HIGHLIGHT_R 44
#define CROSS 22 /* half the size of the cross on a captured piece */

/* Arrowhead length and half width along each direction, rounded (a
 * diagonal's components are the orthogonal lengths divided by sqrt 2). */
#define HEAD_LEN 40
#define HEAD_HALF 20
#define HEAD_LEN_D 28
#define HEAD_HALF_D 14

typedef struct svg_writer {
    char *buf;
    size_t size, len;
} svg_writer;

static void out(svg_writer *w, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    for (int i = 0; i < n && i < (int)sizeof tmp - 1; i++, w->len++)
        if (w->len + 1 < w->size)
            w->buf[w->len] = tmp[i];
}

static int px(int sq)
{
    return MARGIN + SQ_COL(sq) * SPACING;
}

static int py(int sq)
{
    return MARGIN + (BOARD_ROWS - 1 - SQ_ROW(sq)) * SPACING;
}

static void draw_lines(svg_writer *w)
{
    out(w, "<g class=\"lines\" stroke=\"#5b3a1e\" stroke-width=\"4\" "
           "stroke-linecap=\"round\">\n");
    /* each unit segment once: towards E, NE, N and NW */
    for (int sq = 0; sq < BOARD_SQUARES; sq++)
        for (int d = 0; d < 4; d++) {
            int nb = board_neighbour[sq][d];
            if (nb != NO_SQUARE)
                out(w, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
                    px(sq), py(sq), px(nb), py(nb));
        }
    out(w, "</g>\n");
    out(w, "<g class=\"strong-points\" fill=\"#5b3a1e\">\n");
    for (int sq = 0; sq < BOARD_SQUARES; sq++)
        if (SQ_STRONG(sq))
            out(w, "<circle class=\"strong\" cx=\"%d\" cy=\"%d\" r=\"%d\"/>\n",
                px(sq), py(sq), STRONG_R);
    out(w, "</g>\n");
}

static void draw_coordinates(svg_writer *w)
{
    out(w, "<g class=\"coordinates\" fill=\"#5b3a1e\" font-family=\"sans-serif\" "
           "font-size=\"28\" text-anchor=\"middle\">\n");
    for (int col = 0; col < BOARD_COLS; col++)
        out(w, "<text x=\"%d\" y=\"%d\">%c</text>\n", MARGIN + col * SPACING,
            VIEW_H - 12, 'a' + col);
    for (int row = 0; row < BOARD_ROWS; row++)
        out(w, "<text x=\"%d\" y=\"%d\">%c</text>\n", MARGIN / 3,
            MARGIN + (BOARD_ROWS - 1 - row) * SPACING + 10, '1' + row);
    out(w, "</g>\n");
}

static void draw_pieces(svg_writer *w, uint64_t white, uint64_t black)
{
    out(w, "<g class=\"pieces\" stroke=\"#111111\" stroke-width=\"3\">\n");
    for (int sq = 0; sq < BOARD_SQUARES; sq++) {
        if (!((white | black) & BIT(sq)))
            continue;
        int is_white = (white & BIT(sq)) != 0;
        out(w, "<circle class=\"piece %s\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
               "fill=\"%s\"/>\n",
            is_white ? "white" : "black", px(sq), py(sq), PIECE_R,
            is_white ? "#f7f3e8" : "#222222");
    }
    out(w, "</g>\n");
}

/* One step as a line ending in an arrowhead whose tip is on the landing
 * point. */
static void draw_arrow(svg_writer *w, int from, int to)
{
    int d = board_direction(from, to);
    int dx = px(to) - px(from), dy = py(to) - py(from);
    int ux = dx > 0 ? 1 : dx < 0 ? -1 : 0, uy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    int len = DIR_DIAGONAL(d) ? HEAD_LEN_D : HEAD_LEN;
    int half = DIR_DIAGONAL(d) ? HEAD_HALF_D : HEAD_HALF;
    int bx = px(to) - ux * len, by = py(to) - uy * len;
    out(w, "<line class=\"arrow\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
        px(from), py(from), bx, by);
    out(w, "<polygon class=\"arrowhead\" points=\"%d,%d %d,%d %d,%d\"/>\n",
        px(to), py(to), bx - uy * half, by + ux * half, bx + uy * half,
        by - ux * half);
}

static void draw_path(svg_writer *w, const fan_path *path)
{
    if (path->captured) {
        out(w, "<g class=\"captures\" stroke=\"#c62828\" stroke-width=\"8\" "
               "stroke-linecap=\"round\">\n");
        for (uint64_t m = path->captured; m; m &= m - 1) {
            int sq = board_lsb(m), x = px(sq), y = py(sq);
            out(w, "<path class=\"captured\" d=\"M%d %dL%d %dM%d %dL%d %d\"/>\n",
                x - CROSS, y - CROSS, x + CROSS, y + CROSS, x + CROSS,
                y - CROSS, x - CROSS, y + CROSS);
        }
        out(w, "</g>\n");
    }
    out(w, "<g class=\"turn\" stroke=\"#1565c0\" fill=\"#1565c0\" "
           "stroke-width=\"10\" stroke-linecap=\"round\" "
           "stroke-linejoin=\"round\" opacity=\"0.8\">\n");
    int from = path->from;
    for (int i = 0; i < path->length; i++) {
        draw_arrow(w, from, path->to[i]);
        from = path->to[i];
    }
    out(w, "</g>\n");
}

static int check_arrows(const fan_path *path)
{
    int r = path_check_fields(path);
    if (r != FAN_OK)
        return r;
    int from = path->from;
    for (int i = 0; i < path->length; i++) {
        if (board_direction(from, path->to[i]) < 0)
            return FAN_EINVAL;
        from = path->to[i];
    }
    return FAN_OK;
}

FAN_API int fan_position_svg(char *buf, size_t size, size_t *needed,
                             const fan_position *pos, uint64_t highlight,
                             const fan_path *path, uint32_t flags)
{
    if (!pos || (!buf && size) || (flags & ~(uint32_t)FAN_SVG_COORDINATES))
        return FAN_EINVAL;
    if (highlight & ~BOARD_MASK)
        return FAN_ERANGE;
    if (path) {
        int r = check_arrows(path);
        if (r != FAN_OK)
            return r;
    }
    svg_writer w = {buf, size, 0};
    uint64_t white = pos_white(pos), black = pos_black(pos);
    out(&w, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\">\n",
        VIEW_W / 2, VIEW_H / 2, VIEW_W, VIEW_H);
    out(&w, "<title>Fanorona: %s to move</title>\n",
        pos->stm == 0 ? "White" : "Black");
    out(&w, "<rect class=\"board\" width=\"%d\" height=\"%d\" "
            "fill=\"#e9cf9c\"/>\n",
        VIEW_W, VIEW_H);
    draw_lines(&w);
    if (highlight) {
        out(&w, "<g class=\"highlights\" fill=\"#ffd54f\" "
                "fill-opacity=\"0.85\">\n");
        for (uint64_t m = highlight; m; m &= m - 1) {
            int sq = board_lsb(m);
            out(&w, "<circle class=\"highlight\" cx=\"%d\" cy=\"%d\" "
                    "r=\"%d\"/>\n",
                px(sq), py(sq), HIGHLIGHT_R);
        }
        out(&w, "</g>\n");
    }
    if (flags & FAN_SVG_COORDINATES)
        draw_coordinates(&w);
    draw_pieces(&w, white, black);
    if (path)
        draw_path(&w, path);
    out(&w, "</svg>\n");
    if (needed)
        *needed = w.len + 1;
    if (size)
        buf[w.len < size ? w.len : size - 1] = '\0';
    return w.len < size ? FAN_OK : FAN_EBUFS;
}
