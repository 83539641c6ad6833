/* SPDX-License-Identifier: MIT */
/* fan_perft_divide() agrees with fan_perft(): its entries sum to the
 * perft count, also where perft counts no children. */
#include "tcommon.h"

/* Sum of the divide entries of pos at depth, checked against fan_perft. */
static void check_divide_sum(const fan_position *p, unsigned depth, int kind)
{
    uint64_t total = 0, sum = 0;
    size_t n = 0;
    ck_assert_fan_ok(fan_perft(&total, p, depth, kind));
    int r = fan_perft_divide(NULL, 0, &n, p, depth, kind);
    ck_assert(r == FAN_OK || r == FAN_EBUFS);
    fan_perft_entry *e = calloc(n ? n : 1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    ck_assert_fan_ok(fan_perft_divide(e, n, &n, p, depth, kind));
    for (size_t i = 0; i < n; i++)
        sum += e[i].nodes;
    free(e);
    ck_assert_uint_eq(sum, total);
}

START_TEST(divide_sums_to_perft)
{
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        fan_position *p = NULL;
        ck_assert_fan_ok(fan_position_new(&p, rules));
        for (unsigned depth = 1; depth <= 3; depth++) {
            check_divide_sum(p, depth, FAN_COUNT_UNIQUE);
            check_divide_sum(p, depth, FAN_COUNT_PATHS);
        }
        fan_position_free(p);
    }
}
END_TEST

/* White to move without pieces: the game is over and perft gives the
 * position no children (doc/perft.md), so divide lists no root turn. A
 * board where the side that just moved has no pieces cannot arise in play
 * and is refused. */
START_TEST(divide_without_opponent)
{
    fan_position *q = NULL;
    ck_assert_int_eq(fan_position_new_custom(&q, MASK("e3 a1"), 0, FAN_WHITE,
                                             FAN_RULES_STOP),
                     FAN_EPOSITION);
    ck_assert_ptr_null(q);
    fan_position *p = POS("", "e3 a1", FAN_WHITE, FAN_RULES_STOP);
    ck_assert_int_eq(fan_position_result(p), FAN_BLACK_WINS);
    uint64_t nodes = 99;
    size_t n = 99;
    fan_perft_entry e[16];
    ck_assert_fan_ok(fan_perft(&nodes, p, 1, FAN_COUNT_UNIQUE));
    ck_assert_uint_eq(nodes, 0);
    ck_assert_fan_ok(fan_perft_divide(e, 16, &n, p, 1, FAN_COUNT_UNIQUE));
    ck_assert_uint_eq(n, 0);
    check_divide_sum(p, 2, FAN_COUNT_PATHS);
    fan_position_free(p);
}
END_TEST

/* Mid-chain the turn list holds the completions of the turn in progress:
 * as many as perft 1 counts, each path starting with the steps played. */
START_TEST(turns_mid_chain)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    ck_assert_fan_ok(fan_position_play_step(p, SQ("d3"), SQ("e3"),
                                            FAN_STEP_WITHDRAWAL));
    ck_assert_fan_ok(fan_position_play_step(p, SQ("d4"), SQ("d3"),
                                            FAN_STEP_ANY));
    ck_assert_int_eq(fan_position_in_chain(p), 1);
    size_t n = 0, npaths = 0;
    fan_turn turns[64];
    fan_path paths[64];
    uint64_t unique = 0, all = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 64, &n, p));
    ck_assert_fan_ok(fan_position_paths(paths, 64, &npaths, p));
    ck_assert_fan_ok(fan_perft(&unique, p, 1, FAN_COUNT_UNIQUE));
    ck_assert_fan_ok(fan_perft(&all, p, 1, FAN_COUNT_PATHS));
    ck_assert_uint_eq(n, unique);
    ck_assert_uint_eq(npaths, all);
    ck_assert_uint_gt(n, 1);
    for (size_t i = 0; i < npaths; i++) {
        ck_assert_int_eq(paths[i].from, SQ("d4"));
        ck_assert_int_eq(paths[i].to[0], SQ("d3"));
        ck_assert_int_eq(FAN_TURN_FROM(turns[i < n ? i : 0]), SQ("d4"));
    }
    check_divide_sum(p, 1, FAN_COUNT_UNIQUE);
    check_divide_sum(p, 2, FAN_COUNT_PATHS);
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("divide");
    TCase *tc = tcase_create("divide");
    tcase_add_test(tc, divide_sums_to_perft);
    tcase_add_test(tc, divide_without_opponent);
    tcase_add_test(tc, turns_mid_chain);
    suite_add_tcase(s, tc);
    return s;
}
