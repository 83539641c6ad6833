/* SPDX-License-Identifier: MIT */
/* The position handle: life cycle, the board and result queries, and the
 * state of the turn in progress (play.c plays, history.c keeps the game). */
#include "position.h"

#include <stdlib.h>
#include <string.h>

int position_make(fan_position **out, const mg_chain *cur, int stm,
                  int rules, int turns)
{
    fan_position *p = calloc(1, sizeof *p);
    if (!p)
        return FAN_ENOMEM;
    p->stm = stm;
    p->rules = rules;
    p->turns = turns;
    p->cur = *cur;
    if (cur->path.length == 0)
        position_update_result(p);
    *out = p;
    return FAN_OK;
}

static int position_alloc(fan_position **out, uint64_t white, uint64_t black,
                          int stm, int rules)
{
    mg_chain c;
    mg_chain_start(&c, stm == 0 ? white : black, stm == 0 ? black : white);
    return position_make(out, &c, stm, rules, 0);
}

FAN_API int fan_position_new(fan_position **out, int rules)
{
    if (!out || !VALID_RULES(rules))
        return FAN_EINVAL;
    return position_alloc(out, START_WHITE, START_BLACK, 0, rules);
}

FAN_API int fan_position_new_custom(fan_position **out, uint64_t white,
                                    uint64_t black, int side_to_move,
                                    int rules)
{
    if (!out || !VALID_RULES(rules) ||
        (side_to_move != FAN_WHITE && side_to_move != FAN_BLACK))
        return FAN_EINVAL;
    if ((white | black) & ~BOARD_MASK || (white & black) ||
        board_popcount(white) > FAN_MAX_PIECES ||
        board_popcount(black) > FAN_MAX_PIECES)
        return FAN_EPOSITION;
    /* nobody loses their last piece on their own turn */
    if (!(side_to_move == FAN_WHITE ? black : white))
        return FAN_EPOSITION;
    return position_alloc(out, white, black, side_to_move - 1, rules);
}

FAN_API int fan_position_clone(fan_position **out, const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    fan_position *p = malloc(sizeof *p);
    if (!p)
        return FAN_ENOMEM;
    *p = *pos;
    p->hist = NULL;
    p->redo = NULL;
    p->caphist = p->nhist;
    p->capredo = p->nredo;
    if (pos->nhist) {
        p->hist = malloc(pos->nhist * sizeof *p->hist);
        if (!p->hist)
            goto fail;
        memcpy(p->hist, pos->hist, pos->nhist * sizeof *p->hist);
    }
    if (pos->nredo) {
        p->redo = malloc(pos->nredo * sizeof *p->redo);
        if (!p->redo)
            goto fail;
        memcpy(p->redo, pos->redo, pos->nredo * sizeof *p->redo);
    }
    *out = p;
    return FAN_OK;
fail:
    fan_position_free(p);
    return FAN_ENOMEM;
}

FAN_API void fan_position_free(fan_position *pos)
{
    if (!pos)
        return;
    free(pos->hist);
    free(pos->redo);
    free(pos);
}

/* ------------------------------------------------------------------ */
/* Queries                                                             */

