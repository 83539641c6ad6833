/* SPDX-License-Identifier: MIT */
/* fanorona show: a position string drawn and explained. */
#include "draw.h"
#include "options.h"
#include "text.h"

enum { OPT_RULES };

static const cli_option show_options[] = {
    [OPT_RULES] = CLI_OPTION_RULES,
    {0},
};

static int run_show(const cli_command *cmd, const cli_value *v, int noperands,
                    char **operands)
{
    (void) noperands;
    fan_position *pos = NULL;
    int status = start_position(&pos, cmd, operands[0],
                                cli_rules(&v[OPT_RULES]), "position string");
    if (status)
        return status;

    /* In a chain, the marks of the game: continuations, visited points
     * and the active piece. */
    int in_chain = fan_position_in_chain(pos), active = -1;
    uint64_t visited = 0, continuations = 0, captured = 0;
    fan_position_active_piece(&active, pos);
    if (in_chain) {
        fan_position_visited(&visited, pos);
        fan_position_destinations(&continuations, pos, active);
        fan_position_chain_captured(&captured, pos);
    }
    draw_board(pos, continuations, visited, active);
    if (in_chain)
        print_legend();
    int rules_now = fan_position_rules(pos);
    printf("Side to move: %s\n", color_name(fan_position_side_to_move(pos)));
    printf("Rules: %s\n", rules_now == FAN_RULES_MUST ? "must (must-continue)"
                                                      : "stop (stop-at-will)");
    printf("Turns played: %d\n", fan_position_turns_played(pos));
    print_result(pos);
    if (in_chain) {
        fan_path chain;
        char path[FAN_PATH_STRING_MAX], taken[MASK_TEXT_MAX], name[3];
        fan_position_chain_path(&chain, pos);
        path_text(path, &chain);
        mask_text(taken, captured);
        fan_square_name(name, sizeof name, NULL, active);
        printf("Chain so far: %s (captured %s), active piece %s\n", path, taken,
               name);
    }
    char full[FAN_POSITION_STRING_MAX];
    int r = fan_position_to_string(full, sizeof full, NULL, pos);
    if (r == FAN_OK)
        printf("Position: %s\n", full);
    else
        status = cli_library_error("position string", r);
    fan_position_free(pos);
    return status;
}

const cli_command cli_command_show = {
    .name = "show",
    .options = show_options,
    .operands = "STRING",
    .min_operands = 1,
    .max_operands = 1,
    .help = "draws the position of STRING and says who is to move, the "
            "ruleset, the turns played, the result and, in the middle of a "
            "capture chain, the chain so far; then the full position "
            "string.",
    .run = run_show,
};
