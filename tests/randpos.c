/* SPDX-License-Identifier: MIT */
#include "randpos.h"

uint64_t rp_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1Dull;
}

unsigned rp_below(uint64_t *state, unsigned n)
{
    return (unsigned)((rp_next(state) >> 32) % n);
}

/* One random step, or (one time in four, when allowed) ending the chain. */
static int random_step(fan_position *pos, uint64_t *state)
{
    fan_step steps[FAN_STEPS_MAX];
    size_t n;
    int r;
    if (fan_position_can_end_turn(pos) == 1 && rp_below(state, 4) == 0)
        return fan_position_end_turn(pos);
    if ((r = fan_position_steps(steps, FAN_STEPS_MAX, &n, pos)) != FAN_OK)
        return r;
    if (n == 0)
        return FAN_EGAMEOVER;
    const fan_step *s = &steps[rp_below(state, (unsigned)n)];
    return fan_position_play_step(pos, s->from, s->to, s->kind);
}

int rp_position(char *buf, uint64_t *state, int rules, unsigned steps,
                int mid_chain)
{
    fan_position *pos;
    int r = fan_position_new(&pos, rules);
    if (r != FAN_OK)
        return r;
    for (unsigned i = 0; i < steps && r == FAN_OK; i++) {
        if (fan_position_result(pos) != FAN_ONGOING)
            break;
        r = random_step(pos, state);
    }
    /* Then to the wanted turn state. A finished game says little about
     * move generation: its last turns are taken back (more of them on each
     * try, since a compulsory capture may end the game again) and play
     * goes on. */
    for (unsigned tries = 0; r == FAN_OK && tries < 400; tries++) {
        if (fan_position_result(pos) != FAN_ONGOING)
            for (unsigned k = 0; k <= tries / 4 && r == FAN_OK &&
                                 fan_position_history_length(pos) > 0;
                 k++)
                r = fan_position_undo(pos);
        else if (fan_position_in_chain(pos) == (mid_chain != 0))
            break;
        else
            r = random_step(pos, state);
    }
    if (r == FAN_OK)
        r = fan_position_to_string(buf, FAN_POSITION_STRING_MAX, NULL, pos);
    fan_position_free(pos);
    return r;
}

/* One random board as described for rp_board(), unchecked. */
static int board_once(fan_position **out, uint64_t *state, int rules)
{
    uint64_t white = 0, black = 0;
    int nwhite = 0, nblack = 0;
    /* a density per board, so that crowded and sparse boards both occur */
    unsigned density = 1 + rp_below(state, 9); /* in tenths */
    for (int sq = 0; sq < FAN_SQUARES; sq++) {
        if (rp_below(state, 10) >= density)
            continue;
        if (rp_below(state, 2) && nwhite < FAN_MAX_PIECES) {
            white |= (uint64_t)1 << sq;
            nwhite++;
        } else if (nblack < FAN_MAX_PIECES) {
            black |= (uint64_t)1 << sq;
            nblack++;
        }
    }
    int side = rp_below(state, 2) ? FAN_BLACK : FAN_WHITE;
    /* the side that has just moved always has a piece (play cannot leave
     * it without one): give the move to the side that has none */
    if (!black && !white)
        black = (uint64_t)1 << 44;
    if (!(side == FAN_WHITE ? black : white))
        side = side == FAN_WHITE ? FAN_BLACK : FAN_WHITE;
    return fan_position_new_custom(out, white, black, side, rules);
}

int rp_board(char *buf, uint64_t *state, int rules, int mid_chain)
{
    fan_position *pos = NULL;
    int r = FAN_OK;
    /* for a chain: boards until a first random step opens one */
    for (int tries = 0; tries < 1000 && r == FAN_OK; tries++) {
        fan_position_free(pos);
        pos = NULL;
        if ((r = board_once(&pos, state, rules)) != FAN_OK || !mid_chain)
            break;
        if (fan_position_result(pos) != FAN_ONGOING ||
            fan_position_must_capture(pos) != 1)
            continue;
        if ((r = random_step(pos, state)) == FAN_OK &&
            fan_position_in_chain(pos) == 1)
            break;
    }
    if (r == FAN_OK)
        r = fan_position_to_string(buf, FAN_POSITION_STRING_MAX, NULL, pos);
    fan_position_free(pos);
    return r;
}
