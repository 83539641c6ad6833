/* SPDX-License-Identifier: MIT */
/* Drives the chain-step API with arbitrary bytes: the bytes choose among the
 * legal steps, end turns, undo, redo, clone, serialize and whole-turn
 * checks. The harness keeps its own model of the game (the position string
 * at the start of every turn, the turns undone) and checks after every
 * operation that:
 * - a turn generated whole (fan_position_paths/turns, then play_path or
 *   play_turn on a clone) gives the same position as its steps played one
 *   by one;
 * - undo restores the exact position string, redo the one undone;
 * - piece counts never rise except through undo, and a step removes
 *   exactly the pieces it announced;
 * - the result equals a recomputation from scratch: the side to move has
 *   no pieces, or no turn (perft depth 1, a separate generator, is 0), or
 *   the board and side occurred three times in the model's history, or the
 *   turn limit, in that order; and the string read back into a fresh
 *   handle gives the same position.
 *
 * Input: byte 0 = flags (bit 0 must-continue, bit 1 set-up board, bit 2
 * Black to move), then 12 bytes of masks when bit 1 is set, then one byte
 * per operation, some followed by an argument byte. */
#include "fuzz.h"

#include <string.h>

#define SMAX FAN_POSITION_STRING_MAX
#define MAX_TURNS (FAN_TURN_LIMIT + 1)

typedef struct bytes {
    const uint8_t *p;
    size_t n;
} bytes;

static int next_byte(bytes *in, unsigned *out)
{
    if (!in->n)
        return 0;
    *out = *in->p++;
    in->n--;
    return 1;
}

typedef struct model {
    fan_position *pos;
    int rules;
    /* hist[i] = position string at the start of turn i; hist[nh] is the
     * start of the turn in progress */
    char (*hist)[SMAX];
    int nh;
    char (*redo)[SMAX]; /* strings after each undone turn, last on top */
    int nr;
    int white, black; /* piece counts after the last checked operation */
    char last[SMAX];  /* the string the last check saw, and nh then */
    int last_nh;
} model;

static void to_string(char *buf, const fan_position *p)
{
    size_t needed = 0;
    FUZZ_CHECK_EQ(fan_position_to_string(buf, SMAX, &needed, p), FAN_OK);
    FUZZ_CHECK(needed <= SMAX && needed == strlen(buf) + 1);
}

static int count(const fan_position *p, int color)
{
    uint64_t m;
    FUZZ_CHECK_EQ(fan_position_pieces(&m, p, color), FAN_OK);
    return fuzz_popcount(m);
}

/* Board and side: the text up to the second space. */
static size_t board_key_len(const char *s)
{
    const char *sp = strchr(s, ' ');
    FUZZ_CHECK(sp && sp[1] && sp[2] == ' ');
    return (size_t)(sp + 2 - s);
}

static int same_board(const char *a, const char *b)
{
    size_t n = board_key_len(a);
    return n == board_key_len(b) && !memcmp(a, b, n);
}

/* The result worked out from scratch, compared with the handle's. */
static void check_result(const model *m, const char *now)
{
    const fan_position *p = m->pos;
    int res = fan_position_result(p), reason = fan_position_result_reason(p);
    if (fan_position_in_chain(p)) {
        FUZZ_CHECK_EQ(res, FAN_ONGOING);
        FUZZ_CHECK_EQ(reason, FAN_REASON_NONE);
        return;
    }
    int stm = fan_position_side_to_move(p);
    int other_wins = stm == FAN_WHITE ? FAN_BLACK_WINS : FAN_WHITE_WINS;
    int want = FAN_ONGOING, why = FAN_REASON_NONE;
    uint64_t children = 0;
    FUZZ_CHECK_EQ(fan_perft(&children, p, 1, FAN_COUNT_PATHS), FAN_OK);
    int reps = 0;
    for (int i = 0; i <= m->nh; i++)
        reps += same_board(m->hist[i], now);
    if (count(p, stm) == 0) {
        want = other_wins;
        why = FAN_REASON_NO_PIECES;
    } else if (children == 0) {
        want = other_wins;
        why = FAN_REASON_NO_MOVES;
    } else if (reps >= 3) {
        want = FAN_DRAW;
        why = FAN_REASON_REPETITION;
    } else if (fan_position_turns_played(p) >= FAN_TURN_LIMIT) {
        want = FAN_DRAW;
        why = FAN_REASON_TURN_LIMIT;
    }
    FUZZ_CHECK_EQ(res, want);
    FUZZ_CHECK_EQ(reason, why);
}

