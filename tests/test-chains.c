/* SPDX-License-Identifier: MIT */
/* Capture chains: same piece only, no revisit, no same direction twice in
 * a row, stop-at-will against must-continue, the chain state readers, the
 * turn lists in the middle of a chain, whole turns against step-by-step
 * play, and the unique list against the paths list. The hand-built
 * positions are analysed in the comments; strong points are those with
 * (column + row) even. */
#include "tstate.h"

/* ZIGZAG: White g2; Black h2 d2 f4 d3 a5 (a5 is only there so Black keeps
 * a piece). One chain, worked out point by point:
 *  1. g2 (weak) -> f2 west, withdrawing from h2: {h2} (i2 empty). Nothing
 *     else: f2 has e2 empty ahead, g1/g3 have empty points on their lines.
 *  2. From f2 (strong), last direction west. f2 -> e2 would approach d2
 *     but repeats west: banned. f2 -> f3 north approaches f4: {f4} (f5
 *     empty). Every other line from f2 has empty points ahead and behind;
 *     g2 is visited.
 *  3. From f3 (weak), last direction north: f3 -> e3 west approaches d3:
 *     {d3} (c3 empty). West again after north is allowed. f3 -> g3 and
 *     f3 -> f4 capture nothing (and f4 repeats north); f2 is visited.
 *  4. From e3 (strong), last direction west: e3 -> f4 north-east
 *     withdraws from d2: {d2} (c1 empty). d3 would repeat west; e2, e4,
 *     d4 and f2 have empty points ahead and behind; f3 is visited.
 *  5. From f4 only a5 is left, far away: the chain is over. */
#define ZIGZAG_WHITE "g2"
#define ZIGZAG_BLACK "h2 d2 f4 d3 a5"

static const struct {
    const char *from, *to;
    int kind, dir;
    const char *captures;
} zigzag[4] = {
    {"g2", "f2", FAN_STEP_WITHDRAWAL, FAN_DIR_W, "h2"},
    {"f2", "f3", FAN_STEP_APPROACH, FAN_DIR_N, "f4"},
    {"f3", "e3", FAN_STEP_APPROACH, FAN_DIR_W, "d3"},
    {"e3", "f4", FAN_STEP_WITHDRAWAL, FAN_DIR_NE, "d2"},
};

static fan_position *zigzag_position(int rules)
{
    return POS(ZIGZAG_WHITE, ZIGZAG_BLACK, FAN_WHITE, rules);
}

static void play_zigzag(fan_position *p, int first, int last)
{
    for (int i = first; i < last; i++)
        ck_assert_fan_ok(fan_position_play_step(p, SQ(zigzag[i].from),
                                                SQ(zigzag[i].to),
                                                zigzag[i].kind));
}

/* The only step now is zigzag segment i. */
static void assert_only_zigzag_step(const fan_position *p, int i)
{
    fan_step steps[FAN_STEPS_MAX];
    size_t n = all_steps(steps, p);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(steps[0].from, SQ(zigzag[i].from));
    ck_assert_int_eq(steps[0].to, SQ(zigzag[i].to));
    ck_assert_int_eq(steps[0].kind, zigzag[i].kind);
    ck_assert_int_eq(steps[0].direction, zigzag[i].dir);
    ck_assert_uint_eq(steps[0].captures, MASK(zigzag[i].captures));
}

/* The effect of the first k zigzag segments. */
static fan_turn zigzag_effect(int k)
{
    uint64_t cap = 0;
    for (int i = 0; i < k; i++)
        cap |= MASK(zigzag[i].captures);
    return FAN_TURN_MAKE(SQ("g2"), SQ(zigzag[k - 1].to), cap);
}

static int turn_in(fan_turn t, const fan_turn *list, size_t n)
{
    int found = 0;
    for (size_t i = 0; i < n; i++)
        found += list[i] == t;
    return found;
}

START_TEST(direction_rule)
{
    fan_position *p = zigzag_position(FAN_RULES_STOP);
    assert_only_zigzag_step(p, 0);
    play_zigzag(p, 0, 1);
    /* West after west is refused although it would capture d2. */
    assert_only_zigzag_step(p, 1);
    tsnap before, after;
    snap_take(&before, p);
    ck_assert_int_eq(fan_position_play_step(p, SQ("f2"), SQ("e2"), FAN_STEP_ANY),
                     FAN_EILLEGAL);
    ck_assert_int_eq(
        fan_position_play_step(p, SQ("f2"), SQ("e2"), FAN_STEP_APPROACH),
        FAN_EILLEGAL);
    snap_take(&after, p);
    ck_assert_snap_eq(&before, &after);
    play_zigzag(p, 1, 2);
    /* West, north, west: allowed. */
    assert_only_zigzag_step(p, 2);
    play_zigzag(p, 2, 3);
    assert_only_zigzag_step(p, 3);
    play_zigzag(p, 3, 4);
    ck_assert_int_eq(fan_position_in_chain(p), 0);
    fan_position_free(p);
}
END_TEST

