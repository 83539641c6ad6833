/* SPDX-License-Identifier: MIT */
/* The four ways a game ends, each reached by play: the side to move has no
 * pieces, has pieces but no legal turn, threefold repetition, and the
 * 400-turn limit. After the end nothing more may be played. Positions are
 * analysed by hand in the comments. */
#include "tstate.h"

/* Once the game is over: no steps, no turns, nothing playable, and the
 * refused calls leave the position as it was. */
static void assert_game_over(fan_position *p, int result, int reason)
{
    ck_assert_int_eq(fan_position_result(p), result);
    ck_assert_int_eq(fan_position_result_reason(p), reason);
    tsnap before, after;
    snap_take(&before, p);

    fan_step steps[FAN_STEPS_MAX];
    ck_assert_uint_eq(all_steps(steps, p), 0);
    size_t n = 99;
    fan_turn t[4];
    ck_assert_fan_ok(fan_position_turns(t, 4, &n, p));
    ck_assert_uint_eq(n, 0);
    fan_path paths[4];
    n = 99;
    ck_assert_fan_ok(fan_position_paths(paths, 4, &n, p));
    ck_assert_uint_eq(n, 0);
    uint64_t m = 1;
    ck_assert_fan_ok(fan_position_movable(&m, p));
    ck_assert_uint_eq(m, 0);
    ck_assert_int_eq(fan_position_must_capture(p), 0);
    ck_assert_int_eq(fan_position_can_end_turn(p), 0);
    ck_assert_int_eq(fan_position_end_turn(p), FAN_EGAMEOVER);

    /* Try every step of every own piece to every neighbour, all kinds. */
    uint64_t own;
    int side = fan_position_side_to_move(p);
    ck_assert_fan_ok(fan_position_pieces(&own, p, side));
    for (int from = 0; from < FAN_SQUARES; from++) {
        if (!(own >> from & 1))
            continue;
        for (int to = 0; to < FAN_SQUARES; to++)
            for (int kind = FAN_STEP_ANY; kind <= FAN_STEP_WITHDRAWAL; kind++)
                ck_assert_int_eq(fan_position_play_step(p, from, to, kind),
                                 FAN_EGAMEOVER);
        fan_turn paika = FAN_TURN_MAKE(from, from == 0 ? 1 : from - 1, 0);
        ck_assert_int_eq(fan_position_play_turn(p, paika), FAN_EGAMEOVER);
        fan_path tp;
        ck_assert_int_eq(fan_position_turn_path(&tp, p, paika), FAN_EGAMEOVER);
        fan_path path;
        memset(&path, 0, sizeof path);
        path.from = (uint8_t)from;
        path.length = 1;
        path.to[0] = (uint8_t)(from == 0 ? 1 : from - 1);
        path.kind[0] = FAN_STEP_PAIKA;
        ck_assert_int_eq(fan_position_play_path(p, &path), FAN_EGAMEOVER);
    }
    snap_take(&after, p);
    ck_assert_snap_eq(&before, &after);
}

/* White c1, Black a1. c1 -> b1 (west) lands next to a1: approach {a1}.
 * Black, to move, has no piece: White wins. */
START_TEST(no_pieces_white_wins)
{
    fan_position *p = POS("c1", "a1", FAN_WHITE, FAN_RULES_STOP);
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    ck_assert_int_eq(fan_position_result_reason(p), FAN_REASON_NONE);
    PLAY(p, "c1", "b1", FAN_STEP_APPROACH);
    ck_assert_int_eq(fan_position_turns_played(p), 1);
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
    assert_game_over(p, FAN_WHITE_WINS, FAN_REASON_NO_PIECES);
    fan_position_free(p);
}
END_TEST

