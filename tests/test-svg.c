/* SPDX-License-Identifier: MIT */
/* fan_position_svg(): a well-formed picture with one element per board
 * line, strong point, piece, highlight, arrow and captured piece; the
 * marks of a chain in progress; coordinate labels that stay inside the
 * picture and clear of every disc, computed from the emitted geometry; the
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

/* An attribute's integer value inside the element that starts at tag. */
static int attr(const char *tag, const char *name)
{
    const char *end = strchr(tag, '>');
    char key[32];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *a = strstr(tag, key);
    ck_assert_msg(a && a < end, "no %s in %.60s", name, tag);
    return atoi(a + strlen(key));
}

typedef struct disc {
    int x, y, r;
} disc;

/* Every <circle> of the picture (pieces, strong points, highlights, the
 * marks of a chain); returns how many. */
static int discs(const char *svg, disc *out, int capacity)
{
    int n = 0;
    for (const char *c = strstr(svg, "<circle "); c;
         c = strstr(c + 1, "<circle ")) {
        ck_assert_int_lt(n, capacity);
        out[n].x = attr(c, "cx");
        out[n].y = attr(c, "cy");
        out[n].r = attr(c, "r");
        n++;
    }
    return n;
}

/* The labels, with a box that surely holds the glyph: a sans-serif digit
 * or lower-case letter is at most 0.6 of the font size wide, rises at most
 * 0.75 of it above the baseline and descends at most 0.25 below (g). Each
 * box must lie inside the view box, keep a gap from every disc and from
 * the other boxes. Returns the number of labels. */
