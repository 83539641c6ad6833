/* SPDX-License-Identifier: MIT */
/* The topology tables, written as constant expressions so that they are
 * static const data computed by the compiler (no start-up code, no state). */
#include "board.h"

#define DC(d) ((d) == 0 || (d) == 1 || (d) == 7 ? 1 : (d) >= 3 && (d) <= 5 ? -1 : 0)
#define DR(d) ((d) >= 1 && (d) <= 3 ? 1 : (d) >= 5 ? -1 : 0)

/* Is the point k steps from s in direction d on the board and on a line? */
#define ON(s, d, k)                                                            \
    (SQ_COL(s) + (k) * DC(d) >= 0 && SQ_COL(s) + (k) * DC(d) < BOARD_COLS &&   \
     SQ_ROW(s) + (k) * DR(d) >= 0 && SQ_ROW(s) + (k) * DR(d) < BOARD_ROWS &&   \
     (!((d) & 1) || SQ_STRONG(s)))
#define AT(s, d, k) ((s) + (k) * (DC(d) + BOARD_COLS * DR(d)))
#define NB(s, d) (ON(s, d, 1) ? AT(s, d, 1) : NO_SQUARE)
/* The mask keeps the shift count in range even in the arm that is not
 * taken: clang warns about a constant out-of-range shift there. */
#define RB(s, d, k) (ON(s, d, k) ? BIT(AT(s, d, k) & 63) : 0)
#define RAY(s, d)                                                              \
    (RB(s, d, 1) | RB(s, d, 2) | RB(s, d, 3) | RB(s, d, 4) | RB(s, d, 5) |     \
     RB(s, d, 6) | RB(s, d, 7) | RB(s, d, 8))

#define ALL45(X)                                                               \
    X(0), X(1), X(2), X(3), X(4), X(5), X(6), X(7), X(8), X(9), X(10), X(11),  \
        X(12), X(13), X(14), X(15), X(16), X(17), X(18), X(19), X(20), X(21),  \
        X(22), X(23), X(24), X(25), X(26), X(27), X(28), X(29), X(30), X(31),  \
        X(32), X(33), X(34), X(35), X(36), X(37), X(38), X(39), X(40), X(41),  \
        X(42), X(43), X(44)

#define NB_ROW(s)                                                              \
    { NB(s, 0), NB(s, 1), NB(s, 2), NB(s, 3), NB(s, 4), NB(s, 5), NB(s, 6),    \
      NB(s, 7) }
const int8_t board_neighbour[BOARD_SQUARES][NDIRS] = {ALL45(NB_ROW)};

#define RAY_ROW(s)                                                             \
    { RAY(s, 0), RAY(s, 1), RAY(s, 2), RAY(s, 3), RAY(s, 4), RAY(s, 5),        \
      RAY(s, 6), RAY(s, 7) }
const uint64_t board_ray[BOARD_SQUARES][NDIRS] = {ALL45(RAY_ROW)};

#define ADJ(s)                                                                 \
    (RB(s, 0, 1) | RB(s, 1, 1) | RB(s, 2, 1) | RB(s, 3, 1) | RB(s, 4, 1) |     \
     RB(s, 5, 1) | RB(s, 6, 1) | RB(s, 7, 1))
const uint64_t board_adjacent[BOARD_SQUARES] = {ALL45(ADJ)};

#define NB_BIT_ROW(s)                                                          \
    { RB(s, 0, 1), RB(s, 1, 1), RB(s, 2, 1), RB(s, 3, 1), RB(s, 4, 1),         \
      RB(s, 5, 1), RB(s, 6, 1), RB(s, 7, 1), 0 }
const uint64_t board_neighbour_bit[BOARD_SQUARES][NDIRS + 1] = {ALL45(NB_BIT_ROW)};

#define BEYOND(s, d) RB(s, d, 2)
#define BEYOND_RAY(s, d)                                                       \
    (ON(s, d, 1) ? RAY(ON(s, d, 1) ? AT(s, d, 1) : (s), d) : 0)
