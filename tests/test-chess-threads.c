/* SPDX-License-Identifier: MIT */
/* Fanorona Chess handles on several threads at once: each thread plays
 * its own seeded random game and counts perft along it; the counts and
 * the final position strings must be those of the same work done on one
 * thread (the library keeps no global state). Also the ThreadSanitizer
 * check of the chess code (-Db_sanitize=thread). */
#include <fanorona-chess.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define THREADS 4

typedef struct work {
    uint64_t seed, total;
    char final[FAN_CHESS_STRING_MAX];
    int status;
} work;

static void *run(void *arg)
{
    work *w = arg;
    fan_chess *g = NULL;
    uint64_t s = w->seed;
    w->total = 0;
    if (fan_chess_new(&g) != FAN_OK) {
        w->status = 1;
        return NULL;
    }
    for (int ply = 0; ply < 60 && fan_chess_result(g) == FAN_ONGOING; ply++) {
        fan_chess_move m[FAN_CHESS_MOVES_MAX];
        size_t n = 0;
        uint64_t nodes = 0;
        if (fan_chess_perft(&nodes, g, 3) != FAN_OK ||
            fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g) != FAN_OK || n == 0) {
            w->status = 1;
            break;
        }
        w->total += nodes;
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        if (fan_chess_play(g, m[(s >> 33) % n]) != FAN_OK) {
            w->status = 1;
            break;
        }
    }
    fan_chess_to_string(w->final, sizeof w->final, NULL, g);
    fan_chess_free(g);
    return NULL;
}

int main(void)
{
    work alone[THREADS], together[THREADS];
    pthread_t t[THREADS];
    memset(alone, 0, sizeof alone);
    memset(together, 0, sizeof together);
    for (int i = 0; i < THREADS; i++) {
        alone[i].seed = together[i].seed = 1000 + (uint64_t)i;
        run(&alone[i]);
    }
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, run, &together[i]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    int errors = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        if (alone[i].status || together[i].status ||
            alone[i].total != together[i].total ||
            strcmp(alone[i].final, together[i].final)) {
            fprintf(stderr, "thread %d: %llu / %llu, %s / %s\n", i,
                    (unsigned long long)alone[i].total,
                    (unsigned long long)together[i].total, alone[i].final,
                    together[i].final);
            errors++;
        }
    }
    printf("%d threads, %d disagreements\n", THREADS, errors);
    return errors != 0;
}
