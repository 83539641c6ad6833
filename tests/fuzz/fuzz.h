/* SPDX-License-Identifier: MIT */
/* Shared by the fuzz harnesses: the libFuzzer entry point and a check that
 * aborts, so that libFuzzer (or the replay runner) reports the input. */
#ifndef FAN_FUZZ_H
#define FAN_FUZZ_H

#include <fanorona.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond)                                                       \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__,         \
                    __LINE__, #cond);                                          \
            abort();                                                           \
        }                                                                      \
    } while (0)

/* Same, and says which codes were seen. */
#define FUZZ_CHECK_EQ(a, b)                                                    \
    do {                                                                       \
        long long a_ = (long long)(a), b_ = (long long)(b);                    \
        if (a_ != b_) {                                                        \
            fprintf(stderr, "%s:%d: invariant broken: %s == %s (%lld != %lld)\n",\
                    __FILE__, __LINE__, #a, #b, a_, b_);                       \
            abort();                                                           \
        }                                                                      \
    } while (0)

/* The input as a NUL-terminated string (the readers stop at the first
 * NUL), or NULL when out of memory; free() it. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = (char *)malloc(size + 1);
    if (text) {
        for (size_t i = 0; i < size; i++)
            text[i] = (char)data[i];
        text[size] = '\0';
    }
    return text;
}

static inline int fuzz_popcount(uint64_t m)
{
    return __builtin_popcountll(m);
}

#endif
