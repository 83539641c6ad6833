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
    H_CHECKSUM = TB_HEADER_CHECKSUM
};

void tb_put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t) (v >> (8 * i));
}

void tb_put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t) (v >> (8 * i));
}

uint32_t tb_get32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

uint64_t tb_get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

/* FNV-1a over little-endian 64-bit words (a tail byte by byte): eight
 * times faster than bytewise FNV and the same on every machine. */
#define FNV_PRIME 0x100000001b3ull

uint64_t tb_checksum(uint64_t h, const uint8_t *p, size_t n)
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

int tb_path_name(char *buf, size_t size, const char *dir, int rules, int own,
                 int opp, const char *ext)
{
    int n = snprintf(buf, size, "%s/fanorona-%s-%dv%d.%s", dir,
                     rules_name(rules), own, opp, ext);
    return n < 0 || (size_t) n >= size ? FAN_ERANGE : FAN_OK;
}

int tb_file_name(char *buf, size_t size, const char *dir, int rules, int own,
                 int opp)
{
    return tb_path_name(buf, size, dir, rules, own, opp, "tb");
}

static void encode_header(uint8_t *h, const fan_tb_info *info, uint64_t stored)
{
    memset(h, 0, TB_HEADER_SIZE);
    memcpy(h + H_MAGIC, TB_MAGIC, 8);
    tb_put32(h + H_VERSION, TB_FORMAT_VERSION);
    tb_put32(h + H_RULES, (uint32_t) info->rules);
    tb_put32(h + H_OWN, info->own_pieces);
    tb_put32(h + H_OPP, info->other_pieces);
    tb_put64(h + H_ENTRIES, info->positions);
    tb_put64(h + H_WINS, info->wins);
    tb_put64(h + H_DRAWS, info->draws);
    tb_put64(h + H_LOSSES, info->losses);
    tb_put32(h + H_LONGEST_WIN, info->longest_win);
    tb_put32(h + H_LONGEST_LOSS, info->longest_loss);
    tb_put64(h + H_EXAMPLE_WHITE, info->example_white);
    tb_put64(h + H_EXAMPLE_BLACK, info->example_black);
    tb_put64(h + H_STORED, stored);
}

/* Reads (out 0) or writes all n bytes, in pieces of at most 1 GiB. */
static int io_all(int fd, uint8_t *p, size_t n, int out)
{
    while (n) {
        size_t k = n > (1u << 30) ? (1u << 30) : n;
        ssize_t r = out ? write(fd, p, k) : read(fd, p, k);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return FAN_EIO;
        p += r;
        n -= (size_t) r;
    }
    return FAN_OK;
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
    return io_all(fd, (uint8_t *) p, n, 1);
}

int tb_read_all(int fd, uint8_t *p, size_t n)
{
    return io_all(fd, p, n, 0);
}

