/* SPDX-License-Identifier: MIT */
/* fan_position_svg(): a well-formed picture with one element per board
 * line, strong point, piece, highlight, arrow and captured piece; the
 * buffer contract; the argument checks. */
#include "tcommon.h"

/* Counts the non-overlapping occurrences of needle in text. */
static int count(const char *text, const char *needle)
{
    int n = 0;
    size_t len = strlen(needle);
    for (const char *p = strstr(text, needle); p; p = strstr(p + len, needle))
        n++;
    return n;
}

/* A small XML checker, enough for what the library writes: every tag is
 * closed in order, attribute values are quoted, no stray '<' or '>' or
 * '&' outside tags, and one root element <svg> with nothing after it. */
static void check_well_formed(const char *svg)
{
    char stack[16][16];
    int depth = 0, roots = 0;
    const char *p = svg;
    while (*p) {
        if (*p == '>' || *p == '&')
            ck_abort_msg("stray '%c' at offset %td", *p, p - svg);
        if (*p != '<') {
            ck_assert_msg(depth > 0 || *p == '\n',
                          "text outside the root at offset %td", p - svg);
            p++;
            continue;
        }
        int closing = p[1] == '/';
        const char *name = p + 1 + closing;
        size_t len = strspn(name, "abcdefghijklmnopqrstuvwxyz");
        ck_assert_msg(len > 0 && len < sizeof stack[0], "bad tag at %td",
                      p - svg);
        const char *q = name + len;
        int quoted = 0;
        for (; *q && (quoted || *q != '>'); q++) {
            if (*q == '"')
                quoted = !quoted;
            else if (!quoted)
                ck_assert_msg(*q == ' ' || *q == '/' || *q == '=' ||
                                  (*q >= 'a' && *q <= 'z') ||
                                  (*q >= 'A' && *q <= 'Z') ||
                                  (*q >= '0' && *q <= '9') || *q == '-',
                              "bad character '%c' in a tag at %td", *q,
                              q - svg);
            else
                ck_assert_msg(*q != '<' && *q != '&', "'%c' in a value", *q);
        }
        ck_assert_msg(*q == '>', "unterminated tag at %td", p - svg);
        int empty = q[-1] == '/';
        if (closing) {
            ck_assert_msg(depth > 0, "closing tag without opening");
            depth--;
            ck_assert_msg(strlen(stack[depth]) == len &&
                              !strncmp(stack[depth], name, len),
                          "</%.*s> closes <%s>", (int)len, name, stack[depth]);
        } else if (!empty) {
            ck_assert_msg(depth < 16, "too deep");
            if (depth == 0)
                roots++;
            memcpy(stack[depth], name, len);
            stack[depth][len] = '\0';
            depth++;
        } else {
            ck_assert_msg(depth > 0, "empty element outside the root");
        }
        p = q + 1;
    }
    ck_assert_int_eq(depth, 0);
    ck_assert_int_eq(roots, 1);
    ck_assert_msg(!strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39),
                  "does not start with the svg root");
}

/* The picture, checked for well-formedness; the caller frees it. */
static char *svg_of(const fan_position *p, uint64_t highlight,
                    const fan_path *path, uint32_t flags)
{
    size_t needed = 0;
    ck_assert_int_eq(fan_position_svg(NULL, 0, &needed, p, highlight, path,
                                      flags),
                     FAN_EBUFS);
    ck_assert_uint_le(needed, FAN_SVG_MAX);
    char *buf = malloc(needed);
    ck_assert_ptr_nonnull(buf);
    size_t again = 0;
    ck_assert_fan_ok(
        fan_position_svg(buf, needed, &again, p, highlight, path, flags));
    ck_assert_uint_eq(again, needed);
    ck_assert_uint_eq(strlen(buf) + 1, needed);
    check_well_formed(buf);
    return buf;
}

/* Every piece circle sits on the point of a piece of its colour; returns
 * how many there are. Points are 100 units apart, a5 at (60, 60). */
static int check_piece_places(const char *svg, const fan_position *p)
{
    int n = 0;
    for (const char *s = strstr(svg, "class=\"piece "); s;
         s = strstr(s + 1, "class=\"piece ")) {
        int white = !strncmp(s + 13, "white", 5);
        int cx = -1, cy = -1;
        ck_assert_int_eq(sscanf(strstr(s, "cx="), "cx=\"%d\" cy=\"%d\"", &cx,
                                &cy),
                         2);
        ck_assert_int_eq((cx - 60) % 100, 0);
        ck_assert_int_eq((cy - 60) % 100, 0);
        int col = (cx - 60) / 100, row = 4 - (cy - 60) / 100;
        ck_assert_int_eq(fan_position_piece(p, FAN_SQUARE(col, row)),
                         white ? FAN_WHITE : FAN_BLACK);
        n++;
    }
    return n;
}

