/* SPDX-License-Identifier: MIT */
/* Representation choices, measured: small, plain perfts written here on
 * top of the library's internal generators, which differ in one choice at
 * a time, each checked against the public fan_perft() (exit 1 on any
 * difference). Not a test of speed: it asserts only the counts.
 *
 * State handling (same generator, gen_turns of lib/search.h, unique count):
 *   copy      the node is two masks (own, opp) passed by value; each child
 *             is a new pair
 *   unmake    one state struct in memory (own, opp) changed in place for
 *             the child (the sides swap: XOR the turn in, exchange the
 *             fields) and restored after it (exchange back, XOR out)
 *   unmake-c  the same with the masks indexed by colour and a side-to-move
 *             field, the usual make/unmake layout (no exchange)
 *   wcopy     copy, with gen_turns' chain walk written here: the chain
 *             state (board, visited points, captured set, square, last
 *             direction) passed by value to each continuation
 *   wunmake   unmake, with that walk's state one struct changed in place
 *             for each segment and XORed back after it
 * Move encoding (unique count unless marked paths):
 *   spos8     the search's route: gen_turns' list of 8-byte fan_turn
 *             effects, children made by spos_play (which also keeps the
 *             Zobrist key, as the search needs)
 *   walk8     mg_walk (the chain walk of the public API) into a stack list
 *             of 8-byte fan_turn effects
 *   walk64    the same walk into a stack list of 64-byte fan_path records
 *   tlist64   turn_list_build: the public API's route (fan_path records in a
 *             heap list, grown by realloc, freed after the node)
 * walk8 and walk64 differ only in the size of a list entry; walk64 and
 * tlist64 only in where the list lives; spos8 and walk8 only in the
 * generator. walk8p, walk64p and tlist64p are the same with the paths count
 * (no merging of equal effects). Every variant makes each child and recurses down to depth 0
 * (no counting at the last ply), so a leaf costs one make.
 *
 *   representations [reps (3)] [--only VARIANT|none]
 *
 * reps: best of that many wall times, the variants interleaved (each rep
 * runs every variant once, in turn). --only runs one variant (none: only
 * the fan_perft references), for instruction counts under
 *   valgrind --tool=cachegrind --cache-sim=no
 * where the variant's cost is its run minus the run with --only none. */
#define _POSIX_C_SOURCE 200809L
#include <fanorona.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "position.h"
#include "search.h"

#define LIST_MAX MAX_TURNS

static void die(const char *what)
{
    fprintf(stderr, "representations: %s\n", what);
    exit(1);
}

/* ------------------------------------------------------------------ */
/* 1. copy-make on two masks                                            */

static uint64_t perft_copy(uint64_t own, uint64_t opp, unsigned depth,
                           int rules)
{
    if (depth == 0)
        return 1;
    if (!own || !opp)
        return 0;
    fan_turn list[LIST_MAX];
    int overflow = 0;
    int n = gen_turns(list, LIST_MAX, own, opp, rules, &overflow);
    if (overflow)
        die("turn list overflow");
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        fan_turn t = list[i];
        sum += perft_copy(opp & ~FAN_TURN_CAPTURED(t),
                          own ^ BIT(FAN_TURN_FROM(t)) ^ BIT(FAN_TURN_TO(t)),
                          depth - 1, rules);
    }
    return sum;
}

/* ------------------------------------------------------------------ */
/* 2. make/unmake on one state in memory                                */

typedef struct sstate {
    uint64_t own, opp; /* own = side to move */
} sstate;

static uint64_t perft_unmake(sstate *s, unsigned depth, int rules)
{
    if (depth == 0)
        return 1;
    if (!s->own || !s->opp)
        return 0;
    fan_turn list[LIST_MAX];
    int overflow = 0;
    int n = gen_turns(list, LIST_MAX, s->own, s->opp, rules, &overflow);
    if (overflow)
        die("turn list overflow");
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        fan_turn t = list[i];
        uint64_t moved = BIT(FAN_TURN_FROM(t)) | BIT(FAN_TURN_TO(t));
        uint64_t captured = FAN_TURN_CAPTURED(t);
        uint64_t mover = s->own;
        s->own = s->opp ^ captured;
        s->opp = mover ^ moved;
        sum += perft_unmake(s, depth - 1, rules);
        mover = s->opp;
        s->opp = s->own ^ captured;
        s->own = mover ^ moved;
    }
    return sum;
}

