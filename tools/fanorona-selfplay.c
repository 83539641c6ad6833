/* SPDX-License-Identifier: MIT */
/* fanorona-selfplay: plays the engine against itself and writes the quiet
 * positions of the games with their results, the training data of
 * fanorona-tune (Texel tuning of the evaluation, issue 13).
 *
 *   fanorona-selfplay [--games N] [--nodes N] [--plies K] [--rules must]
 *                     [--seed S] [--tables DIR] [--out FILE]
 *
 * Each game starts with K random legal turns (default 8: the openings'
 * randomness; turns chosen uniformly with a splitmix64 generator seeded
 * from --seed and the game number), then both sides play the default
 * engine (one thread, 16 MiB table cleared per game) at a fixed node
 * count a turn (default 3000, so that the data does not depend on the
 * machine's load). The game ends by the library's rules
 * (fan_position_result: no pieces, no turn, repetition, the turn limit).
 *
 * With --tables DIR (endgame tables, doc/tablebases.md) a game also ends
 * at the first turn boundary that the tables of DIR cover (fan_tb_probe
 * answers): the table's value there (win, draw or loss for the side to
 * move under perfect play) is the game's result. The labels are then
 * exact from that point on, and the games short (no long endgames, hardly
 * any turn limit); only positions with more pieces than the tables hold
 * are written. The engine itself does not read the tables (no
 * fan_search_set_tables): it plays the positions written by its own
 * evaluation, as in data without --tables, so that only the labels change.
 * At the end a summary goes to stderr: games, how many the tables ended
 * (with their values) and positions written.
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

#include "selfplay-game.h"

int main(int argc, char **argv)
{
    long games = 100, plies = 8;
    unsigned long long nodes = 3000, seed = 1;
    int rules = FAN_RULES_STOP;
    const char *path = NULL, *tables = NULL;
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
        else if (!strcmp(a, "--tables") && v)
            tables = v;
        else if (!strcmp(a, "--out") && v)
            path = v;
        else {
            fprintf(stderr, "usage: fanorona-selfplay [--games N] [--nodes N] "
                            "[--plies K] [--rules stop|must] [--seed S] "
                            "[--tables DIR] [--out FILE]\n");
            return 2;
        }
        i++;
    }
    fan_tb *tb = NULL;
    int rc;
    if (tables && (rc = fan_tb_open(&tb, tables)) != FAN_OK) {
        fprintf(stderr, "fanorona-selfplay: %s: %s\n", tables,
                fan_strerror(rc));
        return 1;
    }
    FILE *out = path ? fopen(path, "w") : stdout;
    fan_search *s = NULL;
    if (!out || fan_search_new(&s, NULL) != FAN_OK) {
        fprintf(stderr, "fanorona-selfplay: cannot start\n");
        return 1;
    }
    long by_table[3] = {0}; /* losses, draws, wins for the side to move */
    size_t written = 0;
    for (long g = 0; g < games; g++) {
        selfplay_end end;
        if (selfplay_game(out, s, tb, rules, (int)plies, nodes,
                          seed * 1000003u + (uint64_t)g, &end) < 0) {
            fprintf(stderr, "fanorona-selfplay: game %ld failed\n", g);
            return 1;
        }
        if (end.by_table)
            by_table[end.value + 1]++;
        written += end.written;
        fan_position_free(end.final);
    }
    fprintf(stderr,
            "%ld games, %ld ended by the tables (%ld won, %ld drawn, %ld lost "
            "for the side to move there); %zu positions written\n",
            games, by_table[0] + by_table[1] + by_table[2], by_table[2],
            by_table[1], by_table[0], written);
    fan_search_free(s);
    fan_tb_close(tb);
    return fclose(out) ? 1 : 0;
}
