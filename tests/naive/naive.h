/* SPDX-License-Identifier: MIT */
/* A deliberately naive Fanorona move generator, written from the rules text
 * and the rules notes alone, to cross-check the library. It shares no code
 * and no data structure with lib/: a plain 5 x 9 array, explicit direction
 * vectors, a recursive chain walk that copies the board at every segment,
 * and explicit lists of complete turns. Slow on purpose; clarity first. */
#ifndef NAIVE_H
#define NAIVE_H

#include <stddef.h>
#include <stdint.h>

#define NV_ROWS 5
#define NV_COLS 9
#define NV_MAX_STEPS 24

enum { NV_EMPTY = 0, NV_WHITE = 1, NV_BLACK = 2 };
enum { NV_STOP = 0, NV_MUST = 1 };
enum { NV_COUNT_UNIQUE = 0, NV_COUNT_PATHS = 1 };

/* A position: board[row][col], row 0 = row "1", col 0 = column "a".
 * Square numbers (row * 9 + col) appear only where turns are reported, so
 * they can be compared with the library's numbering. */
typedef struct nv_pos {
    unsigned char board[NV_ROWS][NV_COLS];
    int side;  /* NV_WHITE or NV_BLACK, the side to move */
    int rules; /* NV_STOP or NV_MUST */
    /* An unfinished capture chain (in_chain = 1): the steps played so far
     * in this turn, the points visited (origin included) and the pieces
     * taken so far. The board already shows those captures. */
    int in_chain;
    int origin_row, origin_col;
    int nsteps;
    int step_row[NV_MAX_STEPS], step_col[NV_MAX_STEPS];
    char step_kind[NV_MAX_STEPS]; /* 'A' approach, 'W' withdrawal */
    unsigned char visited[NV_ROWS][NV_COLS];
    unsigned char taken[NV_ROWS][NV_COLS];
} nv_pos;

/* A complete turn: the whole path from the turn's origin (for a turn
 * completed from the middle of a chain, the steps already played come
 * first, prefix of them), what it captured and the position after it. */
typedef struct nv_turn {
    int origin;                 /* square number */
    int length;                 /* number of steps */
    int prefix;                 /* steps that were already played */
    int to[NV_MAX_STEPS];       /* square numbers */
    char kind[NV_MAX_STEPS];    /* 'P' paika, 'A' approach, 'W' withdrawal */
    uint64_t captured;          /* bit n = square n */
    nv_pos after;
} nv_turn;

typedef struct nv_list {
    nv_turn *items;
    size_t n, cap;
} nv_list;

/* Reads the library's full position string "BOARD SIDE RULES TURNS CHAIN".
 * Returns 0, or -1 with a reason in err (which may be NULL). */
int nv_parse(nv_pos *out, const char *text, char *err, size_t errsize);

/* Every legal complete turn (every distinct path) from p, appended to an
 * empty list. Returns 0 or -1 when memory runs out. */
int nv_turns(const nv_pos *p, nv_list *out);

/* Keeps one turn per (origin, destination, captured set): the first. */
void nv_unique(nv_list *list);

void nv_list_free(nv_list *list);

/* Destination square of a turn. */
int nv_turn_dest(const nv_turn *t);

/* Writes a path as text, e.g. "d2-e3A-e4W" or "e2-e3" for a paika. */
void nv_turn_text(char *buf, size_t size, const nv_turn *t);

/* perft: turn sequences of length depth (NV_COUNT_UNIQUE or _PATHS).
 * Returns 0, or -1 when memory runs out. */
int nv_perft(uint64_t *out, const nv_pos *p, unsigned depth, int count);

#endif
