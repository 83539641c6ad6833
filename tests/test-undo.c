/* SPDX-License-Identifier: MIT */
/* Undo, redo and clone: undo restores exactly the state before the turn
 * (board, side, turn counter, result, history, chain state), in the middle
 * of a chain it goes back to the start of that turn, redo replays, a new
 * move clears the redo list, an ended game can be taken back, and a clone
 * is a deep, independent copy. Random games use a seeded xorshift so any
 * failure can be replayed. */
#include "tstate.h"

#define MAX_TURNS (FAN_TURN_LIMIT + 1)

typedef struct game {
    tsnap snap[MAX_TURNS + 1]; /* snap[i]: after i turns */
    fan_path played[MAX_TURNS];
    int n;                     /* turns played */
} game;

/* A cautious random turn: among the legal paths, tried in a random order,
 * the first after which the opponent has no capture, else any. Played
 * step by step (ending a stop-at-will chain where the path ends). Such
 * games last long, into repetitions and the turn limit. */
static void play_cautious_turn(fan_position *p, uint64_t *rng,
                               fan_path *played)
{
    size_t n = 0;
    int r = fan_position_paths(NULL, 0, &n, p);
    ck_assert(r == FAN_EBUFS && n > 0);
    fan_path *paths = calloc(n, sizeof *paths);
    ck_assert_ptr_nonnull(paths);
    ck_assert_fan_ok(fan_position_paths(paths, n, &n, p));
    size_t pick = xs_below(rng, n);
    for (size_t k = 0; k < n; k++) {
        size_t i = (pick + k) % n;
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_path(q, &paths[i]));
        int safe = fan_position_must_capture(q) == 0;
        fan_position_free(q);
        if (safe) {
            pick = i;
            break;
        }
    }
    *played = paths[pick];
    free(paths);
    int from = played->from;
    for (int i = 0; i < played->length; i++) {
        ck_assert_fan_ok(fan_position_play_step(p, from, played->to[i],
                                                played->kind[i]));
        from = played->to[i];
    }
    if (fan_position_in_chain(p) == 1)
        ck_assert_fan_ok(fan_position_end_turn(p));
    ck_assert_int_eq(fan_position_in_chain(p), 0);
}

/* Plays a random game to its end (at most 400 turns), recording a snapshot
 * at every turn boundary and the path of every turn. Every few turns, it
 * also checks that undo in the middle of a chain goes back to the start of
 * that turn and that the chain can then be played again. */
static void play_random_game(game *g, fan_position *p, uint64_t *rng,
                             int cautious)
{
    g->n = 0;
    snap_take(&g->snap[0], p);
    while (fan_position_result(p) == FAN_ONGOING) {
        ck_assert_int_lt(g->n, MAX_TURNS);
        if (g->n % 5 == 0) {
            /* One step, then undo: mid-chain it takes back the chain so
             * far, after a whole turn (paika, or a chain that could not go
             * on) that turn; either way back to the start of the turn. */
            fan_step steps[FAN_STEPS_MAX];
            size_t n = all_steps(steps, p);
            const fan_step *s = &steps[xs_below(rng, n)];
            ck_assert_fan_ok(fan_position_play_step(p, s->from, s->to, s->kind));
            ck_assert_fan_ok(fan_position_undo(p));
            tsnap now;
            snap_take(&now, p);
            ck_assert_snap_eq(&now, &g->snap[g->n]);
        }
        if (cautious)
            play_cautious_turn(p, rng, &g->played[g->n]);
        else
            play_random_turn(p, rng, &g->played[g->n]);
        g->n++;
        snap_take(&g->snap[g->n], p);
        ck_assert_int_eq(g->snap[g->n].history, g->n);
        ck_assert_int_eq(g->snap[g->n].turns, g->n);
        ck_assert_int_eq(g->snap[g->n].in_chain, 0);
        ck_assert(path_same(&g->snap[g->n].last_turn, &g->played[g->n - 1]));
    }
}

/* Undo to the start comparing every snapshot, redo to the end likewise,
 * then undo to the start again. */
static void round_trip(const game *g, fan_position *p)
{
    tsnap now;
    for (int i = g->n; i > 0; i--) {
        ck_assert_fan_ok(fan_position_undo(p));
        snap_take(&now, p);
        ck_assert_snap_eq(&now, &g->snap[i - 1]);
    }
    ck_assert_int_eq(fan_position_undo(p), FAN_ENOHISTORY);
    snap_take(&now, p);
    ck_assert_snap_eq(&now, &g->snap[0]);
    for (int i = 1; i <= g->n; i++) {
        ck_assert_fan_ok(fan_position_redo(p));
        snap_take(&now, p);
        ck_assert_snap_eq(&now, &g->snap[i]);
    }
    ck_assert_int_eq(fan_position_redo(p), FAN_ENOHISTORY);
    for (int i = 0; i < g->n; i++)
        ck_assert_fan_ok(fan_position_undo(p));
    snap_take(&now, p);
    ck_assert_snap_eq(&now, &g->snap[0]);
}

