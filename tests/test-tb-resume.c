/* SPDX-License-Identifier: MIT */
/* White-box: checkpoints of the table generator (lib/tb-checkpoint.c).
 * Runs stopped again and again, with a checkpoint at the end of every
 * pass (interval 0), go on from their checkpoints (test-tb.c stops one
 * with the default interval, where the stop writes the only one)
 * and end with files equal byte for byte to one uninterrupted run, and so
 * does a run that pauses inside its passes to write checkpoints;
 * checkpoints that are damaged, truncated, of another pair or ruleset are
 * ignored and the run still ends with the right tables; one of another
 * format version stops the run (FAN_EFORMAT) and is kept. */
#define _DEFAULT_SOURCE
#include "tcommon.h"
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "ttb.h"
#pragma GCC diagnostic pop

#include "lib/tb.h"

#include <sys/stat.h>

#define PIECES 4

static char ref[64]; /* one uninterrupted run, made once */

static void make_ref(void)
{
    strcpy(ref, "/tmp/fan-tbref-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(ref));
    fan_tb_generate_options o = FAN_TB_GENERATE_OPTIONS_INIT;
    o.threads = 2;
    ck_assert_int_eq(fan_tb_generate(ref, FAN_RULES_STOP, PIECES, &o), FAN_OK);
}

static void remove_ref(void)
{
    ttb_remove_dir(ref);
}

/* Stops after stop_at progress calls, or once done reaches stop_done. */
typedef struct stopper {
    long calls, stop_at;
    uint64_t stop_done;
} stopper;

static int stop_at(void *user, uint64_t done, uint64_t total)
{
    stopper *s = user;
    ck_assert_uint_le(done, total);
    return ++s->calls >= s->stop_at || done >= s->stop_done;
}

/* The progress half way through the forward pass of 1v3 + 3v1 in a run
 * from nothing: the units of a pair are twice its entries, the first half
 * its forward pass. */
static uint64_t mid_forward(void)
{
    tb_binom bn;
    tb_binom_init(&bn);
    uint64_t before = 2 * (tb_entries(&bn, 1, 1) + tb_entries(&bn, 1, 2) +
                           tb_entries(&bn, 2, 1));
    return before + (tb_entries(&bn, 1, 3) + tb_entries(&bn, 3, 1)) / 2;
}

/* The checkpoint in dir (its pair in *own, *opp): 1, or 0 when none. */
static int find_checkpoint(char *file, size_t size, const char *dir, int *own,
                           int *opp)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int found = 0;
    for (struct dirent *e; (e = readdir(d));) {
        int a, b;
        char rest[16];
        if (sscanf(e->d_name, "fanorona-stop-%dv%d.%15s", &a, &b, rest) == 3 &&
            strcmp(rest, "ckpt") == 0) {
            ck_assert_int_eq(found, 0);
            found = 1;
            *own = a;
            *opp = b;
            snprintf(file, size, "%s/%s", dir, e->d_name);
        }
        ck_assert_ptr_null(strstr(e->d_name, ".tmp"));
    }
    closedir(d);
    return found;
}

/* The slots of table (own, opp) in the stored index (the arrays of a
 * checkpoint): the generator's count, checked against the file size. */
static uint64_t slots(int own, int opp)
{
    fan_tb *tb = calloc(1, sizeof *tb);
    ck_assert_ptr_nonnull(tb);
    tb_binom_init(&tb->binom);
    ck_assert_int_eq(tb_reps_build(tb, own), FAN_OK);
    uint64_t n = tb_stored(tb, own, opp);
    fan_tb_close(tb);
    return n;
}

