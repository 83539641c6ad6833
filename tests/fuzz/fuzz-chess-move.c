/* SPDX-License-Identifier: MIT */
/* Fuzzes the Fanorona Chess move reader against positions reached by play.
 * Input: byte 0 = number of random plies from the start, byte 1 = their
 * seed, then the text. Whatever the text, the reader returns a documented
 * code with a sane error record; a move it accepts is a legal move of the
 * position, which plays, and whose written form reads back to itself. */
#include "fuzz.h"

#include <fanorona-chess.h>
#include <string.h>

static unsigned next_rnd(uint64_t *s, unsigned n)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)((*s >> 33) % n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 512)
        return 0;
    fan_chess *g = NULL;
    if (fan_chess_new(&g) != FAN_OK)
        return 0;
    uint64_t seed = data[1] + 1u;
    for (unsigned i = 0; i < data[0]; i++) {
        fan_chess_move m[FAN_CHESS_MOVES_MAX];
        size_t n = 0;
        if (fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g) != FAN_OK || n == 0)
            break;
        FUZZ_CHECK_EQ(fan_chess_play(g, m[next_rnd(&seed, (unsigned)n)]), FAN_OK);
    }
    char *text = fuzz_text(data + 2, size - 2);
    if (!text) {
        fan_chess_free(g);
        return 0;
    }
    size_t len = strlen(text);

    fan_chess_move mv = 0xFFFFFFFFu;
    fan_parse_error err;
    memset(&err, 0x5A, sizeof err);
    int r = fan_chess_parse_move(&mv, g, text, &err);
    FUZZ_CHECK(r == FAN_OK || r == FAN_EPARSE || r == FAN_EILLEGAL ||
               r == FAN_EAMBIGUOUS || r == FAN_EGAMEOVER);
    if (r == FAN_OK) {
        FUZZ_CHECK_EQ(err.offset, 0);
        FUZZ_CHECK_EQ(err.message[0], '\0');
        fan_chess_move m[FAN_CHESS_MOVES_MAX];
        size_t n = 0, k = 0;
        FUZZ_CHECK_EQ(fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g), FAN_OK);
        while (k < n && m[k] != mv)
            k++;
        FUZZ_CHECK(k < n);
        char t[FAN_CHESS_MOVE_STRING_MAX];
        fan_chess_move back = 0;
        FUZZ_CHECK_EQ(fan_chess_move_to_string(t, sizeof t, NULL, g, mv), FAN_OK);
        FUZZ_CHECK_EQ(fan_chess_parse_move(&back, g, t, NULL), FAN_OK);
        FUZZ_CHECK_EQ(back, mv);
        FUZZ_CHECK_EQ(fan_chess_play(g, mv), FAN_OK);
    } else {
        FUZZ_CHECK_EQ(mv, 0xFFFFFFFFu);
        FUZZ_CHECK(err.offset <= len);
        FUZZ_CHECK_EQ(err.reserved, 0);
        FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
        FUZZ_CHECK(err.message[0] != '\0');
    }
    free(text);
    fan_chess_free(g);
    return 0;
}