START_TEST(random_games_round_trip)
{
    static game g;
    uint64_t rng = 0x9E3779B97F4A7C15ull ^ ((uint64_t)_i * 0x100000001B3ull);
    int rules = _i % 2 ? FAN_RULES_MUST : FAN_RULES_STOP;
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, rules));
    play_random_game(&g, p, &rng, _i / 2 % 2);
    ck_assert_int_gt(g.n, 0);
    ck_assert_int_ne(fan_position_result(p), FAN_ONGOING);
    if (getenv("TEST_VERBOSE"))
        fprintf(stderr, "game %d rules %d: %d turns, %s\n", _i, rules, g.n,
                fan_reason_name(fan_position_result_reason(p)));
    round_trip(&g, p);
    fan_position_free(p);
}
END_TEST

/* The same from a set-up position (the history starts there). */
START_TEST(random_games_from_setup)
{
    static game g;
    uint64_t rng = 0xD1B54A32D192ED03ull + (uint64_t)_i;
    fan_position *p = POS("a1 c1 e1 b2 d2 f3 h3 c3", "a5 e5 g5 h4 d4 b4 i3",
                          _i % 2 ? FAN_BLACK : FAN_WHITE,
                          _i % 2 ? FAN_RULES_STOP : FAN_RULES_MUST);
    play_random_game(&g, p, &rng, _i / 2 % 2);
    round_trip(&g, p);
    fan_position_free(p);
}
END_TEST

/* ZIGZAG (see test-chains): White g2; Black h2 d2 f4 d3 a5, a four-segment
 * chain g2-f2 W, f2-f3 A, f3-e3 A, e3-f4 W. Taking back after one, two or
 * three segments restores the start of the turn, pieces included. */
START_TEST(undo_mid_chain)
{
    for (int done = 1; done <= 3; done++) {
        fan_position *p = POS("g2", "h2 d2 f4 d3 a5", FAN_WHITE, FAN_RULES_STOP);
        tsnap start, now;
        snap_take(&start, p);
        PLAY(p, "g2", "f2", FAN_STEP_WITHDRAWAL);
        if (done > 1)
            PLAY(p, "f2", "f3", FAN_STEP_APPROACH);
        if (done > 2)
            PLAY(p, "f3", "e3", FAN_STEP_APPROACH);
        ck_assert_int_eq(fan_position_in_chain(p), 1);
        ck_assert_fan_ok(fan_position_undo(p));
        snap_take(&now, p);
        ck_assert_snap_eq(&now, &start);
        /* Nothing was a whole turn: nothing to redo or undo further. */
        ck_assert_int_eq(fan_position_redo(p), FAN_ENOHISTORY);
        ck_assert_int_eq(fan_position_undo(p), FAN_ENOHISTORY);
        snap_take(&now, p);
        ck_assert_snap_eq(&now, &start);
        /* The chain plays again from the start. */
        PLAY(p, "g2", "f2", FAN_STEP_WITHDRAWAL);
        ck_assert_int_eq(fan_position_in_chain(p), 1);
        fan_position_free(p);
    }
}
END_TEST

/* After some turns, a chain in progress is taken back to the start of the
 * current turn, not further. White g2 i5; Black h3 d2 f4 d3 b5.
 * No capture for either side at first: g2's neighbours f2, h2, g1, g3
 * have empty points ahead and behind; i5 sees nothing on its three lines;
 * Black's h3, f4, d2, d3 have no white piece two points away on a line or
 * next to them. Turn 1: White i5-i4 (paika). Turn 2: Black h3-h2 (south;
 * h1 ahead and h4 behind are empty: a paika). Now h2 stands next to g2,
 * and White's turn 3 is the zigzag chain of test-chains: g2-f2 withdraws
 * h2, f2-f3 approaches f4. Undo in the middle of it returns to the
 * position after turn 2. */