/* A state of pair (own, opp) with arrays to load a checkpoint into. */
static tb_ckpt pair_state(const tb_binom *bn, int rules, int own, int opp)
{
    tb_ckpt c;
    memset(&c, 0, sizeof c);
    c.rules = rules;
    c.own = own;
    c.opp = opp;
    c.ntab = own == opp ? 1 : 2;
    c.entries[0] = slots(own, opp);
    c.entries[1] = c.ntab == 2 ? slots(opp, own) : 0;
    c.positions[0] = tb_entries(bn, own, opp);
    c.positions[1] = c.ntab == 2 ? tb_entries(bn, opp, own) : 0;
    for (int t = 0; t < c.ntab; t++) {
        c.val[t] = malloc((size_t) c.entries[t]);
        c.cnt[t] = malloc((size_t) c.entries[t]);
        ck_assert(c.val[t] && c.cnt[t]);
    }
    return c;
}

static void free_state(tb_ckpt *c)
{
    for (int t = 0; t < c->ntab; t++) {
        free(c->val[t]);
        free(c->cnt[t]);
    }
}

/* tb_ckpt_load() of pair (own, opp) in dir; *phase its pass when 1 */
static int load(const char *dir, int rules, int own, int opp, int *phase)
{
    tb_binom bn;
    tb_binom_init(&bn);
    tb_ckpt c = pair_state(&bn, rules, own, opp);
    int r = tb_ckpt_load(dir, &c);
    if (r == 1 && phase)
        *phase = c.phase;
    free_state(&c);
    return r;
}

/* Generates in dir in runs of stop_after progress calls each until done;
 * the number of runs. Each stopped run leaves one checkpoint that loads;
 * seen[phase] counts the passes they were taken in. */
static int generate_in_runs(const char *dir, long stop_after, unsigned threads,
                            unsigned interval, int seen[2])
{
    for (int runs = 1; runs < 60; runs++) {
        /* the first in a forward pass, the others where they fall */
        stopper s = {0, stop_after, runs == 1 ? mid_forward() : UINT64_MAX};
        fan_tb_generate_options o = FAN_TB_GENERATE_OPTIONS_INIT;
        o.threads = threads;
        o.progress = stop_at;
        o.user = &s;
        int rc = tb_generate(dir, FAN_RULES_STOP, PIECES, &o, interval);
        if (rc == FAN_OK)
            return runs;
        ck_assert_int_eq(rc, FAN_ESTOPPED);
        char file[600];
        int own = 0, opp = 0, phase = -1;
        ck_assert(find_checkpoint(file, sizeof file, dir, &own, &opp));
        ck_assert_int_eq(load(dir, FAN_RULES_STOP, own, opp, &phase), 1);
        seen[phase]++;
    }
    ck_abort_msg(
        "the runs never end: they do not go on from their checkpoints");
    return 0;
}

static void check_resumed(long stop_after, unsigned threads, unsigned interval)
{
    char dir[64] = "/tmp/fan-tbres-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    int seen[2] = {0, 0};
    /* an uninterrupted run with one thread makes about 3,100 progress
     * calls, 1v3 + 3v1 alone 1,400 and 2v2 1,600: runs of stop_after
     * calls end only if each goes on from where the last stopped */
    int runs = generate_in_runs(dir, stop_after, threads, interval, seen);
    if (threads == 1) {
        /* (with more threads the caller's share of the reports, and so
         * where the stops fall, depends on the timing) */
        ck_assert_int_ge(runs, 4);
        ck_assert_int_gt(seen[0], 0); /* stopped in a forward pass */
        ck_assert_int_gt(seen[1], 0); /* and in the levels */
    } else
        ck_assert_int_ge(runs, 2);
    /* the same files, and no checkpoint left */
    ck_assert(ttb_same_files(dir, ref));
    ttb_remove_dir(dir);
}

START_TEST(resume_every_level)
{
    check_resumed(730, 1, 0);
}
END_TEST

START_TEST(resume_two_threads)
{
    check_resumed(380, 2, 0);
}
END_TEST

/* Sleeps a little at each report, so that 2v2 (1,600 reports) takes more
 * than a second; counts the reports that see its checkpoint in dir. */
typedef struct slow {
    const char *dir;
    uint64_t from; /* where 2v2 begins */
    long saw;
} slow;

