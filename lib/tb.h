/* SPDX-License-Identifier: MIT */
/* Internals of the endgame tables: the index of a material signature, the
 * one-byte entries, the file format and the open handle. The tables are
 * kept from the side to move's view (own = side to move), so a position
 * and its colour swap share an entry and a table (a, b) holds every
 * position where the side to move has a pieces and the other side b. */
#ifndef FAN_TB_H
#define FAN_TB_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "fanorona.h"

#define TB_MAXP FAN_TB_MAX_PIECES
/* Enough for every position with at most TB_MAXP pieces. */
#define TB_TURNS_CAP 1024

/* An entry is one byte: 0 a draw (or, while generating, not yet known),
 * d + 1 a decided position at distance d <= 254. Wins lie at odd
 * distances and losses at even ones (a loss in 0 has no turn; a win is
 * one turn more than a loss, a loss one more than a win), so the value
 * is the parity. */
#define TB_DRAW 0
#define TB_IS_LOSS(v) ((v) &1)
#define TB_IS_WIN(v) ((v) != 0 && !((v) &1))
#define TB_DIST(v) ((int) (v) -1)
#define TB_MAX_ENTRY 255

/* The header of a table file: 128 bytes, little-endian (doc/tablebases.md). */
#define TB_HEADER_SIZE 128
#define TB_HEADER_CHECKSUM 120 /* the checksum's offset, in every file */
#define TB_FORMAT_VERSION 1
#define TB_MAGIC "FANTB\r\n\032"

typedef struct tb_table {
    const uint8_t *values; /* entries, after the header */
    void *map;
    size_t map_size;
    uint64_t stored; /* entries in the file (info.positions: placements) */
    fan_tb_info info;
} tb_table;

typedef struct tb_binom {
    uint64_t c[BOARD_SQUARES + 1][TB_MAXP + 1];
} tb_binom;

/* 64 consecutive colex ranks of k-sets, from 64 * (its place): bit j of
 * reps says whether the set of rank 64 * place + j is a representative,
 * before counts the representatives of smaller rank. So the place of a
 * representative among them is one block's before plus a popcount (one
 * cache line, 2 bits a set), where a binary search of reps[k] would take
 * about log2(nreps) dependent loads. */
typedef struct tb_rep_block {
    uint64_t reps;
    uint64_t before;
} tb_rep_block;

struct fan_tb {
    tb_binom binom;
    /* [rules][own][other], NULL when absent */
    const tb_table *table[2][TB_MAXP + 1][TB_MAXP + 1];
    tb_table list[2 * TB_MAXP * TB_MAXP];
    int count;
    /* The sets of k points that are the smallest mask among their images
     * under the two mirrors (columns, rows): the files keep only the
     * positions whose side to move's set is one of these. In increasing
     * order (= colex rank order); NULL until a table needs them. */
    uint64_t *reps[TB_MAXP + 1];
    uint64_t nreps[TB_MAXP + 1];
    /* The same sets by colex rank, for the way from a set to its place
     * among them: built with reps[k], C(45, k) / 64 blocks. */
    tb_rep_block *rep_rank[TB_MAXP + 1];
};

/* ---- index (tb-index.c) ---- */
void tb_binom_init(tb_binom *b);
uint64_t tb_entries(const tb_binom *b, int own, int opp);
/* index of (own, opp) in the table (popcount(own), popcount(opp)) */
uint64_t tb_index(const tb_binom *b, uint64_t own, uint64_t opp);
void tb_unindex(const tb_binom *b, uint64_t index, int nown, int nopp,
                uint64_t *own, uint64_t *opp);
/* The stored (mirror-reduced) index of files: the side to move's set is
 * mirrored to its representative, the other set with it. */
int tb_reps_build(fan_tb *tb, int k);
void tb_reps_free(fan_tb *tb);
uint64_t tb_stored(const fan_tb *tb, int own, int opp);
uint64_t tb_stored_index(const fan_tb *tb, uint64_t own, uint64_t opp);
/* The stored index of (own, opp) when own is its own representative (the
 * position is then stored as it is), else TB_NOT_REP. */
#define TB_NOT_REP UINT64_MAX
uint64_t tb_stored_index_if_rep(const fan_tb *tb, uint64_t own, uint64_t opp);
/* m under mirror g (bit 0 the columns, bit 1 the rows; 0 the identity) */
uint64_t tb_mirror_set(uint64_t m, int g);
/* The number of distinct images of a set under the four mirrors (1, 2 or
 * 4): how many placements of the side to move's set a representative
 * stands for. */
int tb_orbit_size(uint64_t set);
void tb_stored_unindex(const fan_tb *tb, uint64_t index, int nown, int nopp,
                       uint64_t *own, uint64_t *opp);
/* The turns of the side own: the one place where the tables meet the
 * rules (the shared turn generator). Returns their number or FAN_ERANGE
 * when there are more than cap. */
int tb_turns(fan_turn *out, int cap, uint64_t own, uint64_t opp, int rules);
/* The board after turn t of own, from the new side to move's view. */
static inline void tb_after(uint64_t *own2, uint64_t *opp2, uint64_t own,
                            uint64_t opp, fan_turn t)
{
    *own2 = opp & ~FAN_TURN_CAPTURED(t);
    *opp2 = (own & ~BIT(FAN_TURN_FROM(t))) | BIT(FAN_TURN_TO(t));
}
/* The entry of (own, opp) in the open tables; a side without pieces has
 * lost in 0. FAN_ENOTABLE when its table is not open. */
int tb_lookup(const fan_tb *tb, int rules, uint64_t own, uint64_t opp);
/* The entry that successors' entries s[0..n) give (n == 0: lost in 0);
 * FAN_ERANGE when the distance would not fit. */
