/* SPDX-License-Identifier: MIT */
/* Perft: counts complete-turn sequences. A copy-make recursion on plain
 * masks that walks chains in place; the unique count merges, per origin,
 * the chain ends that have the same destination and captured set. */
#include "position.h"

#include <stdlib.h>
#include <string.h>

typedef struct effect_buf {
    uint64_t *keys; /* captured | destination << 45 */
    size_t n, cap;
} effect_buf;

typedef struct perft_ctx {
    int rules;
    int err;
    effect_buf level[FAN_PERFT_MAX_DEPTH + 1];
} perft_ctx;

#define EFFECT_KEY(to, captured) ((captured) | ((uint64_t)(to) << 45))

static void ctx_free(perft_ctx *ctx)
{
    for (int i = 0; i <= FAN_PERFT_MAX_DEPTH; i++)
        free(ctx->level[i].keys);
}

static int ctx_init(perft_ctx *ctx, int rules, unsigned depth, int unique)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->rules = rules;
    if (!unique)
        return FAN_OK;
    for (unsigned i = 1; i <= depth; i++) {
        ctx->level[i].cap = 256;
        ctx->level[i].keys = malloc(256 * sizeof(uint64_t));
        if (!ctx->level[i].keys) {
            ctx_free(ctx);
            return FAN_ENOMEM;
        }
    }
    return FAN_OK;
}

static void add_effect(perft_ctx *ctx, effect_buf *b, uint64_t key)
{
    for (size_t i = 0; i < b->n; i++)
        if (b->keys[i] == key)
            return;
    if (b->n == b->cap) {
        uint64_t *k = realloc(b->keys, 2 * b->cap * sizeof *k);
        if (!k) {
            ctx->err = FAN_ENOMEM;
            return;
        }
        b->keys = k;
        b->cap *= 2;
    }
    b->keys[b->n++] = key;
}

static uint64_t paths_below(perft_ctx *ctx, uint64_t own, uint64_t opp,
                            unsigned depth);
static uint64_t unique_below(perft_ctx *ctx, uint64_t own, uint64_t opp,
                             unsigned depth);

/* Every paika of own: leaves at depth 1, else the subtrees. */
static uint64_t paikas(perft_ctx *ctx, uint64_t own, uint64_t opp,
                       unsigned depth, int unique)
{
    uint64_t n = 0;
    for (int d = 0; d < NDIRS; d++) {
        uint64_t movers = mg_paika_movers(own, opp, d);
        if (depth == 1) {
            n += (uint64_t)board_popcount(movers);
            continue;
        }
        for (; movers; movers &= movers - 1) {
            int s = board_lsb(movers);
            uint64_t child = own ^ BIT(s) ^ BIT(board_neighbour[s][d]);
            n += unique ? unique_below(ctx, opp, child, depth - 1)
                        : paths_below(ctx, opp, child, depth - 1);
        }
    }
    return n;
}

/* Calls BODY for every capture segment of the piece on sq that does not go
 * in direction banned nor lands in visited, with to, d and run set. */
#define FOR_EACH_SEGMENT(own, opp, sq, banned, visited, BODY)                  \
    do {                                                                       \
        uint64_t blocked_ = (own) | (opp) | (visited);                         \
        for (int d = 0; d < NDIRS; d++) {                                      \
            int to = board_neighbour[sq][d];                                   \
            if (d == (banned) || to == NO_SQUARE || (blocked_ & BIT(to)))      \
                continue;                                                      \
            int ahead_ = board_neighbour[to][d];                               \
            if (ahead_ != NO_SQUARE && ((opp) & BIT(ahead_))) {                \
                uint64_t run = mg_run(ahead_, d, opp);                         \
                BODY;                                                          \
            }                                                                  \
            int behind_ = board_neighbour[sq][DIR_OPPOSITE(d)];                \
            if (behind_ != NO_SQUARE && ((opp) & BIT(behind_))) {              \
                uint64_t run = mg_run(behind_, DIR_OPPOSITE(d), opp);          \
                BODY;                                                          \
            }                                                                  \
        }                                                                      \
    } while (0)

