/* SPDX-License-Identifier: MIT */
/* The naive generator (see naive.h). Every rule is applied in the most
 * literal way the rules text allows, so that it can serve as a second
 * opinion on the library's bitboard generator. */
#include "naive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The eight directed unit vectors (row, column); rows grow northwards. */
static const int DIR_ROW[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DIR_COL[8] = {1, 1, 0, -1, -1, -1, 0, 1};

static int on_board(int row, int col)
{
    return row >= 0 && row < NV_ROWS && col >= 0 && col < NV_COLS;
}

/* "Strong intersections, identified by column plus row being even"; with
 * both counted from 1 that is the same parity as with both counted from 0. */
static int strong(int row, int col)
{
    return (row + col) % 2 == 0;
}

static int is_diagonal(int dir)
{
    return DIR_ROW[dir] != 0 && DIR_COL[dir] != 0;
}

/* A line is drawn from (row, col) in direction dir: orthogonal lines
 * everywhere, diagonal ones only from strong points (the far end of a
 * diagonal step from a strong point is strong too). */
static int line_drawn(int row, int col, int dir)
{
    int r = row + DIR_ROW[dir], c = col + DIR_COL[dir];
    if (!on_board(r, c))
        return 0;
    return !is_diagonal(dir) || strong(row, col);
}

static int opponent(int side)
{
    return side == NV_WHITE ? NV_BLACK : NV_WHITE;
}

static int square(int row, int col)
{
    return row * NV_COLS + col;
}

static int count_pieces(const nv_pos *p, int colour)
{
    int n = 0;
    for (int r = 0; r < NV_ROWS; r++)
        for (int c = 0; c < NV_COLS; c++)
            n += p->board[r][c] == colour;
    return n;
}

/* ------------------------------------------------------------------ */
/* Turn lists                                                          */

static int list_push(nv_list *l, const nv_turn *t)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        nv_turn *items = realloc(l->items, cap * sizeof *items);
        if (!items)
            return -1;
        l->items = items;
        l->cap = cap;
    }
    l->items[l->n++] = *t;
    return 0;
}

void nv_list_free(nv_list *l)
{
    free(l->items);
    l->items = NULL;
    l->n = l->cap = 0;
}

int nv_turn_dest(const nv_turn *t)
{
    return t->to[t->length - 1];
}

static int same_effect(const nv_turn *a, const nv_turn *b)
{
    return a->origin == b->origin && nv_turn_dest(a) == nv_turn_dest(b) &&
           a->captured == b->captured;
}

void nv_unique(nv_list *l)
{
    size_t kept = 0;
    for (size_t i = 0; i < l->n; i++) {
        int seen = 0;
        for (size_t j = 0; j < kept && !seen; j++)
            seen = same_effect(&l->items[j], &l->items[i]);
        if (!seen)
            l->items[kept++] = l->items[i];
    }
    l->n = kept;
}

void nv_turn_text(char *buf, size_t size, const nv_turn *t)
{
    size_t len = 0;
    if (!size)
        return;
    buf[0] = '\0';
    len += (size_t)snprintf(buf + len, size - len, "%c%c",
                            'a' + t->origin % NV_COLS,
                            '1' + t->origin / NV_COLS);
    for (int i = 0; i < t->length && len < size; i++)
        len += (size_t)snprintf(
            buf + len, size - len, "-%c%c%s", 'a' + t->to[i] % NV_COLS,
            '1' + t->to[i] / NV_COLS,
            t->kind[i] == 'A' ? "A" : t->kind[i] == 'W' ? "W" : "");
}

/* ------------------------------------------------------------------ */
/* Generation                                                          */

/* The state of a chain walk: the board as it is now, where the capturing
 * piece stands, what it visited, its last direction and the turn so far. */
typedef struct walk {
    unsigned char board[NV_ROWS][NV_COLS];
    unsigned char visited[NV_ROWS][NV_COLS];
    int row, col;
    int last_dir; /* -1 before the first segment */
    nv_turn turn; /* path and captured set so far */
} walk;