/* Checks made after every operation. */
static void check_state(model *m, int may_grow)
{
    const fan_position *p = m->pos;
    char now[SMAX];
    to_string(now, p);
    FUZZ_CHECK_EQ(fan_position_history_length(p), m->nh);
    if (!fan_position_in_chain(p))
        FUZZ_CHECK(!strcmp(now, m->hist[m->nh]));
    /* the same string and history as at the last check: same state, and
     * the checks below would repeat themselves */
    if (!strcmp(now, m->last) && m->nh == m->last_nh)
        return;
    memcpy(m->last, now, SMAX);
    m->last_nh = m->nh;
    check_result(m, now);

    /* the string alone gives back the same position */
    fan_position *fresh = NULL;
    FUZZ_CHECK_EQ(fan_position_from_string(&fresh, now, FAN_RULES_STOP, NULL),
                  FAN_OK);
    FUZZ_CHECK_EQ(fan_position_equal(fresh, p), 1);
    fan_position_free(fresh);

    int w = count(p, FAN_WHITE), b = count(p, FAN_BLACK);
    if (!may_grow)
        FUZZ_CHECK(w <= m->white && b <= m->black);
    m->white = w;
    m->black = b;

    /* the step list agrees with the UI helpers and the turn lists */
    fan_step steps[FAN_STEPS_MAX];
    size_t n = 0;
    FUZZ_CHECK_EQ(fan_position_steps(steps, FAN_STEPS_MAX, &n, p), FAN_OK);
    uint64_t movable = 0, want_movable = 0;
    FUZZ_CHECK_EQ(fan_position_movable(&movable, p), FAN_OK);
    int captures = 0;
    for (size_t i = 0; i < n; i++) {
        want_movable |= (uint64_t)1 << steps[i].from;
        captures += steps[i].kind != FAN_STEP_PAIKA;
        FUZZ_CHECK_EQ(steps[i].kind == FAN_STEP_PAIKA, steps[i].captures == 0);
    }
    FUZZ_CHECK_EQ(movable, want_movable);
    FUZZ_CHECK(captures == 0 || captures == (int)n);
    if (fan_position_result(p) == FAN_ONGOING) {
        FUZZ_CHECK_EQ(fan_position_must_capture(p), captures > 0);
        FUZZ_CHECK(n > 0);
    } else {
        FUZZ_CHECK_EQ(n, 0);
        FUZZ_CHECK_EQ(fan_position_must_capture(p), 0);
        FUZZ_CHECK_EQ(fan_position_can_end_turn(p), 0);
    }
}

/* Records that a turn has just been completed. */
static void turn_done(model *m)
{
    FUZZ_CHECK(m->nh + 1 < MAX_TURNS + 1);
    m->nh++;
    to_string(m->hist[m->nh], m->pos);
    m->nr = 0;
}

static int turns_played(const model *m)
{
    return fan_position_turns_played(m->pos);
}