typedef struct ustate {
    uint64_t side[2]; /* white, black */
    int stm;          /* 0 white, 1 black */
} ustate;

static uint64_t perft_unmake_c(ustate *s, unsigned depth, int rules)
{
    if (depth == 0)
        return 1;
    if (!s->side[0] || !s->side[1])
        return 0;
    fan_turn list[LIST_MAX];
    int overflow = 0;
    int n = gen_turns(list, LIST_MAX, s->side[s->stm], s->side[!s->stm],
                      rules, &overflow);
    if (overflow)
        die("turn list overflow");
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        fan_turn t = list[i];
        int me = s->stm;
        uint64_t moved = BIT(FAN_TURN_FROM(t)) | BIT(FAN_TURN_TO(t));
        uint64_t captured = FAN_TURN_CAPTURED(t);
        s->side[me] ^= moved;
        s->side[!me] ^= captured;
        s->stm = !me;
        sum += perft_unmake_c(s, depth - 1, rules);
        s->stm = me;
        s->side[!me] ^= captured;
        s->side[me] ^= moved;
    }
    return sum;
}

/* ------------------------------------------------------------------ */
/* 2b. the same two choices inside the chain walk: gen_turns' walk      */
/* written here twice, once with the chain state passed by value (as    */
/* lib/search-gen.c does) and once as one struct changed and restored.  */

typedef struct wgen {
    fan_turn *out;
    int n, group, rules, from;
} wgen;

static void wgen_add(wgen *g, int to, uint64_t captured)
{
    fan_turn t = FAN_TURN_MAKE(g->from, to, captured);
    for (int i = g->group; i < g->n; i++)
        if (g->out[i] == t)
            return;
    if (g->n == LIST_MAX)
        die("turn list overflow");
    g->out[g->n++] = t;
}

static void wchain_copy(wgen *g, uint64_t own, uint64_t opp, int sq,
                        uint64_t visited, int lastdir, uint64_t captured)
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
            wchain_copy(g, moved, opp & ~run, to, visited | BIT(to), d,
                        captured | run);
        }
        int back = DIR_OPPOSITE(d);
        int behind = board_neighbour[sq][back];
        if (behind != NO_SQUARE && (opp & BIT(behind))) {
            uint64_t run = mg_run(behind, back, opp);
            more = 1;
            wchain_copy(g, moved, opp & ~run, to, visited | BIT(to), d,
                        captured | run);
        }
    }
    if (captured && (!more || g->rules == FAN_RULES_STOP))
        wgen_add(g, sq, captured);
}

typedef struct wstate {
    uint64_t own, opp, visited, captured;
    int sq, lastdir;
} wstate;

/* XORs one segment (sq to to, capturing run) into c, or back out of it */
static inline void wtoggle(wstate *c, int sq, int to, uint64_t run)
{
    c->own ^= BIT(sq) | BIT(to);
    c->opp ^= run;
    c->visited ^= BIT(to);
    c->captured ^= run;
}

static void wchain_unmake(wgen *g, wstate *c)
{
    int sq = c->sq, lastdir = c->lastdir;
    uint64_t blocked = c->own | c->opp | c->visited;
    int more = 0;
    for (int d = 0; d < NDIRS; d++) {
        int to = board_neighbour[sq][d];
        if (d == lastdir || to == NO_SQUARE || (blocked & BIT(to)))
            continue;
        int ahead = board_neighbour[to][d];
        if (ahead != NO_SQUARE && (c->opp & BIT(ahead))) {
            uint64_t run = mg_run(ahead, d, c->opp);
            more = 1;
            wtoggle(c, sq, to, run);
            c->sq = to;
            c->lastdir = d;
            wchain_unmake(g, c);
            wtoggle(c, sq, to, run);
            c->sq = sq;
            c->lastdir = lastdir;
        }
        int back = DIR_OPPOSITE(d);
        int behind = board_neighbour[sq][back];
        if (behind != NO_SQUARE && (c->opp & BIT(behind))) {
            uint64_t run = mg_run(behind, back, c->opp);
            more = 1;
            wtoggle(c, sq, to, run);
            c->sq = to;
            c->lastdir = d;
            wchain_unmake(g, c);
            wtoggle(c, sq, to, run);
            c->sq = sq;
            c->lastdir = lastdir;
        }
    }
    if (c->captured && (!more || g->rules == FAN_RULES_STOP))
        wgen_add(g, sq, c->captured);
}

