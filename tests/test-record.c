/* SPDX-License-Identifier: MIT */
/* Game records: exact texts for small games, an unfinished chain, a game
 * drawn by repetition whose history survives reading, write -> read ->
 * write over seeded random games (from the start and from set-up
 * positions), a table of malformed records, and every prefix and random
 * mutations of valid records. */
#include "tgames.h"

static char *write_record(const fan_position *p)
{
    size_t needed = 0;
    int r = fan_record_write(NULL, 0, &needed, p);
    ck_assert(r == FAN_EBUFS);
    ck_assert_uint_le(needed, FAN_RECORD_STRING_MAX);
    char *buf = malloc(needed);
    ck_assert_ptr_nonnull(buf);
    size_t again = 0;
    ck_assert_fan_ok(fan_record_write(buf, needed, &again, p));
    ck_assert_uint_eq(again, needed);
    ck_assert_uint_eq(strlen(buf) + 1, needed);
    return buf;
}

static fan_position *read_record(const char *text)
{
    fan_position *p = NULL;
    fan_parse_error e;
    int r = fan_record_read(&p, text, &e);
    ck_assert_msg(r == FAN_OK, "read -> %d at %u: %s\n%s", r, e.offset,
                  e.message, text);
    return p;
}

static fan_position *from_string(const char *text)
{
    fan_position *p = NULL;
    fan_parse_error e;
    int r = fan_position_from_string(&p, text, FAN_RULES_STOP, &e);
    ck_assert_msg(r == FAN_OK, "'%s': %s", text, e.message);
    return p;
}

static void play(fan_position *p, const char *turn)
{
    fan_path path;
    fan_parse_error e;
    int r = fan_position_parse_path(&path, p, turn, &e);
    ck_assert_msg(r == FAN_OK, "%s: %s", turn, e.message);
    ck_assert_fan_ok(fan_position_play_path(p, &path));
}

/* Both handles hold the same game: state, result and history. */
static void same_game(const fan_position *a, const fan_position *b)
{
    ck_assert_int_eq(fan_position_equal(a, b), 1);
    ck_assert_int_eq(fan_position_result(a), fan_position_result(b));
    ck_assert_int_eq(fan_position_result_reason(a),
                     fan_position_result_reason(b));
    int n = fan_position_history_length(a);
    ck_assert_int_eq(fan_position_history_length(b), n);
    for (int i = 0; i < n; i++) {
        fan_path pa, pb;
        ck_assert_fan_ok(fan_position_history_path(&pa, a, i));
        ck_assert_fan_ok(fan_position_history_path(&pb, b, i));
        ck_assert_mem_eq(&pa, &pb, sizeof pa);
    }
}

/* Undoes both games to their start in step, comparing every state. */
static void undo_together(fan_position *a, fan_position *b)
{
    char sa[FAN_POSITION_STRING_MAX], sb[FAN_POSITION_STRING_MAX];
    for (;;) {
        int ra = fan_position_undo(a), rb = fan_position_undo(b);
        ck_assert_int_eq(ra, rb);
        if (ra == FAN_ENOHISTORY)
            break;
        ck_assert_fan_ok(ra);
        ck_assert_fan_ok(fan_position_to_string(sa, sizeof sa, NULL, a));
        ck_assert_fan_ok(fan_position_to_string(sb, sizeof sb, NULL, b));
        ck_assert_str_eq(sa, sb);
    }
}

#define CHAIN_START "9/2B6/9/1W1B5/9 w stop 0 -"

