/* SPDX-License-Identifier: MIT */
/* The search API: forced wins, legality over random positions in both
 * rulesets, stopping from another thread, determinism, limits and levels,
 * and argument checking. */
#include "tcommon.h"
#include "trandom.h"

/* Position from a position string; the test fails if it does not parse. */
static fan_position *FROM(const char *text)
{
    fan_position *p = NULL;
    fan_parse_error err;
    int r = fan_position_from_string(&p, text, FAN_RULES_STOP, &err);
    ck_assert_msg(r == FAN_OK, "%s: %s at %u", text, err.message, err.offset);
    return p;
}

/* ------------------------------------------------------------------ */
/* A fix in the library found by the search tests                      */

START_TEST(must_continue_paika_by_turn)
{
    /* Under must-continue a paika is a whole turn even when the piece
     * lands where it could capture: the paika b3-c3 here ends on c3, from
     * where c3-c2 would withdraw from c4. fan_position_turns() listed the
     * turn but play_turn/play_path refused it as an unfinished chain. */
    fan_position *p = FROM("3B3B1/2B1B1B2/1W7/8W/9 w must 24 -");
    fan_turn turns[64];
    size_t n = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 64, &n, p));
    ck_assert_uint_gt(n, 0);
    for (size_t i = 0; i < n; i++) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_turn(q, turns[i]));
        fan_path path;
        ck_assert_fan_ok(fan_position_turn_path(&path, p, turns[i]));
        fan_position_free(q);
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_path(q, &path));
        fan_position_free(q);
    }
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("search");
    TCase *fix = tcase_create("library");
    tcase_add_test(fix, must_continue_paika_by_turn);
    suite_add_tcase(s, fix);
    return s;
}