/* The same with the colours swapped: Black takes White's last piece. */
START_TEST(no_pieces_black_wins)
{
    fan_position *p = POS("a1", "c1", FAN_BLACK, FAN_RULES_MUST);
    PLAY(p, "c1", "b1", FAN_STEP_APPROACH);
    assert_game_over(p, FAN_BLACK_WINS, FAN_REASON_NO_PIECES);
    fan_position_free(p);
}
END_TEST

/* The last piece can also fall at the end of a chain: the zigzag chain of
 * test-chains (g2-f2 W, f2-f3 A, f3-e3 A, e3-f4 W) without the spare a5
 * takes h2, f4, d3 and d2, all of Black. Until the last segment the game
 * goes on. */
START_TEST(no_pieces_after_chain)
{
    fan_position *p = POS("g2", "h2 d2 f4 d3", FAN_WHITE, FAN_RULES_STOP);
    PLAY(p, "g2", "f2", FAN_STEP_WITHDRAWAL);
    PLAY(p, "f2", "f3", FAN_STEP_APPROACH);
    PLAY(p, "f3", "e3", FAN_STEP_APPROACH);
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    ck_assert_int_eq(fan_position_in_chain(p), 1);
    PLAY(p, "e3", "f4", FAN_STEP_WITHDRAWAL);
    ck_assert_int_eq(fan_position_turns_played(p), 1);
    assert_game_over(p, FAN_WHITE_WINS, FAN_REASON_NO_PIECES);
    fan_position_free(p);
}
END_TEST

/* A position set up with the side to move already empty is over at once. */
START_TEST(no_pieces_from_setup)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new_custom(&p, MASK("e3"), 0, FAN_BLACK,
                                             FAN_RULES_STOP));
    assert_game_over(p, FAN_WHITE_WINS, FAN_REASON_NO_PIECES);
    fan_position_free(p);
}
END_TEST

/* BLOCKED: White a2 a3 b1 c1 b3; Black a1, White to move. Black's a1 has
 * three neighbours, b1, a2 (white) and b2 (empty).
 * White has no capture: a2 could withdraw from a1 only by going north to
 * the occupied a3, b1 only by going east to the occupied c1; every other
 * step of a2, a3, b1, c1, b3 has an empty point or a white piece ahead of
 * its landing point and behind its origin (e.g. b3 -> b2 has b1, white,
 * ahead; a3 -> b2 has c1, white, ahead). So paikas are legal and
 * b3 -> b2 (south) fills a1's last free neighbour without capturing:
 * Black has a piece but no legal turn, and loses. */
START_TEST(no_moves)
{
    fan_position *p = POS("a2 a3 b1 c1 b3", "a1", FAN_WHITE, FAN_RULES_STOP);
    ck_assert_int_eq(fan_position_must_capture(p), 0);
    fan_position *q = NULL;
    ck_assert_fan_ok(fan_position_clone(&q, p));

    ck_assert_fan_ok(fan_position_play_step(p, SQ("b3"), SQ("b2"), FAN_STEP_ANY));
    uint64_t b;
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    ck_assert_uint_eq(b, MASK("a1"));
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
    assert_game_over(p, FAN_WHITE_WINS, FAN_REASON_NO_MOVES);

    /* Another paika leaves b2 free: Black can move and the game goes on. */
    ck_assert_fan_ok(fan_position_play_step(q, SQ("c1"), SQ("d1"), FAN_STEP_ANY));
    ck_assert_int_eq(fan_position_result(q), FAN_ONGOING);
    uint64_t dest;
    ck_assert_fan_ok(fan_position_destinations(&dest, q, SQ("a1")));
    ck_assert_uint_eq(dest, MASK("b2"));
    fan_position_free(q);
    fan_position_free(p);
}
END_TEST

/* Plays a list of paikas "a1b1 i5h5 ..." (four characters each). The
 * result must stay ongoing until the last one. */
