/* SPDX-License-Identifier: MIT */
/* The position handle: board, the turn in progress (chain-step state
 * machine), history for repetition, undo and redo, and the game result. */
#include "position.h"

#include <stdlib.h>
#include <string.h>

fan_turn path_effect(const fan_path *path)
{
    int to = path->length ? path->to[path->length - 1] : path->from;
    return FAN_TURN_MAKE(path->from, to, path->captured);
}

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

/* ------------------------------------------------------------------ */
/* Turn lists                                                          */

static int turn_list_visit(void *ctx, const mg_chain *end)
{
    turn_list *tl = ctx;
    if (tl->n > 0 && tl->paths[tl->group_start].from != end->path.from)
        tl->group_start = tl->n;
    if (tl->unique) {
        fan_turn t = path_effect(&end->path);
        for (size_t i = tl->group_start; i < tl->n; i++)
            if (path_effect(&tl->paths[i]) == t)
                return 0;
    }
    if (tl->n == tl->cap) {
        size_t cap = tl->cap ? 2 * tl->cap : 64;
        fan_path *p = realloc(tl->paths, cap * sizeof *p);
        if (!p) {
            tl->err = FAN_ENOMEM;
            return 1;
        }
        tl->paths = p;
        tl->cap = cap;
    }
    tl->paths[tl->n++] = end->path;
    return 0;
}

int turn_list_build(turn_list *tl, const mg_chain *c, int rules, int unique)
{
    memset(tl, 0, sizeof *tl);
    tl->unique = unique;
    mg_walk(c, rules, turn_list_visit, tl);
    if (tl->err)
        turn_list_free(tl);
    return tl->err;
}

void turn_list_free(turn_list *tl)
{
    free(tl->paths);
    tl->paths = NULL;
    tl->n = tl->cap = 0;
}

/* ------------------------------------------------------------------ */
/* Life cycle                                                          */

static int count_repetitions(const fan_position *p)
{
    uint64_t w = pos_white(p), b = pos_black(p);
    int n = 1;
    for (size_t i = 0; i < p->nhist; i++) {
        const history_entry *h = &p->hist[i];
        if (h->stm == p->stm && h->white == w && h->black == b)
            n++;
    }
    return n;
}

/* Decides the result at a turn boundary (doc/rules.md "End of the game"). */
static void update_result(fan_position *p)
{
    int other_wins = p->stm == 0 ? FAN_BLACK_WINS : FAN_WHITE_WINS;
    p->result = FAN_ONGOING;
    p->reason = FAN_REASON_NONE;
    if (!p->cur.own) {
        p->result = other_wins;
        p->reason = FAN_REASON_NO_PIECES;
    } else if (!mg_has_turn(p->cur.own, p->cur.opp)) {
        p->result = other_wins;
        p->reason = FAN_REASON_NO_MOVES;
    } else if (count_repetitions(p) >= 3) {
        p->result = FAN_DRAW;
        p->reason = FAN_REASON_REPETITION;
    } else if (p->turns >= FAN_TURN_LIMIT) {
        p->result = FAN_DRAW;
        p->reason = FAN_REASON_TURN_LIMIT;
    }
}

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
        update_result(p);
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
        x->own != y->own || x->opp != y->opp ||
        x->path.length != y->path.length)
        return 0;
    if (x->path.length == 0)
        return 1;
    return x->captured == y->captured && x->visited == y->visited &&
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
/* Playing                                                             */

/* Makes room for need elements; leaves the buffer as it was on failure. */
static int grow(void **buf, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return FAN_OK;
    size_t n = *cap ? *cap * 2 : 32;
    while (n < need)
        n *= 2;
    void *p = realloc(*buf, n * size);
    if (!p)
        return FAN_ENOMEM;
    *buf = p;
    *cap = n;
    return FAN_OK;
}

static int reserve_history(fan_position *p)
{
    void *buf = p->hist;
    int r = grow(&buf, &p->caphist, p->nhist + 1, sizeof *p->hist);
    p->hist = buf;
    return r;
}

static int reserve_redo(fan_position *p)
{
    void *buf = p->redo;
    int r = grow(&buf, &p->capredo, p->nredo + 1, sizeof *p->redo);
    p->redo = buf;
    return r;
}

