/* SPDX-License-Identifier: MIT */
/* Fanorona Chess rules, one constructed position per rule, with the
 * expected moves derived by hand from FANORONA-CHESS-NOTES.md in the
 * comments. Reminder: a point is strong when file + rank is even (a = 1):
 * c5, a1, e9, b4 are strong; d5, b5, a2, c8 are weak. Position strings
 * list rank 9 first. */
#include "tcommon.h"
#include "tchess.h"

static void expect_from(const char *position, const char *point,
                        const char *want)
{
    char got[2048];
    fan_chess *g = CPOS(position);
    FROM_TEXT(got, sizeof got, g, point);
    ck_assert_msg(!strcmp(got, want), "%s from %s:\n got  %s\n want %s",
                  position, point, got, want);
    fan_chess_free(g);
}

static void expect_all(const fan_chess *g, const char *want)
{
    char got[4096];
    MOVES_TEXT(got, sizeof got, g);
    ck_assert_msg(!strcmp(got, want), "\n got  %s\n want %s", got, want);
}

/* The kings sit on e1 and e9, out of the way, in the piece tests. */
START_TEST(queen_strong_and_weak)
{
    /* From c5 (strong): 4 up the file, 4 down, 2 each way along the rank
     * and 2 on each diagonal: 20, none capturing (Black has only e9). */
    expect_from("4k/5/5/5/2Q2/5/5/5/4K w - - - 0 1", "c5",
                "Qc5-a3 Qc5-a5 Qc5-a7 Qc5-b4 Qc5-b5 Qc5-b6 Qc5-c1 Qc5-c2 "
                "Qc5-c3 Qc5-c4 Qc5-c6 Qc5-c7 Qc5-c8 Qc5-c9 Qc5-d4 Qc5-d5 "
                "Qc5-d6 Qc5-e3 Qc5-e5 Qc5-e7");
    /* From d5 (weak): orthogonal lines only, d6-d9, d4-d1, e5, c5-a5. */
    expect_from("4k/5/5/5/3Q1/5/5/5/4K w - - - 0 1", "d5",
                "Qd5-a5 Qd5-b5 Qd5-c5 Qd5-d1 Qd5-d2 Qd5-d3 Qd5-d4 Qd5-d6 "
                "Qd5-d7 Qd5-d8 Qd5-d9 Qd5-e5");
}
END_TEST

START_TEST(rook_strong_and_weak)
{
    /* A rook ignores the diagonals: 12 from c5, 12 from d5. */
    expect_from("4k/5/5/5/2R2/5/5/5/4K w - - - 0 1", "c5",
                "Rc5-a5 Rc5-b5 Rc5-c1 Rc5-c2 Rc5-c3 Rc5-c4 Rc5-c6 Rc5-c7 "
                "Rc5-c8 Rc5-c9 Rc5-d5 Rc5-e5");
    expect_from("4k/5/5/5/3R1/5/5/5/4K w - - - 0 1", "d5",
                "Rd5-a5 Rd5-b5 Rd5-c5 Rd5-d1 Rd5-d2 Rd5-d3 Rd5-d4 Rd5-d6 "
                "Rd5-d7 Rd5-d8 Rd5-d9 Rd5-e5");
}
END_TEST

START_TEST(bishop_strong_and_weak)
{
    /* From c5: the two diagonals, 2 points each way. From d5 no diagonal
     * line leaves the point: the bishop cannot move. */
    expect_from("4k/5/5/5/2B2/5/5/5/4K w - - - 0 1", "c5",
                "Bc5-a3 Bc5-a7 Bc5-b4 Bc5-b6 Bc5-d4 Bc5-d6 Bc5-e3 Bc5-e7");
    expect_from("4k/5/5/5/3B1/5/5/5/4K w - - - 0 1", "d5", "");
}
END_TEST