/* SAMEPIECE: the zigzag plus White a1 and Black a3. a1 -> a2 approaches a3
 * (run a3, a4 empty); nothing of a1/a3 touches the zigzag lines (c3 and
 * c1, where the zigzag runs stop, stay empty). So two first steps; once
 * g2 has captured, only g2 (now on f2) may go on, although a1 could still
 * capture. */
START_TEST(same_piece_only)
{
    fan_position *p = POS("g2 a1", "h2 d2 f4 d3 a5 a3", FAN_WHITE,
                          FAN_RULES_STOP);
    fan_step steps[FAN_STEPS_MAX];
    size_t n = all_steps(steps, p);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_ge(step_index(steps, n, SQ("g2"), SQ("f2"),
                                FAN_STEP_WITHDRAWAL), 0);
    ck_assert_int_ge(step_index(steps, n, SQ("a1"), SQ("a2"),
                                FAN_STEP_APPROACH), 0);
    play_zigzag(p, 0, 1);
    assert_only_zigzag_step(p, 1);
    uint64_t m;
    ck_assert_fan_ok(fan_position_movable(&m, p));
    ck_assert_uint_eq(m, MASK("f2"));
    ck_assert_fan_ok(fan_position_destinations(&m, p, SQ("a1")));
    ck_assert_uint_eq(m, 0);
    ck_assert_int_eq(fan_position_must_capture(p), 1);
    tsnap before, after;
    snap_take(&before, p);
    ck_assert_int_eq(fan_position_play_step(p, SQ("a1"), SQ("a2"), FAN_STEP_ANY),
                     FAN_EILLEGAL);
    ck_assert_int_eq(fan_position_play_turn(
                         p, FAN_TURN_MAKE(SQ("a1"), SQ("a2"), MASK("a3"))),
                     FAN_EILLEGAL);
    snap_take(&after, p);
    ck_assert_snap_eq(&before, &after);
    fan_position_free(p);
}
END_TEST

/* ORIGIN: White c3; Black b3 e3 d5 i1 (i1 is out of everyone's reach).
 *  - c3 -> d3 east approaches e3 {e3} (f3 empty) or withdraws from b3
 *    {b3} (a3 empty). c3's other lines have empty points ahead and behind.
 *  - After either, d3 (weak) could go back west to the origin c3, which
 *    would withdraw from e3 (after the withdrawal) or approach b3 (after
 *    the approach): refused, the origin counts as visited. d3 -> d4 north
 *    approaches d5 {d5}; d3 -> d2 captures nothing; east is banned.
 *  - From d4 after the approach branch (e3 gone): nothing. After the
 *    withdrawal branch (e3 still there): d4 -> c5 north-west withdraws
 *    from e3 {e3} (f2 empty); then from c5 only i1 is left.
 * Paths under stop-at-will: [A], [A,d4], [W], [W,d4], [W,d4,c5]: five,
 * all with different effects. Under must-continue: [A,d4], [W,d4,c5]. */
static fan_position *origin_position(int rules)
{
    return POS("c3", "b3 e3 d5 i1", FAN_WHITE, rules);
}

START_TEST(no_return_to_origin)
{
    for (int kind = FAN_STEP_APPROACH; kind <= FAN_STEP_WITHDRAWAL; kind++) {
        fan_position *p = origin_position(FAN_RULES_STOP);
        ck_assert_fan_ok(fan_position_play_step(p, SQ("c3"), SQ("d3"), kind));
        ck_assert_int_eq(fan_position_in_chain(p), 1);
        fan_step steps[FAN_STEPS_MAX];
        size_t n = all_steps(steps, p);
        ck_assert_uint_eq(n, 1);
        ck_assert_int_eq(steps[0].to, SQ("d4"));
        ck_assert_int_eq(steps[0].kind, FAN_STEP_APPROACH);
        ck_assert_uint_eq(steps[0].captures, MASK("d5"));
        uint64_t dest;
        ck_assert_fan_ok(fan_position_destinations(&dest, p, SQ("d3")));
        ck_assert_uint_eq(dest, MASK("d4"));
        ck_assert_int_eq(
            fan_position_play_step(p, SQ("d3"), SQ("c3"), FAN_STEP_ANY),
            FAN_EILLEGAL);
        fan_position_free(p);
    }
}
END_TEST

