/* SPDX-License-Identifier: MIT */
/* Lists of turns and paths for the public functions, divide, fan_perft_ex
 * and the search's root, and the canonical path of a turn: the least of
 * its paths in the order of path_less() (doc/formats.md), whatever order
 * the walk finds them in. */
#include "position.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

fan_turn path_effect(const fan_path *path)
{
    int to = path->length ? path->to[path->length - 1] : path->from;
    return FAN_TURN_MAKE(path->from, to, path->captured);
}

int path_less(const fan_path *a, const fan_path *b)
{
    if (a->length != b->length)
        return a->length < b->length;
    for (int i = 0; i < a->length; i++) {
        if (a->to[i] != b->to[i])
            return a->to[i] < b->to[i];
        if (a->kind[i] != b->kind[i])
            return a->kind[i] < b->kind[i];
    }
    return 0;
}

void turn_list_free(turn_list *tl)
{
    free(tl->turns);
    free(tl->paths);
    memset(tl, 0, sizeof *tl);
}

/* The unique turns of c into tl->turns (an exact-size heap buffer). */
static int list_unique(turn_list *tl, const mg_chain *c, int rules)
{
    size_t cap = 256;
    for (;;) {
        fan_turn *t = malloc(cap * sizeof *t);
        if (!t)
            return FAN_ENOMEM;
        int n = mg_turns(t, cap, &c->st, rules);
        if (n >= 0) {
            tl->turns = t;
            tl->n = (size_t)n;
            return FAN_OK;
        }
        free(t);
        /* no small bound is known (doc/api.md): grow while memory lasts */
        if (cap > (size_t)INT_MAX / 2)
            return FAN_ENOMEM;
        cap *= 2;
    }
}

/* Canonical paths of the turns of a unique list: a walk over every path
 * keeps the least one of each effect, found through an open-addressing
 * table of indices. */
typedef struct least_paths {
    turn_list *tl;
    uint32_t *slot; /* index + 1, 0 free */
    size_t mask;
} least_paths;

static size_t slot_of(const least_paths *lp, fan_turn t)
{
    size_t i = (size_t)((t * 0x9E3779B97F4A7C15ull) >> 32) & lp->mask;
    while (lp->slot[i] && lp->tl->turns[lp->slot[i] - 1] != t)
        i = (i + 1) & lp->mask;
    return i;
}

static int least_visit(void *ctx, const mg_state *end, const fan_path *path)
{
    (void)end;
    least_paths *lp = ctx;
    uint32_t k = lp->slot[slot_of(lp, path_effect(path))];
    if (!k)
        return 0; /* not a turn of the list: cannot happen */
    fan_path *best = &lp->tl->paths[k - 1];
    if (best->length == 0 || path_less(path, best))
        *best = *path;
    return 0;
}

static int fill_canonical(turn_list *tl, const mg_chain *c, int rules)
{
    size_t size = 16;
    while (size < 2 * tl->n)
        size *= 2;
    least_paths lp = {tl, calloc(size, sizeof *lp.slot), size - 1};
    tl->paths = calloc(tl->n ? tl->n : 1, sizeof *tl->paths);
    if (!lp.slot || !tl->paths) {
        free(lp.slot);
        return FAN_ENOMEM;
    }
    for (size_t i = 0; i < tl->n; i++)
        lp.slot[slot_of(&lp, tl->turns[i])] = (uint32_t)i + 1;
    mg_walk(c, rules, least_visit, &lp);
    free(lp.slot);
    return FAN_OK;
}

/* Every path of c, in walk order. */
typedef struct path_sink {
    turn_list *tl;
    size_t cap;
    int err;
} path_sink;

static int path_visit(void *ctx, const mg_state *end, const fan_path *path)
{
    (void)end;
    path_sink *ps = ctx;
    turn_list *tl = ps->tl;
    if (tl->n == ps->cap) {
        size_t cap = ps->cap ? 2 * ps->cap : 64;
        fan_path *p = realloc(tl->paths, cap * sizeof *p);
        if (!p) {
            ps->err = FAN_ENOMEM;
            return 1;
        }
        tl->paths = p;
        ps->cap = cap;
    }
    tl->paths[tl->n++] = *path;
    return 0;
}

static int list_paths(turn_list *tl, const mg_chain *c, int rules)
{
    path_sink ps = {tl, 0, FAN_OK};
    mg_walk(c, rules, path_visit, &ps);
    if (ps.err)
        return ps.err;
    tl->turns = malloc((tl->n ? tl->n : 1) * sizeof *tl->turns);
    if (!tl->turns)
        return FAN_ENOMEM;
    for (size_t i = 0; i < tl->n; i++)
        tl->turns[i] = path_effect(&tl->paths[i]);
    return FAN_OK;
}

int turn_list_build(turn_list *tl, const mg_chain *c, int rules, int what)
{
    memset(tl, 0, sizeof *tl);
    int r;
    if (what == TURN_LIST_PATHS)
        r = list_paths(tl, c, rules);
    else {
        r = list_unique(tl, c, rules);
        if (r == FAN_OK && what == TURN_LIST_CANONICAL)
            r = fill_canonical(tl, c, rules);
    }
    if (r != FAN_OK)
        turn_list_free(tl);
    return r;
}

/* ------------------------------------------------------------------ */
/* The canonical path of one turn                                      */

typedef struct find_least {
    fan_turn turn;
    fan_path path; /* length 0 until one is found */
} find_least;

static int find_least_visit(void *ctx, const mg_state *end,
                            const fan_path *path)
{
    (void)end;
    find_least *f = ctx;
    if (path_effect(path) == f->turn &&
        (f->path.length == 0 || path_less(path, &f->path)))
        f->path = *path;
    return 0;
}

int canonical_path(fan_path *out, const mg_chain *c, int rules, fan_turn t)
{
    find_least f;
    memset(&f, 0, sizeof f);
    f.turn = t;
    mg_walk(c, rules, find_least_visit, &f);
    if (f.path.length == 0)
        return FAN_EILLEGAL;
    *out = f.path;
    return FAN_OK;
}

/* ------------------------------------------------------------------ */
/* Turn lists                                                          */

static int list_turns(turn_list *tl, const fan_position *pos, int what)
{
    if (pos->result != FAN_ONGOING) {
        memset(tl, 0, sizeof *tl);
        return FAN_OK;
    }
    return turn_list_build(tl, &pos->cur, pos->rules, what);
}

/* The list of what (TURN_LIST_UNIQUE or _PATHS) into a caller array of
 * capacity elements of size bytes, taken from the turns or the paths. */
static int list_out(void *out, size_t capacity, size_t *count,
                    const fan_position *pos, int what)
{
    if (!count || !pos || (!out && capacity))
        return FAN_EINVAL;
    turn_list tl;
    int r = list_turns(&tl, pos, what);
    if (r != FAN_OK)
        return r;
    *count = tl.n;
    if (tl.n > capacity)
        r = FAN_EBUFS;
    else if (tl.n && what == TURN_LIST_PATHS)
        memcpy(out, tl.paths, tl.n * sizeof *tl.paths);
    else if (tl.n)
        memcpy(out, tl.turns, tl.n * sizeof *tl.turns);
    turn_list_free(&tl);
    return r;
}

FAN_API int fan_position_turns(fan_turn *out, size_t capacity, size_t *count,
                               const fan_position *pos)
{
    return list_out(out, capacity, count, pos, TURN_LIST_UNIQUE);
}

FAN_API int fan_position_paths(fan_path *out, size_t capacity, size_t *count,
                               const fan_position *pos)
{
    return list_out(out, capacity, count, pos, TURN_LIST_PATHS);
}
