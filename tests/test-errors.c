/* SPDX-License-Identifier: MIT */
/* Argument checking of every public function: NULL pointers, squares and
 * values out of range, unknown enum values, illegal steps, turns and paths,
 * malformed value types, a finished game and buffers that are too small.
 * Each refused call must return its documented code and leave the position
 * exactly as it was (compared through a full snapshot), and leave the
 * caller's out-parameters untouched. */
#include "tstate.h"

#include <limits.h>

/* The call is refused with code and p's observable state is unchanged. */
#define REFUSED(p, call, code)                                                 \
    do {                                                                       \
        tsnap before_, after_;                                                 \
        snap_take(&before_, (p));                                              \
        ck_assert_int_eq((call), (code));                                      \
        snap_take(&after_, (p));                                               \
        ck_assert_snap_eq(&before_, &after_);                                  \
    } while (0)

#define FILL 0xA5
/* A buffer filled with FILL, checked untouched later. */
static int untouched(const void *buf, size_t size)
{
    const unsigned char *b = buf;
    for (size_t i = 0; i < size; i++)
        if (b[i] != FILL)
            return 0;
    return 1;
}

/* Fixtures. START: the start position, whose five turns are worked out in
 * test-captures (d3-e3 A {f3}, d3-e3 W {c3}, e2-e3 A {e4 e5}, d2-e3 A
 * {f4 g5}, f2-e3 A {d4 c5}). */
static fan_position *start_position(void)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    return p;
}

/* CHAIN: the zigzag of test-chains after its first segment g2-f2 (W),
 * with two turns of history before it (see test-undo: i5-i4, h3-h2).
 * The only continuation is f2-f3 approaching f4. */
static fan_position *chain_position(int rules)
{
    fan_position *p = POS("g2 i5", "h3 d2 f4 d3 b5", FAN_WHITE, rules);
    PLAY(p, "i5", "i4", FAN_STEP_PAIKA);
    PLAY(p, "h3", "h2", FAN_STEP_PAIKA);
    PLAY(p, "g2", "f2", FAN_STEP_WITHDRAWAL);
    ck_assert_int_eq(fan_position_in_chain(p), 1);
    return p;
}

/* OVER: White c1 took Black's last piece a1 (test-endings). */
static fan_position *over_position(void)
{
    fan_position *p = POS("c1", "a1", FAN_WHITE, FAN_RULES_STOP);
    PLAY(p, "c1", "b1", FAN_STEP_APPROACH);
    ck_assert_int_eq(fan_position_result(p), FAN_WHITE_WINS);
    return p;
}

/* A legal one-step path from the start: d3-e3 approaching f3. */
static fan_path start_path(void)
{
    fan_path path;
    memset(&path, 0, sizeof path);
    path.from = (uint8_t)SQ("d3");
    path.length = 1;
    path.to[0] = (uint8_t)SQ("e3");
    path.kind[0] = FAN_STEP_APPROACH;
    path.captured = MASK("f3");
    return path;
}

START_TEST(strerror_texts)
{
    const int codes[] = {FAN_OK,        FAN_EINVAL,     FAN_ERANGE,
                         FAN_EILLEGAL,  FAN_EAMBIGUOUS, FAN_EGAMEOVER,
                         FAN_ENOMEM,    FAN_EBUFS,      FAN_EPARSE,
                         FAN_ENOHISTORY, FAN_ESTATE,    FAN_EPOSITION,
                         FAN_EIO,       FAN_EFORMAT,    FAN_ESTOPPED,
                         FAN_ENOTABLE};
    const size_t n = sizeof codes / sizeof codes[0];
    /* The pinned values. */
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(codes[i], -(int)i);
    for (size_t i = 0; i < n; i++) {
        const char *t = fan_strerror(codes[i]);
        ck_assert_ptr_nonnull(t);
        ck_assert_uint_gt(strlen(t), 0);
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(t, fan_strerror(codes[j]));
    }
    const int unknown[] = {1, -16, 100, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *t = fan_strerror(unknown[i]);
        ck_assert_ptr_nonnull(t);
        ck_assert_uint_gt(strlen(t), 0);
        for (size_t j = 0; j < n; j++)
            ck_assert_str_ne(t, fan_strerror(codes[j]));
    }
}
END_TEST

START_TEST(version)
{
    ck_assert_uint_eq(fan_version_number(), FAN_VERSION_NUMBER);
    ck_assert_str_eq(fan_version_string(), FAN_VERSION_STRING);
    ck_assert_uint_eq(FAN_VERSION_NUMBER, FAN_VERSION_MAJOR * 10000 +
                                              FAN_VERSION_MINOR * 100 +
                                              FAN_VERSION_PATCH);
}
END_TEST

