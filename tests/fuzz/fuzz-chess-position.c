/* SPDX-License-Identifier: MIT */
/* Fuzzes the Fanorona Chess position-string reader: any text is refused
 * with FAN_EPARSE or FAN_EPOSITION and a sane error record, or read into a
 * position whose string reads back to the same string and an equal
 * position, where the side not to move is not in check, and whose every
 * legal move is written and read back to itself. */
#include "fuzz.h"

#include <fanorona-chess.h>
#include <string.h>

static void check_position(const fan_chess *g)
{
    char s1[FAN_CHESS_STRING_MAX], s2[FAN_CHESS_STRING_MAX];
    size_t needed = 0;
    FUZZ_CHECK_EQ(fan_chess_to_string(s1, sizeof s1, &needed, g), FAN_OK);
    FUZZ_CHECK_EQ(needed, strlen(s1) + 1);
    fan_chess *h = NULL;
    FUZZ_CHECK_EQ(fan_chess_from_string(&h, s1, NULL), FAN_OK);
    FUZZ_CHECK_EQ(fan_chess_to_string(s2, sizeof s2, NULL, h), FAN_OK);
    FUZZ_CHECK(!strcmp(s1, s2));
    FUZZ_CHECK_EQ(fan_chess_equal(g, h), 1);
    FUZZ_CHECK_EQ(fan_chess_result(g), fan_chess_result(h));
    fan_chess_free(h);

    uint64_t w = 0, b = 0;
    FUZZ_CHECK_EQ(fan_chess_pieces(&w, g, FAN_WHITE, FAN_CHESS_KING), FAN_OK);
    FUZZ_CHECK_EQ(fan_chess_pieces(&b, g, FAN_BLACK, FAN_CHESS_KING), FAN_OK);
    FUZZ_CHECK(fuzz_popcount(w) == 1 && fuzz_popcount(b) == 1);

    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    size_t n = 0;
    FUZZ_CHECK_EQ(fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g), FAN_OK);
    FUZZ_CHECK(n <= FAN_CHESS_MOVES_MAX);
    FUZZ_CHECK((n == 0) == (fan_chess_result(g) != FAN_ONGOING) ||
               fan_chess_result(g) == FAN_DRAW);
    for (size_t i = 0; i < n; i++) {
        char t[FAN_CHESS_MOVE_STRING_MAX];
        fan_chess_move back = 0;
        FUZZ_CHECK_EQ(fan_chess_move_to_string(t, sizeof t, NULL, g, m[i]),
                      FAN_OK);
        FUZZ_CHECK_EQ(fan_chess_parse_move(&back, g, t, NULL), FAN_OK);
        FUZZ_CHECK_EQ(back, m[i]);
        /* the mover's king is never left capturable: the opponent, to move
         * after it, is never facing a king it could take */
        fan_chess *c = NULL;
        FUZZ_CHECK_EQ(fan_chess_clone(&c, g), FAN_OK);
        FUZZ_CHECK_EQ(fan_chess_play(c, m[i]), FAN_OK);
        char after[FAN_CHESS_STRING_MAX];
        FUZZ_CHECK_EQ(fan_chess_to_string(after, sizeof after, NULL, c), FAN_OK);
        fan_chess *d = NULL;
        FUZZ_CHECK_EQ(fan_chess_from_string(&d, after, NULL), FAN_OK);
        fan_chess_free(d);
        fan_chess_free(c);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    size_t len = strlen(text);

    fan_chess *g = NULL;
    fan_parse_error err;
    memset(&err, 0x5A, sizeof err);
    int r = fan_chess_from_string(&g, text, &err);
    FUZZ_CHECK(r == FAN_OK || r == FAN_EPARSE || r == FAN_EPOSITION);
    if (r == FAN_OK) {
        FUZZ_CHECK_EQ(err.offset, 0);
        FUZZ_CHECK_EQ(err.message[0], '\0');
        check_position(g);
    } else {
        FUZZ_CHECK(g == NULL);
        FUZZ_CHECK(err.offset <= len);
        FUZZ_CHECK_EQ(err.reserved, 0);
        FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
        FUZZ_CHECK(err.message[0] != '\0');
    }
    fan_chess *q = NULL;
    FUZZ_CHECK_EQ(fan_chess_from_string(&q, text, NULL), r);
    fan_chess_free(q);
    fan_chess_free(g);
    free(text);
    return 0;
}
