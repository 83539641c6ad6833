/* SPDX-License-Identifier: MIT */
/* Fuzzes the move-notation readers against positions reached by play.
 * Input: byte 0 = flags (bit 0 must-continue), byte 1 = number of random
 * steps to play from the start (which may stop in the middle of a chain),
 * byte 2 = their seed, then the text. Whatever the text, each reader
 * returns a documented code with a sane error record; a step or turn it
 * accepts is one the position lists, can be played, and reads back from
 * its written form to itself. The writers are also checked on every legal
 * step and on some legal turns of the position. */
#include "fuzz.h"

#include <string.h>

static int allowed(int r)
{
    return r == FAN_OK || r == FAN_EPARSE || r == FAN_EILLEGAL ||
           r == FAN_EAMBIGUOUS || r == FAN_EGAMEOVER;
}

static void check_error(int r, const fan_parse_error *err, size_t len)
{
    if (r == FAN_OK) {
        FUZZ_CHECK_EQ(err->offset, 0);
        FUZZ_CHECK_EQ(err->message[0], '\0');
        return;
    }
    FUZZ_CHECK(err->offset <= len);
    FUZZ_CHECK_EQ(err->reserved, 0);
    FUZZ_CHECK(memchr(err->message, '\0', sizeof err->message));
    FUZZ_CHECK(err->message[0] != '\0');
}

static unsigned next_rnd(uint64_t *s, unsigned n)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)((*s >> 33) % n);
}

/* A step written and read back is the same step. */
static void step_round_trip(const fan_position *p, const fan_step *s)
{
    char buf[FAN_STEP_STRING_MAX];
    size_t needed = 0;
    FUZZ_CHECK_EQ(fan_step_to_string(buf, sizeof buf, &needed, s), FAN_OK);
    FUZZ_CHECK_EQ(needed, strlen(buf) + 1);
    fan_step back;
    fan_parse_error err;
    FUZZ_CHECK_EQ(fan_position_parse_step(&back, p, buf, &err), FAN_OK);
    FUZZ_CHECK(!memcmp(&back, s, sizeof back));
}

/* A path written and read back is the same path. */
static void path_round_trip(const fan_position *p, const fan_path *path)
{
    char buf[FAN_PATH_STRING_MAX];
    size_t needed = 0;
    FUZZ_CHECK_EQ(fan_path_to_string(buf, sizeof buf, &needed, path), FAN_OK);
    FUZZ_CHECK_EQ(needed, strlen(buf) + 1);
    fan_path back;
    fan_parse_error err;
    int r = fan_position_parse_path(&back, p, buf, &err);
    if (r != FAN_OK)
        fprintf(stderr, "written path \"%s\" refused: %s\n", buf, err.message);
    FUZZ_CHECK_EQ(r, FAN_OK);
    FUZZ_CHECK(!memcmp(&back, path, sizeof back));
}