/* Failed constructors leave *out as it was (here: another position). */
START_TEST(new_and_clone)
{
    fan_position *keep = start_position();
    fan_position *q = keep;
    ck_assert_int_eq(fan_position_new(NULL, FAN_RULES_STOP), FAN_EINVAL);
    ck_assert_int_eq(fan_position_new(&q, -1), FAN_EINVAL);
    ck_assert_int_eq(fan_position_new(&q, 2), FAN_EINVAL);
    ck_assert_ptr_eq(q, keep);

    uint64_t w = MASK("a1 b1"), b = MASK("a5 b5");
    ck_assert_int_eq(fan_position_new_custom(NULL, w, b, FAN_WHITE, 0),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_new_custom(&q, w, b, FAN_WHITE, 2),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_new_custom(&q, w, b, FAN_WHITE, -1),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_new_custom(&q, w, b, FAN_EMPTY, 0),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_new_custom(&q, w, b, 3, 0), FAN_EINVAL);
    ck_assert_int_eq(fan_position_new_custom(&q, w, b, -1, 0), FAN_EINVAL);
    /* Impossible boards: overlap, squares beyond 44, 23 pieces. */
    ck_assert_int_eq(fan_position_new_custom(&q, w, w | b, FAN_WHITE, 0),
                     FAN_EPOSITION);
    ck_assert_int_eq(
        fan_position_new_custom(&q, w | (uint64_t)1 << 45, b, FAN_WHITE, 0),
        FAN_EPOSITION);
    ck_assert_int_eq(
        fan_position_new_custom(&q, w, b | (uint64_t)1 << 63, FAN_WHITE, 0),
        FAN_EPOSITION);
    uint64_t rows12 = MASK("a1 b1 c1 d1 e1 f1 g1 h1 i1 a2 b2 c2 d2 e2 f2 g2 h2 "
                           "i2");
    uint64_t rows45 = MASK("a4 b4 c4 d4 e4 f4 g4 h4 i4 a5 b5 c5 d5 e5 f5 g5 h5 "
                           "i5");
    uint64_t w22 = rows12 | MASK("a3 b3 c3 d3"), b22 = rows45 | MASK("f3 g3 h3 i3");
    ck_assert_int_eq(fan_position_new_custom(&q, w22 | MASK("e3"), b22,
                                             FAN_WHITE, 0),
                     FAN_EPOSITION);
    ck_assert_int_eq(fan_position_new_custom(&q, w22, b22 | MASK("e3"),
                                             FAN_WHITE, 0),
                     FAN_EPOSITION);
    ck_assert_ptr_eq(q, keep);
    /* 22 each is allowed. */
    ck_assert_fan_ok(fan_position_new_custom(&q, w22, b22, FAN_BLACK, 1));
    ck_assert_ptr_ne(q, keep);
    fan_position_free(q);

    q = keep;
    ck_assert_int_eq(fan_position_clone(NULL, keep), FAN_EINVAL);
    ck_assert_int_eq(fan_position_clone(&q, NULL), FAN_EINVAL);
    ck_assert_ptr_eq(q, keep);
    fan_position_free(NULL);
    fan_position_free(keep);
}
END_TEST