typedef struct gen {
    const nv_pos *pos;
    nv_list *out;
    int failed;
} gen;

/* The position after a finished turn: the walk's board, the other side to
 * move, no chain. */
static void finish(gen *g, const walk *w)
{
    nv_turn t = w->turn;
    memset(&t.after, 0, sizeof t.after);
    memcpy(t.after.board, w->board, sizeof t.after.board);
    t.after.side = opponent(g->pos->side);
    t.after.rules = g->pos->rules;
    if (list_push(g->out, &t))
        g->failed = 1;
}

/* Removes the contiguous run of enemy pieces that starts at (row, col) and
 * goes on in direction dir; records each in the turn's captured set. */
static void remove_run(walk *w, int row, int col, int dir, int enemy)
{
    while (on_board(row, col) && w->board[row][col] == enemy) {
        w->board[row][col] = NV_EMPTY;
        w->turn.captured |= (uint64_t)1 << square(row, col);
        row += DIR_ROW[dir];
        col += DIR_COL[dir];
    }
}

/* One capture segment from w in direction dir with the given mode, then the
 * rest of the chain. */
static void chain(gen *g, const walk *w);

static void segment(gen *g, const walk *w, int dir, char mode)
{
    int enemy = opponent(g->pos->side);
    int to_row = w->row + DIR_ROW[dir], to_col = w->col + DIR_COL[dir];
    walk next = *w;
    next.board[to_row][to_col] = next.board[w->row][w->col];
    next.board[w->row][w->col] = NV_EMPTY;
    if (mode == 'A')
        remove_run(&next, to_row + DIR_ROW[dir], to_col + DIR_COL[dir], dir,
                   enemy);
    else
        remove_run(&next, w->row - DIR_ROW[dir], w->col - DIR_COL[dir],
                   (dir + 4) % 8, enemy);
    next.row = to_row;
    next.col = to_col;
    next.visited[to_row][to_col] = 1;
    next.last_dir = dir;
    next.turn.to[next.turn.length] = square(to_row, to_col);
    next.turn.kind[next.turn.length] = mode;
    next.turn.length++;
    chain(g, &next);
}

/* Calls segment() for each capture open to the piece of w; returns how many
 * there were (0 when the chain cannot go on). */
static int each_capture(gen *g, const walk *w, int really)
{
    int enemy = opponent(g->pos->side), found = 0;
    for (int dir = 0; dir < 8; dir++) {
        if (!line_drawn(w->row, w->col, dir) || dir == w->last_dir)
            continue;
        int to_row = w->row + DIR_ROW[dir], to_col = w->col + DIR_COL[dir];
        if (w->board[to_row][to_col] != NV_EMPTY ||
            w->visited[to_row][to_col])
            continue;
        /* approach: the point beyond the destination, same line */
        int ar = to_row + DIR_ROW[dir], ac = to_col + DIR_COL[dir];
        if (on_board(ar, ac) && w->board[ar][ac] == enemy) {
            found++;
            if (really)
                segment(g, w, dir, 'A');
        }
        /* withdrawal: the point behind the origin, same line */
        int wr = w->row - DIR_ROW[dir], wc = w->col - DIR_COL[dir];
        if (on_board(wr, wc) && w->board[wr][wc] == enemy) {
            found++;
            if (really)
                segment(g, w, dir, 'W');
        }
    }
    return found;
}

static void chain(gen *g, const walk *w)
{
    int more = each_capture(g, w, 0);
    /* stop-at-will: every non-empty prefix is a turn of its own;
     * must-continue: only a chain that cannot go on is a turn */
    if (w->turn.length > 0 && (g->pos->rules == NV_STOP || more == 0))
        finish(g, w);
    if (more)
        each_capture(g, w, 1);
}

static void start_walk(walk *w, const nv_pos *p, int row, int col)
{
    memset(w, 0, sizeof *w);
    memcpy(w->board, p->board, sizeof w->board);
    w->row = row;
    w->col = col;
    w->visited[row][col] = 1;
    w->last_dir = -1;
    w->turn.origin = square(row, col);
}

