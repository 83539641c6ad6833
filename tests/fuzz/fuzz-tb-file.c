/* SPDX-License-Identifier: MIT */
/* Feeds table files to fan_tb_open(): the input becomes one or more files
 * of a fresh temporary directory (made and removed for each input; the
 * harness keeps no state between inputs). The tables are checksummed, so
 * most mutations would die at the checksum: the first byte can tell the
 * harness to patch the checksum and the size fields first, which lets the
 * fuzzer reach the rest of the header checks and the entries.
 *
 * Input: byte 0 = flags
 *   bit 0  recompute the checksum (offset 120) of every file
 *   bit 1  set the positions field (offset 24) to C(45, A) * C(45 - A, B)
 *          of the header's material, and the stored field (offset 80) to
 *          the number of bytes after the header
 *   bit 2  several files: the rest is records of a 2-byte little-endian
 *          length and that many bytes (at most 8 files); else one file
 *   bit 3  name each file with A and B swapped (a file under another
 *          material's name)
 *   bits 4-7  seed of the positions probed
 * A file is named after the ruleset and material its header states when
 * they are those of a table (ruleset 0 or 1, A, B >= 1, A + B <= 8), else
 * fanorona-stop-1v1.tb.
 *
 * Checks: fan_tb_open() returns FAN_OK or FAN_EFORMAT (FAN_ENOMEM) and
 * leaves *out alone on refusal; it refuses a file shorter than the header,
 * of another magic or version, or with non-zero reserved bytes; an open handle lists tables that are
 * among the files written, with the positions count of their material and
 * a self-consistent summary (wins + draws + losses = positions, distances
 * of the right parity and within the format, the example a win of the
 * longest distance). Positions of every open table are probed: values
 * and distances in range, a win at an odd distance, a loss at an even
 * one; fan_tb_best_turns() returns legal, distinct turns, exactly those
 * that keep the value by the probes of their successors, in rank order
 * (quick wins, draws, long resistance), and FAN_EBUFS with the same count
 * for a short buffer. Refused calls (NULL, a material not open, a bad
 * index) return their documented code and leave the outputs unchanged.
 * The 2-piece tables are verified: FAN_OK with at most as many bad
 * entries as positions, or FAN_ENOTABLE for a missing successor table. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#define MAX_FILES 8
#define MAXP FAN_TB_MAX_PIECES
#define HEADER 128
#define SQUARES 45
#define NPROBE 12

typedef struct file_in {
    const uint8_t *p;
    size_t n;
} file_in;

static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* The format's FNV-1a over little-endian words (doc/tablebases.md). */
static uint64_t fnv_words(uint64_t h, const uint8_t *p, size_t n)
{
    const uint64_t prime = 0x100000001b3ull;
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        h = (h ^ get64(p + i)) * prime;
    for (; i < n; i++)
        h = (h ^ p[i]) * prime;
    return h;
}