static void check_origin_turns(int rules, size_t want)
{
    fan_position *p = origin_position(rules);
    fan_turn all[5] = {
        FAN_TURN_MAKE(SQ("c3"), SQ("d4"), MASK("e3 d5")),
        FAN_TURN_MAKE(SQ("c3"), SQ("c5"), MASK("b3 d5 e3")),
        FAN_TURN_MAKE(SQ("c3"), SQ("d3"), MASK("e3")),
        FAN_TURN_MAKE(SQ("c3"), SQ("d3"), MASK("b3")),
        FAN_TURN_MAKE(SQ("c3"), SQ("d4"), MASK("b3 d5")),
    };
    fan_turn t[8];
    size_t n;
    ck_assert_fan_ok(fan_position_turns(t, 8, &n, p));
    ck_assert_uint_eq(n, want);
    for (size_t i = 0; i < want; i++)
        ck_assert_int_eq(turn_in(all[i], t, n), 1);
    fan_path paths[8];
    ck_assert_fan_ok(fan_position_paths(paths, 8, &n, p));
    ck_assert_uint_eq(n, want);
    fan_position_free(p);
}

START_TEST(origin_turns_stop)
{
    check_origin_turns(FAN_RULES_STOP, 5);
}
END_TEST

START_TEST(origin_turns_must)
{
    check_origin_turns(FAN_RULES_MUST, 2);
}
END_TEST

/* RETURN: White e2; Black e4 d3 g3. e2 (weak) -> e3 north approaches e4
 * {e4} (e5 empty); nothing else captures (d2, f2, e1 have empty points on
 * their lines). From e3, north is banned; e3 -> f3 east approaches g3 {g3}
 * or withdraws from d3 {d3}; the diagonals of e3 find nothing. On f3
 * (weak) the piece could go back west to e3, approaching d3 (after taking
 * g3) or withdrawing from g3 (after taking d3); e3 was visited, so no;
 * east repeats, f2 and f4 find nothing. Both chains stop on f3 by force.
 * Turns: [e3], [e3,f3A], [e3,f3W] under stop-at-will; the last two under
 * must-continue. */
START_TEST(no_revisit_of_landing_point)
{
    fan_position *p = POS("e2", "e4 d3 g3", FAN_WHITE, FAN_RULES_STOP);
    PLAY(p, "e2", "e3", FAN_STEP_APPROACH);
    PLAY(p, "e3", "f3", FAN_STEP_APPROACH);
    /* The turn passed by itself: no continuation is left. */
    ck_assert_int_eq(fan_position_in_chain(p), 0);
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
    uint64_t b;
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    ck_assert_uint_eq(b, MASK("d3"));
    fan_position_free(p);

    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        p = POS("e2", "e4 d3 g3", FAN_WHITE, rules);
        fan_turn t[8];
        size_t n;
        ck_assert_fan_ok(fan_position_turns(t, 8, &n, p));
        ck_assert_uint_eq(n, rules == FAN_RULES_STOP ? 3 : 2);
        ck_assert_int_eq(
            turn_in(FAN_TURN_MAKE(SQ("e2"), SQ("f3"), MASK("e4 g3")), t, n), 1);
        ck_assert_int_eq(
            turn_in(FAN_TURN_MAKE(SQ("e2"), SQ("f3"), MASK("e4 d3")), t, n), 1);
        ck_assert_int_eq(
            turn_in(FAN_TURN_MAKE(SQ("e2"), SQ("e3"), MASK("e4")), t, n),
            rules == FAN_RULES_STOP);
        fan_position_free(p);
    }
}
END_TEST

/* The readers after each zigzag segment: active piece, visited points
 * (origin included), last direction, captured so far and the path. */