START_TEST(knight_strong_and_weak)
{
    /* From c5 (strong): diagonal, then orthogonal outward: via d6 to d7
     * and e6, via b6 to b7 and a6, via d4 to d3 and e4, via b4 to b3, a4. */
    expect_from("4k/5/5/5/2N2/5/5/5/4K w - - - 0 1", "c5",
                "Nc5-a4 Nc5-a6 Nc5-b3 Nc5-b7 Nc5-d3 Nc5-d7 Nc5-e4 Nc5-e6");
    /* From d5 (weak): orthogonal, then diagonal outward: via d6 to c7 and
     * e7, via d4 to c3 and e3, via c5 to b6 and b4; via e5 both diagonal
     * steps leave the board. The six chess destinations on the board. */
    expect_from("4k/5/5/5/3N1/5/5/5/4K w - - - 0 1", "d5",
                "Nd5-b4 Nd5-b6 Nd5-c3 Nd5-c7 Nd5-e3 Nd5-e7");
}
END_TEST

/* The knight's first point may be occupied, by either side; its captures
 * look beyond the landing point (along the second step) and behind the
 * origin (against the first step). */
START_TEST(knight_paths_and_captures)
{
    /* White pawns on b4, b6, d4 and a black pawn on d6: the four first
     * points are all occupied and the knight still reaches its eight
     * destinations. Via b4 (first step south-west) the point behind c5 is
     * d6, black: c5-b3 and c5-a4 capture d6 by withdrawal. Via d6 to d7
     * the point beyond d7 going north is d8, black: approach. */
    const char *pos = "4k/3p1/5/1P1p1/2N2/1P1P1/5/5/4K w - - - 0 1";
    expect_from(pos, "c5",
                "Nc5-a4 Nc5-a6 Nc5-b3 Nc5-b7 Nc5-d3 Nc5-d7 Nc5-e4 Nc5-e6");
    fan_chess *g = CPOS(pos);
    fan_chess_move m = MV(g, "Nc5-b3");
    ck_assert_int_eq(FAN_CHESS_MOVE_KIND(m), FAN_CHESS_WITHDRAWAL);
    ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(m), PT("d6"));
    m = MV(g, "Nc5-a4");
    ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(m), PT("d6"));
    m = MV(g, "Nc5-d7");
    ck_assert_int_eq(FAN_CHESS_MOVE_KIND(m), FAN_CHESS_APPROACH);
    ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(m), PT("d8"));
    m = MV(g, "Nc5-e6");
    ck_assert_int_eq(FAN_CHESS_MOVE_KIND(m), FAN_CHESS_PLAIN);
    ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(m), FAN_CHESS_NO_POINT);
    /* the black pawn on d6 was only passed over */
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Nc5-e6")));
    ck_assert_int_eq(fan_chess_piece(g, PT("d6")), FAN_BLACK << 3 | FAN_CHESS_PAWN);
    fan_chess_free(g);
}
END_TEST

START_TEST(king_and_pawn_strong_and_weak)
{
    /* A king that has moved: one step along each line, 8 from c5, 4 from d5. */
    expect_from("4k/5/5/5/2K2/5/5/5/5 w - - - 0 1", "c5",
                "Kc5-b4 Kc5-b5 Kc5-b6 Kc5-c4 Kc5-c6 Kc5-d4 Kc5-d5 Kc5-d6");
    expect_from("4k/5/5/5/3K1/5/5/5/5 w - - - 0 1", "d5",
                "Kd5-c5 Kd5-d4 Kd5-d6 Kd5-e5");
    /* Pawns: straight forward, and diagonally forward from a strong point. */
    expect_from("4k/5/5/5/2P2/5/5/5/4K w - - - 0 1", "c5",
                "Pc5-b6 Pc5-c6 Pc5-d6");
    expect_from("4k/5/5/5/3P1/5/5/5/4K w - - - 0 1", "d5", "Pd5-d6");
    /* Black's pawns go down the board (their letter is upper case in the
     * notation too). */
    expect_from("4k/5/5/5/2p2/5/5/5/4K b - - - 0 1", "c5",
                "Pc5-b4 Pc5-c4 Pc5-d4");
}
END_TEST

