/* SPDX-License-Identifier: MIT */
/* Positions with known forced wins, the brute-force judge that checks
 * them over the public turn API, and the legality check of a search
 * result: shared by the search suite and the white-box suite of the
 * search switches (test-searchcfg.c). Include after tcommon.h. */
#ifndef TFORCED_H
#define TFORCED_H

#include "tcommon.h"

/* Position from a position string; the test fails if it does not parse. */
static inline fan_position *FROM(const char *text)
{
    fan_position *p = NULL;
    fan_parse_error err;
    int r = fan_position_from_string(&p, text, FAN_RULES_STOP, &err);
    ck_assert_msg(r == FAN_OK, "%s: %s at %u", text, err.message, err.offset);
    return p;
}

/* ------------------------------------------------------------------ */
/* An independent judge: brute force over the public turn API          */

static inline int forced_win(const fan_position *p, int n);

static inline int winner_is(int result, int side)
{
    return result == (side == FAN_WHITE ? FAN_WHITE_WINS : FAN_BLACK_WINS);
}

/* The side to move at q loses within n turns whatever it plays. */
static inline int all_replies_lose(const fan_position *q, int n)
{
    fan_turn turns[1024];
    size_t c = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 1024, &c, q));
    int side = fan_position_side_to_move(q);
    for (size_t i = 0; i < c; i++) {
        fan_position *r = NULL;
        ck_assert_fan_ok(fan_position_clone(&r, q));
        ck_assert_fan_ok(fan_position_play_turn(r, turns[i]));
        int res = fan_position_result(r);
        int lost = res == FAN_ONGOING
                       ? forced_win(r, n)
                       : res != FAN_DRAW && !winner_is(res, side);
        fan_position_free(r);
        if (!lost)
            return 0;
    }
    return 1;
}

/* turn t wins within n turns in p */
static inline int winning_turn(const fan_position *p, fan_turn t, int n)
{
    fan_position *r = NULL;
    ck_assert_fan_ok(fan_position_clone(&r, p));
    ck_assert_fan_ok(fan_position_play_turn(r, t));
    int res = fan_position_result(r);
    int won = winner_is(res, fan_position_side_to_move(p)) ||
              (res == FAN_ONGOING && n >= 3 && all_replies_lose(r, n - 2));
    fan_position_free(r);
    return won;
}

/* The side to move can force a win within n complete turns (its own and
 * the opponent's counted). */
static inline int forced_win(const fan_position *p, int n)
{
    if (n <= 0)
        return 0;
    fan_turn turns[1024];
    size_t c = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 1024, &c, p));
    for (size_t i = 0; i < c; i++)
        if (winning_turn(p, turns[i], n))
            return 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Constructed forced wins                                             */

typedef struct forced {
    const char *position;
    int turns;  /* shortest forced win, in complete turns */
    int greedy; /* 1: no turn that captures the most pieces wins */
} forced;

/* Each position comes with why it is won; the suite re-derives the length
 * of the shortest win by brute force before asking the engine. */
