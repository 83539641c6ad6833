/* SPDX-License-Identifier: MIT */
/* Every turn that fan_position_turns() lists, and every path that
 * fan_position_paths() lists, can be played: the listing and the playing
 * functions agree. */
#include "tcommon.h"

static uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Plays each listed turn and each listed path on a clone of p. */
static void check_all_playable(const fan_position *p)
{
    fan_turn turns[1024];
    size_t n = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 1024, &n, p));
    for (size_t i = 0; i < n; i++) {
        fan_position *c = NULL;
        ck_assert_fan_ok(fan_position_clone(&c, p));
        ck_assert_fan_ok(fan_position_play_turn(c, turns[i]));
        fan_position_free(c);
    }
    static fan_path paths[2048];
    ck_assert_fan_ok(fan_position_paths(paths, 2048, &n, p));
    for (size_t i = 0; i < n; i++) {
        fan_position *c = NULL;
        ck_assert_fan_ok(fan_position_clone(&c, p));
        ck_assert_fan_ok(fan_position_play_path(c, &paths[i]));
        fan_position_free(c);
    }
}

/* Under must-continue, a paika ends the turn even when the piece could
 * capture from where it lands: after the paika a3-b3 (no capture exists
 * for Black), b3-b4 would withdraw from the white piece on b2, but that is
 * for a later turn. */
START_TEST(must_paika_next_to_enemy)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new_custom(&p, 0x543f7feull,
                                             0x1f9f8a840000ull, FAN_BLACK,
                                             FAN_RULES_MUST));
    ck_assert_int_eq(fan_position_must_capture(p), 0);
    fan_turn t = FAN_TURN_MAKE(SQ("a3"), SQ("b3"), 0);
    ck_assert_fan_ok(fan_position_play_turn(p, t));
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_WHITE);
    ck_assert_int_eq(fan_position_in_chain(p), 0);
    fan_position_free(p);
}
END_TEST

START_TEST(random_games)
{
    int rules = _i & 1;
    uint64_t state = (uint64_t)_i + 1;
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, rules));
    for (int t = 0; t < 30 && fan_position_result(p) == FAN_ONGOING; t++) {
        check_all_playable(p);
        fan_turn turns[1024];
        size_t n = 0;
        ck_assert_fan_ok(fan_position_turns(turns, 1024, &n, p));
        ck_assert_fan_ok(fan_position_play_turn(p, turns[rng_next(&state) % n]));
    }
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("play-turn");
    TCase *tc = tcase_create("listed-turns");
    tcase_add_test(tc, must_paika_next_to_enemy);
    tcase_add_loop_test(tc, random_games, 0, 12);
    suite_add_tcase(s, tc);
    return s;
}
