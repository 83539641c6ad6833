/* SPDX-License-Identifier: MIT */
/* Board topology as seen through the public API: neighbour counts (from the
 * paika destinations of a lone piece), strong points, square names. */
#include "tcommon.h"

/* Number of points a lone white piece on sq can step to; the one black
 * piece stands four or more columns away, out of reach of any capture. */
static int neighbours(int sq)
{
    fan_position *p = NULL;
    int col = sq % 9, row = sq / 9;
    int far = FAN_SQUARE(col <= 4 ? 8 : 0, row);
    ck_assert_fan_ok(fan_position_new_custom(&p, (uint64_t)1 << sq,
                                             (uint64_t)1 << far, FAN_WHITE,
                                             FAN_RULES_STOP));
    uint64_t dest = 0;
    ck_assert_fan_ok(fan_position_destinations(&dest, p, sq));
    fan_position_free(p);
    return __builtin_popcountll(dest);
}

START_TEST(neighbour_counts)
{
    ck_assert_int_eq(neighbours(SQ("e3")), 8);
    ck_assert_int_eq(neighbours(SQ("b1")), 3);
    ck_assert_int_eq(neighbours(SQ("a1")), 3);
    ck_assert_int_eq(neighbours(SQ("a2")), 3);
    ck_assert_int_eq(neighbours(SQ("b2")), 8);
    ck_assert_int_eq(neighbours(SQ("c2")), 4);
    ck_assert_int_eq(neighbours(SQ("a3")), 5);
    ck_assert_int_eq(neighbours(SQ("i5")), 3);
    ck_assert_int_eq(neighbours(SQ("e5")), 5);
    ck_assert_int_eq(neighbours(SQ("d5")), 3);
}
END_TEST

START_TEST(neighbour_total)
{
    /* Each drawn line segment is counted from both ends: 4*9 + 8*5
     * orthogonal segments and 2 * 16 diagonal ones. */
    int sum = 0;
    for (int sq = 0; sq < FAN_SQUARES; sq++)
        sum += neighbours(sq);
    ck_assert_int_eq(sum, 2 * (4 * 9 + 8 * 5 + 2 * 16));
}
END_TEST

START_TEST(square_names)
{
    char buf[3];
    for (int sq = 0; sq < FAN_SQUARES; sq++) {
        ck_assert_fan_ok(fan_square_name(buf, sizeof buf, NULL, sq));
        ck_assert_int_eq(fan_square_parse(buf), sq);
    }
    ck_assert_int_eq(SQ("a1"), 0);
    ck_assert_int_eq(SQ("e3"), 22);
    ck_assert_int_eq(SQ("i5"), 44);
    ck_assert_int_eq(fan_square_parse("j1"), FAN_EPARSE);
    ck_assert_int_eq(fan_square_parse("a6"), FAN_EPARSE);
    ck_assert_int_eq(fan_square_parse("a1x"), FAN_EPARSE);
    ck_assert_int_eq(fan_square_parse(""), FAN_EPARSE);
    ck_assert_int_eq(fan_square_parse(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_square_name(buf, 2, NULL, 0), FAN_EBUFS);
    ck_assert_int_eq(fan_square_name(buf, 3, NULL, 45), FAN_ERANGE);
    ck_assert_int_eq(fan_square_name(buf, 3, NULL, -1), FAN_ERANGE);
    ck_assert_int_eq(fan_square_name(NULL, 3, NULL, 0), FAN_EINVAL);
}
END_TEST

START_TEST(start_position)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    const char *row3 = "BWBW.BWBW";
    for (int col = 0; col < 9; col++) {
        int want = row3[col] == 'B' ? FAN_BLACK : row3[col] == 'W' ? FAN_WHITE : FAN_EMPTY;
        ck_assert_int_eq(fan_position_piece(p, FAN_SQUARE(col, 2)), want);
        ck_assert_int_eq(fan_position_piece(p, FAN_SQUARE(col, 0)), FAN_WHITE);
        ck_assert_int_eq(fan_position_piece(p, FAN_SQUARE(col, 1)), FAN_WHITE);
        ck_assert_int_eq(fan_position_piece(p, FAN_SQUARE(col, 3)), FAN_BLACK);
        ck_assert_int_eq(fan_position_piece(p, FAN_SQUARE(col, 4)), FAN_BLACK);
    }
    uint64_t w, b;
    ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    ck_assert_int_eq(__builtin_popcountll(w), 22);
    ck_assert_int_eq(__builtin_popcountll(b), 22);
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_WHITE);
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("board");
    TCase *tc = tcase_create("topology");
    tcase_add_test(tc, neighbour_counts);
    tcase_add_test(tc, neighbour_total);
    tcase_add_test(tc, square_names);
    tcase_add_test(tc, start_position);
    suite_add_tcase(s, tc);
    return s;
}