START_TEST(undo_mid_chain_after_turns)
{
    fan_position *p = POS("g2 i5", "h3 d2 f4 d3 b5", FAN_WHITE, FAN_RULES_MUST);
    tsnap after[3], now;
    snap_take(&after[0], p);
    PLAY(p, "i5", "i4", FAN_STEP_PAIKA);
    snap_take(&after[1], p);
    PLAY(p, "h3", "h2", FAN_STEP_PAIKA);
    snap_take(&after[2], p);
    PLAY(p, "g2", "f2", FAN_STEP_WITHDRAWAL);
    PLAY(p, "f2", "f3", FAN_STEP_APPROACH);
    ck_assert_int_eq(fan_position_in_chain(p), 1);
    for (int i = 2; i >= 0; i--) {
        ck_assert_fan_ok(fan_position_undo(p));
        snap_take(&now, p);
        ck_assert_snap_eq(&now, &after[i]);
    }
    ck_assert_int_eq(fan_position_undo(p), FAN_ENOHISTORY);
    fan_position_free(p);
}
END_TEST

/* Redo replays what undo took back; a refused move keeps the redo list;
 * any new turn clears it, even the very turn that was undone, whether it
 * comes by path, by turn or by steps. */
START_TEST(redo_and_new_move)
{
    uint64_t rng = 7;
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    ck_assert_int_eq(fan_position_redo(p), FAN_ENOHISTORY);
    tsnap snaps[7], now;
    snap_take(&snaps[0], p);
    for (int i = 1; i <= 6; i++) {
        fan_path played;
        play_random_turn(p, &rng, &played);
        snap_take(&snaps[i], p);
        ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    }
    for (int i = 0; i < 3; i++)
        ck_assert_fan_ok(fan_position_undo(p));
    snap_take(&now, p);
    ck_assert_snap_eq(&now, &snaps[3]);
    ck_assert_fan_ok(fan_position_redo(p));
    snap_take(&now, p);
    ck_assert_snap_eq(&now, &snaps[4]);
    ck_assert_fan_ok(fan_position_undo(p));

    /* a1 to i5 is no step: refused, and the redo list is kept */
    ck_assert_int_eq(fan_position_play_step(p, 0, 44, FAN_STEP_ANY),
                     FAN_EILLEGAL);
    ck_assert_fan_ok(fan_position_redo(p));
    snap_take(&now, p);
    ck_assert_snap_eq(&now, &snaps[4]);
    ck_assert_fan_ok(fan_position_undo(p));

    const fan_path *turn4 = &snaps[4].last_turn;
    fan_turn effect;
    ck_assert_fan_ok(fan_path_turn(&effect, turn4));
    for (int how = 0; how < 3; how++) {
        if (how == 0) {
            ck_assert_fan_ok(fan_position_play_path(p, turn4));
        } else if (how == 1) {
            ck_assert_fan_ok(fan_position_play_turn(p, effect));
        } else {
            int from = turn4->from;
            for (int i = 0; i < turn4->length; i++) {
                ck_assert_fan_ok(fan_position_play_step(p, from, turn4->to[i],
                                                        turn4->kind[i]));
                if (i == 0)
                    ck_assert_int_eq(fan_position_redo(p), FAN_ENOHISTORY);
                from = turn4->to[i];
            }
            if (fan_position_in_chain(p) == 1)
                ck_assert_fan_ok(fan_position_end_turn(p));
        }
        ck_assert_int_eq(fan_position_redo(p), FAN_ENOHISTORY);
        snap_take(&now, p);
        ck_assert_uint_eq(now.white, snaps[4].white);
        ck_assert_uint_eq(now.black, snaps[4].black);
        ck_assert_int_eq(now.history, 4);
        if (how != 1) /* play_turn may take another path to the same end */
            ck_assert_snap_eq(&now, &snaps[4]);
        ck_assert_fan_ok(fan_position_undo(p));
    }
    fan_position_free(p);
}
END_TEST

/* White c1 takes Black's last piece a1 by c1-b1: the game is over. Undo
 * makes it go on again with White to move; redo ends it again. */
START_TEST(undo_finished_game)
{
    fan_position *p = POS("c1", "a1", FAN_WHITE, FAN_RULES_STOP);
    tsnap start, end, now;
    snap_take(&start, p);
    PLAY(p, "c1", "b1", FAN_STEP_APPROACH);
    snap_take(&end, p);
    ck_assert_int_eq(end.result, FAN_WHITE_WINS);
    ck_assert_fan_ok(fan_position_undo(p));
    snap_take(&now, p);
    ck_assert_snap_eq(&now, &start);
    ck_assert_int_eq(now.result, FAN_ONGOING);
    ck_assert_int_eq(now.reason, FAN_REASON_NONE);
    ck_assert_fan_ok(fan_position_redo(p));
    snap_take(&now, p);
    ck_assert_snap_eq(&now, &end);
    fan_position_free(p);
}
END_TEST