/* gen_turns with either walk (unmake: 0 copy, 1 make/unmake) */
static int wgen_turns(fan_turn *out, uint64_t own, uint64_t opp, int rules,
                      int unmake)
{
    wgen g = {out, 0, 0, rules, 0};
    uint64_t capturers = mg_capturers(own, opp);
    if (capturers) {
        wstate c = {own, opp, 0, 0, 0, -1};
        for (uint64_t m = capturers; m; m &= m - 1) {
            g.from = board_lsb(m);
            g.group = g.n;
            if (unmake) {
                c.sq = g.from;
                c.visited = BIT(g.from);
                wchain_unmake(&g, &c);
            } else {
                wchain_copy(&g, own, opp, g.from, BIT(g.from), -1, 0);
            }
        }
        return g.n;
    }
    for (int d = 0; d < NDIRS; d++)
        for (uint64_t m = mg_paika_movers(own, opp, d); m; m &= m - 1) {
            int sq = board_lsb(m);
            if (g.n == LIST_MAX)
                die("turn list overflow");
            out[g.n++] = FAN_TURN_MAKE(sq, board_neighbour[sq][d], 0);
        }
    return g.n;
}

static uint64_t perft_wcopy(uint64_t own, uint64_t opp, unsigned depth,
                            int rules)
{
    if (depth == 0)
        return 1;
    if (!own || !opp)
        return 0;
    fan_turn list[LIST_MAX];
    int n = wgen_turns(list, own, opp, rules, 0);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        fan_turn t = list[i];
        sum += perft_wcopy(opp & ~FAN_TURN_CAPTURED(t),
                           own ^ BIT(FAN_TURN_FROM(t)) ^ BIT(FAN_TURN_TO(t)),
                           depth - 1, rules);
    }
    return sum;
}

static uint64_t perft_wunmake(sstate *s, unsigned depth, int rules)
{
    if (depth == 0)
        return 1;
    if (!s->own || !s->opp)
        return 0;
    fan_turn list[LIST_MAX];
    int n = wgen_turns(list, s->own, s->opp, rules, 1);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        fan_turn t = list[i];
        uint64_t moved = BIT(FAN_TURN_FROM(t)) | BIT(FAN_TURN_TO(t));
        uint64_t captured = FAN_TURN_CAPTURED(t);
        uint64_t mover = s->own;
        s->own = s->opp ^ captured;
        s->opp = mover ^ moved;
        sum += perft_wunmake(s, depth - 1, rules);
        mover = s->opp;
        s->opp = s->own ^ captured;
        s->own = mover ^ moved;
    }
    return sum;
}

/* ------------------------------------------------------------------ */
/* 3. the search's route: gen_turns and spos_play                       */

static uint64_t perft_spos(const spos *p, unsigned depth, int rules)
{
    if (depth == 0)
        return 1;
    if (!p->own || !p->opp)
        return 0;
    fan_turn list[LIST_MAX];
    int overflow = 0;
    int n = gen_turns(list, LIST_MAX, p->own, p->opp, rules, &overflow);
    if (overflow)
        die("turn list overflow");
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        spos child;
        spos_play(&child, p, list[i]);
        sum += perft_spos(&child, depth - 1, rules);
    }
    return sum;
}

/* ------------------------------------------------------------------ */
/* 4. mg_walk into stack lists of 8-byte effects or 64-byte paths       */

typedef struct walk_list {
    fan_turn *turns; /* one of turns, paths */
    fan_path *paths;
    int n, group, unique;
} walk_list;

static int visit_turn(void *ctx, const mg_chain *end)
{
    walk_list *l = ctx;
    fan_turn t = path_effect(&end->path);
    if (l->n > l->group && FAN_TURN_FROM(l->turns[l->group]) != end->path.from)
        l->group = l->n;
    if (l->unique)
        for (int i = l->group; i < l->n; i++)
            if (l->turns[i] == t)
                return 0;
    if (l->n == LIST_MAX)
        die("turn list overflow");
    l->turns[l->n++] = t;
    return 0;
}

static int visit_path(void *ctx, const mg_chain *end)
{
    walk_list *l = ctx;
    if (l->n > l->group && l->paths[l->group].from != end->path.from)
        l->group = l->n;
    if (l->unique) {
        fan_turn t = path_effect(&end->path);
        for (int i = l->group; i < l->n; i++)
            if (path_effect(&l->paths[i]) == t)
                return 0;
    }
    if (l->n == LIST_MAX)
        die("path list overflow");
    l->paths[l->n++] = end->path;
    return 0;
}

