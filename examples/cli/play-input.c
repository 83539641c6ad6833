/* SPDX-License-Identifier: MIT */
/* fanorona play: what a human player types, from a step or a whole turn
 * to undo, redo, save and the other commands of the game. All move text
 * goes through the library's notation (fan_position_parse_step,
 * fan_position_parse_path); this file only brings typed input to its
 * alphabet. */
#include "play.h"

#include "draw.h"
#include "text.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_help(void)
{
    printf(
        "Commands:\n"
        "  e2-e3, e2e3, e2 e3  play a step; add A or W to name the capture\n"
        "                      mode (d3-e3W), else you are asked when both\n"
        "                      are possible\n"
        "  f4-e4W-e3A          play several steps of a chain at once (under\n"
        "                      must-continue, the whole chain); where a mode\n"
        "                      is left out, only one may fit\n"
        "  e2                  select the piece on e2; with a piece selected\n"
        "                      or in a chain, move it to e2\n"
        "  end                 end the capture chain here (stop-at-will "
        "only)\n"
        "  undo                take back the chain in progress or the last "
        "turn\n"
        "                      (against the random player or the engine:\n"
        "                      its reply too)\n"
        "  redo                replay a turn taken back\n"
        "  board               draw the board again\n"
        "  fen                 print the position string\n"
        "  save FILE           write the game so far as a game record\n"
        "                      (fanorona play --load FILE goes on with it)\n"
        "  help                this text\n"
        "  quit                leave the game\n");
    print_legend();
}

static void lower_case(char *text)
{
    for (char *p = text; *p; p++)
        *p = (char) tolower((unsigned char) *p);
}

/* Asks whether the step takes the approach or the withdrawal group.
 * Returns FAN_STEP_APPROACH, FAN_STEP_WITHDRAWAL, 0 (cancelled), or
 * -ACT_QUIT / -ACT_EOF. */
static int ask_mode(game *g, const fan_step *approach,
                    const fan_step *withdrawal)
{
    fan_step plain = *approach; /* from-to, without a mode letter */
    plain.kind = FAN_STEP_PAIKA;
    plain.captures = 0;
    char step[FAN_STEP_STRING_MAX], a[MASK_TEXT_MAX], w[MASK_TEXT_MAX];
    step_text(step, &plain);
    mask_text(a, approach->captures);
    mask_text(w, withdrawal->captures);
    printf("%s captures either way; choose one group:\n", step);
    printf("  a  approach    removes %s\n", a);
    printf("  w  withdrawal  removes %s\n", w);
    for (;;) {
        char line[256];
        if (read_line(g, "Approach or withdrawal (a/w, or cancel)? ", line,
                      sizeof line) == EOF)
            return -ACT_EOF;
        lower_case(line);
        if (!strcmp(line, "a") || !strcmp(line, "approach"))
            return FAN_STEP_APPROACH;
        if (!strcmp(line, "w") || !strcmp(line, "withdrawal"))
            return FAN_STEP_WITHDRAWAL;
        if (!strcmp(line, "cancel") || !strcmp(line, "c"))
            return 0;
        if (!strcmp(line, "quit") || !strcmp(line, "q"))
            return -ACT_QUIT;
        printf("Answer a (approach), w (withdrawal) or cancel.\n");
    }
}

/* After steps of side's turn (begun with 'before' turns played): the turn
 * it completed, or the chain so far when it goes on. */
static void report_steps(const game *g, int before, int side)
{
    if (fan_position_turns_played(g->pos) != before) {
        report_last_turn(g, "", "");
        return;
    }
    fan_path chain;
    char text[FAN_PATH_STRING_MAX];
    fan_position_chain_path(&chain, g->pos);
    path_text(text, &chain);
    printf("%s captures with %s; the chain can go on.\n", color_name(side),
           text);
}

/* Plays one step from-to; with kind FAN_STEP_ANY, asks for the mode where
 * both capture. The caller knows the step is legal. */
