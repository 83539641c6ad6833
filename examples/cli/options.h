/* SPDX-License-Identifier: MIT */
/* The command-line parser shared by the fanorona program, fanorona-engine
 * and fanorona-match: each (sub)command declares its options in a table
 * (name, kind of argument, help text); the parser, the usage lines and the
 * help text are all made from those tables, so nothing is written twice.
 * Uses only the public API of the library. */
#ifndef FANORONA_CLI_OPTIONS_H
#define FANORONA_CLI_OPTIONS_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

/* Exit status, the same rule for every command (README): */
#define EXIT_LIBRARY 1 /* an error of the library or the system */
#define EXIT_USAGE 2   /* a usage or input error */

/* The program's name, for messages and usage lines: each program that
 * links options.c defines it ("fanorona", "fanorona-match"). */
extern const char cli_program_name[];

typedef enum cli_kind {
    CLI_FLAG,   /* --divide: no value */
    CLI_TEXT,   /* --fen STRING: any text */
    CLI_NUMBER, /* --depth N: a decimal number from lo to hi */
    CLI_CHOICE  /* --rules stop|must: one of the words of choices */
} cli_kind;

typedef struct cli_option {
    const char *name; /* "--fen"; NULL ends a table */
    cli_kind kind;
    const char *value;          /* the value in usage lines: "STRING", "N" */
    const char *const *choices; /* CLI_CHOICE: the words, NULL-terminated */
    uint64_t lo, hi;            /* CLI_NUMBER: the range */
    int group;                  /* options with the same group (not 0)
                                   exclude each other: [--a X | --b Y] */
    const char *help;           /* one line for the help text */
} cli_option;

/* What the command line said about one option, in the order of the
 * table. */
typedef struct cli_value {
    int given;
    const char *text; /* the value as typed (NULL for a flag) */
    uint64_t number;  /* CLI_NUMBER: the number; CLI_CHOICE: its index */
} cli_value;

#define CLI_OPTIONS_MAX 24
#define CLI_OPERANDS_MAX 4

typedef struct cli_command cli_command;

/* A command's work, after its arguments were read: values[i] belongs to
 * options[i]. Returns the exit status. */
typedef int cli_run_fn(const cli_command *cmd, const cli_value *values,
                       int noperands, char **operands);

/*
 * One command: "perft", or a family of commands. A family (a later
 * "fanorona chess ..." for instance) is one more file that defines a
 * cli_command with .subcommands, a table of its own commands named with
 * the family's word first ("chess perft"), and no .run; cli_dispatch()
 * follows it one word down and the usage and help show its commands. The
 * build's command list (examples/cli/meson.build) names the file;
 * no other file changes.
 */
struct cli_command {
    const char *name;          /* "perft"; "" for a program without
                                  subcommands (fanorona-match) */
    const cli_option *options; /* ended by an entry with name NULL */
    const char *operands;      /* in the usage: "DEPTH", "[STRING]" */
    int min_operands, max_operands;
    const char *note; /* an extra usage line, or NULL */
    const char *help; /* the paragraph of the help text */
    cli_run_fn *run;
    const cli_command *const *subcommands; /* a family: NULL-terminated */
};

/* Reads argv (the arguments after the command's name) by the command's
 * table and runs it. A usage error is reported, with the command's usage
 * lines, as exit status 2. "--help" prints the command's help. */
int cli_run(const cli_command *cmd, int argc, char **argv);

/* Finds the command named argv[0] in table (NULL-terminated) and runs it
 * with the rest; follows a family's subcommands. Unknown: status 2. */
int cli_dispatch(const cli_command *const *table, int argc, char **argv);

/* Finds a command by its words; NULL when there is none. */
const cli_command *cli_find(const cli_command *const *table, const char *name);

/* The usage lines of a command (with its family's commands) or, for
 * NULL, of every command of table, as "  PROGRAM NAME OPTIONS...". */
void cli_print_usage(FILE *out, const cli_command *const *table,
                     const cli_command *cmd);
/* The help paragraph of a command and its options, one a line. */
void cli_print_help(FILE *out, const cli_command *cmd);

/* "PROGRAM: MESSAGE", then "Usage:" and the usage lines of cmd (of the
 * whole table when cmd is NULL) on stderr. Returns EXIT_USAGE. */
int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The exit status for an error code of the library: EXIT_USAGE for the
 * codes that refuse what the user gave (an illegal, ambiguous or
 * unreadable move or position, a finished game), else EXIT_LIBRARY. */
int cli_exit_status(int code);
/* "PROGRAM: WHAT: the library's message" on stderr; cli_exit_status(). */
int cli_library_error(const char *what, int code);

/* A decimal number of digits only (no sign, no spaces) that fits 64
 * bits: 0 with *out set, -1 otherwise. */
int cli_parse_unsigned(const char *text, uint64_t *out);

/* The value of --rules (FAN_RULES_STOP or FAN_RULES_MUST), or -1 when it
 * was not given. */
extern const char *const cli_rules_choices[];
int cli_rules(const cli_value *value);

#define CLI_OPTION_RULES                                                       \
    {                                                                          \
        .name = "--rules", .kind = CLI_CHOICE, .choices = cli_rules_choices,   \
        .help =                                                                \
            "stop (the default): a chain may end after any capture; must: "    \
            "it goes on while it can"                                          \
    }
#define CLI_OPTION_FEN                                                         \
    {                                                                          \
        .name = "--fen", .kind = CLI_TEXT, .value = "STRING",                  \
        .help = "the position string to start from (default: the start)"       \
    }

#endif
