/* SPDX-License-Identifier: MIT */
/* Board topology of the 9x5 Fanorona board: squares, directions, neighbour
 * tables and masks. Everything here is constant and computed by the compiler.
 * Kept free of game rules so another game on the same board can reuse it. */
#ifndef FAN_BOARD_H
#define FAN_BOARD_H

#include <stdint.h>

/* Internal symbols of the library: declared hidden so that the compiler
 * addresses the tables directly instead of through the GOT (the build also
 * hides everything by default, but a declaration alone does not say so). */
#if defined(__GNUC__) && !defined(_WIN32)
#define FAN_INTERNAL __attribute__((visibility("hidden")))
#else
#define FAN_INTERNAL
#endif

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
FAN_INTERNAL extern const int8_t board_neighbour[BOARD_SQUARES][NDIRS];
/* squares from which a step in direction d follows a drawn line */
FAN_INTERNAL extern const uint64_t board_step_from[NDIRS];
/* all squares reachable from s along a drawn line in direction d */
FAN_INTERNAL extern const uint64_t board_ray[BOARD_SQUARES][NDIRS];
/* neighbours of s along drawn lines */
FAN_INTERNAL extern const uint64_t board_adjacent[BOARD_SQUARES];
/* the bit of the neighbour of s in direction d, or 0; the extra column
 * d == NDIRS is always 0, so "no banned direction" needs no branch */
FAN_INTERNAL extern const uint64_t board_neighbour_bit[BOARD_SQUARES][NDIRS + 1];
/* What a capture step from s to its neighbour 'to' looks at, in one place:
 * beyond = the point after 'to' (approach), behind = the point before s
 * (withdrawal), as bits (0 when off the board or the lines), and the rays
 * on which the two runs would lie. Indexed by the landing point,
 * [s][to - s + 10] (all zero where 'to' is not a neighbour), so that a walk
 * over free neighbours needs no direction first; the run along beyond_ray
 * goes towards higher bits exactly when to > s. */
typedef struct board_step_info {
    uint64_t beyond, behind;
    uint64_t beyond_ray, behind_ray;
} board_step_info;
FAN_INTERNAL extern const board_step_info board_steps[BOARD_SQUARES][21];
/* A window on the board centred on s: bit s moves to bit 20, so that the
 * neighbours of s sit at 20 + delta and the points two steps away at
 * 20 + 2 * delta, whatever s is.
 * In window coordinates, board_window_near[s] holds the neighbours of s
 * along drawn lines (bits 10..30) and board_window_far[s] the points two
 * steps away along a line (bits 0..40). */
FAN_INTERNAL extern const uint64_t board_window_near[BOARD_SQUARES];
FAN_INTERNAL extern const uint64_t board_window_far[BOARD_SQUARES];

/* Both are rotations, without a branch on the side of 20 that s lies (a
 * branch the predictor cannot learn). Points more than 20 away wrap
 * around instead of falling off: they land on window bits that stand for
 * points off the board (above square 63 or below square 0), which the
 * window masks above never hold, so a result masked by them, or a window
 * of neighbours only, is exact. */
static inline uint64_t board_window(uint64_t m, int s)
{
    unsigned k = (unsigned)(s - 20) & 63;
    return (m >> k) | (m << ((64 - k) & 63));
}

static inline uint64_t board_unwindow(uint64_t w, int s)
{
    unsigned k = (unsigned)(s - 20) & 63;
    return ((w << k) | (w >> ((64 - k) & 63))) & BOARD_MASK;
}

/* direction from a to adjacent b, or -1 */
FAN_INTERNAL int board_direction(int a, int b);

/* Shift a mask by a step in direction d; callers mask the sources first so
 * that no bit wraps across the board edge. */
static inline uint64_t board_shift(uint64_t m, int d)
{
    int delta = board_delta[d];
    return (delta > 0 ? m << delta : m >> -delta) & BOARD_MASK;
}

/* Without a popcount instruction (the default x86-64 target) the builtin
 * is a call into libgcc; the SWAR sum inlines and measured faster. */
static inline int board_popcount(uint64_t m)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(m);
#else
    m -= (m >> 1) & 0x5555555555555555ull;
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((m * 0x0101010101010101ull) >> 56);
#endif
}

static inline int board_lsb(uint64_t m)
{
    return __builtin_ctzll(m);
}

/* Fanorona Chess coordinates. The chess board (files a..e left to right,
 * ranks 1..9 bottom to top, point p = file + 5 * rank, 0-based) is this
 * board turned a quarter turn: turning the chess board clockwise lays
 * rank r on column r (so rank 1 is column a, rank 9 column i) and file f
 * on row 4 - f (file a is row 5, file e row 1). Strong points stay strong
 * (file + rank and column + row have the same parity), and a chess
 * direction is the Fanorona direction two places further round: chess
 * north (up the ranks) is Fanorona east. This is the only place the two
 * coordinate systems meet. */
#define CHESS_FILES 5
#define CHESS_RANKS 9
#define CHESS_FILE(p) ((p) % CHESS_FILES)
#define CHESS_RANK(p) ((p) / CHESS_FILES)
#define BOARD_FROM_CHESS(p) (CHESS_RANK(p) + BOARD_COLS * (4 - CHESS_FILE(p)))
#define BOARD_TO_CHESS(s) ((4 - SQ_ROW(s)) + CHESS_FILES * SQ_COL(s))
#define BOARD_DIR_FROM_CHESS(d) (((d) + 6) & 7)
#define BOARD_DIR_TO_CHESS(d) (((d) + 2) & 7)
/* A point set in one numbering to the same points in the other. */
FAN_INTERNAL uint64_t board_mask_from_chess(uint64_t points);
FAN_INTERNAL uint64_t board_mask_to_chess(uint64_t squares);

#endif