/* A clone has its own board, chain state, history and redo list. */
START_TEST(clone_is_deep)
{
    static game g;
    uint64_t rng = 0xABCDEF12345ull + (uint64_t)_i;
    fan_position *p = NULL, *q = NULL;
    ck_assert_fan_ok(fan_position_new(&p, _i % 2));
    play_random_game(&g, p, &rng, _i / 2 % 2);
    int back = g.n / 2;
    for (int i = 0; i < back; i++)
        ck_assert_fan_ok(fan_position_undo(p));
    /* p is now after g.n - back turns, with back turns to redo. */
    ck_assert_fan_ok(fan_position_clone(&q, p));
    tsnap sp, sq;
    snap_take(&sp, p);
    snap_take(&sq, q);
    ck_assert_snap_eq(&sp, &sq);
    ck_assert_int_eq(fan_position_equal(p, q), 1);

    /* Play a different random game on the clone: p does not move. */
    fan_path played;
    int played_on_q = 0;
    for (; played_on_q < 10 && fan_position_result(q) == FAN_ONGOING;
         played_on_q++)
        play_random_turn(q, &rng, &played);
    tsnap now, q_end;
    snap_take(&q_end, q);
    snap_take(&now, p);
    ck_assert_snap_eq(&now, &sp);
    /* The clone's history goes back to the start of the game. */
    int r;
    while ((r = fan_position_undo(q)) == FAN_OK)
        ;
    ck_assert_int_eq(r, FAN_ENOHISTORY);
    snap_take(&now, q);
    ck_assert_snap_eq(&now, &g.snap[0]);
    snap_take(&now, p);
    ck_assert_snap_eq(&now, &sp);

    /* p's redo list is intact; then free p and keep using q. */
    for (int i = g.n - back + 1; i <= g.n; i++) {
        ck_assert_fan_ok(fan_position_redo(p));
        snap_take(&now, p);
        ck_assert_snap_eq(&now, &g.snap[i]);
    }
    fan_position_free(p);
    int redone = 0;
    while (fan_position_redo(q) == FAN_OK)
        redone++;
    ck_assert_int_eq(redone, g.n - back + played_on_q);
    snap_take(&now, q);
    ck_assert_snap_eq(&now, &q_end);
    fan_position_free(q);
}
END_TEST

/* Cloning in the middle of a chain copies the chain state; the copies then
 * go their own ways. */
START_TEST(clone_mid_chain)
{
    fan_position *p = POS("g2", "h2 d2 f4 d3 a5", FAN_WHITE, FAN_RULES_STOP);
    PLAY(p, "g2", "f2", FAN_STEP_WITHDRAWAL);
    fan_position *q = NULL;
    ck_assert_fan_ok(fan_position_clone(&q, p));
    tsnap sp, sq;
    snap_take(&sp, p);
    snap_take(&sq, q);
    ck_assert_snap_eq(&sp, &sq);
    ck_assert_int_eq(sq.in_chain, 1);
    ck_assert_fan_ok(fan_position_end_turn(q));
    PLAY(p, "f2", "f3", FAN_STEP_APPROACH);
    ck_assert_int_eq(fan_position_in_chain(p), 1);
    ck_assert_int_eq(fan_position_side_to_move(q), FAN_BLACK);
    ck_assert_int_eq(fan_position_piece(p, SQ("f4")), FAN_EMPTY);
    ck_assert_int_eq(fan_position_piece(q, SQ("f4")), FAN_BLACK);
    fan_position_free(p);
    ck_assert_fan_ok(fan_position_undo(q));
    ck_assert_int_eq(fan_position_piece(q, SQ("g2")), FAN_WHITE);
    ck_assert_int_eq(fan_position_piece(q, SQ("h2")), FAN_BLACK);
    fan_position_free(q);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("undo");
    TCase *tc = tcase_create("random");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, random_games_round_trip, 0, 16);
    tcase_add_loop_test(tc, random_games_from_setup, 0, 8);
    tcase_add_loop_test(tc, clone_is_deep, 0, 8);
    suite_add_tcase(s, tc);

    tc = tcase_create("cases");
    tcase_add_test(tc, undo_mid_chain);
    tcase_add_test(tc, undo_mid_chain_after_turns);
    tcase_add_test(tc, redo_and_new_move);
    tcase_add_test(tc, undo_finished_game);
    tcase_add_test(tc, clone_mid_chain);
    suite_add_tcase(s, tc);
    return s;
}
