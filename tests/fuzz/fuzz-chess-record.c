/* SPDX-License-Identifier: MIT */
/* Fuzzes the Fanorona Chess record reader: any text is refused with a
 * documented code, a sane error record and no handle, or replayed into a
 * game that writes back to a record which reads to the same game (every
 * move, the position and the result) and the same text, and that undoes
 * move by move back to its start. */
#include "fuzz.h"

#include <fanorona-chess.h>
#include <string.h>

static char *write_record(const fan_chess *g)
{
    size_t needed = 0;
    FUZZ_CHECK_EQ(fan_chess_record_write(NULL, 0, &needed, g), FAN_EBUFS);
    char *buf = malloc(needed);
    if (buf)
        FUZZ_CHECK_EQ(fan_chess_record_write(buf, needed, NULL, g), FAN_OK);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    size_t len = strlen(text);
    fan_chess *g = (fan_chess *)text;
    fan_parse_error err;
    memset(&err, 0x5A, sizeof err);
    int r = fan_chess_record_read(&g, text, &err);
    FUZZ_CHECK(r == FAN_OK || r == FAN_EPARSE || r == FAN_EILLEGAL ||
               r == FAN_EAMBIGUOUS || r == FAN_EGAMEOVER || r == FAN_ENOMEM);
    if (r != FAN_OK) {
        FUZZ_CHECK(g == (fan_chess *)text);
        if (r != FAN_ENOMEM) {
            FUZZ_CHECK(err.offset <= len);
            FUZZ_CHECK_EQ(err.reserved, 0);
            FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
            FUZZ_CHECK(err.message[0] != '\0');
        }
        free(text);
        return 0;
    }
    char *rec = write_record(g);
    fan_chess *h = NULL;
    if (rec && fan_chess_record_read(&h, rec, NULL) == FAN_OK) {
        FUZZ_CHECK_EQ(fan_chess_equal(g, h), 1);
        FUZZ_CHECK_EQ(fan_chess_result(g), fan_chess_result(h));
        FUZZ_CHECK_EQ(fan_chess_result_reason(g), fan_chess_result_reason(h));
        int n = fan_chess_history_length(g);
        FUZZ_CHECK_EQ(fan_chess_history_length(h), n);
        for (int i = 0; i < n; i++) {
            fan_chess_move a = 0, b = 1;
            FUZZ_CHECK_EQ(fan_chess_history_move(&a, g, i), FAN_OK);
            FUZZ_CHECK_EQ(fan_chess_history_move(&b, h, i), FAN_OK);
            FUZZ_CHECK_EQ(a, b);
        }
        char *again = write_record(h);
        FUZZ_CHECK(again && !strcmp(rec, again));
        free(again);
        for (int i = 0; i < n; i++)
            FUZZ_CHECK_EQ(fan_chess_undo(h), FAN_OK);
        FUZZ_CHECK_EQ(fan_chess_undo(h), FAN_ENOHISTORY);
    } else {
        FUZZ_CHECK(rec == NULL); /* only a lack of memory may stop it */
    }
    fan_chess_free(h);
    free(rec);
    fan_chess_free(g);
    free(text);
    return 0;
}