START_TEST(chain_state_readers)
{
    fan_position *p = zigzag_position(FAN_RULES_STOP);
    int v;
    uint64_t m;
    fan_path path;
    ck_assert_fan_ok(fan_position_active_piece(&v, p));
    ck_assert_int_eq(v, -1);
    ck_assert_fan_ok(fan_position_last_direction(&v, p));
    ck_assert_int_eq(v, -1);
    ck_assert_fan_ok(fan_position_visited(&m, p));
    ck_assert_uint_eq(m, 0);
    ck_assert_fan_ok(fan_position_chain_captured(&m, p));
    ck_assert_uint_eq(m, 0);
    ck_assert_fan_ok(fan_position_chain_path(&path, p));
    ck_assert_int_eq(path.length, 0);
    ck_assert_int_eq(fan_position_in_chain(p), 0);

    uint64_t captured = 0;
    char names[64] = "g2"; /* visited points, origin first */
    for (int i = 0; i < 3; i++) {
        play_zigzag(p, i, i + 1);
        size_t len = strlen(names);
        snprintf(names + len, sizeof names - len, " %s", zigzag[i].to);
        captured |= MASK(zigzag[i].captures);
        ck_assert_int_eq(fan_position_in_chain(p), 1);
        ck_assert_int_eq(fan_position_side_to_move(p), FAN_WHITE);
        ck_assert_fan_ok(fan_position_active_piece(&v, p));
        ck_assert_int_eq(v, SQ(zigzag[i].to));
        ck_assert_fan_ok(fan_position_last_direction(&v, p));
        ck_assert_int_eq(v, zigzag[i].dir);
        ck_assert_fan_ok(fan_position_visited(&m, p));
        ck_assert_uint_eq(m, MASK(names));
        ck_assert_fan_ok(fan_position_chain_captured(&m, p));
        ck_assert_uint_eq(m, captured);
        ck_assert_fan_ok(fan_position_chain_path(&path, p));
        ck_assert_int_eq(path.from, SQ("g2"));
        ck_assert_int_eq(path.length, i + 1);
        ck_assert_uint_eq(path.captured, captured);
        for (int j = 0; j <= i; j++) {
            ck_assert_int_eq(path.to[j], SQ(zigzag[j].to));
            ck_assert_int_eq(path.kind[j], zigzag[j].kind);
        }
        /* Captured pieces are gone at the end of their segment. */
        uint64_t b;
        ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
        ck_assert_uint_eq(b, MASK(ZIGZAG_BLACK) & ~captured);
        ck_assert_int_eq(fan_position_turns_played(p), 0);
        ck_assert_int_eq(fan_position_history_length(p), 0);
    }
    play_zigzag(p, 3, 4);
    ck_assert_int_eq(fan_position_in_chain(p), 0);
    ck_assert_fan_ok(fan_position_active_piece(&v, p));
    ck_assert_int_eq(v, -1);
    ck_assert_fan_ok(fan_position_visited(&m, p));
    ck_assert_uint_eq(m, 0);
    ck_assert_fan_ok(fan_position_chain_captured(&m, p));
    ck_assert_uint_eq(m, 0);
    ck_assert_fan_ok(fan_position_history_path(&path, p, 0));
    ck_assert_int_eq(path.length, 4);
    ck_assert_uint_eq(path.captured, MASK("h2 f4 d3 d2"));
    fan_position_free(p);
}
END_TEST

/* Stop-at-will: after any segment the turn may end; it also ends by
 * itself after the fourth, which has no continuation. */
START_TEST(stop_at_will)
{
    fan_position *p = zigzag_position(FAN_RULES_STOP);
    ck_assert_int_eq(fan_position_can_end_turn(p), 0);
    ck_assert_int_eq(fan_position_end_turn(p), FAN_ESTATE);
    play_zigzag(p, 0, 1);
    ck_assert_int_eq(fan_position_can_end_turn(p), 1);
    ck_assert_fan_ok(fan_position_end_turn(p));
    ck_assert_int_eq(fan_position_in_chain(p), 0);
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
    ck_assert_int_eq(fan_position_turns_played(p), 1);
    ck_assert_int_eq(fan_position_can_end_turn(p), 0);
    uint64_t w, b;
    ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    ck_assert_uint_eq(w, MASK("f2"));
    ck_assert_uint_eq(b, MASK("d2 f4 d3 a5"));
    fan_position_free(p);

    p = zigzag_position(FAN_RULES_STOP);
    play_zigzag(p, 0, 4);
    ck_assert_int_eq(fan_position_in_chain(p), 0);
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
    ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    ck_assert_uint_eq(w, MASK("f4"));
    ck_assert_uint_eq(b, MASK("a5"));
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    fan_position_free(p);
}
END_TEST

/* Must-continue: while a continuation exists the turn cannot be ended. */
START_TEST(must_continue)
{
    fan_position *p = zigzag_position(FAN_RULES_MUST);
    for (int i = 0; i < 3; i++) {
        play_zigzag(p, i, i + 1);
        ck_assert_int_eq(fan_position_in_chain(p), 1);
        ck_assert_int_eq(fan_position_can_end_turn(p), 0);
        tsnap before, after;
        snap_take(&before, p);
        ck_assert_int_eq(fan_position_end_turn(p), FAN_ESTATE);
        snap_take(&after, p);
        ck_assert_snap_eq(&before, &after);
        ck_assert_int_eq(fan_position_side_to_move(p), FAN_WHITE);
    }
    play_zigzag(p, 3, 4);
    ck_assert_int_eq(fan_position_in_chain(p), 0);
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
    ck_assert_int_eq(fan_position_turns_played(p), 1);
    fan_position_free(p);
}
END_TEST

