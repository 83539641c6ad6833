/* SPDX-License-Identifier: MIT */
/* Turn generation for the search: unique turns (origin, destination,
 * captured set) straight from two masks, without paths. Copy-make chains
 * in a depth-first walk; chain ends of one origin that have the same effect
 * are merged. Also the Zobrist keys, computed by the compiler. */
#include "search.h"

/* splitmix64 of the index, as constant expressions */
#define ZM1(z) (((z) ^ ((z) >> 30)) * 0xBF58476D1CE4E5B9ull)
#define ZM2(z) (((z) ^ ((z) >> 27)) * 0x94D049BB133111EBull)
#define ZM3(z) ((z) ^ ((z) >> 31))
#define ZOB(i) ZM3(ZM2(ZM1(((uint64_t)(i) + 1) * 0x9E3779B97F4A7C15ull)))

#define Z5(b) ZOB(b), ZOB(b + 1), ZOB(b + 2), ZOB(b + 3), ZOB(b + 4)
#define Z45(b)                                                                 \
    Z5(b), Z5(b + 5), Z5(b + 10), Z5(b + 15), Z5(b + 20), Z5(b + 25),          \
        Z5(b + 30), Z5(b + 35), Z5(b + 40)

const uint64_t zobrist_piece[2][BOARD_SQUARES] = {{Z45(0)}, {Z45(64)}};
const uint64_t zobrist_black_to_move = ZOB(200);

uint64_t zobrist_key(uint64_t white, uint64_t black, int stm)
{
    uint64_t k = stm ? zobrist_black_to_move : 0;
    for (uint64_t m = white; m; m &= m - 1)
        k ^= zobrist_piece[0][board_lsb(m)];
    for (uint64_t m = black; m; m &= m - 1)
        k ^= zobrist_piece[1][board_lsb(m)];
    return k;
}

void spos_set(spos *p, uint64_t white, uint64_t black, int stm)
{
    p->own = stm ? black : white;
    p->opp = stm ? white : black;
    p->stm = stm;
    p->key = zobrist_key(white, black, stm);
}

void spos_play(spos *child, const spos *p, fan_turn t)
{
    int from = FAN_TURN_FROM(t), to = FAN_TURN_TO(t);
    uint64_t cap = FAN_TURN_CAPTURED(t);
    const uint64_t *zo = zobrist_piece[p->stm], *zx = zobrist_piece[!p->stm];
    uint64_t k = p->key ^ zo[from] ^ zo[to] ^ zobrist_black_to_move;
    for (uint64_t m = cap; m; m &= m - 1)
        k ^= zx[board_lsb(m)];
    child->own = p->opp & ~cap;
    child->opp = (p->own & ~BIT(from)) | BIT(to);
    child->stm = !p->stm;
    child->key = k;
}

/* ------------------------------------------------------------------ */

typedef struct gen {
    fan_turn *out;
    int n, cap, group; /* group: first turn of the current origin */
    int rules, overflow;
    int from;
} gen;

static void add(gen *g, int to, uint64_t captured)
{
    fan_turn t = FAN_TURN_MAKE(g->from, to, captured);
    for (int i = g->group; i < g->n; i++)
        if (g->out[i] == t)
            return;
    if (g->n == g->cap) {
        g->overflow = 1;
        return;
    }
    g->out[g->n++] = t;
}

/* Continues the chain of the piece on sq (own and opp are the board now,
 * with the piece on sq). Returns whether a segment was possible. */
static void chain(gen *g, uint64_t own, uint64_t opp, int sq, uint64_t visited,
                  int lastdir, uint64_t captured)
{
    uint64_t blocked = own | opp | visited;
    int more = 0;
    for (int d = 0; d < NDIRS; d++) {
        int to = board_neighbour[sq][d];
        if (d == lastdir || to == NO_SQUARE || (blocked & BIT(to)))
            continue;
        uint64_t moved = own ^ BIT(sq) ^ BIT(to);
        int ahead = board_neighbour[to][d];
        if (ahead != NO_SQUARE && (opp & BIT(ahead))) {
            uint64_t run = mg_run(ahead, d, opp);
            more = 1;
            chain(g, moved, opp & ~run, to, visited | BIT(to), d,
                  captured | run);
        }
        int behind = board_neighbour[sq][DIR_OPPOSITE(d)];
        if (behind != NO_SQUARE && (opp & BIT(behind))) {
            uint64_t run = mg_run(behind, DIR_OPPOSITE(d), opp);
            more = 1;
            chain(g, moved, opp & ~run, to, visited | BIT(to), d,
                  captured | run);
        }
    }
    if (captured && (!more || g->rules == FAN_RULES_STOP))
        add(g, sq, captured);
}

int gen_turns(fan_turn *out, int cap, uint64_t own, uint64_t opp, int rules,
              int *overflow)
{
    gen g = {out, 0, cap, 0, rules, 0, 0};
    uint64_t capturers = mg_capturers(own, opp);
    if (capturers) {
        for (uint64_t m = capturers; m; m &= m - 1) {
            g.from = board_lsb(m);
            g.group = g.n;
            chain(&g, own, opp, g.from, BIT(g.from), -1, 0);
        }
    } else {
        for (int d = 0; d < NDIRS; d++) {
            for (uint64_t m = mg_paika_movers(own, opp, d); m; m &= m - 1) {
                int s = board_lsb(m);
                if (g.n == cap) {
                    g.overflow = 1;
                    break;
                }
                out[g.n++] = FAN_TURN_MAKE(s, board_neighbour[s][d], 0);
            }
        }
    }
    if (overflow)
        *overflow = g.overflow;
    return g.n;
}

/* The runs that start next to a line of attackers: grow each first victim
 * along d while enemy pieces follow. */
static uint64_t extend_runs(uint64_t first, uint64_t victims, int d)
{
    uint64_t run = first;
    for (;;) {
        uint64_t next = run | (board_shift(run & board_step_from[d], d) & victims);
        if (next == run)
            return run;
        run = next;
    }
}

uint64_t gen_targets(uint64_t own, uint64_t opp, int *largest_run)
{
    uint64_t empty = ~(own | opp) & BOARD_MASK, all = 0;
    int largest = 0;
    for (int d = 0; d < NDIRS; d++) {
        int back = DIR_OPPOSITE(d);
        /* approach: own on s, s+d empty, victims from s+2d on */
        uint64_t landing =
            board_shift(mg_approachers(own, opp, d) & board_step_from[d], d);
        uint64_t first = board_shift(landing & board_step_from[d], d) & opp;
        uint64_t runs = extend_runs(first, opp, d);
        /* withdrawal: own on s, s+d empty, victims from s-d backwards */
        uint64_t movers = own & board_step_from[d] & board_step_from[back] &
                          board_shift(empty & board_step_from[back], back);
        uint64_t wfirst = board_shift(movers, back) & opp;
        uint64_t wruns = extend_runs(wfirst, opp, back);
        all |= runs | wruns;
        if (largest_run && (runs | wruns)) {
            /* the longest single run: trace each first victim */
            for (uint64_t m = first; m; m &= m - 1) {
                int n = board_popcount(extend_runs(m & -m, opp, d));
                if (n > largest)
                    largest = n;
            }
            for (uint64_t m = wfirst; m; m &= m - 1) {
                int n = board_popcount(extend_runs(m & -m, opp, back));
                if (n > largest)
                    largest = n;
            }
        }
    }
    if (largest_run)
        *largest_run = largest;
    return all;
}
