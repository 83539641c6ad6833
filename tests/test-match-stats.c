/* SPDX-License-Identifier: MIT */
/* The match statistics of tools/: Elo and its interval, the SPRT's
 * log-likelihood ratio and bounds. The fixed figures were worked out from
 * the formulas by hand (and in a few lines of Python, a second
 * implementation); the simulated matches check that the test decides as
 * it should when the true strength is known. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "tools/match-stats.h"

START_TEST(elo_and_score)
{
    ck_assert_double_eq_tol(stats_elo(0.5), 0.0, 1e-12);
    ck_assert_double_eq_tol(stats_score(400.0), 10.0 / 11.0, 1e-12);
    for (double e = -600; e <= 600; e += 37.5)
        ck_assert_double_eq_tol(stats_elo(stats_score(e)), e, 1e-9);
    ck_assert(isinf(stats_elo(0.0)) && stats_elo(0.0) < 0);
    ck_assert(isinf(stats_elo(1.0)) && stats_elo(1.0) > 0);
}
END_TEST

START_TEST(intervals)
{
    /* 60 wins and 40 losses: score 0.6, variance 0.24, se 0.04899 */
    stats_estimate e = stats_trinomial(60, 0, 40);
    ck_assert_double_eq_tol(e.score, 0.6, 1e-12);
    ck_assert_double_eq_tol(e.elo, -400 * log10(1 / 0.6 - 1), 1e-9);
    ck_assert_double_eq_tol(e.elo_lo, stats_elo(0.6 - 1.96 * sqrt(0.0024)),
                            1e-9);
    ck_assert_double_eq_tol(e.elo_hi, stats_elo(0.6 + 1.96 * sqrt(0.0024)),
                            1e-9);
    /* pairs 5, 20, 40, 25, 10: pair score 0.5375, variance 0.06421875 */
    const long pairs[5] = {5, 20, 40, 25, 10};
    e = stats_pentanomial(pairs);
    ck_assert_double_eq_tol(e.games, 200, 1e-12);
    ck_assert_double_eq_tol(e.score, 0.5375, 1e-12);
    ck_assert_double_eq_tol(e.elo, 26.1067, 1e-3);
    ck_assert_double_eq_tol(e.elo_lo, -8.4577, 1e-3);
    ck_assert_double_eq_tol(e.elo_hi, 61.1965, 1e-3);
    /* every pair alike: an interval all the same, not a point */
    const long alike[5] = {0, 0, 0, 7, 0};
    e = stats_pentanomial(alike);
    ck_assert_double_eq_tol(e.score, 0.75, 1e-12);
    ck_assert(e.elo_lo < e.elo - 1 && e.elo_hi > e.elo + 1);
    /* nothing played yet */
    const long none[5] = {0};
    e = stats_pentanomial(none);
    ck_assert(e.games == 0 && e.elo == 0);
}
END_TEST

START_TEST(llr_values)
{
    /* n (s1 - s0)(2m - s0 - s1) / (2v) with s0 = 0.5, s1 = score(10) */
    ck_assert_double_eq_tol(stats_llr_trinomial(600, 0, 400, 0, 10), 5.56343,
                            1e-4);
    const long pairs[5] = {5, 20, 40, 25, 10};
    ck_assert_double_eq_tol(stats_llr_pentanomial(pairs, -5, 5), 0.840302,
                            1e-5);
    /* at the midpoint between the hypotheses the evidence is nil */
    ck_assert_double_eq_tol(stats_llr_trinomial(50, 0, 50, -10, 10), 0, 1e-12);
    /* more wins speak for H1, more losses against it */
    ck_assert(stats_llr_trinomial(70, 10, 20, 0, 10) > 0);
    ck_assert(stats_llr_trinomial(20, 10, 70, 0, 10) < 0);
    /* every game alike: finite, with a draw counted as a prior */
    double all_won = stats_llr_trinomial(30, 0, 0, 0, 10);
    ck_assert(isfinite(all_won) && all_won > 0);
    ck_assert(stats_llr_trinomial(0, 0, 0, 0, 10) == 0);
    for (int k = 0; k < 5; k++) {
        long one[5] = {0};
        one[k] = 3;
        double l = stats_llr_pentanomial(one, 0, 10);
        ck_assert_msg(isfinite(l), "pairs all %d/2: LLR %f", k, l);
        ck_assert(k < 2 ? l < 0 : k > 2 ? l > 0 : l < 0); /* 0.5 < midpoint */
    }
}
END_TEST

