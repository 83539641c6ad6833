/* SPDX-License-Identifier: MIT */
/* Helpers shared by the Check suites. Each test-*.c defines make_suite()
 * and includes this header once for main(). */
#ifndef TCOMMON_H
#define TCOMMON_H

#include <check.h>
#include <fanorona.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Square from its name, e.g. SQ("e3") == 22. */
static inline int SQ(const char *name)
{
    int s = fan_square_parse(name);
    ck_assert_msg(s >= 0, "bad square name %s", name);
    return s;
}

/* Mask from space-separated square names, e.g. MASK("a1 b2 e3"). */
static inline uint64_t MASK(const char *names)
{
    uint64_t m = 0;
    char buf[4];
    while (*names) {
        while (*names == ' ')
            names++;
        if (!*names)
            break;
        ck_assert(names[0] && names[1]);
        buf[0] = names[0];
        buf[1] = names[1];
        buf[2] = 0;
        m |= (uint64_t)1 << SQ(buf);
        names += 2;
    }
    return m;
}

/* A custom position; the test fails if it cannot be made. */
static inline fan_position *POS(const char *white, const char *black,
                                int side, int rules)
{
    fan_position *p = NULL;
    int r = fan_position_new_custom(&p, MASK(white), MASK(black), side, rules);
    ck_assert_msg(r == FAN_OK, "new_custom: %s", fan_strerror(r));
    return p;
}

#define ck_assert_fan_ok(expr)                                                 \
    do {                                                                       \
        int r_ = (expr);                                                       \
        ck_assert_msg(r_ == FAN_OK, "%s -> %d (%s)", #expr, r_,                \
                      fan_strerror(r_));                                       \
    } while (0)

Suite *make_suite(void);

#ifdef TCOMMON_SKIP
/* A suite that defines TCOMMON_SKIP before including this header defines
 * skip_reason(): NULL to run, else why there is nothing to test here, and
 * the program exits 77, which meson reports as SKIP. */
static const char *skip_reason(void);
#endif

int main(void)
{
#ifdef TCOMMON_SKIP
    const char *why = skip_reason();
    if (why) {
        printf("SKIP: %s\n", why);
        return 77;
    }
#endif
    SRunner *sr = srunner_create(make_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