START_TEST(test_known_records)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    char *text = write_record(p);
    ck_assert_str_eq(text, "[Rules \"stop\"]\n[Result \"*\"]\n");
    free(text);
    play(p, "d3-e3W");
    text = write_record(p);
    ck_assert_str_eq(text, "[Rules \"stop\"]\n[Result \"*\"]\n\n1. d3-e3W\n");
    free(text);
    fan_position_free(p);

    /* b2-c2A takes d2, c2-c3A takes c4, Black's last piece */
    p = from_string(CHAIN_START);
    ck_assert_fan_ok(fan_position_play_step(p, SQ("b2"), SQ("c2"),
                                            FAN_STEP_APPROACH));
    text = write_record(p);
    ck_assert_str_eq(text, "[Rules \"stop\"]\n"
                           "[Start \"" CHAIN_START "\"]\n"
                           "[Result \"*\"]\n\n"
                           "1. b2-c2A ...\n");
    fan_position *q = read_record(text);
    same_game(p, q);
    ck_assert_int_eq(fan_position_in_chain(q), 1);
    free(text);
    fan_position_free(q);
    ck_assert_fan_ok(fan_position_play_step(p, SQ("c2"), SQ("c3"),
                                            FAN_STEP_APPROACH));
    text = write_record(p);
    ck_assert_str_eq(text, "[Rules \"stop\"]\n"
                           "[Start \"" CHAIN_START "\"]\n"
                           "[Result \"1-0\"]\n[Reason \"no-pieces\"]\n\n"
                           "1. b2-c2A-c3A\n");
    q = read_record(text);
    same_game(p, q);
    free(text);
    fan_position_free(q);
    fan_position_free(p);

    /* a handle read from a mid-chain string: the record starts where that
     * turn began */
    p = from_string("9/2B6/9/2W6/9 w must 7 b2-c2A[d2]");
    text = write_record(p);
    ck_assert_str_eq(text, "[Rules \"must\"]\n"
                           "[Start \"9/2B6/9/1W1B5/9 w must 7 -\"]\n"
                           "[Result \"*\"]\n\n"
                           "8. b2-c2A ...\n");
    q = read_record(text);
    same_game(p, q);
    free(text);
    fan_position_free(q);
    fan_position_free(p);
}
END_TEST

/* Lone pieces on a1 and i1 step to and fro: the start position comes
 * back after turns 4 and 8, its third occurrence, a draw. */
#define SHUFFLE "9/9/9/9/W7B w stop 0 -"
static const char *const shuffle_turns[] = {
    "a1-a2", "i1-i2", "a2-a1", "i2-i1", "a1-a2", "i1-i2", "a2-a1", "i2-i1"};

START_TEST(test_repetition_history)
{
    fan_position *p = from_string(SHUFFLE);
    for (int i = 0; i < 8; i++)
        play(p, shuffle_turns[i]);
    ck_assert_int_eq(fan_position_result(p), FAN_DRAW);
    ck_assert_int_eq(fan_position_result_reason(p), FAN_REASON_REPETITION);
    char *text = write_record(p);
    ck_assert_str_eq(text,
                     "[Rules \"stop\"]\n[Start \"" SHUFFLE "\"]\n"
                     "[Result \"1/2-1/2\"]\n[Reason \"repetition\"]\n\n"
                     "1. a1-a2 2. i1-i2 3. a2-a1 4. i2-i1 5. a1-a2 6. i1-i2 "
                     "7. a2-a1 8. i2-i1\n");
    fan_position *q = read_record(text);
    same_game(p, q);
    /* no further turn once drawn */
    char longer[512];
    snprintf(longer, sizeof longer, "%s9. a1-a2\n", text);
    fan_position *r = NULL;
    fan_parse_error e;
    ck_assert_int_eq(fan_record_read(&r, longer, &e), FAN_EGAMEOVER);
    ck_assert_ptr_nonnull(strstr(e.message, "turn 9:"));
    ck_assert_ptr_null(r);
    undo_together(p, q);
    fan_position_free(q);
    fan_position_free(p);
    free(text);

    /* seven turns read from a record: the eighth repeats for the third
     * time only if the record brought the earlier occurrences along */
    q = read_record("[Start \"" SHUFFLE "\"]\n1. a1-a2 2. i1-i2 3. a2-a1 "
                    "4. i2-i1 5. a1-a2 6. i1-i2 7. a2-a1");
    ck_assert_int_eq(fan_position_result(q), FAN_ONGOING);
    play(q, "i2-i1");
    ck_assert_int_eq(fan_position_result(q), FAN_DRAW);
    ck_assert_int_eq(fan_position_result_reason(q), FAN_REASON_REPETITION);
    ck_assert_int_eq(fan_position_history_length(q), 8);
    fan_position_free(q);
}
END_TEST