/* Readers: NULL handle or out-parameter, bad square or colour. */
START_TEST(readers)
{
    fan_position *fixtures[3] = {start_position(),
                                 chain_position(FAN_RULES_STOP),
                                 over_position()};
    for (int f = 0; f < 3; f++) {
        fan_position *p = fixtures[f];
        REFUSED(p, fan_position_piece(NULL, 0), FAN_EINVAL);
        REFUSED(p, fan_position_piece(p, -1), FAN_ERANGE);
        REFUSED(p, fan_position_piece(p, 45), FAN_ERANGE);
        REFUSED(p, fan_position_piece(p, INT_MAX), FAN_ERANGE);

        uint64_t m;
        memset(&m, FILL, sizeof m);
        REFUSED(p, fan_position_pieces(NULL, p, FAN_WHITE), FAN_EINVAL);
        REFUSED(p, fan_position_pieces(&m, NULL, FAN_WHITE), FAN_EINVAL);
        REFUSED(p, fan_position_pieces(&m, p, FAN_EMPTY), FAN_EINVAL);
        REFUSED(p, fan_position_pieces(&m, p, 3), FAN_EINVAL);
        REFUSED(p, fan_position_pieces(&m, p, -1), FAN_EINVAL);
        ck_assert(untouched(&m, sizeof m));

        ck_assert_int_eq(fan_position_side_to_move(NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_rules(NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_turns_played(NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_result(NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_result_reason(NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_history_length(NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_in_chain(NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_can_end_turn(NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_must_capture(NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_equal(NULL, p), FAN_EINVAL);
        ck_assert_int_eq(fan_position_equal(p, NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_equal(NULL, NULL), FAN_EINVAL);
        ck_assert_int_eq(fan_position_equal(p, p), 1);

        REFUSED(p, fan_position_hash(NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_hash(&m, NULL), FAN_EINVAL);
        ck_assert(untouched(&m, sizeof m));

        int v;
        memset(&v, FILL, sizeof v);
        REFUSED(p, fan_position_active_piece(NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_active_piece(&v, NULL), FAN_EINVAL);
        REFUSED(p, fan_position_last_direction(NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_last_direction(&v, NULL), FAN_EINVAL);
        ck_assert(untouched(&v, sizeof v));
        REFUSED(p, fan_position_visited(NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_visited(&m, NULL), FAN_EINVAL);
        REFUSED(p, fan_position_chain_captured(NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_chain_captured(&m, NULL), FAN_EINVAL);
        REFUSED(p, fan_position_movable(NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_movable(&m, NULL), FAN_EINVAL);
        REFUSED(p, fan_position_destinations(NULL, p, 0), FAN_EINVAL);
        REFUSED(p, fan_position_destinations(&m, NULL, 0), FAN_EINVAL);
        REFUSED(p, fan_position_destinations(&m, p, -1), FAN_ERANGE);
        REFUSED(p, fan_position_destinations(&m, p, 45), FAN_ERANGE);
        ck_assert(untouched(&m, sizeof m));

        fan_path path;
        memset(&path, FILL, sizeof path);
        REFUSED(p, fan_position_chain_path(NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_chain_path(&path, NULL), FAN_EINVAL);
        REFUSED(p, fan_position_history_path(NULL, p, 0), FAN_EINVAL);
        REFUSED(p, fan_position_history_path(&path, NULL, 0), FAN_EINVAL);
        int len = fan_position_history_length(p);
        REFUSED(p, fan_position_history_path(&path, p, -1), FAN_ERANGE);
        REFUSED(p, fan_position_history_path(&path, p, len), FAN_ERANGE);
        REFUSED(p, fan_position_history_path(&path, p, INT_MAX), FAN_ERANGE);
        ck_assert(untouched(&path, sizeof path));
    }
    for (int f = 0; f < 3; f++)
        fan_position_free(fixtures[f]);
}
END_TEST

/* Lists: NULL count or handle, NULL buffer with a capacity, and buffers
 * too small: FAN_EBUFS, *count = the number needed, buffer untouched.
 * The start position has 5 steps, 5 turns, 5 paths (test-captures); the
 * chain position 1 step, and under stop-at-will 4 completions (stop
 * after f2, f3, e3 or f4: test-chains). */
START_TEST(lists_and_buffers)
{
    fan_position *fixtures[2] = {start_position(),
                                 chain_position(FAN_RULES_STOP)};
    const size_t nsteps[2] = {5, 1}, nturns[2] = {5, 4};
    for (int f = 0; f < 2; f++) {
        fan_position *p = fixtures[f];
        size_t count;
        fan_step steps[8];
        fan_turn turns[8];
        fan_path paths[8];
        fan_perft_entry entries[8];

        REFUSED(p, fan_position_steps(steps, 8, NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_steps(steps, 8, &count, NULL), FAN_EINVAL);
        REFUSED(p, fan_position_steps(NULL, 8, &count, p), FAN_EINVAL);
        memset(steps, FILL, sizeof steps);
        count = 0;
        REFUSED(p, fan_position_steps(steps, nsteps[f] - 1, &count, p),
                FAN_EBUFS);
        ck_assert_uint_eq(count, nsteps[f]);
        ck_assert(untouched(steps, sizeof steps));
        count = 0;
        REFUSED(p, fan_position_steps(NULL, 0, &count, p), FAN_EBUFS);
        ck_assert_uint_eq(count, nsteps[f]);
        REFUSED(p, fan_position_steps(steps, nsteps[f], &count, p), FAN_OK);
        ck_assert(untouched(steps + nsteps[f],
                            sizeof steps - nsteps[f] * sizeof *steps));

        REFUSED(p, fan_position_turns(turns, 8, NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_turns(turns, 8, &count, NULL), FAN_EINVAL);
        REFUSED(p, fan_position_turns(NULL, 8, &count, p), FAN_EINVAL);
        memset(turns, FILL, sizeof turns);
        count = 0;
        REFUSED(p, fan_position_turns(turns, nturns[f] - 1, &count, p),
                FAN_EBUFS);
        ck_assert_uint_eq(count, nturns[f]);
        ck_assert(untouched(turns, sizeof turns));
        REFUSED(p, fan_position_turns(NULL, 0, &count, p), FAN_EBUFS);
        ck_assert_uint_eq(count, nturns[f]);

        REFUSED(p, fan_position_paths(paths, 8, NULL, p), FAN_EINVAL);
        REFUSED(p, fan_position_paths(paths, 8, &count, NULL), FAN_EINVAL);
        REFUSED(p, fan_position_paths(NULL, 8, &count, p), FAN_EINVAL);
        memset(paths, FILL, sizeof paths);
        count = 0;
        REFUSED(p, fan_position_paths(paths, nturns[f] - 1, &count, p),
                FAN_EBUFS);
        ck_assert_uint_eq(count, nturns[f]);
        ck_assert(untouched(paths, sizeof paths));

        uint64_t nodes;
        memset(&nodes, FILL, sizeof nodes);
        REFUSED(p, fan_perft(NULL, p, 1, FAN_COUNT_UNIQUE), FAN_EINVAL);
        REFUSED(p, fan_perft(&nodes, NULL, 1, FAN_COUNT_UNIQUE), FAN_EINVAL);
        REFUSED(p, fan_perft(&nodes, p, 1, 2), FAN_EINVAL);
        REFUSED(p, fan_perft(&nodes, p, 1, -1), FAN_EINVAL);
        REFUSED(p, fan_perft(&nodes, p, FAN_PERFT_MAX_DEPTH + 1,
                             FAN_COUNT_PATHS),
                FAN_ERANGE);
        REFUSED(p, fan_perft(&nodes, p, UINT_MAX, FAN_COUNT_PATHS),
                FAN_ERANGE);
        ck_assert(untouched(&nodes, sizeof nodes));

        REFUSED(p, fan_perft_divide(entries, 8, NULL, p, 1, 0), FAN_EINVAL);
        REFUSED(p, fan_perft_divide(NULL, 8, &count, p, 1, 0), FAN_EINVAL);
        REFUSED(p, fan_perft_divide(entries, 8, &count, NULL, 1, 0),
                FAN_EINVAL);
        REFUSED(p, fan_perft_divide(entries, 8, &count, p, 1, 2), FAN_EINVAL);
        REFUSED(p,
                fan_perft_divide(entries, 8, &count, p,
                                 FAN_PERFT_MAX_DEPTH + 1, 0),
                FAN_ERANGE);
        memset(entries, FILL, sizeof entries);
        count = 0;
        REFUSED(p, fan_perft_divide(entries, nturns[f] - 1, &count, p, 2, 0),
                FAN_EBUFS);
        ck_assert_uint_eq(count, nturns[f]);
        ck_assert(untouched(entries, sizeof entries));
    }
    fan_position_free(fixtures[0]);
    fan_position_free(fixtures[1]);
}
END_TEST

/* play_step: bad arguments, illegal steps, the ambiguous step, a step of
 * another piece in a chain, and a finished game. */
START_TEST(play_step_errors)
{
    fan_position *p = start_position();
    REFUSED(p, fan_position_play_step(NULL, SQ("d2"), SQ("e3"), 0), FAN_EINVAL);
    REFUSED(p, fan_position_play_step(p, SQ("d2"), SQ("e3"), -1), FAN_EINVAL);
    REFUSED(p, fan_position_play_step(p, SQ("d2"), SQ("e3"), 4), FAN_EINVAL);
    REFUSED(p, fan_position_play_step(p, -1, SQ("e3"), 0), FAN_ERANGE);
    REFUSED(p, fan_position_play_step(p, 45, SQ("e3"), 0), FAN_ERANGE);
    REFUSED(p, fan_position_play_step(p, SQ("d2"), -1, 0), FAN_ERANGE);
    REFUSED(p, fan_position_play_step(p, SQ("d2"), 45, 0), FAN_ERANGE);
    /* e3 is empty; f3 is Black's; d2 -> e4 is no line; e2 -> e2 no step;
     * d1 -> d2 lands on a piece; d2 -> e3 is an approach only; d3 -> e3
     * is both (test-captures) so it needs a mode. */
    REFUSED(p, fan_position_play_step(p, SQ("e3"), SQ("d3"), 0), FAN_EILLEGAL);
    REFUSED(p, fan_position_play_step(p, SQ("f3"), SQ("e3"), 0), FAN_EILLEGAL);
    REFUSED(p, fan_position_play_step(p, SQ("d2"), SQ("e4"), 0), FAN_EILLEGAL);
    REFUSED(p, fan_position_play_step(p, SQ("e2"), SQ("e2"), 0), FAN_EILLEGAL);
    REFUSED(p, fan_position_play_step(p, SQ("d1"), SQ("d2"), 0), FAN_EILLEGAL);
    REFUSED(p,
            fan_position_play_step(p, SQ("d2"), SQ("e3"), FAN_STEP_WITHDRAWAL),
            FAN_EILLEGAL);
    REFUSED(p, fan_position_play_step(p, SQ("d2"), SQ("e3"), FAN_STEP_PAIKA),
            FAN_EILLEGAL);
    REFUSED(p, fan_position_play_step(p, SQ("d3"), SQ("e3"), FAN_STEP_ANY),
            FAN_EAMBIGUOUS);
    fan_position_free(p);

    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        p = chain_position(rules);
        /* i4 could move, but the chain belongs to the piece on f2; f2 -> e2
         * repeats west; f2 -> g2 goes back to a visited point. */
        REFUSED(p, fan_position_play_step(p, SQ("i4"), SQ("i5"), 0),
                FAN_EILLEGAL);
        REFUSED(p, fan_position_play_step(p, SQ("f2"), SQ("e2"), 0),
                FAN_EILLEGAL);
        REFUSED(p, fan_position_play_step(p, SQ("f2"), SQ("g2"), 0),
                FAN_EILLEGAL);
        REFUSED(p, fan_position_play_step(p, SQ("f2"), SQ("f3"),
                                          FAN_STEP_WITHDRAWAL),
                FAN_EILLEGAL);
        REFUSED(p, fan_position_play_step(p, SQ("f2"), SQ("f1"), 0),
                FAN_EILLEGAL);
        REFUSED(p, fan_position_end_turn(NULL), FAN_EINVAL);
        if (rules == FAN_RULES_MUST)
            REFUSED(p, fan_position_end_turn(p), FAN_ESTATE);
        fan_position_free(p);
    }

    p = start_position();
    REFUSED(p, fan_position_end_turn(p), FAN_ESTATE);
    fan_position_free(p);

    p = over_position();
    REFUSED(p, fan_position_play_step(p, SQ("b1"), SQ("b2"), 0), FAN_EGAMEOVER);
    REFUSED(p, fan_position_end_turn(p), FAN_EGAMEOVER);
    fan_position_free(p);
}
END_TEST

/* play_turn and turn_path: malformed values, illegal effects, finished
 * game; turn_path leaves its out-parameter alone. */
START_TEST(turn_errors)
{
    fan_position *p = start_position();
    fan_turn good = FAN_TURN_MAKE(SQ("d3"), SQ("e3"), MASK("f3"));
    const fan_turn einval[] = {good | (uint64_t)1 << 57,
                               good | (uint64_t)1 << 63};
    const fan_turn erange[] = {FAN_TURN_MAKE(45, SQ("e3"), 0),
                               FAN_TURN_MAKE(63, SQ("e3"), 0),
                               FAN_TURN_MAKE(SQ("d3"), 45, MASK("f3")),
                               FAN_TURN_MAKE(SQ("d3"), 63, MASK("f3"))};
    /* Legal squares, wrong effect: both groups at once, the approach run
     * with nothing, half of e2-e3's run {e4 e5}, a paika while captures
     * exist, a capture of White's own piece. */
    const fan_turn illegal[] = {
        FAN_TURN_MAKE(SQ("d3"), SQ("e3"), MASK("f3 c3")),
        FAN_TURN_MAKE(SQ("d3"), SQ("e3"), 0),
        FAN_TURN_MAKE(SQ("e2"), SQ("e3"), MASK("e4")),
        FAN_TURN_MAKE(SQ("e2"), SQ("e3"), MASK("e4 e5 d5")),
        FAN_TURN_MAKE(SQ("d2"), SQ("e3"), MASK("f4 g5 c1")),
        FAN_TURN_MAKE(SQ("e4"), SQ("e3"), MASK("e2 e1")),
    };
    fan_path out;
    memset(&out, FILL, sizeof out);
    REFUSED(p, fan_position_play_turn(NULL, good), FAN_EINVAL);
    REFUSED(p, fan_position_turn_path(NULL, p, good), FAN_EINVAL);
    REFUSED(p, fan_position_turn_path(&out, NULL, good), FAN_EINVAL);
    for (size_t i = 0; i < sizeof einval / sizeof einval[0]; i++) {
        REFUSED(p, fan_position_play_turn(p, einval[i]), FAN_EINVAL);
        REFUSED(p, fan_position_turn_path(&out, p, einval[i]), FAN_EINVAL);
    }
    for (size_t i = 0; i < sizeof erange / sizeof erange[0]; i++) {
        REFUSED(p, fan_position_play_turn(p, erange[i]), FAN_ERANGE);
        REFUSED(p, fan_position_turn_path(&out, p, erange[i]), FAN_ERANGE);
    }
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        REFUSED(p, fan_position_play_turn(p, illegal[i]), FAN_EILLEGAL);
        REFUSED(p, fan_position_turn_path(&out, p, illegal[i]), FAN_EILLEGAL);
    }
    ck_assert(untouched(&out, sizeof out));
    fan_position_free(p);

    /* In a chain: a turn that does not continue it. */
    p = chain_position(FAN_RULES_STOP);
    REFUSED(p, fan_position_play_turn(p, FAN_TURN_MAKE(SQ("i4"), SQ("i5"), 0)),
            FAN_EILLEGAL);
    REFUSED(p, fan_position_play_turn(
                   p, FAN_TURN_MAKE(SQ("f2"), SQ("f3"), MASK("f4"))),
            FAN_EILLEGAL);
    fan_position_free(p);
    /* Under must-continue, stopping after g2-f2 is not a turn. */
    p = chain_position(FAN_RULES_MUST);
    REFUSED(p, fan_position_play_turn(
                   p, FAN_TURN_MAKE(SQ("g2"), SQ("f2"), MASK("h2"))),
            FAN_EILLEGAL);
    fan_position_free(p);

    p = over_position();
    REFUSED(p, fan_position_play_turn(p, FAN_TURN_MAKE(SQ("b1"), SQ("b2"), 0)),
            FAN_EGAMEOVER);
    REFUSED(p, fan_position_turn_path(&out, p,
                                      FAN_TURN_MAKE(SQ("b1"), SQ("b2"), 0)),
            FAN_EGAMEOVER);
    ck_assert(untouched(&out, sizeof out));
    fan_position_free(p);
}
END_TEST

/* play_path and path_turn: every malformed field, illegal paths. */
START_TEST(path_errors)
{
    fan_position *p = start_position();
    fan_path good = start_path(), bad;
    fan_turn t;
    memset(&t, FILL, sizeof t);
    REFUSED(p, fan_position_play_path(NULL, &good), FAN_EINVAL);
    REFUSED(p, fan_position_play_path(p, NULL), FAN_EINVAL);
    REFUSED(p, fan_path_turn(NULL, &good), FAN_EINVAL);
    REFUSED(p, fan_path_turn(&t, NULL), FAN_EINVAL);

#define BAD_PATH(change, code)                                                 \
    do {                                                                       \
        bad = good;                                                            \
        change;                                                                \
        REFUSED(p, fan_position_play_path(p, &bad), code);                     \
        REFUSED(p, fan_path_turn(&t, &bad), code);                             \
    } while (0)
    for (int i = 0; i < 6; i++)
        BAD_PATH(bad.reserved[i] = 1, FAN_EINVAL);
    BAD_PATH(bad.length = 0, FAN_EINVAL);
    BAD_PATH(bad.length = FAN_PATH_MAX + 1, FAN_EINVAL);
    BAD_PATH(bad.length = 255, FAN_EINVAL);
    BAD_PATH(bad.kind[0] = FAN_STEP_ANY, FAN_EINVAL);
    BAD_PATH(bad.kind[0] = 4, FAN_EINVAL);
    BAD_PATH(bad.from = 45, FAN_ERANGE);
    BAD_PATH(bad.from = 255, FAN_ERANGE);
    BAD_PATH(bad.to[0] = 45, FAN_ERANGE);
    BAD_PATH(bad.captured |= (uint64_t)1 << 45, FAN_ERANGE);
    BAD_PATH(bad.captured |= (uint64_t)1 << 63, FAN_ERANGE);
#undef BAD_PATH
    ck_assert(untouched(&t, sizeof t));

    /* Well formed but illegal (path_turn does not judge legality). */
#define ILLEGAL_PATH(change)                                                   \
    do {                                                                       \
        bad = good;                                                            \
        change;                                                                \
        REFUSED(p, fan_position_play_path(p, &bad), FAN_EILLEGAL);             \
    } while (0)
    ILLEGAL_PATH(bad.captured = MASK("f3 c3"));        /* both groups */
    ILLEGAL_PATH(bad.captured = 0);                    /* preview missing */
    ILLEGAL_PATH(bad.captured = MASK("f3 g3"));        /* g3 is White's */
    ILLEGAL_PATH(bad.kind[0] = FAN_STEP_PAIKA; bad.captured = 0);
    ILLEGAL_PATH(bad.from = SQ("e2"));                 /* e2-e3 takes e4 e5 */
    ILLEGAL_PATH(bad.from = SQ("f3"));                 /* Black's piece */
    /* A second segment from e3: f3 is gone, east would repeat; nothing
     * else captures from e3 after d3-e3 A (test-captures). */
    ILLEGAL_PATH(bad.length = 2; bad.to[1] = (uint8_t)SQ("e4");
                 bad.kind[1] = FAN_STEP_APPROACH);
#undef ILLEGAL_PATH
    fan_position_free(p);

    /* A paika is a turn of one step only. White a1, Black i5: no capture. */
    p = POS("a1", "i5", FAN_WHITE, FAN_RULES_STOP);
    memset(&bad, 0, sizeof bad);
    bad.from = (uint8_t)SQ("a1");
    bad.length = 2;
    bad.to[0] = (uint8_t)SQ("b1");
    bad.kind[0] = FAN_STEP_PAIKA;
    bad.to[1] = (uint8_t)SQ("c1");
    bad.kind[1] = FAN_STEP_PAIKA;
    REFUSED(p, fan_position_play_path(p, &bad), FAN_EILLEGAL);
    bad.length = 1;
    bad.kind[0] = FAN_STEP_APPROACH;
    REFUSED(p, fan_position_play_path(p, &bad), FAN_EILLEGAL);
    bad.kind[0] = FAN_STEP_PAIKA;
    ck_assert_fan_ok(fan_position_play_path(p, &bad));
    fan_position_free(p);

    /* In a chain the path must begin with the chain so far. */
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        p = chain_position(rules);
        fan_path so_far;
        ck_assert_fan_ok(fan_position_chain_path(&so_far, p));
        bad = so_far; /* stopping now: legal only under stop-at-will */
        if (rules == FAN_RULES_MUST)
            REFUSED(p, fan_position_play_path(p, &bad), FAN_EILLEGAL);
        bad.length = 2;
        bad.to[1] = (uint8_t)SQ("f3");
        bad.kind[1] = FAN_STEP_APPROACH;
        bad.captured = MASK("h2 f4");
        bad.from = (uint8_t)SQ("h2"); /* wrong origin */
        REFUSED(p, fan_position_play_path(p, &bad), FAN_EILLEGAL);
        bad.from = (uint8_t)SQ("g2");
        bad.kind[0] = FAN_STEP_APPROACH; /* first step differs */
        REFUSED(p, fan_position_play_path(p, &bad), FAN_EILLEGAL);
        bad.kind[0] = FAN_STEP_WITHDRAWAL;
        if (rules == FAN_RULES_MUST) /* the chain goes on from f3 */
            REFUSED(p, fan_position_play_path(p, &bad), FAN_EILLEGAL);
        else
            ck_assert_fan_ok(fan_position_play_path(p, &bad));
        fan_position_free(p);
    }

    p = over_position();
    memset(&bad, 0, sizeof bad);
    bad.from = (uint8_t)SQ("b1");
    bad.length = 1;
    bad.to[0] = (uint8_t)SQ("b2");
    bad.kind[0] = FAN_STEP_PAIKA;
    REFUSED(p, fan_position_play_path(p, &bad), FAN_EGAMEOVER);
    fan_position_free(p);
}
END_TEST

START_TEST(undo_redo_errors)
{
    ck_assert_int_eq(fan_position_undo(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_position_redo(NULL), FAN_EINVAL);
    fan_position *p = start_position();
    REFUSED(p, fan_position_undo(p), FAN_ENOHISTORY);
    REFUSED(p, fan_position_redo(p), FAN_ENOHISTORY);
    fan_position_free(p);
    p = chain_position(FAN_RULES_STOP);
    REFUSED(p, fan_position_redo(p), FAN_ENOHISTORY);
    fan_position_free(p);
    p = over_position();
    REFUSED(p, fan_position_redo(p), FAN_ENOHISTORY);
    fan_position_free(p);
}
END_TEST

START_TEST(square_text_errors)
{
    char buf[4];
    memset(buf, FILL, sizeof buf);
    ck_assert_int_eq(fan_square_name(NULL, 3, NULL, 0), FAN_EINVAL);
    ck_assert_int_eq(fan_square_name(buf, 3, NULL, -1), FAN_ERANGE);
    ck_assert_int_eq(fan_square_name(buf, 3, NULL, 45), FAN_ERANGE);
    ck_assert_int_eq(fan_square_name(buf, 2, NULL, 0), FAN_EBUFS);
    ck_assert_int_eq(fan_square_name(buf, 0, NULL, 0), FAN_EBUFS);
    /* the (buf, size, needed) contract of every writer */
    size_t need = 0;
    ck_assert_int_eq(fan_square_name(NULL, 0, &need, 44), FAN_EBUFS);
    ck_assert_uint_eq(need, FAN_SQUARE_NAME_MAX);
    need = 0;
    ck_assert_int_eq(fan_square_name(buf, 2, &need, 44), FAN_EBUFS);
    ck_assert_uint_eq(need, 3);
    ck_assert_str_eq(buf, "i");
    ck_assert_fan_ok(fan_square_name(buf, sizeof buf, &need, 44));
    ck_assert_str_eq(buf, "i5");
    ck_assert_uint_eq(need, 3);
    ck_assert_int_eq(fan_square_parse(NULL), FAN_EINVAL);
    const char *bad[] = {"", "a", "a0", "a6", "j1", "A1", "a1 ", " a1", "e33"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_int_eq(fan_square_parse(bad[i]), FAN_EPARSE);
}
END_TEST

START_TEST(notation_flag_errors)
{
    /* the writers with notation flags: an unknown bit, a NULL path or
     * position, a NULL buffer with a size, a turn not legal here; the
     * buffer is left as it was */
    fan_position *p = start_position();
    fan_path path = start_path();
    fan_turn turn = 0;
    ck_assert_fan_ok(fan_path_turn(&turn, &path));
    char buf[FAN_PATH_STRING_MAX];
    memset(buf, FILL, sizeof buf);
    ck_assert_int_eq(fan_path_to_string_ex(buf, sizeof buf, NULL, &path, 2),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_path_to_string_ex(buf, sizeof buf, NULL, &path,
                                           FAN_NOTATION_COMPACT | 0x80000000u),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_path_to_string_ex(buf, sizeof buf, NULL, NULL,
                                           FAN_NOTATION_COMPACT),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_path_to_string_ex(NULL, 4, NULL, &path,
                                           FAN_NOTATION_COMPACT),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_turn_to_string_ex(buf, sizeof buf, NULL, p, turn, 8),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_turn_to_string_ex(buf, sizeof buf, NULL, NULL, turn,
                                           FAN_NOTATION_COMPACT),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_turn_to_string_ex(NULL, 4, NULL, p, turn,
                                           FAN_NOTATION_COMPACT),
                     FAN_EINVAL);
    fan_turn other = turn ^ ((uint64_t)1 << SQ("a1"));
    ck_assert_int_eq(fan_turn_to_string_ex(buf, sizeof buf, NULL, p, other,
                                           FAN_NOTATION_COMPACT),
                     fan_turn_to_string(buf, sizeof buf, NULL, p, other));
    ck_assert(untouched(buf, sizeof buf));
    path.to[0] = 45;
    ck_assert_int_eq(fan_path_to_string_ex(buf, sizeof buf, NULL, &path,
                                           FAN_NOTATION_COMPACT),
                     FAN_ERANGE);
    ck_assert(untouched(buf, sizeof buf));
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("errors");
    TCase *tc = tcase_create("errors");
    tcase_add_test(tc, strerror_texts);
    tcase_add_test(tc, version);
    tcase_add_test(tc, new_and_clone);
    tcase_add_test(tc, readers);
    tcase_add_test(tc, lists_and_buffers);
    tcase_add_test(tc, play_step_errors);
    tcase_add_test(tc, turn_errors);
    tcase_add_test(tc, path_errors);
    tcase_add_test(tc, undo_redo_errors);
    tcase_add_test(tc, square_text_errors);
    tcase_add_test(tc, notation_flag_errors);
    suite_add_tcase(s, tc);
    return s;
}