static int slow_report(void *user, uint64_t done, uint64_t total)
{
    slow *s = user;
    ck_assert_uint_le(done, total);
    if (done < s->from)
        return 0;
    usleep(1000);
    char file[600];
    snprintf(file, sizeof file, "%s/fanorona-stop-2v2.ckpt", s->dir);
    s->saw += access(file, F_OK) == 0;
    return 0;
}

START_TEST(pause_inside_a_pass)
{
    /* an interval of 1 s: a pass pauses when it is over, writes a
     * checkpoint and goes on, and the tables are still the same */
    char dir[64] = "/tmp/fan-tbpau-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    tb_binom bn;
    tb_binom_init(&bn);
    uint64_t from = 2 * (tb_entries(&bn, 1, 1) + tb_entries(&bn, 1, 2) +
                         tb_entries(&bn, 2, 1) + tb_entries(&bn, 1, 3) +
                         tb_entries(&bn, 3, 1));
    slow s = {dir, from, 0};
    fan_tb_generate_options o = FAN_TB_GENERATE_OPTIONS_INIT;
    o.progress = slow_report;
    o.user = &s;
    ck_assert_int_eq(tb_generate(dir, FAN_RULES_STOP, PIECES, &o, 1), FAN_OK);
    ck_assert_int_gt(s.saw, 0);
    ck_assert(ttb_same_files(dir, ref));
    ttb_remove_dir(dir);
}
END_TEST