START_TEST(approach_and_compulsion)
{
    /* Rook a5, black pawn e5: going east the rook stops on d5, where the
     * point beyond (e5) is black: only the capturing version exists; b5
     * and c5 capture nothing. North and south nothing is in reach. */
    const char *pos = "4k/5/5/5/R3p/5/5/5/4K w - - - 0 1";
    expect_from(pos, "a5",
                "Ra5-a1 Ra5-a2 Ra5-a3 Ra5-a4 Ra5-a6 Ra5-a7 Ra5-a8 Ra5-a9 "
                "Ra5-b5 Ra5-c5 Ra5-d5");
    fan_chess *g = CPOS(pos);
    fan_chess_move m = MV(g, "Ra5-d5");
    ck_assert_int_eq(FAN_CHESS_MOVE_KIND(m), FAN_CHESS_APPROACH);
    ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(m), PT("e5"));
    ck_assert_int_eq(fan_chess_play_points(g, PT("a5"), PT("d5"),
                                           FAN_CHESS_PLAIN, 0),
                     FAN_EILLEGAL);
    /* the mode letter is accepted where it is optional */
    ck_assert_uint_eq(MV(g, "Ra5-d5A"), m);
    /* a move that enables no capture need not be avoided: the king's
     * plain steps stay legal (e1 strong: d1, d2, e2) */
    expect_all(g, "Ke1-d1 Ke1-d2 Ke1-e2 Ra5-a1 Ra5-a2 Ra5-a3 Ra5-a4 Ra5-a6 "
                  "Ra5-a7 Ra5-a8 Ra5-a9 Ra5-b5 Ra5-c5 Ra5-d5");
    ck_assert_fan_ok(fan_chess_play(g, m));
    ck_assert_int_eq(fan_chess_piece(g, PT("e5")), 0);
    ck_assert_int_eq(fan_chess_halfmove_clock(g), 0);
    fan_chess_free(g);
}
END_TEST

START_TEST(withdrawal)
{
    /* Rook c5, black pawn b5 next to it: going east (d5, e5) the rook
     * leaves b5 behind: both capture it by withdrawal. West is blocked. */
    const char *pos = "4k/5/5/5/1pR2/5/5/5/4K w - - - 0 1";
    expect_from(pos, "c5",
                "Rc5-c1 Rc5-c2 Rc5-c3 Rc5-c4 Rc5-c6 Rc5-c7 Rc5-c8 Rc5-c9 "
                "Rc5-d5 Rc5-e5");
    fan_chess *g = CPOS(pos);
    for (int i = 0; i < 2; i++) {
        fan_chess_move m = MV(g, i ? "Rc5-e5" : "Rc5-d5");
        ck_assert_int_eq(FAN_CHESS_MOVE_KIND(m), FAN_CHESS_WITHDRAWAL);
        ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(m), PT("b5"));
    }
    ck_assert_int_eq(FAN_CHESS_MOVE_KIND(MV(g, "Rc5-c6")), FAN_CHESS_PLAIN);
    fan_chess_free(g);
}
END_TEST

START_TEST(both_modes_must_be_named)
{
    /* Rook c5 between black pawns: b5 is free, a5 beyond it (approach)
     * and d5 behind c5 (withdrawal) are black: two moves c5-b5, written
     * with their letter; the plain move does not exist. */
    const char *pos = "4k/5/5/5/p1Rp1/5/5/5/4K w - - - 0 1";
    expect_from(pos, "c5",
                "Rc5-b5A Rc5-b5W Rc5-c1 Rc5-c2 Rc5-c3 Rc5-c4 Rc5-c6 Rc5-c7 "
                "Rc5-c8 Rc5-c9");
    fan_chess *g = CPOS(pos);
    uint32_t flags = 9;
    ck_assert_fan_ok(fan_chess_choices(&flags, g, PT("c5"), PT("b5")));
    ck_assert_uint_eq(flags, FAN_CHESS_CHOOSE_MODE);
    ck_assert_fan_ok(fan_chess_choices(&flags, g, PT("c5"), PT("c6")));
    ck_assert_uint_eq(flags, 0);
    ck_assert_int_eq(fan_chess_choices(&flags, g, PT("c5"), PT("d5")),
                     FAN_EILLEGAL);
    ck_assert_int_eq(fan_chess_play_points(g, PT("c5"), PT("b5"),
                                           FAN_CHESS_ANY, 0),
                     FAN_EAMBIGUOUS);
    fan_chess_move m = 0;
    fan_parse_error err;
    ck_assert_int_eq(fan_chess_parse_move(&m, g, "Rc5-b5", &err),
                     FAN_EAMBIGUOUS);
    ck_assert_int_eq(fan_chess_history_length(g), 0);
    ck_assert_fan_ok(fan_chess_play_points(g, PT("c5"), PT("b5"),
                                           FAN_CHESS_WITHDRAWAL, 0));
    ck_assert_int_eq(fan_chess_piece(g, PT("d5")), 0);
    ck_assert_int_eq(fan_chess_piece(g, PT("a5")), FAN_BLACK << 3 | FAN_CHESS_PAWN);
    fan_chess_free(g);
}
END_TEST

