/* SPDX-License-Identifier: MIT */
/* Fanorona Chess text and API contracts: position strings and move
 * notation read back what was written over random games, malformed inputs
 * are refused with their code and the offset of the fault, and every
 * function refuses bad arguments without changing anything. */
#include "tcommon.h"
#include "tchess.h"

#include "chess-randpos.h"
#include "randpos.h"

#define START "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1"
#define SB "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN" /* the start board */
#define KB "4k/5/5/5/5/5/5/5/K4"                        /* kings only */

/* A malformed input: the fault is at the first byte of rest. */
typedef struct bad_text {
    const char *prefix, *rest;
    int code;
} bad_text;

static const bad_text bad_positions[] = {
    {"", "", FAN_EPARSE},
    {"nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKR", "", FAN_EPARSE},
    {SB, "N w Kk - - 0 1", FAN_EPARSE},          /* six points on rank 1 */
    {"nrkrn/1bqb1/ppppp/", "6/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1", FAN_EPARSE},
    {"nrkrn/1bqb1/ppppp/", "0/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1", FAN_EPARSE},
    {"nrkrn/1bqb1/ppppp/2", "3/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1", FAN_EPARSE},
    {"nrkrn/1bqb1/ppppp/3p", "2/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1", FAN_EPARSE},
    {"nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1", " NRKRN w Kk - - 0 1", FAN_EPARSE},
    {"nrkrn/1bqb1/ppppp/5/5/PPPPP/1BQB1/NRKRN", " w Kk - - 0 1", FAN_EPARSE},
    {"nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKR", "X w Kk - - 0 1", FAN_EPARSE},
    {SB, "/5 w Kk - - 0 1", FAN_EPARSE},          /* a tenth rank */
    {SB " ", "x Kk - - 0 1", FAN_EPARSE},
    {SB " ", " w Kk - - 0 1", FAN_EPARSE},       /* two spaces */
    {SB " w ", "X - - 0 1", FAN_EPARSE},
    {SB " w k", "K - - 0 1", FAN_EPARSE},        /* flags out of order */
    {SB " w -", "K - - 0 1", FAN_EPARSE},
    {SB " w Kk", "", FAN_EPARSE},                /* fields missing */
    {KB " w - ", "q - 0 1", FAN_EPARSE},          /* White's pool in lower case */
    {KB " w - N", "Q - 0 1", FAN_EPARSE},         /* not in the order QRBN */
    {KB " w - Q", "Q - 0 1", FAN_EPOSITION},      /* two queens in a pool */
    {KB " w - - ", "Q 0 1", FAN_EPARSE},          /* Black's pool in upper case */
    {KB " w - ", "K - 0 1", FAN_EPARSE},          /* kings never enter a pool */
    {KB " w - ", "P - 0 1", FAN_EPARSE},          /* nor pawns */
    {KB " w - ", " - 0 1", FAN_EPARSE},
    {KB " w - - - ", "01 1", FAN_EPARSE},         /* leading zero */
    {KB " w - - - ", "101 1", FAN_EPARSE},        /* the game ends at 100 */
    {KB " w - - - ", "-1 1", FAN_EPARSE},
    {KB " w - - - 0 ", "0", FAN_EPARSE},          /* move numbers start at 1 */
    {KB " w - - - 0", "", FAN_EPARSE},
    {KB " w - - - 0 1", " ", FAN_EPARSE},
    {KB " w - - - 0 1", "\n", FAN_EPARSE},
    {KB " w - - - 0 ", "1000000", FAN_EPARSE},
    {"", "4k/5/5/5/5/5/5/5/5 w - - - 0 1", FAN_EPOSITION},   /* no white king */
    {"", "5/5/5/5/5/5/5/5/K4 w - - - 0 1", FAN_EPOSITION},   /* no black king */
    {"4k/5/5/5/5/5/5/5/K", "K3 w - - - 0 1", FAN_EPOSITION}, /* two kings */
    {"4k/5/5/5/5/5/5/5/KQ", "Q2 w - - - 0 1", FAN_EPOSITION},
    {"4k/5/5/5/5/5/5/5/K", "Q3 w - Q - 0 1", FAN_EPOSITION}, /* board + pool */
    {"4k/5/5/5/5/5/5/PPPPP/K", "P3 w - - - 0 1", FAN_EPOSITION}, /* 6 pawns */
    {"", "P3k/5/5/5/5/5/5/5/K4 w - - - 0 1", FAN_EPOSITION}, /* far rank */
    {"4k/5/5/5/5/5/5/5/K", "p3 w - - - 0 1", FAN_EPOSITION},
    {KB " w ", "K - - 0 1", FAN_EPOSITION},       /* White's king not on c1 */
    {KB " w ", "k - - 0 1", FAN_EPOSITION},       /* Black's king not on c9 */
    /* Black, not to move, in check: the rook e1 would take e9 from e8 */
    {"", "4k/5/5/5/5/5/5/5/K3R w - - - 0 1", FAN_EPOSITION},
};

