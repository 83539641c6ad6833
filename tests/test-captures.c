/* SPDX-License-Identifier: MIT */
/* Capture steps on hand-built positions: approach and withdrawal along
 * orthogonals and diagonals, how far a captured run reaches, the choice
 * between two modes, weak points, compulsory capture and the first turns
 * from the start. Every expected list below is derived in the comment
 * above it by walking the rules over the position by hand.
 *
 * Reminder: a point is strong when (column + row) is even (a1, c1, b2, c3,
 * d4, e3, ...); only strong points have diagonal lines. */
#include "tstate.h"

/* Asserts that the steps now are exactly the n listed (any order):
 * from, to, kind and the captured mask (preview). */
typedef struct want_step {
    const char *from, *to;
    int kind;
    const char *captures;
} want_step;

static void assert_steps(const fan_position *p, const want_step *want,
                         size_t n)
{
    fan_step steps[FAN_STEPS_MAX];
    size_t got = all_steps(steps, p);
    ck_assert_uint_eq(got, n);
    for (size_t i = 0; i < n; i++) {
        int k = step_index(steps, got, SQ(want[i].from), SQ(want[i].to),
                           want[i].kind);
        ck_assert_msg(k >= 0, "missing step %s-%s kind %d", want[i].from,
                      want[i].to, want[i].kind);
        ck_assert_uint_eq(steps[k].captures, MASK(want[i].captures));
        ck_assert_int_eq(steps[k].reserved[0] | steps[k].reserved[1] |
                             steps[k].reserved[2] | steps[k].reserved[3],
                         0);
    }
}

static void assert_board(const fan_position *p, const char *white,
                         const char *black, int side)
{
    uint64_t w, b;
    ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    ck_assert_uint_eq(w, MASK(white));
    ck_assert_uint_eq(b, MASK(black));
    ck_assert_int_eq(fan_position_side_to_move(p), side);
    ck_assert_int_eq(fan_position_in_chain(p), 0);
}

/* White c3; black e3 f3 h3. c3 -> d3 (east) lands next to e3: the run is
 * e3 f3 and stops at the empty g3, so h3 survives. No other step of c3
 * captures: along every other line the point ahead of the landing point
 * and the point behind c3 are empty. After the capture the piece on d3 (a
 * weak point) may not go east again, c3 is visited and d2/d4 capture
 * nothing, so the turn passes to Black. */
START_TEST(approach_run_stops_at_empty)
{
    fan_position *p = POS("c3", "e3 f3 h3", FAN_WHITE, FAN_RULES_STOP);
    const want_step w[] = {{"c3", "d3", FAN_STEP_APPROACH, "e3 f3"}};
    assert_steps(p, w, 1);
    PLAY(p, "c3", "d3", FAN_STEP_APPROACH);
    assert_board(p, "d3", "h3", FAN_BLACK);
    ck_assert_int_eq(fan_position_turns_played(p), 1);
    fan_position_free(p);
}
END_TEST

/* As above with a white piece on g3: the run e3 f3 stops at the own piece;
 * h3 behind it is not taken. g3 (strong) has no capture of its own: f3 and
 * h3 are next to it but it cannot step onto them, and no line from g3 has
 * a black piece just beyond an empty landing point. */