/* In the middle of a chain the turn lists give the ways to complete it:
 * after segment 1, stopping now or after segment 2, 3 or 4 under
 * stop-at-will; only the full chain under must-continue. */
START_TEST(completions_mid_chain)
{
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        for (int done = 1; done <= 3; done++) {
            fan_position *p = zigzag_position(rules);
            play_zigzag(p, 0, done);
            fan_turn t[8];
            fan_path paths[8];
            size_t n, np;
            ck_assert_fan_ok(fan_position_turns(t, 8, &n, p));
            ck_assert_fan_ok(fan_position_paths(paths, 8, &np, p));
            size_t want = rules == FAN_RULES_STOP ? (size_t)(5 - done) : 1;
            ck_assert_uint_eq(n, want);
            ck_assert_uint_eq(np, want);
            for (int k = rules == FAN_RULES_STOP ? done : 4; k <= 4; k++)
                ck_assert_int_eq(turn_in(zigzag_effect(k), t, n), 1);
            /* Each path starts with the segments already played. */
            for (size_t i = 0; i < np; i++) {
                ck_assert_int_eq(paths[i].from, SQ("g2"));
                ck_assert_int_ge(paths[i].length, done);
                for (int j = 0; j < done; j++)
                    ck_assert_int_eq(paths[i].to[j], SQ(zigzag[j].to));
            }
            uint64_t count;
            ck_assert_fan_ok(fan_perft(&count, p, 1, FAN_COUNT_UNIQUE));
            ck_assert_uint_eq(count, want);
            fan_position_free(p);
        }
    }
}
END_TEST

/* A completion can be played as a turn from the middle of the chain. */
START_TEST(play_completion_mid_chain)
{
    fan_position *p = zigzag_position(FAN_RULES_STOP);
    fan_position *q = zigzag_position(FAN_RULES_STOP);
    play_zigzag(p, 0, 1);
    ck_assert_fan_ok(fan_position_play_turn(p, zigzag_effect(3)));
    play_zigzag(q, 0, 3);
    ck_assert_fan_ok(fan_position_end_turn(q));
    ck_assert_int_eq(fan_position_equal(p, q), 1);
    ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
    /* A turn that does not extend the chain so far is refused. */
    fan_position_free(p);
    p = zigzag_position(FAN_RULES_STOP);
    play_zigzag(p, 0, 2);
    ck_assert_int_eq(fan_position_play_turn(p, zigzag_effect(1)),
                     FAN_EILLEGAL);
    fan_position_free(p);
    fan_position_free(q);
}
END_TEST

/* Stopping now is one of the completions the lists give under
 * stop-at-will; playing it as a turn or a path is the same as end_turn.
 * Under must-continue the chain so far is not a whole turn. */
START_TEST(play_stop_now_mid_chain)
{
    for (int done = 1; done <= 3; done++) {
        fan_position *p = zigzag_position(FAN_RULES_STOP);
        fan_position *q = zigzag_position(FAN_RULES_STOP);
        fan_position *r = zigzag_position(FAN_RULES_STOP);
        play_zigzag(p, 0, done);
        play_zigzag(q, 0, done);
        play_zigzag(r, 0, done);
        fan_path so_far;
        ck_assert_fan_ok(fan_position_chain_path(&so_far, p));
        ck_assert_fan_ok(fan_position_play_path(p, &so_far));
        ck_assert_fan_ok(fan_position_play_turn(q, zigzag_effect(done)));
        ck_assert_fan_ok(fan_position_end_turn(r));
        ck_assert_int_eq(fan_position_equal(p, r), 1);
        ck_assert_int_eq(fan_position_equal(q, r), 1);
        ck_assert_int_eq(fan_position_side_to_move(p), FAN_BLACK);
        ck_assert_int_eq(fan_position_history_length(p), 1);
        fan_position_free(p);
        fan_position_free(q);
        fan_position_free(r);

        p = zigzag_position(FAN_RULES_MUST);
        play_zigzag(p, 0, done);
        ck_assert_fan_ok(fan_position_chain_path(&so_far, p));
        tsnap before, after;
        snap_take(&before, p);
        ck_assert_int_eq(fan_position_play_path(p, &so_far), FAN_EILLEGAL);
        ck_assert_int_eq(fan_position_play_turn(p, zigzag_effect(done)),
                         FAN_EILLEGAL);
        snap_take(&after, p);
        ck_assert_snap_eq(&before, &after);
        fan_position_free(p);
    }
}
END_TEST