/* A run stopped part way; its checkpoint's file and pair. */
static void stopped_run(char *dir, char *file, size_t size, int *own, int *opp)
{
    int seen[2];
    strcpy(dir, "/tmp/fan-tbdam-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    stopper s = {0, 1170, UINT64_MAX};
    fan_tb_generate_options o = FAN_TB_GENERATE_OPTIONS_INIT;
    o.progress = stop_at;
    o.user = &s;
    ck_assert_int_eq(
        tb_generate(dir, FAN_RULES_STOP, PIECES, &o, TB_CHECKPOINT_SECONDS),
        FAN_ESTOPPED);
    ck_assert(find_checkpoint(file, size, dir, own, opp));
    ck_assert_int_eq(load(dir, FAN_RULES_STOP, *own, *opp, seen), 1);
}

static void write_file(const char *file, const unsigned char *buf, size_t n)
{
    FILE *f = fopen(file, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(buf, 1, n, f), n);
    fclose(f);
}

/* The checksum written anew, as doc/tablebases.md says: the header's
 * first 120 bytes, then each array as one piece. */
static void fix_checksum(unsigned char *buf, int own, int opp)
{
    uint64_t e[2] = {slots(own, opp), slots(opp, own)};
    uint64_t h = ttb_fnv(0xcbf29ce484222325ull, buf, TTB_CHECKSUM);
    size_t at = TTB_HEADER;
    for (int t = 0; t < (own == opp ? 1 : 2); t++)
        for (int k = 0; k < 2; k++) {
            h = ttb_fnv(h, buf + at, (size_t) e[t]);
            at += (size_t) e[t];
        }
    for (int i = 0; i < 8; i++)
        buf[TTB_CHECKSUM + i] = (unsigned char) (h >> (8 * i));
}

/* The run goes on over the damaged checkpoint and ends right. */
static void finish_and_compare(const char *dir)
{
    ck_assert_int_eq(fan_tb_generate(dir, FAN_RULES_STOP, PIECES, NULL),
                     FAN_OK);
    ck_assert(ttb_same_files(dir, ref));
}

START_TEST(damaged_checkpoints)
{
    char dir[64], file[600];
    int own, opp;
    stopped_run(dir, file, sizeof file, &own, &opp);
    size_t size;
    unsigned char *good = ttb_read(file, &size);
    unsigned char *bad = malloc(size);
    ck_assert_ptr_nonnull(bad);
    /* the checksum written anew over an intact copy still loads: the
     * test's checksum is the format's */
    memcpy(bad, good, size);
    fix_checksum(bad, own, opp);
    ck_assert_mem_eq(bad, good, size);
    /* a byte of the arrays flipped, at the start and at the end */
    size_t offsets[] = {TTB_HEADER, size / 2, size - 1, 60 /* maxv */};
    for (size_t i = 0; i < sizeof offsets / sizeof *offsets; i++) {
        memcpy(bad, good, size);
        bad[offsets[i]] ^= 0x10;
        write_file(file, bad, size);
        ck_assert_int_eq(load(dir, FAN_RULES_STOP, own, opp, NULL), 0);
    }
    /* truncated, down to a part of the header and to nothing */
    size_t cuts[] = {size - 1, size / 2, 100, 0};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        write_file(file, good, cuts[i]);
        ck_assert_int_eq(load(dir, FAN_RULES_STOP, own, opp, NULL), 0);
    }
    /* the arrays are the stored index's, a pair's slots: two bytes each */
    ck_assert_uint_eq(size, TTB_HEADER + 2 * (slots(own, opp) +
                                              (own == opp ? 0 : slots(opp, own))));
    /* pass or level out of range, the wrong placements, another magic,
     * with a right checksum */
    struct {
        size_t offset;
        unsigned char x;
    } fields[] = {{28, 2}, {59, 1}, {64, 1}, {72, 1}, {0, 'X' ^ 'F'}};
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
        memcpy(bad, good, size);
        bad[fields[i].offset] ^= fields[i].x;
        fix_checksum(bad, own, opp);
        write_file(file, bad, size);
        ck_assert_int_eq(load(dir, FAN_RULES_STOP, own, opp, NULL), 0);
    }
    /* another format version (1 held the full index), with a right
     * checksum: refused, and so is the run, which keeps it */
    for (unsigned char version = 1; version <= 3; version += 2) {
        memcpy(bad, good, size);
        bad[8] = version;
        fix_checksum(bad, own, opp);
        write_file(file, bad, size);
        ck_assert_int_eq(load(dir, FAN_RULES_STOP, own, opp, NULL),
                         FAN_EFORMAT);
        ck_assert_int_eq(fan_tb_generate(dir, FAN_RULES_STOP, PIECES, NULL),
                         FAN_EFORMAT);
        size_t kept;
        unsigned char *now = ttb_read(file, &kept);
        ck_assert_uint_eq(kept, size);
        ck_assert_mem_eq(now, bad, size);
        free(now);
    }
    /* the intact bytes under the name of the other ruleset's pair and of
     * another pair: refused */
    char other[700];
    ck_assert_int_lt(own, opp); /* 1170 calls in: 1v3 + 3v1 */
    snprintf(other, sizeof other, "%s/fanorona-must-%dv%d.ckpt", dir, own, opp);
    write_file(other, good, size);
    ck_assert_int_eq(load(dir, FAN_RULES_MUST, own, opp, NULL), 0);
    unlink(other);
    snprintf(other, sizeof other, "%s/fanorona-stop-%dv%d.ckpt", dir, 2, 2);
    write_file(other, good, size);
    ck_assert_int_eq(load(dir, FAN_RULES_STOP, 2, 2, NULL), 0);
    unlink(other);
    /* the run over a damaged one, with the temporary file of a killed
     * write beside it, starts the pair again, ends right and leaves
     * neither */
    memcpy(bad, good, size);
    bad[size / 3] ^= 0x01;
    write_file(file, bad, size);
    snprintf(other, sizeof other, "%s.tmp", file);
    write_file(other, good, 100);
    finish_and_compare(dir);
    /* the intact one, put back after the end, is stale: the next run
     * removes it */
    write_file(file, good, size);
    finish_and_compare(dir);
    ttb_remove_dir(dir);
    free(good);
    free(bad);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("tb-resume");
    TCase *c = tcase_create("tb-resume");
    tcase_set_timeout(c, 120);
    tcase_add_unchecked_fixture(c, make_ref, remove_ref);
    tcase_add_test(c, resume_every_level);
    tcase_add_test(c, resume_two_threads);
    tcase_add_test(c, pause_inside_a_pass);
    tcase_add_test(c, damaged_checkpoints);
    suite_add_tcase(s, c);
    return s;
}
