/* SPDX-License-Identifier: MIT */
/* Position strings: the start position, the short form, round trips over
 * thousands of states of seeded random games (mid-chain included), the
 * buffer protocol, a table of malformed strings with offset and reason,
 * every prefix and random mutations of valid strings, and perft from
 * strings against perft from the handles they were written from. */
#include "tgames.h"

#define START_BOARD "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW"

static char *to_string(const fan_position *p)
{
    static char buf[FAN_POSITION_STRING_MAX];
    size_t needed = 0;
    ck_assert_fan_ok(fan_position_to_string(buf, sizeof buf, &needed, p));
    ck_assert_uint_eq(needed, strlen(buf) + 1);
    return buf;
}

static fan_position *from_string(const char *text, int default_rules)
{
    fan_position *p = NULL;
    fan_parse_error e;
    int r = fan_position_from_string(&p, text, default_rules, &e);
    ck_assert_msg(r == FAN_OK, "'%s' -> %d at %u: %s", text, r, e.offset,
                  e.message);
    return p;
}

START_TEST(test_start_string)
{
    /* rows 5..1 of the start: Black rows 5 and 4, row 3 B W B W . B W B W,
     * White rows 2 and 1 (doc/rules.md "Start position") */
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        fan_position *p = NULL;
        ck_assert_fan_ok(fan_position_new(&p, rules));
        char expect[FAN_POSITION_STRING_MAX];
        snprintf(expect, sizeof expect, "%s w %s 0 -", START_BOARD,
                 rules ? "must" : "stop");
        ck_assert_str_eq(to_string(p), expect);
        /* the short form other engines write, with the caller's ruleset */
        fan_position *q = from_string(START_BOARD " w 0 1", rules);
        ck_assert_int_eq(fan_position_equal(p, q), 1);
        ck_assert_int_eq(fan_position_rules(q), rules);
        fan_position_free(q);
        fan_position_free(p);
    }
}
END_TEST

START_TEST(test_short_form_counters)
{
    /* the second counter numbers full moves from 1: turns played =
     * 2 * (n - 1), plus one when Black is to move */
    static const struct {
        const char *tail;
        int side, turns;
    } cases[] = {{" w 0 1", FAN_WHITE, 0}, {" b 0 1", FAN_BLACK, 1},
                 {" w 9 3", FAN_WHITE, 4}, {" b 100000 200", FAN_BLACK, 399},
                 {" w 0 201", FAN_WHITE, 400}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[128];
        snprintf(text, sizeof text, "%s%s", START_BOARD, cases[i].tail);
        fan_position *p = from_string(text, FAN_RULES_MUST);
        ck_assert_int_eq(fan_position_side_to_move(p), cases[i].side);
        ck_assert_int_eq(fan_position_turns_played(p), cases[i].turns);
        ck_assert_int_eq(fan_position_rules(p), FAN_RULES_MUST);
        fan_position_free(p);
    }
    /* 400 turns played: the game is drawn by the turn limit */
    fan_position *p = from_string(START_BOARD " w 0 201", FAN_RULES_STOP);
    ck_assert_int_eq(fan_position_result(p), FAN_DRAW);
    ck_assert_int_eq(fan_position_result_reason(p), FAN_REASON_TURN_LIMIT);
    fan_position_free(p);
}
END_TEST

/* b2-c2A takes d2 and leaves c2-c3A (taking c4) as the only continuation:
 * b2 is strong but its diagonals reach nothing, c2 is weak. */
#define CHAIN_BOARD "9/2B6/9/1W1B5/9"
#define MID_CHAIN "9/2B6/9/2W6/9 w %s 0 b2-c2A[d2]"

