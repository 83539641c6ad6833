/* SPDX-License-Identifier: MIT */
/* The library against the naive generator (tests/naive/chess-naive.c) at
 * one position: the legal moves at the root, move for move, and perft. */
#ifndef CHESS_COMPARE_H
#define CHESS_COMPARE_H

#include <fanorona-chess.h>
#include <stddef.h>
#include <stdint.h>

/* How many compared positions showed each trait, for the coverage counts. */
typedef struct cc_traits {
    int in_check, pool_nonempty, promotions, king_moved, near_fifty;
    int captures, king_knight, no_moves;
} cc_traits;

/* 0 when both agree on the root moves and on perft 1..depth; otherwise 1
 * with the first difference written to why. The counts of traits (may be
 * NULL) grow by the traits this position has. */
int cc_compare(const char *position, unsigned depth, cc_traits *traits,
               char *why, size_t why_size);

/* The naive generator's perft, or UINT64_MAX for a string it cannot read. */
uint64_t cc_naive_perft(const char *position, unsigned depth);

/* Splits a line "name | position | depth [| nodes]" of a chess perft data
 * file in place into its trimmed fields (nodes NULL when absent). 0 for a
 * case, 1 for a comment or blank line, -1 for a malformed line. */
int cc_data_line(char *line, char **name, char **position, unsigned *depth,
                 char **nodes);

#endif