static void op_step(model *m, bytes *in)
{
    fan_position *p = m->pos;
    fan_step steps[FAN_STEPS_MAX];
    size_t n = 0;
    unsigned arg;
    FUZZ_CHECK_EQ(fan_position_steps(steps, FAN_STEPS_MAX, &n, p), FAN_OK);
    if (!next_byte(in, &arg))
        return;
    char before[SMAX], after[SMAX];
    to_string(before, p);
    if (n == 0) {
        int r = fan_position_play_step(p, 0, 1, FAN_STEP_ANY);
        FUZZ_CHECK(r == FAN_EGAMEOVER || r == FAN_EILLEGAL);
        to_string(after, p);
        FUZZ_CHECK(!strcmp(before, after));
        return;
    }
    const fan_step *s = &steps[arg % n];
    int twins = 0;
    for (size_t i = 0; i < n; i++)
        twins += steps[i].from == s->from && steps[i].to == s->to;
    int kind = s->kind;
    if (twins > 1) {
        /* approach and withdrawal both fit: the caller must choose */
        FUZZ_CHECK_EQ(fan_position_play_step(p, s->from, s->to, FAN_STEP_ANY),
                      FAN_EAMBIGUOUS);
        to_string(after, p);
        FUZZ_CHECK(!strcmp(before, after));
    } else if (arg & 0x80) {
        kind = FAN_STEP_ANY;
    }
    int stm = fan_position_side_to_move(p);
    int own = count(p, stm), opp = count(p, 3 - stm);
    int turns = turns_played(m);
    FUZZ_CHECK_EQ(fan_position_play_step(p, s->from, s->to, kind), FAN_OK);
    /* the mover's pieces are those of the side that was to move */
    FUZZ_CHECK_EQ(count(p, stm), own);
    FUZZ_CHECK_EQ(count(p, 3 - stm), opp - fuzz_popcount(s->captures));
    if (turns_played(m) != turns) {
        FUZZ_CHECK_EQ(turns_played(m), turns + 1);
        FUZZ_CHECK_EQ(fan_position_in_chain(p), 0);
        turn_done(m);
    } else {
        FUZZ_CHECK_EQ(fan_position_in_chain(p), 1);
        FUZZ_CHECK_EQ(fan_position_side_to_move(p), stm);
        int active = -1;
        FUZZ_CHECK_EQ(fan_position_active_piece(&active, p), FAN_OK);
        FUZZ_CHECK_EQ(active, s->to);
        m->nr = 0;
    }
}

static void op_end_turn(model *m)
{
    fan_position *p = m->pos;
    char before[SMAX], after[SMAX];
    to_string(before, p);
    int can = fan_position_can_end_turn(p);
    int r = fan_position_end_turn(p);
    if (can == 1) {
        FUZZ_CHECK_EQ(r, FAN_OK);
        turn_done(m);
        return;
    }
    FUZZ_CHECK_EQ(can, 0);
    FUZZ_CHECK_EQ(r, fan_position_result(p) != FAN_ONGOING ? FAN_EGAMEOVER
                                                            : FAN_ESTATE);
    to_string(after, p);
    FUZZ_CHECK(!strcmp(before, after));
}

static void op_undo(model *m)
{
    fan_position *p = m->pos;
    char after[SMAX];
    if (fan_position_in_chain(p)) {
        FUZZ_CHECK_EQ(fan_position_undo(p), FAN_OK);
        to_string(after, p);
        FUZZ_CHECK(!strcmp(after, m->hist[m->nh]));
        return;
    }
    if (m->nh == 0) {
        FUZZ_CHECK_EQ(fan_position_undo(p), FAN_ENOHISTORY);
        to_string(after, p);
        FUZZ_CHECK(!strcmp(after, m->hist[0]));
        return;
    }
    FUZZ_CHECK_EQ(fan_position_undo(p), FAN_OK);
    to_string(after, p);
    FUZZ_CHECK(!strcmp(after, m->hist[m->nh - 1]));
    memcpy(m->redo[m->nr++], m->hist[m->nh], SMAX);
    m->nh--;
}

static void op_redo(model *m)
{
    fan_position *p = m->pos;
    char before[SMAX], after[SMAX];
    to_string(before, p);
    int r = fan_position_redo(p);
    if (m->nr == 0 || fan_position_in_chain(p)) {
        FUZZ_CHECK_EQ(r, m->nr == 0 ? FAN_ENOHISTORY : FAN_ESTATE);
        to_string(after, p);
        FUZZ_CHECK(!strcmp(before, after));
        return;
    }
    /* the position a turn was played from was not over then, and the
     * history before it is the same again */
    FUZZ_CHECK_EQ(r, FAN_OK);
    to_string(after, p);
    FUZZ_CHECK(!strcmp(after, m->redo[m->nr - 1]));
    m->nh++;
    memcpy(m->hist[m->nh], m->redo[--m->nr], SMAX);
}

