/* SPDX-License-Identifier: MIT */
/* Fanorona Chess perft: the expectations of tests/data/chess-perft.txt
 * (cross-checked with the naive generator when written), the notes'
 * figures from the start, divide, and a live comparison with the naive
 * generator over seeded random games and set-ups. */
#include "tcommon.h"
#include "tchess.h"

#include "chess-compare.h"
#include "chess-randpos.h"

#define START "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1"

START_TEST(notes_figures)
{
    /* FANORONA-CHESS-NOTES.md "Perft": 11, 121, 1,630 from the start */
    static const uint64_t want[] = {1, 11, 121, 1630};
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    for (unsigned d = 0; d < 4; d++) {
        uint64_t n = 0;
        ck_assert_fan_ok(fan_chess_perft(&n, g, d));
        ck_assert_uint_eq(n, want[d]);
    }
    fan_chess_free(g);
}
END_TEST

START_TEST(data_file)
{
    const char *path = getenv("FAN_CHESS_PERFT_DATA");
    ck_assert_msg(path != NULL, "FAN_CHESS_PERFT_DATA is not set");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char line[512];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        char *name, *pos, *nodes;
        unsigned depth;
        int kind = cc_data_line(line, &name, &pos, &depth, &nodes);
        if (kind == 1)
            continue;
        ck_assert_msg(kind == 0 && nodes, "malformed line in %s", path);
        fan_chess *g = CPOS(pos);
        uint64_t n = 0;
        ck_assert_fan_ok(fan_chess_perft(&n, g, depth));
        ck_assert_msg(n == strtoull(nodes, NULL, 10), "%s: %llu, expected %s",
                      name, (unsigned long long)n, nodes);
        fan_chess_free(g);
        cases++;
    }
    fclose(f);
    ck_assert_int_gt(cases, 0);
}
END_TEST

/* Divide's entries are the legal moves, and each count is the perft of
 * the position after that move. */
START_TEST(divide_matches_moves)
{
    uint64_t rng = 99;
    for (int k = 0; k < 20; k++) {
        char text[FAN_CHESS_STRING_MAX];
        ck_assert_fan_ok(k % 2 ? crp_setup(text, &rng) : crp_game(text, &rng, 80));
        fan_chess *g = CPOS(text);
        fan_chess_perft_entry e[FAN_CHESS_MOVES_MAX];
        size_t n = 0;
        uint64_t total = 0, whole = 0;
        ck_assert_fan_ok(fan_chess_perft_divide(e, FAN_CHESS_MOVES_MAX, &n, g, 3));
        for (size_t i = 0; i < n; i++) {
            fan_chess *c = NULL;
            uint64_t below = 0;
            ck_assert_fan_ok(fan_chess_clone(&c, g));
            if (fan_chess_result(c) == FAN_ONGOING) {
                ck_assert_fan_ok(fan_chess_play(c, e[i].move));
                ck_assert_fan_ok(fan_chess_perft(&below, c, 2));
                ck_assert_uint_eq(below, e[i].nodes);
            }
            ck_assert_uint_eq(e[i].reserved, 0);
            total += e[i].nodes;
            fan_chess_free(c);
        }
        ck_assert_fan_ok(fan_chess_perft(&whole, g, 3));
        ck_assert_uint_eq(total, whole);
        fan_chess_free(g);
    }
}
END_TEST

START_TEST(perft_errors)
{
    fan_chess *g = NULL;
    uint64_t n = 7;
    size_t count = 5;
    fan_chess_perft_entry e[4];
    ck_assert_fan_ok(fan_chess_new(&g));
    ck_assert_int_eq(fan_chess_perft(NULL, g, 1), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_perft(&n, NULL, 1), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_perft(&n, g, FAN_CHESS_PERFT_MAX_DEPTH + 1),
                     FAN_ERANGE);
    ck_assert_uint_eq(n, 7);
    ck_assert_int_eq(fan_chess_perft_divide(e, 4, &count, g, 0), FAN_ERANGE);
    ck_assert_int_eq(fan_chess_perft_divide(NULL, 4, &count, g, 1), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_perft_divide(e, 4, &count, g, 1), FAN_EBUFS);
    ck_assert_uint_eq(count, 11);
    fan_chess_free(g);
}
END_TEST

/* The naive generator against the library, live: root moves, check and
 * perft over 150 random games and 150 random set-ups, and those positions
 * must cover what the issue asks for. */
START_TEST(naive_agrees)
{
    uint64_t rng = 20261201;
    cc_traits sum = {0};
    for (int i = 0; i < 300; i++) {
        char text[FAN_CHESS_STRING_MAX], why[512];
        ck_assert_fan_ok(i % 2 ? crp_setup(text, &rng) : crp_game(text, &rng, 160));
        ck_assert_msg(!cc_compare(text, 2, &sum, why, sizeof why), "%s", why);
    }
    ck_assert_int_ge(sum.in_check, 30);
    ck_assert_int_ge(sum.pool_nonempty, 200);
    ck_assert_int_ge(sum.promotions, 20);
    ck_assert_int_ge(sum.king_moved, 200);
    ck_assert_int_ge(sum.near_fifty, 30);
    ck_assert_int_ge(sum.king_knight, 10);
    ck_assert_int_ge(sum.no_moves, 10);
}
END_TEST

START_TEST(naive_start_depth5)
{
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    for (unsigned d = 1; d <= 5; d++) {
        uint64_t n = 0;
        ck_assert_fan_ok(fan_chess_perft(&n, g, d));
        ck_assert_uint_eq(n, cc_naive_perft(START, d));
    }
    fan_chess_free(g);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("chess-perft");
    TCase *tc = tcase_create("data");
    tcase_add_test(tc, notes_figures);
    tcase_add_test(tc, data_file);
    tcase_add_test(tc, divide_matches_moves);
    tcase_add_test(tc, perft_errors);
    suite_add_tcase(s, tc);
    TCase *nv = tcase_create("naive");
    tcase_set_tags(nv, "naive");
    tcase_set_timeout(nv, 120);
    tcase_add_test(nv, naive_agrees);
    tcase_add_test(nv, naive_start_depth5);
    suite_add_tcase(s, nv);
    return s;
}
