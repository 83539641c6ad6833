/* SPDX-License-Identifier: MIT */
/* Fuzzes fanorona-engine's command reader (examples/engine/protocol.c):
 * any lines, fed one by one, are answered without a crash, and after each
 * the engine is on a position whose string reads back to an equal
 * position (and, after "setoption name Variant value fanorona-chess", on
 * a chess position that reads back too); every line it writes is one of
 * the protocol's answers. Its searches are capped (2 turns or plies deep,
 * 300 nodes, 2 threads, 4 MiB). */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"
#include "protocol.h"

#include <fanorona-chess.h>

#include <string.h>

const char cli_program_name[] = "fuzz-engine";

static void check_position(const engine *e)
{
    const fan_position *p = engine_position(e);
    char text[FAN_POSITION_STRING_MAX];
    FUZZ_CHECK_EQ(fan_position_to_string(text, sizeof text, NULL, p), FAN_OK);
    fan_position *q = NULL;
    FUZZ_CHECK_EQ(fan_position_from_string(&q, text, FAN_RULES_STOP, NULL),
                  FAN_OK);
    FUZZ_CHECK_EQ(fan_position_equal(p, q), 1);
    fan_position_free(q);
    /* and the Fanorona Chess one while that is the variant */
    const fan_chess *g = engine_chess_position(e);
    if (!g)
        return;
    char ctext[FAN_CHESS_STRING_MAX];
    FUZZ_CHECK_EQ(fan_chess_to_string(ctext, sizeof ctext, NULL, g), FAN_OK);
    fan_chess *h = NULL;
    FUZZ_CHECK_EQ(fan_chess_from_string(&h, ctext, NULL), FAN_OK);
    FUZZ_CHECK_EQ(fan_chess_equal(g, h), 1);
    fan_chess_free(h);
}

static void check_output(char *out)
{
    static const char *const answers[] = {"id ", "option ", "uciok",
                                          "readyok", "info ", "bestmove "};
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        int known = 0;
        for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++)
            known |= !strncmp(line, answers[i], strlen(answers[i]));
        if (!known)
            fprintf(stderr, "unexpected answer: %s\n", line);
        FUZZ_CHECK(known);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16384)
        return 0;
    char *out = NULL;
    size_t out_size = 0;
    FILE *answers = open_memstream(&out, &out_size);
    FUZZ_CHECK(answers);
    engine *e = engine_new(answers);
    FUZZ_CHECK(e);
    engine_set_cap(e, 2, 300);
    char *text = malloc(size + 1);
    FUZZ_CHECK(text);
    memcpy(text, data, size);
    text[size] = '\0';
    int quit = 0;
    for (char *line = text; line && !quit;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        quit = engine_command(e, line);
        check_position(e);
        line = next;
    }
    engine_free(e);
    fclose(answers);
    check_output(out);
    free(out);
    free(text);
    return 0;
}