static void play_paikas(fan_position *p, const char *moves)
{
    char from[3] = {0}, to[3] = {0};
    while (*moves) {
        while (*moves == ' ')
            moves++;
        if (!*moves)
            break;
        ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
        memcpy(from, moves, 2);
        memcpy(to, moves + 2, 2);
        ck_assert_fan_ok(
            fan_position_play_step(p, SQ(from), SQ(to), FAN_STEP_PAIKA));
        moves += 4;
    }
}

/* White a1, Black i5, far apart: no capture is ever possible, every turn
 * is a paika. The start counts as the first occurrence of (a1, i5, White
 * to move); after the shuffle a1-b1, i5-h5, b1-a1, h5-i5 it is there a
 * second time, and after the shuffle again a third time: a draw. Every
 * other position of the shuffle has occurred at most twice by then, so
 * the turn before the last is still ongoing. */
START_TEST(threefold_repetition)
{
    fan_position *p = POS("a1", "i5", FAN_WHITE, FAN_RULES_STOP);
    play_paikas(p, "a1b1 i5h5 b1a1 h5i5");
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    play_paikas(p, "a1b1 i5h5 b1a1");
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    ck_assert_int_eq(fan_position_result_reason(p), FAN_REASON_NONE);
    play_paikas(p, "h5i5");
    ck_assert_int_eq(fan_position_turns_played(p), 8);
    assert_game_over(p, FAN_DRAW, FAN_REASON_REPETITION);
    /* Undo takes the draw back; redo brings it again. */
    ck_assert_fan_ok(fan_position_undo(p));
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    ck_assert_fan_ok(fan_position_redo(p));
    ck_assert_int_eq(fan_position_result(p), FAN_DRAW);
    fan_position_free(p);
}
END_TEST

/* The same board with the other side to move is another position. White
 * uses the triangle a1-b1-b2 to come back to a1 in three moves while
 * Black shuffles i5-h5 in two, so the board (a1, i5) comes back with
 * Black to move. Occurrences of (a1, i5) after each marked turn:
 *   start          White to move 1
 *   4: h5i5        White to move 2
 *   9: b2a1        Black to move 1   (third time on the board: no draw)
 *  13: b1a1        Black to move 2
 *  17: b1a1        Black to move 3   -> draw
 * The other positions of the sequence occur at most twice (checked by
 * listing them: (b1,i5,B) after 1 and 5, (b1,h5,W) after 2 and 6, (a1,h5,B)
 * after 3, (b2,h5,B) after 7, (b2,i5,W) after 8, (a1,h5,W) after 10 and 14,
 * (b1,h5,B) after 11 and 15, (b1,i5,W) after 12 and 16). */
START_TEST(repetition_needs_same_side)
{
    fan_position *p = POS("a1", "i5", FAN_WHITE, FAN_RULES_MUST);
    play_paikas(p, "a1b1 i5h5 b1a1 h5i5");            /* 1-4 */
    play_paikas(p, "a1b1 i5h5 b1b2 h5i5 b2a1");       /* 5-9 */
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    play_paikas(p, "i5h5 a1b1 h5i5 b1a1");            /* 10-13 */
    play_paikas(p, "i5h5 a1b1 h5i5");                 /* 14-16 */
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    play_paikas(p, "b1a1");                           /* 17 */
    ck_assert_int_eq(fan_position_turns_played(p), 17);
    assert_game_over(p, FAN_DRAW, FAN_REASON_REPETITION);
    fan_position_free(p);
}
END_TEST

/* Positions inside a chain are not turn boundaries. The zigzag chain (with
 * the spare Black a5) leaves White f4, Black a5, Black to move: the first
 * occurrence of that position; none of the three states inside the chain
 * is recorded (history stays empty, the game goes on). Then a5-a4,
 * f4-f5, a4-a5, f5-f4 bring it back (second) and again (third): draw.
 * (f-file and a-file pieces are four columns apart: no capture.) Also,
 * taking back a chain in the middle three times does not count the start
 * position again. */
