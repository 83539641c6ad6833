/* SPDX-License-Identifier: MIT */
/* Allocation failure in the endgame tables: fan_tb_open() and
 * fan_tb_generate() run again and again with their n-th allocation failing
 * (once only that one, once every one from the n-th on), n = 1, 2, ...
 * until a run needs fewer than n. Each run returns FAN_ENOMEM and leaves
 * *out as it was and no file that looks complete but is not, or does what
 * it does without failures. Linked with the shim of alloc/failalloc.c; not
 * a Check suite, as Check allocates in its own code. */
#define _POSIX_C_SOURCE 200809L
#include "alloc/failalloc.h"

#include <dirent.h>
#include <fanorona.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static long errors, runs;

#define EXPECT(cond, ...)                                                      \
    do {                                                                       \
        if (!(cond)) {                                                         \
            errors++;                                                          \
            fprintf(stderr, "%s:%d: %s: ", __FILE__, __LINE__, #cond);         \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
        }                                                                      \
    } while (0)

static void empty_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        char f[512];
        if (e->d_name[0] == '.')
            continue;
        snprintf(f, sizeof f, "%s/%s", dir, e->d_name);
        unlink(f);
    }
    closedir(d);
}

static void open_fails_cleanly(const char *dir)
{
    for (int keep = 0; keep < 2; keep++) {
        long n;
        for (n = 1; n < 10000; n++) {
            fan_tb *sentinel = (fan_tb *) &n, *out = sentinel;
            failalloc_arm(n, keep);
            int r = fan_tb_open(&out, dir);
            failalloc_disarm();
            long hit = failalloc_failures();
            runs++;
            if (hit && r == FAN_ENOMEM) {
                EXPECT(out == sentinel, "n=%ld: *out set on failure", n);
            } else {
                EXPECT(r == FAN_OK, "n=%ld: %s", n, fan_strerror(r));
                if (r == FAN_OK) {
                    EXPECT(fan_tb_count(out) == 3, "n=%ld", n);
                    fan_tb_close(out);
                }
            }
            if (!hit)
                break;
        }
    }
}

static void generate_fails_cleanly(const char *dir)
{
    for (int keep = 0; keep < 2; keep++) {
        long n;
        for (n = 1; n < 10000; n++) {
            empty_dir(dir);
            failalloc_arm(n, keep);
            int r = fan_tb_generate(dir, FAN_RULES_MUST, 3, NULL);
            failalloc_disarm();
            long hit = failalloc_failures();
            runs++;
            EXPECT(r == FAN_OK || (hit && r == FAN_ENOMEM), "n=%ld: %s", n,
                   fan_strerror(r));
            /* what is there opens: complete files only */
            fan_tb *tb = NULL;
            int o = fan_tb_open(&tb, dir);
            EXPECT(o == FAN_OK || (r != FAN_OK && o == FAN_ENOTABLE),
                   "n=%ld: open after generate: %s", n, fan_strerror(o));
            if (o == FAN_OK)
                EXPECT(r != FAN_OK || fan_tb_count(tb) == 3, "n=%ld", n);
            fan_tb_close(tb);
            if (!hit)
                break;
        }
    }
}

int main(void)
{
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/fan-tb-alloc-%ld", (long) getpid());
    if (mkdir(dir, 0700) != 0)
        return 1;
    /* Does the shim see the library's allocations at all? */
    failalloc_arm(1000000, 0);
    int r = fan_tb_generate(dir, FAN_RULES_MUST, 3, NULL);
    failalloc_disarm();
    if (r != FAN_OK || failalloc_calls() == 0) {
        empty_dir(dir);
        rmdir(dir);
        printf("SKIP: the library's allocations do not reach the shim\n");
        return 77;
    }
    open_fails_cleanly(dir);
    generate_fails_cleanly(dir);
    empty_dir(dir);
    rmdir(dir);
    printf("%ld runs, %ld errors\n", runs, errors);
    return errors ? 1 : 0;
}