/* A paika is a whole turn under must-continue too. White b1; Black c3.
 * b1 (weak) has no capture: b2 has the empty b3 ahead, c1 the empty d1,
 * a1 the edge, and nothing black is next to b1. So the paikas b1-a1,
 * b1-c1 and b1-b2 are the turns. From c1 the piece could go on to c2
 * approaching c3, but a paika never starts a chain. */
START_TEST(paika_is_whole_turn_under_must)
{
    fan_position *p = POS("b1", "c3", FAN_WHITE, FAN_RULES_MUST);
    fan_path paths[8];
    size_t n;
    ck_assert_fan_ok(fan_position_paths(paths, 8, &n, p));
    ck_assert_uint_eq(n, 3);
    fan_turn paika = FAN_TURN_MAKE(SQ("b1"), SQ("c1"), 0);
    fan_position *a = NULL, *b = NULL, *c = NULL;
    ck_assert_fan_ok(fan_position_clone(&a, p));
    ck_assert_fan_ok(fan_position_clone(&b, p));
    ck_assert_fan_ok(fan_position_clone(&c, p));
    PLAY(a, "b1", "c1", FAN_STEP_PAIKA);
    ck_assert_fan_ok(fan_position_play_turn(b, paika));
    fan_path path;
    ck_assert_fan_ok(fan_position_turn_path(&path, p, paika));
    ck_assert_fan_ok(fan_position_play_path(c, &path));
    ck_assert_int_eq(fan_position_equal(a, b), 1);
    ck_assert_int_eq(fan_position_equal(a, c), 1);
    ck_assert_int_eq(fan_position_side_to_move(a), FAN_BLACK);
    /* Undo and redo go through the same path check. */
    ck_assert_fan_ok(fan_position_undo(a));
    ck_assert_fan_ok(fan_position_redo(a));
    ck_assert_int_eq(fan_position_equal(a, b), 1);
    fan_position_free(a);
    fan_position_free(b);
    fan_position_free(c);
    fan_position_free(p);
}
END_TEST

/* UNIQUE: White e2; Black c1 c2 f2 b4.
 *  1. e2 (weak) -> d2 west: approach c2 {c2} (b2 empty) or withdrawal f2
 *     {f2} (g2 empty); e1 and e3 capture nothing.
 *  A (took c2), piece on d2 (strong), last west: d2 -> e3 north-east
 *     withdraws c1 {c1}; d2 -> c3 north-west approaches b4 {b4} (a5
 *     empty); d1, d3, e1 find nothing, c2 repeats west, e2 is visited.
 *     A-e3: e3 -> d4 north-west withdraws f2 {f2} (g1 empty); nothing else
 *       (d3, f3, e4 find empty points, f4 repeats north-east).
 *       A-e3-d4: d4 -> c4 west approaches b4 {b4}; Black is then empty.
 *     A-c3: c3 -> c2 south approaches c1 {c1}; then c2 finds nothing (b2
 *       has a2 ahead, d2 is visited).
 *  W (took f2), piece on d2: d2 -> e3 withdraws c1 {c1}, then e3 finds
 *     nothing (f2 is empty now); d2 -> c3 approaches b4 {b4}, then c3 -> c4
 *     north withdraws from c2 with c1 behind it {c2 c1}.
 * Stop-at-will paths (every non-empty prefix): A, A-e3, A-e3-d4,
 * A-e3-d4-c4, A-c3, A-c3-c2, W, W-e3, W-c3, W-c3-c4: 10. A-e3-d4-c4 and
 * W-c3-c4 both go e2 -> c4 taking all four pieces: 9 unique turns.
 * Must-continue: A-e3-d4-c4, A-c3-c2, W-e3, W-c3-c4: 4 paths, 3 turns. */
