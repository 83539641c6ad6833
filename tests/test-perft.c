/* SPDX-License-Identifier: MIT */
/* Perft conventions through the public API. */
#include "tcommon.h"

static fan_position *from_string(const char *text)
{
    fan_position *p = NULL;
    fan_parse_error err;
    int r = fan_position_from_string(&p, text, FAN_RULES_STOP, &err);
    ck_assert_msg(r == FAN_OK, "cannot read \"%s\": %s at %u", text,
                  err.message, err.offset);
    return p;
}

static uint64_t lib_perft(const fan_position *p, unsigned depth, int kind)
{
    uint64_t n = 0;
    ck_assert_fan_ok(fan_perft(&n, p, depth, kind));
    return n;
}

/* A position where a side has no pieces has no children: not in perft and
 * not in divide either, even when the side to move could play paikas
 * (divide used to list them). */
START_TEST(no_pieces_no_children)
{
    static const char *const texts[] = {"9/9/4W4/9/9 w stop 10 -",
                                        "9/9/4W4/9/9 b stop 10 -",
                                        "9/B8/9/9/9 b must 3 -"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        fan_position *p = from_string(texts[i]);
        for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++) {
            ck_assert_uint_eq(lib_perft(p, 0, kind), 1);
            for (unsigned depth = 1; depth <= 2; depth++) {
                size_t n = 99;
                fan_perft_entry e[1];
                ck_assert_uint_eq(lib_perft(p, depth, kind), 0);
                ck_assert_fan_ok(fan_perft_divide(e, 1, &n, p, depth, kind));
                ck_assert_uint_eq(n, 0);
            }
        }
        fan_position_free(p);
    }
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("conventions");
    tcase_add_test(tc, no_pieces_no_children);
    suite_add_tcase(s, tc);
    return s;
}
