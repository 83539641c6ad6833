/* SPDX-License-Identifier: MIT */
/* chess-perft: Fanorona Chess perft from the start or a position string.
 *
 *   chess-perft [--fen STRING] [--divide] DEPTH
 *
 * With --divide, one line per legal root move ("Pc3-c4 1234"); the last
 * line is always "nodes N". Exit status 0, 1 for a library error, 2 for a
 * usage or input error. */
#include <fanorona-chess.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: chess-perft [--fen STRING] [--divide] DEPTH\n");
    return 2;
}

static int divide(const fan_chess *pos, unsigned depth)
{
    fan_chess_perft_entry e[FAN_CHESS_MOVES_MAX];
    size_t n = 0;
    uint64_t total = 0;
    int r = fan_chess_perft_divide(e, FAN_CHESS_MOVES_MAX, &n, pos, depth);
    if (r != FAN_OK) {
        fprintf(stderr, "chess-perft: %s\n", fan_strerror(r));
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        char text[FAN_CHESS_MOVE_STRING_MAX];
        fan_chess_move_to_string(text, sizeof text, NULL, pos, e[i].move);
        printf("%s %llu\n", text, (unsigned long long)e[i].nodes);
        total += e[i].nodes;
    }
    printf("nodes %llu\n", (unsigned long long)total);
    return 0;
}

int main(int argc, char **argv)
{
    const char *fen = NULL;
    int want_divide = 0, have_depth = 0;
    unsigned long depth = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--fen") && i + 1 < argc) {
            fen = argv[++i];
        } else if (!strcmp(argv[i], "--divide")) {
            want_divide = 1;
        } else if (!have_depth && argv[i][0] >= '0' && argv[i][0] <= '9') {
            char *end;
            depth = strtoul(argv[i], &end, 10);
            if (*end)
                return usage();
            have_depth = 1;
        } else {
            return usage();
        }
    }
    if (!have_depth || depth > FAN_CHESS_PERFT_MAX_DEPTH)
        return usage();

    fan_chess *pos = NULL;
    fan_parse_error err;
    int r = fen ? fan_chess_from_string(&pos, fen, &err) : fan_chess_new(&pos);
    if (r != FAN_OK) {
        if (fen && (r == FAN_EPARSE || r == FAN_EPOSITION))
            fprintf(stderr, "chess-perft: --fen: %s (at byte %u)\n  %s\n  %*s\n",
                    err.message, (unsigned)err.offset, fen,
                    (int)err.offset + 1, "^");
        else
            fprintf(stderr, "chess-perft: %s\n", fan_strerror(r));
        return fen ? 2 : 1;
    }
    int status = 0;
    if (want_divide && depth > 0) {
        status = divide(pos, (unsigned)depth);
    } else {
        uint64_t nodes = 0;
        r = fan_chess_perft(&nodes, pos, (unsigned)depth);
        if (r != FAN_OK) {
            fprintf(stderr, "chess-perft: %s\n", fan_strerror(r));
            status = 1;
        } else {
            printf("nodes %llu\n", (unsigned long long)nodes);
        }
    }
    fan_chess_free(pos);
    return status;
}