/* The board at the start of the turn in progress. */
static void turn_start_board(const fan_position *p, uint64_t *own,
                             uint64_t *opp)
{
    const mg_chain *c = &p->cur;
    *own = c->own;
    *opp = c->opp;
    if (c->path.length) {
        *own = (c->own & ~BIT(c->sq)) | BIT(c->path.from);
        *opp = c->opp | c->captured;
    }
}

void position_game_start(const fan_position *p, uint64_t *white,
                         uint64_t *black, int *stm, int *turns)
{
    if (p->nhist) {
        const history_entry *h = &p->hist[0];
        *white = h->white;
        *black = h->black;
        *stm = h->stm;
        *turns = h->turns;
        return;
    }
    uint64_t own, opp;
    turn_start_board(p, &own, &opp);
    *white = p->stm == 0 ? own : opp;
    *black = p->stm == 0 ? opp : own;
    *stm = p->stm;
    *turns = p->turns;
}

/* Records the finished turn c and passes the move. History capacity must
 * have been reserved by the caller. */
static void finish_turn(fan_position *p, const mg_chain *c)
{
    history_entry *h = &p->hist[p->nhist++];
    uint64_t own0, opp0;
    turn_start_board(p, &own0, &opp0);
    h->white = p->stm == 0 ? own0 : opp0;
    h->black = p->stm == 0 ? opp0 : own0;
    h->turns = (uint16_t)p->turns;
    h->stm = (uint8_t)p->stm;
    h->path = c->path;
    mg_chain_start(&p->cur, c->opp, c->own);
    p->stm ^= 1;
    p->turns++;
    update_result(p);
}

/* Finds the legal step from -> to of the given kind (or any kind). */
static int find_step(fan_step *out, const mg_chain *c, int from, int to,
                     int kind)
{
    fan_step steps[FAN_STEPS_MAX];
    int n = mg_steps(steps, c), found = 0;
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
    return reserve_history(p);
}

/* Plays one step on the state, finishing the turn when it cannot go on. */
static void apply_step(fan_position *p, const fan_step *s)
{
    mg_chain c = p->cur;
    mg_apply(&c, s);
    if (!mg_has_continuation(&c))
        finish_turn(p, &c);
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
    finish_turn(pos, &c);
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
        mg_apply(c, &s);
    }
    return path->captured == c->captured ? FAN_OK : FAN_EILLEGAL;
}

/* Plays a whole turn (or, mid-chain, the rest of the turn whose prefix is
 * the chain so far) after checking every step on a copy. Mid-chain, a path
 * equal to the chain so far ends the turn now, as the turn lists offer it
 * under stop-at-will (must-continue refuses it below: the chain can go on). */
