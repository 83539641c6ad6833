/* SPDX-License-Identifier: MIT */
/* Move notation: writing steps and turns, reading them back for every
 * legal step, path and turn of thousands of random-game states (dashed,
 * compact and letterless forms), the middle of a chain, a table of
 * malformed or illegal texts, and every prefix and random mutations. */
#include "tgames.h"

static fan_position *from_string(const char *text)
{
    fan_position *p = NULL;
    fan_parse_error e;
    int r = fan_position_from_string(&p, text, FAN_RULES_STOP, &e);
    ck_assert_msg(r == FAN_OK, "'%s': %s", text, e.message);
    return p;
}

/* text without its dashes (the compact form) or without A/W letters */
static void strip(char *out, const char *text, const char *drop)
{
    for (; *text; text++)
        if (!strchr(drop, *text))
            *out++ = *text;
    *out = '\0';
}

/* The path f4-e4W-e3A. */
static void chain_f4_e4w_e3a(fan_path *p)
{
    memset(p, 0, sizeof *p);
    p->from = (uint8_t)SQ("f4");
    p->length = 2;
    p->to[0] = (uint8_t)SQ("e4");
    p->kind[0] = FAN_STEP_WITHDRAWAL;
    p->to[1] = (uint8_t)SQ("e3");
    p->kind[1] = FAN_STEP_APPROACH;
}

START_TEST(test_write)
{
    fan_step s;
    memset(&s, 0, sizeof s);
    s.from = (uint8_t)SQ("d3");
    s.to = (uint8_t)SQ("e3");
    s.kind = FAN_STEP_WITHDRAWAL;
    char buf[FAN_PATH_STRING_MAX];
    size_t needed = 0;
    ck_assert_fan_ok(fan_step_to_string(buf, sizeof buf, &needed, &s));
    ck_assert_str_eq(buf, "d3-e3W");
    ck_assert_uint_eq(needed, 7);
    s.kind = FAN_STEP_APPROACH;
    ck_assert_fan_ok(fan_step_to_string(buf, sizeof buf, NULL, &s));
    ck_assert_str_eq(buf, "d3-e3A");
    s.kind = FAN_STEP_PAIKA;
    ck_assert_fan_ok(fan_step_to_string(buf, sizeof buf, NULL, &s));
    ck_assert_str_eq(buf, "d3-e3");
    /* buffer protocol */
    ck_assert_int_eq(fan_step_to_string(NULL, 0, &needed, &s), FAN_EBUFS);
    ck_assert_uint_eq(needed, 6);
    ck_assert_int_eq(fan_step_to_string(buf, 5, &needed, &s), FAN_EBUFS);
    ck_assert_str_eq(buf, "d3-e");
    /* arguments */
    s.kind = FAN_STEP_ANY;
    ck_assert_int_eq(fan_step_to_string(buf, sizeof buf, NULL, &s), FAN_EINVAL);
    s.kind = FAN_STEP_PAIKA;
    s.to = 45;
    ck_assert_int_eq(fan_step_to_string(buf, sizeof buf, NULL, &s), FAN_ERANGE);
    ck_assert_int_eq(fan_step_to_string(buf, sizeof buf, NULL, NULL),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_step_to_string(NULL, 4, NULL, &s), FAN_EINVAL);

    fan_path p;
    chain_f4_e4w_e3a(&p);
    ck_assert_fan_ok(fan_path_to_string(buf, sizeof buf, &needed, &p));
    ck_assert_str_eq(buf, "f4-e4W-e3A");
    ck_assert_uint_eq(needed, 11);
    ck_assert_int_eq(fan_path_to_string(buf, 4, &needed, &p), FAN_EBUFS);
    ck_assert_str_eq(buf, "f4-");
    p.kind[1] = 7;
    ck_assert_int_eq(fan_path_to_string(buf, sizeof buf, NULL, &p), FAN_EINVAL);
    p.kind[1] = FAN_STEP_APPROACH;
    p.to[1] = 99;
    ck_assert_int_eq(fan_path_to_string(buf, sizeof buf, NULL, &p), FAN_ERANGE);
    p.length = 0;
    ck_assert_int_eq(fan_path_to_string(buf, sizeof buf, NULL, &p), FAN_EINVAL);
    p.length = FAN_PATH_MAX + 1;
    ck_assert_int_eq(fan_path_to_string(buf, sizeof buf, NULL, &p), FAN_EINVAL);
    /* the longest path text fits FAN_PATH_STRING_MAX */
    p.length = FAN_PATH_MAX;
    for (int i = 0; i < FAN_PATH_MAX; i++) {
        p.to[i] = (uint8_t)i;
        p.kind[i] = FAN_STEP_APPROACH;
    }
    ck_assert_fan_ok(fan_path_to_string(buf, sizeof buf, &needed, &p));
    ck_assert_uint_le(needed, FAN_PATH_STRING_MAX);
}
END_TEST

