/* SPDX-License-Identifier: MIT */
/* A deliberately naive Fanorona Chess move generator, written from
 * FANORONA-CHESS-NOTES.md alone as a second opinion for the library. It
 * shares no code with lib/: the board is a 9 x 5 array of piece letters in
 * chess coordinates (file, rank), lines are tested point by point with
 * direction vectors, and legality is decided by generating every reply.
 * Slow on purpose; clarity first. */
#ifndef CHESS_NAIVE_H
#define CHESS_NAIVE_H

#include <stdint.h>

#define CN_FILES 5
#define CN_RANKS 9
#define CN_MOVES_MAX 1024

/* A position. board[rank][file] holds '.' or a letter KQRBNP (White) or
 * kqrbnp (Black); rank 0 is rank "1", file 0 is file "a". */
typedef struct cn_pos {
    char board[CN_RANKS][CN_FILES];
    int white_to_move;
    int unmoved[2];   /* [0] White's king, [1] Black's, not moved yet */
    int pool[2][4];   /* [side][Q R B N]: pieces that side may promote to */
    int halfmove, fullmove;
} cn_pos;

/* A move; points are numbered file + 5 * rank (a1 = 0, e9 = 44), the
 * library's numbering, so that lists can be compared. */
typedef struct cn_move {
    int from, to;
    char kind;     /* '-' plain, 'A' approach, 'W' withdrawal, 'K' king's knight move */
    int captured;  /* point, or -1 */
    char promo;    /* 0, or 'Q' 'R' 'B' 'N' (upper case for both sides) */
} cn_move;

/* Reads the position string of the notes; 0 on success, -1 otherwise
 * (the naive reader checks only what it needs). */
int cn_read(cn_pos *p, const char *text);
/* The legal moves of the side to move; returns their number. */
int cn_legal(const cn_pos *p, cn_move *out);
int cn_in_check(const cn_pos *p);
void cn_play(cn_pos *p, const cn_move *m);
uint64_t cn_perft(const cn_pos *p, int depth);

#endif
