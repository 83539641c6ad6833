/* SPDX-License-Identifier: MIT */
/* fan_perft() against perft through the turn API (tperft.h), for both
 * counts and rulesets: from the start, from boards reached by seeded random
 * play (set up again with fan_position_new_custom so that no history can
 * end the game) and from custom boards with long chains. Up to the depth
 * where the tree passes a few thousand leaves.
 *
 * The same file is built a second time against a library whose buffer of
 * chain ends holds three keys (FAN_PERFT_ENDS_CAP=3), so that the unique
 * count's overflow path is checked against the same reference. */
#include "tperft.h"

static void check_position(const fan_position *p, uint64_t budget)
{
    for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++) {
        for (unsigned depth = 0; depth <= 6; depth++) {
            uint64_t n = 0, want = naive(p, depth, kind);
            ck_assert_fan_ok(fan_perft(&n, p, depth, kind));
            ck_assert_msg(n == want,
                          "depth %u kind %d: perft %" PRIu64
                          " but the turn API gives %" PRIu64,
                          depth, kind, n, want);
            if (n == 0 || n > budget)
                break;
        }
    }
}

START_TEST(start_positions)
{
    check_start_positions(check_position, 2000);
}
END_TEST

START_TEST(random_positions)
{
    check_random_positions(check_position, 2000, _i);
}
END_TEST

/* Custom boards where chains are long: rows of enemies with gaps. */
START_TEST(custom_positions)
{
    static const char *boards[][2] = {
        {"e3", "a1 c1 e1 g1 i1 a5 c5 e5 g5 i5 c3 g3"},
        {"a1 b1 c1 d1 e1", "a3 b3 c3 d3 e3 f3 g3 h3 i3 b5 d5 f5 h5"},
        {"c2 g4 e3", "b2 d2 f2 h2 b4 d4 f4 h4 e1 e5 a3 i3"},
        {"a1 i5", "b2 c3 d4 e5 h4 g3 f2 e1"},
    };
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
        for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++)
            for (int side = FAN_WHITE; side <= FAN_BLACK; side++) {
                fan_position *p = POS(boards[i][0], boards[i][1], side, rules);
                check_position(p, 2000);
                fan_position_free(p);
            }
}
END_TEST

/* The entries of fan_perft_divide add up to fan_perft. */
static void check_divide(const fan_position *p, unsigned depth)
{
    static fan_perft_entry entries[1024];
    for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++) {
        size_t n = 0;
        uint64_t sum = 0, want = 0;
        ck_assert_fan_ok(fan_perft_divide(entries, 1024, &n, p, depth, kind));
        for (size_t i = 0; i < n; i++)
            sum += entries[i].nodes;
        ck_assert_fan_ok(fan_perft(&want, p, depth, kind));
        ck_assert_msg(sum == want,
                      "depth %u kind %d: divide sums to %" PRIu64
                      ", perft %" PRIu64, depth, kind, sum, want);
    }
}

START_TEST(divide_sums_to_perft)
{
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        fan_position *p = NULL;
        ck_assert_fan_ok(fan_position_new(&p, rules));
        for (unsigned depth = 1; depth <= 4; depth++)
            check_divide(p, depth);
        fan_position_free(p);
        for (int i = 0; i < 8; i++) {
            p = random_position((uint64_t)(200 + i), 3 * i, rules);
            for (unsigned depth = 1; depth <= 3; depth++)
                check_divide(p, depth);
            fan_position_free(p);
        }
        /* A side without pieces, if a set-up may give one: no turns
         * below it, in fan_perft and in fan_perft_divide alike. */
        p = NULL;
        if (fan_position_new_custom(&p, MASK("e3 e1"), 0, FAN_WHITE,
                                    rules) == FAN_OK) {
            check_divide(p, 1);
            check_divide(p, 2);
        }
        fan_position_free(p);
    }
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("perft-agree");
    TCase *tc = tcase_create("turn-api");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, start_positions);
    tcase_add_loop_test(tc, random_positions, 0, RANDOM_POSITION_RUNS);
    tcase_add_test(tc, custom_positions);
    tcase_add_test(tc, divide_sums_to_perft);
    suite_add_tcase(s, tc);
    return s;
}