START_TEST(malformed_positions)
{
    size_t n = sizeof bad_positions / sizeof bad_positions[0];
    ck_assert_uint_ge(n, 40);
    for (size_t i = 0; i < n; i++) {
        const bad_text *b = &bad_positions[i];
        char text[256];
        snprintf(text, sizeof text, "%s%s", b->prefix, b->rest);
        fan_chess *g = (fan_chess *)&n; /* must stay untouched */
        fan_parse_error err;
        memset(&err, 0, sizeof err);
        int r = fan_chess_from_string(&g, text, &err);
        ck_assert_msg(r == b->code, "\"%s\": %d (%s), expected %d", text, r,
                      err.message, b->code);
        ck_assert_ptr_eq(g, (fan_chess *)&n);
        ck_assert_msg(err.offset == strlen(b->prefix),
                      "\"%s\": offset %u (%s), expected %zu", text,
                      (unsigned)err.offset, err.message, strlen(b->prefix));
        ck_assert(err.message[0] != '\0');
        ck_assert_ptr_nonnull(memchr(err.message, '\0', sizeof err.message));
    }
    /* the same text with Black to move is a position: Black is in check */
    fan_chess *g = CPOS("4k/5/5/5/5/5/5/5/K3R b - - - 0 1");
    ck_assert_int_eq(fan_chess_in_check(g), 1);
    fan_chess_free(g);
}
END_TEST

static const bad_text bad_moves[] = {
    {"", "", FAN_EPARSE},
    {"", "c3-c4", FAN_EPARSE},      /* the piece letter is required */
    {"", "pc3-c4", FAN_EPARSE},
    {"P", "3-c4", FAN_EPARSE},
    {"Pc3", "c4", FAN_EPARSE},
    {"Pc3-", "c", FAN_EPARSE},
    {"P", "f3-f4", FAN_EPARSE},
    {"P", "c0-c1", FAN_EPARSE},
    {"Pc3-c4", " ", FAN_EPARSE},
    {"Pc3-c4=", "", FAN_EPARSE},
    {"Pc3-c4=", "K", FAN_EPARSE},
    {"Pc3-c4", "X", FAN_EPARSE},
    {"Pc3-c4A", "W", FAN_EPARSE},
    {"Pc3-", "c5", FAN_EILLEGAL},   /* no such move */
    {"", "Nc3-c4", FAN_EILLEGAL},   /* c3 holds a pawn */
    {"P", "c4-c5", FAN_EILLEGAL},   /* empty origin */
    {"P", "c7-c6", FAN_EILLEGAL},   /* Black's pawn, White to move */
    {"Pc3-c4", "A", FAN_EILLEGAL},  /* nothing to capture */
    {"Pc3-c4", "=Q", FAN_EILLEGAL}, /* not a promotion */
    {"Kc1-", "b3", FAN_EILLEGAL},   /* b3 is occupied */
};

