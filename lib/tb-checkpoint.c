/* SPDX-License-Identifier: MIT */
/* Checkpoints of the pair being generated, so that a run that is stopped
 * or killed goes on where the last one was taken: a 128-byte
 * little-endian header (magic, format version, ruleset, material, sizes,
 * the pass, level and units done, the largest entry, checksum) and the
 * arrays of entries and counters of both tables in the stored index,
 * streamed from and into the generator's own arrays (no second copy).
 * Written atomically like the tables (tb_out); anything that does not
 * fit is ignored, but a checkpoint of another format version (version 1
 * held the full index) is refused: FAN_EFORMAT, the file kept. */
#define _POSIX_C_SOURCE 200809L
#include "tb.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tb-ckpt-format.h"

static int ckpt_name(char *buf, size_t size, const char *dir, int rules,
                     int own, int opp)
{
    return tb_path_name(buf, size, dir, rules, own, opp, "ckpt");
}

static void encode(uint8_t *h, const tb_ckpt *c)
{
    memset(h, 0, TB_HEADER_SIZE);
    memcpy(h + C_MAGIC, CK_MAGIC, 8);
    tb_put32(h + C_VERSION, CK_VERSION);
    tb_put32(h + C_RULES, (uint32_t) c->rules);
    tb_put32(h + C_OWN, (uint32_t) c->own);
    tb_put32(h + C_OPP, (uint32_t) c->opp);
    tb_put32(h + C_NTAB, (uint32_t) c->ntab);
    tb_put32(h + C_PHASE, (uint32_t) c->phase);
    tb_put64(h + C_ENTRIES0, c->entries[0]);
    tb_put64(h + C_ENTRIES1, c->ntab == 2 ? c->entries[1] : 0);
    tb_put64(h + C_AT, c->at);
    tb_put32(h + C_LEVEL, (uint32_t) c->level);
    tb_put32(h + C_MAXV, (uint32_t) c->maxv);
    tb_put64(h + C_POSITIONS0, c->positions[0]);
    tb_put64(h + C_POSITIONS1, c->ntab == 2 ? c->positions[1] : 0);
}

int tb_ckpt_save(const char *dir, const tb_ckpt *c)
{
    char name[4096];
    if (ckpt_name(name, sizeof name, dir, c->rules, c->own, c->opp) != FAN_OK)
        return FAN_ERANGE;
    uint8_t h[TB_HEADER_SIZE];
    encode(h, c);
    tb_out out;
    /* one temporary name: a write killed half way is overwritten by the
     * next one, not left behind under a name of its own */
    int rc = tb_out_open(&out, name, ".tmp", h);
    for (int t = 0; t < c->ntab && rc == FAN_OK; t++) {
        rc = tb_out_write(&out, c->val[t], (size_t) c->entries[t]);
        if (rc == FAN_OK)
            rc = tb_out_write(&out, c->cnt[t], (size_t) c->entries[t]);
    }
    return rc == FAN_OK ? tb_out_commit(&out) : rc;
}

/* 1 when the header h describes c's pair in a state a run can go on from */
static int header_fits(const uint8_t *h, const tb_ckpt *c, uint64_t size)
{
    uint64_t all = c->entries[0] + (c->ntab == 2 ? c->entries[1] : 0);
    int phase = (int) tb_get32(h + C_PHASE);
    return memcmp(h + C_MAGIC, CK_MAGIC, 8) == 0 &&
           tb_get32(h + C_VERSION) == CK_VERSION &&
           tb_get32(h + C_RULES) == (uint32_t) c->rules &&
           tb_get32(h + C_OWN) == (uint32_t) c->own &&
           tb_get32(h + C_OPP) == (uint32_t) c->opp &&
           tb_get32(h + C_NTAB) == (uint32_t) c->ntab &&
           tb_get64(h + C_ENTRIES0) == c->entries[0] &&
           tb_get64(h + C_ENTRIES1) == (c->ntab == 2 ? c->entries[1] : 0) &&
           tb_get64(h + C_POSITIONS0) == c->positions[0] &&
           tb_get64(h + C_POSITIONS1) ==
               (c->ntab == 2 ? c->positions[1] : 0) &&
           (phase == 0 || phase == 1) && tb_get64(h + C_AT) <= all &&
           tb_get32(h + C_LEVEL) < TB_MAX_ENTRY &&
           tb_get32(h + C_MAXV) <= TB_MAX_ENTRY &&
           size == TB_HEADER_SIZE + 2 * all;
}

int tb_ckpt_load(const char *dir, tb_ckpt *c)
{
    char name[4096];
    if (ckpt_name(name, sizeof name, dir, c->rules, c->own, c->opp) != FAN_OK)
        return FAN_ERANGE;
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", name);
    unlink(tmp); /* of a run killed while it wrote one */
    int fd = open(name, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    uint8_t h[TB_HEADER_SIZE];
    int ok = fstat(fd, &st) == 0 &&
             tb_read_all(fd, h, TB_HEADER_SIZE) == FAN_OK;
    if (ok && memcmp(h + C_MAGIC, CK_MAGIC, 8) == 0 &&
        tb_get32(h + C_VERSION) != CK_VERSION) {
        close(fd);
        return FAN_EFORMAT;
    }
    ok = ok && header_fits(h, c, (uint64_t) st.st_size);
    uint64_t sum = tb_checksum(TB_FNV_OFFSET, h, TB_HEADER_CHECKSUM);
    for (int t = 0; t < c->ntab && ok; t++) {
        uint8_t *part[2] = {c->val[t], c->cnt[t]};
        for (int k = 0; k < 2 && ok; k++) {
            ok = tb_read_all(fd, part[k], (size_t) c->entries[t]) == FAN_OK;
            sum = tb_checksum(sum, part[k], (size_t) c->entries[t]);
        }
    }
    close(fd);
    if (!ok || sum != tb_get64(h + TB_HEADER_CHECKSUM))
        return 0;
    c->phase = (int) tb_get32(h + C_PHASE);
    c->at = tb_get64(h + C_AT);
    c->level = (int) tb_get32(h + C_LEVEL);
    c->maxv = (int) tb_get32(h + C_MAXV);
    return 1;
}

void tb_ckpt_remove(const char *dir, int rules, int own, int opp)
{
    char name[4096], tmp[4200];
    if (ckpt_name(name, sizeof name, dir, rules, own, opp) != FAN_OK)
        return;
    snprintf(tmp, sizeof tmp, "%s.tmp", name);
    unlink(name);
    unlink(tmp);
}