/* The board has 5 rows of 8 horizontal segments (40), 9 columns of 4 vertical ones (36), and one
 * diagonal in each of the 8 x 4 cells (32): 108 lines. The strong points
 * are those with column + row even: 5 in each of rows 1, 3, 5 and 4 in
 * rows 2 and 4, 23 in all. */
START_TEST(start_position_picture)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    char *svg = svg_of(p, 0, NULL, 0);
    const char *lines = strstr(svg, "<g class=\"lines\"");
    ck_assert_ptr_nonnull(lines);
    const char *end = strstr(lines, "</g>");
    int n = 0;
    for (const char *s = strstr(lines, "<line "); s && s < end;
         s = strstr(s + 1, "<line "))
        n++;
    ck_assert_int_eq(n, 108);
    ck_assert_int_eq(count(svg, "<line "), 108);
    ck_assert_int_eq(count(svg, "class=\"strong\""), 23);
    ck_assert_int_eq(count(svg, "class=\"piece white\""), 22);
    ck_assert_int_eq(count(svg, "class=\"piece black\""), 22);
    ck_assert_int_eq(count(svg, "<circle "), 23 + 44);
    ck_assert_int_eq(check_piece_places(svg, p), 44);
    ck_assert_int_eq(count(svg, "<text"), 0);
    ck_assert_int_eq(count(svg, "class=\"highlight\""), 0);
    ck_assert_int_eq(count(svg, "class=\"arrow\""), 0);
    ck_assert_ptr_nonnull(strstr(svg, "White to move"));
    free(svg);

    svg = svg_of(p, 0, NULL, FAN_SVG_COORDINATES);
    ck_assert_int_eq(count(svg, "<text"), 9 + 5);
    free(svg);
    fan_position_free(p);
}
END_TEST

/* Highlights and a three-step path with two captured points. The path is
 * not legal here (a paika inside a chain), which the picture allows: it
 * draws one arrow per step and one cross per captured point. */
START_TEST(highlights_and_arrows)
{
    fan_position *p = POS("d4 a1", "c4 b4 e2 g5", FAN_BLACK, FAN_RULES_STOP);
    fan_path path = {0};
    path.from = (uint8_t)SQ("g5");
    path.length = 3;
    path.to[0] = (uint8_t)SQ("f5");
    path.to[1] = (uint8_t)SQ("e5");
    path.to[2] = (uint8_t)SQ("e4");
    path.kind[0] = FAN_STEP_PAIKA;
    path.kind[1] = FAN_STEP_APPROACH;
    path.kind[2] = FAN_STEP_WITHDRAWAL;
    path.captured = MASK("d4 a1");
    uint64_t hl = MASK("a1 e3 i5");
    char *svg = svg_of(p, hl, &path, FAN_SVG_COORDINATES);
    ck_assert_int_eq(count(svg, "class=\"highlight\""), 3);
    ck_assert_int_eq(count(svg, "class=\"arrow\""), 3);
    ck_assert_int_eq(count(svg, "class=\"arrowhead\""), 3);
    ck_assert_int_eq(count(svg, "class=\"captured\""), 2);
    ck_assert_int_eq(count(svg, "class=\"piece white\""), 2);
    ck_assert_int_eq(count(svg, "class=\"piece black\""), 4);
    ck_assert_int_eq(check_piece_places(svg, p), 6);
    ck_assert_ptr_nonnull(strstr(svg, "Black to move"));
    /* the first arrow leaves g5 (660, 60) westwards to f5 (560, 60) */
    ck_assert_ptr_nonnull(strstr(svg, "<line class=\"arrow\" x1=\"660\" "
                                      "y1=\"60\""));
    ck_assert_ptr_nonnull(strstr(svg, "<polygon class=\"arrowhead\" "
                                      "points=\"560,60 "));
    free(svg);
    fan_position_free(p);
}
END_TEST

/* The largest picture: 44 pieces, every point highlighted and crossed
 * out, coordinates, and the longest path, back and forth between b2 and
 * c3, whose coordinates all have three digits. */