/* The compact form of the writers: the same squares and letters, no
 * dashes; flag 0 is the dashed form; other bits are refused. */
START_TEST(test_write_compact)
{
    fan_path p;
    chain_f4_e4w_e3a(&p);
    char buf[FAN_PATH_STRING_MAX];
    size_t needed = 0;
    ck_assert_fan_ok(fan_path_to_string_ex(buf, sizeof buf, &needed, &p,
                                           FAN_NOTATION_COMPACT));
    ck_assert_str_eq(buf, "f4e4We3A");
    ck_assert_uint_eq(needed, 9);
    ck_assert_fan_ok(fan_path_to_string_ex(buf, sizeof buf, &needed, &p, 0));
    ck_assert_str_eq(buf, "f4-e4W-e3A");
    ck_assert_int_eq(fan_path_to_string_ex(buf, 5, &needed, &p,
                                           FAN_NOTATION_COMPACT),
                     FAN_EBUFS);
    ck_assert_str_eq(buf, "f4e4");
    ck_assert_uint_eq(needed, 9);
    ck_assert_int_eq(fan_path_to_string_ex(buf, sizeof buf, NULL, &p, 2),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_path_to_string_ex(buf, sizeof buf, NULL, NULL,
                                           FAN_NOTATION_COMPACT),
                     FAN_EINVAL);
    p.length = 1;
    p.kind[0] = FAN_STEP_PAIKA;
    ck_assert_fan_ok(fan_path_to_string_ex(buf, sizeof buf, NULL, &p,
                                           FAN_NOTATION_COMPACT));
    ck_assert_str_eq(buf, "f4e4");

    /* a turn by its effect: d3-e3W from the start takes c3 */
    fan_position *pos = NULL;
    ck_assert_fan_ok(fan_position_new(&pos, FAN_RULES_STOP));
    fan_path path;
    ck_assert_fan_ok(fan_position_parse_path(&path, pos, "d3-e3W", NULL));
    fan_turn t = 0;
    ck_assert_fan_ok(fan_path_turn(&t, &path));
    ck_assert_fan_ok(fan_turn_to_string_ex(buf, sizeof buf, &needed, pos, t,
                                           FAN_NOTATION_COMPACT));
    ck_assert_str_eq(buf, "d3e3W");
    ck_assert_uint_eq(needed, 6);
    ck_assert_int_eq(fan_turn_to_string_ex(buf, sizeof buf, NULL, pos, t, 4),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_turn_to_string_ex(buf, sizeof buf, NULL, NULL, t,
                                           FAN_NOTATION_COMPACT),
                     FAN_EINVAL);
    fan_position_free(pos);
}
END_TEST

