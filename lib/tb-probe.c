/* SPDX-License-Identifier: MIT */
/* Reading the tables: the value of a position, the turns that keep it,
 * and the check of every entry against its successors. */
#include "tb.h"

#include <stdatomic.h>
#include <stdlib.h>

/* The board of pos from the side to move's view, checked. */
static int board_of(uint64_t *own, uint64_t *opp, int *rules, const fan_tb *tb,
                    const fan_position *pos)
{
    if (!tb || !pos)
        return FAN_EINVAL;
    if (fan_position_in_chain(pos) != 0)
        return FAN_ESTATE;
    uint64_t w = 0, b = 0;
    fan_position_pieces(&w, pos, FAN_WHITE);
    fan_position_pieces(&b, pos, FAN_BLACK);
    int black = fan_position_side_to_move(pos) == FAN_BLACK;
    *own = black ? b : w;
    *opp = black ? w : b;
    *rules = fan_position_rules(pos);
    if (*rules != FAN_RULES_STOP && *rules != FAN_RULES_MUST)
        return FAN_EINVAL;
    return FAN_OK;
}

/* tb_lookup, where a side without pieces counts as covered only when
 * the tables of the ruleset go as far as the other side's pieces */
static int lookup_position(const fan_tb *tb, int rules, uint64_t own,
                           uint64_t opp)
{
    if (!own) {
        int n = board_popcount(opp);
        return n >= 1 && n < TB_MAXP && tb->table[rules][1][n] ? 1
                                                               : FAN_ENOTABLE;
    }
    return tb_lookup(tb, rules, own, opp);
}

/* The board of pos and its entry, or an error. */
static int entry_of(uint64_t *own, uint64_t *opp, int *rules, int *entry,
                    const fan_tb *tb, const fan_position *pos)
{
    int rc = board_of(own, opp, rules, tb, pos);
    if (rc != FAN_OK)
        return rc;
    *entry = lookup_position(tb, *rules, *own, *opp);
    return *entry < 0 ? *entry : FAN_OK;
}

static void split_entry(int *value, int *distance, int v)
{
    *value = v == TB_DRAW    ? FAN_TB_DRAW
             : TB_IS_LOSS(v) ? FAN_TB_LOSS
                             : FAN_TB_WIN;
    *distance = v == TB_DRAW ? -1 : TB_DIST(v);
}

FAN_API int fan_tb_probe(int *value, int *distance, const fan_tb *tb,
                         const fan_position *pos)
{
    uint64_t own, opp;
    int rules, v;
    if (!value || !distance)
        return FAN_EINVAL;
    int rc = entry_of(&own, &opp, &rules, &v, tb, pos);
    if (rc != FAN_OK)
        return rc;
    split_entry(value, distance, v);
    return FAN_OK;
}

/* How good a successor's entry is for the side that moved into it:
 * a smaller rank is better. */
static int successor_rank(int v)
{
    if (v == TB_DRAW)
        return 1000;
    if (TB_IS_LOSS(v))
        return v;    /* a quick win first */
    return 2000 - v; /* a long resistance first */
}

FAN_API int fan_tb_best_turns(fan_turn *out, size_t capacity, size_t *count,
                              const fan_tb *tb, const fan_position *pos)
{
    uint64_t own, opp;
    int rules, v;
    if (!count || (!out && capacity))
        return FAN_EINVAL;
    int rc = entry_of(&own, &opp, &rules, &v, tb, pos);
    if (rc != FAN_OK)
        return rc;
    fan_turn turns[TB_TURNS_CAP];
    int rank[TB_TURNS_CAP];
    int n = own ? tb_turns(turns, TB_TURNS_CAP, own, opp, rules) : 0;
    if (n < 0)
        return n;
    size_t kept = 0;
    for (int i = 0; i < n; i++) {
        fan_turn t = turns[i];
        uint64_t o2, p2;
        tb_after(&o2, &p2, own, opp, t);
        int s = tb_lookup(tb, rules, o2, p2);
        if (s < 0)
            return s;
        int keeps = v == TB_DRAW   ? s == TB_DRAW
                    : TB_IS_WIN(v) ? s != TB_DRAW && TB_IS_LOSS(s)
                                   : 1;
        if (!keeps)
            continue;
        /* insertion keeps equal ranks in generation order */
        size_t j = kept++;
        int r = successor_rank(s);
        for (; j > 0 && rank[j - 1] > r; j--) {
            turns[j] = turns[j - 1];
            rank[j] = rank[j - 1];
        }
        turns[j] = t;
        rank[j] = r;
    }
    *count = kept;
    for (size_t i = 0; i < kept && i < capacity; i++)
        out[i] = turns[i];
    return kept > capacity ? FAN_EBUFS : FAN_OK;
}

int tb_score(int *score, const fan_tb *tb, int rules, uint64_t own,
             uint64_t opp, int ply)
{
    if (board_popcount(own | opp) > TB_MAXP)
        return 0;
    int v = tb_lookup(tb, rules, own, opp);
    if (v < 0)
        return 0;
    *score = v == TB_DRAW    ? 0
             : TB_IS_LOSS(v) ? -(FAN_SCORE_WIN - (ply + TB_DIST(v)))
                             : FAN_SCORE_WIN - (ply + TB_DIST(v));
    return 1;
}

/* ------------------------------------------------------------------ */
/* Verification                                                        */

typedef struct verify_ctx {
    const fan_tb *tb;
    const tb_table *t;
    _Atomic uint64_t bad;
} verify_ctx;

static int verify_chunk(void *ctx, uint64_t begin, uint64_t end)
{
    verify_ctx *c = ctx;
    const fan_tb_info *info = &c->t->info;
    uint64_t bad = 0;
    for (uint64_t i = begin; i < end; i++) {
        uint64_t own, opp;
        tb_stored_unindex(c->tb, i, (int) info->own_pieces,
                          (int) info->other_pieces, &own, &opp);
        int v = tb_solve(c->tb, info->rules, own, opp);
        if (v == FAN_ERANGE)
            bad++; /* a distance the format cannot hold: not what is stored */
        else if (v < 0)
            return v;
        else if (v != c->t->values[i])
            bad++;
    }
    atomic_fetch_add(&c->bad, bad);
    return FAN_OK;
}

FAN_API int fan_tb_verify(uint64_t *bad, const fan_tb *tb,
                          const fan_tb_generate_options *opts)
{
    fan_tb_generate_options o;
    if (!bad || !tb)
        return FAN_EINVAL;
    int rc = tb_check_options(&o, opts);
    if (rc != FAN_OK)
        return rc;
    uint64_t total = 0, base = 0;
    for (int i = 0; i < tb->count; i++)
        total += tb->list[i].stored;
    verify_ctx c;
    c.tb = tb;
    atomic_init(&c.bad, 0);
    for (int i = 0; i < tb->count && rc == FAN_OK; i++) {
        c.t = &tb->list[i];
        uint64_t n = c.t->stored;
        rc = tb_parallel(verify_chunk, &c, n, o.threads, &o, base, n, total);
        base += n;
    }
    if (rc == FAN_OK)
        *bad = atomic_load(&c.bad);
    return rc;
}