START_TEST(pin_and_self_check)
{
    /* White king a1, rook a3; black rook a5. Were the white rook to leave
     * the a-file, the black rook would slide to a2 and take a1 by
     * approach: a3-b3 .. a3-e3 are illegal. a3-a2 is legal (a5 then takes
     * only the rook); a3-a4 captures a5 by approach (compulsory). The king
     * goes to a2, b1 or b2 (nothing can reach the point before them). */
    fan_chess *g = CPOS("4k/5/5/5/r4/5/R4/5/K4 w - - - 0 1");
    expect_all(g, "Ka1-a2 Ka1-b1 Ka1-b2 Ra3-a2 Ra3-a4");
    ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(MV(g, "Ra3-a4")), PT("a5"));
    fan_chess_free(g);
    /* Compulsion first: rook b4 would capture the black pawn a4 by
     * withdrawal going east (c4, d4, e4), which opens the a-file to the
     * black rook a5 (a2, then a1 by approach): every capturing version is
     * illegal, and the plain ones do not come back. North and south the
     * rook captures nothing. */
    g = CPOS("4k/5/5/5/r4/pR3/5/5/K4 w - - - 0 1");
    char got[1024];
    FROM_TEXT(got, sizeof got, g, "b4");
    ck_assert_str_eq(got, "Rb4-b1 Rb4-b2 Rb4-b3 Rb4-b5 Rb4-b6 Rb4-b7 "
                          "Rb4-b8 Rb4-b9");
    fan_chess_free(g);
}
END_TEST

START_TEST(checkmate)
{
    /* Black king a9 with its pawns b9 and b8; white queen e3, pawns a6,
     * b7, c7. Qe3-a7 (d4, c5, b6 free; nothing beyond a7 or behind e3)
     * threatens a7-a8 taking a9 by approach: check. Black's answers: the
     * king's only free neighbour is a8, and a9-a8 must capture a7 by
     * approach, after which a6-a7 takes a8: illegal. b9 is blocked by b8;
     * b8 by b7, a7 and c7. No legal move in check: White wins. */
    fan_chess *g = CPOS("kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1");
    ck_assert_int_eq(fan_chess_in_check(g), 0);
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Qe3-a7")));
    ck_assert_int_eq(fan_chess_in_check(g), 1);
    ck_assert_int_eq(fan_chess_result(g), FAN_WHITE_WINS);
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_CHECKMATE);
    size_t n = 9;
    ck_assert_fan_ok(fan_chess_moves(NULL, 0, &n, g));
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(fan_chess_play_points(g, PT("a9"), PT("a8"), 0, 0),
                     FAN_EGAMEOVER);
    /* perft ignores the end of the game but has no moves to count here */
    uint64_t nodes = 1;
    ck_assert_fan_ok(fan_chess_perft(&nodes, g, 1));
    ck_assert_uint_eq(nodes, 0);
    /* undo reopens the game */
    ck_assert_fan_ok(fan_chess_undo(g));
    ck_assert_int_eq(fan_chess_result(g), FAN_ONGOING);
    fan_chess_free(g);
}
END_TEST