static void check_unique(int rules, size_t want_paths, size_t want_turns)
{
    fan_position *p = POS("e2", "c1 c2 f2 b4", FAN_WHITE, rules);
    fan_path paths[16];
    fan_turn turns[16];
    size_t np, nt;
    ck_assert_fan_ok(fan_position_paths(paths, 16, &np, p));
    ck_assert_fan_ok(fan_position_turns(turns, 16, &nt, p));
    ck_assert_uint_eq(np, want_paths);
    ck_assert_uint_eq(nt, want_turns);
    fan_turn all = FAN_TURN_MAKE(SQ("e2"), SQ("c4"), MASK("c1 c2 f2 b4"));
    int twice = 0;
    for (size_t i = 0; i < np; i++) {
        fan_turn t;
        ck_assert_fan_ok(fan_path_turn(&t, &paths[i]));
        twice += t == all;
        ck_assert_int_eq(turn_in(t, turns, nt), 1);
    }
    ck_assert_int_eq(twice, 2);
    ck_assert_int_eq(turn_in(FAN_TURN_MAKE(SQ("e2"), SQ("c2"), MASK("c2 b4 c1")),
                             turns, nt),
                     1);
    ck_assert_int_eq(
        turn_in(FAN_TURN_MAKE(SQ("e2"), SQ("e3"), MASK("f2 c1")), turns, nt), 1);
    ck_assert_int_eq(
        turn_in(FAN_TURN_MAKE(SQ("e2"), SQ("d2"), MASK("c2")), turns, nt),
        rules == FAN_RULES_STOP);
    /* Both paths to c4 give the same position. */
    fan_position *a = NULL, *b = NULL;
    ck_assert_fan_ok(fan_position_clone(&a, p));
    ck_assert_fan_ok(fan_position_clone(&b, p));
    int played = 0;
    for (size_t i = 0; i < np; i++) {
        fan_turn t;
        ck_assert_fan_ok(fan_path_turn(&t, &paths[i]));
        if (t == all)
            ck_assert_fan_ok(fan_position_play_path(played++ ? b : a, &paths[i]));
    }
    ck_assert_int_eq(fan_position_equal(a, b), 1);
    ck_assert_int_eq(fan_position_result(a), FAN_WHITE_WINS);
    fan_position_free(a);
    fan_position_free(b);
    uint64_t count;
    ck_assert_fan_ok(fan_perft(&count, p, 1, FAN_COUNT_PATHS));
    ck_assert_uint_eq(count, want_paths);
    ck_assert_fan_ok(fan_perft(&count, p, 1, FAN_COUNT_UNIQUE));
    ck_assert_uint_eq(count, want_turns);
    fan_position_free(p);
}

START_TEST(unique_and_paths_stop)
{
    check_unique(FAN_RULES_STOP, 10, 9);
}
END_TEST

START_TEST(unique_and_paths_must)
{
    check_unique(FAN_RULES_MUST, 4, 3);
}
END_TEST

/* Plays path by steps (ending a stop-at-will chain that could go on). */
static void play_path_stepwise(fan_position *p, const fan_path *path)
{
    int from = path->from;
    int done = 0;
    fan_path now;
    ck_assert_fan_ok(fan_position_chain_path(&now, p));
    done = now.length;
    if (done)
        from = path->to[done - 1];
    for (int i = done; i < path->length; i++) {
        ck_assert_int_eq(fan_position_in_chain(p), i > 0);
        ck_assert_fan_ok(
            fan_position_play_step(p, from, path->to[i], path->kind[i]));
        from = path->to[i];
    }
    if (fan_position_in_chain(p) == 1)
        ck_assert_fan_ok(fan_position_end_turn(p));
    ck_assert_int_eq(fan_position_in_chain(p), 0);
}

static void assert_same_board(const fan_position *a, const fan_position *b)
{
    ck_assert_int_eq(fan_position_equal(a, b), 1);
    uint64_t x, y;
    ck_assert_fan_ok(fan_position_pieces(&x, a, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&y, b, FAN_WHITE));
    ck_assert_uint_eq(x, y);
    ck_assert_fan_ok(fan_position_pieces(&x, a, FAN_BLACK));
    ck_assert_fan_ok(fan_position_pieces(&y, b, FAN_BLACK));
    ck_assert_uint_eq(x, y);
    ck_assert_int_eq(fan_position_side_to_move(a), fan_position_side_to_move(b));
    ck_assert_int_eq(fan_position_result(a), fan_position_result(b));
    ck_assert_int_eq(fan_position_result_reason(a),
                     fan_position_result_reason(b));
    ck_assert_int_eq(fan_position_turns_played(a), fan_position_turns_played(b));
}

/* Every legal path of p played three ways gives one position: by
 * play_path, step by step, and by play_turn of its effect. Also checks the
 * two lists against each other: paths >= unique turns, every path's effect
 * listed once among the turns, every turn the effect of some path, and
 * turn_path returning a path with the same effect. */
