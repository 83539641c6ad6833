/* SPDX-License-Identifier: MIT */
/* fanorona chess play: a game of Fanorona Chess in the terminal between
 * people, a random mover, a greedy one and the engine (the library's
 * search at a level, fan_chess_search_run()). A human types moves in the
 * notation of doc/fanorona-chess.md, or a command: moves, undo, fen,
 * record, help, quit. */
#include "chess.h"
#include "play.h"
#include "splitmix.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PLAY_FEN, PLAY_WHITE, PLAY_BLACK, PLAY_SEED };
/* HUMAN, RANDOM and ENGINE are those of fanorona play (play.h) */
#define GREEDY 3

static const cli_option play_options[] = {
    [PLAY_FEN] = {.name = "--fen", .kind = CLI_TEXT, .value = "STRING",
                  .help = "the Fanorona Chess position string to start from"},
    [PLAY_WHITE] = {.name = "--white", .kind = CLI_TEXT, .value = "PLAYER",
                    .help = "who plays White (default human)"},
    [PLAY_BLACK] = {.name = "--black", .kind = CLI_TEXT, .value = "PLAYER",
                    .help = "who plays Black (default random)"},
    [PLAY_SEED] = {.name = "--seed", .kind = CLI_NUMBER, .value = "N",
                   .lo = 0, .hi = UINT64_MAX,
                   .help = "the seed of the random and greedy players and "
                           "of the levels' noise"},
    {0},
};

static const char help_text[] =
    "Type a move (Pc3-c4, Kc1-a2, Rc5-b5A where both captures are legal,\n"
    "Pb8-b9=Q to promote) or a command: moves (the legal moves), undo\n"
    "(takes back your last move and the computer's reply), fen (the\n"
    "position string), record (the game so far), help, quit.\n";

/* A piece's worth for the greedy player. */
static int worth(int type)
{
    static const int w[] = {0, 100, 9, 5, 3, 3, 1};
    return w[type];
}

/* The computer's move: random, or greedy (the most valuable capture,
 * ties and quiet positions drawn at random). */
static fan_chess_move pick(const fan_chess *g, int kind, uint64_t *rng)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX], best[FAN_CHESS_MOVES_MAX];
    size_t n = 0, nb = 0;
    int top = -1;
    fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g);
    for (size_t i = 0; i < n; i++) {
        int cap = FAN_CHESS_MOVE_CAPTURED(m[i]), value = 0;
        if (kind == GREEDY && cap != FAN_CHESS_NO_POINT)
            value = worth(FAN_CHESS_PIECE_TYPE(fan_chess_piece(g, cap)));
        if (value > top) {
            top = value;
            nb = 0;
        }
        if (value == top)
            best[nb++] = m[i];
    }
    return best[splitmix64_next(rng) % nb];
}

/* The engine's move: a search at its level (full strength:
 * ENGINE_TIME_MS), the level's noise seeded from the game's generator so
 * that --seed repeats the game. */
static int engine_move(fan_chess_move *out, fan_search *search,
                       const fan_chess *g, int level, uint64_t *rng)
{
    fan_search_limits limits = FAN_SEARCH_LIMITS_INIT;
    limits.level = (uint32_t) level;
    if (level == 0)
        limits.time_ms = ENGINE_TIME_MS;
    limits.seed = splitmix64_next(rng);
    fan_chess_search_result result;
    fan_chess_search_result_init(&result);
    fflush(stdout);
    int r = fan_chess_search_run(&result, search, g, &limits, NULL, NULL);
    if (r == FAN_OK)
        *out = result.best;
    return r;
}

static void print_position(const fan_chess *g)
{
    chess_print_board(g);
    printf("%s to move%s\n",
           fan_chess_side_to_move(g) == FAN_WHITE ? "White" : "Black",
           fan_chess_in_check(g) == 1 ? ", in check" : "");
}

static void print_text(const fan_chess *g, int record)
{
    size_t need = 0;
    if (record)
        fan_chess_record_write(NULL, 0, &need, g);
    else
        need = FAN_CHESS_STRING_MAX;
    char *buf = malloc(need);
    if (!buf)
        return;
    int r = record ? fan_chess_record_write(buf, need, NULL, g)
                   : fan_chess_to_string(buf, need, NULL, g);
    if (r == FAN_OK)
        fputs(buf, stdout);
    if (!record)
        putchar('\n');
    free(buf);
}