static uint64_t perft_walk8(uint64_t own, uint64_t opp, unsigned depth,
                            int rules, int unique)
{
    if (depth == 0)
        return 1;
    if (!own || !opp)
        return 0;
    fan_turn list[LIST_MAX];
    walk_list l = {list, NULL, 0, 0, unique};
    mg_chain c;
    mg_chain_start(&c, own, opp);
    mg_walk(&c, rules, visit_turn, &l);
    uint64_t sum = 0;
    for (int i = 0; i < l.n; i++) {
        fan_turn t = list[i];
        sum += perft_walk8(opp & ~FAN_TURN_CAPTURED(t),
                           own ^ BIT(FAN_TURN_FROM(t)) ^ BIT(FAN_TURN_TO(t)),
                           depth - 1, rules, unique);
    }
    return sum;
}

/* the child after a path (the same arithmetic as for an effect) */
static uint64_t path_child(const fan_path *p, uint64_t own, uint64_t opp,
                           unsigned depth, int rules, int unique,
                           uint64_t (*f)(uint64_t, uint64_t, unsigned, int,
                                         int))
{
    int to = p->to[p->length - 1];
    return f(opp & ~p->captured, own ^ BIT(p->from) ^ BIT(to), depth - 1,
             rules, unique);
}

static uint64_t perft_walk64(uint64_t own, uint64_t opp, unsigned depth,
                             int rules, int unique)
{
    if (depth == 0)
        return 1;
    if (!own || !opp)
        return 0;
    fan_path list[LIST_MAX];
    walk_list l = {NULL, list, 0, 0, unique};
    mg_chain c;
    mg_chain_start(&c, own, opp);
    mg_walk(&c, rules, visit_path, &l);
    uint64_t sum = 0;
    for (int i = 0; i < l.n; i++)
        sum += path_child(&list[i], own, opp, depth, rules, unique,
                          perft_walk64);
    return sum;
}

/* ------------------------------------------------------------------ */
/* 5. turn_list_build: the public API's list of paths                   */

static uint64_t perft_tlist(uint64_t own, uint64_t opp, unsigned depth,
                            int rules, int unique)
{
    if (depth == 0)
        return 1;
    if (!own || !opp)
        return 0;
    mg_chain c;
    mg_chain_start(&c, own, opp);
    turn_list tl;
    if (turn_list_build(&tl, &c, rules, unique) != FAN_OK)
        die("out of memory");
    uint64_t sum = 0;
    for (size_t i = 0; i < tl.n; i++)
        sum += path_child(&tl.paths[i], own, opp, depth, rules, unique,
                          perft_tlist);
    turn_list_free(&tl);
    return sum;
}

/* ------------------------------------------------------------------ */
/* The variants, the positions, the driver                              */

typedef struct node {
    uint64_t white, black;
    int stm, rules;
} node;

typedef struct variant {
    const char *name;
    int kind; /* FAN_COUNT_UNIQUE or FAN_COUNT_PATHS */
    uint64_t (*run)(const node *n, unsigned depth);
} variant;

static uint64_t own_of(const node *n) { return n->stm ? n->black : n->white; }
static uint64_t opp_of(const node *n) { return n->stm ? n->white : n->black; }

static uint64_t run_copy(const node *n, unsigned depth)
{
    return perft_copy(own_of(n), opp_of(n), depth, n->rules);
}

static uint64_t run_unmake(const node *n, unsigned depth)
{
    sstate s = {own_of(n), opp_of(n)};
    uint64_t r = perft_unmake(&s, depth, n->rules);
    if (s.own != own_of(n) || s.opp != opp_of(n))
        die("unmake did not restore the state");
    return r;
}

static uint64_t run_unmake_c(const node *n, unsigned depth)
{
    ustate s = {{n->white, n->black}, n->stm};
    uint64_t r = perft_unmake_c(&s, depth, n->rules);
    if (s.side[0] != n->white || s.side[1] != n->black || s.stm != n->stm)
        die("unmake did not restore the state");
    return r;
}

static uint64_t run_wcopy(const node *n, unsigned depth)
{
    return perft_wcopy(own_of(n), opp_of(n), depth, n->rules);
}