/* Paths count below a chain whose active piece is on sq. */
static uint64_t chain_paths(perft_ctx *ctx, uint64_t own, uint64_t opp,
                            int sq, uint64_t visited, int lastdir,
                            unsigned depth)
{
    uint64_t n = 0;
    int more = 0;
    FOR_EACH_SEGMENT(own, opp, sq, lastdir, visited, {
        more = 1;
        n += chain_paths(ctx, own ^ BIT(sq) ^ BIT(to), opp & ~run, to,
                         visited | BIT(to), d, depth);
    });
    if (ctx->rules == FAN_RULES_STOP || !more)
        n += depth == 1 ? 1 : paths_below(ctx, opp, own, depth - 1);
    return n;
}

static uint64_t paths_below(perft_ctx *ctx, uint64_t own, uint64_t opp,
                            unsigned depth)
{
    if (!own || !opp)
        return 0;
    uint64_t capturers = mg_capturers(own, opp);
    if (!capturers)
        return paikas(ctx, own, opp, depth, 0);
    uint64_t n = 0;
    for (; capturers; capturers &= capturers - 1) {
        int s = board_lsb(capturers);
        FOR_EACH_SEGMENT(own, opp, s, -1, 0, {
            n += chain_paths(ctx, own ^ BIT(s) ^ BIT(to), opp & ~run, to,
                             BIT(s) | BIT(to), d, depth);
        });
    }
    return n;
}

/* Collects the distinct ends (destination, captured set) of the chain whose
 * active piece is on sq. */
static void chain_ends(perft_ctx *ctx, effect_buf *out, uint64_t own,
                       uint64_t opp, int sq, uint64_t visited, int lastdir,
                       uint64_t captured)
{
    int more = 0;
    FOR_EACH_SEGMENT(own, opp, sq, lastdir, visited, {
        more = 1;
        chain_ends(ctx, out, own ^ BIT(sq) ^ BIT(to), opp & ~run, to,
                   visited | BIT(to), d, captured | run);
    });
    if (ctx->rules == FAN_RULES_STOP || !more)
        add_effect(ctx, out, EFFECT_KEY(sq, captured));
}

/* Leaves (or subtrees) for the collected ends of one origin. */
static uint64_t expand_ends(perft_ctx *ctx, const effect_buf *ends,
                            uint64_t own, uint64_t opp, int origin,
                            unsigned depth)
{
    if (depth == 1)
        return ends->n;
    uint64_t n = 0;
    for (size_t i = 0; i < ends->n; i++) {
        uint64_t captured = ends->keys[i] & BOARD_MASK;
        int to = (int)(ends->keys[i] >> 45);
        n += unique_below(ctx, opp & ~captured,
                          (own & ~BIT(origin)) | BIT(to), depth - 1);
    }
    return n;
}

static uint64_t unique_below(perft_ctx *ctx, uint64_t own, uint64_t opp,
                             unsigned depth)
{
    if (!own || !opp)
        return 0;
    uint64_t capturers = mg_capturers(own, opp);
    if (!capturers)
        return paikas(ctx, own, opp, depth, 1);
    effect_buf *ends = &ctx->level[depth];
    uint64_t n = 0;
    for (; capturers; capturers &= capturers - 1) {
        int s = board_lsb(capturers);
        ends->n = 0;
        FOR_EACH_SEGMENT(own, opp, s, -1, 0, {
            chain_ends(ctx, ends, own ^ BIT(s) ^ BIT(to), opp & ~run, to,
                       BIT(s) | BIT(to), d, run);
        });
        n += expand_ends(ctx, ends, own, opp, s, depth);
    }
    return n;
}