START_TEST(test_start_position)
{
    /* White's five first turns are d2-e3A, e2-e3A, f2-e3A, d3-e3A and
     * d3-e3W (doc/rules.md "Move notation in these documents"); only d3-e3
     * needs its letter */
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    static const char *const ok[][2] = {
        {"d2-e3", "d2-e3A"}, {"e2e3", "e2-e3A"}, {"f2-e3A", "f2-e3A"},
        {"d3e3W", "d3-e3W"}, {"d3-e3A", "d3-e3A"}};
    for (size_t i = 0; i < 5; i++) {
        fan_step s;
        fan_path path;
        char buf[FAN_PATH_STRING_MAX];
        fan_parse_error e;
        ck_assert_fan_ok(fan_position_parse_step(&s, p, ok[i][0], &e));
        ck_assert_fan_ok(fan_step_to_string(buf, sizeof buf, NULL, &s));
        ck_assert_str_eq(buf, ok[i][1]);
        ck_assert_fan_ok(fan_position_parse_path(&path, p, ok[i][0], &e));
        ck_assert_fan_ok(fan_path_to_string(buf, sizeof buf, NULL, &path));
        ck_assert_str_eq(buf, ok[i][1]);
    }
    fan_step s;
    fan_parse_error e;
    ck_assert_int_eq(fan_position_parse_step(&s, p, "d3-e3", &e),
                     FAN_EAMBIGUOUS);
    ck_assert_str_eq(e.message, "ambiguous: d3-e3A or d3-e3W");
    fan_path path;
    ck_assert_int_eq(fan_position_parse_path(&path, p, "d3e3", &e),
                     FAN_EAMBIGUOUS);
    ck_assert_ptr_nonnull(strstr(e.message, "d3-e3A"));
    ck_assert_ptr_nonnull(strstr(e.message, "d3-e3W"));
    ck_assert_int_eq(fan_position_parse_step(NULL, p, "d3e3W", &e), FAN_EINVAL);
    ck_assert_int_eq(fan_position_parse_step(&s, NULL, "d3e3W", &e),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_parse_path(&path, p, NULL, &e), FAN_EINVAL);
    ck_assert_fan_ok(fan_position_parse_path(&path, p, "d3e3W", NULL));
    fan_position_free(p);
}
END_TEST

/* b2-c2A takes d2, then c2-c3A takes c4 (see test-fen.c). */
#define CHAIN_START "9/2B6/9/1W1B5/9 w %s 0 -"