static int check_labels(const char *svg)
{
    int vx, vy, vw, vh;
    ck_assert_int_eq(sscanf(strstr(svg, "viewBox="), "viewBox=\"%d %d %d %d\"",
                            &vx, &vy, &vw, &vh),
                     4);
    const char *group = strstr(svg, "<g class=\"coordinates\"");
    if (!group)
        return 0;
    int font = attr(group, "font-size");
    ck_assert_ptr_nonnull(strstr(group, "text-anchor=\"middle\""));
    static disc d[256];
    int nd = discs(svg, d, 256);
    int box[16][4], n = 0;
    for (const char *t = strstr(svg, "<text "); t; t = strstr(t + 1, "<text ")) {
        ck_assert_int_lt(n, 16);
        int x = attr(t, "x"), y = attr(t, "y");
        const char *body = strchr(t, '>') + 1;
        ck_assert_msg(!strncmp(body + 1, "</text>", 7),
                      "a label of one character");
        /* a letter under its column, a number beside its row: the middle
         * of its box within a quarter of the spacing of the line */
        if (*body >= 'a' && *body <= 'i')
            ck_assert_int_eq(x, 60 + 100 * (*body - 'a'));
        else if (*body >= '1' && *body <= '5')
            ck_assert_int_le(abs(y - font / 4 - (60 + 100 * ('5' - *body))),
                             25);
        else
            ck_abort_msg("label '%c'", *body);
        int *b = box[n++];
        b[0] = x - font * 3 / 10; /* left, top, right, bottom */
        b[1] = y - font * 3 / 4;
        b[2] = x + font * 3 / 10;
        b[3] = y + font / 4;
        ck_assert_msg(b[0] >= vx && b[2] <= vx + vw && b[1] >= vy &&
                          b[3] <= vy + vh,
                      "label at (%d, %d) leaves the view box", x, y);
        for (int i = 0; i < nd; i++) {
            /* the nearest point of the box to the centre of the disc */
            int nx = d[i].x < b[0] ? b[0] : d[i].x > b[2] ? b[2] : d[i].x;
            int ny = d[i].y < b[1] ? b[1] : d[i].y > b[3] ? b[3] : d[i].y;
            long dx = nx - d[i].x, dy = ny - d[i].y, gap = d[i].r + 4;
            ck_assert_msg(dx * dx + dy * dy >= gap * gap,
                          "label at (%d, %d) touches the disc at (%d, %d) "
                          "r %d",
                          x, y, d[i].x, d[i].y, d[i].r);
        }
        for (int j = 0; j < n - 1; j++)
            ck_assert_msg(box[j][2] < b[0] || b[2] < box[j][0] ||
                              box[j][3] < b[1] || b[3] < box[j][1],
                          "two labels overlap at (%d, %d)", x, y);
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

/* The labels clear the pieces on the edge points and the widest discs
 * there (a highlight on every point), inside the picture; with or without
 * them, a point is at the same place. */
START_TEST(labels_clear_of_the_board)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    char *plain = svg_of(p, FAN_BOARD_MASK, NULL, 0);
    char *svg = svg_of(p, FAN_BOARD_MASK, NULL, FAN_SVG_COORDINATES);
    ck_assert_int_eq(check_labels(plain), 0);
    ck_assert_int_eq(check_labels(svg), 14);
    ck_assert_int_eq(check_piece_places(svg, p), 44);
    const char *a = strstr(plain, "<g class=\"lines\"");
    const char *b = strstr(svg, "<g class=\"lines\"");
    ck_assert_int_eq(strncmp(a, b, strstr(a, "</g>") - a), 0);
    free(plain);
    free(svg);
    fan_position_free(p);
}
END_TEST

/* The position of doc/formats.md in the middle of White's chain
 * c4-b4A-c5W, which has taken a3 and a4: White's active piece on c5 (260,
 * 60) gets a ring, the points left behind (c4 at (260, 160), b4 at (160,
 * 160)) small rings, and the two black pieces taken so far, off the board
 * already, faded ghosts at a4 (60, 160) and a3 (60, 260). None of it at
 * the start of a turn. */
START_TEST(chain_in_progress)
{
    static const char *text = "1BW1BBBBB/6BBB/1W2WB2W/WW1WW1WBW/1W1W1WW2 w "
                              "stop 8 c4-b4A-c5W[a3,a4]";
    fan_position *p = NULL;
    fan_parse_error err;
    ck_assert_fan_ok(fan_position_from_string(&p, text, FAN_RULES_STOP, &err));
    char *svg = svg_of(p, 0, NULL, FAN_SVG_COORDINATES);
    ck_assert_int_eq(count(svg, "class=\"active\""), 1);
    ck_assert_int_eq(count(svg, "class=\"visited\""), 2);
    ck_assert_int_eq(count(svg, "class=\"chain-captured\""), 2);
    static const char *const marks[] = {
        "class=\"active\" cx=\"260\" cy=\"60\"",
        "class=\"visited\" cx=\"260\" cy=\"160\"",
        "class=\"visited\" cx=\"160\" cy=\"160\"",
        "class=\"chain-captured\" cx=\"60\" cy=\"160\"",
        "class=\"chain-captured\" cx=\"60\" cy=\"260\""};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        ck_assert_msg(strstr(svg, marks[i]), "no %s", marks[i]);
    /* the ghosts are Black's colour, the pieces on the board unchanged */
    const char *ghosts = strstr(svg, "<g class=\"chain-captures\"");
    ck_assert_ptr_nonnull(ghosts);
    ck_assert_ptr_nonnull(strstr(ghosts, "fill=\"#222222\""));
    uint64_t white = 0, black = 0;
    ck_assert_fan_ok(fan_position_pieces(&white, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&black, p, FAN_BLACK));
    ck_assert_int_eq(check_piece_places(svg, p),
                     __builtin_popcountll(white | black));
    ck_assert_ptr_nonnull(strstr(svg, "in the middle of a capture chain"));
    ck_assert_int_eq(check_labels(svg), 14);
    free(svg);
    /* the chain ended: a new turn, no chain marks */
    ck_assert_fan_ok(fan_position_end_turn(p));
    svg = svg_of(p, 0, NULL, 0);
    ck_assert_int_eq(count(svg, "class=\"active\""), 0);
    ck_assert_int_eq(count(svg, "class=\"visited\""), 0);
    ck_assert_int_eq(count(svg, "class=\"chain-captured\""), 0);
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
    /* a chain in progress adds at most a ring, 44 visited points and 22
     * ghosts; measure their lines in a picture that has them */
    fan_position *c = NULL;
    ck_assert_fan_ok(fan_position_from_string(
        &c, "1BW1BBBBB/6BBB/1W2WB2W/WW1WW1WBW/1W1W1WW2 w stop 8 "
            "c4-b4A-c5W[a3,a4]", FAN_RULES_STOP, NULL));
    char *chain = svg_of(c, 0, NULL, 0);
    size_t active = strchr(strstr(chain, "<circle class=\"active\""), '\n') -
                    strstr(chain, "<circle class=\"active\"") + 1;
    size_t visited = strchr(strstr(chain, "<circle class=\"visited\""), '\n') -
                     strstr(chain, "<circle class=\"visited\"") + 1;
    size_t ghost = strchr(strstr(chain, "<circle class=\"chain-captured\""),
                          '\n') -
                   strstr(chain, "<circle class=\"chain-captured\"") + 1;
    size_t groups = strlen(strstr(chain, "<g class=\"chain-captures\"")) -
                    strlen(strstr(chain, "<circle class=\"chain-captured\"")) +
                    strlen(strstr(chain, "<g class=\"chain-visited\"")) -
                    strlen(strstr(chain, "<circle class=\"visited\"")) +
                    2 * strlen("</g>\n") + 64 /* the title's words */;
    size_t bound = needed + active + 44 * visited + 22 * ghost + groups;
    printf("with a chain at most %zu bytes\n", bound);
    ck_assert_uint_le(bound, FAN_SVG_MAX);
    free(chain);
    fan_position_free(c);
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
    tcase_add_test(tc, labels_clear_of_the_board);
    tcase_add_test(tc, chain_in_progress);
    tcase_add_test(tc, highlights_and_arrows);
    tcase_add_test(tc, largest_picture_fits);
    tcase_add_test(tc, short_buffer);
    tcase_add_test(tc, refused_arguments);
    suite_add_tcase(s, tc);
    return s;
}
