/* SPDX-License-Identifier: MIT */
/* fan_perft_ex() must give fan_perft()'s count whatever its options
 * (threads, table size), from the start, from boards reached by seeded
 * random play, from custom boards and from the middle of a chain; and it
 * refuses bad arguments with the documented codes. */
#include "tperft.h"

/* fan_perft_ex with a few option sets must equal fan_perft. */
static void check_options(const fan_position *p, unsigned depth, int kind,
                          uint64_t want)
{
    static const uint32_t settings[][2] = {{1, 1}, {2, 0}, {3, 1}, {0, 2}};
    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++) {
        fan_perft_options o = FAN_PERFT_OPTIONS_INIT;
        o.threads = settings[i][0];
        o.hash_mib = settings[i][1];
        uint64_t n = 0;
        ck_assert_fan_ok(fan_perft_ex(&n, p, depth, kind, &o));
        ck_assert_msg(n == want,
                      "depth %u kind %d threads %u hash %u: %" PRIu64
                      " != %" PRIu64, depth, kind, o.threads, o.hash_mib, n,
                      want);
    }
}

/* Every depth until the tree passes 'budget' leaves (that depth included). */
static void check_position(const fan_position *p, uint64_t budget)
{
    for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++)
        for (unsigned depth = 0; depth <= 7; depth++) {
            uint64_t n = 0;
            ck_assert_fan_ok(fan_perft(&n, p, depth, kind));
            check_options(p, depth, kind, n);
            if (n == 0 || n > budget)
                break;
        }
}

START_TEST(start_positions)
{
    check_start_positions(check_position, 20000);
}
END_TEST

START_TEST(random_positions)
{
    check_random_positions(check_position, 20000, _i);
}
END_TEST

START_TEST(mid_chain_positions)
{
    int found = 0;
    for (uint64_t seed = 1; seed <= 60 && found < 6; seed++) {
        int rules = (int)(seed & 1);
        fan_position *p = random_position(seed, (int)(seed % 7), rules);
        if (random_mid_chain(p, seed * 7919)) {
            found++;
            check_position(p, 20000);
        }
        fan_position_free(p);
    }
    ck_assert_int_ge(found, 3);
}
END_TEST

START_TEST(options_errors)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    fan_perft_options o = FAN_PERFT_OPTIONS_INIT;
    uint64_t n = 42;
    ck_assert_int_eq(fan_perft_ex(NULL, p, 2, FAN_COUNT_UNIQUE, &o), FAN_EINVAL);
    ck_assert_int_eq(fan_perft_ex(&n, NULL, 2, FAN_COUNT_UNIQUE, &o), FAN_EINVAL);
    ck_assert_int_eq(fan_perft_ex(&n, p, 2, 7, &o), FAN_EINVAL);
    ck_assert_int_eq(fan_perft_ex(&n, p, FAN_PERFT_MAX_DEPTH + 1,
                                  FAN_COUNT_UNIQUE, &o), FAN_ERANGE);
    o.version = 0;
    ck_assert_int_eq(fan_perft_ex(&n, p, 2, FAN_COUNT_UNIQUE, &o), FAN_EINVAL);
    o.version = FAN_PERFT_OPTIONS_VERSION + 1;
    ck_assert_int_eq(fan_perft_ex(&n, p, 2, FAN_COUNT_UNIQUE, &o), FAN_EINVAL);
    o.version = FAN_PERFT_OPTIONS_VERSION;
    o.threads = FAN_PERFT_THREADS_MAX + 1;
    ck_assert_int_eq(fan_perft_ex(&n, p, 2, FAN_COUNT_UNIQUE, &o), FAN_ERANGE);
    o.threads = 1;
    o.hash_mib = FAN_PERFT_HASH_MAX_MIB + 1;
    ck_assert_int_eq(fan_perft_ex(&n, p, 2, FAN_COUNT_UNIQUE, &o), FAN_ERANGE);
    ck_assert_msg(n == 42, "a refused call wrote its result");
    /* NULL options are the defaults */
    ck_assert_fan_ok(fan_perft_ex(&n, p, 2, FAN_COUNT_UNIQUE, NULL));
    uint64_t m = 0;
    ck_assert_fan_ok(fan_perft(&m, p, 2, FAN_COUNT_UNIQUE));
    ck_assert(n == m);
    fan_position_free(p);
}
END_TEST

/* A deeper run where the table fills and entries are replaced: a 1 MiB
 * table holds about 32768 entries, fewer than the nodes of this tree. */
START_TEST(small_table_deep)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_MUST));
    for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++) {
        uint64_t plain = 0, hashed = 0;
        fan_perft_options o = FAN_PERFT_OPTIONS_INIT;
        o.hash_mib = 1;
        o.threads = 2;
        ck_assert_fan_ok(fan_perft(&plain, p, 7, kind));
        ck_assert_fan_ok(fan_perft_ex(&hashed, p, 7, kind, &o));
        ck_assert(plain == hashed);
    }
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("perft-ex");
    TCase *tc = tcase_create("options");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, start_positions);
    tcase_add_loop_test(tc, random_positions, 0, RANDOM_POSITION_RUNS);
    tcase_add_test(tc, mid_chain_positions);
    tcase_add_test(tc, options_errors);
    tcase_add_test(tc, small_table_deep);
    suite_add_tcase(s, tc);
    return s;
}
