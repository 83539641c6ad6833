/* SPDX-License-Identifier: MIT */
/* fanorona: a command-line front end to libfanorona. One file per command
 * (perft.c, play.c, analyze.c, show.c, svg.c), each declaring its options
 * in a table that options.c reads and prints; this file puts the commands
 * together and answers help and --version.
 *
 * Exit status: 0 success, 1 an error reported by the library or the system
 * (a depth out of range, a file or standard output that cannot be written,
 * no memory), 2 a usage or input error: a bad argument, a position string,
 * game record or move that cannot be read or is not legal (a refused text
 * is shown around the offset at fault), a file that cannot be read. */
#include "options.h"

#include <fanorona.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"

const char cli_program_name[] = "fanorona";

/* The commands, from the build's list (commands.h): a new command or
 * family is a new file named in examples/cli/meson.build. */
#define COMMAND(name) extern const cli_command cli_command_##name;
CLI_COMMANDS
#undef COMMAND

static const cli_command *const commands[] = {
#define COMMAND(name) &cli_command_##name,
    CLI_COMMANDS
#undef COMMAND
        NULL,
};

static const char general_help[] =
    "Position strings (doc/formats.md): the start is\n"
    "  BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -\n"
    "or in short form ... w 0 1. A short-form string takes the ruleset of\n"
    "--rules; a full-form one names its own, and --rules may only repeat it.\n"
    "A game record names its own too. A string or record that cannot be\n"
    "read is shown around the byte at fault, with a caret under it.\n"
    "\n"
    "Notation: squares a1..i5 (columns a..i, rows 1..5 from White's side);\n"
    "a step is from-to, a capture step ends in A (approach) or W\n"
    "(withdrawal): d3-e3W; a chain joins its steps: f4-e4W-e3A.\n"
    "\n"
    "Exit status: 0 success, 1 an error of the library or the system,\n"
    "2 a usage or input error.\n";

/* The usage lines of the program: its commands, then help and --version,
 * which are not commands of the table. */
static void print_usage(FILE *out)
{
    cli_print_usage(out, commands, NULL);
    fprintf(out, "  %s help [COMMAND]\n  %s --version\n", cli_program_name,
            cli_program_name);
}

static int help(int argc, char **argv)
{
    if (argc > 1) {
        fprintf(stderr, "%s: help takes at most one command\n",
                cli_program_name);
        print_usage(stderr);
        return EXIT_USAGE;
    }
    if (argc == 1) {
        const cli_command *cmd = cli_find(commands, argv[0]);
        if (!cmd) {
            fprintf(stderr, "%s: help: unknown command '%s'\n",
                    cli_program_name, argv[0]);
            print_usage(stderr);
            return EXIT_USAGE;
        }
        cli_print_usage(stdout, NULL, cmd);
        fputc('\n', stdout);
        cli_print_help(stdout, cmd);
        return 0;
    }
    printf("%s %s: Fanorona (Fanoron-Tsivy) with libfanorona.\n\n",
           cli_program_name, fan_version_string());
    print_usage(stdout);
    fputc('\n', stdout);
    for (int i = 0; commands[i]; i++) {
        cli_print_help(stdout, commands[i]);
        fputc('\n', stdout);
    }
    fputs(general_help, stdout);
    return 0;
}

static int run(int argc, char **argv)
{
    if (argc < 1) {
        fprintf(stderr, "%s: a command is needed\n", cli_program_name);
        print_usage(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[0];
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h"))
        return help(argc - 1, argv + 1);
    if (!strcmp(cmd, "--version")) {
        if (argc > 1) {
            fprintf(stderr, "%s: --version takes no arguments\n",
                    cli_program_name);
            print_usage(stderr);
            return EXIT_USAGE;
        }
        printf("%s\n", fan_version_string());
        return 0;
    }
    if (!cli_find(commands, cmd)) {
        fprintf(stderr, "%s: unknown command '%s'\n", cli_program_name, cmd);
        print_usage(stderr);
        return EXIT_USAGE;
    }
    return cli_dispatch(commands, argc, argv);
}

int main(int argc, char **argv)
{
    int status = run(argc - 1, argv + 1);
    /* output that could not be written is an error of the system */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: standard output: %s\n", cli_program_name,
                strerror(errno ? errno : EIO));
        if (status == 0)
            status = EXIT_LIBRARY;
    }
    return status;
}
