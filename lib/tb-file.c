/* SPDX-License-Identifier: MIT */
/* Table files: a 128-byte little-endian header (magic, format version,
 * ruleset, material, counts, checksum) and one byte per position. Written
 * under a temporary name and renamed, so a file under its final name is
 * always complete; read through a read-only memory map. */
#define _POSIX_C_SOURCE 200809L
#include "tb.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* header offsets */
enum {
    H_MAGIC = 0,
    H_VERSION = 8,
    H_RULES = 12,
    H_OWN = 16,
    H_OPP = 20,
    H_ENTRIES = 24,
    H_WINS = 32,
    H_DRAWS = 40,
    H_LOSSES = 48,
    H_LONGEST_WIN = 56,
    H_LONGEST_LOSS = 60,
    H_EXAMPLE_WHITE = 64,
    H_EXAMPLE_BLACK = 72,
    H_STORED = 80,
    H_CHECKSUM = 120
};

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t) (v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t) (v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

/* FNV-1a over little-endian 64-bit words (a tail byte by byte): eight
 * times faster than bytewise FNV and the same on every machine. */
#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

static uint64_t checksum(uint64_t h, const uint8_t *p, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        w = __builtin_bswap64(w);
#endif
        h = (h ^ w) * FNV_PRIME;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * FNV_PRIME;
    return h;
}

static const char *rules_name(int rules)
{
    return rules == FAN_RULES_MUST ? "must" : "stop";
}

int tb_file_name(char *buf, size_t size, const char *dir, int rules, int own,
                 int opp)
{
    int n = snprintf(buf, size, "%s/fanorona-%s-%dv%d.tb", dir,
                     rules_name(rules), own, opp);
    return n < 0 || (size_t) n >= size ? FAN_ERANGE : FAN_OK;
}

static void encode_header(uint8_t *h, const fan_tb_info *info, uint64_t stored)
{
    memset(h, 0, TB_HEADER_SIZE);
    memcpy(h + H_MAGIC, TB_MAGIC, 8);
    put32(h + H_VERSION, TB_FORMAT_VERSION);
    put32(h + H_RULES, (uint32_t) info->rules);
    put32(h + H_OWN, info->own_pieces);
    put32(h + H_OPP, info->other_pieces);
    put64(h + H_ENTRIES, info->positions);
    put64(h + H_WINS, info->wins);
    put64(h + H_DRAWS, info->draws);
    put64(h + H_LOSSES, info->losses);
    put32(h + H_LONGEST_WIN, info->longest_win);
    put32(h + H_LONGEST_LOSS, info->longest_loss);
    put64(h + H_EXAMPLE_WHITE, info->example_white);
    put64(h + H_EXAMPLE_BLACK, info->example_black);
    put64(h + H_STORED, stored);
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n > (1u << 30) ? (1u << 30) : n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return FAN_EIO;
        p += w;
        n -= (size_t) w;
    }
    return FAN_OK;
}

/* The entries the stored index keeps: for each representative set of the
 * side to move, its whole block of the full table. */
static uint8_t *reduce(fan_tb *tb, const fan_tb_info *info,
                       const uint8_t *values, uint64_t *stored)
{
    int a = (int) info->own_pieces, b = (int) info->other_pieces;
    if (tb_reps_build(tb, a) != FAN_OK)
        return NULL;
    uint64_t per = tb->binom.c[BOARD_SQUARES - a][b];
    *stored = tb_stored(tb, a, b);
    uint8_t *out = malloc((size_t) *stored);
    if (!out)
        return NULL;
    for (uint64_t i = 0; i < tb->nreps[a]; i++)
        memcpy(out + i * per,
               values + tb_index(&tb->binom, tb->reps[a][i], 0) * per,
               (size_t) per);
    return out;
}

int tb_write(fan_tb *tb, const char *dir, const fan_tb_info *info,
             const uint8_t *values)
{
    char name[4096], tmp[4200];
    if (tb_file_name(name, sizeof name, dir, info->rules,
                     (int) info->own_pieces,
                     (int) info->other_pieces) != FAN_OK)
        return FAN_ERANGE;
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", name, (long) getpid());
    uint64_t stored = 0;
    uint8_t *payload = reduce(tb, info, values, &stored);
    if (!payload)
        return FAN_ENOMEM;
    uint8_t h[TB_HEADER_SIZE];
    encode_header(h, info, stored);
    uint64_t sum = checksum(FNV_OFFSET, h, H_CHECKSUM);
    sum = checksum(sum, payload, (size_t) stored);
    put64(h + H_CHECKSUM, sum);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        free(payload);
        return FAN_EIO;
    }
    int rc = write_all(fd, h, TB_HEADER_SIZE);
    if (rc == FAN_OK)
        rc = write_all(fd, payload, (size_t) stored);
    free(payload);
    if (rc == FAN_OK && fsync(fd) != 0)
        rc = FAN_EIO;
    if (close(fd) != 0)
        rc = FAN_EIO;
    if (rc == FAN_OK && rename(tmp, name) != 0)
        rc = FAN_EIO;
    if (rc != FAN_OK)
        unlink(tmp);
    return rc;
}

