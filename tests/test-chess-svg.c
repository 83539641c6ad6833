/* SPDX-License-Identifier: MIT */
/* Fanorona Chess pictures: the elements expected from the board's
 * geometry (counted here from coordinates, not from the library), the
 * pieces, highlights, the move arrow and its capture, and the buffer and
 * argument contracts. */
#include "tcommon.h"
#include "tchess.h"

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

static char *draw(const fan_chess *g, uint64_t highlight,
                  const fan_chess_move *move, uint32_t flags)
{
    size_t need = 0;
    ck_assert_int_eq(fan_chess_svg(NULL, 0, &need, g, highlight, move, flags),
                     FAN_EBUFS);
    ck_assert_uint_le(need, FAN_CHESS_SVG_MAX);
    char *buf = malloc(need);
    ck_assert_ptr_nonnull(buf);
    ck_assert_fan_ok(fan_chess_svg(buf, need, NULL, g, highlight, move, flags));
    ck_assert_uint_eq(strlen(buf) + 1, need);
    ck_assert(!strncmp(buf, "<svg ", 5));
    ck_assert(!strcmp(buf + strlen(buf) - 7, "</svg>\n"));
    return buf;
}

START_TEST(start_picture)
{
    /* 5 x 9 points: 4 x 9 horizontal and 8 x 5 vertical segments; a
     * diagonal segment per strong point and diagonal direction (NE, NW)
     * that stays on the board; strong points where file + rank is even */
    int strong = 0, diagonal = 0;
    for (int f = 1; f <= 5; f++)
        for (int r = 1; r <= 9; r++)
            if ((f + r) % 2 == 0) {
                strong++;
                diagonal += (f < 5 && r < 9) + (f > 1 && r < 9);
            }
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    char *svg = draw(g, 0, NULL, 0);
    ck_assert_int_eq(count(svg, "<line "), 36 + 40 + diagonal);
    ck_assert_int_eq(count(svg, "class=\"strong\""), strong);
    ck_assert_int_eq(strong, 23);
    ck_assert_int_eq(count(svg, "class=\"piece white\""), 13);
    ck_assert_int_eq(count(svg, "class=\"piece black\""), 13);
    ck_assert_int_eq(count(svg, ">K</text>"), 2);
    ck_assert_int_eq(count(svg, ">P</text>"), 10);
    ck_assert_int_eq(count(svg, "class=\"highlight\""), 0);
    ck_assert_int_eq(count(svg, "class=\"arrow\""), 0);
    /* integers only: no '.' but in the namespace's address */
    ck_assert_ptr_null(strchr(strstr(svg, "/svg\"") + 1, '.'));
    ck_assert_int_eq(count(svg, "."), 2);
    free(svg);
    /* coordinates: five file letters and nine rank digits */
    svg = draw(g, 0, NULL, FAN_CHESS_SVG_COORDINATES);
    ck_assert_ptr_nonnull(strstr(svg, ">a</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">e</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">9</text>"));
    free(svg);
    fan_chess_free(g);
}
END_TEST

START_TEST(highlights_and_arrows)
{
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    /* the king's knight move: an arrow through b2, no capture */
    fan_chess_move m = MV(g, "Kc1-a2");
    char *svg = draw(g, PTS("a2 e2"), &m, 0);
    ck_assert_int_eq(count(svg, "class=\"highlight\""), 2);
    ck_assert_int_eq(count(svg, "class=\"arrow\""), 1);
    ck_assert_int_eq(count(svg, "class=\"captured\""), 0);
    /* c1 at (210, 690), b2 at (130, 610), a2 at (50, 610) */
    ck_assert_ptr_nonnull(strstr(svg, "points=\"210,690 130,610 50,610\""));
    free(svg);
    fan_chess_free(g);
    /* an approach capture: a straight arrow, e5 crossed out */
    g = CPOS("4k/5/5/5/R3p/5/5/5/4K w - - - 0 1");
    m = MV(g, "Ra5-d5");
    svg = draw(g, (uint64_t)1 << 44 | 1, &m, FAN_CHESS_SVG_COORDINATES);
    ck_assert_int_eq(count(svg, "class=\"captured\""), 1);
    ck_assert_ptr_nonnull(strstr(svg, "points=\"50,370 290,370\""));
    free(svg);
    fan_chess_free(g);
}
END_TEST

START_TEST(contracts)
{
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    char buf[64];
    size_t need = 0;
    memset(buf, 'x', sizeof buf);
    ck_assert_int_eq(fan_chess_svg(buf, 10, &need, g, 0, NULL, 0), FAN_EBUFS);
    ck_assert_int_eq(buf[9], '\0');
    ck_assert_int_eq(buf[10], 'x');
    ck_assert(!strncmp(buf, "<svg xmln", 9));
    /* everything at once stays under the bound */
    fan_chess_move m = MV(g, "Kc1-e2");
    char *svg = draw(g, ((uint64_t)1 << 45) - 1, &m, FAN_CHESS_SVG_COORDINATES);
    free(svg);
    ck_assert_int_eq(fan_chess_svg(buf, sizeof buf, &need, g, (uint64_t)1 << 45,
                                   NULL, 0), FAN_ERANGE);
    ck_assert_int_eq(fan_chess_svg(buf, sizeof buf, &need, g, 0, NULL, 2),
                     FAN_EINVAL);
    fan_chess_move bad[] = {
        FAN_CHESS_MOVE_MAKE(45, 0, FAN_CHESS_PLAIN, 63, 0),
        FAN_CHESS_MOVE_MAKE(0, 0, FAN_CHESS_PLAIN, 63, 0),
        FAN_CHESS_MOVE_MAKE(0, 5, 0, 63, 0),
        FAN_CHESS_MOVE_MAKE(0, 5, FAN_CHESS_APPROACH, 50, 0),
        FAN_CHESS_MOVE_MAKE(0, 5, FAN_CHESS_PLAIN, 63, FAN_CHESS_KING),
        FAN_CHESS_MOVE_MAKE(0, 5, FAN_CHESS_PLAIN, 63, 0) | 1u << 30,
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_int_eq(fan_chess_svg(buf, sizeof buf, &need, g, 0, &bad[i], 0),
                         FAN_EINVAL);
    ck_assert_int_eq(fan_chess_svg(NULL, 5, &need, g, 0, NULL, 0), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_svg(buf, 5, &need, NULL, 0, NULL, 0), FAN_EINVAL);
    fan_chess_free(g);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("chess-svg");
    TCase *tc = tcase_create("svg");
    tcase_add_test(tc, start_picture);
    tcase_add_test(tc, highlights_and_arrows);
    tcase_add_test(tc, contracts);
    suite_add_tcase(s, tc);
    return s;
}
