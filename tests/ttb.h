/* SPDX-License-Identifier: MIT */
/* Support for the table tests, on the public API only:
 * - an independent solver of every position with up to 3 pieces: its own
 *   hash table of (white, black, side to move), successors from
 *   fan_position_turns() and the documented effect of a turn, values by
 *   forward levels (distance k is decided in pass k from passes < k);
 * - a bounded search (win or loss within j turns) that ends in the
 *   solver's values where a capture leaves 3 pieces;
 * - file helpers: patch a byte (and the checksum, computed as
 *   doc/tablebases.md says), compare and remove directories. */
#ifndef TTB_H
#define TTB_H

#include <check.h>
#include <dirent.h>
#include <fanorona.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct onode {
    uint64_t white, black;
    int side;  /* FAN_WHITE or FAN_BLACK */
    int value; /* FAN_TB_*; a draw until decided */
    int dist;
    int decided;
    size_t first, nsucc; /* in oracle.succ; -1 there: a loss in 0 */
} onode;

typedef struct oracle {
    onode *node;
    size_t n, cap;
    long *slot; /* hash slots: node index or -1 */
    size_t nslots;
    long *succ;
    size_t nsucc, capsucc;
} oracle;

static size_t ohash(uint64_t w, uint64_t b, int side)
{
    uint64_t h = w * 0x9E3779B97F4A7C15ull ^ (b + 77) * 0xC2B2AE3D27D4EB4Full;
    h ^= (uint64_t) side << 61;
    return (size_t) (h ^ (h >> 29));
}

static long oracle_find(const oracle *o, uint64_t w, uint64_t b, int side)
{
    for (size_t i = ohash(w, b, side) % o->nslots;; i = (i + 1) % o->nslots) {
        long k = o->slot[i];
        if (k < 0)
            return -1;
        const onode *x = &o->node[k];
        if (x->white == w && x->black == b && x->side == side)
            return k;
    }
}

static void oracle_add(oracle *o, uint64_t w, uint64_t b, int side)
{
    if (o->n == o->cap) {
        o->cap = o->cap ? 2 * o->cap : 4096;
        o->node = realloc(o->node, o->cap * sizeof *o->node);
        ck_assert_ptr_nonnull(o->node);
    }
    onode x = {w, b, side, FAN_TB_DRAW, 0, 0, 0, 0};
    o->node[o->n] = x;
    size_t i = ohash(w, b, side) % o->nslots;
    while (o->slot[i] >= 0)
        i = (i + 1) % o->nslots;
    o->slot[i] = (long) o->n++;
}

static void oracle_push_succ(oracle *o, long k)
{
    if (o->nsucc == o->capsucc) {
        o->capsucc = o->capsucc ? 2 * o->capsucc : 65536;
        o->succ = realloc(o->succ, o->capsucc * sizeof *o->succ);
        ck_assert_ptr_nonnull(o->succ);
    }
    o->succ[o->nsucc++] = k;
}

/* The board after turn t of side: (w2, b2), the other side to move. */
static void turn_after(uint64_t *w2, uint64_t *b2, uint64_t w, uint64_t b,
                       int side, fan_turn t)
{
    uint64_t move =
        ((uint64_t) 1 << FAN_TURN_FROM(t)) | ((uint64_t) 1 << FAN_TURN_TO(t));
    *w2 = side == FAN_WHITE ? w ^ move : w & ~FAN_TURN_CAPTURED(t);
    *b2 = side == FAN_BLACK ? b ^ move : b & ~FAN_TURN_CAPTURED(t);
}

static int other_side(int side)
{
    return side == FAN_WHITE ? FAN_BLACK : FAN_WHITE;
}

/* The legal turns of a set-up board (at most 256). */
static size_t turns_of(fan_turn *turns, uint64_t w, uint64_t b, int side,
                       int rules)
{
    fan_position *p = NULL;
    size_t n = 0;
    ck_assert_int_eq(fan_position_new_custom(&p, w, b, side, rules), FAN_OK);
    ck_assert_int_eq(fan_position_turns(turns, 256, &n, p), FAN_OK);
    fan_position_free(p);
    return n;
}