int tb_combine(const uint8_t *s, int n);
/* The entry of (own, opp) computed from its successors in tb, or an error
 * (FAN_ENOTABLE, FAN_ERANGE). */
int tb_solve(const fan_tb *tb, int rules, uint64_t own, uint64_t opp);

/* ---- the search (tb-probe.c) ---- */
/* When (own, opp) is covered: 1 and *score the search's exact score at
 * ply (a win in d turns: FAN_SCORE_WIN - (ply + d)); else 0. */
int tb_score(int *score, const fan_tb *tb, int rules, uint64_t own,
             uint64_t opp, int ply);

/* ---- files (tb-file.c) ---- */
/* Little-endian fields, whatever the machine's byte order. */
void tb_put32(uint8_t *p, uint32_t v);
void tb_put64(uint8_t *p, uint64_t v);
uint32_t tb_get32(const uint8_t *p);
uint64_t tb_get64(const uint8_t *p);
/* The files' checksum, continued from h over p[0..n) as one piece. */
#define TB_FNV_OFFSET 0xcbf29ce484222325ull
uint64_t tb_checksum(uint64_t h, const uint8_t *p, size_t n);
/* dir/fanorona-RULES-OWNvOPP.EXT */
int tb_path_name(char *buf, size_t size, const char *dir, int rules, int own,
                 int opp, const char *ext);
/* Reads all n bytes of fd (FAN_EIO when it cannot, or the file ends). */
int tb_read_all(int fd, uint8_t *p, size_t n);
/* A file written atomically: under name + suffix, renamed to name once
 * complete and synced. Its checksum (at TB_HEADER_CHECKSUM) runs over the
 * header's first bytes, then over each piece written, each as one piece.
 * Every call but open aborts (closes, removes the temporary) on failure. */
typedef struct tb_out {
    int fd;
    uint64_t sum;
    char name[4096], tmp[4200];
} tb_out;
int tb_out_open(tb_out *o, const char *name, const char *suffix,
                const uint8_t *header);
int tb_out_write(tb_out *o, const uint8_t *p, size_t n);
int tb_out_commit(tb_out *o);
void tb_out_abort(tb_out *o);
int tb_file_name(char *buf, size_t size, const char *dir, int rules, int own,
                 int opp);
/* Maps and checks one file into tb. FAN_ENOTABLE when it does not exist,
 * FAN_EFORMAT, FAN_EIO. */
int tb_load(fan_tb *tb, const char *dir, int rules, int own, int opp);
/* Writes a table atomically (temporary name, then rename): values are its
 * entries in the stored index (tb_stored() of them, the reps of the side
 * to move built), as the generator holds them. */
int tb_write(const fan_tb *tb, const char *dir, const fan_tb_info *info,
             const uint8_t *values);
void tb_unload_all(fan_tb *tb);

/* ---- threads (tb-gen.c) ---- */
/* Runs fn over [0, total) in chunks on threads threads (the caller's one
 * among them), calling progress on the caller's thread with base plus the
 * share of units done so far.
 * Returns FAN_OK, FAN_ESTOPPED or the first error fn returned. */
typedef int (*tb_chunk_fn)(void *ctx, uint64_t begin, uint64_t end);
int tb_parallel(tb_chunk_fn fn, void *ctx, uint64_t total, unsigned threads,
                const fan_tb_generate_options *opts, uint64_t base,
                uint64_t units, uint64_t grand_total);
/* As tb_parallel() over [*at, total), until done, stopped or, when
 * deadline (CLOCK_MONOTONIC seconds) is not 0 and passes, paused
 * (TB_PAUSED); *at is then where it stopped: every unit before it is done,
 * none after it. */
#define TB_PAUSED 1
int tb_parallel_from(tb_chunk_fn fn, void *ctx, uint64_t total, uint64_t *at,
                     unsigned threads, const fan_tb_generate_options *opts,
                     uint64_t base, uint64_t units, uint64_t grand_total,
                     double deadline);
double tb_now(void);
/* opts checked and resolved: threads >= 1. */
int tb_check_options(fan_tb_generate_options *out,
                     const fan_tb_generate_options *opts);

/* fan_tb_generate() with a checkpoint of the pair in progress once at
 * least interval seconds passed since the last (0: at the end of every
 * pass, and only there); fan_tb_generate() takes TB_CHECKPOINT_SECONDS. */
#define TB_CHECKPOINT_SECONDS 600
int tb_generate(const char *dir, int rules, int max_pieces,
                const fan_tb_generate_options *opts, unsigned interval);

/* ---- checkpoints (tb-checkpoint.c) ---- */
/* The state of a pair (own <= opp first) between chunks of work: the
 * arrays are the generator's own, written and read in place. */
typedef struct tb_ckpt {
    int rules, own, opp, ntab;
    uint64_t entries[2];   /* slots of the stored index: the arrays' sizes */
    uint64_t positions[2]; /* placements (full index) */
    uint8_t *val[2], *cnt[2];
    int phase; /* 0 the forward pass, 1 the retrograde levels */
    int level, maxv;
    uint64_t at; /* units of the pass done */
} tb_ckpt;
int tb_ckpt_save(const char *dir, const tb_ckpt *c);
/* Reads the pair's checkpoint into c (its arrays and state) when there is
 * one and it fits c's pair (material, ruleset, sizes, checksum): 1; else
 * 0 (the arrays then hold anything); FAN_EFORMAT, c unchanged, when it is
 * one of another format version (the file is left as it is). Removes the
 * temporary file a killed write left. */
int tb_ckpt_load(const char *dir, tb_ckpt *c);
/* Removes the pair's checkpoint and its temporary file. */
void tb_ckpt_remove(const char *dir, int rules, int own, int opp);

#endif