static void check_all_ways(const fan_position *p)
{
    size_t np = 0, nt = 0;
    int r = fan_position_paths(NULL, 0, &np, p);
    ck_assert(r == FAN_OK || r == FAN_EBUFS);
    r = fan_position_turns(NULL, 0, &nt, p);
    ck_assert(r == FAN_OK || r == FAN_EBUFS);
    fan_path *paths = calloc(np + 1, sizeof *paths);
    fan_turn *turns = calloc(nt + 1, sizeof *turns);
    ck_assert(paths && turns);
    size_t n2;
    ck_assert_fan_ok(fan_position_paths(paths, np, &n2, p));
    ck_assert_uint_eq(n2, np);
    ck_assert_fan_ok(fan_position_turns(turns, nt, &n2, p));
    ck_assert_uint_eq(n2, nt);
    ck_assert_uint_ge(np, nt);
    for (size_t i = 0; i < nt; i++)
        for (size_t j = i + 1; j < nt; j++)
            ck_assert_uint_ne(turns[i], turns[j]);
    unsigned char *hit = calloc(nt + 1, 1);
    ck_assert_ptr_nonnull(hit);
    for (size_t i = 0; i < np; i++) {
        fan_turn t;
        ck_assert_fan_ok(fan_path_turn(&t, &paths[i]));
        size_t k = 0;
        while (k < nt && turns[k] != t)
            k++;
        ck_assert_uint_lt(k, nt);
        hit[k] = 1;

        fan_position *a = NULL, *b = NULL, *c = NULL;
        ck_assert_fan_ok(fan_position_clone(&a, p));
        ck_assert_fan_ok(fan_position_clone(&b, p));
        ck_assert_fan_ok(fan_position_clone(&c, p));
        ck_assert_fan_ok(fan_position_play_path(a, &paths[i]));
        play_path_stepwise(b, &paths[i]);
        ck_assert_fan_ok(fan_position_play_turn(c, t));
        assert_same_board(a, b);
        assert_same_board(a, c);
        fan_path ha, hb;
        int last = fan_position_history_length(a) - 1;
        ck_assert_fan_ok(fan_position_history_path(&ha, a, last));
        ck_assert_fan_ok(fan_position_history_path(&hb, b, last));
        ck_assert(path_same(&ha, &hb));
        ck_assert(path_same(&ha, &paths[i]));
        fan_position_free(a);
        fan_position_free(b);
        fan_position_free(c);
    }
    for (size_t k = 0; k < nt; k++) {
        ck_assert_int_eq(hit[k], 1);
        fan_path tp;
        fan_turn back;
        ck_assert_fan_ok(fan_position_turn_path(&tp, p, turns[k]));
        ck_assert_fan_ok(fan_path_turn(&back, &tp));
        ck_assert_uint_eq(back, turns[k]);
    }
    free(hit);
    free(paths);
    free(turns);
}

START_TEST(whole_turn_equals_steps_hand_built)
{
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        fan_position *p = zigzag_position(rules);
        check_all_ways(p);
        play_zigzag(p, 0, 2);
        check_all_ways(p); /* from the middle of the chain */
        fan_position_free(p);
        p = origin_position(rules);
        check_all_ways(p);
        fan_position_free(p);
        p = POS("e2", "c1 c2 f2 b4", FAN_WHITE, rules);
        check_all_ways(p);
        fan_position_free(p);
    }
}
END_TEST

/* The same over random games from the start, at every turn boundary and
 * in the middle of some chains. */
START_TEST(whole_turn_equals_steps_random)
{
    uint64_t rng = 0x2545F4914F6CDD1Dull + (uint64_t)_i;
    int rules = _i % 2 ? FAN_RULES_MUST : FAN_RULES_STOP;
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, rules));
    for (int turn = 0; turn < 60 && fan_position_result(p) == FAN_ONGOING;
         turn++) {
        check_all_ways(p);
        fan_step steps[FAN_STEPS_MAX];
        size_t n = all_steps(steps, p);
        const fan_step *s = &steps[xs_below(&rng, n)];
        ck_assert_fan_ok(fan_position_play_step(p, s->from, s->to, s->kind));
        if (fan_position_in_chain(p) == 1) {
            check_all_ways(p);
            fan_path rest;
            play_random_turn(p, &rng, &rest);
        }
    }
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("chains");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, direction_rule);
    tcase_add_test(tc, same_piece_only);
    tcase_add_test(tc, no_return_to_origin);
    tcase_add_test(tc, origin_turns_stop);
    tcase_add_test(tc, origin_turns_must);
    tcase_add_test(tc, no_revisit_of_landing_point);
    tcase_add_test(tc, stop_at_will);
    tcase_add_test(tc, must_continue);
    tcase_add_test(tc, paika_is_whole_turn_under_must);
    suite_add_tcase(s, tc);

    tc = tcase_create("state");
    tcase_add_test(tc, chain_state_readers);
    tcase_add_test(tc, completions_mid_chain);
    tcase_add_test(tc, play_completion_mid_chain);
    tcase_add_test(tc, play_stop_now_mid_chain);
    suite_add_tcase(s, tc);

    tc = tcase_create("lists");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, unique_and_paths_stop);
    tcase_add_test(tc, unique_and_paths_must);
    tcase_add_test(tc, whole_turn_equals_steps_hand_built);
    tcase_add_loop_test(tc, whole_turn_equals_steps_random, 0, 6);
    suite_add_tcase(s, tc);
    return s;
}