int tb_out_open(tb_out *o, const char *name, const char *suffix,
                const uint8_t *header)
{
    int n = snprintf(o->name, sizeof o->name, "%s", name);
    int m = snprintf(o->tmp, sizeof o->tmp, "%s%s", name, suffix);
    if (n < 0 || (size_t) n >= sizeof o->name || m < 0 ||
        (size_t) m >= sizeof o->tmp)
        return FAN_ERANGE;
    o->fd = open(o->tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (o->fd < 0)
        return FAN_EIO;
    o->sum = tb_checksum(TB_FNV_OFFSET, header, TB_HEADER_CHECKSUM);
    int rc = write_all(o->fd, header, TB_HEADER_SIZE);
    if (rc != FAN_OK)
        tb_out_abort(o);
    return rc;
}

int tb_out_write(tb_out *o, const uint8_t *p, size_t n)
{
    o->sum = tb_checksum(o->sum, p, n);
    int rc = write_all(o->fd, p, n);
    if (rc != FAN_OK)
        tb_out_abort(o);
    return rc;
}

void tb_out_abort(tb_out *o)
{
    close(o->fd);
    unlink(o->tmp);
}

int tb_out_commit(tb_out *o)
{
    uint8_t sum[8];
    tb_put64(sum, o->sum);
    int rc = pwrite(o->fd, sum, 8, TB_HEADER_CHECKSUM) == 8 ? FAN_OK : FAN_EIO;
    if (rc == FAN_OK && fsync(o->fd) != 0)
        rc = FAN_EIO;
    if (close(o->fd) != 0)
        rc = FAN_EIO;
    if (rc == FAN_OK && rename(o->tmp, o->name) != 0)
        rc = FAN_EIO;
    if (rc != FAN_OK)
        unlink(o->tmp);
    return rc;
}

int tb_write(const fan_tb *tb, const char *dir, const fan_tb_info *info,
             const uint8_t *values)
{
    char name[4096], suffix[32];
    if (tb_file_name(name, sizeof name, dir, info->rules,
                     (int) info->own_pieces,
                     (int) info->other_pieces) != FAN_OK)
        return FAN_ERANGE;
    snprintf(suffix, sizeof suffix, ".tmp%ld", (long) getpid());
    uint64_t stored = tb_stored(tb, (int) info->own_pieces,
                                (int) info->other_pieces);
    uint8_t h[TB_HEADER_SIZE];
    encode_header(h, info, stored);
    tb_out out;
    int rc = tb_out_open(&out, name, suffix, h);
    if (rc == FAN_OK)
        rc = tb_out_write(&out, values, (size_t) stored);
    return rc == FAN_OK ? tb_out_commit(&out) : rc;
}

/* The summary of a file whose checksum is right: its counts add up to
 * the positions, its distances have the parity and range of the entries
 * (odd wins of at most 253 turns, even losses of at most 254), the reserved
 * bytes are zero, and the example is a position of the material whose
 * entry is a win at the longest distance (none without wins). */
static int check_summary(const uint8_t *m, const fan_tb *tb, int own, int opp,
                         uint64_t entries)
{
    uint64_t wins = tb_get64(m + H_WINS), draws = tb_get64(m + H_DRAWS);
    uint64_t losses = tb_get64(m + H_LOSSES);
    uint32_t lw = tb_get32(m + H_LONGEST_WIN);
    uint32_t ll = tb_get32(m + H_LONGEST_LOSS);
    uint64_t w = tb_get64(m + H_EXAMPLE_WHITE);
    uint64_t b = tb_get64(m + H_EXAMPLE_BLACK);
    for (int i = H_STORED + 8; i < H_CHECKSUM; i++)
        if (m[i])
            return FAN_EFORMAT;
    if (wins > entries || draws > entries || losses > entries ||
        wins + draws + losses != entries || ll > TB_MAX_ENTRY - 1 || ll & 1 ||
        (!losses && ll))
        return FAN_EFORMAT;
    if (!wins)
        return lw || w || b ? FAN_EFORMAT : FAN_OK;
    if (lw > TB_MAX_ENTRY - 2 || !(lw & 1) || (w & b) ||
        ((w | b) & ~BOARD_MASK) || board_popcount(w) != own ||
        board_popcount(b) != opp)
        return FAN_EFORMAT;
    uint64_t i = tb_stored_index(tb, w, b);
    return m[TB_HEADER_SIZE + i] == lw + 1 ? FAN_OK : FAN_EFORMAT;
}

/* Checks a mapped file against what its name promises. */
static int check_file(const uint8_t *m, size_t size, const fan_tb *tb,
                      int rules, int own, int opp, fan_tb_info *info)
{
    if (size < TB_HEADER_SIZE || memcmp(m, TB_MAGIC, 8) != 0 ||
        tb_get32(m + H_VERSION) != TB_FORMAT_VERSION ||
        tb_get32(m + H_RULES) != (uint32_t) rules ||
        tb_get32(m + H_OWN) != (uint32_t) own ||
        tb_get32(m + H_OPP) != (uint32_t) opp)
        return FAN_EFORMAT;
    uint64_t entries = tb_entries(&tb->binom, own, opp);
    uint64_t stored = tb_stored(tb, own, opp);
    if (tb_get64(m + H_ENTRIES) != entries ||
        tb_get64(m + H_STORED) != stored || size - TB_HEADER_SIZE != stored)
        return FAN_EFORMAT;
    uint64_t sum = tb_checksum(TB_FNV_OFFSET, m, H_CHECKSUM);
    sum = tb_checksum(sum, m + TB_HEADER_SIZE, (size_t) stored);
    if (sum != tb_get64(m + H_CHECKSUM) ||
        check_summary(m, tb, own, opp, entries) != FAN_OK)
        return FAN_EFORMAT;
    fan_tb_info_init(info);
    info->rules = rules;
    info->own_pieces = (uint32_t) own;
    info->other_pieces = (uint32_t) opp;
    info->positions = entries;
    info->wins = tb_get64(m + H_WINS);
    info->draws = tb_get64(m + H_DRAWS);
    info->losses = tb_get64(m + H_LOSSES);
    info->longest_win = tb_get32(m + H_LONGEST_WIN);
    info->longest_loss = tb_get32(m + H_LONGEST_LOSS);
    info->example_white = tb_get64(m + H_EXAMPLE_WHITE);
    info->example_black = tb_get64(m + H_EXAMPLE_BLACK);
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