/* Perft of the internal state c (which may be in the middle of a chain). */
static uint64_t perft_state(perft_ctx *ctx, const mg_chain *c, unsigned depth,
                            int unique)
{
    if (depth == 0)
        return 1;
    if (c->path.length == 0)
        return unique ? unique_below(ctx, c->own, c->opp, depth)
                      : paths_below(ctx, c->own, c->opp, depth);
    if (!unique)
        return chain_paths(ctx, c->own, c->opp, c->sq, c->visited,
                           c->lastdir, depth);
    effect_buf *ends = &ctx->level[depth];
    ends->n = 0;
    chain_ends(ctx, ends, c->own, c->opp, c->sq, c->visited, c->lastdir,
               c->captured);
    uint64_t own0 = (c->own & ~BIT(c->sq)) | BIT(c->path.from);
    uint64_t opp0 = c->opp | c->captured;
    return expand_ends(ctx, ends, own0, opp0, c->path.from, depth);
}

static int check_args(const fan_position *pos, unsigned depth, int kind)
{
    if (!pos || !VALID_COUNT(kind))
        return FAN_EINVAL;
    if (depth > FAN_PERFT_MAX_DEPTH)
        return FAN_ERANGE;
    return FAN_OK;
}

FAN_API int fan_perft(uint64_t *out, const fan_position *pos, unsigned depth,
                      int count_kind)
{
    int r = out ? check_args(pos, depth, count_kind) : FAN_EINVAL;
    if (r != FAN_OK)
        return r;
    int unique = count_kind == FAN_COUNT_UNIQUE;
    perft_ctx *ctx = malloc(sizeof *ctx);
    if (!ctx)
        return FAN_ENOMEM;
    r = ctx_init(ctx, pos->rules, depth, unique);
    if (r == FAN_OK) {
        uint64_t n = perft_state(ctx, &pos->cur, depth, unique);
        r = ctx->err;
        if (r == FAN_OK)
            *out = n;
        ctx_free(ctx);
    }
    free(ctx);
    return r;
}

FAN_API int fan_perft_divide(fan_perft_entry *out, size_t capacity,
                             size_t *count, const fan_position *pos,
                             unsigned depth, int count_kind)
{
    int r = count && (out || !capacity) ? check_args(pos, depth, count_kind)
                                        : FAN_EINVAL;
    if (r != FAN_OK)
        return r;
    /* as in fan_perft: a position where a side has no pieces has no
     * children, although the other side may have turns to play */
    if (depth == 0 || !pos->cur.own || !pos->cur.opp) {
        *count = 0;
        return FAN_OK;
    }
    int unique = count_kind == FAN_COUNT_UNIQUE;
    turn_list tl;
    r = turn_list_build(&tl, &pos->cur, pos->rules, unique);
    if (r != FAN_OK)
        return r;
    *count = tl.n;
    if (tl.n > capacity) {
        turn_list_free(&tl);
        return FAN_EBUFS;
    }
    perft_ctx *ctx = malloc(sizeof *ctx);
    r = ctx ? ctx_init(ctx, pos->rules, depth, unique) : FAN_ENOMEM;
    if (r != FAN_OK) {
        free(ctx);
        turn_list_free(&tl);
        return r;
    }
    uint64_t own0 = pos->cur.own, opp0 = pos->cur.opp;
    if (pos->cur.path.length) {
        own0 = (own0 & ~BIT(pos->cur.sq)) | BIT(pos->cur.path.from);
        opp0 |= pos->cur.captured;
    }
    for (size_t i = 0; i < tl.n && ctx->err == FAN_OK; i++) {
        fan_turn t = path_effect(&tl.paths[i]);
        uint64_t own = (own0 & ~BIT(FAN_TURN_FROM(t))) | BIT(FAN_TURN_TO(t));
        uint64_t opp = opp0 & ~FAN_TURN_CAPTURED(t);
        mg_chain child;
        mg_chain_start(&child, opp, own);
        memset(&out[i], 0, sizeof out[i]);
        out[i].path = tl.paths[i];
        out[i].turn = t;
        out[i].nodes = perft_state(ctx, &child, depth - 1, unique);
    }
    r = ctx->err;
    ctx_free(ctx);
    free(ctx);
    turn_list_free(&tl);
    return r;
}
