/* SPDX-License-Identifier: MIT */
/* fanorona play: a game in the terminal between humans, the random player
 * and the engine. The game reads one line at a time, so it can be scripted
 * through a pipe; the end of input ends the program cleanly. What a human
 * types is read in play-input.c. */
#include "play.h"

#include "draw.h"
#include "options.h"
#include "splitmix.h"
#include "text.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static uint64_t next_random(game *g)
{
    return splitmix64_next(&g->rng);
}

/* Reads one line into buf without its newline, trimmed (case is kept: a
 * file name may need it). Returns 0, or EOF at the end of input. */
int read_line(game *g, const char *prompt, char *buf, size_t size)
{
    printf("%s", prompt);
    fflush(stdout);
    if (!fgets(buf, (int) size, stdin)) {
        printf("\n");
        return EOF;
    }
    size_t len = strlen(buf);
    if (len && buf[len - 1] != '\n' && !feof(stdin)) {
        int c; /* an over-long line: drop the rest of it */
        while ((c = getchar()) != EOF && c != '\n')
            ;
    }
    while (len && isspace((unsigned char) buf[len - 1]))
        buf[--len] = '\0';
    size_t start = 0;
    while (isspace((unsigned char) buf[start]))
        start++;
    memmove(buf, buf + start, len - start + 1);
    if (g->echo)
        printf("%s\n", buf);
    return 0;
}

int steps_now(fan_step *out, size_t *n, const fan_position *pos)
{
    return fan_position_steps(out, FAN_STEPS_MAX, n, pos);
}

/* The board for the player to move, with the marks of the turn so far,
 * and the steps that can be played now. */
static void show(game *g)
{
    fan_position *pos = g->pos;
    fan_step steps[FAN_STEPS_MAX];
    size_t n = 0;
    steps_now(steps, &n, pos);
    int side = fan_position_side_to_move(pos);
    int in_chain = fan_position_in_chain(pos);
    int active = -1;
    uint64_t visited = 0, destinations = 0;
    fan_position_active_piece(&active, pos);
    fan_position_visited(&visited, pos);
    int origin = in_chain ? active : g->selected;
    for (size_t i = 0; i < n; i++)
        if (origin < 0 || steps[i].from == origin)
            destinations |= (uint64_t) 1 << steps[i].to;

    printf("\n");
    draw_board(pos, destinations, visited, origin);
    printf("Turn %d: %s to move.", fan_position_turns_played(pos) + 1,
           color_name(side));
    if (!in_chain && fan_position_must_capture(pos))
        printf(" A capture is compulsory.");
    printf("\n");
    if (in_chain) {
        fan_path chain;
        uint64_t captured = 0;
        char path[FAN_PATH_STRING_MAX], visits[MASK_TEXT_MAX];
        char taken[MASK_TEXT_MAX];
        fan_position_chain_path(&chain, pos);
        fan_position_chain_captured(&captured, pos);
        path_text(path, &chain);
        mask_text(visits, visited);
        mask_text(taken, captured);
        char square[3];
        fan_square_name(square, sizeof square, NULL, active);
        printf("Capture chain %s so far (removed %s).\n", path, taken);
        printf("Active piece %s; visited %s.\n", square, visits);
        printf("Continuations:\n");
        print_steps(steps, n, active);
        if (fan_position_can_end_turn(pos))
            printf("Play a continuation, or 'end' to end the turn.\n");
        else
            printf("The chain must go on.\n");
    } else if (g->selected >= 0) {
        char square[3];
        fan_square_name(square, sizeof square, NULL, g->selected);
        printf("Selected %s; its steps:\n", square);
        print_steps(steps, n, g->selected);
    } else {
        printf("Legal steps:\n");
        print_steps(steps, n, -1);
    }
}

/* ------------------------------------------------------------------ */
/* Turns                                                               */

/* Says which turn was just completed (the last one in the history). */
void report_last_turn(const game *g, const char *prefix, const char *who)
{
    int len = fan_position_history_length(g->pos);
    fan_path path;
    if (len <= 0 || fan_position_history_path(&path, g->pos, len - 1) != 0)
        return;
    char text[FAN_PATH_STRING_MAX], removed[MASK_TEXT_MAX];
    path_text(text, &path);
    int side = other_color(fan_position_side_to_move(g->pos));
    printf("%s%s%s plays %s", prefix, color_name(side), who, text);
    if (path.captured) {
        mask_text(removed, path.captured);
        printf(" (removes %s)", removed);
    }
    printf(".\n");
}