START_TEST(malformed_moves)
{
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    size_t n = sizeof bad_moves / sizeof bad_moves[0];
    for (size_t i = 0; i < n; i++) {
        const bad_text *b = &bad_moves[i];
        char text[64];
        snprintf(text, sizeof text, "%s%s", b->prefix, b->rest);
        fan_chess_move m = 12345;
        fan_parse_error err;
        memset(&err, 0, sizeof err);
        int r = fan_chess_parse_move(&m, g, text, &err);
        ck_assert_msg(r == b->code, "\"%s\": %d (%s), expected %d", text, r,
                      err.message, b->code);
        ck_assert_uint_eq(m, 12345);
        ck_assert_msg(err.offset == strlen(b->prefix),
                      "\"%s\": offset %u (%s), expected %zu", text,
                      (unsigned)err.offset, err.message, strlen(b->prefix));
        ck_assert(err.message[0] != '\0');
    }
    fan_chess_free(g);
    /* an ended game has no moves to read */
    g = CPOS("kp3/pp3/PPP2/5/5/5/5/5/K4 b - - - 0 1");
    fan_chess_move m = 0;
    ck_assert_int_eq(fan_chess_parse_move(&m, g, "Ka9-a8", NULL), FAN_EGAMEOVER);
    fan_chess_free(g);
}
END_TEST

/* Over random games: every position string reads back to an equal
 * position and the same string; every legal move is written and read back
 * to itself; undo and redo walk the game exactly; clone copies it. */
START_TEST(round_trips)
{
    uint64_t rng = 4242;
    int moves_checked = 0;
    for (int game = 0; game < 40; game++) {
        fan_chess *g = NULL;
        ck_assert_fan_ok(fan_chess_new(&g));
        char seen[200][FAN_CHESS_STRING_MAX];
        int plies = 0;
        for (; plies < 199 && fan_chess_result(g) == FAN_ONGOING; plies++) {
            char s[FAN_CHESS_STRING_MAX], s2[FAN_CHESS_STRING_MAX];
            size_t need = 0;
            ck_assert_fan_ok(fan_chess_to_string(s, sizeof s, &need, g));
            ck_assert_uint_eq(need, strlen(s) + 1);
            strcpy(seen[plies], s);
            fan_chess *h = CPOS(s);
            ck_assert_fan_ok(fan_chess_to_string(s2, sizeof s2, NULL, h));
            ck_assert_str_eq(s, s2);
            ck_assert_int_eq(fan_chess_equal(g, h), 1);
            fan_chess_free(h);

            fan_chess_move m[FAN_CHESS_MOVES_MAX];
            size_t n = 0;
            ck_assert_fan_ok(fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g));
            ck_assert_uint_gt(n, 0);
            for (size_t i = 0; i < n; i++) {
                char t[FAN_CHESS_MOVE_STRING_MAX];
                fan_chess_move back = 0;
                ck_assert_fan_ok(fan_chess_move_to_string(t, sizeof t, NULL, g, m[i]));
                ck_assert_msg(fan_chess_parse_move(&back, g, t, NULL) == FAN_OK &&
                                  back == m[i], "%s in %s", t, s);
                moves_checked++;
            }
            ck_assert_fan_ok(fan_chess_play(g, m[rp_below(&rng, (unsigned)n)]));
        }
        /* undo to the start and redo to the end, string by string */
        fan_chess *c = NULL;
        ck_assert_fan_ok(fan_chess_clone(&c, g));
        ck_assert_int_eq(fan_chess_history_length(g), plies);
        for (int i = plies; i > 0; i--)
            ck_assert_fan_ok(fan_chess_undo(g));
        ck_assert_int_eq(fan_chess_undo(g), FAN_ENOHISTORY);
        for (int i = 0; i < plies; i++) {
            char s[FAN_CHESS_STRING_MAX];
            ck_assert_fan_ok(fan_chess_to_string(s, sizeof s, NULL, g));
            ck_assert_str_eq(s, seen[i]);
            ck_assert_fan_ok(fan_chess_redo(g));
        }
        ck_assert_int_eq(fan_chess_redo(g), FAN_ENOHISTORY);
        ck_assert_int_eq(fan_chess_equal(g, c), 1);
        ck_assert_int_eq(fan_chess_result(g), fan_chess_result(c));
        for (int i = 0; i < plies; i++) {
            fan_chess_move a = 0, b = 1;
            ck_assert_fan_ok(fan_chess_history_move(&a, g, i));
            ck_assert_fan_ok(fan_chess_history_move(&b, c, i));
            ck_assert_uint_eq(a, b);
        }
        fan_chess_free(c);
        fan_chess_free(g);
    }
    ck_assert_int_gt(moves_checked, 10000);
}
END_TEST

