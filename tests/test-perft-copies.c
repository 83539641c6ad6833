/* SPDX-License-Identifier: MIT */
/* White-box: the two copies of the perft engine (lib/perft-count.c, compiled
 * generic and again for BMI2 in lib/perft-count-fast.c) give the same counts,
 * from the start, after random games, on random boards and in the middle
 * of chains, both rulesets, both counts, with and without a table. The
 * public suites (perft, perft-agree) check whichever copy this processor
 * runs against independent counts; this suite ties the other copy to it.
 * Where there is no second copy to compare (a build without the BMI2 copy,
 * or a processor that does not run it) the suite reports SKIP (exit 77). */
#define TCOMMON_SKIP
#include "tcommon.h"
#include "trandom.h"

#include "lib/perft.h"

#include <stdlib.h>

#ifdef FAN_PERFT_FAST
/* Whether this processor runs the fast copy (perft_ctx_init decides). */
static int have_fast(void)
{
    perft_ctx c;
    perft_ctx_init(&c, FAN_RULES_STOP, NULL);
    return c.fast;
}

static long compared;

/* Both copies, both counts, depths 0..maxdepth, with and without a table. */
static void same_counts(const fan_position *p, unsigned maxdepth)
{
    static perft_tt_entry entries[2 * 1024];
    perft_tt tt = {entries, 1023};
    for (int with_tt = 0; with_tt < 2; with_tt++)
        for (int unique = 0; unique < 2; unique++)
            for (unsigned d = 0; d <= maxdepth; d++) {
                memset(entries, 0, sizeof entries);
                perft_ctx c;
                perft_ctx_init(&c, p->rules, with_tt ? &tt : NULL);
                uint64_t g = perft_state_generic(&c, &p->cur.st, d, unique);
                memset(entries, 0, sizeof entries);
                uint64_t f = perft_state_fast(&c, &p->cur.st, d, unique);
                ck_assert_msg(g == f,
                              "depth %u %s%s: generic %llu, fast %llu", d,
                              unique ? "unique" : "paths",
                              with_tt ? " (table)" : "",
                              (unsigned long long)g, (unsigned long long)f);
                uint64_t n = 0;
                ck_assert_fan_ok(fan_perft(&n, p, d, unique
                                                          ? FAN_COUNT_UNIQUE
                                                          : FAN_COUNT_PATHS));
                ck_assert_uint_eq(n, g);
                compared++;
            }
}

/* Plays random capture steps from p (a copy) and checks each chain state
 * reached, so that positions in the middle of chains are covered. */
static void chain_states(const fan_position *p, uint64_t *rng,
                         unsigned depth)
{
    fan_position *q = NULL;
    ck_assert_fan_ok(fan_position_clone(&q, p));
    for (int k = 0; k < 6; k++) {
        int r = trand_capture_step(q, rng);
        ck_assert_int_ge(r, 0);
        if (!r)
            break;
        same_counts(q, depth);
    }
    fan_position_free(q);
}
#endif

START_TEST(start_position)
{
#ifdef FAN_PERFT_FAST
    for (int rules = 0; rules < 2; rules++) {
        fan_position *p = NULL;
        ck_assert_fan_ok(fan_position_new(&p, rules));
        same_counts(p, rules ? 5 : 4);
        fan_position_free(p);
    }
#endif
}
END_TEST

START_TEST(random_games)
{
#ifdef FAN_PERFT_FAST
    uint64_t rng = 0xC0B1E5u + (uint64_t)_i;
    for (int k = 0; k < 100; k++) {
        fan_position *p = trand_game(&rng, k & 1, 80);
        ck_assert_ptr_nonnull(p);
        same_counts(p, 3);
        chain_states(p, &rng, 3);
        fan_position_free(p);
    }
#endif
}
END_TEST

START_TEST(random_boards)
{
#ifdef FAN_PERFT_FAST
    uint64_t rng = 0xB1B2u + (uint64_t)_i;
    int done = 0;
    while (done < 200) {
        fan_position *p = trand_board(&rng, done & 1);
        if (!p)
            continue;
        same_counts(p, 3);
        chain_states(p, &rng, 2);
        fan_position_free(p);
        done++;
    }
#endif
}
END_TEST

static const char *skip_reason(void)
{
#ifdef FAN_PERFT_FAST
    if (!have_fast())
        return "this processor does not run the BMI2 copy of perft; "
               "nothing to compare";
    return NULL;
#else
    return "this build has one copy of the perft engine; nothing to compare";
#endif
}

/* Fails if the comparing loop never ran. */
START_TEST(report)
{
#ifdef FAN_PERFT_FAST
    long before = compared;
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_MUST));
    same_counts(p, 2);
    fan_position_free(p);
    ck_assert_int_gt(compared, before);
    printf("perft-copies: the generic and the BMI2 copy compared\n");
#endif
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("perft-copies");
    TCase *tc = tcase_create("copies");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, start_position);
    tcase_add_loop_test(tc, random_games, 0, 2);
    tcase_add_loop_test(tc, random_boards, 0, 2);
    tcase_add_test(tc, report);
    suite_add_tcase(s, tc);
    return s;
}