START_TEST(stalemate_loses)
{
    /* Black king a9 among its pawns b9, a8, b8; white pawns a7, b7 and c6.
     * Pc6-c7 (c6 weak: straight on only, nothing captured) leaves every
     * black piece blocked: a8 by a7, b8 by a7, b7, c7, b9 by b8, the king
     * by its own pawns. Nothing can take a9 (all its neighbours are
     * black): stalemate, and the stalemated player loses. */
    fan_chess *g = CPOS("kp3/pp3/PP3/2P2/5/5/5/5/K4 w - - - 0 1");
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Pc6-c7")));
    ck_assert_int_eq(fan_chess_in_check(g), 0);
    ck_assert_int_eq(fan_chess_result(g), FAN_WHITE_WINS);
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_STALEMATE);
    fan_chess_free(g);
    /* the same, read from a string: the game starts ended */
    g = CPOS("kp3/pp3/PPP2/5/5/5/5/5/K4 b - - - 0 1");
    ck_assert_int_eq(fan_chess_result(g), FAN_WHITE_WINS);
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_STALEMATE);
    fan_chess_free(g);
}
END_TEST

START_TEST(promotion_needs_a_pool)
{
    /* White pawn b8 (strong): its three moves (a9, b9, c9) all end on the
     * far rank. With an empty pool it cannot move at all. */
    expect_from("4r/1P3/5/5/4k/5/5/5/K4 w - - - 0 1", "b8", "");
    /* With Q and N in the pool: each destination once per piece. */
    const char *pos = "4r/1P3/5/5/4k/5/5/5/K4 w - QN - 0 1";
    expect_from(pos, "b8",
                "Pb8-a9=N Pb8-a9=Q Pb8-b9=N Pb8-b9=Q Pb8-c9=N Pb8-c9=Q");
    fan_chess *g = CPOS(pos);
    uint32_t flags = 0;
    ck_assert_fan_ok(fan_chess_choices(&flags, g, PT("b8"), PT("b9")));
    ck_assert_uint_eq(flags, FAN_CHESS_CHOOSE_PROMOTION);
    fan_chess_move m = 0;
    ck_assert_int_eq(fan_chess_parse_move(&m, g, "Pb8-b9", NULL), FAN_EAMBIGUOUS);
    ck_assert_int_eq(fan_chess_play_points(g, PT("b8"), PT("b9"), 0, 0),
                     FAN_EAMBIGUOUS);
    ck_assert_int_eq(fan_chess_play_points(g, PT("b8"), PT("b9"), 0,
                                           FAN_CHESS_ROOK),
                     FAN_EILLEGAL);
    ck_assert_fan_ok(fan_chess_play_points(g, PT("b8"), PT("b9"), 0,
                                           FAN_CHESS_QUEEN));
    ck_assert_int_eq(fan_chess_piece(g, PT("b9")), FAN_WHITE << 3 | FAN_CHESS_QUEEN);
    ck_assert_int_eq(fan_chess_pool_count(g, FAN_WHITE, FAN_CHESS_QUEEN), 0);
    ck_assert_int_eq(fan_chess_pool_count(g, FAN_WHITE, FAN_CHESS_KNIGHT), 1);
    /* Black's rook e9 goes west to c9, where b9 beyond it is the new
     * queen: it is captured and goes back to White's pool as a queen. */
    m = MV(g, "Re9-c9");
    ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(m), PT("b9"));
    ck_assert_fan_ok(fan_chess_play(g, m));
    ck_assert_int_eq(fan_chess_pool_count(g, FAN_WHITE, FAN_CHESS_QUEEN), 1);
    fan_chess_free(g);
    /* One piece in the pool: nothing to choose, the letter may be left out. */
    g = CPOS("4r/1P3/5/5/4k/5/5/5/K4 w - N - 0 1");
    m = MV(g, "Pb8-c9");
    ck_assert_int_eq(FAN_CHESS_MOVE_PROMOTION(m), FAN_CHESS_KNIGHT);
    ck_assert_fan_ok(fan_chess_choices(&flags, g, PT("b8"), PT("c9")));
    ck_assert_uint_eq(flags, 0);
    fan_chess_free(g);
}
END_TEST

