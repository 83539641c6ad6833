/* SPDX-License-Identifier: MIT */
/* Fuzzes the position-string reader: any text is either refused with
 * FAN_EPARSE and a sane error (offset inside the text, a message), or read
 * into a position whose string reads back to an equal position and the same
 * string. Truncated writes must follow the buffer contract. */
#include "fuzz.h"

#include <string.h>

/* to_string into buffers too small: FAN_EBUFS, the same needed size and a
 * NUL-terminated prefix of the full string. */
static void check_short_writes(const fan_position *p, const char *full,
                               size_t needed)
{
    char buf[FAN_POSITION_STRING_MAX];
    size_t sizes[] = {0, 1, 2, needed / 2, needed - 1};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t size = sizes[i], got = 0;
        if (size >= needed)
            continue;
        memset(buf, 'x', sizeof buf);
        FUZZ_CHECK_EQ(fan_position_to_string(size ? buf : NULL, size, &got, p),
                      FAN_EBUFS);
        FUZZ_CHECK_EQ(got, needed);
        if (size) {
            FUZZ_CHECK_EQ(buf[size - 1], '\0');
            FUZZ_CHECK(!memcmp(buf, full, size - 1));
        }
        FUZZ_CHECK_EQ(buf[size], 'x'); /* nothing written past size */
    }
}

static void check_round_trip(const fan_position *p)
{
    char s1[FAN_POSITION_STRING_MAX], s2[FAN_POSITION_STRING_MAX];
    size_t needed = 0;
    FUZZ_CHECK_EQ(fan_position_to_string(s1, sizeof s1, &needed, p), FAN_OK);
    FUZZ_CHECK_EQ(needed, strlen(s1) + 1);
    check_short_writes(p, s1, needed);

    fan_position *q = NULL;
    fan_parse_error err;
    /* the full form names its ruleset: the default must not matter */
    int other = fan_position_rules(p) == FAN_RULES_STOP ? FAN_RULES_MUST
                                                         : FAN_RULES_STOP;
    int r = fan_position_from_string(&q, s1, other, &err);
    if (r != FAN_OK)
        fprintf(stderr, "written string refused: \"%s\": %s at %u\n", s1,
                err.message, (unsigned)err.offset);
    FUZZ_CHECK_EQ(r, FAN_OK);
    FUZZ_CHECK_EQ(fan_position_to_string(s2, sizeof s2, NULL, q), FAN_OK);
    FUZZ_CHECK(!strcmp(s1, s2));
    FUZZ_CHECK_EQ(fan_position_equal(p, q), 1);
    FUZZ_CHECK_EQ(fan_position_result(p), fan_position_result(q));
    FUZZ_CHECK_EQ(fan_position_result_reason(p), fan_position_result_reason(q));
    uint64_t h1, h2;
    FUZZ_CHECK_EQ(fan_position_hash(&h1, p), FAN_OK);
    FUZZ_CHECK_EQ(fan_position_hash(&h2, q), FAN_OK);
    FUZZ_CHECK_EQ(h1, h2);
    fan_position_free(q);
}

/* What a read position must satisfy whatever the text was. */
static void check_position(const fan_position *p)
{
    uint64_t w, b;
    FUZZ_CHECK_EQ(fan_position_pieces(&w, p, FAN_WHITE), FAN_OK);
    FUZZ_CHECK_EQ(fan_position_pieces(&b, p, FAN_BLACK), FAN_OK);
    FUZZ_CHECK(!(w & b) && !((w | b) & ~FAN_BOARD_MASK));
    FUZZ_CHECK(fuzz_popcount(w) <= FAN_MAX_PIECES);
    FUZZ_CHECK(fuzz_popcount(b) <= FAN_MAX_PIECES);
    int stm = fan_position_side_to_move(p);
    FUZZ_CHECK(stm == FAN_WHITE || stm == FAN_BLACK);
    FUZZ_CHECK((stm == FAN_WHITE ? b : w) != 0); /* the side that moved */
    int turns = fan_position_turns_played(p);
    FUZZ_CHECK(turns >= 0 && turns <= FAN_TURN_LIMIT);
    FUZZ_CHECK_EQ(fan_position_history_length(p), 0);
    if (fan_position_in_chain(p)) {
        FUZZ_CHECK_EQ(fan_position_result(p), FAN_ONGOING);
        size_t n = 0;
        FUZZ_CHECK_EQ(fan_position_steps(NULL, 0, &n, p),
                      n ? FAN_EBUFS : FAN_OK);
        FUZZ_CHECK(n > 0); /* a chain left open can go on */
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    size_t len = strlen(text); /* the reader stops at the first NUL */

    fan_position *p[2] = {NULL, NULL};
    int r[2];
    for (int k = 0; k < 2; k++) {
        fan_parse_error err;
        memset(&err, 0x5A, sizeof err);
        r[k] = fan_position_from_string(&p[k], text, k ? FAN_RULES_MUST
                                                       : FAN_RULES_STOP, &err);
        FUZZ_CHECK(r[k] == FAN_OK || r[k] == FAN_EPARSE);
        if (r[k] == FAN_EPARSE) {
            FUZZ_CHECK(err.offset <= len);
            FUZZ_CHECK_EQ(err.reserved, 0);
            FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
            FUZZ_CHECK(err.message[0] != '\0');
        } else {
            FUZZ_CHECK_EQ(err.offset, 0);
            FUZZ_CHECK_EQ(err.message[0], '\0');
        }
    }
    /* the default ruleset only fills in the short form's missing field */
    FUZZ_CHECK_EQ(r[0], r[1]);
    if (r[0] == FAN_OK) {
        for (int k = 0; k < 2; k++) {
            check_position(p[k]);
            check_round_trip(p[k]);
        }
        int same = fan_position_rules(p[0]) == fan_position_rules(p[1]);
        FUZZ_CHECK_EQ(fan_position_equal(p[0], p[1]), same);
    }
    /* without an error record the verdict is the same */
    fan_position *q = NULL;
    FUZZ_CHECK_EQ(fan_position_from_string(&q, text, FAN_RULES_STOP, NULL),
                  r[0]);
    fan_position_free(q);
    fan_position_free(p[0]);
    fan_position_free(p[1]);
    free(text);
    return 0;
}
