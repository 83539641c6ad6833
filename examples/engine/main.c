/* SPDX-License-Identifier: MIT */
/* fanorona-engine: reads protocol commands on standard input, one a line
 * and of any length, and answers on standard output (examples/engine/
 * protocol.c; the commands are listed in doc/search.md). */
#define _POSIX_C_SOURCE 200809L
#include "protocol.h"

#include <fanorona.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the name in the messages of the shared option helpers (examples/cli) */
const char cli_program_name[] = "fanorona-engine";

static void usage(FILE *out)
{
    fprintf(out,
            "usage: fanorona-engine [--help | --version]\n"
            "\n"
            "The libfanorona search behind the engine protocol (UCI adapted "
            "to Fanorona):\n"
            "commands on standard input, answers on standard output.\n"
            "Commands: uci, isready, setoption name NAME value V, "
            "ucinewgame,\n"
            "position startpos|fen STRING [moves M...], go [depth D] "
            "[nodes N]\n"
            "[movetime MS] [wtime MS btime MS winc MS binc MS movestogo N] "
            "[infinite] [ponder],\n"
            "ponderhit, stop, d, fen, quit.\n"
            "Options: Hash (MiB), Threads, Ponder, MultiPV, Level (0-10), "
            "MandatoryContinuation,\n"
            "TablePath, Variant (fanorona or fanorona-chess: chess "
            "positions and moves).\n"
            "See doc/search.md.\n");
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        if (argc == 2 &&
            (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
            usage(stdout);
            return 0;
        }
        if (argc == 2 && !strcmp(argv[1], "--version")) {
            printf("fanorona-engine %s\n", fan_version_string());
            return 0;
        }
        fprintf(stderr, "fanorona-engine: unknown argument '%s'\n", argv[1]);
        usage(stderr);
        return 2;
    }
    engine *e = engine_new(stdout);
    if (!e) {
        fprintf(stderr, "fanorona-engine: out of memory\n");
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        line[strcspn(line, "\r\n")] = '\0';
        if (engine_command(e, line))
            break;
    }
    free(line);
    engine_free(e);
    return 0;
}