static uint64_t run_wunmake(const node *n, unsigned depth)
{
    sstate s = {own_of(n), opp_of(n)};
    uint64_t r = perft_wunmake(&s, depth, n->rules);
    if (s.own != own_of(n) || s.opp != opp_of(n))
        die("unmake did not restore the state");
    return r;
}

static uint64_t run_spos(const node *n, unsigned depth)
{
    spos p;
    spos_set(&p, n->white, n->black, n->stm);
    return perft_spos(&p, depth, n->rules);
}

static uint64_t run_walk8u(const node *n, unsigned depth)
{
    return perft_walk8(own_of(n), opp_of(n), depth, n->rules, 1);
}

static uint64_t run_walk64u(const node *n, unsigned depth)
{
    return perft_walk64(own_of(n), opp_of(n), depth, n->rules, 1);
}

static uint64_t run_tlistu(const node *n, unsigned depth)
{
    return perft_tlist(own_of(n), opp_of(n), depth, n->rules, 1);
}

static uint64_t run_walk8p(const node *n, unsigned depth)
{
    return perft_walk8(own_of(n), opp_of(n), depth, n->rules, 0);
}

static uint64_t run_walk64p(const node *n, unsigned depth)
{
    return perft_walk64(own_of(n), opp_of(n), depth, n->rules, 0);
}

static uint64_t run_tlistp(const node *n, unsigned depth)
{
    return perft_tlist(own_of(n), opp_of(n), depth, n->rules, 0);
}

static const variant variants[] = {
    {"copy", FAN_COUNT_UNIQUE, run_copy},
    {"unmake", FAN_COUNT_UNIQUE, run_unmake},
    {"unmake-c", FAN_COUNT_UNIQUE, run_unmake_c},
    {"wcopy", FAN_COUNT_UNIQUE, run_wcopy},
    {"wunmake", FAN_COUNT_UNIQUE, run_wunmake},
    {"spos8", FAN_COUNT_UNIQUE, run_spos},
    {"walk8", FAN_COUNT_UNIQUE, run_walk8u},
    {"walk64", FAN_COUNT_UNIQUE, run_walk64u},
    {"tlist64", FAN_COUNT_UNIQUE, run_tlistu},
    {"walk8p", FAN_COUNT_PATHS, run_walk8p},
    {"walk64p", FAN_COUNT_PATHS, run_walk64p},
    {"tlist64p", FAN_COUNT_PATHS, run_tlistp},
};
#define NVARIANTS (sizeof variants / sizeof variants[0])

/* From bench/fanorona-bench.c's table (masks of seeded random games),
 * each under both rulesets; depths chosen for runs of a few tenths of a
 * second per variant. white == black == 0: the start position. */
typedef struct bench_position {
    const char *name;
    uint64_t white, black;
    int rules;
    unsigned depth;
} bench_position;