uint64_t board_hash(uint64_t white, uint64_t black, int stm)
{
    uint64_t h = white * 0x9E3779B97F4A7C15ull;
    h ^= (black + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= (uint64_t)stm * 0x165667B19E3779F9ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return h;
}

FAN_API int fan_position_piece(const fan_position *pos, int square)
{
    if (!pos)
        return FAN_EINVAL;
    if (!VALID_SQUARE(square))
        return FAN_ERANGE;
    if (pos_white(pos) & BIT(square))
        return FAN_WHITE;
    if (pos_black(pos) & BIT(square))
        return FAN_BLACK;
    return FAN_EMPTY;
}

FAN_API int fan_position_pieces(uint64_t *out, const fan_position *pos,
                                int color)
{
    if (!out || !pos || (color != FAN_WHITE && color != FAN_BLACK))
        return FAN_EINVAL;
    *out = color == FAN_WHITE ? pos_white(pos) : pos_black(pos);
    return FAN_OK;
}

FAN_API int fan_position_side_to_move(const fan_position *pos)
{
    return pos ? pos->stm + 1 : FAN_EINVAL;
}

FAN_API int fan_position_rules(const fan_position *pos)
{
    return pos ? pos->rules : FAN_EINVAL;
}

FAN_API int fan_position_turns_played(const fan_position *pos)
{
    return pos ? pos->turns : FAN_EINVAL;
}

FAN_API int fan_position_result(const fan_position *pos)
{
    return pos ? pos->result : FAN_EINVAL;
}

FAN_API int fan_position_result_reason(const fan_position *pos)
{
    return pos ? pos->reason : FAN_EINVAL;
}

FAN_API const char *fan_result_name(int result)
{
    switch (result) {
    case FAN_ONGOING: return "ongoing";
    case FAN_WHITE_WINS: return "white wins";
    case FAN_BLACK_WINS: return "black wins";
    case FAN_DRAW: return "draw";
    default: return "";
    }
}

FAN_API const char *fan_reason_name(int reason)
{
    switch (reason) {
    case FAN_REASON_NONE: return "";
    case FAN_REASON_NO_PIECES: return "the player to move has no pieces";
    case FAN_REASON_NO_MOVES: return "the player to move has no legal turn";
    case FAN_REASON_REPETITION: return "threefold repetition";
    case FAN_REASON_TURN_LIMIT: return "400 turns played";
    default: return "";
    }
}

FAN_API int fan_position_equal(const fan_position *a, const fan_position *b)
{
    if (!a || !b)
        return FAN_EINVAL;
    const mg_chain *x = &a->cur, *y = &b->cur;
    if (a->stm != b->stm || a->rules != b->rules || a->turns != b->turns ||
        x->st.own != y->st.own || x->st.opp != y->st.opp ||
        x->path.length != y->path.length)
        return 0;
    if (x->path.length == 0)
        return 1;
    return x->st.captured == y->st.captured && x->st.visited == y->st.visited &&
           x->path.from == y->path.from &&
           !memcmp(x->path.to, y->path.to, x->path.length) &&
           !memcmp(x->path.kind, y->path.kind, x->path.length);
}

FAN_API int fan_position_hash(uint64_t *out, const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    *out = board_hash(pos_white(pos), pos_black(pos), pos->stm);
    return FAN_OK;
}

/* ------------------------------------------------------------------ */
/* Chain state and UI helpers                                          */

FAN_API int fan_position_in_chain(const fan_position *pos)
{
    return pos ? pos->cur.path.length > 0 : FAN_EINVAL;
}

FAN_API int fan_position_active_piece(int *out, const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    *out = pos->cur.path.length ? pos->cur.st.sq : -1;
    return FAN_OK;
}

FAN_API int fan_position_last_direction(int *out, const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    *out = pos->cur.path.length ? pos->cur.st.lastdir : -1;
    return FAN_OK;
}

FAN_API int fan_position_visited(uint64_t *out, const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    *out = pos->cur.path.length ? pos->cur.st.visited : 0;
    return FAN_OK;
}

FAN_API int fan_position_chain_captured(uint64_t *out,
                                        const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    *out = pos->cur.st.captured;
    return FAN_OK;
}

FAN_API int fan_position_chain_path(fan_path *out, const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    *out = pos->cur.path;
    return FAN_OK;
}

/* Steps available now; none once the game has ended. */
static int current_steps(fan_step *out, const fan_position *pos)
{
    return pos->result == FAN_ONGOING ? mg_steps(out, &pos->cur.st) : 0;
}

FAN_API int fan_position_steps(fan_step *out, size_t capacity, size_t *count,
                               const fan_position *pos)
{
    if (!count || !pos || (!out && capacity))
        return FAN_EINVAL;
    fan_step steps[FAN_STEPS_MAX];
    int n = current_steps(steps, pos);
    *count = (size_t)n;
    if ((size_t)n > capacity)
        return FAN_EBUFS;
    if (n)
        memcpy(out, steps, (size_t)n * sizeof *steps);
    return FAN_OK;
}

FAN_API int fan_position_movable(uint64_t *out, const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    fan_step steps[FAN_STEPS_MAX];
    int n = current_steps(steps, pos);
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        m |= BIT(steps[i].from);
    *out = m;
    return FAN_OK;
}

FAN_API int fan_position_destinations(uint64_t *out, const fan_position *pos,
                                      int square)
{
    if (!out || !pos)
        return FAN_EINVAL;
    if (!VALID_SQUARE(square))
        return FAN_ERANGE;
    fan_step steps[FAN_STEPS_MAX];
    int n = current_steps(steps, pos);
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        if (steps[i].from == square)
            m |= BIT(steps[i].to);
    *out = m;
    return FAN_OK;
}

FAN_API int fan_position_must_capture(const fan_position *pos)
{
    if (!pos)
        return FAN_EINVAL;
    if (pos->result != FAN_ONGOING)
        return 0;
    return pos->cur.path.length > 0 ||
           mg_capturers(pos->cur.st.own, pos->cur.st.opp) != 0;
}
