/* SPDX-License-Identifier: MIT */
/* The table-driven option parser of the command-line programs
 * (examples/cli/options.c), on a made-up program: every kind of option,
 * "=" and separate values, exclusive groups, operands, the usage lines
 * made from the tables, and a family of commands one word down (as a
 * later "fanorona chess ..." would be). Exit status 0 when all hold. */
#define _POSIX_C_SOURCE 200809L
#include "options.h"

#include <fanorona.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cli_program_name[] = "demo";

static int failures;

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                     \
        }                                                                   \
    } while (0)

/* What the last run saw. */
static struct {
    const char *cmd;
    cli_value v[CLI_OPTIONS_MAX];
    int noperands;
    char *operands[CLI_OPERANDS_MAX];
} seen;

static int record(const cli_command *cmd, const cli_value *v, int noperands,
                  char **operands)
{
    seen.cmd = cmd->name;
    memcpy(seen.v, v, sizeof seen.v);
    seen.noperands = noperands;
    for (int i = 0; i < noperands; i++)
        seen.operands[i] = operands[i];
    return 0;
}

static const char *const colours[] = {"red", "green", "blue", NULL};

enum { O_FLAG, O_TEXT, O_NUM, O_COLOUR, O_A, O_B };
static const cli_option opts[] = {
    [O_FLAG] = {.name = "--flag", .kind = CLI_FLAG, .help = "a flag"},
    [O_TEXT] = {.name = "--text", .kind = CLI_TEXT, .value = "WORDS",
                .help = "any text"},
    [O_NUM] = {.name = "--num", .kind = CLI_NUMBER, .value = "N", .lo = 2,
               .hi = 9, .help = "two to nine"},
    [O_COLOUR] = {.name = "--colour", .kind = CLI_CHOICE,
                  .choices = colours, .help = "a colour"},
    [O_A] = {.name = "--a", .kind = CLI_TEXT, .value = "X", .group = 1,
             .help = "a or b"},
    [O_B] = {.name = "--b", .kind = CLI_TEXT, .value = "Y", .group = 1,
             .help = "b or a"},
    {0},
};

static const cli_command one = {
    .name = "one", .options = opts, .operands = "FIRST [SECOND]",
    .min_operands = 1, .max_operands = 2, .help = "the first command",
    .run = record};
static const cli_command fam_x = {
    .name = "fam x", .options = opts, .help = "x of the family",
    .run = record};
static const cli_command fam_y = {
    .name = "fam y", .operands = "Z", .min_operands = 1, .max_operands = 1,
    .help = "y of the family", .run = record};
static const cli_command *const fam_table[] = {&fam_x, &fam_y, NULL};
static const cli_command fam = {.name = "fam", .subcommands = fam_table};
static const cli_command *const table[] = {&one, &fam, NULL};

static int run(const char *line)
{
    char buf[512], *argv[32];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok(buf, " "); t && argc < 32; t = strtok(NULL, " "))
        argv[argc++] = t;
    memset(&seen, 0, sizeof seen);
    return cli_dispatch(table, argc, argv);
}

int main(void)
{
    CHECK(run("one --flag --text=hello --num 5 --colour blue --a q first") ==
          0);
    CHECK(seen.cmd && strcmp(seen.cmd, "one") == 0);
    CHECK(seen.v[O_FLAG].given && seen.v[O_TEXT].given);
    CHECK(strcmp(seen.v[O_TEXT].text, "hello") == 0);
    CHECK(seen.v[O_NUM].number == 5 && seen.v[O_COLOUR].number == 2);
    CHECK(seen.v[O_A].given && !seen.v[O_B].given);
    CHECK(seen.noperands == 1 && strcmp(seen.operands[0], "first") == 0);
    CHECK(run("one first second") == 0 && seen.noperands == 2);

    /* refusals: exit status 2, the command not run */
    const char *bad[] = {
        "one",                    /* a missing operand */
        "one a b c",              /* one too many */
        "one --num 1 a",          /* below the range */
        "one --num 10 a",         /* above it */
        "one --num x a",          /* not a number */
        "one --num -3 a",         /* no sign */
        "one --colour pink a",    /* not a choice */
        "one --flag=1 a",         /* a flag takes no value */
        "one --text",             /* a missing value */
        "one --a 1 --b 2 a",      /* one of a group */
        "one --bogus a",          /* unknown */
        "one --fla a",            /* no abbreviations */
        "two",                    /* no such command */
        "fam",                    /* a family needs its command */
        "fam z",                  /* not one of the family */
        "fam y",                  /* its operand is missing */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int status = run(bad[i]);
        if (status != EXIT_USAGE || seen.cmd)
            fprintf(stderr, "FAIL: '%s' -> %d\n", bad[i], status);
        failures += status != EXIT_USAGE || seen.cmd != NULL;
    }

    /* a family, one word down */
    CHECK(run("fam x --num=9") == 0);
    CHECK(seen.cmd && strcmp(seen.cmd, "fam x") == 0);
    CHECK(seen.v[O_NUM].number == 9);
    CHECK(run("fam y zz") == 0 && strcmp(seen.cmd, "fam y") == 0);
    CHECK(cli_find(fam_table, "y") == &fam_y && !cli_find(table, "y"));

    /* the usage lines: every option once, groups joined, wrapped */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cli_print_usage(out, table, NULL);
    fclose(out);
    CHECK(strstr(text, "Usage:\n  demo one [--flag] [--text WORDS] [--num N]"
                       " [--colour red|green|blue]\n") != NULL);
    CHECK(strstr(text, "[--a X | --b Y] FIRST [SECOND]\n") != NULL);
    CHECK(strstr(text, "\n  demo fam x [--flag]") != NULL);
    CHECK(strstr(text, "\n  demo fam y Z\n") != NULL);
    for (char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        CHECK(n <= 79);
        p += n + (p[n] != '\0');
    }
    free(text);

    CHECK(cli_exit_status(FAN_OK) == 0);
    CHECK(cli_exit_status(FAN_EILLEGAL) == EXIT_USAGE);
    CHECK(cli_exit_status(FAN_ENOMEM) == EXIT_LIBRARY);
    uint64_t n = 0;
    CHECK(cli_parse_unsigned("18446744073709551615", &n) == 0 &&
          n == UINT64_MAX);
    CHECK(cli_parse_unsigned("18446744073709551616", &n) < 0);
    CHECK(cli_parse_unsigned("", &n) < 0 && cli_parse_unsigned("1 ", &n) < 0);
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures != 0;
}