START_TEST(test_other_endings)
{
    /* 397 turns played: three more reach the 400-turn limit */
    fan_position *p = from_string("9/9/9/9/W7B w stop 397 -");
    play(p, "a1-a2");
    play(p, "i1-i2");
    play(p, "a2-a1");
    ck_assert_int_eq(fan_position_result_reason(p), FAN_REASON_TURN_LIMIT);
    char *text = write_record(p);
    ck_assert_str_eq(text, "[Rules \"stop\"]\n"
                           "[Start \"9/9/9/9/W7B w stop 397 -\"]\n"
                           "[Result \"1/2-1/2\"]\n[Reason \"turn-limit\"]\n\n"
                           "398. a1-a2 399. i1-i2 400. a2-a1\n");
    fan_position *q = read_record(text);
    same_game(p, q);
    fan_position_free(q);
    free(text);
    fan_position_free(p);
    /* White's a1 is boxed in by b1, a2 and b2: no turn, Black wins at once */
    p = from_string("9/9/9/BB7/WB7 w must 0 -");
    text = write_record(p);
    ck_assert_str_eq(text, "[Rules \"must\"]\n"
                           "[Start \"9/9/9/BB7/WB7 w must 0 -\"]\n"
                           "[Result \"0-1\"]\n[Reason \"no-moves\"]\n");
    q = read_record(text);
    same_game(p, q);
    fan_position_free(q);
    free(text);
    fan_position_free(p);
}
END_TEST