START_TEST(repetition_ignores_chain_states)
{
    fan_position *p = POS("g2", "h2 d2 f4 d3 a5", FAN_WHITE, FAN_RULES_STOP);
    for (int i = 0; i < 3; i++) {
        PLAY(p, "g2", "f2", FAN_STEP_WITHDRAWAL);
        ck_assert_fan_ok(fan_position_undo(p));
    }
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    PLAY(p, "g2", "f2", FAN_STEP_WITHDRAWAL);
    PLAY(p, "f2", "f3", FAN_STEP_APPROACH);
    PLAY(p, "f3", "e3", FAN_STEP_APPROACH);
    ck_assert_int_eq(fan_position_history_length(p), 0);
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    PLAY(p, "e3", "f4", FAN_STEP_WITHDRAWAL);
    ck_assert_int_eq(fan_position_history_length(p), 1);
    play_paikas(p, "a5a4 f4f5 a4a5 f5f4");
    play_paikas(p, "a5a4 f4f5 a4a5");
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    play_paikas(p, "f5f4");
    ck_assert_int_eq(fan_position_turns_played(p), 9);
    assert_game_over(p, FAN_DRAW, FAN_REASON_REPETITION);
    fan_position_free(p);
}
END_TEST

/* TURN LIMIT. White walks a 13-point cycle in columns a-c, Black a
 * 12-point cycle in columns g-i (both simple cycles along drawn lines;
 * b2-a1 is a diagonal between strong points). Pieces four columns apart
 * can never capture (an approach needs the enemy two points from the
 * origin, a withdrawal needs it adjacent), so every planned step is a legal
 * paika. Before White's k-th move the board is (W[k mod 13], B[k mod 12]):
 * since the cycles are simple, the board fixes k mod 13 and k mod 12, hence
 * k mod 156. With k = 0..200 each such position occurs at most twice (k
 * and k + 156), and the same holds for the Black-to-move positions. So
 * no threefold repetition: after 399 turns the game goes on, after 400 it
 * is drawn by the limit. Black starts on i3 (see the next test for why). */
static const char *const white_cycle[13] = {"a1", "b1", "c1", "c2", "c3",
                                            "c4", "c5", "b5", "a5", "a4",
                                            "a3", "a2", "b2"};
static const char *const black_cycle[12] = {"i3", "i4", "i5", "h5",
                                            "g5", "g4", "g3", "g2",
                                            "g1", "h1", "i1", "i2"};

/* Plays turns until 'turns' have been played in all (from the start). */
static void walk_cycles(fan_position *p, int turns)
{
    for (int t = fan_position_turns_played(p); t < turns; t++) {
        ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
        int k = t / 2;
        const char *from, *to;
        if (t % 2 == 0) {
            from = white_cycle[k % 13];
            to = white_cycle[(k + 1) % 13];
        } else {
            from = black_cycle[k % 12];
            to = black_cycle[(k + 1) % 12];
        }
        ck_assert_fan_ok(
            fan_position_play_step(p, SQ(from), SQ(to), FAN_STEP_PAIKA));
    }
}

START_TEST(turn_limit)
{
    fan_position *p = POS("a1", "i3", FAN_WHITE, _i ? FAN_RULES_MUST
                                                    : FAN_RULES_STOP);
    walk_cycles(p, 399);
    ck_assert_int_eq(fan_position_turns_played(p), 399);
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    ck_assert_int_eq(fan_position_history_length(p), 399);
    walk_cycles(p, 400);
    ck_assert_int_eq(fan_position_turns_played(p), FAN_TURN_LIMIT);
    assert_game_over(p, FAN_DRAW, FAN_REASON_TURN_LIMIT);
    ck_assert_fan_ok(fan_position_undo(p));
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    ck_assert_int_eq(fan_position_turns_played(p), 399);
    fan_position_free(p);
}
END_TEST