static const forced forced_wins[] = {
    /* 1. a3-b3 approaches c3, Black's last piece. */
    {"9/9/W1B6/9/9 w stop 0 -", 1, 0},
    /* 2. e3-f3 withdraws from the run d3 c3 b3: all three at once. */
    {"9/9/1BBBW4/9/9 w stop 0 -", 1, 0},
    /* 3. a1-b2 approaches up the diagonal c3 d4 e5. */
    {"4B4/3B5/2B6/9/W8 w stop 0 -", 1, 0},
    /* 4. A chain: e3-e4 withdraws from e2, then e4-d4 approaches c4.
     * Stopping after the first segment would not win. */
    {"9/2B6/4W4/4B4/9 w stop 0 -", 1, 0},
    /* 5. The same chain under must-continue. */
    {"9/2B6/4W4/4B4/9 w must 0 -", 1, 0},
    /* 6. Black to move: a3-b3 approaches White's last piece on c3. */
    {"9/9/B1W6/9/9 b stop 0 -", 1, 0},
    /* 7. No legal turn: Black's a1 has neighbours a2, b1, b2. White has
     * no capture (a3 and c1 block the withdrawals), and a paika into b2
     * from c2, c1 or a3 (none lines up with a1) leaves Black stuck. */
    {"9/9/W8/W1W6/BWW6 w stop 0 -", 1, 0},
    /* 8. The same in the far corner: i5 with h5, i4 and h4; g5 and i3
     * block the withdrawals, g4-h4 (or i3-h4, g5-h4) fills the hole. */
    {"6WWB/6W1W/8W/9/9 w stop 0 -", 1, 0},
    /* 9. Greedy loses (stop-at-will): f3-f4 withdrawing from f2 and
     * stopping wins; going on f4-g4 takes h4 too but leaves the h-file
     * pieces free. After f3-f4W Black must capture h4-g4A (taking f4),
     * and h5-h4A then takes g4 and withdraws... i4W ends it. */
    {"7W1/7B1/5W1B1/5B3/5W3 w stop 0 -", 3, 1},
    /* 10. Greedy loses: c4-c3W-d3A takes two, but h2-h3A (taking h4)
     * forces e3-d2W, after which c4-c3W-b4W takes the rest. */
    {"2B6/2W2W1B1/4B4/7W1/9 w stop 0 -", 3, 1},
    /* 11. Greedy loses: e3-f4A takes g5 and stops; each of Black's four
     * captures in reply lets a white piece take all that is left
     * (f2-e1W, f4-g4A-g3A, f2-g2A-g3A or f4-e5W). Every two-piece
     * chain leaves Black a capture that survives. */
    {"6B2/7B1/4W4/5W1B1/9 w stop 0 -", 3, 1},
    /* 12. Greedy loses: h1-h2A takes h3 and stops; Black's d1-e1W
     * (forced, taking c1) is answered by h2-g3W-f2A. Going on to g3 at
     * once lets d1 escape. */
    {"9/9/7B1/9/2WB3WB w stop 0 -", 3, 1},
    /* 13. Must-continue, greedy loses: g3-h3A takes i3 and the chain
     * ends; Black's only capture i4-i3A (taking i2) runs into
     * h3-g3W-h4W. */
    {"W8/8B/6W1B/5B2W/9 w must 0 -", 3, 1},
    /* 14. Must-continue, greedy loses: f2-g1W takes e3 alone; Black's
     * forced g2-g3W (taking g1... ) is met by i4-i3W-h3A. */
    {"8B/8W/4B4/2W2WB2/9 w must 0 -", 3, 1},
    /* 15. Must-continue, greedy loses: g5-g4A takes g3; whatever paika
     * Black plays, b3-c3A or e3-d3A with a second segment takes both. */
    {"6W2/9/1WBBW1B2/9/9 w must 0 -", 3, 1},
    /* 16. Win in five turns: d4-e5W takes c3; every black paika runs into
     * a chain from d2 that takes both c1/e1 pieces within two turns. */
    {"9/3W5/2B6/3W5/2B1B4 w stop 0 -", 5, 1},
    /* 17. Win in five: e2-e3A takes e4; Black's paikas are answered by
     * captures that leave a single piece, caught on the next turn. */
    {"5B3/3WB4/9/2B1W4/3W5 w stop 0 -", 5, 1},
    /* 18. Win in five: d2-c1W takes e3; the f1 and i4 pieces are then
     * hunted down by h2 and g3. */
    {"9/8B/4B1W2/3W3W1/5B3 w stop 0 -", 5, 1},
    /* 19-22: positions 9, 10, 13 and 16 with the colours exchanged and
     * Black to move (the board mirrored top to bottom), so the engine's
     * view of Black is checked too. */
    {"5B3/5W3/5B1W1/7W1/7B1 b stop 0 -", 3, 1},
    {"9/7B1/4W4/2B2B1W1/2W6 b stop 0 -", 3, 1},
    {"9/5W2B/6B1W/8W/B8 b must 0 -", 3, 1},
    {"2W1W4/3B5/2W6/3B5/9 b stop 0 -", 5, 1},
};

static inline int contains(const fan_turn *turns, size_t n, fan_turn t)
{
    for (size_t i = 0; i < n; i++)
        if (turns[i] == t)
            return 1;
    return 0;
}

/* The result's best turn and whole PV are legal, the score in range. */
static inline void check_result(const fan_position *p,
                                const fan_search_result *r)
{
    /* the count first: random boards can have thousands of turns */
    size_t n = 0;
    int rc = fan_position_turns(NULL, 0, &n, p);
    ck_assert(rc == FAN_OK || rc == FAN_EBUFS);
    fan_turn *turns = malloc((n ? n : 1) * sizeof *turns);
    ck_assert_ptr_nonnull(turns);
    ck_assert_fan_ok(fan_position_turns(turns, n, &n, p));
    ck_assert_msg(contains(turns, n, r->best), "best turn is not legal");
    free(turns);
    ck_assert(r->pv_length >= 1 && r->pv_length <= FAN_SEARCH_PV_MAX);
    ck_assert(r->pv[0] == r->best);
    ck_assert(r->score > -FAN_SCORE_WIN && r->score < FAN_SCORE_WIN);
    ck_assert_uint_eq(r->version, FAN_SEARCH_RESULT_VERSION);
    fan_position *q = NULL;
    ck_assert_fan_ok(fan_position_clone(&q, p));
    for (uint32_t i = 0; i < r->pv_length; i++) {
        ck_assert_int_eq(fan_position_result(q), FAN_ONGOING);
        ck_assert_msg(fan_position_play_turn(q, r->pv[i]) == FAN_OK,
                      "pv turn %u is illegal", i);
    }
    fan_position_free(q);
}

/* White (three pieces on a1..c1) against Black's lone i5. Both sides
 * have shuffled until the position with Black to move on h5 has occurred
 * twice; h5-i5 now repeats the start position a third time: a draw, the
 * best Black can hope for two pieces down (the same board without the
 * history, "7B1/9/9/9/WWW6 b stop 7 -", is simply lost material). */
static inline fan_position *threefold_position(void)
{
    fan_position *p = FROM("8B/9/9/9/WWW6 w stop 0 -");
    const char *shuffle[][2] = {{"c1", "d1"}, {"i5", "h5"}, {"d1", "c1"},
                                {"h5", "i5"}, {"c1", "d1"}, {"i5", "h5"},
                                {"d1", "c1"}};
    for (int i = 0; i < 7; i++)
        ck_assert_fan_ok(fan_position_play_step(p, SQ(shuffle[i][0]),
                                                SQ(shuffle[i][1]),
                                                FAN_STEP_PAIKA));
    ck_assert_int_eq(fan_position_result(p), FAN_ONGOING);
    return p;
}

#endif