START_TEST(test_middle_of_chain)
{
    fan_position *p = from_string("9/2B6/9/1W1B5/9 w stop 0 -");
    ck_assert_fan_ok(fan_position_play_step(p, SQ("b2"), SQ("c2"),
                                            FAN_STEP_APPROACH));
    ck_assert_int_eq(fan_position_in_chain(p), 1);
    char buf[FAN_PATH_STRING_MAX];
    fan_path path;
    fan_parse_error e;
    /* the continuation alone, or the whole turn, give the whole turn */
    static const char *const forms[] = {"c2-c3A", "c2c3", "b2-c2A-c3A",
                                        "b2c2c3A", "b2-c2-c3"};
    for (size_t i = 0; i < 5; i++) {
        ck_assert_fan_ok(fan_position_parse_path(&path, p, forms[i], &e));
        ck_assert_fan_ok(fan_path_to_string(buf, sizeof buf, NULL, &path));
        ck_assert_str_eq(buf, "b2-c2A-c3A");
    }
    fan_step s;
    ck_assert_fan_ok(fan_position_parse_step(&s, p, "c2-c3", &e));
    ck_assert_int_eq(s.kind, FAN_STEP_APPROACH);
    ck_assert_uint_eq(s.captures, MASK("c4"));
    /* the turn so far alone: ending it now (stop-at-will) */
    ck_assert_fan_ok(fan_position_parse_path(&path, p, "b2-c2", &e));
    ck_assert_fan_ok(fan_path_to_string(buf, sizeof buf, NULL, &path));
    ck_assert_str_eq(buf, "b2-c2A");
    ck_assert_int_eq(fan_position_parse_path(&path, p, "b2-c2W-c3A", &e),
                     FAN_EILLEGAL);
    ck_assert_str_eq(e.message, "step 1 differs from the turn so far (b2-c2A)");
    ck_assert_int_eq(fan_position_parse_step(&s, p, "c4-c3", &e), FAN_EILLEGAL);
    ck_assert_str_eq(e.message, "the chain goes on with the piece on c2");
    /* the parsed path is what play_path takes */
    ck_assert_fan_ok(fan_position_parse_path(&path, p, "c2-c3A", &e));
    ck_assert_fan_ok(fan_position_play_path(p, &path));
    ck_assert_int_eq(fan_position_result(p), FAN_WHITE_WINS);
    /* after the end: refused as game over */
    ck_assert_int_eq(fan_position_parse_step(&s, p, "c3-c4", &e),
                     FAN_EGAMEOVER);
    ck_assert_int_eq(fan_position_parse_path(&path, p, "c3-c4", &e),
                     FAN_EGAMEOVER);
    fan_position_free(p);

    /* must-continue: a chain that could go on is not a turn */
    p = from_string("9/2B6/9/1W1B5/9 w must 0 -");
    ck_assert_int_eq(fan_position_parse_path(&path, p, "b2-c2A", &e),
                     FAN_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(e.message, "must go on"));
    ck_assert_fan_ok(fan_position_parse_path(&path, p, "b2c2c3", &e));
    ck_assert_fan_ok(fan_path_to_string(buf, sizeof buf, NULL, &path));
    ck_assert_str_eq(buf, "b2-c2A-c3A");
    /* a single step is still a step */
    fan_step st;
    ck_assert_fan_ok(fan_position_parse_step(&st, p, "b2-c2", &e));
    fan_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Round trips                                                         */

typedef struct notation_stats {
    long steps, paths, turns, ambiguous, chains;
} notation_stats;

static void parse_path_ok(const fan_position *p, const char *text,
                          const fan_path *expect)
{
    fan_path got;
    fan_parse_error e;
    int r = fan_position_parse_path(&got, p, text, &e);
    ck_assert_msg(r == FAN_OK, "'%s' -> %d: %s", text, r, e.message);
    ck_assert_mem_eq(&got, expect, sizeof got);
}

static int same_squares(const fan_path *a, const fan_path *b)
{
    if (a->from != b->from || a->length != b->length)
        return 0;
    return !memcmp(a->to, b->to, a->length);
}

static int notation_state(const fan_position *p, void *ctx)
{
    notation_stats *st = ctx;
    char text[FAN_PATH_STRING_MAX], alt[FAN_PATH_STRING_MAX];
    fan_parse_error e;
    if (fan_position_result(p) != FAN_ONGOING)
        return 0;
    int chain = fan_position_in_chain(p);
    st->chains += chain;

    /* every legal step */
    fan_step steps[FAN_STEPS_MAX];
    size_t n = 0;
    ck_assert_fan_ok(fan_position_steps(steps, FAN_STEPS_MAX, &n, p));
    for (size_t i = 0; i < n; i++) {
        fan_step got;
        ck_assert_fan_ok(fan_step_to_string(text, sizeof text, NULL, &steps[i]));
        ck_assert_fan_ok(fan_position_parse_step(&got, p, text, &e));
        ck_assert_mem_eq(&got, &steps[i], sizeof got);
        strip(alt, text, "-");
        ck_assert_fan_ok(fan_position_parse_step(&got, p, alt, &e));
        ck_assert_mem_eq(&got, &steps[i], sizeof got);
        /* without its letter: ambiguous exactly when the other mode is
         * also a legal step between the same points */
        int twins = 0;
        for (size_t k = 0; k < n; k++)
            twins += steps[k].from == steps[i].from &&
                     steps[k].to == steps[i].to;
        strip(alt, text, "AW");
        int r = fan_position_parse_step(&got, p, alt, &e);
        if (twins > 1) {
            ck_assert_int_eq(r, FAN_EAMBIGUOUS);
        } else {
            ck_assert_int_eq(r, FAN_OK);
            ck_assert_mem_eq(&got, &steps[i], sizeof got);
        }
        st->steps++;
    }

    /* every legal path */
    size_t np = 0;
    int r = fan_position_paths(NULL, 0, &np, p);
    ck_assert(r == FAN_OK || r == FAN_EBUFS);
    fan_path *paths = malloc((np ? np : 1) * sizeof *paths);
    ck_assert_fan_ok(fan_position_paths(paths, np, &np, p));
    fan_path so_far;
    ck_assert_fan_ok(fan_position_chain_path(&so_far, p));
    for (size_t i = 0; i < np; i++) {
        ck_assert_fan_ok(fan_path_to_string(text, sizeof text, NULL, &paths[i]));
        parse_path_ok(p, text, &paths[i]);
        strip(alt, text, "-");
        parse_path_ok(p, alt, &paths[i]);
        char compact[FAN_PATH_STRING_MAX];
        ck_assert_fan_ok(fan_path_to_string_ex(compact, sizeof compact, NULL,
                                               &paths[i],
                                               FAN_NOTATION_COMPACT));
        ck_assert_str_eq(compact, alt);
        if (chain && paths[i].length > so_far.length) {
            /* the continuation alone, from the active piece */
            fan_path rest = paths[i];
            rest.from = so_far.length ? paths[i].to[so_far.length - 1] : 0;
            rest.length = (uint8_t)(paths[i].length - so_far.length);
            memmove(rest.to, paths[i].to + so_far.length, rest.length);
            memmove(rest.kind, paths[i].kind + so_far.length, rest.length);
            ck_assert_fan_ok(fan_path_to_string(alt, sizeof alt, NULL, &rest));
            parse_path_ok(p, alt, &paths[i]);
        }
        /* without letters: ambiguous exactly when another legal path
         * visits the same points */
        int twins = 0;
        for (size_t k = 0; k < np; k++)
            twins += same_squares(&paths[k], &paths[i]);
        strip(alt, text, "AW");
        fan_path got;
        r = fan_position_parse_path(&got, p, alt, &e);
        if (twins > 1) {
            ck_assert_msg(r == FAN_EAMBIGUOUS, "'%s' -> %d", alt, r);
            st->ambiguous++;
        } else {
            ck_assert_msg(r == FAN_OK, "'%s' -> %d: %s", alt, r, e.message);
            ck_assert_mem_eq(&got, &paths[i], sizeof got);
        }
        st->paths++;
    }
    free(paths);

    /* every legal turn, printed as its canonical path */
    size_t nt = 0;
    r = fan_position_turns(NULL, 0, &nt, p);
    fan_turn *turns = malloc((nt ? nt : 1) * sizeof *turns);
    ck_assert_fan_ok(fan_position_turns(turns, nt, &nt, p));
    for (size_t i = 0; i < nt; i++) {
        fan_path canon, got;
        size_t needed = 0;
        ck_assert_fan_ok(fan_turn_to_string(text, sizeof text, &needed, p,
                                            turns[i]));
        ck_assert_uint_eq(needed, strlen(text) + 1);
        ck_assert_fan_ok(fan_position_turn_path(&canon, p, turns[i]));
        ck_assert_fan_ok(fan_path_to_string(alt, sizeof alt, NULL, &canon));
        ck_assert_str_eq(text, alt);
        ck_assert_fan_ok(fan_position_parse_path(&got, p, text, &e));
        fan_turn t = 0;
        ck_assert_fan_ok(fan_path_turn(&t, &got));
        ck_assert_uint_eq(t, turns[i]);
        /* the compact form: the same text without dashes, read back to
         * the same turn */
        char compact[FAN_PATH_STRING_MAX];
        ck_assert_fan_ok(fan_turn_to_string_ex(compact, sizeof compact,
                                               &needed, p, turns[i],
                                               FAN_NOTATION_COMPACT));
        ck_assert_uint_eq(needed, strlen(compact) + 1);
        strip(alt, text, "-");
        ck_assert_str_eq(compact, alt);
        ck_assert_fan_ok(fan_position_parse_path(&got, p, compact, &e));
        ck_assert_fan_ok(fan_path_turn(&t, &got));
        ck_assert_uint_eq(t, turns[i]);
        st->turns++;
    }
    free(turns);
    return 0;
}

START_TEST(test_round_trip_random_games)
{
    int rules = _i;
    notation_stats st = {0};
    random_games(rules, 25, 200, 0xC0FFEEull + (uint64_t)rules,
                 notation_state, &st);
    ck_assert_int_ge(st.steps, 2000);
    ck_assert_int_ge(st.paths, 2000);
    ck_assert_int_ge(st.turns, 2000);
    ck_assert_int_ge(st.chains, 50);
    if (rules == FAN_RULES_STOP) /* d3-e3 at the start, at least */
        ck_assert_int_ge(st.ambiguous, 1);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Malformed or illegal texts                                          */

#define START "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -"
/* White c3 must take d3 by withdrawal (c3-b3W); a1 could only step. */
#define FORCED "9/9/2WB5/9/W8 w stop 0 -"
/* No capture anywhere: paikas only. */
#define QUIET "9/9/9/9/W7B w stop 0 -"
#define MUST "9/2B6/9/1W1B5/9 w must 0 -"
#define OVER "9/9/9/9/W8 b stop 0 -"

static const struct bad_move {
    const char *position;
    const char *text;
    int path; /* 1: fan_position_parse_path, 0: parse_step */
    int code;
    unsigned offset;
} bad_moves[] = {
    {START, "", 1, FAN_EPARSE, 0},
    {START, "d3", 1, FAN_EPARSE, 2},
    {START, "d3-", 1, FAN_EPARSE, 3},
    {START, "d3-e6", 1, FAN_EPARSE, 3},
    {START, "j3-e3", 1, FAN_EPARSE, 0},
    {START, "d3-e3X", 1, FAN_EPARSE, 5},
    {START, "d3-e3w", 0, FAN_EPARSE, 5},
    {START, "d3-e3W ", 1, FAN_EPARSE, 6},
    {START, " d3-e3W", 1, FAN_EPARSE, 0},
    {START, "D3-E3W", 0, FAN_EPARSE, 0},
    {START, "d3-e3We4A", 1, FAN_EPARSE, 6},
    {START, "d3e3W-e4A", 1, FAN_EPARSE, 5},
    {START, "d3-e3A-", 1, FAN_EPARSE, 7},
    {START, "d3-e3W-e4A", 0, FAN_EPARSE, 7},
    {START, "d3-e3", 0, FAN_EAMBIGUOUS, 0},
    {START, "d3-e3", 1, FAN_EAMBIGUOUS, 0},
    {START, "e2-e3W", 0, FAN_EILLEGAL, 0},
    {START, "c3-d3", 0, FAN_EILLEGAL, 0},
    {START, "d3-f3A", 1, FAN_EILLEGAL, 0},
    {START, "d2-d3A", 0, FAN_EILLEGAL, 0},
    {START, "e2-e3A-e2A", 1, FAN_EILLEGAL, 7},
    {START, "e2-e3A-e3", 1, FAN_EILLEGAL, 7},
    {FORCED, "a1-a2", 0, FAN_EILLEGAL, 0},
    {FORCED, "a1-a2A", 1, FAN_EILLEGAL, 0},
    {FORCED, "c3-b3A", 0, FAN_EILLEGAL, 0},
    {QUIET, "a1-a2-a3", 1, FAN_EILLEGAL, 6},
    {QUIET, "a1-b1W", 0, FAN_EILLEGAL, 0},
    {MUST, "b2-c2A", 1, FAN_EILLEGAL, 0},
    {MUST, "b2c2", 1, FAN_EILLEGAL, 0},
    {MUST, "b2-c2A-c3W", 1, FAN_EILLEGAL, 7},
    {MUST, "b2-c2A-d2A", 1, FAN_EILLEGAL, 7},
    {OVER, "a1-a2", 0, FAN_EGAMEOVER, 0},
    {OVER, "a1-a2", 1, FAN_EGAMEOVER, 0},
};

START_TEST(test_malformed_moves)
{
    const struct bad_move *c = &bad_moves[_i];
    fan_position *p = from_string(c->position);
    size_t len = strlen(c->text);
    char *text = exact_copy(c->text, len);
    fan_parse_error e;
    memset(&e, 0x55, sizeof e);
    int r;
    if (c->path) {
        fan_path out;
        r = fan_position_parse_path(&out, p, text, &e);
    } else {
        fan_step out;
        r = fan_position_parse_step(&out, p, text, &e);
    }
    ck_assert_msg(r == c->code, "'%s' -> %d, expected %d (%s)", c->text, r,
                  c->code, e.message);
    ck_assert_parse_error(e, len);
    ck_assert_msg(e.offset == c->offset, "'%s': offset %u, expected %u (%s)",
                  c->text, e.offset, c->offset, e.message);
    free(text);
    fan_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Prefixes and mutations                                              */

static void parse_any(const fan_position *p, const char *bytes, size_t len)
{
    char *text = exact_copy(bytes, len);
    fan_path path;
    fan_step step;
    fan_parse_error e;
    int r = fan_position_parse_path(&path, p, text, &e);
    if (r == FAN_OK) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_path(q, &path));
        fan_position_free(q);
    } else {
        ck_assert(r == FAN_EPARSE || r == FAN_EILLEGAL ||
                  r == FAN_EAMBIGUOUS);
        ck_assert_parse_error(e, len);
    }
    r = fan_position_parse_step(&step, p, text, &e);
    if (r == FAN_OK) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(
            fan_position_play_step(q, step.from, step.to, step.kind));
        fan_position_free(q);
    } else {
        ck_assert(r == FAN_EPARSE || r == FAN_EILLEGAL ||
                  r == FAN_EAMBIGUOUS);
        ck_assert_parse_error(e, len);
    }
    free(text);
}