/* A win on the 400th turn is a win, not a draw (the no-pieces test comes
 * first). Same walk for 397 turns; then Black's 199th move (turn 398)
 * starts on B[198 mod 12] = g3 (that is why Black starts on i3) and
 * leaves the cycle for f3; White, on W[199 mod 13] = c3, goes to d3 (turn
 * 399; no capture anywhere: f3 is three points from c3); Black f3 -> e3
 * approaches d3 and takes White's last piece on turn 400. */
START_TEST(win_on_last_turn)
{
    fan_position *p = POS("a1", "i3", FAN_WHITE, FAN_RULES_STOP);
    walk_cycles(p, 397);
    ck_assert_int_eq(fan_position_piece(p, SQ("g3")), FAN_BLACK);
    PLAY(p, "g3", "f3", FAN_STEP_PAIKA);
    ck_assert_int_eq(fan_position_piece(p, SQ("c3")), FAN_WHITE);
    ck_assert_int_eq(fan_position_must_capture(p), 0);
    PLAY(p, "c3", "d3", FAN_STEP_PAIKA);
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    PLAY(p, "f3", "e3", FAN_STEP_APPROACH);
    ck_assert_int_eq(fan_position_turns_played(p), 400);
    assert_game_over(p, FAN_BLACK_WINS, FAN_REASON_NO_PIECES);
    fan_position_free(p);
}
END_TEST

START_TEST(result_and_reason_names)
{
    const int results[] = {FAN_ONGOING, FAN_WHITE_WINS, FAN_BLACK_WINS,
                           FAN_DRAW};
    const int reasons[] = {FAN_REASON_NO_PIECES, FAN_REASON_NO_MOVES,
                           FAN_REASON_REPETITION, FAN_REASON_TURN_LIMIT};
    for (int i = 0; i < 4; i++) {
        const char *a = fan_result_name(results[i]);
        const char *b = fan_reason_name(reasons[i]);
        ck_assert_ptr_nonnull(a);
        ck_assert_ptr_nonnull(b);
        ck_assert_uint_gt(strlen(a), 0);
        ck_assert_uint_gt(strlen(b), 0);
        for (int j = 0; j < i; j++) {
            ck_assert_str_ne(a, fan_result_name(results[j]));
            ck_assert_str_ne(b, fan_reason_name(reasons[j]));
        }
    }
    ck_assert_ptr_nonnull(strstr(fan_result_name(FAN_WHITE_WINS), "white"));
    ck_assert_ptr_nonnull(strstr(fan_result_name(FAN_BLACK_WINS), "black"));
    ck_assert_ptr_nonnull(strstr(fan_result_name(FAN_DRAW), "draw"));
    ck_assert_ptr_nonnull(
        strstr(fan_reason_name(FAN_REASON_REPETITION), "repetition"));
    ck_assert_ptr_nonnull(strstr(fan_reason_name(FAN_REASON_TURN_LIMIT), "400"));
    ck_assert_str_eq(fan_result_name(-1), "");
    ck_assert_str_eq(fan_result_name(4), "");
    ck_assert_str_eq(fan_reason_name(-1), "");
    ck_assert_str_eq(fan_reason_name(5), "");
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("endings");
    TCase *tc = tcase_create("wins");
    tcase_add_test(tc, no_pieces_white_wins);
    tcase_add_test(tc, no_pieces_black_wins);
    tcase_add_test(tc, no_pieces_after_chain);
    tcase_add_test(tc, no_pieces_from_setup);
    tcase_add_test(tc, no_moves);
    suite_add_tcase(s, tc);

    tc = tcase_create("draws");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, threefold_repetition);
    tcase_add_test(tc, repetition_needs_same_side);
    tcase_add_test(tc, repetition_ignores_chain_states);
    tcase_add_loop_test(tc, turn_limit, 0, 2);
    tcase_add_test(tc, win_on_last_turn);
    tcase_add_test(tc, result_and_reason_names);
    suite_add_tcase(s, tc);
    return s;
}