START_TEST(setups_round_trip)
{
    uint64_t rng = 77;
    for (int i = 0; i < 300; i++) {
        char s[FAN_CHESS_STRING_MAX], s2[FAN_CHESS_STRING_MAX];
        ck_assert_fan_ok(crp_setup(s, &rng));
        fan_chess *g = CPOS(s);
        ck_assert_fan_ok(fan_chess_to_string(s2, sizeof s2, NULL, g));
        ck_assert_str_eq(s, s2);
        fan_chess_free(g);
    }
}
END_TEST

START_TEST(buffers)
{
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    char buf[FAN_CHESS_STRING_MAX];
    size_t need = 0;
    ck_assert_fan_ok(fan_chess_to_string(buf, sizeof buf, &need, g));
    ck_assert_str_eq(buf, START);
    memset(buf, 'x', sizeof buf);
    ck_assert_int_eq(fan_chess_to_string(buf, 10, &need, g), FAN_EBUFS);
    ck_assert_uint_eq(need, strlen(START) + 1);
    ck_assert_int_eq(buf[9], '\0');
    ck_assert(!memcmp(buf, START, 9));
    ck_assert_int_eq(buf[10], 'x');
    ck_assert_int_eq(fan_chess_to_string(NULL, 0, &need, g), FAN_EBUFS);
    ck_assert_int_eq(fan_chess_to_string(NULL, 5, &need, g), FAN_EINVAL);

    fan_chess_move m[4];
    size_t n = 0;
    ck_assert_int_eq(fan_chess_moves(m, 4, &n, g), FAN_EBUFS);
    ck_assert_uint_eq(n, 11);
    ck_assert_int_eq(fan_chess_moves(NULL, 4, &n, g), FAN_EINVAL);
    ck_assert_fan_ok(fan_chess_moves_from(m, 4, &n, g, PT("c3")));
    ck_assert_uint_eq(n, 3);

    char t[FAN_CHESS_MOVE_STRING_MAX];
    fan_chess_move k = MV(g, "Kc1-a2");
    ck_assert_int_eq(fan_chess_move_to_string(t, 3, &need, g, k), FAN_EBUFS);
    ck_assert_uint_eq(need, 7);
    ck_assert_str_eq(t, "Kc");
    ck_assert_int_eq(fan_chess_move_to_string(t, sizeof t, &need, g,
                                              FAN_CHESS_MOVE_MAKE(2, 20, 1, 63, 0)),
                     FAN_EILLEGAL);
    fan_chess_free(g);
}
END_TEST