START_TEST(bounds)
{
    double lo, hi;
    stats_sprt_bounds(0.05, 0.05, &lo, &hi);
    ck_assert_double_eq_tol(lo, log(0.05 / 0.95), 1e-12);
    ck_assert_double_eq_tol(hi, log(0.95 / 0.05), 1e-12);
    ck_assert_int_eq(stats_sprt_verdict(3.0, 0.05, 0.05), STATS_SPRT_H1);
    ck_assert_int_eq(stats_sprt_verdict(-3.0, 0.05, 0.05), STATS_SPRT_H0);
    ck_assert_int_eq(stats_sprt_verdict(0.5, 0.05, 0.05),
                     STATS_SPRT_GOING_ON);
}
END_TEST

/* xorshift64*, seeded: a game pair between players of a known Elo
 * difference, draws at a fixed rate. */
static double uniform(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (double)((*s * 2685821657736338717ull) >> 11) / 9007199254740992.0;
}

static int game(uint64_t *rng, double elo)
{
    /* win w, draw 0.3, loss l with w - l chosen for the expected score */
    double p = stats_score(elo), d = 0.3;
    double w = p - d / 2, u = uniform(rng);
    return u < w ? 2 : u < w + d ? 1 : 0; /* half points */
}

static int run_sprt(uint64_t seed, double true_elo)
{
    uint64_t rng = seed;
    long pairs[5] = {0};
    for (int n = 0; n < 200000; n++) {
        pairs[game(&rng, true_elo) + game(&rng, true_elo)]++;
        int v = stats_sprt_verdict(stats_llr_pentanomial(pairs, 0, 10), 0.05,
                                   0.05);
        if (v != STATS_SPRT_GOING_ON)
            return v;
    }
    return STATS_SPRT_GOING_ON;
}

START_TEST(simulated_matches)
{
    /* a change worth +20 is accepted, one worth -10 rejected, nearly
     * always (the test's error rates are 5%) */
    int wrong_up = 0, wrong_down = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        wrong_up += run_sprt(seed * 0x9E3779B97F4A7C15ull, 20) != STATS_SPRT_H1;
        wrong_down +=
            run_sprt(seed * 0xD1B54A32D192ED03ull, -10) != STATS_SPRT_H0;
    }
    ck_assert_int_le(wrong_up, 9);
    ck_assert_int_le(wrong_down, 9);
}
END_TEST

START_TEST(spreads)
{
    /* odd and even counts, unsorted input, repeated values */
    double odd[] = {7, 1, 5, 3, 9};
    stats_spread s = stats_spread_of(odd, 5);
    ck_assert(s.min == 1 && s.median == 5 && s.max == 9);
    ck_assert(odd[0] == 1 && odd[2] == 5 && odd[4] == 9);
    double even[] = {100, 96, 97, 101};
    s = stats_spread_of(even, 4);
    ck_assert(s.min == 96 && s.median == 98.5 && s.max == 101);
    double same[] = {4, 4, 4};
    s = stats_spread_of(same, 3);
    ck_assert(s.min == 4 && s.median == 4 && s.max == 4);
    double one[] = {-2.5};
    s = stats_spread_of(one, 1);
    ck_assert(s.min == -2.5 && s.median == -2.5 && s.max == -2.5);
    s = stats_spread_of(NULL, 0);
    ck_assert(s.min == 0 && s.median == 0 && s.max == 0);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("match-stats");
    TCase *t = tcase_create("stats");
    tcase_add_test(t, elo_and_score);
    tcase_add_test(t, intervals);
    tcase_add_test(t, llr_values);
    tcase_add_test(t, bounds);
    tcase_add_test(t, simulated_matches);
    tcase_add_test(t, spreads);
    tcase_set_timeout(t, 60);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(make_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
