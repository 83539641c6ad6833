/* SPDX-License-Identifier: MIT */
/* The board in the terminal (draw.h). */
#include "draw.h"

#include "text.h"

#include <stdio.h>
#include <string.h>

void draw_board(const fan_position *pos, uint64_t destinations,
                uint64_t visited, int marked)
{
    for (int row = FAN_ROWS - 1; row >= 0; row--) {
        char line[4 * FAN_COLUMNS + 8];
        memset(line, ' ', sizeof line);
        line[0] = (char) ('1' + row);
        for (int col = 0; col < FAN_COLUMNS; col++) {
            int sq = FAN_SQUARE(col, row), x = 4 + 4 * col;
            int piece = fan_position_piece(pos, sq);
            char c = '.';
            if (piece == FAN_WHITE)
                c = 'W';
            else if (piece == FAN_BLACK)
                c = 'B';
            else if (destinations >> sq & 1)
                c = '*';
            else if (visited >> sq & 1)
                c = 'o';
            line[x] = c;
            if (col + 1 < FAN_COLUMNS)
                memcpy(line + x + 1, "---", 3);
            if (sq == marked) {
                line[x - 1] = '[';
                line[x + 1] = ']';
            }
        }
        int end = 4 + 4 * (FAN_COLUMNS - 1) + 2;
        while (end > 0 && line[end - 1] == ' ')
            end--;
        printf("%.*s\n", end, line);
        if (row == 0)
            break;
        memset(line, ' ', sizeof line);
        for (int col = 0; col < FAN_COLUMNS; col++) {
            int x = 4 + 4 * col;
            line[x] = '|';
            if (col + 1 < FAN_COLUMNS)
                line[x + 2] = (col + row) % 2 == 0 ? '\\' : '/';
        }
        printf("%.*s\n", 4 + 4 * (FAN_COLUMNS - 1) + 1, line);
    }
    printf("    a   b   c   d   e   f   g   h   i\n");
}

void print_legend(void)
{
    printf("Board: W white, B black, . empty point, * legal destination,\n"
           "       o point visited this turn, [ ] selected or active "
           "piece.\n");
}

void print_steps(const fan_step *steps, size_t n, int from)
{
    int column = 0;
    for (size_t i = 0; i < n; i++) {
        const fan_step *s = &steps[i];
        if (from >= 0 && s->from != from)
            continue;
        char text[FAN_STEP_STRING_MAX], removes[MASK_TEXT_MAX];
        step_text(text, s);
        if (s->kind != FAN_STEP_PAIKA) {
            mask_text(removes, s->captures);
            printf("  %-8s removes %s\n", text, removes);
            continue;
        }
        if (column == 0)
            printf(" ");
        printf(" %s", text);
        if (++column == 10) {
            printf("\n");
            column = 0;
        }
    }
    if (column)
        printf("\n");
}

void print_result(const fan_position *pos)
{
    int result = fan_position_result(pos);
    int loser = fan_position_side_to_move(pos);
    switch (fan_position_result_reason(pos)) {
    case FAN_REASON_NO_PIECES:
        printf("Result: %s wins (%s has no pieces left).\n",
               color_name(other_color(loser)), color_name(loser));
        break;
    case FAN_REASON_NO_MOVES:
        printf("Result: %s wins (%s has no legal move).\n",
               color_name(other_color(loser)), color_name(loser));
        break;
    case FAN_REASON_REPETITION:
        printf("Result: draw (the position occurred a third time).\n");
        break;
    case FAN_REASON_TURN_LIMIT:
        printf("Result: draw (%d turns were played).\n", FAN_TURN_LIMIT);
        break;
    default:
        printf("Result: %s.\n", fan_result_name(result));
        break;
    }
}