#define STEP_INFO(s, d)                                                        \
    { BEYOND(s, d), ON(s, d, 1) ? RB(s, (d) ^ 4, 1) : 0, BEYOND_RAY(s, d),   \
      ON(s, d, 1) ? RAY(s, (d) ^ 4) : 0 }
/* offsets -10 -9 -8 are SW S SE, -1 is W, +1 is E, +8 +9 +10 are NW N NE */
#define STEP_NONE { 0, 0, 0, 0 }
#define STEP_ROW(s)                                                            \
    { STEP_INFO(s, 5), STEP_INFO(s, 6), STEP_INFO(s, 7), STEP_NONE,            \
      STEP_NONE, STEP_NONE, STEP_NONE, STEP_NONE, STEP_NONE, STEP_INFO(s, 4),  \
      STEP_NONE, STEP_INFO(s, 0), STEP_NONE, STEP_NONE, STEP_NONE, STEP_NONE,  \
      STEP_NONE, STEP_NONE, STEP_INFO(s, 3), STEP_INFO(s, 2), STEP_INFO(s, 1) }
const board_step_info board_steps[BOARD_SQUARES][21] = {ALL45(STEP_ROW)};

/* board_window, with both shift counts kept in range for the arm not taken */
#define WIN(m, s)                                                              \
    ((s) >= 20 ? (m) >> ((s) >= 20 ? (s) - 20 : 0)                             \
               : (m) << ((s) < 20 ? 20 - (s) : 0))
#define FAR(s)                                                                 \
    (RB(s, 0, 2) | RB(s, 1, 2) | RB(s, 2, 2) | RB(s, 3, 2) | RB(s, 4, 2) |     \
     RB(s, 5, 2) | RB(s, 6, 2) | RB(s, 7, 2))
#define WIN_NEAR(s) WIN(ADJ(s), s)
#define WIN_FAR(s) WIN(FAR(s), s)
const uint64_t board_window_near[BOARD_SQUARES] = {ALL45(WIN_NEAR)};
const uint64_t board_window_far[BOARD_SQUARES] = {ALL45(WIN_FAR)};

#define FROM_BIT(s, d) (ON(s, d, 1) ? BIT(s) : 0)
#define OR45(X, d) (X(0, d) | X(1, d) | X(2, d) | X(3, d) | X(4, d) | X(5, d) | X(6, d) | X(7, d) | X(8, d) | X(9, d) | X(10, d) | X(11, d) | X(12, d) | X(13, d) | X(14, d) | X(15, d) | X(16, d) | X(17, d) | X(18, d) | X(19, d) | X(20, d) | X(21, d) | X(22, d) | X(23, d) | X(24, d) | X(25, d) | X(26, d) | X(27, d) | X(28, d) | X(29, d) | X(30, d) | X(31, d) | X(32, d) | X(33, d) | X(34, d) | X(35, d) | X(36, d) | X(37, d) | X(38, d) | X(39, d) | X(40, d) | X(41, d) | X(42, d) | X(43, d) | X(44, d))
const uint64_t board_step_from[NDIRS] = {
    OR45(FROM_BIT, 0), OR45(FROM_BIT, 1), OR45(FROM_BIT, 2), OR45(FROM_BIT, 3),
    OR45(FROM_BIT, 4), OR45(FROM_BIT, 5), OR45(FROM_BIT, 6), OR45(FROM_BIT, 7)};

int board_direction(int a, int b)
{
    for (int d = 0; d < NDIRS; d++)
        if (board_neighbour[a][d] == b)
            return d;
    return -1;
}

uint64_t board_mask_from_chess(uint64_t points)
{
    uint64_t m = 0;
    for (; points; points &= points - 1)
        m |= BIT(BOARD_FROM_CHESS(board_lsb(points)));
    return m;
}

uint64_t board_mask_to_chess(uint64_t squares)
{
    uint64_t m = 0;
    for (; squares; squares &= squares - 1)
        m |= BIT(BOARD_TO_CHESS(board_lsb(squares)));
    return m;
}
