/* SPDX-License-Identifier: MIT */
/* fanorona-selfplay: plays the engine against itself and writes the quiet
 * positions of the games with their results, the training data of
 * fanorona-tune (Texel tuning of the evaluation, issue 13).
 *
 *   fanorona-selfplay [--games N] [--nodes N] [--plies K] [--rules must]
 *                     [--seed S] [--out FILE]
 *
 * Each game starts with K random legal turns (default 8: the openings'
 * randomness; turns chosen uniformly with a splitmix64 generator seeded
 * from --seed and the game number), then both sides play the default
 * engine (one thread, 16 MiB table cleared per game) at a fixed node
 * count a turn (default 3000, so that the data does not depend on the
 * machine's load). The game ends by the library's rules
 * (fan_position_result: no pieces, no turn, repetition, the turn limit).
 *
 * Written positions: every turn boundary after the opening where the side
 * to move has no capture (a quiet position: the static evaluation is what
 * the search stands on there), one line each:
 *
 *   POSITION-STRING;R
 *
 * POSITION-STRING is the library's full position string
 * (fan_position_to_string, doc/formats.md) and R the game's result from the
 * side to move's view: 1 won, 0.5 drawn, 0 lost. The files are generated
 * data: never committed. */
#include <fanorona.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/movegen.h"
#include "splitmix.h"

static int play_random(fan_position *p, uint64_t *rng)
{
    fan_turn turns[1024];
    size_t n = 0;
    if (fan_position_turns(turns, 1024, &n, p) != FAN_OK || n == 0)
        return -1;
    return fan_position_play_turn(p, turns[splitmix64_next(rng) % n]);
}

/* Whether the side to move of p must capture. */
static int must_capture(const fan_position *p)
{
    uint64_t w, b;
    fan_position_pieces(&w, p, FAN_WHITE);
    fan_position_pieces(&b, p, FAN_BLACK);
    int white = fan_position_side_to_move(p) == FAN_WHITE;
    return mg_capturers(white ? w : b, white ? b : w) != 0;
}

/* One game; its quiet positions (strings and sides to move) are kept in
 * lines/sides until the result is known. */
static int play_game(FILE *out, fan_search *s, int rules, int plies,
                     uint64_t nodes, uint64_t seed)
{
    fan_position *p = NULL;
    if (fan_position_new(&p, rules) != FAN_OK)
        return -1;
    uint64_t rng = seed;
    for (int i = 0; i < plies && fan_position_result(p) == FAN_ONGOING; i++)
        if (play_random(p, &rng) != FAN_OK)
            break;
    size_t cap = 512, n = 0;
    char (*lines)[FAN_POSITION_STRING_MAX] = malloc(cap * sizeof *lines);
    int *sides = malloc(cap * sizeof *sides);
    fan_search_clear(s);
    int rc = lines && sides ? FAN_OK : FAN_ENOMEM;
    while (rc == FAN_OK && fan_position_result(p) == FAN_ONGOING) {
        if (!must_capture(p) && n < cap) {
            fan_position_to_string(lines[n], FAN_POSITION_STRING_MAX, NULL, p);
            sides[n++] = fan_position_side_to_move(p);
        }
        fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
        l.max_nodes = nodes;
        fan_search_result r = FAN_SEARCH_RESULT_INIT;
        rc = fan_search_run(&r, s, p, &l, NULL, NULL);
        if (rc == FAN_OK)
            rc = fan_position_play_turn(p, r.best);
    }
    int res = fan_position_result(p);
    for (size_t i = 0; rc == FAN_OK && i < n; i++) {
        const char *r = res == FAN_DRAW ? "0.5"
                        : (res == FAN_WHITE_WINS) == (sides[i] == FAN_WHITE)
                            ? "1"
                            : "0";
        fprintf(out, "%s;%s\n", lines[i], r);
    }
    free(lines);
    free(sides);
    fan_position_free(p);
    return rc == FAN_OK ? 0 : -1;
}

int main(int argc, char **argv)
{
    long games = 100, plies = 8;
    unsigned long long nodes = 3000, seed = 1;
    int rules = FAN_RULES_STOP;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--rules") && v)
            rules = !strcmp(v, "must") ? FAN_RULES_MUST : FAN_RULES_STOP;
        else if (!strcmp(a, "--games") && v)
            games = strtol(v, NULL, 10);
        else if (!strcmp(a, "--plies") && v)
            plies = strtol(v, NULL, 10);
        else if (!strcmp(a, "--nodes") && v)
            nodes = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--seed") && v)
            seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--out") && v)
            path = v;
        else {
            fprintf(stderr, "usage: fanorona-selfplay [--games N] [--nodes N] "
                            "[--plies K] [--rules stop|must] [--seed S] "
                            "[--out FILE]\n");
            return 2;
        }
        i++;
    }
    FILE *out = path ? fopen(path, "w") : stdout;
    fan_search *s = NULL;
    if (!out || fan_search_new(&s, NULL) != FAN_OK) {
        fprintf(stderr, "fanorona-selfplay: cannot start\n");
        return 1;
    }
    for (long g = 0; g < games; g++)
        if (play_game(out, s, rules, (int)plies, nodes,
                      seed * 1000003u + (uint64_t)g) < 0) {
            fprintf(stderr, "fanorona-selfplay: game %ld failed\n", g);
            return 1;
        }
    fan_search_free(s);
    return fclose(out) ? 1 : 0;
}