START_TEST(largest_picture_fits)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    fan_path path = {0};
    path.from = (uint8_t)SQ("b2");
    path.length = FAN_PATH_MAX;
    for (int i = 0; i < FAN_PATH_MAX; i++) {
        path.to[i] = (uint8_t)SQ(i % 2 ? "b2" : "c3");
        path.kind[i] = FAN_STEP_APPROACH;
    }
    path.captured = FAN_BOARD_MASK;
    size_t needed = 0;
    ck_assert_int_eq(fan_position_svg(NULL, 0, &needed, p, FAN_BOARD_MASK,
                                      &path, FAN_SVG_COORDINATES),
                     FAN_EBUFS);
    printf("largest picture: %zu bytes (FAN_SVG_MAX %d)\n", needed,
           FAN_SVG_MAX);
    ck_assert_uint_le(needed, FAN_SVG_MAX);
    char *svg = svg_of(p, FAN_BOARD_MASK, &path, FAN_SVG_COORDINATES);
    ck_assert_int_eq(count(svg, "class=\"highlight\""), 45);
    ck_assert_int_eq(count(svg, "class=\"captured\""), 45);
    ck_assert_int_eq(count(svg, "class=\"arrow\""), FAN_PATH_MAX);
    free(svg);
    fan_position_free(p);
}
END_TEST

/* Too small a buffer: FAN_EBUFS, the needed size, and a NUL-terminated
 * prefix of the picture. */
START_TEST(short_buffer)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_MUST));
    char *full = svg_of(p, 0, NULL, 0);
    size_t needed = strlen(full) + 1;
    char *buf = malloc(needed);
    ck_assert_ptr_nonnull(buf);
    size_t got = 0;
    ck_assert_int_eq(fan_position_svg(buf, needed - 1, &got, p, 0, NULL, 0),
                     FAN_EBUFS);
    ck_assert_uint_eq(got, needed);
    ck_assert_uint_eq(strlen(buf), needed - 2);
    ck_assert_int_eq(strncmp(buf, full, needed - 2), 0);
    buf[0] = 'x';
    ck_assert_int_eq(fan_position_svg(buf, 1, NULL, p, 0, NULL, 0), FAN_EBUFS);
    ck_assert_int_eq(buf[0], '\0');
    ck_assert_fan_ok(fan_position_svg(buf, needed, NULL, p, 0, NULL, 0));
    ck_assert_str_eq(buf, full);
    free(buf);
    free(full);
    fan_position_free(p);
}
END_TEST

START_TEST(refused_arguments)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    char buf[64] = "unchanged";
    size_t needed = 7;
    ck_assert_int_eq(fan_position_svg(buf, sizeof buf, &needed, NULL, 0, NULL,
                                      0),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_svg(NULL, 10, &needed, p, 0, NULL, 0),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_svg(buf, sizeof buf, &needed, p, 0, NULL, 2),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_svg(buf, sizeof buf, &needed, p,
                                      (uint64_t)1 << 45, NULL, 0),
                     FAN_ERANGE);
    fan_path path = {0};
    path.from = (uint8_t)SQ("d2");
    path.length = 1;
    path.to[0] = (uint8_t)SQ("e3");
    path.kind[0] = FAN_STEP_APPROACH;
    fan_path bad = path;
    bad.length = 0;
    ck_assert_int_eq(fan_position_svg(buf, sizeof buf, &needed, p, 0, &bad, 0),
                     FAN_EINVAL);
    bad = path;
    bad.to[0] = 45;
    ck_assert_int_eq(fan_position_svg(buf, sizeof buf, &needed, p, 0, &bad, 0),
                     FAN_ERANGE);
    bad = path;
    bad.kind[0] = 9;
    ck_assert_int_eq(fan_position_svg(buf, sizeof buf, &needed, p, 0, &bad, 0),
                     FAN_EINVAL);
    bad = path;
    bad.reserved[2] = 1;
    ck_assert_int_eq(fan_position_svg(buf, sizeof buf, &needed, p, 0, &bad, 0),
                     FAN_EINVAL);
    bad = path;
    bad.to[0] = (uint8_t)SQ("e4"); /* d2-e4 is no step */
    ck_assert_int_eq(fan_position_svg(buf, sizeof buf, &needed, p, 0, &bad, 0),
                     FAN_EINVAL);
    bad = path;
    bad.from = (uint8_t)SQ("e2");
    bad.to[0] = (uint8_t)SQ("d3"); /* e2 is a weak point: no diagonal */
    ck_assert_int_eq(fan_position_svg(buf, sizeof buf, &needed, p, 0, &bad, 0),
                     FAN_EINVAL);
    ck_assert_str_eq(buf, "unchanged");
    ck_assert_uint_eq(needed, 7);
    /* the same path is fine */
    ck_assert_int_eq(fan_position_svg(NULL, 0, &needed, p, 0, &path, 0),
                     FAN_EBUFS);
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("svg");
    TCase *tc = tcase_create("svg");
    tcase_add_test(tc, start_position_picture);
    tcase_add_test(tc, highlights_and_arrows);
    tcase_add_test(tc, largest_picture_fits);
    tcase_add_test(tc, short_buffer);
    tcase_add_test(tc, refused_arguments);
    suite_add_tcase(s, tc);
    return s;
}
