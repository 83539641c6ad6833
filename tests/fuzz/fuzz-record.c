/* SPDX-License-Identifier: MIT */
/* Fuzzes the game-record reader: any text is refused with a documented code
 * and a sane error record (and no handle), or replayed into a game whose
 * written record reads back to the same game (board, chain, result,
 * history) and the same text. Short writes follow the buffer contract. */
#include "fuzz.h"

#include <string.h>

static void same_game(const fan_position *a, const fan_position *b)
{
    FUZZ_CHECK_EQ(fan_position_equal(a, b), 1);
    FUZZ_CHECK_EQ(fan_position_result(a), fan_position_result(b));
    FUZZ_CHECK_EQ(fan_position_result_reason(a), fan_position_result_reason(b));
    int n = fan_position_history_length(a);
    FUZZ_CHECK_EQ(fan_position_history_length(b), n);
    for (int i = 0; i < n; i++) {
        fan_path x, y;
        FUZZ_CHECK_EQ(fan_position_history_path(&x, a, i), FAN_OK);
        FUZZ_CHECK_EQ(fan_position_history_path(&y, b, i), FAN_OK);
        FUZZ_CHECK(!memcmp(&x, &y, sizeof x));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    char *text = malloc(size + 1);
    FUZZ_CHECK(text);
    memcpy(text, data, size);
    text[size] = '\0';
    size_t len = strlen(text);

    fan_parse_error err;
    memset(&err, 0x5A, sizeof err);
    fan_position *sentinel = (fan_position *)&err, *p = sentinel;
    int r = fan_record_read(&p, text, &err);
    FUZZ_CHECK(r == FAN_OK || r == FAN_EPARSE || r == FAN_EILLEGAL ||
               r == FAN_EAMBIGUOUS || r == FAN_EGAMEOVER);
    if (r != FAN_OK) {
        FUZZ_CHECK(p == sentinel); /* no handle */
        FUZZ_CHECK(err.offset <= len);
        FUZZ_CHECK_EQ(err.reserved, 0);
        FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
        FUZZ_CHECK(err.message[0] != '\0');
        fan_position *q = NULL;
        FUZZ_CHECK_EQ(fan_record_read(&q, text, NULL), r);
        FUZZ_CHECK(q == NULL);
        free(text);
        return 0;
    }
    FUZZ_CHECK_EQ(err.offset, 0);
    FUZZ_CHECK_EQ(err.message[0], '\0');

    char *out = malloc(FAN_RECORD_STRING_MAX);
    FUZZ_CHECK(out);
    size_t needed = 0;
    FUZZ_CHECK_EQ(fan_record_write(out, FAN_RECORD_STRING_MAX, &needed, p),
                  FAN_OK);
    FUZZ_CHECK_EQ(needed, strlen(out) + 1);

    fan_position *q = NULL;
    r = fan_record_read(&q, out, &err);
    if (r != FAN_OK)
        fprintf(stderr, "written record refused: %s at %u\n%s\n", err.message,
                (unsigned)err.offset, out);
    FUZZ_CHECK_EQ(r, FAN_OK);
    same_game(p, q);
    char *again = malloc(FAN_RECORD_STRING_MAX);
    FUZZ_CHECK(again);
    FUZZ_CHECK_EQ(fan_record_write(again, FAN_RECORD_STRING_MAX, NULL, q),
                  FAN_OK);
    FUZZ_CHECK(!strcmp(out, again));

    /* a short buffer: FAN_EBUFS, the same size needed, a prefix */
    size_t short_size = needed / 2;
    memset(again, 'x', needed);
    size_t got = 0;
    FUZZ_CHECK_EQ(fan_record_write(short_size ? again : NULL, short_size, &got,
                                   p),
                  FAN_EBUFS);
    FUZZ_CHECK_EQ(got, needed);
    if (short_size) {
        FUZZ_CHECK_EQ(again[short_size - 1], '\0');
        FUZZ_CHECK(!memcmp(again, out, short_size - 1));
    }
    FUZZ_CHECK_EQ(again[short_size], 'x');

    /* the whole game can be taken back to its start */
    if (fan_position_in_chain(q))
        FUZZ_CHECK_EQ(fan_position_undo(q), FAN_OK);
    int n = fan_position_history_length(q);
    for (int i = 0; i < n; i++)
        FUZZ_CHECK_EQ(fan_position_undo(q), FAN_OK);
    FUZZ_CHECK_EQ(fan_position_undo(q), FAN_ENOHISTORY);

    free(again);
    free(out);
    fan_position_free(q);
    fan_position_free(p);
    free(text);
    return 0;
}
