/* SPDX-License-Identifier: MIT */
/* Fanorona Chess game records: random games written and read back to the
 * same game (moves, positions, result), ended games with their reason,
 * games from a set-up with their Start tag, and malformed records. */
#include "tcommon.h"
#include "tchess.h"

#include "chess-randpos.h"
#include "randpos.h"

static char *write_record(const fan_chess *g)
{
    size_t need = 0;
    ck_assert_int_eq(fan_chess_record_write(NULL, 0, &need, g), FAN_EBUFS);
    char *buf = malloc(need);
    ck_assert_ptr_nonnull(buf);
    size_t again = 0;
    ck_assert_fan_ok(fan_chess_record_write(buf, need, &again, g));
    ck_assert_uint_eq(again, need);
    ck_assert_uint_eq(strlen(buf) + 1, need);
    return buf;
}

static void same_game(const fan_chess *a, const fan_chess *b)
{
    ck_assert_int_eq(fan_chess_history_length(a), fan_chess_history_length(b));
    for (int i = 0; i < fan_chess_history_length(a); i++) {
        fan_chess_move x = 0, y = 1;
        ck_assert_fan_ok(fan_chess_history_move(&x, a, i));
        ck_assert_fan_ok(fan_chess_history_move(&y, b, i));
        ck_assert_uint_eq(x, y);
    }
    ck_assert_int_eq(fan_chess_equal(a, b), 1);
    ck_assert_int_eq(fan_chess_result(a), fan_chess_result(b));
    ck_assert_int_eq(fan_chess_result_reason(a), fan_chess_result_reason(b));
}

START_TEST(random_games)
{
    uint64_t rng = 31337;
    int ended = 0;
    for (int game = 0; game < 60; game++) {
        fan_chess *g = NULL;
        if (game % 3 == 2) {
            char s[FAN_CHESS_STRING_MAX];
            ck_assert_fan_ok(crp_setup(s, &rng));
            g = CPOS(s);
        } else {
            ck_assert_fan_ok(fan_chess_new(&g));
        }
        int plies = (int)rp_below(&rng, 300);
        for (int i = 0; i < plies && fan_chess_result(g) == FAN_ONGOING; i++) {
            fan_chess_move m[FAN_CHESS_MOVES_MAX];
            size_t n = 0;
            ck_assert_fan_ok(fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g));
            ck_assert_fan_ok(fan_chess_play(g, m[rp_below(&rng, (unsigned)n)]));
        }
        ended += fan_chess_result(g) != FAN_ONGOING;
        char *rec = write_record(g);
        fan_chess *h = NULL;
        fan_parse_error err;
        int r = fan_chess_record_read(&h, rec, &err);
        ck_assert_msg(r == FAN_OK, "%s\n%s at %u", rec, err.message,
                      (unsigned)err.offset);
        same_game(g, h);
        char *again = write_record(h);
        ck_assert_str_eq(rec, again);
        /* lines stay within 79 bytes */
        for (char *line = rec; *line;) {
            char *end = strchr(line, '\n');
            ck_assert_ptr_nonnull(end);
            ck_assert_int_le(end - line, 79);
            line = end + 1;
        }
        free(again);
        free(rec);
        fan_chess_free(h);
        fan_chess_free(g);
    }
    ck_assert_int_gt(ended, 0);
}
END_TEST

START_TEST(known_records)
{
    /* The checkmate of the rules suite, from its set-up. */
    fan_chess *g = CPOS("kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1");
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Qe3-a7")));
    char *rec = write_record(g);
    ck_assert_str_eq(rec, "[Start \"kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1\"]\n"
                          "[Result \"1-0\"]\n"
                          "[Reason \"checkmate\"]\n"
                          "\n"
                          "1. Qe3-a7\n");
    free(rec);
    fan_chess_free(g);
    /* From the start, numbered by ply; Black's first move is 2. */
    g = NULL;
    ck_assert_fan_ok(fan_chess_record_read(&g, "[Result \"*\"]\n\n1. Kc1-a2 2. Pc7-c6\n", NULL));
    ck_assert_int_eq(fan_chess_history_length(g), 2);
    rec = write_record(g);
    ck_assert_str_eq(rec, "[Result \"*\"]\n\n1. Kc1-a2 2. Pc7-c6\n");
    free(rec);
    fan_chess_free(g);
    /* A set-up with Black to move at move 5 starts at number 10. */
    g = NULL;
    ck_assert_fan_ok(fan_chess_record_read(
        &g, "[Start \"4k/5/5/5/5/5/5/5/K4 b - - - 0 5\"]\n10. Ke9-e8 11. Ka1-a2", NULL));
    ck_assert_int_eq(fan_chess_move_number(g), 6);
    fan_chess_free(g);
}
END_TEST

typedef struct bad_record {
    const char *prefix, *rest;
    int code;
} bad_record;

static const bad_record bad_records[] = {
    {"[", "Rules \"stop\"]", FAN_EPARSE},          /* not a chess tag */
    {"[Result \"*\"][", "Result \"*\"]", FAN_EPARSE}, /* twice */
    {"[Result ", "*]", FAN_EPARSE},
    {"[Result \"", "2-0\"]", FAN_EPARSE},
    {"[Result \"*\"", "", FAN_EPARSE},
    {"[Reason \"", "checkmate\"]\n1. Pc3-c4", FAN_EPARSE}, /* not reached */
    {"[Result \"", "1-0\"]\n1. Pc3-c4", FAN_EPARSE},
    {"", "2. Pc3-c4", FAN_EPARSE},                 /* numbered wrong */
    {"1. Pc3-c4 ", "Pc7-c6", FAN_EPARSE},          /* number missing */
    {"1. Pc3-", "c5", FAN_EILLEGAL},               /* at the byte at fault */
    {"1. Pc3-c4 2. P", "c4-c5", FAN_EILLEGAL},     /* White's pawn, Black to move */
    {"[Start \"4k/5/5/5/5/5/5/5/K4 ", "x - - - 0 1\"]", FAN_EPARSE},
    {"1. Pc3-c4", "x", FAN_EPARSE},
};

START_TEST(malformed_records)
{
    for (size_t i = 0; i < sizeof bad_records / sizeof bad_records[0]; i++) {
        const bad_record *b = &bad_records[i];
        char text[256];
        snprintf(text, sizeof text, "%s%s", b->prefix, b->rest);
        fan_chess *g = (fan_chess *)&i;
        fan_parse_error err;
        int r = fan_chess_record_read(&g, text, &err);
        ck_assert_msg(r == b->code, "\"%s\": %d (%s)", text, r, err.message);
        ck_assert_ptr_eq(g, (fan_chess *)&i);
        ck_assert_msg(err.offset == strlen(b->prefix), "\"%s\": offset %u (%s)",
                      text, (unsigned)err.offset, err.message);
    }
    ck_assert_int_eq(fan_chess_record_read(NULL, "", NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_record_write(NULL, 1, NULL, NULL), FAN_EINVAL);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("chess-record");
    TCase *tc = tcase_create("record");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, random_games);
    tcase_add_test(tc, known_records);
    tcase_add_test(tc, malformed_records);
    suite_add_tcase(s, tc);
    return s;
}