static void check_writers(const fan_position *p, unsigned pick)
{
    fan_step steps[FAN_STEPS_MAX];
    size_t n = 0;
    FUZZ_CHECK_EQ(fan_position_steps(steps, FAN_STEPS_MAX, &n, p), FAN_OK);
    for (size_t i = 0; i < n; i++)
        step_round_trip(p, &steps[i]);

    size_t np = 0;
    int r = fan_position_paths(NULL, 0, &np, p);
    FUZZ_CHECK(r == FAN_OK || r == FAN_EBUFS);
    if (np == 0 || np > 20000)
        return;
    fan_path *paths = malloc(np * sizeof *paths);
    FUZZ_CHECK(paths);
    FUZZ_CHECK_EQ(fan_position_paths(paths, np, &np, p), FAN_OK);
    /* a few paths: the first, the last and one the input picks */
    size_t which[3] = {0, np - 1, pick % np};
    for (int k = 0; k < 3; k++) {
        const fan_path *path = &paths[which[k]];
        path_round_trip(p, path);
        /* a turn is written as its canonical path, which reads back to a
         * path with the same effect */
        fan_turn t, t2;
        FUZZ_CHECK_EQ(fan_path_turn(&t, path), FAN_OK);
        char buf[FAN_PATH_STRING_MAX];
        FUZZ_CHECK_EQ(fan_turn_to_string(buf, sizeof buf, NULL, p, t), FAN_OK);
        fan_path back;
        FUZZ_CHECK_EQ(fan_position_parse_path(&back, p, buf, NULL), FAN_OK);
        FUZZ_CHECK_EQ(fan_path_turn(&t2, &back), FAN_OK);
        FUZZ_CHECK_EQ(t, t2);
    }
    free(paths);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3 || size > 4096)
        return 0;
    int rules = (data[0] & 1) ? FAN_RULES_MUST : FAN_RULES_STOP;
    uint64_t seed = data[2] + 1;
    fan_position *p = NULL;
    FUZZ_CHECK_EQ(fan_position_new(&p, rules), FAN_OK);
    for (unsigned k = 0; k < data[1]; k++) {
        fan_step steps[FAN_STEPS_MAX];
        size_t n = 0;
        FUZZ_CHECK_EQ(fan_position_steps(steps, FAN_STEPS_MAX, &n, p), FAN_OK);
        if (n == 0)
            break;
        const fan_step *s = &steps[next_rnd(&seed, (unsigned)n)];
        FUZZ_CHECK_EQ(fan_position_play_step(p, s->from, s->to, s->kind),
                      FAN_OK);
        if (fan_position_can_end_turn(p) == 1 && next_rnd(&seed, 2))
            FUZZ_CHECK_EQ(fan_position_end_turn(p), FAN_OK);
    }

    size_t len = size - 3;
    char *text = malloc(len + 1);
    FUZZ_CHECK(text);
    memcpy(text, data + 3, len);
    text[len] = '\0';
    len = strlen(text);

    char before[FAN_POSITION_STRING_MAX], after[FAN_POSITION_STRING_MAX];
    FUZZ_CHECK_EQ(fan_position_to_string(before, sizeof before, NULL, p),
                  FAN_OK);

    fan_parse_error err;
    fan_step step;
    memset(&err, 0x5A, sizeof err);
    int r = fan_position_parse_step(&step, p, text, &err);
    FUZZ_CHECK(allowed(r));
    check_error(r, &err, len);
    if (r == FAN_OK) {
        fan_step steps[FAN_STEPS_MAX];
        size_t n = 0, i;
        FUZZ_CHECK_EQ(fan_position_steps(steps, FAN_STEPS_MAX, &n, p), FAN_OK);
        for (i = 0; i < n && memcmp(&steps[i], &step, sizeof step); i++)
            ;
        FUZZ_CHECK(i < n);
        fan_position *c = NULL;
        FUZZ_CHECK_EQ(fan_position_clone(&c, p), FAN_OK);
        FUZZ_CHECK_EQ(fan_position_play_step(c, step.from, step.to, step.kind),
                      FAN_OK);
        fan_position_free(c);
    }
    if (fan_position_result(p) != FAN_ONGOING)
        FUZZ_CHECK(r != FAN_OK);

    fan_path path;
    memset(&err, 0x5A, sizeof err);
    r = fan_position_parse_path(&path, p, text, &err);
    FUZZ_CHECK(allowed(r));
    check_error(r, &err, len);
    if (r == FAN_OK) {
        size_t np = 0;
        FUZZ_CHECK_EQ(fan_position_paths(NULL, 0, &np, p), FAN_EBUFS);
        fan_path *paths = malloc(np * sizeof *paths);
        FUZZ_CHECK(paths);
        FUZZ_CHECK_EQ(fan_position_paths(paths, np, &np, p), FAN_OK);
        size_t i;
        for (i = 0; i < np && memcmp(&paths[i], &path, sizeof path); i++)
            ;
        FUZZ_CHECK(i < np);
        free(paths);
        fan_position *c = NULL;
        FUZZ_CHECK_EQ(fan_position_clone(&c, p), FAN_OK);
        FUZZ_CHECK_EQ(fan_position_play_path(c, &path), FAN_OK);
        fan_position_free(c);
        path_round_trip(p, &path);
    }
    if (fan_position_result(p) != FAN_ONGOING)
        FUZZ_CHECK(r != FAN_OK);

    /* the readers never change the position */
    FUZZ_CHECK_EQ(fan_position_to_string(after, sizeof after, NULL, p),
                  FAN_OK);
    FUZZ_CHECK(!strcmp(before, after));

    check_writers(p, data[0] >> 1);
    free(text);
    fan_position_free(p);
    return 0;
}