START_TEST(test_ruleset_field_is_used)
{
    static const char *const rules_name[] = {"stop", "must"};
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        char text[128];
        snprintf(text, sizeof text, MID_CHAIN, rules_name[rules]);
        /* the named ruleset wins over the caller's default */
        fan_position *p = from_string(text, !rules);
        ck_assert_int_eq(fan_position_rules(p), rules);
        ck_assert_int_eq(fan_position_in_chain(p), 1);
        /* generation: only stop-at-will lets the chain end here */
        ck_assert_int_eq(fan_position_can_end_turn(p),
                         rules == FAN_RULES_STOP);
        int active = -1, dir = -1;
        ck_assert_fan_ok(fan_position_active_piece(&active, p));
        ck_assert_fan_ok(fan_position_last_direction(&dir, p));
        ck_assert_int_eq(active, SQ("c2"));
        ck_assert_int_eq(dir, FAN_DIR_E);
        uint64_t visited = 0, captured = 0;
        ck_assert_fan_ok(fan_position_visited(&visited, p));
        ck_assert_fan_ok(fan_position_chain_captured(&captured, p));
        ck_assert_uint_eq(visited, MASK("b2 c2"));
        ck_assert_uint_eq(captured, MASK("d2"));
        /* the chain's completions: stop may end now or go on, must goes on */
        uint64_t n = 0;
        ck_assert_fan_ok(fan_perft(&n, p, 1, FAN_COUNT_PATHS));
        ck_assert_uint_eq(n, rules == FAN_RULES_STOP ? 2 : 1);
        /* undo takes the chain back to the start of the turn */
        ck_assert_fan_ok(fan_position_undo(p));
        snprintf(text, sizeof text, CHAIN_BOARD " w %s 0 -",
                 rules_name[rules]);
        ck_assert_str_eq(to_string(p), text);
        fan_position_free(p);
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Round trips over random games                                       */

typedef struct round_trip {
    int states, chains;
    size_t longest;
    char turn_start[FAN_POSITION_STRING_MAX];
} round_trip;

static void same_steps(const fan_position *a, const fan_position *b)
{
    fan_step sa[FAN_STEPS_MAX], sb[FAN_STEPS_MAX];
    size_t na = 0, nb = 0;
    ck_assert_fan_ok(fan_position_steps(sa, FAN_STEPS_MAX, &na, a));
    ck_assert_fan_ok(fan_position_steps(sb, FAN_STEPS_MAX, &nb, b));
    ck_assert_uint_eq(na, nb);
    ck_assert_mem_eq(sa, sb, na * sizeof *sa);
}

static int round_trip_state(const fan_position *p, void *ctx)
{
    round_trip *rt = ctx;
    char text[FAN_POSITION_STRING_MAX];
    size_t needed = 0;
    ck_assert_fan_ok(fan_position_to_string(text, sizeof text, &needed, p));
    if (needed > rt->longest)
        rt->longest = needed;
    int rules = fan_position_rules(p);
    fan_position *q = from_string(text, !rules);
    ck_assert_str_eq(to_string(q), text);
    ck_assert_int_eq(fan_position_equal(p, q), 1);
    ck_assert_int_eq(fan_position_rules(q), rules);
    ck_assert_int_eq(fan_position_turns_played(q), fan_position_turns_played(p));
    int a = 0, b = 0;
    ck_assert_fan_ok(fan_position_last_direction(&a, p));
    ck_assert_fan_ok(fan_position_last_direction(&b, q));
    ck_assert_int_eq(a, b);
    ck_assert_fan_ok(fan_position_active_piece(&a, p));
    ck_assert_fan_ok(fan_position_active_piece(&b, q));
    ck_assert_int_eq(a, b);
    if (fan_position_result(p) == FAN_ONGOING)
        same_steps(p, q);
    rt->states++;
    if (fan_position_in_chain(p)) {
        rt->chains++;
        /* undo from a chain read from a string returns to the turn start
         * the game passed through */
        ck_assert_fan_ok(fan_position_undo(q));
        ck_assert_str_eq(to_string(q), rt->turn_start);
    } else {
        strcpy(rt->turn_start, text);
    }
    fan_position_free(q);
    return 0;
}

START_TEST(test_round_trip_random_games)
{
    int rules = _i;
    round_trip rt = {0};
    random_games(rules, 70, 200, 0x9E3779B97F4A7C15ull + (uint64_t)rules,
                 round_trip_state, &rt);
    ck_assert_int_ge(rt.states, 3000);
    ck_assert_int_ge(rt.chains, 100);
    ck_assert_uint_le(rt.longest, FAN_POSITION_STRING_MAX);
}
END_TEST

START_TEST(test_buffer_protocol)
{
    fan_position *p = from_string("9/2B6/9/2W6/9 w stop 12 b2-c2A[d2]", 0);
    const char *full = "9/2B6/9/2W6/9 w stop 12 b2-c2A[d2]";
    size_t len = strlen(full), needed = 0;
    char buf[64];
    /* size query */
    ck_assert_int_eq(fan_position_to_string(NULL, 0, &needed, p), FAN_EBUFS);
    ck_assert_uint_eq(needed, len + 1);
    /* every short size: truncated, NUL-terminated, needed reported */
    for (size_t size = 1; size <= len; size++) {
        memset(buf, 'x', sizeof buf);
        needed = 0;
        ck_assert_int_eq(fan_position_to_string(buf, size, &needed, p),
                         FAN_EBUFS);
        ck_assert_uint_eq(needed, len + 1);
        ck_assert_int_eq(buf[size - 1], '\0');
        ck_assert_int_eq(strncmp(buf, full, size - 1), 0);
        ck_assert_int_eq(buf[size], 'x');
    }
    ck_assert_fan_ok(fan_position_to_string(buf, len + 1, NULL, p));
    ck_assert_str_eq(buf, full);
    ck_assert_int_eq(fan_position_to_string(NULL, 5, &needed, p), FAN_EINVAL);
    ck_assert_int_eq(fan_position_to_string(buf, sizeof buf, &needed, NULL),
                     FAN_EINVAL);
    fan_position *q = NULL;
    ck_assert_int_eq(fan_position_from_string(NULL, full, 0, NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_position_from_string(&q, NULL, 0, NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_position_from_string(&q, full, 2, NULL), FAN_EINVAL);
    ck_assert_ptr_null(q);
    fan_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Malformed strings: each with the offset where it must be refused.   */

#define S START_BOARD /* 49 bytes: the side is at offset 50 */

static const struct bad_position {
    const char *text;
    unsigned offset;
} bad_positions[] = {
    {"", 0},                                        /* row 5 has 0 points */
    {"BBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -", 8},
    {"BBBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -", 9},
    {"BBBBBBBBX/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -", 8},
    {"bBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -", 0},
    {"BBBBBBBB2/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -", 8},
    {"0BBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -", 0},
    {"BBBBBBBBB BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -", 9},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW w stop 0 -", 39}, /* 4 rows */
    {S "/9 w stop 0 -", 49},                                    /* 6 rows */
    {"9/9/WWWWW4/WWWWWWWWW/WWWWWWWWW w stop 0 -", 29}, /* 23rd White piece */
    {"BBBBBBBBB/BBBBBBBBB/BBBBB4/9/9 w stop 0 -", 24}, /* 23rd Black piece */
    {S, 49},                                         /* no side to move */
    {S " x stop 0 -", 50},
    {S " W stop 0 -", 50},
    {S "  w stop 0 -", 50},
    {S " w", 51},
    {S " w stip 0 -", 52},
    {S " w stopp 0 -", 52},
    {S " w stop", 56},
    {S " w stop 401 -", 57},
    {S " w stop 01 -", 57},
    {S " w stop -1 -", 57},
    {S " w stop 0", 58},
    {S " w stop 0 - ", 60},
    {S " w stop 0 -x", 60},
    {S " w stop 0 -\n", 60},
    {S " w 0 0", 54},
    {S " w 0", 53},
    {S " w 0 1 stop", 55},
    {S " w 0 202", 54},
    {S " b 0 201", 54},
    {S " w -1 1", 52},
    {S " w 100001 1", 52},
    /* chains, on the board of MID_CHAIN: the chain field is at offset 23 */
    {"9/2B6/9/2W6/9 w stop 0 b2-c2W[d2]", 26},    /* wrong mode */
    {"9/2B6/9/2W6/9 w stop 0 b2-c2A[d2,f2]", 29}, /* f2 not captured */
    {"9/2B6/9/2W6/9 w stop 0 b2-c2A[c4]", 30},    /* c4 is occupied */
    {"9/2B6/9/2W6/9 w stop 0 b2-c2A", 29},
    {"9/2B6/9/2W6/9 w stop 0 b2-c2A[]", 30},
    {"9/2B6/9/2W6/9 w stop 0 b2-c2A[d2", 32},
    {"9/2B6/9/2W6/9 w stop 0 b2-c2A[d2,d2]", 33},
    {"9/2B6/9/2W6/9 w stop 0 b2-c2[d2]", 28},     /* no mode letter */
    {"9/2B6/9/2W6/9 w stop 0 b2[d2]", 25},        /* no segment */
    {"9/2B6/9/2W6/9 w stop 0 b2-c3A[d2]", 26},    /* c3 holds no piece */
    {"9/2B6/9/2W6/9 w stop 0 a2-c2A[d2]", 26},    /* not neighbours */
    {"9/2B6/9/2W6/9 w stop 0 c2-c2A[d2]", 23},    /* origin occupied */
    {"9/2B6/9/2W6/9 w stop 0 b2-c2a[d2]", 28},
    {"9/2B6/9/2W6/9 w stop 0 B2-c2A[d2]", 23},
    {"9/2B6/9/2W6/9 w stop 400 b2-c2A[d2]", 25},  /* after the turn limit */
    {"9/9/9/2W6/9 w stop 0 b2-c2A[d2]", 24},      /* chain cannot go on */
    {"9/2B6/9/2W6/9 b stop 0 b2-c2A[d2]", 26},    /* c2 is not Black's */
    /* the side that has just moved has no pieces: play never leads there */
    {"9/9/9/2W6/9 w stop 0 -", 0},
    {"9/9/9/2B6/9 b 0 1", 0},
};

START_TEST(test_malformed_positions)
{
    const struct bad_position *c = &bad_positions[_i];
    size_t len = strlen(c->text);
    char *text = exact_copy(c->text, len);
    fan_position *p = NULL;
    fan_parse_error e;
    memset(&e, 0x55, sizeof e);
    int r = fan_position_from_string(&p, text, FAN_RULES_STOP, &e);
    ck_assert_msg(r == FAN_EPARSE, "'%s' -> %d", c->text, r);
    ck_assert_ptr_null(p);
    ck_assert_parse_error(e, len);
    ck_assert_msg(e.offset == c->offset, "'%s': offset %u, expected %u (%s)",
                  c->text, e.offset, c->offset, e.message);
    ck_assert_uint_eq(e.reserved, 0);
    free(text);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Prefixes and mutations                                              */

typedef struct sample {
    char (*texts)[FAN_POSITION_STRING_MAX];
    int n, cap, every, seen;
} sample;

static int sample_state(const fan_position *p, void *ctx)
{
    sample *s = ctx;
    if (s->seen++ % s->every == 0 && s->n < s->cap) {
        size_t needed;
        ck_assert_fan_ok(fan_position_to_string(s->texts[s->n++],
                                                FAN_POSITION_STRING_MAX,
                                                &needed, p));
    }
    return 0;
}

/* A parse must either fail with a sound error or give a position that
 * writes and reads back to itself. */
static void parse_any(const char *bytes, size_t len)
{
    char *text = exact_copy(bytes, len);
    fan_position *p = NULL;
    fan_parse_error e;
    int r = fan_position_from_string(&p, text, FAN_RULES_STOP, &e);
    if (r == FAN_OK) {
        char *again = to_string(p);
        fan_position *q = from_string(again, FAN_RULES_MUST);
        ck_assert_int_eq(fan_position_equal(p, q), 1);
        fan_position_free(q);
        fan_position_free(p);
    } else {
        ck_assert_int_eq(r, FAN_EPARSE);
        ck_assert_parse_error(e, strlen(text));
    }
    free(text);
}

START_TEST(test_fuzz_prefixes_and_mutations)
{
    static char texts[300][FAN_POSITION_STRING_MAX];
    sample s = {texts, 0, 150, 7, 0};
    random_games(FAN_RULES_STOP, 10, 200, 12345, sample_state, &s);
    s.cap = 300;
    random_games(FAN_RULES_MUST, 10, 200, 54321, sample_state, &s);
    ck_assert_int_ge(s.n, 100);
    static const char alphabet[] = "WB123456789/ wbstopmu-AW[],abcdefghi0\n";
    uint64_t seed = 777;
    for (int k = 0; k < s.n; k++) {
        size_t len = strlen(texts[k]);
        for (size_t n = 0; n <= len; n++)
            parse_any(texts[k], n);
        for (int m = 0; m < 40; m++) {
            char buf[FAN_POSITION_STRING_MAX + 2];
            size_t blen = len;
            memcpy(buf, texts[k], len + 1);
            size_t at = xorshift64(&seed) % (len + 1);
            uint64_t x = xorshift64(&seed);
            char ch = x & 1 ? alphabet[(x >> 8) % (sizeof alphabet - 1)]
                            : (char)(1 + (x >> 8) % 255);
            switch ((x >> 4) % 3) {
            case 0: /* replace */
                if (at < len)
                    buf[at] = ch;
                break;
            case 1: /* insert */
                memmove(buf + at + 1, buf + at, len - at + 1);
                buf[at] = ch;
                blen++;
                break;
            default: /* delete */
                if (at < len) {
                    memmove(buf + at, buf + at + 1, len - at);
                    blen--;
                }
            }
            parse_any(buf, strlen(buf) < blen ? strlen(buf) : blen);
        }
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Perft from strings                                                  */

typedef struct perft_sample {
    int every, seen, checked, chains;
} perft_sample;

static int perft_state(const fan_position *p, void *ctx)
{
    perft_sample *ps = ctx;
    if (ps->seen++ % ps->every)
        return 0;
    fan_position *q = from_string(to_string(p), !fan_position_rules(p));
    for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++)
        for (unsigned depth = 1; depth <= 2; depth++) {
            uint64_t a = 0, b = 0;
            ck_assert_fan_ok(fan_perft(&a, p, depth, kind));
            ck_assert_fan_ok(fan_perft(&b, q, depth, kind));
            ck_assert_uint_eq(a, b);
        }
    ps->checked++;
    ps->chains += fan_position_in_chain(p);
    fan_position_free(q);
    return 0;
}

START_TEST(test_perft_from_strings)
{
    /* from the start: the string with each ruleset against the handle */
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        fan_position *p = NULL;
        ck_assert_fan_ok(fan_position_new(&p, rules));
        fan_position *q = from_string(START_BOARD " w 0 1", rules);
        for (unsigned depth = 1; depth <= 3; depth++) {
            uint64_t a = 0, b = 0;
            ck_assert_fan_ok(fan_perft(&a, p, depth, FAN_COUNT_UNIQUE));
            ck_assert_fan_ok(fan_perft(&b, q, depth, FAN_COUNT_UNIQUE));
            ck_assert_uint_eq(a, b);
        }
        fan_position_free(q);
        fan_position_free(p);
    }
    /* the ruleset read decides the count: depth 2 differs between them */
    uint64_t stop = 0, must = 0;
    fan_position *a = from_string(START_BOARD " w stop 0 -", FAN_RULES_MUST);
    fan_position *b = from_string(START_BOARD " w must 0 -", FAN_RULES_STOP);
    ck_assert_fan_ok(fan_perft(&stop, a, 2, FAN_COUNT_UNIQUE));
    ck_assert_fan_ok(fan_perft(&must, b, 2, FAN_COUNT_UNIQUE));
    ck_assert_uint_ne(stop, must);
    fan_position_free(a);
    fan_position_free(b);
    /* states of random games, mid-chain ones included */
    perft_sample ps = {5, 0, 0, 0};
    random_games(FAN_RULES_STOP, 6, 150, 99, perft_state, &ps);
    random_games(FAN_RULES_MUST, 6, 150, 98, perft_state, &ps);
    ck_assert_int_ge(ps.checked, 80);
    ck_assert_int_ge(ps.chains, 5);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("fen");
    TCase *tc = tcase_create("fen");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_start_string);
    tcase_add_test(tc, test_short_form_counters);
    tcase_add_test(tc, test_ruleset_field_is_used);
    tcase_add_loop_test(tc, test_round_trip_random_games, FAN_RULES_STOP,
                        FAN_RULES_MUST + 1);
    tcase_add_test(tc, test_buffer_protocol);
    tcase_add_loop_test(tc, test_malformed_positions, 0,
                        (int)(sizeof bad_positions / sizeof *bad_positions));
    tcase_add_test(tc, test_fuzz_prefixes_and_mutations);
    tcase_add_test(tc, test_perft_from_strings);
    suite_add_tcase(s, tc);
    return s;
}
