/* SPDX-License-Identifier: MIT */
/* Why a step, turn or path is refused: the verdict is the one the play
 * function itself gives (asked of it directly, or of a copy of the
 * position), and the reason is worked out afterwards from the legal steps
 * and turns, so the two cannot disagree. */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Writes the reason and returns code, or FAN_EBUFS when it does not fit. */
static int say(char *buf, size_t size, size_t *needed, int code,
               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static int say(char *buf, size_t size, size_t *needed, int code,
               const char *fmt, ...)
{
    char text[FAN_EXPLAIN_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    writer w = {buf, size, 0};
    text_put(&w, text);
    int r = text_finish(&w, needed);
    return r == FAN_OK ? code : r;
}

/* The reason for a verdict that is not about the board itself. */
static int say_plain(char *buf, size_t size, size_t *needed, int code,
                     const fan_position *pos)
{
    switch (code) {
    case FAN_OK:
        return say(buf, size, needed, code, "%s", "");
    case FAN_EGAMEOVER:
        return say(buf, size, needed, code, "the game is over: %s (%s)",
                   fan_result_name(pos->result), fan_reason_name(pos->reason));
    case FAN_ENOMEM:
        return say(buf, size, needed, code, "out of memory");
    default:
        return say(buf, size, needed, code, "%s", fan_strerror(code));
    }
}

static int check_buffer(const char *buf, size_t size)
{
    return buf || !size ? FAN_OK : FAN_EINVAL;
}

/* ------------------------------------------------------------------ */
/* Steps                                                               */

FAN_API int fan_position_explain_step(char *buf, size_t size, size_t *needed,
                                      const fan_position *pos, int from, int to,
                                      int kind)
{
    if (check_buffer(buf, size) != FAN_OK)
        return FAN_EINVAL;
    if (!pos)
        return say(buf, size, needed, FAN_EINVAL, "no position was given");
    if (kind < FAN_STEP_ANY || kind > FAN_STEP_WITHDRAWAL)
        return say(buf, size, needed, FAN_EINVAL, "unknown step kind %d", kind);
    if (!VALID_SQUARE(from) || !VALID_SQUARE(to))
        return say(buf, size, needed, FAN_ERANGE, "square %d is outside 0..44",
                   VALID_SQUARE(from) ? to : from);
    if (pos->result != FAN_ONGOING)
        return say_plain(buf, size, needed, FAN_EGAMEOVER, pos);

    fan_step steps[FAN_STEPS_MAX];
    size_t n = 0;
    int r = fan_position_steps(steps, FAN_STEPS_MAX, &n, pos);
    if (r != FAN_OK)
        return say_plain(buf, size, needed, r, pos);
    int found = 0;
    for (size_t i = 0; i < n; i++)
        if (steps[i].from == from && steps[i].to == to &&
            (kind == FAN_STEP_ANY || steps[i].kind == kind))
            found++;
    char f[FAN_SQUARE_NAME_MAX], t[FAN_SQUARE_NAME_MAX];
    fan_square_name(f, sizeof f, NULL, from);
    fan_square_name(t, sizeof t, NULL, to);
    if (found > 1)
        return say(buf, size, needed, FAN_EAMBIGUOUS,
                   "%s-%s captures by approach (A) and by withdrawal (W): "
                   "name one",
                   f, t);
    if (found == 1)
        return say_plain(buf, size, needed, FAN_OK, pos);
    char why[FAN_EXPLAIN_MAX];
    step_diagnose(why, sizeof why, &pos->cur.st, from, to, kind);
    return say(buf, size, needed, FAN_EILLEGAL, "%s", why);
}

/* ------------------------------------------------------------------ */
/* Turns                                                               */

/* "a1, b2 and c3" into out. */
static void name_set(char *out, size_t size, uint64_t set)
{
    out[0] = '\0';
    int total = board_popcount(set), k = 0;
    for (int sq = 0; sq < BOARD_SQUARES; sq++) {
        if (!(set & BIT(sq)))
            continue;
        char name[FAN_SQUARE_NAME_MAX];
        fan_square_name(name, sizeof name, NULL, sq);
        if (k)
            text_cat(out, size, k + 1 == total ? " and " : ", ");
        text_cat(out, size, name);
        k++;
    }
}

/* Why no legal turn of pos has the effect turn, knowing that none has. */
static int turn_reason(char *buf, size_t size, size_t *needed,
                       const fan_position *pos, fan_turn turn)
{
    int from = FAN_TURN_FROM(turn), to = FAN_TURN_TO(turn);
    uint64_t captured = FAN_TURN_CAPTURED(turn);
    char f[FAN_SQUARE_NAME_MAX], t[FAN_SQUARE_NAME_MAX];
    fan_square_name(f, sizeof f, NULL, from);
    fan_square_name(t, sizeof t, NULL, to);

    fan_path chain;
    fan_position_chain_path(&chain, pos);
    if (chain.length && from != chain.from) {
        char o[FAN_SQUARE_NAME_MAX];
        fan_square_name(o, sizeof o, NULL, chain.from);
        return say(buf, size, needed, FAN_EILLEGAL,
                   "the turn in progress started on %s, so its completions "
                   "start there too",
                   o);
    }
    uint64_t own;
    fan_position_pieces(&own, pos, fan_position_side_to_move(pos));
    if (!chain.length && !(own & BIT(from)))
        return say(buf, size, needed, FAN_EILLEGAL,
                   "%s holds no piece of the side to move", f);

    size_t n = 0;
    fan_position_turns(NULL, 0, &n, pos);
    fan_turn *turns = malloc((n ? n : 1) * sizeof *turns);
    if (!turns)
        return say_plain(buf, size, needed, FAN_ENOMEM, pos);
    int r = fan_position_turns(turns, n, &n, pos);
    size_t from_here = 0, to_there = 0;
    for (size_t i = 0; r == FAN_OK && i < n; i++) {
        if (FAN_TURN_FROM(turns[i]) != from)
            continue;
        from_here++;
        to_there += FAN_TURN_TO(turns[i]) == to;
    }
    free(turns);
    if (r != FAN_OK)
        return say_plain(buf, size, needed, r, pos);

    if (!from_here)
        return say(buf, size, needed, FAN_EILLEGAL,
                   fan_position_must_capture(pos) == 1
                       ? "a capture is compulsory and the piece on %s cannot "
                         "capture"
                       : "the piece on %s has no legal turn",
                   f);
    if (!to_there)
        return say(buf, size, needed, FAN_EILLEGAL,
                   "no legal turn takes the piece on %s to %s", f, t);
    if (!captured)
        return say(buf, size, needed, FAN_EILLEGAL,
                   "a capture is compulsory: every turn from %s to %s "
                   "captures",
                   f, t);
    char set[FAN_EXPLAIN_MAX];
    name_set(set, sizeof set, captured);
    return say(buf, size, needed, FAN_EILLEGAL,
               "no legal turn from %s to %s captures exactly %s", f, t, set);
}

FAN_API int fan_position_explain_turn(char *buf, size_t size, size_t *needed,
                                      const fan_position *pos, fan_turn turn)
{
    if (check_buffer(buf, size) != FAN_OK)
        return FAN_EINVAL;
    if (!pos)
        return say(buf, size, needed, FAN_EINVAL, "no position was given");
    fan_path path;
    int r = fan_position_turn_path(&path, pos, turn);
    switch (r) {
    case FAN_EINVAL:
        return say(buf, size, needed, r, "a turn value has bits 57..63 clear");
    case FAN_ERANGE:
        return say(buf, size, needed, r,
                   "the turn's origin or destination is outside 0..44");
    case FAN_EILLEGAL:
        return turn_reason(buf, size, needed, pos, turn);
    default:
        return say_plain(buf, size, needed, r, pos);
    }
}

/* ------------------------------------------------------------------ */
/* Paths                                                               */

/* Replays path step by step on work (a copy of pos) and says where it
 * stops being legal; code is the verdict of fan_position_play_path(). */
static int path_reason(char *buf, size_t size, size_t *needed,
                       fan_position *work, const fan_path *path, int code)
{
    fan_path chain;
    fan_position_chain_path(&chain, work);
    int first = 0;
    if (chain.length) {
        int same = chain.from == path->from && chain.length <= path->length;
        for (int i = 0; same && i < chain.length; i++)
            same = chain.to[i] == path->to[i] && chain.kind[i] == path->kind[i];
        if (!same) {
            char text[FAN_PATH_STRING_MAX];
            fan_path_to_string(text, sizeof text, NULL, &chain);
            return say(buf, size, needed, code,
                       "the path does not begin with the turn in progress, "
                       "%s",
                       text);
        }
        first = chain.length;
    }
    for (int i = first; i < path->length; i++) {
        int from = i ? path->to[i - 1] : path->from;
        if (i > first && !fan_position_in_chain(work))
            return say(buf, size, needed, code,
                       "step %d: the turn is over after step %d (%s)", i + 1, i,
                       path->kind[i - 1] == FAN_STEP_PAIKA
                           ? "a paika ends it"
                           : "no capture can follow");
        char why[FAN_EXPLAIN_MAX];
        int r = fan_position_explain_step(why, sizeof why, NULL, work, from,
                                          path->to[i], path->kind[i]);
        if (r != FAN_OK)
            return say(buf, size, needed, code, "step %d: %s", i + 1, why);
        if ((r = fan_position_play_step(work, from, path->to[i],
                                        path->kind[i])) != FAN_OK)
            return say_plain(buf, size, needed, r, work);
    }
    if (fan_position_in_chain(work) &&
        fan_position_rules(work) == FAN_RULES_MUST) {
        int active = -1;
        fan_position_active_piece(&active, work);
        char a[FAN_SQUARE_NAME_MAX];
        fan_square_name(a, sizeof a, NULL, active);
        return say(buf, size, needed, code,
                   "under must-continue the chain goes on: the piece on %s "
                   "can capture again",
                   a);
    }
    /* every step is legal and the turn may end: what is left is the
     * captured set written in the path */
    return say(buf, size, needed, code,
               "the path's captured set is not the union of what its steps "
               "capture");
}

FAN_API int fan_position_explain_path(char *buf, size_t size, size_t *needed,
                                      const fan_position *pos,
                                      const fan_path *path)
{
    if (check_buffer(buf, size) != FAN_OK)
        return FAN_EINVAL;
    if (!pos || !path)
        return say(buf, size, needed, FAN_EINVAL,
                   pos ? "no path was given" : "no position was given");
    int r = path_check_fields(path);
    if (r != FAN_OK)
        return say(buf, size, needed, r,
                   r == FAN_ERANGE
                       ? "a square or captured point of the path is outside "
                         "0..44"
                       : "the path is malformed (its length, a step kind or "
                         "a reserved byte)");
    if (pos->result != FAN_ONGOING)
        return say_plain(buf, size, needed, FAN_EGAMEOVER, pos);

    /* the verdict of play_path itself, on a copy */
    fan_position *work = NULL;
    if ((r = fan_position_clone(&work, pos)) != FAN_OK)
        return say_plain(buf, size, needed, r, pos);
    int code = fan_position_play_path(work, path);
    fan_position_free(work);
    if (code != FAN_EILLEGAL)
        return say_plain(buf, size, needed, code, pos);

    if ((r = fan_position_clone(&work, pos)) != FAN_OK)
        return say_plain(buf, size, needed, r, pos);
    r = path_reason(buf, size, needed, work, path, code);
    fan_position_free(work);
    return r;
}
