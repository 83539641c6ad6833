/* SPDX-License-Identifier: MIT */
/* A first program with libfanorona: a new game, its turns, one step,
 * a refused call, undo, perft and a picture. */
#include <fanorona.h>
#include <stdio.h>
#include <stdlib.h>

static void check(int code, const char *what)
{
    if (code < 0) {
        fprintf(stderr, "%s: %s\n", what, fan_strerror(code));
        exit(1);
    }
}

int main(void)
{
    fan_position *pos = NULL;
    check(fan_position_new(&pos, FAN_RULES_STOP), "fan_position_new");

    /* Ask for the number of turns first, then fetch them. */
    size_t n = 0;
    int r = fan_position_paths(NULL, 0, &n, pos);
    if (r != FAN_EBUFS)
        check(r, "fan_position_paths");
    fan_path *paths = malloc(n * sizeof *paths);
    if (!paths)
        return 1;
    check(fan_position_paths(paths, n, &n, pos), "fan_position_paths");
    uint64_t captured = 0;
    for (size_t i = 0; i < n; i++)
        captured |= paths[i].captured;
    printf("White has %zu turns; they can take", n);
    for (int sq = 0; sq < FAN_SQUARES; sq++) {
        char name[3];
        if (captured >> sq & 1 && fan_square_name(name, sizeof name, NULL, sq) == 0)
            printf(" %s", name);
    }
    printf("\n");
    free(paths);

    /* d3-e3 withdrawing from c3: one step, which ends the turn. */
    int d3 = fan_square_parse("d3"), e3 = fan_square_parse("e3");
    check(fan_position_play_step(pos, d3, e3, FAN_STEP_WITHDRAWAL),
          "fan_position_play_step");
    char text[FAN_POSITION_STRING_MAX];
    check(fan_position_to_string(text, sizeof text, NULL, pos),
          "fan_position_to_string");
    printf("%s\n", text);

    /* A refused call changes nothing and says why. */
    r = fan_position_play_step(pos, d3, e3, FAN_STEP_ANY);
    printf("d3-e3 again: %s\n", fan_strerror(r));

    check(fan_position_undo(pos), "fan_position_undo");
    for (unsigned depth = 1; depth <= 3; depth++) {
        uint64_t nodes = 0;
        check(fan_perft(&nodes, pos, depth, FAN_COUNT_UNIQUE), "fan_perft");
        printf("perft %u: %llu\n", depth, (unsigned long long)nodes);
    }

    /* The board as SVG: ask for the size, then draw. */
    size_t needed = 0;
    r = fan_position_svg(NULL, 0, &needed, pos, 0, NULL, FAN_SVG_COORDINATES);
    if (r != FAN_EBUFS)
        check(r, "fan_position_svg");
    char *svg = malloc(needed);
    if (!svg)
        return 1;
    check(fan_position_svg(svg, needed, NULL, pos, 0, NULL,
                           FAN_SVG_COORDINATES),
          "fan_position_svg");
    FILE *f = fopen("board.svg", "w");
    if (f) {
        fputs(svg, f);
        fclose(f);
        printf("wrote board.svg\n");
    }
    free(svg);

    fan_position_free(pos);
    return 0;
}