/* One line from a human; 1 to go on, 0 to end the game. */
static int human_turn(fan_chess *g, const int *players)
{
    char line[256];
    printf("%s> ", fan_chess_side_to_move(g) == FAN_WHITE ? "White" : "Black");
    fflush(stdout);
    if (!fgets(line, sizeof line, stdin))
        return 0;
    line[strcspn(line, "\r\n")] = '\0';
    if (!strcmp(line, "quit"))
        return 0;
    if (!strcmp(line, "help") || !line[0]) {
        fputs(help_text, stdout);
    } else if (!strcmp(line, "fen") || !strcmp(line, "record")) {
        print_text(g, line[0] == 'r');
    } else if (!strcmp(line, "moves")) {
        fan_chess_move m[FAN_CHESS_MOVES_MAX];
        size_t n = 0;
        fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g);
        for (size_t i = 0; i < n; i++) {
            char t[FAN_CHESS_MOVE_STRING_MAX];
            fan_chess_move_to_string(t, sizeof t, NULL, g, m[i]);
            printf("%s%s", i ? " " : "", t);
        }
        putchar('\n');
    } else if (!strcmp(line, "undo")) {
        /* back to this human's previous turn */
        int undone = 0;
        while (fan_chess_undo(g) == FAN_OK) {
            undone++;
            if (players[fan_chess_side_to_move(g) - 1] == HUMAN)
                break;
        }
        if (!undone)
            printf("nothing to undo\n");
        else
            print_position(g);
    } else {
        fan_chess_move m = 0;
        fan_parse_error e;
        int r = fan_chess_parse_move(&m, g, line, &e);
        if (r == FAN_OK && (r = fan_chess_play(g, m)) == FAN_OK)
            print_position(g);
        else
            printf("%s: %s\n", fan_strerror(r), e.message);
    }
    return 1;
}

static int run_play(const cli_command *cmd, const cli_value *v, int noperands,
                    char **operands)
{
    (void) noperands;
    (void) operands;
    int players[2] = {HUMAN, RANDOM}, levels[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
        const char *text = v[c ? PLAY_BLACK : PLAY_WHITE].text;
        if (!text)
            continue;
        players[c] = !strcmp(text, "greedy")
                         ? GREEDY
                         : parse_player(text, &levels[c]);
        if (players[c] < 0)
            return cli_usage_error(cmd,
                                   "%s takes human, random, greedy, engine "
                                   "or engine:LEVEL (1..%d)",
                                   c ? "--black" : "--white",
                                   FAN_SEARCH_MAX_LEVEL);
    }
    uint64_t rng = v[PLAY_SEED].given ? v[PLAY_SEED].number : 1;
    fan_chess *g = NULL;
    int status = chess_position(&g, v[PLAY_FEN].text, "--fen");
    if (status)
        return status;
    fan_search *search = NULL;
    int r = FAN_OK;
    if ((players[0] == ENGINE || players[1] == ENGINE) &&
        (r = fan_search_new(&search, NULL)) != FAN_OK) {
        fan_chess_free(g);
        return cli_library_error("engine", r);
    }
    print_position(g);
    for (;;) {
        if (fan_chess_result(g) != FAN_ONGOING) {
            static const char *const results[] = {"", "White wins",
                                                  "Black wins", "drawn"};
            printf("game over: %s (%s)\n", results[fan_chess_result(g)],
                   fan_chess_reason_name(fan_chess_result_reason(g)));
            break;
        }
        int who = players[fan_chess_side_to_move(g) - 1];
        if (who == HUMAN) {
            if (!human_turn(g, players))
                break;
            continue;
        }
        fan_chess_move m = 0;
        if (who != ENGINE)
            m = pick(g, who, &rng);
        else if ((r = engine_move(&m, search, g,
                                  levels[fan_chess_side_to_move(g) - 1],
                                  &rng)) != FAN_OK) {
            status = cli_library_error("engine", r);
            break;
        }
        char t[FAN_CHESS_MOVE_STRING_MAX];
        fan_chess_move_to_string(t, sizeof t, NULL, g, m);
        printf("%s plays %s\n",
               fan_chess_side_to_move(g) == FAN_WHITE ? "White" : "Black", t);
        fan_chess_play(g, m);
        print_position(g);
    }
    fan_search_free(search);
    fan_chess_free(g);
    return status;
}

const cli_command cli_chess_play = {
    .name = "chess play",
    .options = play_options,
    .note = "(PLAYER: human, random, greedy, engine or engine:LEVEL)",
    .help = "plays a game of Fanorona Chess in the terminal: people type "
            "their moves, the random and greedy players answer at once, "
            "the engine after its search: 'engine:LEVEL' plays at a level "
            "from 1 (weakest) to 10, plain 'engine' at full strength with "
            "1000 ms a move.",
    .run = run_play,
};
