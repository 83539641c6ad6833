/* SPDX-License-Identifier: MIT */
/* The library against the naive generator (tests/naive/chess-naive.c) at
 * one position: the legal moves at the root, move for move, and perft. */
#ifndef CHESS_COMPARE_H
#define CHESS_COMPARE_H

#include <fanorona-chess.h>
#include <stddef.h>
#include <stdint.h>

/* What a compared position showed, for the coverage counts. */
typedef struct cc_traits {
    int in_check, pool_nonempty, promotions, king_moved, near_fifty;
    int captures, king_knight, no_moves;
} cc_traits;

/* 0 when both agree on the root moves and on perft 1..depth; otherwise 1
 * with the first difference written to why. traits may be NULL. */
int cc_compare(const char *position, unsigned depth, cc_traits *traits,
               char *why, size_t why_size);

/* The naive generator's perft, or UINT64_MAX for a string it cannot read. */
uint64_t cc_naive_perft(const char *position, unsigned depth);

#endif