static uint64_t binom(int n, int k)
{
    uint64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

static uint64_t positions_of(int a, int b)
{
    return binom(SQUARES, a) * binom(SQUARES - a, b);
}

static bool is_material(uint32_t rules, uint32_t a, uint32_t b)
{
    return rules <= 1 && a >= 1 && b >= 1 && a < MAXP && b < MAXP &&
           a + b <= MAXP;
}

/* Writes one file into dir; its name into name. */
static void write_file(char *name, size_t size, const char *dir,
                       const file_in *in, unsigned flags)
{
    uint8_t *buf = malloc(in->n ? in->n : 1);
    FUZZ_CHECK(buf);
    memcpy(buf, in->p, in->n);
    uint32_t rules = 0, a = 1, b = 1;
    if (in->n >= HEADER) {
        uint32_t r = get32(buf + 12), x = get32(buf + 16), y = get32(buf + 20);
        if (is_material(r, x, y)) {
            rules = r;
            a = x;
            b = y;
            if (flags & 2)
                put64(buf + 24, positions_of((int)a, (int)b));
        }
        if (flags & 2)
            put64(buf + 80, in->n - HEADER);
        if (flags & 1) {
            uint64_t h = fnv_words(0xcbf29ce484222325ull, buf, 120);
            put64(buf + 120, fnv_words(h, buf + HEADER, in->n - HEADER));
        }
    }
    if (flags & 8) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    int len = snprintf(name, size, "%s/fanorona-%s-%uv%u.tb", dir,
                       rules ? "must" : "stop", a, b);
    FUZZ_CHECK(len > 0 && (size_t)len < size);
    FILE *f = fopen(name, "wb");
    FUZZ_CHECK(f);
    FUZZ_CHECK(fwrite(buf, 1, in->n, f) == in->n);
    FUZZ_CHECK(fclose(f) == 0);
    free(buf);
}

/* 1 when the file as written must make fan_tb_open() refuse: too short
 * for the header, another magic or version, non-zero reserved bytes. */
static bool must_refuse(const char *name)
{
    FILE *f = fopen(name, "rb");
    FUZZ_CHECK(f);
    uint8_t h[HEADER];
    size_t n = fread(h, 1, HEADER, f);
    fclose(f);
    if (n < HEADER || memcmp(h, "FANTB\r\n\032", 8) || get32(h + 8) != 1)
        return true;
    for (int i = 88; i < 120; i++)
        if (h[i])
            return true;
    return false;
}

/* Splits the input into files (after the flags byte). */
static int split(file_in *files, const uint8_t *data, size_t size,
                 unsigned flags)
{
    if (!(flags & 4)) {
        files[0].p = data;
        files[0].n = size;
        return 1;
    }
    int n = 0;
    while (n < MAX_FILES && size >= 2) {
        size_t len = (size_t)data[0] | (size_t)data[1] << 8;
        data += 2;
        size -= 2;
        if (len > size)
            len = size;
        files[n].p = data;
        files[n++].n = len;
        data += len;
        size -= len;
    }
    return n;
}

/* ---- probes ---- */

static uint64_t next_rand(uint64_t *s)
{
    *s += 0x9e3779b97f4a7c15ull;
    uint64_t z = *s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* k random squares outside taken. */
static uint64_t random_set(uint64_t *s, int k, uint64_t taken)
{
    uint64_t m = 0;
    while (k > 0) {
        uint64_t bit = (uint64_t)1 << (next_rand(s) % SQUARES);
        if ((m | taken) & bit)
            continue;
        m |= bit;
        k--;
    }
    return m;
}

static void check_value(int value, int distance)
{
    if (value == FAN_TB_DRAW) {
        FUZZ_CHECK_EQ(distance, -1);
        return;
    }
    FUZZ_CHECK(value == FAN_TB_WIN || value == FAN_TB_LOSS);
    FUZZ_CHECK(distance >= 0 && distance <= 254);
    FUZZ_CHECK_EQ(distance & 1, value == FAN_TB_WIN);
}

/* The probe of p, or (LOSS, 0) when its side to move has no pieces
 * (as fan_tb_best_turns() counts such a successor); the code. */
static int probe(int *value, int *distance, const fan_tb *tb,
                 const fan_position *p)
{
    int v = 99, d = 99;
    int rc = fan_tb_probe(&v, &d, tb, p);
    uint64_t own = 0;
    FUZZ_CHECK_EQ(fan_position_pieces(&own, p, fan_position_side_to_move(p)),
                  FAN_OK);
    if (rc == FAN_OK) {
        check_value(v, d);
        if (!own)
            FUZZ_CHECK(v == FAN_TB_LOSS && d == 0);
    } else {
        FUZZ_CHECK_EQ(rc, FAN_ENOTABLE);
        FUZZ_CHECK(v == 99 && d == 99);
    }
    if (!own) {
        *value = FAN_TB_LOSS;
        *distance = 0;
        return FAN_OK;
    }
    *value = v;
    *distance = d;
    return rc;
}

/* A successor's rank for the side that moved into it: smaller first. */
static int rank_of(int value, int distance)
{
    return value == FAN_TB_DRAW ? 1000
           : value == FAN_TB_LOSS ? distance + 1
                                  : 2000 - (distance + 1);
}

static void check_best_turns(const fan_tb *tb, const fan_position *pos,
                             int value)
{
    fan_turn legal[1024], best[1024];
    int rank[1024];
    bool keep[1024];
    size_t nlegal = 0;
    FUZZ_CHECK_EQ(fan_position_turns(legal, 1024, &nlegal, pos), FAN_OK);
    bool missing = false;
    size_t nkeep = 0;
    for (size_t i = 0; i < nlegal; i++) {
        fan_position *c = NULL;
        FUZZ_CHECK_EQ(fan_position_clone(&c, pos), FAN_OK);
        FUZZ_CHECK_EQ(fan_position_play_turn(c, legal[i]), FAN_OK);
        int v, d;
        int rc = probe(&v, &d, tb, c);
        fan_position_free(c);
        if (rc != FAN_OK) {
            missing = true;
            continue;
        }
        keep[i] = value == FAN_TB_WIN    ? v == FAN_TB_LOSS
                  : value == FAN_TB_DRAW ? v == FAN_TB_DRAW
                                         : true;
        rank[i] = rank_of(v, d);
        nkeep += keep[i];
    }

    size_t count = 12345;
    int rc = fan_tb_best_turns(NULL, 0, &count, tb, pos);
    if (missing) {
        FUZZ_CHECK_EQ(rc, FAN_ENOTABLE);
        FUZZ_CHECK_EQ(count, 12345);
        return;
    }
    FUZZ_CHECK_EQ(rc, nkeep ? FAN_EBUFS : FAN_OK);
    FUZZ_CHECK_EQ(count, nkeep);
    size_t n = 0;
    FUZZ_CHECK_EQ(fan_tb_best_turns(best, 1024, &n, tb, pos), FAN_OK);
    FUZZ_CHECK_EQ(n, nkeep);
    if (n > 1) {
        /* a short buffer: the first turns, the whole count */
        fan_turn part[1] = {0};
        size_t m = 0;
        FUZZ_CHECK_EQ(fan_tb_best_turns(part, 1, &m, tb, pos), FAN_EBUFS);
        FUZZ_CHECK(m == n && part[0] == best[0]);
    }
    int last = -1;
    for (size_t j = 0; j < n; j++) {
        size_t i = 0;
        while (i < nlegal && legal[i] != best[j])
            i++;
        FUZZ_CHECK(i < nlegal && keep[i]);
        keep[i] = false; /* distinct */
        FUZZ_CHECK(rank[i] >= last);
        last = rank[i];
    }
}

static void probe_position(const fan_tb *tb, uint64_t white, uint64_t black,
                           int side, int rules, bool want_open)
{
    fan_position *p = NULL;
    if (fan_position_new_custom(&p, white, black, side, rules) != FAN_OK)
        return;
    int v, d;
    int rc = probe(&v, &d, tb, p);
    if (want_open)
        FUZZ_CHECK_EQ(rc, FAN_OK);
    if (rc == FAN_OK)
        check_best_turns(tb, p, v);
    fan_position_free(p);
}

/* Positions of the table described by info, and its summary. */
static void check_table(const fan_tb *tb, const fan_tb_info *info,
                        uint64_t *seed)
{
    int a = (int)info->own_pieces, b = (int)info->other_pieces;
    FUZZ_CHECK(info->rules == FAN_RULES_STOP || info->rules == FAN_RULES_MUST);
    FUZZ_CHECK(a >= 1 && b >= 1 && a + b <= MAXP);
    FUZZ_CHECK_EQ(info->positions, positions_of(a, b));
    FUZZ_CHECK(info->wins <= info->positions && info->draws <= info->positions &&
               info->losses <= info->positions);
    FUZZ_CHECK_EQ(info->wins + info->draws + info->losses, info->positions);
    FUZZ_CHECK(info->longest_loss <= 254 && (info->longest_loss & 1) == 0);
    FUZZ_CHECK(info->losses || info->longest_loss == 0);
    if (!info->wins) {
        FUZZ_CHECK(info->longest_win == 0 && info->example_white == 0 &&
                   info->example_black == 0);
    } else {
        FUZZ_CHECK(info->longest_win <= 253 && (info->longest_win & 1));
        uint64_t w = info->example_white, k = info->example_black;
        FUZZ_CHECK(!(w & k) && !((w | k) & ~FAN_BOARD_MASK));
        FUZZ_CHECK(fuzz_popcount(w) == a && fuzz_popcount(k) == b);
        fan_position *p = NULL;
        if (fan_position_new_custom(&p, w, k, FAN_WHITE, info->rules) ==
            FAN_OK) {
            int v = 99, d = 99;
            FUZZ_CHECK_EQ(fan_tb_probe(&v, &d, tb, p), FAN_OK);
            FUZZ_CHECK(v == FAN_TB_WIN && d == (int)info->longest_win);
            fan_position_free(p);
        }
    }
    for (int i = 0; i < NPROBE; i++) {
        uint64_t own = random_set(seed, a, 0);
        uint64_t opp = random_set(seed, b, own);
        int side = i & 1 ? FAN_BLACK : FAN_WHITE;
        probe_position(tb, side == FAN_WHITE ? own : opp,
                       side == FAN_WHITE ? opp : own, side, info->rules, true);
    }
}

/* The calls refused whatever the tables: nothing written. */
static void check_refusals(const fan_tb *tb, int count, uint64_t *seed)
{
    fan_tb_info info;
    FUZZ_CHECK_EQ(fan_tb_info_init(&info), FAN_OK);
    info.wins = 777;
    FUZZ_CHECK_EQ(fan_tb_info_get(&info, tb, count), FAN_ERANGE);
    FUZZ_CHECK_EQ(fan_tb_info_get(&info, tb, -1), FAN_ERANGE);
    FUZZ_CHECK_EQ(info.wins, 777);
    info.version = 0;
    FUZZ_CHECK_EQ(fan_tb_info_get(&info, tb, 0), FAN_EINVAL);
    FUZZ_CHECK_EQ(info.wins, 777);
    FUZZ_CHECK_EQ(fan_tb_info_get(NULL, tb, 0), FAN_EINVAL);

    fan_position *p = NULL;
    FUZZ_CHECK_EQ(fan_position_new(&p, FAN_RULES_STOP), FAN_OK);
    int v = 99, d = 99;
    size_t n = 99;
    /* the start position: 44 pieces, far beyond any table */
    FUZZ_CHECK_EQ(fan_tb_probe(&v, &d, tb, p), FAN_ENOTABLE);
    FUZZ_CHECK_EQ(fan_tb_best_turns(NULL, 0, &n, tb, p), FAN_ENOTABLE);
    FUZZ_CHECK_EQ(fan_tb_probe(NULL, &d, tb, p), FAN_EINVAL);
    FUZZ_CHECK_EQ(fan_tb_probe(&v, &d, NULL, p), FAN_EINVAL);
    FUZZ_CHECK_EQ(fan_tb_probe(&v, &d, tb, NULL), FAN_EINVAL);
    FUZZ_CHECK_EQ(fan_tb_best_turns(NULL, 1, &n, tb, p), FAN_EINVAL);
    FUZZ_CHECK_EQ(fan_tb_best_turns(NULL, 0, NULL, tb, p), FAN_EINVAL);
    FUZZ_CHECK(v == 99 && d == 99 && n == 99);
    fan_position_free(p);

    /* a material with no open table: refused, nothing written */
    for (int rules = 0; rules < 2; rules++)
        for (int a = 1; a < MAXP; a++)
            for (int b = 1; a + b <= MAXP; b++) {
                fan_position *q = NULL;
                uint64_t own = random_set(seed, a, 0);
                uint64_t opp = random_set(seed, b, own);
                if (fan_position_new_custom(&q, own, opp, FAN_WHITE, rules) !=
                    FAN_OK)
                    continue;
                bool open = false;
                for (int i = 0; i < count; i++) {
                    fan_tb_info t = FAN_TB_INFO_INIT;
                    FUZZ_CHECK_EQ(fan_tb_info_get(&t, tb, i), FAN_OK);
                    open |= t.rules == rules && (int)t.own_pieces == a &&
                            (int)t.other_pieces == b;
                }
                if (!open) {
                    FUZZ_CHECK_EQ(fan_tb_probe(&v, &d, tb, q), FAN_ENOTABLE);
                    FUZZ_CHECK(v == 99 && d == 99);
                }
                fan_position_free(q);
            }
}

/* fan_tb_verify() over the 2-piece tables (3 pieces would make the fuzzer
 * three times slower) */
static void check_verify(const fan_tb *tb, int count)
{
    uint64_t positions = 0, bad = 12345;
    for (int i = 0; i < count; i++) {
        fan_tb_info info = FAN_TB_INFO_INIT;
        FUZZ_CHECK_EQ(fan_tb_info_get(&info, tb, i), FAN_OK);
        if (info.own_pieces + info.other_pieces > 2)
            return;
        positions += info.positions;
    }
    fan_tb_generate_options o = FAN_TB_GENERATE_OPTIONS_INIT;
    FUZZ_CHECK_EQ(fan_tb_verify(NULL, tb, &o), FAN_EINVAL);
    FUZZ_CHECK_EQ(fan_tb_verify(&bad, NULL, &o), FAN_EINVAL);
    o.version = 0;
    FUZZ_CHECK_EQ(fan_tb_verify(&bad, tb, &o), FAN_EINVAL);
    FUZZ_CHECK_EQ(bad, 12345);
    o.version = FAN_TB_GENERATE_OPTIONS_VERSION;
    int rc = fan_tb_verify(&bad, tb, &o);
    if (rc != FAN_OK) {
        FUZZ_CHECK_EQ(rc, FAN_ENOTABLE); /* a successor's table */
        FUZZ_CHECK_EQ(bad, 12345);
        return;
    }
    FUZZ_CHECK(bad <= positions);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned flags = data[0];
    file_in files[MAX_FILES];
    int nfiles = split(files, data + 1, size - 1, flags);
    if (nfiles == 0)
        return 0;

    const char *base = getenv("TMPDIR");
    char dir[4096];
    int len = snprintf(dir, sizeof dir, "%s/fuzz-tb-XXXXXX",
                       base && *base ? base : "/tmp");
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof dir);
    FUZZ_CHECK(mkdtemp(dir));
    char names[MAX_FILES][4200];
    for (int i = 0; i < nfiles; i++)
        write_file(names[i], sizeof names[i], dir, &files[i], flags);

    char mark;
    fan_tb *const untouched = (fan_tb *)(void *)&mark; /* never used */
    fan_tb *tb = untouched;
    bool refuse = false;
    for (int i = 0; i < nfiles; i++)
        refuse |= must_refuse(names[i]);
    int rc = fan_tb_open(&tb, dir);
    FUZZ_CHECK(!refuse || rc != FAN_OK);
    for (int i = 0; i < nfiles; i++)
        unlink(names[i]); /* twice for a name written twice: harmless */
    FUZZ_CHECK(rmdir(dir) == 0);
    if (rc != FAN_OK) {
        if (rc != FAN_ENOMEM)
            FUZZ_CHECK_EQ(rc, FAN_EFORMAT);
        FUZZ_CHECK(tb == untouched);
        return 0;
    }

    /* the tables open are among the files written */
    int count = fan_tb_count(tb);
    FUZZ_CHECK(count >= 1 && count <= nfiles);
    uint64_t seed = (uint64_t)(flags >> 4) * 0x100000001ull + size;
    for (int i = 0; i < count; i++) {
        fan_tb_info info;
        FUZZ_CHECK_EQ(fan_tb_info_init(&info), FAN_OK);
        FUZZ_CHECK_EQ(fan_tb_info_get(&info, tb, i), FAN_OK);
        char want[4200];
        snprintf(want, sizeof want, "%s/fanorona-%s-%uv%u.tb", dir,
                 info.rules ? "must" : "stop", info.own_pieces,
                 info.other_pieces);
        bool found = false;
        for (int j = 0; j < nfiles; j++)
            found |= !strcmp(names[j], want);
        FUZZ_CHECK(found);
        check_table(tb, &info, &seed);
    }
    check_refusals(tb, count, &seed);
    check_verify(tb, count);
    fan_tb_close(tb);
    return 0;
}