static const bench_position positions[] = {
    {"start", 0, 0, FAN_RULES_STOP, 5},
    {"start", 0, 0, FAN_RULES_MUST, 6},
    {"middle-1", 0x000052bafdbull, 0x1fbeba144000ull, FAN_RULES_STOP, 4},
    {"middle-1", 0x000052bafdbull, 0x1fbeba144000ull, FAN_RULES_MUST, 5},
    {"middle-4", 0x0000503e7ebull, 0x1bfeda840004ull, FAN_RULES_STOP, 4},
    {"middle-4", 0x0000503e7ebull, 0x1bfeda840004ull, FAN_RULES_MUST, 5},
    {"middle-6", 0x00000cbbdceull, 0x1e3fb2240000ull, FAN_RULES_STOP, 4},
    {"middle-6", 0x00000cbbdceull, 0x1e3fb2240000ull, FAN_RULES_MUST, 5},
};
#define NPOSITIONS (sizeof positions / sizeof positions[0])

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int reps = 3;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (atoi(argv[i]) > 0)
            reps = atoi(argv[i]);
        else {
            fprintf(stderr, "usage: %s [reps] [--only VARIANT|none]\n",
                    argv[0]);
            return 2;
        }
    }
    int selected[NVARIANTS], nselected = 0;
    for (size_t v = 0; v < NVARIANTS; v++) {
        selected[v] = !only || !strcmp(only, variants[v].name);
        nselected += selected[v];
    }
    if (only && !nselected && strcmp(only, "none")) {
        fprintf(stderr, "no variant named %s\n", only);
        return 2;
    }

    int bad = 0;
    double total[NVARIANTS] = {0};
    uint64_t leaves[NVARIANTS] = {0};
    printf("%-9s %-5s %5s %-9s %-6s %10s %8s %8s %8s %6s\n", "position",
           "rules", "depth", "variant", "count", "leaves", "wall s", "cpu s",
           "M/s", "x ref");
    for (size_t i = 0; i < NPOSITIONS; i++) {
        const bench_position *b = &positions[i];
        fan_position *pos = NULL;
        int r = b->white ? fan_position_new_custom(&pos, b->white, b->black,
                                                   FAN_WHITE, b->rules)
                         : fan_position_new(&pos, b->rules);
        if (r != FAN_OK)
            die(fan_strerror(r));
        node n;
        fan_position_pieces(&n.white, pos, FAN_WHITE);
        fan_position_pieces(&n.black, pos, FAN_BLACK);
        n.stm = fan_position_side_to_move(pos) == FAN_WHITE ? 0 : 1;
        n.rules = b->rules;

        uint64_t ref[2];
        double ref_wall[2];
        for (int k = 0; k < 2; k++) {
            int kind = k ? FAN_COUNT_PATHS : FAN_COUNT_UNIQUE;
            double t0 = wall_now();
            r = fan_perft(&ref[k], pos, b->depth, kind);
            ref_wall[k] = wall_now() - t0;
            if (r != FAN_OK)
                die(fan_strerror(r));
        }
        fan_position_free(pos);

        double best_wall[NVARIANTS], best_cpu[NVARIANTS];
        uint64_t count[NVARIANTS];
        for (size_t v = 0; v < NVARIANTS; v++)
            best_wall[v] = best_cpu[v] = 1e300;
        for (int rep = 0; rep < reps; rep++) {
            for (size_t v = 0; v < NVARIANTS; v++) {
                if (!selected[v])
                    continue;
                double w0 = wall_now(), c0 = cpu_now();
                count[v] = variants[v].run(&n, b->depth);
                double c = cpu_now() - c0, w = wall_now() - w0;
                if (w < best_wall[v])
                    best_wall[v] = w;
                if (c < best_cpu[v])
                    best_cpu[v] = c;
            }
        }

        const char *rules = b->rules == FAN_RULES_STOP ? "stop" : "must";
        for (int k = 0; k < 2; k++)
            printf("%-9s %-5s %5u %-9s %-6s %10" PRIu64 " %8.3f %8s %8.1f\n",
                   b->name, rules, b->depth, "fan_perft",
                   k ? "paths" : "unique", ref[k], ref_wall[k], "",
                   (double)ref[k] / ref_wall[k] * 1e-6);
        double base[2] = {0, 0}; /* first variant of each count kind */
        for (size_t v = 0; v < NVARIANTS; v++) {
            if (!selected[v])
                continue;
            int k = variants[v].kind == FAN_COUNT_PATHS;
            if (count[v] != ref[k]) {
                fprintf(stderr,
                        "%s %s depth %u: %s (%s) counts %" PRIu64
                        ", fan_perft %" PRIu64 "\n",
                        b->name, rules, b->depth, variants[v].name,
                        k ? "paths" : "unique", count[v], ref[k]);
                bad = 1;
            }
            if (base[k] == 0)
                base[k] = best_wall[v];
            total[v] += best_wall[v];
            leaves[v] += count[v];
            printf("%-9s %-5s %5u %-9s %-6s %10" PRIu64
                   " %8.3f %8.3f %8.2f %6.2f%s\n",
                   b->name, rules, b->depth, variants[v].name,
                   k ? "paths" : "unique", count[v], best_wall[v],
                   best_cpu[v], (double)count[v] / best_wall[v] * 1e-6,
                   best_wall[v] / base[k], count[v] == ref[k] ? "" : "  WRONG");
        }
        fflush(stdout);
    }
    if (nselected) {
        printf("all positions, best wall times summed:\n");
        for (size_t v = 0; v < NVARIANTS; v++)
            if (selected[v])
                printf("  %-9s %-6s %11" PRIu64 " leaves %8.3f s %8.2f M/s\n",
                       variants[v].name,
                       variants[v].kind == FAN_COUNT_PATHS ? "paths" : "unique",
                       leaves[v], total[v],
                       (double)leaves[v] / total[v] * 1e-6);
    }
    if (bad)
        fprintf(stderr, "representations: a variant disagrees with fan_perft\n");
    return bad;
}