static int play_one_step(game *g, int from, int to, int kind)
{
    if (kind == FAN_STEP_ANY) {
        fan_step steps[FAN_STEPS_MAX];
        size_t n = 0;
        steps_now(steps, &n, g->pos);
        const fan_step *approach = NULL, *withdrawal = NULL;
        for (size_t k = 0; k < n; k++) {
            if (steps[k].from != from || steps[k].to != to)
                continue;
            if (steps[k].kind == FAN_STEP_APPROACH)
                approach = &steps[k];
            else if (steps[k].kind == FAN_STEP_WITHDRAWAL)
                withdrawal = &steps[k];
        }
        if (approach && withdrawal) {
            kind = ask_mode(g, approach, withdrawal);
            if (kind == 0)
                printf("Cancelled; nothing was played.\n");
            if (kind <= 0)
                return kind == 0 ? ACT_STAY : -kind;
        }
    }
    int before = fan_position_turns_played(g->pos);
    int side = fan_position_side_to_move(g->pos);
    int r = fan_position_play_step(g->pos, from, to, kind);
    if (r != FAN_OK)
        return r;
    g->selected = -1;
    report_steps(g, before, side);
    return ACT_REDRAW;
}

/* Plays the steps of a whole turn (as fan_position_parse_path() gives it)
 * that are not played yet. Like steps typed one by one, they leave the
 * chain open when it can go on: 'end' ends it. */
static int play_path_steps(game *g, const fan_path *path)
{
    fan_path chain;
    int r = fan_position_chain_path(&chain, g->pos);
    if (r != FAN_OK)
        return r;
    if (chain.length >= path->length) {
        printf("That is the chain so far; type 'end' to end the turn "
               "here.\n");
        return ACT_STAY;
    }
    fan_position *work = NULL;
    if ((r = fan_position_clone(&work, g->pos)) != FAN_OK)
        return r;
    for (int i = chain.length; i < path->length && r == FAN_OK; i++)
        r = fan_position_play_step(work, i ? path->to[i - 1] : path->from,
                                   path->to[i], path->kind[i]);
    if (r != FAN_OK) {
        fan_position_free(work);
        return r;
    }
    int before = fan_position_turns_played(g->pos);
    int side = fan_position_side_to_move(g->pos);
    fan_position_free(g->pos);
    g->pos = work;
    g->selected = -1;
    report_steps(g, before, side);
    return ACT_REDRAW;
}

/* Brings a typed move to the alphabet of the notation, which is strict:
 * squares in lower case, the mode letters A and W in upper case, and
 * spaces before a square read as a dash, others dropped ("E2 e3" is e2-e3,
 * "d3 e3 w" is d3-e3W). What it means is left to the library's reader. */
static void normalize_move(char *out, size_t size, const char *in)
{
    size_t n = 0;
    int gap = 0;
    for (const char *p = in; *p && n + 2 < size; p++) {
        char c = *p;
        if (c == ' ' || c == '\t') {
            gap = 1;
            continue;
        }
        int square =
            isalpha((unsigned char) c) && isdigit((unsigned char) p[1]);
        if (gap && square && n && out[n - 1] != '-')
            out[n++] = '-';
        gap = 0;
        char low = (char) tolower((unsigned char) c);
        if (square)
            out[n++] = low;
        else if (low == 'a' || low == 'w')
            out[n++] = (char) toupper((unsigned char) c);
        else
            out[n++] = c;
    }
    out[n] = '\0';
}

/* A move typed by the player: one step (the library's step reader; where
 * both capture modes fit, the player is asked), else a whole turn or the
 * rest of the chain (its turn reader). */
