/* SPDX-License-Identifier: MIT */
/* Playing: steps through the chain-step machine, whole paths and turns
 * checked on a copy first, and ending a chain under stop-at-will. */
#include "position.h"

#include <string.h>

/* Finds the legal step from -> to of the given kind (or any kind). */
static int find_step(fan_step *out, const mg_chain *c, int from, int to,
                     int kind)
{
    fan_step steps[FAN_STEPS_MAX];
    int n = mg_steps(steps, &c->st), found = 0;
    for (int i = 0; i < n; i++) {
        if (steps[i].from != from || steps[i].to != to)
            continue;
        if (kind != FAN_STEP_ANY && steps[i].kind != kind)
            continue;
        *out = steps[i];
        found++;
    }
    if (found > 1)
        return FAN_EAMBIGUOUS;
    return found ? FAN_OK : FAN_EILLEGAL;
}

static int check_playable(fan_position *p)
{
    if (p->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    return position_reserve_history(p);
}

/* Plays one step on the state, finishing the turn when it cannot go on. */
static void apply_step(fan_position *p, const fan_step *s)
{
    mg_chain c = p->cur;
    mg_chain_apply(&c, s);
    if (!mg_has_continuation(&c.st))
        position_finish_turn(p, &c);
    else
        p->cur = c;
}

FAN_API int fan_position_play_step(fan_position *pos, int from, int to,
                                   int kind)
{
    if (!pos || kind < FAN_STEP_ANY || kind > FAN_STEP_WITHDRAWAL)
        return FAN_EINVAL;
    if (!VALID_SQUARE(from) || !VALID_SQUARE(to))
        return FAN_ERANGE;
    if (pos->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    fan_step s;
    int r = find_step(&s, &pos->cur, from, to, kind);
    if (r == FAN_OK)
        r = check_playable(pos);
    if (r != FAN_OK)
        return r;
    apply_step(pos, &s);
    pos->nredo = 0;
    return FAN_OK;
}

FAN_API int fan_position_can_end_turn(const fan_position *pos)
{
    if (!pos)
        return FAN_EINVAL;
    return pos->result == FAN_ONGOING && pos->rules == FAN_RULES_STOP &&
           pos->cur.path.length > 0;
}

FAN_API int fan_position_end_turn(fan_position *pos)
{
    if (!pos)
        return FAN_EINVAL;
    if (pos->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    if (!fan_position_can_end_turn(pos))
        return FAN_ESTATE;
    int r = check_playable(pos);
    if (r != FAN_OK)
        return r;
    mg_chain c = pos->cur;
    position_finish_turn(pos, &c);
    pos->nredo = 0;
    return FAN_OK;
}

int path_check_fields(const fan_path *path)
{
    if (path->length < 1 || path->length > FAN_PATH_MAX)
        return FAN_EINVAL;
    for (int i = 0; i < 6; i++)
        if (path->reserved[i])
            return FAN_EINVAL;
    if (!VALID_SQUARE(path->from) || (path->captured & ~BOARD_MASK))
        return FAN_ERANGE;
    for (int i = 0; i < path->length; i++) {
        if (!VALID_SQUARE(path->to[i]))
            return FAN_ERANGE;
        if (path->kind[i] < FAN_STEP_PAIKA ||
            path->kind[i] > FAN_STEP_WITHDRAWAL)
            return FAN_EINVAL;
    }
    return FAN_OK;
}

int chain_replay(mg_chain *c, const fan_path *path)
{
    int done = c->path.length;
    if (path->length < done || (done && path->from != c->path.from))
        return FAN_EILLEGAL;
    for (int i = 0; i < done; i++)
        if (path->to[i] != c->path.to[i] || path->kind[i] != c->path.kind[i])
            return FAN_EILLEGAL;
    for (int i = done; i < path->length; i++) {
        int from = i ? path->to[i - 1] : path->from;
        fan_step s;
        if (find_step(&s, c, from, path->to[i], path->kind[i]) != FAN_OK)
            return FAN_EILLEGAL;
        if (s.kind == FAN_STEP_PAIKA && path->length != 1)
            return FAN_EILLEGAL;
        mg_chain_apply(c, &s);
    }
    return path->captured == c->st.captured ? FAN_OK : FAN_EILLEGAL;
}

/* Plays a whole turn (or, mid-chain, the rest of the turn whose prefix is
 * the chain so far) after checking every step on a copy. Mid-chain, a path
 * equal to the chain so far ends the turn now, as the turn lists offer it
 * under stop-at-will (must-continue refuses it below: the chain can go on). */
int position_play_path(fan_position *pos, const fan_path *path)
{
    mg_chain c = pos->cur;
    int r = chain_replay(&c, path);
    if (r != FAN_OK)
        return r;
    /* a paika ends the turn even where the piece could now capture */
    if (pos->rules == FAN_RULES_MUST && c.st.captured && mg_has_continuation(&c.st))
        return FAN_EILLEGAL;
    r = check_playable(pos);
    if (r != FAN_OK)
        return r;
    position_finish_turn(pos, &c);
    return FAN_OK;
}

FAN_API int fan_position_play_path(fan_position *pos, const fan_path *path)
{
    if (!pos || !path)
        return FAN_EINVAL;
    int r = path_check_fields(path);
    if (r != FAN_OK)
        return r;
    if (pos->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    r = position_play_path(pos, path);
    if (r == FAN_OK)
        pos->nredo = 0;
    return r;
}

static int valid_turn(fan_turn t)
{
    if (t >> 57)
        return FAN_EINVAL;
    if (!VALID_SQUARE(FAN_TURN_FROM(t)) || !VALID_SQUARE(FAN_TURN_TO(t)))
        return FAN_ERANGE;
    return FAN_OK;
}

FAN_API int fan_position_turn_path(fan_path *out, const fan_position *pos,
                                   fan_turn turn)
{
    if (!out || !pos)
        return FAN_EINVAL;
    int r = valid_turn(turn);
    if (r != FAN_OK)
        return r;
    if (pos->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    return canonical_path(out, &pos->cur, pos->rules, turn);
}

FAN_API int fan_position_play_turn(fan_position *pos, fan_turn turn)
{
    fan_path path;
    int r = fan_position_turn_path(&path, pos, turn);
    if (r != FAN_OK)
        return r;
    r = position_play_path(pos, &path);
    if (r == FAN_OK)
        pos->nredo = 0;
    return r;
}

FAN_API int fan_path_turn(fan_turn *out, const fan_path *path)
{
    if (!out || !path)
        return FAN_EINVAL;
    int r = path_check_fields(path);
    if (r != FAN_OK)
        return r;
    *out = path_effect(path);
    return FAN_OK;
}