static int cmp_turns(const void *a, const void *b)
{
    fan_turn x = *(const fan_turn *)a, y = *(const fan_turn *)b;
    return (x > y) - (x < y);
}

/* Plays the path's steps after the chain so far one at a time, ending the
 * turn if the path stops where the chain could go on. */
static void play_steps(fan_position *p, const fan_path *path, int done)
{
    int turns = fan_position_turns_played(p);
    for (int i = done; i < path->length; i++) {
        int from = i ? path->to[i - 1] : path->from;
        FUZZ_CHECK_EQ(fan_position_turns_played(p), turns);
        FUZZ_CHECK_EQ(fan_position_play_step(p, from, path->to[i],
                                             path->kind[i]),
                      FAN_OK);
    }
    if (fan_position_turns_played(p) == turns)
        FUZZ_CHECK_EQ(fan_position_end_turn(p), FAN_OK);
    FUZZ_CHECK_EQ(fan_position_turns_played(p), turns + 1);
}

/* The whole-turn check: a path chosen by the input, played whole (by path
 * and by effect) and step by step on clones, must give one position; the
 * turn list holds exactly the effects of the path list. Optionally plays
 * the turn on the main handle. */
static void op_whole_turn(model *m, bytes *in)
{
    fan_position *p = m->pos;
    unsigned arg;
    if (!next_byte(in, &arg) || fan_position_result(p) != FAN_ONGOING)
        return;
    size_t np = 0, nt = 0;
    fan_position_paths(NULL, 0, &np, p);
    fan_position_turns(NULL, 0, &nt, p);
    if (np == 0 || np > 100000)
        return;
    fan_path *paths = malloc(np * sizeof *paths);
    fan_turn *turns = malloc(nt * sizeof *turns);
    FUZZ_CHECK(paths && turns);
    size_t n2;
    FUZZ_CHECK_EQ(fan_position_paths(paths, np, &n2, p), FAN_OK);
    FUZZ_CHECK_EQ(n2, np);
    FUZZ_CHECK_EQ(fan_position_turns(turns, nt, &n2, p), FAN_OK);
    FUZZ_CHECK_EQ(n2, nt);

    fan_path chain;
    FUZZ_CHECK_EQ(fan_position_chain_path(&chain, p), FAN_OK);
    int done = chain.length;

    /* the lists agree with perft, whose generator is separate */
    uint64_t unique = 0, all = 0;
    FUZZ_CHECK_EQ(fan_perft(&unique, p, 1, FAN_COUNT_UNIQUE), FAN_OK);
    FUZZ_CHECK_EQ(fan_perft(&all, p, 1, FAN_COUNT_PATHS), FAN_OK);
    FUZZ_CHECK_EQ(nt, unique);
    FUZZ_CHECK_EQ(np, all);
    FUZZ_CHECK(nt > 0 && nt <= np);

    /* the turns are distinct; every path's effect is one of them */
    fan_turn *sorted = malloc(nt * sizeof *sorted);
    FUZZ_CHECK(sorted);
    memcpy(sorted, turns, nt * sizeof *sorted);
    qsort(sorted, nt, sizeof *sorted, cmp_turns);
    for (size_t k = 1; k < nt; k++)
        FUZZ_CHECK(sorted[k - 1] != sorted[k]);
    for (size_t i = 0; i < np; i++) {
        fan_turn t;
        FUZZ_CHECK_EQ(fan_path_turn(&t, &paths[i]), FAN_OK);
        FUZZ_CHECK(bsearch(&t, sorted, nt, sizeof *sorted, cmp_turns));
        FUZZ_CHECK(paths[i].length >= done && paths[i].length > 0);
        FUZZ_CHECK(!done || paths[i].from == chain.from);
        FUZZ_CHECK(!memcmp(paths[i].to, chain.to, (size_t)done));
        FUZZ_CHECK(!memcmp(paths[i].kind, chain.kind, (size_t)done));
    }
    free(sorted);
    /* the canonical path of a listed turn has that effect */
    fan_path canon;
    fan_turn t;
    FUZZ_CHECK_EQ(fan_position_turn_path(&canon, p, turns[arg % nt]), FAN_OK);
    FUZZ_CHECK_EQ(fan_path_turn(&t, &canon), FAN_OK);
    FUZZ_CHECK_EQ(t, turns[arg % nt]);

    const fan_path *path = &paths[arg % np];
    fan_turn turn;
    FUZZ_CHECK_EQ(fan_path_turn(&turn, path), FAN_OK);
    fan_position *by_path = NULL, *by_turn = NULL, *by_steps = NULL;
    FUZZ_CHECK_EQ(fan_position_clone(&by_path, p), FAN_OK);
    FUZZ_CHECK_EQ(fan_position_clone(&by_turn, p), FAN_OK);
    FUZZ_CHECK_EQ(fan_position_clone(&by_steps, p), FAN_OK);
    FUZZ_CHECK_EQ(fan_position_play_path(by_path, path), FAN_OK);
    FUZZ_CHECK_EQ(fan_position_play_turn(by_turn, turn), FAN_OK);
    play_steps(by_steps, path, done);
    char s1[SMAX], s2[SMAX], s3[SMAX];
    to_string(s1, by_path);
    to_string(s2, by_turn);
    to_string(s3, by_steps);
    FUZZ_CHECK(!strcmp(s1, s2));
    FUZZ_CHECK(!strcmp(s1, s3));
    FUZZ_CHECK_EQ(fan_position_result(by_path), fan_position_result(by_steps));
    FUZZ_CHECK_EQ(fan_position_result(by_turn), fan_position_result(by_steps));
    fan_path last;
    int len = fan_position_history_length(by_path);
    FUZZ_CHECK_EQ(fan_position_history_path(&last, by_path, len - 1), FAN_OK);
    FUZZ_CHECK(!memcmp(&last, path, sizeof last));
    FUZZ_CHECK_EQ(fan_position_history_path(&last, by_steps, len - 1), FAN_OK);
    FUZZ_CHECK(!memcmp(&last, path, sizeof last));

    if (arg & 0x80) {
        /* keep the game going with the turn played whole */
        fan_position_free(m->pos);
        m->pos = (arg & 0x40) ? by_path : by_turn;
        if (arg & 0x40)
            by_path = NULL;
        else
            by_turn = NULL;
        turn_done(m);
    }
    fan_position_free(by_path);
    fan_position_free(by_turn);
    fan_position_free(by_steps);
    free(paths);
    free(turns);
}