static int move_command(game *g, const char *line)
{
    char text[256];
    normalize_move(text, sizeof text, line);
    fan_step step;
    fan_parse_error e;
    int r = fan_position_parse_step(&step, g->pos, text, &e);
    if (r == FAN_OK)
        return play_one_step(g, step.from, step.to, step.kind);
    if (r == FAN_EAMBIGUOUS) {
        /* the text with a letter names the step; the player picks the mode */
        char named[sizeof text + 1];
        snprintf(named, sizeof named, "%sA", text);
        if (fan_position_parse_step(&step, g->pos, named, NULL) == FAN_OK)
            return play_one_step(g, step.from, step.to, FAN_STEP_ANY);
    }
    if (r == FAN_EILLEGAL || r == FAN_EAMBIGUOUS) {
        printf("%s is not a legal step here: %s.\n", text, e.message);
        return ACT_STAY;
    }
    if (r != FAN_EPARSE)
        return r;
    fan_path path;
    r = fan_position_parse_path(&path, g->pos, text, &e);
    if (r == FAN_OK)
        return play_path_steps(g, &path);
    if (r == FAN_EILLEGAL || r == FAN_EAMBIGUOUS) {
        printf("%s is not a legal turn here: %s.\n", text, e.message);
        return ACT_STAY;
    }
    if (r != FAN_EPARSE)
        return r;
    printf("Not understood: %s.\n", e.message);
    print_text_at(stdout, text, e.offset);
    printf("Type 'help' for the commands.\n");
    return ACT_STAY;
}

/* A lone square: select a piece, or move the selected/active piece. */
static int square_command(game *g, int sq)
{
    fan_position *pos = g->pos;
    char name[3];
    fan_square_name(name, sizeof name, NULL, sq);
    int origin = g->selected;
    if (fan_position_in_chain(pos))
        fan_position_active_piece(&origin, pos);
    uint64_t movable = 0, dest = 0;
    fan_position_movable(&movable, pos);
    if (origin >= 0)
        fan_position_destinations(&dest, pos, origin);
    if (dest >> sq & 1) {
        return play_one_step(g, origin, sq, FAN_STEP_ANY);
    }
    if (!fan_position_in_chain(pos) && (movable >> sq & 1)) {
        g->selected = sq;
        return ACT_REDRAW;
    }
    if (fan_position_in_chain(pos))
        printf("%s is not a continuation of the chain.\n", name);
    else if (fan_position_piece(pos, sq) == fan_position_side_to_move(pos))
        printf("The piece on %s has no legal step now.%s\n", name,
               fan_position_must_capture(pos)
                   ? " A capture is compulsory this turn."
                   : "");
    else if (origin >= 0)
        printf("%s is not a destination of the selected piece.\n", name);
    else
        printf("%s holds none of your pieces that can move. Select one, or "
               "type a whole step such as d3-e3.\n",
               name);
    return ACT_STAY;
}

/* Takes back the chain or the last turn, and then the computer's (random
 * player's or engine's) turns so that a human is to move again when that is
 * possible. */
static int undo_command(game *g)
{
    fan_position *pos = g->pos;
    g->selected = -1;
    if (fan_position_in_chain(pos)) {
        int r = fan_position_undo(pos);
        if (r == FAN_OK)
            printf("Took back the chain in progress.\n");
        return r == FAN_OK ? ACT_REDRAW : r;
    }
    if (fan_position_history_length(pos) == 0) {
        printf("Nothing to undo.\n");
        return ACT_STAY;
    }
    do {
        int len = fan_position_history_length(pos);
        fan_path path;
        char text[FAN_PATH_STRING_MAX];
        int r = fan_position_history_path(&path, pos, len - 1);
        if (r == FAN_OK)
            r = fan_position_undo(pos);
        if (r != FAN_OK)
            return r;
        path_text(text, &path);
        printf("Took back %s's turn %s.\n",
               color_name(fan_position_side_to_move(pos)), text);
    } while (g->player[fan_position_side_to_move(pos)] != HUMAN &&
             fan_position_history_length(pos) > 0);
    return ACT_REDRAW;
}