START_TEST(king_knight_move)
{
    /* From the start: nine pawn moves and the king's c1-a2 and c1-e2
     * (via b2 and d2, both occupied; the notes' 11). */
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    expect_all(g, "Kc1-a2 Kc1-e2 Pa3-a4 Pa3-b4 Pb3-b4 Pc3-b4 Pc3-c4 Pc3-d4 "
                  "Pd3-d4 Pe3-d4 Pe3-e4");
    ck_assert_int_eq(FAN_CHESS_MOVE_KIND(MV(g, "Kc1-a2")), FAN_CHESS_KING_KNIGHT);
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Kc1-a2")));
    ck_assert_int_eq(fan_chess_king_unmoved(g, FAN_WHITE), 0);
    ck_assert_int_eq(fan_chess_king_unmoved(g, FAN_BLACK), 1);
    fan_chess_free(g);

    /* King c1 unmoved, black pawn b4 (strong). Steps: b1, c2, d1 are
     * safe; b2 and d2 are not (b4-b3 and b4-c3 would take them by
     * approach). Knight moves: a2 and e2; d3 via d2 (nothing beyond d3 on
     * d4); b3 via b2 would have b4 beyond it: a capture, so not allowed. */
    g = CPOS("4k/5/5/5/5/1p3/5/5/2K2 w K - - 0 1");
    expect_all(g, "Kc1-a2 Kc1-b1 Kc1-c2 Kc1-d1 Kc1-d3 Kc1-e2");
    fan_chess_free(g);
    /* The same king after it has moved (no flag): steps only. */
    g = CPOS("4k/5/5/5/5/1p3/5/5/2K2 w - - - 0 1");
    expect_all(g, "Kc1-b1 Kc1-c2 Kc1-d1");
    fan_chess_free(g);
    /* In check (the black rook c5 would slide to c2 and take c1): no
     * knight move, though the flag is set. c2 itself would capture the
     * rook? No: c3 beyond c2 is empty. The king steps aside to b1, d1, b2
     * or d2 (off the c-file; the rook cannot reach a point before them). */
    g = CPOS("4k/5/5/5/2r2/5/5/5/2K2 w K - - 0 1");
    ck_assert_int_eq(fan_chess_in_check(g), 1);
    expect_all(g, "Kc1-b1 Kc1-b2 Kc1-d1 Kc1-d2");
    fan_chess_free(g);
}
END_TEST

START_TEST(repetition)
{
    /* Two kings walking back and forth: the position after 4 plies is the
     * set-up's second occurrence, after 8 plies its third: a draw. */
    fan_chess *g = CPOS("4k/5/5/5/5/5/5/5/K4 w - - - 0 1");
    const char *walk[] = {"Ka1-a2", "Ke9-e8", "Ka2-a1", "Ke8-e9"};
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(fan_chess_result(g), FAN_ONGOING);
        ck_assert_fan_ok(fan_chess_play(g, MV(g, walk[i % 4])));
    }
    ck_assert_int_eq(fan_chess_result(g), FAN_DRAW);
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_REPETITION);
    ck_assert_int_eq(fan_chess_play_points(g, PT("a1"), PT("a2"), 0, 0),
                     FAN_EGAMEOVER);
    ck_assert_fan_ok(fan_chess_undo(g));
    ck_assert_int_eq(fan_chess_result(g), FAN_ONGOING);
    ck_assert_fan_ok(fan_chess_redo(g));
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_REPETITION);
    fan_chess_free(g);
    /* From the start, after both kings' knight moves (which clear their
     * flags), the rooks step b1-c1, b9-c9 and back: the position after
     * ply 2 comes back after plies 6 and 10. */
    ck_assert_fan_ok(fan_chess_new(&g));
    const char *dance[] = {"Kc1-a2", "Kc9-a8", "Rb1-c1", "Rb9-c9",
                           "Rc1-b1", "Rc9-b9", "Rb1-c1", "Rb9-c9",
                           "Rc1-b1", "Rc9-b9"};
    for (int i = 0; i < 10; i++) {
        ck_assert_int_eq(fan_chess_result(g), FAN_ONGOING);
        ck_assert_fan_ok(fan_chess_play(g, MV(g, dance[i])));
    }
    /* after ply 2 (a2/a8) the position recurs after plies 6 and 10 */
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_REPETITION);
    ck_assert_fan_ok(fan_chess_undo(g));
    ck_assert_fan_ok(fan_chess_undo(g));
    ck_assert_fan_ok(fan_chess_undo(g));
    ck_assert_fan_ok(fan_chess_undo(g));
    ck_assert_int_eq(fan_chess_result(g), FAN_ONGOING);
    fan_chess_free(g);
}
END_TEST

