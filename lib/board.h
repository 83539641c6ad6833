/* SPDX-License-Identifier: MIT */
/* Board topology of the 9x5 Fanorona board: squares, directions, neighbour
 * tables and masks. Everything here is constant and computed by the compiler.
 * Kept free of game rules so another game on the same board can reuse it. */
#ifndef FAN_BOARD_H
#define FAN_BOARD_H

#include <stdint.h>

#define BOARD_COLS 9
#define BOARD_ROWS 5
#define BOARD_SQUARES 45
#define BOARD_MASK ((uint64_t)0x1FFFFFFFFFFFull)
#define NDIRS 8
#define NO_SQUARE (-1)

#define BIT(s) ((uint64_t)1 << (s))
#define SQ_COL(s) ((s) % BOARD_COLS)
#define SQ_ROW(s) ((s) / BOARD_COLS)
/* A point is strong when column + row is even; diagonals join strong points. */
#define SQ_STRONG(s) (((SQ_COL(s) + SQ_ROW(s)) & 1) == 0)

/* Direction d: 0 E, 1 NE, 2 N, 3 NW, 4 W, 5 SW, 6 S, 7 SE; opposite is d ^ 4. */
#define DIR_OPPOSITE(d) ((d) ^ 4)
#define DIR_DIAGONAL(d) ((d) & 1)

static const int8_t board_delta[NDIRS] = {1, 10, 9, 8, -1, -10, -9, -8};
/* neighbour of s in direction d along a drawn line, or NO_SQUARE */
extern const int8_t board_neighbour[BOARD_SQUARES][NDIRS];
/* squares from which a step in direction d follows a drawn line */
extern const uint64_t board_step_from[NDIRS];
/* all squares reachable from s along a drawn line in direction d */
extern const uint64_t board_ray[BOARD_SQUARES][NDIRS];
/* neighbours of s along drawn lines */
extern const uint64_t board_adjacent[BOARD_SQUARES];
/* direction from a to adjacent b, or -1 */
int board_direction(int a, int b);

/* Shift a mask by a step in direction d; callers mask the sources first so
 * that no bit wraps across the board edge. */
static inline uint64_t board_shift(uint64_t m, int d)
{
    int delta = board_delta[d];
    return (delta > 0 ? m << delta : m >> -delta) & BOARD_MASK;
}

static inline int board_popcount(uint64_t m)
{
    return __builtin_popcountll(m);
}

static inline int board_lsb(uint64_t m)
{
    return __builtin_ctzll(m);
}

#endif