static int redo_command(game *g)
{
    g->selected = -1;
    if (fan_position_in_chain(g->pos)) {
        printf("Finish or take back the chain first.\n");
        return ACT_STAY;
    }
    int r = fan_position_redo(g->pos);
    if (r == FAN_ENOHISTORY) {
        printf("Nothing to redo.\n");
        return ACT_STAY;
    }
    while (r == FAN_OK) {
        report_last_turn(g, "Redo: ", "");
        if (g->player[fan_position_side_to_move(g->pos)] == HUMAN ||
            fan_position_result(g->pos) != FAN_ONGOING)
            break;
        r = fan_position_redo(g->pos);
    }
    return r == FAN_OK || r == FAN_ENOHISTORY ? ACT_REDRAW : r;
}

static int end_command(game *g)
{
    if (fan_position_can_end_turn(g->pos)) {
        int r = fan_position_end_turn(g->pos);
        if (r != FAN_OK)
            return r;
        report_last_turn(g, "", "");
        return ACT_REDRAW;
    }
    if (!fan_position_in_chain(g->pos))
        printf("There is no capture chain to end.\n");
    else
        printf("Under must-continue rules the chain goes on while it can.\n");
    return ACT_STAY;
}

/* Writes the game as a record (fan_record_write) to file. */
static int save_command(game *g, const char *file)
{
    if (!*file) {
        printf("Name the file: save FILE\n");
        return ACT_STAY;
    }
    size_t needed = 0;
    int r = fan_record_write(NULL, 0, &needed, g->pos);
    if (r != FAN_OK && r != FAN_EBUFS)
        return r;
    char *text = malloc(needed);
    if (!text)
        return FAN_ENOMEM;
    if ((r = fan_record_write(text, needed, NULL, g->pos)) != FAN_OK) {
        free(text);
        return r;
    }
    FILE *f = fopen(file, "w");
    int failed = !f || fputs(text, f) == EOF;
    if (f && fclose(f) != 0)
        failed = 1;
    if (failed)
        printf("Could not save the game to %s: %s.\n", file, strerror(errno));
    else
        printf("Saved the game to %s.\n", file);
    free(text);
    return ACT_STAY;
}

/* Prints the position string of the game now. */
static int fen_command(game *g)
{
    char text[FAN_POSITION_STRING_MAX];
    int r = fan_position_to_string(text, sizeof text, NULL, g->pos);
    if (r != FAN_OK)
        return r;
    printf("%s\n", text);
    return ACT_STAY;
}

int human_command(game *g, const char *line)
{
    /* the command word in lower case; its argument as typed */
    char word[16];
    size_t len = strcspn(line, " \t");
    if (!*line)
        return ACT_STAY;
    snprintf(word, sizeof word, "%.*s", (int) (len < 15 ? len : 15), line);
    lower_case(word);
    const char *arg = line + len;
    arg += strspn(arg, " \t");
    if (len >= sizeof word)
        word[0] = '\0';
    if (!strcmp(word, "save"))
        return save_command(g, arg);
    if (*arg)
        word[0] = '\0'; /* the other commands take no argument */
    if (!strcmp(word, "help") || !strcmp(word, "?")) {
        print_help();
        return ACT_STAY;
    }
    if (!strcmp(word, "quit") || !strcmp(word, "q") || !strcmp(word, "exit"))
        return ACT_QUIT;
    if (!strcmp(word, "undo"))
        return undo_command(g);
    if (!strcmp(word, "redo"))
        return redo_command(g);
    if (!strcmp(word, "end"))
        return end_command(g);
    if (!strcmp(word, "board"))
        return ACT_REDRAW;
    if (!strcmp(word, "fen"))
        return fen_command(g);
    if (fan_position_result(g->pos) != FAN_ONGOING) {
        printf("The game is over: 'undo' takes back the last turn, "
               "'save FILE' keeps it, 'quit' leaves.\n");
        return ACT_STAY;
    }
    int sq = fan_square_parse(word);
    if (sq >= 0)
        return square_command(g, sq);
    return move_command(g, line);
}