START_TEST(fifty_moves)
{
    /* Clock 98: two more plies without capture or pawn move end it. */
    fan_chess *g = CPOS("4k/5/5/5/5/5/5/5/K4 w - - - 98 60");
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Ka1-a2")));
    ck_assert_int_eq(fan_chess_result(g), FAN_ONGOING);
    ck_assert_int_eq(fan_chess_halfmove_clock(g), 99);
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Ke9-e8")));
    ck_assert_int_eq(fan_chess_result(g), FAN_DRAW);
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_FIFTY_MOVES);
    ck_assert_int_eq(fan_chess_move_number(g), 61);
    fan_chess_free(g);
    /* The move number stops at its largest value. */
    g = CPOS("4k/5/5/5/5/5/5/5/K4 b - - - 0 999999");
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Ke9-e8")));
    ck_assert_int_eq(fan_chess_move_number(g), 999999);
    fan_chess_free(g);
    /* A pawn move resets the clock. */
    g = CPOS("4k/5/5/5/5/5/P4/5/K4 w - - - 99 60");
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Pa3-a4")));
    ck_assert_int_eq(fan_chess_halfmove_clock(g), 0);
    ck_assert_int_eq(fan_chess_result(g), FAN_ONGOING);
    fan_chess_free(g);
    /* Mate on the hundredth ply wins: no legal move is judged first. */
    g = CPOS("kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 99 60");
    ck_assert_fan_ok(fan_chess_play(g, MV(g, "Qe3-a7")));
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_CHECKMATE);
    fan_chess_free(g);
}
END_TEST

static void expect_reason(const fan_chess *g, const char *from, const char *to,
                          int kind, int promo, int code, const char *reason)
{
    char buf[FAN_CHESS_EXPLAIN_MAX];
    int r = fan_chess_explain_move(buf, sizeof buf, NULL, g, PT(from), PT(to),
                                   kind, promo);
    ck_assert_msg(r == code && !strcmp(buf, reason), "%s-%s: %d \"%s\"",
                  from, to, r, buf);
}