START_TEST(approach_run_stops_at_own_piece)
{
    fan_position *p = POS("c3 g3", "e3 f3 h3", FAN_WHITE, FAN_RULES_STOP);
    const want_step w[] = {{"c3", "d3", FAN_STEP_APPROACH, "e3 f3"}};
    assert_steps(p, w, 1);
    PLAY(p, "c3", "d3", FAN_STEP_APPROACH);
    assert_board(p, "d3 g3", "h3", FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* Black fills e3..i3: the run goes to the board edge, five pieces. */
START_TEST(approach_run_stops_at_edge)
{
    fan_position *p = POS("c3", "e3 f3 g3 h3 i3", FAN_WHITE, FAN_RULES_STOP);
    const want_step w[] = {{"c3", "d3", FAN_STEP_APPROACH, "e3 f3 g3 h3 i3"}};
    assert_steps(p, w, 1);
    PLAY(p, "c3", "d3", FAN_STEP_APPROACH);
    assert_board(p, "d3", "", FAN_BLACK);
    /* Black, now to move, has no pieces left: White has won. */
    ck_assert_int_eq(fan_position_result(p), FAN_WHITE_WINS);
    fan_position_free(p);
}
END_TEST

/* Vertical approach: white e1 -> e2 (north) lands below e3; the run e3 e4
 * stops at the empty e5. e1's other lines (d1, f1, d2, f2) have nothing
 * black beyond them. */
START_TEST(approach_vertical)
{
    fan_position *p = POS("e1", "e3 e4", FAN_WHITE, FAN_RULES_STOP);
    const want_step w[] = {{"e1", "e2", FAN_STEP_APPROACH, "e3 e4"}};
    assert_steps(p, w, 1);
    PLAY(p, "e1", "e2", FAN_STEP_APPROACH);
    assert_board(p, "e2", "", FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* Withdrawal along a row: white d3 moves east to e3, away from c3; the run
 * behind it, c3 b3 a3, reaches the edge. Moving to d2 or d4 has nothing
 * black ahead or behind. */
START_TEST(withdrawal_row_to_edge)
{
    fan_position *p = POS("d3", "a3 b3 c3", FAN_WHITE, FAN_RULES_STOP);
    const want_step w[] = {{"d3", "e3", FAN_STEP_WITHDRAWAL, "a3 b3 c3"}};
    assert_steps(p, w, 1);
    PLAY(p, "d3", "e3", FAN_STEP_WITHDRAWAL);
    assert_board(p, "e3", "", FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* Withdrawal along a column: white c4 moves north to c5; behind it the run
 * c3 c2 stops at the white c1. White c1 captures nothing: the black c2
 * above it could only be withdrawn from by moving south, off the board. */
START_TEST(withdrawal_column_stops_at_own_piece)
{
    fan_position *p = POS("c4 c1", "c3 c2", FAN_WHITE, FAN_RULES_STOP);
    const want_step w[] = {{"c4", "c5", FAN_STEP_WITHDRAWAL, "c3 c2"}};
    assert_steps(p, w, 1);
    PLAY(p, "c4", "c5", FAN_STEP_WITHDRAWAL);
    assert_board(p, "c5 c1", "", FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* Diagonal approach: a1 -> b2 (north-east) lands next to c3; the run c3 d4
 * e5 reaches the edge. a1 -> b1 and a1 -> a2 have nothing ahead. */
START_TEST(approach_diagonal)
{
    fan_position *p = POS("a1", "c3 d4 e5", FAN_WHITE, FAN_RULES_STOP);
    const want_step w[] = {{"a1", "b2", FAN_STEP_APPROACH, "c3 d4 e5"}};
    assert_steps(p, w, 1);
    PLAY(p, "a1", "b2", FAN_STEP_APPROACH);
    assert_board(p, "b2", "", FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* Diagonal withdrawal: d4 -> e5 (north-east) away from c3; the run c3 b2
 * stops at the white a1. The other steps of d4 find nothing black ahead of
 * the landing point or behind d4; a1 is boxed in a corner with nothing to
 * take. */
START_TEST(withdrawal_diagonal)
{
    fan_position *p = POS("d4 a1", "c3 b2", FAN_WHITE, FAN_RULES_STOP);
    const want_step w[] = {{"d4", "e5", FAN_STEP_WITHDRAWAL, "c3 b2"}};
    assert_steps(p, w, 1);
    PLAY(p, "d4", "e5", FAN_STEP_WITHDRAWAL);
    assert_board(p, "e5 a1", "", FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* Black captures too: the mirror of approach_run_stops_at_empty with the
 * colours swapped and Black to move. */
START_TEST(black_captures)
{
    fan_position *p = POS("e3 f3 h3", "c3", FAN_BLACK, FAN_RULES_STOP);
    const want_step w[] = {{"c3", "d3", FAN_STEP_APPROACH, "e3 f3"}};
    assert_steps(p, w, 1);
    PLAY(p, "c3", "d3", FAN_STEP_APPROACH);
    assert_board(p, "h3", "d3", FAN_WHITE);
    fan_position_free(p);
}
END_TEST

/* White d3 between black b3 c3 (west) and f3 g3 (east, with e3 empty).
 * d3 -> e3 (east) approaches f3 (run f3 g3, stopped by the empty h3) and
 * withdraws from c3 (run c3 b3, stopped by the empty a3). d3 is weak; d2
 * and d4 capture nothing. So there are exactly two steps, same squares,
 * different previews. After either capture the piece on e3 has no
 * continuation: east is the last direction, d3 is visited, and every other
 * line from e3 has empty points ahead and behind. */
static fan_position *both_modes_position(void)
{
    return POS("d3", "b3 c3 f3 g3", FAN_WHITE, FAN_RULES_STOP);
}

START_TEST(both_modes_listed_with_previews)
{
    fan_position *p = both_modes_position();
    const want_step w[] = {{"d3", "e3", FAN_STEP_APPROACH, "f3 g3"},
                           {"d3", "e3", FAN_STEP_WITHDRAWAL, "b3 c3"}};
    assert_steps(p, w, 2);
    uint64_t m;
    ck_assert_fan_ok(fan_position_movable(&m, p));
    ck_assert_uint_eq(m, MASK("d3"));
    ck_assert_fan_ok(fan_position_destinations(&m, p, SQ("d3")));
    ck_assert_uint_eq(m, MASK("e3"));
    /* Two turns: same origin and destination, different captured sets. */
    fan_turn turns[4];
    size_t n;
    ck_assert_fan_ok(fan_position_turns(turns, 4, &n, p));
    ck_assert_uint_eq(n, 2);
    fan_turn a = FAN_TURN_MAKE(SQ("d3"), SQ("e3"), MASK("f3 g3"));
    fan_turn b = FAN_TURN_MAKE(SQ("d3"), SQ("e3"), MASK("b3 c3"));
    ck_assert((turns[0] == a && turns[1] == b) ||
              (turns[0] == b && turns[1] == a));
    fan_position_free(p);
}
END_TEST

START_TEST(both_modes_any_is_ambiguous)
{
    fan_position *p = both_modes_position();
    tsnap before, after;
    snap_take(&before, p);
    ck_assert_int_eq(fan_position_play_step(p, SQ("d3"), SQ("e3"), FAN_STEP_ANY),
                     FAN_EAMBIGUOUS);
    snap_take(&after, p);
    ck_assert_snap_eq(&before, &after);
    /* Not a paika either: a capture exists. */
    ck_assert_int_eq(
        fan_position_play_step(p, SQ("d3"), SQ("e3"), FAN_STEP_PAIKA),
        FAN_EILLEGAL);
    snap_take(&after, p);
    ck_assert_snap_eq(&before, &after);
    fan_position_free(p);
}
END_TEST

START_TEST(both_modes_named_approach)
{
    fan_position *p = both_modes_position();
    PLAY(p, "d3", "e3", FAN_STEP_APPROACH);
    assert_board(p, "e3", "b3 c3", FAN_BLACK);
    fan_path h;
    ck_assert_fan_ok(fan_position_history_path(&h, p, 0));
    ck_assert_uint_eq(h.captured, MASK("f3 g3"));
    ck_assert_int_eq(h.kind[0], FAN_STEP_APPROACH);
    fan_position_free(p);
}
END_TEST

START_TEST(both_modes_named_withdrawal)
{
    fan_position *p = both_modes_position();
    PLAY(p, "d3", "e3", FAN_STEP_WITHDRAWAL);
    assert_board(p, "e3", "f3 g3", FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* The same step can also be played as a turn naming its captured set. */
START_TEST(both_modes_by_turn)
{
    fan_position *p = both_modes_position();
    ck_assert_fan_ok(fan_position_play_turn(
        p, FAN_TURN_MAKE(SQ("d3"), SQ("e3"), MASK("b3 c3"))));
    assert_board(p, "e3", "f3 g3", FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* White d3 is weak (4 + 3 odd): its only lines are orthogonal. Black c2
 * and f5 sit where a diagonal through d3 would put them (c2 behind d3 for
 * a step to e4, f5 ahead of e4), but that diagonal is not drawn. Along
 * the orthogonals (c3, e3, d2, d4) the points ahead and behind are empty,
 * so there is no capture: the four paikas are the steps, none diagonal. */
START_TEST(no_diagonal_from_weak_point)
{
    fan_position *p = POS("d3", "c2 f5", FAN_WHITE, FAN_RULES_STOP);
    ck_assert_int_eq(fan_position_must_capture(p), 0);
    const want_step w[] = {{"d3", "c3", FAN_STEP_PAIKA, ""},
                           {"d3", "e3", FAN_STEP_PAIKA, ""},
                           {"d3", "d2", FAN_STEP_PAIKA, ""},
                           {"d3", "d4", FAN_STEP_PAIKA, ""}};
    assert_steps(p, w, 4);
    ck_assert_int_eq(fan_position_play_step(p, SQ("d3"), SQ("e4"), FAN_STEP_ANY),
                     FAN_EILLEGAL);
    fan_position_free(p);
}
END_TEST

/* Black to move on the weak c2 in the same position: its diagonal towards
 * d3 is not drawn either, so nothing is captured. c2's orthogonal lines
 * (b2, d2, c1, c3) have only empty points beyond. */
START_TEST(no_diagonal_capture_of_weak_point)
{
    fan_position *p = POS("d3", "c2 f5", FAN_BLACK, FAN_RULES_STOP);
    ck_assert_int_eq(fan_position_must_capture(p), 0);
    uint64_t dest;
    ck_assert_fan_ok(fan_position_destinations(&dest, p, SQ("c2")));
    ck_assert_uint_eq(dest, MASK("b2 d2 c1 c3"));
    fan_position_free(p);
}
END_TEST

/* White a1 approaches a3 by a1 -> a2 (run a3, a4 empty). White e1 has only
 * paikas (d2 -> c3 and f2 -> g3 diagonals are empty beyond). Since a
 * capture exists anywhere, no paika is a legal step: the one step is a1's
 * capture, e1 is not movable and has no destinations, and playing a paika
 * with it is refused. */
START_TEST(compulsory_capture)
{
    fan_position *p = POS("a1 e1", "a3", FAN_WHITE, FAN_RULES_STOP);
    ck_assert_int_eq(fan_position_must_capture(p), 1);
    const want_step w[] = {{"a1", "a2", FAN_STEP_APPROACH, "a3"}};
    assert_steps(p, w, 1);
    uint64_t m;
    ck_assert_fan_ok(fan_position_movable(&m, p));
    ck_assert_uint_eq(m, MASK("a1"));
    ck_assert_fan_ok(fan_position_destinations(&m, p, SQ("e1")));
    ck_assert_uint_eq(m, 0);
    tsnap before, after;
    snap_take(&before, p);
    ck_assert_int_eq(fan_position_play_step(p, SQ("e1"), SQ("e2"), FAN_STEP_PAIKA),
                     FAN_EILLEGAL);
    ck_assert_int_eq(fan_position_play_step(p, SQ("e1"), SQ("e2"), FAN_STEP_ANY),
                     FAN_EILLEGAL);
    ck_assert_int_eq(fan_position_play_step(p, SQ("a1"), SQ("b1"), FAN_STEP_ANY),
                     FAN_EILLEGAL);
    ck_assert_int_eq(
        fan_position_play_turn(p, FAN_TURN_MAKE(SQ("e1"), SQ("e2"), 0)),
        FAN_EILLEGAL);
    snap_take(&after, p);
    ck_assert_snap_eq(&before, &after);
    /* One turn: a2 has no continuation (north is the last direction, a1 is
     * visited, b2 has the empty c2 ahead and nothing behind). */
    fan_turn t[2];
    size_t n;
    ck_assert_fan_ok(fan_position_turns(t, 2, &n, p));
    ck_assert_uint_eq(n, 1);
    ck_assert_uint_eq(t[0], FAN_TURN_MAKE(SQ("a1"), SQ("a2"), MASK("a3")));
    fan_position_free(p);
}
END_TEST

/* Without the black a3 there is nothing to capture (i5 is far from both
 * white pieces): every paika is offered. a1 has b1, a2, b2; e1 has d1, f1,
 * e2, d2, f2. */
START_TEST(paikas_when_no_capture)
{
    fan_position *p = POS("a1 e1", "i5", FAN_WHITE, FAN_RULES_STOP);
    ck_assert_int_eq(fan_position_must_capture(p), 0);
    fan_step steps[FAN_STEPS_MAX];
    size_t n = all_steps(steps, p);
    ck_assert_uint_eq(n, 8);
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(steps[i].kind, FAN_STEP_PAIKA);
        ck_assert_uint_eq(steps[i].captures, 0);
    }
    uint64_t m;
    ck_assert_fan_ok(fan_position_destinations(&m, p, SQ("e1")));
    ck_assert_uint_eq(m, MASK("d1 f1 e2 d2 f2"));
    ck_assert_fan_ok(fan_position_play_step(p, SQ("e1"), SQ("e2"), FAN_STEP_ANY));
    assert_board(p, "a1 e2", "i5", FAN_BLACK);
    fan_position_free(p);
}
END_TEST

/* From the start only e3 is empty, so every step lands on e3. Its eight
 * neighbours: White on d3, e2, d2, f2; Black on f3, e4, d4, f4.
 * - d3 -> e3 (east): ahead f3 is black, then g3 white: approach {f3};
 *   behind d3 is c3 black, then b3 white: withdrawal {c3}.
 * - e2 -> e3 (north): ahead e4 e5 black to the edge: approach {e4 e5};
 *   behind is e1, white: no withdrawal.
 * - d2 -> e3 (north-east): ahead f4 g5: approach {f4 g5}; behind c1 white.
 * - f2 -> e3 (north-west): ahead d4 c5: approach {d4 c5}; behind g1 white.
 * Five steps. None continues: the only empty points next to e3 afterwards
 * are the origin (visited) and the captured squares, which lie either on
 * the last direction (approach) or beyond the origin (withdrawal). So the
 * five steps are also the five turns, under either ruleset. */
static void check_first_turns(int rules)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, rules));
    const want_step w[] = {{"d3", "e3", FAN_STEP_APPROACH, "f3"},
                           {"d3", "e3", FAN_STEP_WITHDRAWAL, "c3"},
                           {"e2", "e3", FAN_STEP_APPROACH, "e4 e5"},
                           {"d2", "e3", FAN_STEP_APPROACH, "f4 g5"},
                           {"f2", "e3", FAN_STEP_APPROACH, "d4 c5"}};
    assert_steps(p, w, 5);
    ck_assert_int_eq(fan_position_must_capture(p), 1);

    fan_turn turns[8];
    size_t n;
    ck_assert_fan_ok(fan_position_turns(turns, 8, &n, p));
    ck_assert_uint_eq(n, 5);
    for (size_t i = 0; i < 5; i++) {
        fan_turn t =
            FAN_TURN_MAKE(SQ(w[i].from), SQ(w[i].to), MASK(w[i].captures));
        int found = 0;
        for (size_t j = 0; j < n; j++)
            found += turns[j] == t;
        ck_assert_int_eq(found, 1);
    }
    fan_path paths[8];
    ck_assert_fan_ok(fan_position_paths(paths, 8, &n, p));
    ck_assert_uint_eq(n, 5);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(paths[i].length, 1);

    /* Each of them plays and hands the move to Black. */
    for (size_t i = 0; i < 5; i++) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_step(q, SQ(w[i].from), SQ(w[i].to),
                                                w[i].kind));
        ck_assert_int_eq(fan_position_side_to_move(q), FAN_BLACK);
        ck_assert_int_eq(fan_position_in_chain(q), 0);
        uint64_t b;
        ck_assert_fan_ok(fan_position_pieces(&b, q, FAN_BLACK));
        ck_assert_int_eq(__builtin_popcountll(b),
                         22 - __builtin_popcountll(MASK(w[i].captures)));
        fan_position_free(q);
    }
    fan_position_free(p);
}

START_TEST(first_turns_stop)
{
    check_first_turns(FAN_RULES_STOP);
}
END_TEST

START_TEST(first_turns_must)
{
    check_first_turns(FAN_RULES_MUST);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("captures");
    TCase *tc = tcase_create("runs");
    tcase_add_test(tc, approach_run_stops_at_empty);
    tcase_add_test(tc, approach_run_stops_at_own_piece);
    tcase_add_test(tc, approach_run_stops_at_edge);
    tcase_add_test(tc, approach_vertical);
    tcase_add_test(tc, withdrawal_row_to_edge);
    tcase_add_test(tc, withdrawal_column_stops_at_own_piece);
    tcase_add_test(tc, approach_diagonal);
    tcase_add_test(tc, withdrawal_diagonal);
    tcase_add_test(tc, black_captures);
    suite_add_tcase(s, tc);

    tc = tcase_create("modes");
    tcase_add_test(tc, both_modes_listed_with_previews);
    tcase_add_test(tc, both_modes_any_is_ambiguous);
    tcase_add_test(tc, both_modes_named_approach);
    tcase_add_test(tc, both_modes_named_withdrawal);
    tcase_add_test(tc, both_modes_by_turn);
    tcase_add_test(tc, no_diagonal_from_weak_point);
    tcase_add_test(tc, no_diagonal_capture_of_weak_point);
    suite_add_tcase(s, tc);

    tc = tcase_create("compulsion");
    tcase_add_test(tc, compulsory_capture);
    tcase_add_test(tc, paikas_when_no_capture);
    tcase_add_test(tc, first_turns_stop);
    tcase_add_test(tc, first_turns_must);
    suite_add_tcase(s, tc);
    return s;
}
