/* SPDX-License-Identifier: MIT */
/* The board as an SVG picture: lines, strong points, pieces, highlighted
 * points, the state of a chain in progress and a turn drawn as arrows.
 * Every coordinate is an integer in the view box, so the text never
 * depends on the locale's decimal point. */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>

/* Geometry, in view-box units: points SPACING apart, MARGIN round them
 * (room for a highlight disc on an edge point); the picture is shown at
 * half that size. The coordinates get a band of their own, LABEL_BAND
 * wide, left of and below that: the view box then starts at x =
 * -LABEL_BAND, so that a point has the same coordinates either way. The
 * labels are FONT units high, centred in the band, clear of every disc. */
#define SPACING 100
#define MARGIN 60
#define VIEW_W (2 * MARGIN + (BOARD_COLS - 1) * SPACING)
#define VIEW_H (2 * MARGIN + (BOARD_ROWS - 1) * SPACING)
#define LABEL_BAND 34
#define FONT 28
#define PIECE_R 32
#define STRONG_R 8
#define HIGHLIGHT_R 44
#define ACTIVE_R 42  /* the ring round the piece making a chain */
#define VISITED_R 14 /* the ring on a point the chain has visited */
#define CROSS 22     /* half the size of the cross on a captured piece */

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

/* The letters under the board, the numbers left of it, each centred in
 * its band: a baseline FONT * 5/14 below the middle centres a digit; the
 * letters sit 4 units higher, which leaves room for the tail of a g. */
#define LABEL_DROP (FONT * 5 / 14)
static void draw_coordinates(svg_writer *w)
{
    out(w, "<g class=\"coordinates\" fill=\"#5b3a1e\" "
           "font-family=\"sans-serif\" font-size=\"%d\" "
           "text-anchor=\"middle\">\n",
        FONT);
    for (int col = 0; col < BOARD_COLS; col++)
        out(w, "<text class=\"label\" x=\"%d\" y=\"%d\">%c</text>\n",
            MARGIN + col * SPACING, VIEW_H + LABEL_BAND / 2 + LABEL_DROP - 4,
            'a' + col);
    for (int row = 0; row < BOARD_ROWS; row++)
        out(w, "<text class=\"label\" x=\"%d\" y=\"%d\">%c</text>\n",
            -LABEL_BAND / 2,
            MARGIN + (BOARD_ROWS - 1 - row) * SPACING + LABEL_DROP, '1' + row);
    out(w, "</g>\n");
}

/* A circle of class cls and radius r on each point of mask. */
static void draw_circles(svg_writer *w, uint64_t mask, const char *cls, int r)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        int sq = board_lsb(m);
        out(w, "<circle class=\"%s\" cx=\"%d\" cy=\"%d\" r=\"%d\"/>\n", cls,
            px(sq), py(sq), r);
    }
}

/* A chain in progress, under the pieces: the pieces it has captured so far
 * (already off the board) as faded, dashed ghosts of their colour, and a
 * small ring on each point it has visited but left. */
static void draw_chain_under(svg_writer *w, uint64_t captured,
                             uint64_t visited, int active, int captured_white)
{
    if (captured) {
        out(w, "<g class=\"chain-captures\" stroke=\"#111111\" "
               "stroke-width=\"3\" stroke-dasharray=\"8 6\" "
               "fill-opacity=\"0.35\" fill=\"%s\">\n",
            captured_white ? "#f7f3e8" : "#222222");
        draw_circles(w, captured, "chain-captured", PIECE_R);
        out(w, "</g>\n");
    }
    visited &= ~BIT(active);
    if (visited) {
        out(w, "<g class=\"chain-visited\" fill=\"none\" stroke=\"#1565c0\" "
               "stroke-width=\"5\">\n");
        draw_circles(w, visited, "visited", VISITED_R);
        out(w, "</g>\n");
    }
}

/* The piece making the chain, over the pieces: a thick ring round it. */
static void draw_active(svg_writer *w, int active)
{
    out(w, "<circle class=\"active\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
           "fill=\"none\" stroke=\"#1565c0\" stroke-width=\"7\"/>\n",
        px(active), py(active), ACTIVE_R);
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
    int band = (flags & FAN_SVG_COORDINATES) ? LABEL_BAND : 0;
    int active = -1;
    uint64_t visited = 0, captured = 0;
    if (fan_position_in_chain(pos)) {
        fan_position_active_piece(&active, pos);
        fan_position_visited(&visited, pos);
        fan_position_chain_captured(&captured, pos);
    }
    out(&w, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" viewBox=\"%d 0 %d %d\">\n",
        (VIEW_W + band) / 2, (VIEW_H + band) / 2, -band, VIEW_W + band,
        VIEW_H + band);
    out(&w, "<title>Fanorona: %s to move%s</title>\n",
        pos->stm == 0 ? "White" : "Black",
        active >= 0 ? ", in the middle of a capture chain" : "");
    out(&w, "<rect class=\"board\" x=\"%d\" width=\"%d\" height=\"%d\" "
            "fill=\"#e9cf9c\"/>\n",
        -band, VIEW_W + band, VIEW_H + band);
    draw_lines(&w);
    if (highlight) {
        out(&w, "<g class=\"highlights\" fill=\"#ffd54f\" "
                "fill-opacity=\"0.85\">\n");
        draw_circles(&w, highlight, "highlight", HIGHLIGHT_R);
        out(&w, "</g>\n");
    }
    if (flags & FAN_SVG_COORDINATES)
        draw_coordinates(&w);
    if (active >= 0)
        draw_chain_under(&w, captured, visited, active, pos->stm != 0);
    draw_pieces(&w, white, black);
    if (active >= 0)
        draw_active(&w, active);
    if (path)
        draw_path(&w, path);
    out(&w, "</svg>\n");
    if (needed)
        *needed = w.len + 1;
    if (size)
        buf[w.len < size ? w.len : size - 1] = '\0';
    return w.len < size ? FAN_OK : FAN_EBUFS;
}