static int play_path(fan_position *pos, const fan_path *path)
{
    mg_chain c = pos->cur;
    int r = chain_replay(&c, path);
    if (r != FAN_OK)
        return r;
    /* a paika ends the turn even where the piece could now capture */
    if (pos->rules == FAN_RULES_MUST && c.captured && mg_has_continuation(&c))
        return FAN_EILLEGAL;
    r = check_playable(pos);
    if (r != FAN_OK)
        return r;
    finish_turn(pos, &c);
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
    r = play_path(pos, path);
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

struct find_turn {
    fan_turn turn;
    fan_path path;
};

static int find_turn_visit(void *ctx, const mg_chain *end)
{
    struct find_turn *f = ctx;
    if (path_effect(&end->path) != f->turn)
        return 0;
    f->path = end->path;
    return 1;
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
    struct find_turn f = {.turn = turn};
    if (!mg_walk(&pos->cur, pos->rules, find_turn_visit, &f))
        return FAN_EILLEGAL;
    *out = f.path;
    return FAN_OK;
}

FAN_API int fan_position_play_turn(fan_position *pos, fan_turn turn)
{
    fan_path path;
    int r = fan_position_turn_path(&path, pos, turn);
    if (r != FAN_OK)
        return r;
    r = play_path(pos, &path);
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

/* ------------------------------------------------------------------ */
/* Undo and redo                                                       */

FAN_API int fan_position_undo(fan_position *pos)
{
    if (!pos)
        return FAN_EINVAL;
    if (pos->cur.path.length) {
        uint64_t own, opp;
        turn_start_board(pos, &own, &opp);
        mg_chain_start(&pos->cur, own, opp);
        return FAN_OK;
    }
    if (!pos->nhist)
        return FAN_ENOHISTORY;
    int r = reserve_redo(pos);
    if (r != FAN_OK)
        return r;
    const history_entry *h = &pos->hist[--pos->nhist];
    pos->stm = h->stm;
    pos->turns = h->turns;
    mg_chain_start(&pos->cur, h->stm == 0 ? h->white : h->black,
                   h->stm == 0 ? h->black : h->white);
    pos->redo[pos->nredo++] = h->path;
    update_result(pos);
    return FAN_OK;
}

FAN_API int fan_position_redo(fan_position *pos)
{
    if (!pos)
        return FAN_EINVAL;
    if (!pos->nredo)
        return FAN_ENOHISTORY;
    if (pos->cur.path.length)
        return FAN_ESTATE;
    if (pos->result != FAN_ONGOING)
        return FAN_EGAMEOVER;
    int r = play_path(pos, &pos->redo[pos->nredo - 1]);
    if (r == FAN_OK)
        pos->nredo--;
    return r;
}

FAN_API int fan_position_history_length(const fan_position *pos)
{
    return pos ? (int)pos->nhist : FAN_EINVAL;
}

FAN_API int fan_position_history_path(fan_path *out, const fan_position *pos,
                                      int index)
{
    if (!out || !pos)
        return FAN_EINVAL;
    if (index < 0 || (size_t)index >= pos->nhist)
        return FAN_ERANGE;
    *out = pos->hist[index].path;
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
    *out = pos->cur.path.length ? pos->cur.sq : -1;
    return FAN_OK;
}

FAN_API int fan_position_last_direction(int *out, const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    *out = pos->cur.path.length ? pos->cur.lastdir : -1;
    return FAN_OK;
}

FAN_API int fan_position_visited(uint64_t *out, const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    *out = pos->cur.path.length ? pos->cur.visited : 0;
    return FAN_OK;
}

FAN_API int fan_position_chain_captured(uint64_t *out,
                                        const fan_position *pos)
{
    if (!out || !pos)
        return FAN_EINVAL;
    *out = pos->cur.captured;
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
    return pos->result == FAN_ONGOING ? mg_steps(out, &pos->cur) : 0;
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
           mg_capturers(pos->cur.own, pos->cur.opp) != 0;
}

/* ------------------------------------------------------------------ */
/* Turn lists                                                          */

static int list_turns(turn_list *tl, const fan_position *pos, int unique)
{
    if (pos->result != FAN_ONGOING) {
        memset(tl, 0, sizeof *tl);
        return FAN_OK;
    }
    return turn_list_build(tl, &pos->cur, pos->rules, unique);
}

FAN_API int fan_position_turns(fan_turn *out, size_t capacity, size_t *count,
                               const fan_position *pos)
{
    if (!count || !pos || (!out && capacity))
        return FAN_EINVAL;
    turn_list tl;
    int r = list_turns(&tl, pos, 1);
    if (r != FAN_OK)
        return r;
    *count = tl.n;
    if (tl.n > capacity)
        r = FAN_EBUFS;
    else
        for (size_t i = 0; i < tl.n; i++)
            out[i] = path_effect(&tl.paths[i]);
    turn_list_free(&tl);
    return r;
}

FAN_API int fan_position_paths(fan_path *out, size_t capacity, size_t *count,
                               const fan_position *pos)
{
    if (!count || !pos || (!out && capacity))
        return FAN_EINVAL;
    turn_list tl;
    int r = list_turns(&tl, pos, 0);
    if (r != FAN_OK)
        return r;
    *count = tl.n;
    if (tl.n > capacity)
        r = FAN_EBUFS;
    else if (tl.n)
        memcpy(out, tl.paths, tl.n * sizeof *out);
    turn_list_free(&tl);
    return r;
}