/* The explanations agree with what play_points does, and say why. */
START_TEST(explanations)
{
    static const char *const positions[] = {
        "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1",
        "4k/5/5/5/p1Rp1/5/5/5/4K w - - - 0 1",
        "4k/5/5/5/r4/pR3/5/5/K4 w - - - 0 1",
        "4r/1P3/5/5/4k/5/5/5/K4 w - QN - 0 1",
        "kp3/1p3/QPP2/P4/5/5/5/5/K4 b - - - 0 1",
    };
    static const int kinds[] = {0, FAN_CHESS_PLAIN, FAN_CHESS_APPROACH,
                                FAN_CHESS_WITHDRAWAL};
    static const int promos[] = {0, FAN_CHESS_QUEEN, FAN_CHESS_ROOK};
    for (size_t p = 0; p < sizeof positions / sizeof positions[0]; p++) {
        fan_chess *g = CPOS(positions[p]);
        for (int from = 0; from < FAN_CHESS_POINTS; from++)
            for (int to = 0; to < FAN_CHESS_POINTS; to++)
                for (int k = 0; k < 4; k++)
                    for (int q = 0; q < 3; q++) {
                        char buf[FAN_CHESS_EXPLAIN_MAX];
                        int e = fan_chess_explain_move(buf, sizeof buf, NULL, g,
                                                       from, to, kinds[k],
                                                       promos[q]);
                        fan_chess *c = NULL;
                        ck_assert_fan_ok(fan_chess_clone(&c, g));
                        int r = fan_chess_play_points(c, from, to, kinds[k],
                                                      promos[q]);
                        ck_assert_int_eq(e, r);
                        ck_assert_int_eq(buf[0] == '\0', e == FAN_OK);
                        fan_chess_free(c);
                    }
        fan_chess_free(g);
    }
    fan_chess *g = CPOS("4k/5/5/5/p1Rp1/5/5/5/4K w - - - 0 1");
    expect_reason(g, "c5", "b5", 0, 0, FAN_EAMBIGUOUS,
                  "c5-b5 captures by approach or withdrawal: name one");
    expect_reason(g, "c5", "b5", FAN_CHESS_PLAIN, 0, FAN_EILLEGAL,
                  "c5-b5 is not a plain move: capture is compulsory");
    expect_reason(g, "c5", "c6", FAN_CHESS_APPROACH, 0, FAN_EILLEGAL,
                  "c5-c6 is not an approach: it captures nothing");
    expect_reason(g, "c5", "d5", 0, 0, FAN_EILLEGAL,
                  "d5 is occupied (no move lands on a piece)");
    expect_reason(g, "c5", "d6", 0, 0, FAN_EILLEGAL,
                  "the rook on c5 has no move to d6");
    expect_reason(g, "a5", "a4", 0, 0, FAN_EILLEGAL,
                  "a5 holds no piece of the side to move");
    expect_reason(g, "c5", "c6", 0, 0, FAN_OK, "");
    fan_chess_free(g);
    g = CPOS("4k/5/5/5/r4/pR3/5/5/K4 w - - - 0 1");
    expect_reason(g, "b4", "c4", 0, 0, FAN_EILLEGAL,
                  "b4-c4 would leave the king in check");
    fan_chess_free(g);
    g = CPOS("4r/1P3/5/5/4k/5/5/5/K4 w - QN - 0 1");
    expect_reason(g, "b8", "b9", 0, FAN_CHESS_ROOK, FAN_EILLEGAL,
                  "no rook in the pool to promote to");
    expect_reason(g, "b8", "b9", 0, 0, FAN_EAMBIGUOUS,
                  "b8-b9 promotes: name the piece");
    fan_chess_free(g);
    g = CPOS("4r/1P3/5/5/4k/5/5/5/K4 w - - - 0 1");
    expect_reason(g, "b8", "b9", 0, 0, FAN_EILLEGAL,
                  "a pawn may enter the far rank only with a piece in its pool");
    fan_chess_free(g);
    g = CPOS("kp3/1p3/QPP2/P4/5/5/5/5/K4 b - - - 0 1");
    expect_reason(g, "a9", "a8", 0, 0, FAN_EGAMEOVER,
                  "the game is over (checkmate)");
    char small[8];
    size_t need = 0;
    ck_assert_int_eq(fan_chess_explain_move(small, sizeof small, &need, g,
                                            PT("a9"), PT("a8"), 0, 0),
                     FAN_EBUFS);
    ck_assert_uint_eq(need, strlen("the game is over (checkmate)") + 1);
    ck_assert_int_eq(fan_chess_explain_move(NULL, 4, &need, g, 0, 0, 0, 0),
                     FAN_EINVAL);
    fan_chess_free(g);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("chess-rules");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, queen_strong_and_weak);
    tcase_add_test(tc, rook_strong_and_weak);
    tcase_add_test(tc, bishop_strong_and_weak);
    tcase_add_test(tc, knight_strong_and_weak);
    tcase_add_test(tc, knight_paths_and_captures);
    tcase_add_test(tc, king_and_pawn_strong_and_weak);
    tcase_add_test(tc, approach_and_compulsion);
    tcase_add_test(tc, withdrawal);
    tcase_add_test(tc, both_modes_must_be_named);
    tcase_add_test(tc, pin_and_self_check);
    tcase_add_test(tc, checkmate);
    tcase_add_test(tc, stalemate_loses);
    tcase_add_test(tc, promotion_needs_a_pool);
    tcase_add_test(tc, king_knight_move);
    tcase_add_test(tc, repetition);
    tcase_add_test(tc, fifty_moves);
    tcase_add_test(tc, explanations);
    suite_add_tcase(s, tc);
    return s;
}