START_TEST(argument_errors)
{
    fan_chess *g = NULL;
    uint64_t mask = 5;
    uint32_t flags = 5;
    fan_chess_move mv = 5;
    ck_assert_int_eq(fan_chess_new(NULL), FAN_EINVAL);
    ck_assert_fan_ok(fan_chess_new(&g));
    ck_assert_int_eq(fan_chess_clone(NULL, g), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_piece(NULL, 0), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_piece(g, -1), FAN_ERANGE);
    ck_assert_int_eq(fan_chess_piece(g, 45), FAN_ERANGE);
    ck_assert_int_eq(fan_chess_piece(g, PT("c1")), FAN_WHITE << 3 | FAN_CHESS_KING);
    ck_assert_int_eq(fan_chess_piece(g, PT("c8")), FAN_BLACK << 3 | FAN_CHESS_QUEEN);
    ck_assert_int_eq(fan_chess_pieces(&mask, g, 0, 0), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_pieces(&mask, g, FAN_WHITE, 7), FAN_EINVAL);
    ck_assert_uint_eq(mask, 5);
    ck_assert_fan_ok(fan_chess_pieces(&mask, g, FAN_WHITE, FAN_CHESS_ROOK));
    ck_assert_uint_eq(mask, PTS("b1 d1"));
    ck_assert_fan_ok(fan_chess_pieces(&mask, g, FAN_BLACK, FAN_CHESS_PAWN));
    ck_assert_uint_eq(mask, PTS("a7 b7 c7 d7 e7"));
    ck_assert_fan_ok(fan_chess_pieces(&mask, g, FAN_BLACK, 0));
    ck_assert_int_eq(__builtin_popcountll(mask), 13);
    ck_assert_int_eq(fan_chess_side_to_move(g), FAN_WHITE);
    ck_assert_int_eq(fan_chess_king_unmoved(g, 3), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_pool_count(g, FAN_WHITE, FAN_CHESS_KING), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_pool_count(g, FAN_WHITE, FAN_CHESS_PAWN), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_halfmove_clock(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_move_number(g), 1);
    ck_assert_int_eq(fan_chess_in_check(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_result(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_equal(g, NULL), FAN_EINVAL);
    ck_assert_str_eq(fan_chess_reason_name(FAN_CHESS_REASON_STALEMATE), "stalemate");
    ck_assert_str_eq(fan_chess_reason_name(99), "");
    ck_assert_int_eq(fan_chess_movable(NULL, g), FAN_EINVAL);
    ck_assert_fan_ok(fan_chess_movable(&mask, g));
    ck_assert_uint_eq(mask, PTS("a3 b3 c3 d3 e3 c1"));
    ck_assert_int_eq(fan_chess_destinations(&mask, g, 45), FAN_ERANGE);
    ck_assert_fan_ok(fan_chess_destinations(&mask, g, PT("c1")));
    ck_assert_uint_eq(mask, PTS("a2 e2"));
    ck_assert_int_eq(fan_chess_choices(&flags, g, 0, 99), FAN_ERANGE);
    ck_assert_int_eq(fan_chess_choices(&flags, g, PT("c1"), PT("c2")), FAN_EILLEGAL);
    ck_assert_uint_eq(flags, 5);
    ck_assert_int_eq(fan_chess_play(g, 0), FAN_EILLEGAL);
    ck_assert_int_eq(fan_chess_play(NULL, 0), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_play_points(g, PT("c3"), PT("c4"), 9, 0), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_play_points(g, PT("c3"), PT("c4"), 0, FAN_CHESS_KING),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_chess_play_points(g, 50, PT("c4"), 0, 0), FAN_ERANGE);
    ck_assert_int_eq(fan_chess_history_length(g), 0);
    ck_assert_int_eq(fan_chess_undo(g), FAN_ENOHISTORY);
    ck_assert_int_eq(fan_chess_redo(g), FAN_ENOHISTORY);
    ck_assert_int_eq(fan_chess_history_move(&mv, g, 0), FAN_ERANGE);
    ck_assert_fan_ok(fan_chess_play_points(g, PT("c3"), PT("c4"), 0, 0));
    ck_assert_fan_ok(fan_chess_history_move(&mv, g, 0));
    ck_assert_uint_eq(mv, FAN_CHESS_MOVE_MAKE(PT("c3"), PT("c4"), FAN_CHESS_PLAIN,
                                              FAN_CHESS_NO_POINT, 0));
    ck_assert_int_eq(fan_chess_history_move(&mv, g, -1), FAN_ERANGE);
    ck_assert_int_eq(fan_chess_side_to_move(g), FAN_BLACK);
    /* playing after an undo forgets the redo */
    ck_assert_fan_ok(fan_chess_undo(g));
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Pa3-a4")));
    ck_assert_int_eq(fan_chess_redo(g), FAN_ENOHISTORY);
    fan_chess_free(g);
    fan_chess_free(NULL);

    char name[3];
    ck_assert_fan_ok(fan_chess_point_name(name, sizeof name, 44));
    ck_assert_str_eq(name, "e9");
    ck_assert_int_eq(fan_chess_point_name(name, 2, 0), FAN_ERANGE);
    ck_assert_int_eq(fan_chess_point_name(name, 3, 45), FAN_ERANGE);
    ck_assert_int_eq(fan_chess_point_parse("a1"), 0);
    ck_assert_int_eq(fan_chess_point_parse("c9"), 42);
    ck_assert_int_eq(fan_chess_point_parse("f1"), FAN_EPARSE);
    ck_assert_int_eq(fan_chess_point_parse("a1 "), FAN_EPARSE);
    ck_assert_int_eq(fan_chess_point_parse(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_from_string(NULL, START, NULL), FAN_EINVAL);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("chess-text");
    TCase *tc = tcase_create("text");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, malformed_positions);
    tcase_add_test(tc, malformed_moves);
    tcase_add_test(tc, round_trips);
    tcase_add_test(tc, setups_round_trip);
    tcase_add_test(tc, buffers);
    tcase_add_test(tc, argument_errors);
    suite_add_tcase(s, tc);
    return s;
}