/* A clone is indistinguishable from the original, history included: the
 * game goes on in the clone. */
static void op_clone(model *m)
{
    fan_position *c = NULL;
    FUZZ_CHECK_EQ(fan_position_clone(&c, m->pos), FAN_OK);
    FUZZ_CHECK_EQ(fan_position_equal(c, m->pos), 1);
    FUZZ_CHECK_EQ(fan_position_result(c), fan_position_result(m->pos));
    FUZZ_CHECK_EQ(fan_position_result_reason(c),
                  fan_position_result_reason(m->pos));
    FUZZ_CHECK_EQ(fan_position_history_length(c),
                  fan_position_history_length(m->pos));
    for (int i = 0; i < m->nh; i++) {
        fan_path a, b;
        FUZZ_CHECK_EQ(fan_position_history_path(&a, c, i), FAN_OK);
        FUZZ_CHECK_EQ(fan_position_history_path(&b, m->pos, i), FAN_OK);
        FUZZ_CHECK(!memcmp(&a, &b, sizeof a));
    }
    fan_position_free(m->pos);
    m->pos = c;
}

/* Buffers of every size up to the string's: FAN_EBUFS and a prefix; the
 * SVG picture of the position. */
static void op_serialize(model *m, bytes *in)
{
    char full[SMAX], buf[SMAX];
    unsigned arg;
    if (!next_byte(in, &arg))
        return;
    to_string(full, m->pos);
    size_t needed = strlen(full) + 1, size = arg % needed, got = 0;
    memset(buf, 'x', sizeof buf);
    FUZZ_CHECK_EQ(fan_position_to_string(size ? buf : NULL, size, &got,
                                         m->pos),
                  FAN_EBUFS);
    FUZZ_CHECK_EQ(got, needed);
    if (size) {
        FUZZ_CHECK_EQ(buf[size - 1], '\0');
        FUZZ_CHECK(!memcmp(buf, full, size - 1));
    }
    FUZZ_CHECK_EQ(buf[size], 'x');

    /* the picture, with the last turn played and some points marked */
    static char svg[FAN_SVG_MAX];
    fan_path last;
    const fan_path *path = NULL;
    if (m->nh > 0 &&
        fan_position_history_path(&last, m->pos, m->nh - 1) == FAN_OK)
        path = &last;
    uint64_t highlight = ((uint64_t)arg * 0x9E3779B97F4A7C15ull) &
                         FAN_BOARD_MASK;
    FUZZ_CHECK_EQ(fan_position_svg(svg, sizeof svg, &got, m->pos, highlight,
                                   path, arg & 1 ? FAN_SVG_COORDINATES : 0),
                  FAN_OK);
    FUZZ_CHECK(got <= FAN_SVG_MAX && got == strlen(svg) + 1);
    FUZZ_CHECK_EQ(fan_position_svg(svg, sizeof svg, NULL, m->pos,
                                   highlight | ((uint64_t)1 << 45), path, 0),
                  FAN_ERANGE);
}