/* every set of k points from 'from' on, added to base */
static void each_set(oracle *o, int k, int from, uint64_t base, uint64_t white,
                     int nblack)
{
    if (k == 0) {
        if (white == 0) { /* base is a white set: now the black ones */
            each_set(o, nblack, 0, 0, base, 0);
            return;
        }
        oracle_add(o, white, base, FAN_WHITE);
        oracle_add(o, white, base, FAN_BLACK);
        return;
    }
    for (int s = from; s < FAN_SQUARES; s++) {
        uint64_t bit = (uint64_t) 1 << s;
        if (!(white & bit))
            each_set(o, k - 1, s + 1, base | bit, white, nblack);
    }
}

static void oracle_solve(oracle *o, int rules)
{
    memset(o, 0, sizeof *o);
    o->nslots = 1 << 19;
    o->slot = malloc(o->nslots * sizeof *o->slot);
    ck_assert_ptr_nonnull(o->slot);
    memset(o->slot, 0xff, o->nslots * sizeof *o->slot);
    for (int nw = 1; nw <= 2; nw++)
        for (int nb = 1; nw + nb <= 3; nb++)
            each_set(o, nw, 0, 0, 0, nb);
    for (size_t i = 0; i < o->n; i++) {
        onode *x = &o->node[i];
        fan_turn turns[256];
        size_t n = turns_of(turns, x->white, x->black, x->side, rules);
        x->first = o->nsucc;
        x->nsucc = n;
        for (size_t j = 0; j < n; j++) {
            uint64_t w2, b2;
            turn_after(&w2, &b2, x->white, x->black, x->side, turns[j]);
            int s2 = other_side(x->side);
            long k =
                (s2 == FAN_WHITE ? w2 : b2) ? oracle_find(o, w2, b2, s2) : -1;
            ck_assert((s2 == FAN_WHITE ? !w2 : !b2) || k >= 0);
            oracle_push_succ(o, k);
        }
    }
    /* pass k decides the positions at distance k, from passes before */
    for (int k = 0;; k++) {
        size_t changed = 0;
        for (size_t i = 0; i < o->n; i++) {
            onode *x = &o->node[i];
            if (x->decided)
                continue;
            int win = 0, all_won = 1;
            for (size_t j = 0; j < x->nsucc; j++) {
                long s = o->succ[x->first + j];
                int sv = s < 0 ? FAN_TB_LOSS : o->node[s].value;
                int sd = s < 0 ? 0 : o->node[s].dist;
                int sdec = s < 0 || (o->node[s].decided && sd < k);
                if (sdec && sv == FAN_TB_LOSS && sd == k - 1)
                    win = 1;
                if (!sdec || sv != FAN_TB_WIN)
                    all_won = 0;
            }
            if (win || all_won) {
                x->value = win ? FAN_TB_WIN : FAN_TB_LOSS;
                x->dist = k;
                x->decided = 1;
                changed++;
            }
        }
        if (!changed && k > 0)
            break;
    }
}

static void oracle_free(oracle *o)
{
    free(o->node);
    free(o->slot);
    free(o->succ);
}

static int bounded_loss_m(const oracle *o, uint64_t w, uint64_t b, int side,
                          int rules, int j);

/* Whether side wins within j turns; captures that leave 3 pieces end in
 * the oracle's values. */
static int bounded_win_m(const oracle *o, uint64_t w, uint64_t b, int side,
                         int rules, int j)
{
    if (j < 1)
        return 0;
    fan_turn turns[256];
    size_t n = turns_of(turns, w, b, side, rules);
    int s2 = other_side(side);
    for (size_t i = 0; i < n; i++) {
        uint64_t w2, b2;
        turn_after(&w2, &b2, w, b, side, turns[i]);
        if (!(s2 == FAN_WHITE ? w2 : b2))
            return 1;
        if (__builtin_popcountll(w2 | b2) <= 3) {
            const onode *x = &o->node[oracle_find(o, w2, b2, s2)];
            if (x->value == FAN_TB_LOSS && x->dist <= j - 1)
                return 1;
        } else if (bounded_loss_m(o, w2, b2, s2, rules, j - 1)) {
            return 1;
        }
    }
    return 0;
}