typedef struct fuzz_ctx {
    uint64_t seed;
    int every, seen, done;
} fuzz_ctx;

static int fuzz_state(const fan_position *p, void *ctx)
{
    fuzz_ctx *f = ctx;
    if (f->seen++ % f->every || fan_position_result(p) != FAN_ONGOING)
        return 0;
    size_t np = 0;
    fan_position_paths(NULL, 0, &np, p);
    fan_path *paths = malloc(np * sizeof *paths);
    ck_assert_fan_ok(fan_position_paths(paths, np, &np, p));
    static const char alphabet[] = "abcdefghi12345-AW ";
    for (size_t i = 0; i < np && i < 4; i++) {
        char text[FAN_PATH_STRING_MAX + 2];
        const fan_path *pick = &paths[xorshift64(&f->seed) % np];
        ck_assert_fan_ok(fan_path_to_string(text, sizeof text, NULL, pick));
        size_t len = strlen(text);
        for (size_t k = 0; k <= len; k++)
            parse_any(p, text, k);
        for (int m = 0; m < 10; m++) {
            char buf[FAN_PATH_STRING_MAX + 2];
            memcpy(buf, text, len + 1);
            uint64_t x = xorshift64(&f->seed);
            size_t at = (x >> 20) % (len + 1);
            char ch = x & 1 ? alphabet[(x >> 8) % (sizeof alphabet - 1)]
                            : (char)(1 + (x >> 8) % 255);
            if ((x >> 4) & 1 && at < len) {
                buf[at] = ch;
            } else {
                memmove(buf + at + 1, buf + at, len - at + 1);
                buf[at] = ch;
            }
            parse_any(p, buf, strlen(buf));
        }
    }
    free(paths);
    f->done++;
    return 0;
}

START_TEST(test_fuzz_prefixes_and_mutations)
{
    fuzz_ctx f = {4242, 9, 0, 0};
    random_games(FAN_RULES_STOP, 6, 200, 11, fuzz_state, &f);
    random_games(FAN_RULES_MUST, 6, 200, 13, fuzz_state, &f);
    ck_assert_int_ge(f.done, 50);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("notation");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_write);
    tcase_add_test(tc, test_write_compact);
    tcase_add_test(tc, test_start_position);
    tcase_add_test(tc, test_middle_of_chain);
    tcase_add_loop_test(tc, test_round_trip_random_games, FAN_RULES_STOP,
                        FAN_RULES_MUST + 1);
    tcase_add_loop_test(tc, test_malformed_moves, 0,
                        (int)(sizeof bad_moves / sizeof *bad_moves));
    tcase_add_test(tc, test_fuzz_prefixes_and_mutations);
    suite_add_tcase(s, tc);
    return s;
}