/* Checks a mapped file against what its name promises. */
static int check_file(const uint8_t *m, size_t size, const fan_tb *tb,
                      int rules, int own, int opp, fan_tb_info *info)
{
    if (size < TB_HEADER_SIZE || memcmp(m, TB_MAGIC, 8) != 0 ||
        get32(m + H_VERSION) != TB_FORMAT_VERSION ||
        get32(m + H_RULES) != (uint32_t) rules ||
        get32(m + H_OWN) != (uint32_t) own ||
        get32(m + H_OPP) != (uint32_t) opp)
        return FAN_EFORMAT;
    uint64_t entries = tb_entries(&tb->binom, own, opp);
    uint64_t stored = tb_stored(tb, own, opp);
    if (get64(m + H_ENTRIES) != entries || get64(m + H_STORED) != stored ||
        size - TB_HEADER_SIZE != stored)
        return FAN_EFORMAT;
    uint64_t sum = checksum(FNV_OFFSET, m, H_CHECKSUM);
    sum = checksum(sum, m + TB_HEADER_SIZE, (size_t) stored);
    if (sum != get64(m + H_CHECKSUM))
        return FAN_EFORMAT;
    fan_tb_info_init(info);
    info->rules = rules;
    info->own_pieces = (uint32_t) own;
    info->other_pieces = (uint32_t) opp;
    info->positions = entries;
    info->wins = get64(m + H_WINS);
    info->draws = get64(m + H_DRAWS);
    info->losses = get64(m + H_LOSSES);
    info->longest_win = get32(m + H_LONGEST_WIN);
    info->longest_loss = get32(m + H_LONGEST_LOSS);
    info->example_white = get64(m + H_EXAMPLE_WHITE);
    info->example_black = get64(m + H_EXAMPLE_BLACK);
    return FAN_OK;
}

int tb_load(fan_tb *tb, const char *dir, int rules, int own, int opp)
{
    char name[4096];
    if (tb_file_name(name, sizeof name, dir, rules, own, opp) != FAN_OK)
        return FAN_ERANGE;
    int fd = open(name, O_RDONLY);
    if (fd < 0)
        return errno == ENOENT ? FAN_ENOTABLE : FAN_EIO;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return FAN_EIO;
    }
    size_t size = (size_t) st.st_size;
    if (size < TB_HEADER_SIZE) {
        close(fd);
        return FAN_EFORMAT;
    }
    void *map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return FAN_EIO;
    tb_table *t = &tb->list[tb->count];
    int rc = tb_reps_build(tb, own);
    if (rc == FAN_OK)
        rc = check_file(map, size, tb, rules, own, opp, &t->info);
    if (rc != FAN_OK) {
        munmap(map, size);
        return rc;
    }
    t->stored = tb_stored(tb, own, opp);
    t->map = map;
    t->map_size = size;
    t->values = (const uint8_t *) map + TB_HEADER_SIZE;
    tb->table[rules][own][opp] = t;
    tb->count++;
    return FAN_OK;
}

void tb_unload_all(fan_tb *tb)
{
    for (int i = 0; i < tb->count; i++)
        munmap(tb->list[i].map, tb->list[i].map_size);
    tb->count = 0;
    memset(tb->table, 0, sizeof tb->table);
}

FAN_API int fan_tb_open(fan_tb **out, const char *dir)
{
    if (!out || !dir)
        return FAN_EINVAL;
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return FAN_EIO;
    fan_tb *tb = calloc(1, sizeof *tb);
    if (!tb)
        return FAN_ENOMEM;
    tb_binom_init(&tb->binom);
    for (int rules = 0; rules < 2; rules++)
        for (int total = 2; total <= TB_MAXP; total++)
            for (int own = 1; own < total; own++) {
                int rc = tb_load(tb, dir, rules, own, total - own);
                if (rc != FAN_OK && rc != FAN_ENOTABLE) {
                    fan_tb_close(tb);
                    return rc;
                }
            }
    if (tb->count == 0) {
        free(tb);
        return FAN_ENOTABLE;
    }
    *out = tb;
    return FAN_OK;
}

FAN_API void fan_tb_close(fan_tb *tb)
{
    if (!tb)
        return;
    tb_unload_all(tb);
    tb_reps_free(tb);
    free(tb);
}

FAN_API int fan_tb_info_init(fan_tb_info *out)
{
    if (!out)
        return FAN_EINVAL;
    memset(out, 0, sizeof *out);
    out->version = FAN_TB_INFO_VERSION;
    return FAN_OK;
}

FAN_API int fan_tb_count(const fan_tb *tb)
{
    return tb ? tb->count : FAN_EINVAL;
}

FAN_API int fan_tb_info_get(fan_tb_info *out, const fan_tb *tb, int index)
{
    if (!out || !tb || out->version == 0 || out->version > FAN_TB_INFO_VERSION)
        return FAN_EINVAL;
    if (index < 0 || index >= tb->count)
        return FAN_ERANGE;
    *out = tb->list[index].info;
    return FAN_OK;
}