/* Direction of the step between two adjacent points. */
static int direction(int from_row, int from_col, int to_row, int to_col)
{
    for (int dir = 0; dir < 8; dir++)
        if (from_row + DIR_ROW[dir] == to_row &&
            from_col + DIR_COL[dir] == to_col)
            return dir;
    return -1;
}

int nv_turns(const nv_pos *p, nv_list *out)
{
    gen g = {p, out, 0};
    walk w;
    if (p->in_chain) {
        int row = p->origin_row, col = p->origin_col;
        start_walk(&w, p, row, col);
        for (int i = 0; i < p->nsteps; i++) {
            int r = p->step_row[i], c = p->step_col[i];
            w.last_dir = direction(row, col, r, c);
            w.turn.to[i] = square(r, c);
            w.turn.kind[i] = p->step_kind[i];
            row = r;
            col = c;
        }
        w.row = row;
        w.col = col;
        w.turn.length = w.turn.prefix = p->nsteps;
        memcpy(w.visited, p->visited, sizeof w.visited);
        for (int r = 0; r < NV_ROWS; r++)
            for (int c = 0; c < NV_COLS; c++)
                if (p->taken[r][c])
                    w.turn.captured |= (uint64_t)1 << square(r, c);
        chain(&g, &w);
        return g.failed ? -1 : 0;
    }

    /* Captures are compulsory: paikas only when no piece can capture. */
    int any_capture = 0;
    for (int r = 0; r < NV_ROWS; r++)
        for (int c = 0; c < NV_COLS; c++)
            if (p->board[r][c] == p->side) {
                start_walk(&w, p, r, c);
                if (each_capture(&g, &w, 0)) {
                    any_capture = 1;
                    chain(&g, &w);
                }
            }
    if (any_capture)
        return g.failed ? -1 : 0;

    for (int r = 0; r < NV_ROWS; r++)
        for (int c = 0; c < NV_COLS; c++) {
            if (p->board[r][c] != p->side)
                continue;
            for (int dir = 0; dir < 8; dir++) {
                if (!line_drawn(r, c, dir))
                    continue;
                int tr = r + DIR_ROW[dir], tc = c + DIR_COL[dir];
                if (p->board[tr][tc] != NV_EMPTY)
                    continue;
                start_walk(&w, p, r, c);
                w.board[tr][tc] = p->side;
                w.board[r][c] = NV_EMPTY;
                w.turn.to[0] = square(tr, tc);
                w.turn.kind[0] = 'P';
                w.turn.length = 1;
                finish(&g, &w);
            }
        }
    return g.failed ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Perft                                                               */

int nv_perft(uint64_t *out, const nv_pos *p, unsigned depth, int count)
{
    *out = 0;
    if (depth == 0) {
        *out = 1;
        return 0;
    }
    if (count_pieces(p, NV_WHITE) == 0 || count_pieces(p, NV_BLACK) == 0)
        return 0;
    nv_list l = {0};
    if (nv_turns(p, &l)) {
        nv_list_free(&l);
        return -1;
    }
    if (count == NV_COUNT_UNIQUE)
        nv_unique(&l);
    if (depth == 1) {
        *out = l.n;
    } else {
        for (size_t i = 0; i < l.n; i++) {
            uint64_t below;
            if (nv_perft(&below, &l.items[i].after, depth - 1, count)) {
                nv_list_free(&l);
                return -1;
            }
            *out += below;
        }
    }
    nv_list_free(&l);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Position strings                                                    */

static int parse_fail(char *err, size_t size, size_t at, const char *why)
{
    if (err && size)
        snprintf(err, size, "at %zu: %s", at, why);
    return -1;
}

static int parse_square(const char *s, size_t *i, int *row, int *col)
{
    if (s[*i] < 'a' || s[*i] > 'i' || s[*i + 1] < '1' || s[*i + 1] > '5')
        return -1;
    *col = s[*i] - 'a';
    *row = s[*i + 1] - '1';
    *i += 2;
    return 0;
}

int nv_parse(nv_pos *out, const char *s, char *err, size_t errsize)
{
    nv_pos p;
    size_t i = 0;
    memset(&p, 0, sizeof p);

    /* BOARD: rows 5 down to 1, separated by '/', W, B or a run of empties */
    for (int row = NV_ROWS - 1; row >= 0; row--) {
        int col = 0;
        while (col < NV_COLS) {
            char ch = s[i];
            if (ch == 'W' || ch == 'B') {
                p.board[row][col++] = ch == 'W' ? NV_WHITE : NV_BLACK;
            } else if (ch >= '1' && ch <= '9') {
                col += ch - '0';
                if (col > NV_COLS)
                    return parse_fail(err, errsize, i, "row too long");
            } else {
                return parse_fail(err, errsize, i, "bad board character");
            }
            i++;
        }
        if (row > 0 && s[i++] != '/')
            return parse_fail(err, errsize, i - 1, "expected '/'");
    }
    if (s[i++] != ' ')
        return parse_fail(err, errsize, i - 1, "expected a space");

    /* SIDE */
    if (s[i] == 'w')
        p.side = NV_WHITE;
    else if (s[i] == 'b')
        p.side = NV_BLACK;
    else
        return parse_fail(err, errsize, i, "side must be w or b");
    i++;
    if (s[i++] != ' ')
        return parse_fail(err, errsize, i - 1, "expected a space");

    /* RULES */
    if (!strncmp(s + i, "stop ", 5))
        p.rules = NV_STOP;
    else if (!strncmp(s + i, "must ", 5))
        p.rules = NV_MUST;
    else
        return parse_fail(err, errsize, i, "rules must be stop or must");
    i += 5;

    /* TURNS: read and ignored (perft ignores the turn limit) */
    if (s[i] < '0' || s[i] > '9')
        return parse_fail(err, errsize, i, "expected the turn counter");
    while (s[i] >= '0' && s[i] <= '9')
        i++;
    if (s[i++] != ' ')
        return parse_fail(err, errsize, i - 1, "expected a space");

    /* CHAIN: '-' or origin-toM-toM...[captured,...] */
    if (s[i] == '-') {
        i++;
    } else {
        int row, col;
        if (parse_square(s, &i, &row, &col))
            return parse_fail(err, errsize, i, "expected the chain origin");
        p.in_chain = 1;
        p.origin_row = row;
        p.origin_col = col;
        p.visited[row][col] = 1;
        while (s[i] == '-') {
            i++;
            if (p.nsteps == NV_MAX_STEPS)
                return parse_fail(err, errsize, i, "chain too long");
            if (parse_square(s, &i, &row, &col))
                return parse_fail(err, errsize, i, "expected a square");
            if (s[i] != 'A' && s[i] != 'W')
                return parse_fail(err, errsize, i, "expected A or W");
            p.step_row[p.nsteps] = row;
            p.step_col[p.nsteps] = col;
            p.step_kind[p.nsteps] = s[i++];
            p.nsteps++;
            p.visited[row][col] = 1;
        }
        if (p.nsteps == 0 || s[i++] != '[')
            return parse_fail(err, errsize, i - 1, "expected a segment or [");
        do {
            if (parse_square(s, &i, &row, &col))
                return parse_fail(err, errsize, i, "expected a square");
            p.taken[row][col] = 1;
        } while (s[i] == ',' && ++i);
        if (s[i++] != ']')
            return parse_fail(err, errsize, i - 1, "expected ]");
        row = p.step_row[p.nsteps - 1];
        col = p.step_col[p.nsteps - 1];
        if (p.board[row][col] != p.side)
            return parse_fail(err, errsize, i,
                              "the chain's piece is not on its last point");
    }
    if (s[i] != '\0')
        return parse_fail(err, errsize, i, "text after the position");
    *out = p;
    return 0;
}
