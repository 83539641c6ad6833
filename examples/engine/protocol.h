/* SPDX-License-Identifier: MIT */
/* The engine protocol of fanorona-engine (doc/search.md): one engine
 * state and the commands that change it, apart from the program's main
 * loop so that a fuzz harness can feed it lines too. */
#ifndef FAN_ENGINE_PROTOCOL_H
#define FAN_ENGINE_PROTOCOL_H

#include <stdint.h>
#include <stdio.h>

typedef struct engine engine;

/* A new engine at the start position that answers on out. NULL when
 * memory runs out. */
engine *engine_new(FILE *out);
/* Stops a running search, waits for it and frees everything. */
void engine_free(engine *e);

/* Caps every search at depth turns (plies in Fanorona Chess) and nodes
 * positions, whatever "go" asks, ignores its clocks, and holds Threads to
 * 2 and Hash to 4 MiB (0: no cap): for fuzzing, where a command must not
 * run for long. */
void engine_set_cap(engine *e, uint32_t depth, uint64_t nodes);

/* The Fanorona position the engine is on (owned by the engine; kept, not
 * used, while the variant is Fanorona Chess). */
const struct fan_position *engine_position(const engine *e);
/* The Fanorona Chess position while the variant is fanorona-chess, else
 * NULL (owned by the engine). */
const struct fan_chess *engine_chess_position(const engine *e);

/* Handles one command line (changed in place; no newline). Returns 1 for
 * "quit", 0 otherwise. */
int engine_command(engine *e, char *line);

#endif
