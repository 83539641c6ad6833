/* SPDX-License-Identifier: MIT */
/* Every turn the position lists can be played back: by its path
 * (fan_position_play_path), by its effect (fan_position_play_turn), and
 * again after an undo (fan_position_redo), under both rulesets. */
#include "tcommon.h"

/* Plays each listed path and turn of p on a copy; all must be accepted. */
static void check_all_playable(const fan_position *p)
{
    size_t n = 0, nt = 0;
    int r = fan_position_paths(NULL, 0, &n, p);
    ck_assert(r == FAN_OK || r == FAN_EBUFS);
    fan_path *paths = calloc(n ? n : 1, sizeof *paths);
    ck_assert_ptr_nonnull(paths);
    ck_assert_fan_ok(fan_position_paths(paths, n, &n, p));
    for (size_t i = 0; i < n; i++) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_path(q, &paths[i]));
        ck_assert_fan_ok(fan_position_undo(q));
        ck_assert_fan_ok(fan_position_redo(q));
        fan_position_free(q);
    }
    free(paths);
    r = fan_position_turns(NULL, 0, &nt, p);
    ck_assert(r == FAN_OK || r == FAN_EBUFS);
    fan_turn *turns = calloc(nt ? nt : 1, sizeof *turns);
    ck_assert_ptr_nonnull(turns);
    ck_assert_fan_ok(fan_position_turns(turns, nt, &nt, p));
    for (size_t i = 0; i < nt; i++) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_turn(q, turns[i]));
        fan_position_free(q);
    }
    free(turns);
}

/* A paika after which the moved piece could capture: a1-b1 with Black on
 * b3 (b1-b2, north after east, would then approach b3). No capture exists
 * before it, so the paika is legal and ends the turn under either
 * ruleset. */
START_TEST(paika_next_to_a_capture)
{
    int rules = _i;
    fan_position *p = POS("a1", "b3", FAN_WHITE, rules);
    ck_assert_int_eq(fan_position_must_capture(p), 0);
    fan_path path = {.from = (uint8_t)SQ("a1"), .length = 1};
    path.to[0] = (uint8_t)SQ("b1");
    path.kind[0] = FAN_STEP_PAIKA;
    ck_assert_fan_ok(fan_position_play_path(p, &path));
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
    ck_assert_int_eq(fan_position_piece(p, SQ("b1")), FAN_WHITE);
    ck_assert_fan_ok(fan_position_undo(p));
    ck_assert_fan_ok(fan_position_redo(p));
    ck_assert_int_eq(fan_position_piece(p, SQ("b1")), FAN_WHITE);
    ck_assert_fan_ok(fan_position_undo(p));
    ck_assert_fan_ok(fan_position_play_turn(
        p, FAN_TURN_MAKE(SQ("a1"), SQ("b1"), 0)));
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* Walks a game by always taking the i-th listed path (a fixed, varied
 * choice), checking at each turn that every listed path and turn plays. */
START_TEST(listed_turns_play)
{
    int rules = _i;
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, rules));
    for (int ply = 0; ply < 40 && fan_position_result(p) == FAN_ONGOING;
         ply++) {
        check_all_playable(p);
        size_t n = 0;
        fan_path paths[512];
        ck_assert_fan_ok(fan_position_paths(paths, 512, &n, p));
        ck_assert_uint_gt(n, 0);
        ck_assert_fan_ok(
            fan_position_play_path(p, &paths[(size_t)(ply * 7) % n]));
    }
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("play-path");
    TCase *tc = tcase_create("play-path");
    tcase_add_loop_test(tc, paika_next_to_a_capture, FAN_RULES_STOP,
                        FAN_RULES_MUST + 1);
    tcase_add_loop_test(tc, listed_turns_play, FAN_RULES_STOP,
                        FAN_RULES_MUST + 1);
    suite_add_tcase(s, tc);
    return s;
}
