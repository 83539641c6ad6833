/* SPDX-License-Identifier: MIT */
/* Regression tests for core bugs found while writing the text formats:
 * every turn and path that the library lists must be playable. */
#include "tcommon.h"

/* Plays every listed path and every listed turn on a clone of p. */
static void all_listed_playable(const fan_position *p, size_t expect_paths)
{
    fan_path paths[64];
    fan_turn turns[64];
    size_t np = 0, nt = 0;
    ck_assert_fan_ok(fan_position_paths(paths, 64, &np, p));
    ck_assert_fan_ok(fan_position_turns(turns, 64, &nt, p));
    ck_assert_uint_eq(np, expect_paths);
    for (size_t i = 0; i < np; i++) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_path(q, &paths[i]));
        ck_assert_int_eq(fan_position_in_chain(q), 0);
        ck_assert_int_eq(fan_position_side_to_move(q),
                         3 - fan_position_side_to_move(p));
        /* redo replays the same path */
        ck_assert_fan_ok(fan_position_undo(q));
        ck_assert_fan_ok(fan_position_redo(q));
        fan_position_free(q);
    }
    for (size_t i = 0; i < nt; i++) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_turn(q, turns[i]));
        fan_position_free(q);
    }
}

START_TEST(test_paika_under_must_continue)
{
    /* No capture for White: a1's lines to a3, c3 and c1 are empty. The
     * paika a1-b1 lands where b1-b2 would approach b3; a paika still ends
     * the turn, under must-continue too. Paikas: a1-a2, a1-b1, a1-b2. */
    fan_position *p = POS("a1", "b3", FAN_WHITE, FAN_RULES_MUST);
    ck_assert_int_eq(fan_position_must_capture(p), 0);
    all_listed_playable(p, 3);
    fan_position_free(p);
}
END_TEST

START_TEST(test_end_now_listed_mid_chain)
{
    /* After b2-c2A (taking d2) c2-c3A can take c4. Under stop-at-will the
     * turn may end now or go on: two completions, both playable. */
    fan_position *p = NULL;
    fan_parse_error e;
    ck_assert_fan_ok(fan_position_from_string(
        &p, "9/2B6/9/2W6/9 w stop 0 b2-c2A[d2]", FAN_RULES_STOP, &e));
    all_listed_playable(p, 2);
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("regress");
    TCase *tc = tcase_create("regress");
    tcase_add_test(tc, test_paika_under_must_continue);
    tcase_add_test(tc, test_end_now_listed_mid_chain);
    suite_add_tcase(s, tc);
    return s;
}