static int random_turn(game *g)
{
    size_t n = 0;
    int r = fan_position_paths(NULL, 0, &n, g->pos);
    if (r != FAN_OK && r != FAN_EBUFS)
        return r;
    if (n == 0)
        return FAN_EILLEGAL;
    fan_path *paths = malloc(n * sizeof *paths);
    if (!paths)
        return FAN_ENOMEM;
    r = fan_position_paths(paths, n, &n, g->pos);
    if (r == FAN_OK)
        r = fan_position_play_path(g->pos, &paths[next_random(g) % n]);
    free(paths);
    if (r == FAN_OK)
        report_last_turn(g, "", " (random)");
    return r;
}

/* The engine's turn: a search of the position (at its level, or at full
 * strength for ENGINE_TIME_MS), whose best turn is played. The level's
 * noise is seeded from the game's generator, so --seed repeats the game. */
static int engine_turn(game *g)
{
    int side = fan_position_side_to_move(g->pos);
    fan_search_limits limits = FAN_SEARCH_LIMITS_INIT;
    limits.level = (uint32_t) g->level[side];
    if (limits.level == 0)
        limits.time_ms = ENGINE_TIME_MS;
    limits.seed = next_random(g);
    fan_search_result result = FAN_SEARCH_RESULT_INIT;
    fflush(stdout);
    int r = fan_search_run(&result, g->search, g->pos, &limits, NULL, NULL);
    if (r == FAN_OK)
        r = fan_position_play_turn(g->pos, result.best);
    if (r == FAN_OK)
        report_last_turn(g, "", " (engine)");
    return r;
}

/* Plays until the game ends or the players leave. When it ends and a
 * human plays, the game waits for 'save', 'fen', 'undo' or 'quit'. */
static int play_game(game *g)
{
    int redraw = 1;
    for (;;) {
        int over = fan_position_result(g->pos) != FAN_ONGOING;
        int side = fan_position_side_to_move(g->pos);
        if (over) {
            if (redraw) {
                printf("\n");
                draw_board(g->pos, 0, 0, -1);
                print_result(g->pos);
            }
            if (g->player[FAN_WHITE] != HUMAN && g->player[FAN_BLACK] != HUMAN)
                return 0;
        } else if (g->player[side] != HUMAN) {
            int r = g->player[side] == RANDOM ? random_turn(g) : engine_turn(g);
            if (r != FAN_OK)
                return cli_library_error(
                    g->player[side] == RANDOM ? "random player" : "engine", r);
            redraw = 1;
            continue;
        } else if (redraw) {
            show(g);
        }
        char prompt[32], line[256];
        snprintf(prompt, sizeof prompt, "%s> ",
                 over ? "Game over" : color_name(side));
        int act = read_line(g, prompt, line, sizeof line) == EOF
                      ? ACT_EOF
                      : human_command(g, line);
        if (act < 0)
            return cli_library_error("play", act);
        if (act == ACT_QUIT || act == ACT_EOF) {
            if (!over)
                printf(act == ACT_QUIT
                           ? "Game left unfinished.\n"
                           : "End of input; the game is left unfinished.\n");
            return 0;
        }
        redraw = act == ACT_REDRAW;
    }
}

int parse_player(const char *text, int *level)
{
    uint64_t n = 0;
    *level = 0;
    if (strcmp(text, "human") == 0)
        return HUMAN;
    if (strcmp(text, "random") == 0)
        return RANDOM;
    if (strcmp(text, "engine") == 0)
        return ENGINE;
    if (strncmp(text, "engine:", 7) == 0 &&
        cli_parse_unsigned(text + 7, &n) == 0 && n >= 1 &&
        n <= FAN_SEARCH_MAX_LEVEL) {
        *level = (int) n;
        return ENGINE;
    }
    return -1;
}

/* How the command line named a player ("engine level 3"). */
static void player_text(char *buf, size_t size, const game *g, int color)
{
    if (g->player[color] == HUMAN)
        snprintf(buf, size, "human");
    else if (g->player[color] == RANDOM)
        snprintf(buf, size, "random");
    else if (g->level[color])
        snprintf(buf, size, "engine level %d", g->level[color]);
    else
        snprintf(buf, size, "engine (full strength, %d ms a turn)",
                 ENGINE_TIME_MS);
}