/* Whether side loses within j turns, however it plays. */
static int bounded_loss_m(const oracle *o, uint64_t w, uint64_t b, int side,
                          int rules, int j)
{
    if (!(side == FAN_WHITE ? w : b))
        return 1;
    fan_turn turns[256];
    size_t n = turns_of(turns, w, b, side, rules);
    if (n == 0)
        return 1;
    if (j < 1)
        return 0;
    int s2 = other_side(side);
    for (size_t i = 0; i < n; i++) {
        uint64_t w2, b2;
        turn_after(&w2, &b2, w, b, side, turns[i]);
        if (!(s2 == FAN_WHITE ? w2 : b2))
            return 0;
        if (__builtin_popcountll(w2 | b2) <= 3) {
            const onode *x = &o->node[oracle_find(o, w2, b2, s2)];
            if (!(x->value == FAN_TB_WIN && x->dist <= j - 1))
                return 0;
        } else if (!bounded_win_m(o, w2, b2, s2, rules, j - 1)) {
            return 0;
        }
    }
    return 1;
}

static void masks_of(uint64_t *w, uint64_t *b, const fan_position *p)
{
    fan_position_pieces(w, p, FAN_WHITE);
    fan_position_pieces(b, p, FAN_BLACK);
}

static int bounded_win(const oracle *o, const fan_position *p, int j)
{
    uint64_t w, b;
    masks_of(&w, &b, p);
    return bounded_win_m(o, w, b, fan_position_side_to_move(p),
                         fan_position_rules(p), j);
}

static int bounded_loss(const oracle *o, const fan_position *p, int j)
{
    uint64_t w, b;
    masks_of(&w, &b, p);
    return bounded_loss_m(o, w, b, fan_position_side_to_move(p),
                          fan_position_rules(p), j);
}

/* ---- files ---- */

#define TTB_HEADER 128
#define TTB_CHECKSUM 120

/* FNV-1a over little-endian 64-bit words, the tail byte by byte */
static uint64_t ttb_fnv(uint64_t h, const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w = 0;
        for (int k = 7; k >= 0; k--)
            w = (w << 8) | p[i + (size_t) k];
        h = (h ^ w) * 0x100000001b3ull;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static unsigned char *ttb_read(const char *file, size_t *size)
{
    FILE *f = fopen(file, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *size = (size_t) ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(*size + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, *size, f), *size);
    fclose(f);
    return buf;
}

/* xors the byte at offset with x; with fix, writes the checksum anew */
static void ttb_patch(const char *file, size_t offset, unsigned x, int fix)
{
    size_t size;
    unsigned char *buf = ttb_read(file, &size);
    ck_assert_uint_lt(offset, size);
    buf[offset] ^= (unsigned char) x;
    if (fix) {
        uint64_t h = ttb_fnv(0xcbf29ce484222325ull, buf, TTB_CHECKSUM);
        h = ttb_fnv(h, buf + TTB_HEADER, size - TTB_HEADER);
        for (int i = 0; i < 8; i++)
            buf[TTB_CHECKSUM + i] = (unsigned char) (h >> (8 * i));
    }
    FILE *f = fopen(file, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(buf, 1, size, f), size);
    fclose(f);
    free(buf);
}

/* 1 when every file of a has an equal twin in b and the counts match */
static int ttb_same_files(const char *a, const char *b)
{
    DIR *d = opendir(a);
    ck_assert_ptr_nonnull(d);
    int same = 1, na = 0, nb = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char fa[512], fb[512];
        snprintf(fa, sizeof fa, "%s/%s", a, e->d_name);
        snprintf(fb, sizeof fb, "%s/%s", b, e->d_name);
        if (access(fb, R_OK) != 0) {
            same = 0;
            continue;
        }
        size_t sa, sb;
        unsigned char *ba = ttb_read(fa, &sa), *bb = ttb_read(fb, &sb);
        same &= sa == sb && memcmp(ba, bb, sa) == 0;
        free(ba);
        free(bb);
        na++;
    }
    closedir(d);
    d = opendir(b);
    for (struct dirent *e; (e = readdir(d));)
        nb += e->d_name[0] != '.';
    closedir(d);
    return same && na == nb;
}

static void ttb_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char f[512];
        snprintf(f, sizeof f, "%s/%s", dir, e->d_name);
        unlink(f);
    }
    closedir(d);
    rmdir(dir);
}

#endif