static fan_position *initial(bytes *in, int *rules)
{
    unsigned flags = 0, v;
    fan_position *p = NULL;
    next_byte(in, &flags);
    *rules = (flags & 1) ? FAN_RULES_MUST : FAN_RULES_STOP;
    if (flags & 2) {
        uint64_t w = 0, b = 0;
        for (int i = 0; i < 6 && next_byte(in, &v); i++)
            w |= (uint64_t)v << (8 * i);
        for (int i = 0; i < 6 && next_byte(in, &v); i++)
            b |= (uint64_t)v << (8 * i);
        w &= FAN_BOARD_MASK;
        b &= FAN_BOARD_MASK & ~w;
        while (fuzz_popcount(w) > FAN_MAX_PIECES)
            w &= w - 1;
        while (fuzz_popcount(b) > FAN_MAX_PIECES)
            b &= b - 1;
        int stm = (flags & 4) ? FAN_BLACK : FAN_WHITE;
        int r = fan_position_new_custom(&p, w, b, stm, *rules);
        FUZZ_CHECK(r == FAN_OK || r == FAN_EPOSITION);
        if (r == FAN_OK)
            return p;
    }
    FUZZ_CHECK_EQ(fan_position_new(&p, *rules), FAN_OK);
    return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* static: large blocks cost the sanitizers a mapping per input */
    static char hist[MAX_TURNS + 1][SMAX], redo[MAX_TURNS + 1][SMAX];
    bytes in = {data, size};
    model m;
    memset(&m, 0, sizeof m);
    m.hist = hist;
    m.redo = redo;
    m.pos = initial(&in, &m.rules);
    to_string(m.hist[0], m.pos);
    m.white = FAN_MAX_PIECES;
    m.black = FAN_MAX_PIECES;
    check_state(&m, 1);

    unsigned op;
    while (next_byte(&in, &op)) {
        int undo = 0;
        switch (op % 16) {
        case 0: case 1: case 2: case 3: case 4: case 5: case 6:
            op_step(&m, &in);
            break;
        case 7: case 8:
            op_end_turn(&m);
            break;
        case 9: case 10:
            op_undo(&m);
            undo = 1;
            break;
        case 11:
            op_redo(&m);
            break;
        case 12: case 13:
            op_whole_turn(&m, &in);
            break;
        case 14:
            op_clone(&m);
            break;
        default:
            op_serialize(&m, &in);
            break;
        }
        check_state(&m, undo);
    }
    fan_position_free(m.pos);
    return 0;
}