START_TEST(test_buffer_protocol)
{
    fan_position *p = random_game(FAN_RULES_STOP, 60, 5);
    char *text = write_record(p);
    size_t len = strlen(text), needed = 0;
    char *buf = malloc(len + 1);
    for (size_t size = 1; size <= len; size += 7) {
        ck_assert_int_eq(fan_record_write(buf, size, &needed, p), FAN_EBUFS);
        ck_assert_uint_eq(needed, len + 1);
        ck_assert_uint_eq(strlen(buf), size - 1);
        ck_assert_int_eq(strncmp(buf, text, size - 1), 0);
    }
    ck_assert_int_eq(fan_record_write(NULL, 3, &needed, p), FAN_EINVAL);
    ck_assert_int_eq(fan_record_write(buf, len + 1, &needed, NULL),
                     FAN_EINVAL);
    fan_position *q = NULL;
    ck_assert_int_eq(fan_record_read(NULL, text, NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_record_read(&q, NULL, NULL), FAN_EINVAL);
    ck_assert_fan_ok(fan_record_read(&q, text, NULL));
    fan_position_free(q);
    free(buf);
    free(text);
    fan_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Round trips                                                         */

static void round_trip(fan_position *p)
{
    char *text = write_record(p);
    fan_position *q = read_record(text);
    same_game(p, q);
    char *again = write_record(q);
    ck_assert_str_eq(again, text);
    undo_together(p, q);
    free(again);
    free(text);
    fan_position_free(q);
}

START_TEST(test_round_trip_random_games)
{
    int rules = _i, finished = 0, chains = 0;
    for (int g = 0; g < 30; g++) {
        /* some games run to their end, some stop early, maybe mid-chain */
        int actions = g % 3 == 0 ? 5000 : g % 3 == 1 ? g : 10 + g * 3;
        fan_position *p = random_game(rules, actions, 1000 + (uint64_t)g);
        /* and some stop in the middle of a chain */
        uint64_t seed = 7 + (uint64_t)g;
        for (int k = 0; g % 3 == 1 && k < 500 && !fan_position_in_chain(p) &&
                        random_action(p, &seed);
             k++)
            ;
        finished += fan_position_result(p) != FAN_ONGOING;
        chains += fan_position_in_chain(p);
        round_trip(p);
        fan_position_free(p);
    }
    ck_assert_int_ge(finished, 10);
    ck_assert_int_ge(chains, 5);
}
END_TEST

START_TEST(test_round_trip_from_set_up_positions)
{
    /* games that start where a random game left off (its string, so the
     * record needs a Start tag) and go on at random */
    int rules = _i;
    for (int g = 0; g < 12; g++) {
        fan_position *a = random_game(rules, 30 + g * 9, 77 + (uint64_t)g);
        char s[FAN_POSITION_STRING_MAX];
        ck_assert_fan_ok(fan_position_to_string(s, sizeof s, NULL, a));
        fan_position *p = from_string(s);
        uint64_t seed = 31 + (uint64_t)g;
        for (int k = 0; k < 20 + g * 13 && random_action(p, &seed); k++)
            ;
        char *text = write_record(p);
        ck_assert_ptr_nonnull(strstr(text, "[Start \""));
        free(text);
        round_trip(p);
        fan_position_free(p);
        fan_position_free(a);
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Malformed records                                                   */

#define SB "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW"

static const struct bad_record {
    const char *text;
    int code;
    unsigned offset;
    const char *says; /* a part of the message, or NULL */
} bad_records[] = {
    {"[Rules \"stop\"", FAN_EPARSE, 13, NULL},
    {"[Rules \"fast\"]", FAN_EPARSE, 8, "ruleset"},
    {"[Rule \"stop\"]", FAN_EPARSE, 1, "unknown tag"},
    {"[Rules \"stop\"]\n[Rules \"stop\"]", FAN_EPARSE, 15, "twice"},
    {"[Rules stop]", FAN_EPARSE, 6, NULL},
    {"[Rules \"stop", FAN_EPARSE, 12, NULL},
    {"[Rules \"stop\"] 1. d3-e3W", FAN_EPARSE, 14, NULL},
    {"[Rules \"stop\"]x", FAN_EPARSE, 14, NULL},
    {"[Rules \"st\x01op\"]", FAN_EPARSE, 10, NULL},
    {"1. d3-e3W 3. f4-e4W", FAN_EPARSE, 10, "expected 2"},
    {"2. d3-e3W", FAN_EPARSE, 0, NULL},
    {"01. d3-e3W", FAN_EPARSE, 0, NULL},
    {"1 d3-e3W", FAN_EPARSE, 1, NULL},
    {"1.. d3-e3W", FAN_EPARSE, 2, "turn 1:"},
    {"d3-e3W", FAN_EPARSE, 0, NULL},
    {"1. d3-e3W junk", FAN_EPARSE, 10, NULL},
    {"1. d3-e3W@", FAN_EPARSE, 9, "turn 1:"},
    {"1. d3-e3W 1-0", FAN_EPARSE, 10, "Result tag"},
    {"1. d3-e3W *", FAN_EPARSE, 10, "Result tag"},
    {"1. d3-e3", FAN_EAMBIGUOUS, 3, "turn 1: ambiguous"},
    {"1. e2-e3W", FAN_EILLEGAL, 3, "turn 1:"},
    {"[Rules \"stop\"]\n1. d3-e3W 2. c3-d3", FAN_EILLEGAL, 28, "turn 2:"},
    {"1. d3-e3W ...", FAN_EILLEGAL, 3, "cannot go on"},
    {"[Result \"1-0\"]\n", FAN_EPARSE, 9, NULL},
    {"[Result \"2-0\"]", FAN_EPARSE, 9, NULL},
    {"[Reason \"no-pieces\"]", FAN_EPARSE, 9, NULL},
    {"[Result \"*\"]\n[Reason \"repetition\"]", FAN_EPARSE, 22, NULL},
    {"[Start \"9/9/9/9/9 x stop 0 -\"]", FAN_EPARSE, 18, "Start"},
    {"[Rules \"must\"]\n[Start \"" SB " w stop 0 -\"]", FAN_EPARSE, 23, NULL},
    {"[Start \"9/2B6/9/2W6/9 w stop 0 b2-c2A[d2]\"]", FAN_EPARSE, 8, NULL},
    {"[Start \"9/9/9/9/W8 b stop 0 -\"]\n1. a1-a2", FAN_EGAMEOVER, 35,
     "turn 1:"},
    {"[Start \"" CHAIN_START "\"]\n1. b2-c2A ... 2. c2-c3A", FAN_EPARSE, 51,
     "last"},
    {"[Start \"" CHAIN_START "\"]\n1. b2-c2A-c3A ...", FAN_EILLEGAL, 47,
     "cannot go on"},
    {"[Rules \"must\"]\n[Start \"9/2B6/9/1W1B5/9 w must 0 -\"]\n1. b2-c2A",
     FAN_EILLEGAL, 55, "must go on"},
};

START_TEST(test_malformed_records)
{
    const struct bad_record *c = &bad_records[_i];
    size_t len = strlen(c->text);
    char *text = exact_copy(c->text, len);
    fan_position *p = NULL;
    fan_parse_error e;
    memset(&e, 0x55, sizeof e);
    int r = fan_record_read(&p, text, &e);
    ck_assert_msg(r == c->code, "'%s' -> %d, expected %d (%s)", c->text, r,
                  c->code, e.message);
    ck_assert_ptr_null(p);
    ck_assert_parse_error(e, len);
    ck_assert_msg(e.offset == c->offset, "'%s': offset %u, expected %u (%s)",
                  c->text, e.offset, c->offset, e.message);
    if (c->says)
        ck_assert_msg(strstr(e.message, c->says), "'%s': '%s' lacks '%s'",
                      c->text, e.message, c->says);
    free(text);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Prefixes and mutations                                              */

static void read_any(const char *bytes, size_t len)
{
    char *text = exact_copy(bytes, len);
    fan_position *p = NULL;
    fan_parse_error e;
    int r = fan_record_read(&p, text, &e);
    if (r == FAN_OK) {
        char *a = write_record(p);
        fan_position *q = read_record(a);
        char *b = write_record(q);
        ck_assert_str_eq(a, b);
        free(a);
        free(b);
        fan_position_free(q);
        fan_position_free(p);
    } else {
        ck_assert(r == FAN_EPARSE || r == FAN_EILLEGAL ||
                  r == FAN_EAMBIGUOUS || r == FAN_EGAMEOVER);
        ck_assert_ptr_null(p);
        ck_assert_parse_error(e, len);
    }
    free(text);
}

START_TEST(test_fuzz_prefixes_and_mutations)
{
    static const char alphabet[] = "[]\"RSabcdefghi12345-AW. \n*/0";
    uint64_t seed = 2024;
    for (int g = 0; g < 8; g++) {
        fan_position *p = random_game(g & 1, 12 + g * 3, 500 + (uint64_t)g);
        char *text = write_record(p);
        size_t len = strlen(text);
        for (size_t n = 0; n <= len; n++)
            read_any(text, n);
        char *buf = malloc(len + 2);
        for (int m = 0; m < 150; m++) {
            memcpy(buf, text, len + 1);
            uint64_t x = xorshift64(&seed);
            size_t at = (x >> 20) % (len + 1);
            char ch = x & 1 ? alphabet[(x >> 8) % (sizeof alphabet - 1)]
                            : (char)(1 + (x >> 8) % 255);
            if ((x >> 4) & 1 && at < len) {
                buf[at] = ch;
            } else {
                memmove(buf + at + 1, buf + at, len - at + 1);
                buf[at] = ch;
            }
            read_any(buf, strlen(buf));
        }
        free(buf);
        free(text);
        fan_position_free(p);
    }
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("record");
    TCase *tc = tcase_create("record");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_known_records);
    tcase_add_test(tc, test_repetition_history);
    tcase_add_test(tc, test_other_endings);
    tcase_add_test(tc, test_buffer_protocol);
    tcase_add_loop_test(tc, test_round_trip_random_games, FAN_RULES_STOP,
                        FAN_RULES_MUST + 1);
    tcase_add_loop_test(tc, test_round_trip_from_set_up_positions,
                        FAN_RULES_STOP, FAN_RULES_MUST + 1);
    tcase_add_loop_test(tc, test_malformed_records, 0,
                        (int)(sizeof bad_records / sizeof *bad_records));
    tcase_add_test(tc, test_fuzz_prefixes_and_mutations);
    suite_add_tcase(s, tc);
    return s;
}