enum { OPT_FEN, OPT_LOAD, OPT_RULES, OPT_WHITE, OPT_BLACK, OPT_SEED };

static const cli_option play_options[] = {
    [OPT_FEN] = {.name = "--fen",
                 .kind = CLI_TEXT,
                 .value = "STRING",
                 .group = 1,
                 .help = "the position string to start from (default: the "
                         "start)"},
    [OPT_LOAD] = {.name = "--load",
                  .kind = CLI_TEXT,
                  .value = "FILE",
                  .group = 1,
                  .help = "go on with the game record in FILE; undo goes "
                          "back through its turns"},
    [OPT_RULES] = CLI_OPTION_RULES,
    [OPT_WHITE] = {.name = "--white",
                   .kind = CLI_TEXT,
                   .value = "PLAYER",
                   .help = "who plays White (default: human)"},
    [OPT_BLACK] = {.name = "--black",
                   .kind = CLI_TEXT,
                   .value = "PLAYER",
                   .help = "who plays Black (default: random)"},
    [OPT_SEED] = {.name = "--seed",
                  .kind = CLI_NUMBER,
                  .value = "N",
                  .lo = 0,
                  .hi = UINT64_MAX,
                  .help = "repeats the random player and the levels' noise"},
    {0},
};

static int run_play(const cli_command *cmd, const cli_value *v, int noperands,
                    char **operands)
{
    (void) noperands;
    (void) operands;
    game g = {.player = {0, HUMAN, RANDOM}, .selected = -1};
    for (int color = FAN_WHITE; color <= FAN_BLACK; color++) {
        const cli_value *p = &v[color == FAN_WHITE ? OPT_WHITE : OPT_BLACK];
        if (p->given &&
            (g.player[color] = parse_player(p->text, &g.level[color])) < 0)
            return cli_usage_error(cmd,
                                   "%s takes human, random, engine or "
                                   "engine:LEVEL (1..%d)",
                                   color == FAN_WHITE ? "--white" : "--black",
                                   FAN_SEARCH_MAX_LEVEL);
    }
    int rules = cli_rules(&v[OPT_RULES]), r, status;
    const char *load = v[OPT_LOAD].text;
    if (load)
        status = position_from_record(&g.pos, cmd, load, rules);
    else
        status = start_position(&g.pos, cmd, v[OPT_FEN].text, rules, "--fen");
    if (status)
        return status;
    int seeded = v[OPT_SEED].given;
    uint64_t seed = v[OPT_SEED].number;
    if (!seeded)
        seed = (uint64_t) time(NULL) ^ ((uint64_t) clock() << 32);
    g.rng = seed;
    g.echo = !isatty(STDIN_FILENO);

    if (g.player[FAN_WHITE] == ENGINE || g.player[FAN_BLACK] == ENGINE) {
        if ((r = fan_search_new(&g.search, NULL)) != FAN_OK) {
            fan_position_free(g.pos);
            return cli_library_error("engine", r);
        }
    }
    char white[64], black[64];
    player_text(white, sizeof white, &g, FAN_WHITE);
    player_text(black, sizeof black, &g, FAN_BLACK);
    printf("Fanorona, %s rules. White: %s, Black: %s.",
           fan_position_rules(g.pos) == FAN_RULES_STOP ? "stop-at-will"
                                                       : "must-continue",
           white, black);
    if (g.player[FAN_WHITE] != HUMAN || g.player[FAN_BLACK] != HUMAN)
        printf(" Random seed %" PRIu64 ".", seed);
    printf("\n");
    if (load)
        printf("Going on with the game of %s: %d turns played.\n", load,
               fan_position_turns_played(g.pos));
    if (g.player[FAN_WHITE] == HUMAN || g.player[FAN_BLACK] == HUMAN) {
        printf("Type 'help' for the commands.\n");
        print_legend();
    }
    status = play_game(&g);
    fan_search_free(g.search);
    fan_position_free(g.pos);
    return status;
}

const cli_command cli_command_play = {
    .name = "play",
    .options = play_options,
    .note = "(PLAYER: human, random, engine or engine:LEVEL)",
    .help = "plays a game in the terminal, one step at a time. A PLAYER is "
            "a human, the random player or the engine: 'engine:LEVEL' "
            "plays at a level from 1 (weakest) to 10, plain 'engine' at full "
            "strength with 1000 ms a turn. Type 'help' during the game for "
            "its commands ('save FILE' writes a record, 'fen' prints the "
            "position string).",
    .run = run_play,
};
