/* SPDX-License-Identifier: MIT */
/* The table-driven command-line parser (options.h): reading arguments,
 * usage lines and help text, all from the commands' option tables. */
#include "options.h"

#include <fanorona.h>

#include <ctype.h>
#include <stdarg.h>
#include <string.h>

/* Usage and help lines are wrapped to fit this many columns. */
#define WIDTH 79

const char *const cli_rules_choices[] = {"stop", "must", NULL};

int cli_rules(const cli_value *value)
{
    if (!value->given)
        return -1;
    return value->number == 1 ? FAN_RULES_MUST : FAN_RULES_STOP;
}

int cli_parse_unsigned(const char *text, uint64_t *out)
{
    uint64_t n = 0;
    if (!text || !*text)
        return -1;
    for (const char *p = text; *p; p++) {
        if (!isdigit((unsigned char) *p))
            return -1;
        unsigned digit = (unsigned) (*p - '0');
        if (n > (UINT64_MAX - digit) / 10)
            return -1;
        n = n * 10 + digit;
    }
    *out = n;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Text of the tables                                                  */

/* A line being filled: words are added with wrapping, continuation lines
 * indented by 'indent' columns. */
typedef struct line_out {
    FILE *out;
    size_t column, indent;
} line_out;

static void put_word(line_out *l, const char *word, size_t len)
{
    /* a line holds at least one word; at the indent no space is due */
    if (l->column != l->indent && l->column + 1 + len > WIDTH) {
        fprintf(l->out, "\n%*s", (int) l->indent, "");
        l->column = l->indent;
    } else if (l->column != l->indent) {
        fputc(' ', l->out);
        l->column++;
    }
    fprintf(l->out, "%.*s", (int) len, word);
    l->column += len;
}

/* The words of text, wrapped. */
static void put_words(line_out *l, const char *text)
{
    for (const char *p = text; *p;) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (len)
            put_word(l, p, len);
        p += len;
    }
}

/* How an option is written in usage lines: "--fen STRING",
 * "--rules stop|must", "--divide". */
static void option_text(char *buf, size_t size, const cli_option *o)
{
    size_t len = (size_t) snprintf(buf, size, "%s", o->name);
    if (o->kind == CLI_CHOICE) {
        for (int i = 0; o->choices[i] && len < size; i++)
            len += (size_t) snprintf(buf + len, size - len, "%c%s",
                                     i ? '|' : ' ', o->choices[i]);
    } else if (o->kind != CLI_FLAG && len < size) {
        snprintf(buf + len, size - len, " %s", o->value);
    }
}

static const char *label(const cli_command *cmd)
{
    return cmd->name[0] ? cmd->name : cli_program_name;
}

static void print_command_usage(FILE *out, const cli_command *cmd)
{
    if (cmd->subcommands) {
        for (int i = 0; cmd->subcommands[i]; i++)
            print_command_usage(out, cmd->subcommands[i]);
        return;
    }
    line_out l = {out, 0, 0};
    fprintf(out, "  %s%s%s", cli_program_name, cmd->name[0] ? " " : "",
            cmd->name);
    l.column = 2 + strlen(cli_program_name) +
               (cmd->name[0] ? 1 + strlen(cmd->name) : 0);
    l.indent = l.column + 1;
    const cli_option *opts = cmd->options;
    for (int i = 0; opts && opts[i].name; i++) {
        int first = 1; /* the first of its group, which prints the group */
        for (int k = 0; k < i && opts[i].group; k++)
            first &= opts[k].group != opts[i].group;
        if (!first)
            continue;
        char token[256];
        size_t len = 0;
        for (int k = i; opts[k].name; k++) {
            if (k != i && (!opts[i].group || opts[k].group != opts[i].group))
                continue;
            char one[128];
            option_text(one, sizeof one, &opts[k]);
            len += (size_t) snprintf(token + len, sizeof token - len, "%s%s",
                                     k == i ? "[" : " | ", one);
            if (len >= sizeof token)
                len = sizeof token - 1;
        }
        snprintf(token + len, sizeof token - len, "]");
        put_word(&l, token, strlen(token));
    }
    if (cmd->operands)
        put_word(&l, cmd->operands, strlen(cmd->operands));
    fputc('\n', out);
    if (cmd->note)
        fprintf(out, "%*s%s\n", (int) l.indent, "", cmd->note);
}

void cli_print_usage(FILE *out, const cli_command *const *table,
                     const cli_command *cmd)
{
    fputs("Usage:\n", out);
    if (cmd) {
        print_command_usage(out, cmd);
        return;
    }
    for (int i = 0; table[i]; i++)
        print_command_usage(out, table[i]);
}

void cli_print_help(FILE *out, const cli_command *cmd)
{
    if (cmd->subcommands) {
        for (int i = 0; cmd->subcommands[i]; i++)
            cli_print_help(out, cmd->subcommands[i]);
        return;
    }
    /* "perft   counts ...": the paragraph beside the name */
    const size_t indent = 8;
    const char *name = label(cmd);
    if (strlen(name) < indent)
        fprintf(out, "%-*s", (int) indent, name);
    else /* the paragraph under a long name */
        fprintf(out, "%s\n%*s", name, (int) indent, "");
    line_out l = {out, indent, indent};
    if (cmd->help)
        put_words(&l, cmd->help);
    fputc('\n', out);
    for (int i = 0; cmd->options && cmd->options[i].name; i++) {
        const cli_option *o = &cmd->options[i];
        char text[128];
        option_text(text, sizeof text, o);
        fprintf(out, "%*s%s:", (int) indent, "", text);
        line_out h = {out, indent + strlen(text) + 1, indent + 4};
        put_words(&h, o->help);
        fputc('\n', out);
    }
}

/* ------------------------------------------------------------------ */
/* Errors                                                              */

int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cli_program_name);
    vfprintf(stderr, fmt, ap);
    fputs("\n", stderr);
    va_end(ap);
    if (cmd)
        cli_print_usage(stderr, NULL, cmd);
    return EXIT_USAGE;
}

int cli_exit_status(int code)
{
    switch (code) {
    case FAN_OK:
        return 0;
    case FAN_EILLEGAL:
    case FAN_EAMBIGUOUS:
    case FAN_EGAMEOVER:
    case FAN_EPARSE:
    case FAN_EPOSITION:
        return EXIT_USAGE;
    default:
        return EXIT_LIBRARY;
    }
}

int cli_library_error(const char *what, int code)
{
    fprintf(stderr, "%s: %s: %s\n", cli_program_name, what, fan_strerror(code));
    return cli_exit_status(code);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

/* What an option takes, for its error message. */
static int bad_value(const cli_command *cmd, const cli_option *o)
{
    if (o->kind == CLI_NUMBER)
        return cli_usage_error(cmd, "%s takes a number from %llu to %llu",
                               o->name, (unsigned long long) o->lo,
                               (unsigned long long) o->hi);
    if (o->kind == CLI_CHOICE) {
        char words[128];
        size_t len = 0;
        words[0] = '\0';
        for (int i = 0; o->choices[i] && len < sizeof words; i++)
            len += (size_t) snprintf(words + len, sizeof words - len, "%s%s",
                                     !i                  ? ""
                                     : o->choices[i + 1] ? ", "
                                                         : " or ",
                                     o->choices[i]);
        return cli_usage_error(cmd, "%s takes %s", o->name, words);
    }
    if (o->kind == CLI_FLAG)
        return cli_usage_error(cmd, "%s takes no value", o->name);
    return cli_usage_error(cmd, "%s takes %s", o->name, o->value);
}

/* Stores the value text of option o; EXIT_USAGE when it does not fit. */
static int take_value(const cli_command *cmd, const cli_option *o, cli_value *v,
                      const char *text)
{
    v->given = 1;
    v->text = text;
    if (o->kind == CLI_NUMBER) {
        if (cli_parse_unsigned(text, &v->number) < 0 || v->number < o->lo ||
            v->number > o->hi)
            return bad_value(cmd, o);
    } else if (o->kind == CLI_CHOICE) {
        for (v->number = 0; o->choices[v->number]; v->number++)
            if (strcmp(o->choices[v->number], text) == 0)
                return 0;
        return bad_value(cmd, o);
    }
    return 0;
}

int cli_run(const cli_command *cmd, int argc, char **argv)
{
    cli_value values[CLI_OPTIONS_MAX];
    char *operands[CLI_OPERANDS_MAX];
    int noperands = 0, nopts = 0;
    memset(values, 0, sizeof values);
    while (cmd->options && cmd->options[nopts].name)
        nopts++;
    if (nopts > CLI_OPTIONS_MAX || cmd->max_operands > CLI_OPERANDS_MAX) {
        /* a table larger than the parser's room: a bug of the program */
        fprintf(stderr, "%s: %s: too many options or operands declared\n",
                cli_program_name, label(cmd));
        return EXIT_LIBRARY;
    }
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0) {
            cli_print_usage(stdout, NULL, cmd);
            fputc('\n', stdout);
            cli_print_help(stdout, cmd);
            return 0;
        }
        if (arg[0] != '-' || arg[1] == '\0') {
            if (noperands == cmd->max_operands)
                return cli_usage_error(
                    cmd, "%s: unexpected argument '%s'%s", label(cmd), arg,
                    cmd->max_operands ? " (quote a value with spaces)" : "");
            operands[noperands++] = argv[i];
            continue;
        }
        size_t len = strcspn(arg, "=");
        int k = 0;
        while (k < nopts && (strncmp(cmd->options[k].name, arg, len) != 0 ||
                             cmd->options[k].name[len] != '\0'))
            k++;
        if (k == nopts)
            return cli_usage_error(cmd, "%s: unknown option '%.*s'", label(cmd),
                                   (int) len, arg);
        const cli_option *o = &cmd->options[k];
        if (o->kind == CLI_FLAG) {
            if (arg[len] == '=')
                return bad_value(cmd, o);
            values[k].given = 1;
            continue;
        }
        const char *text = arg[len] == '=' ? arg + len + 1
                           : i + 1 < argc  ? argv[++i]
                                           : NULL;
        if (!text)
            return bad_value(cmd, o);
        int status = take_value(cmd, o, &values[k], text);
        if (status)
            return status;
    }
    for (int i = 0; i < nopts; i++)
        for (int k = i + 1; k < nopts; k++)
            if (cmd->options[i].group &&
                cmd->options[i].group == cmd->options[k].group &&
                values[i].given && values[k].given)
                return cli_usage_error(cmd, "%s takes %s or %s, not both",
                                       label(cmd), cmd->options[i].name,
                                       cmd->options[k].name);
    if (noperands < cmd->min_operands)
        return cli_usage_error(cmd, "%s needs %s", label(cmd), cmd->operands);
    return cmd->run(cmd, values, noperands, operands);
}

const cli_command *cli_find(const cli_command *const *table, const char *name)
{
    for (int i = 0; table[i]; i++) {
        const char *own = table[i]->name, *word = strrchr(own, ' ');
        if (strcmp(word ? word + 1 : own, name) == 0)
            return table[i];
    }
    return NULL;
}

int cli_dispatch(const cli_command *const *table, int argc, char **argv)
{
    if (argc < 1) {
        fprintf(stderr, "%s: a command is needed\n", cli_program_name);
        cli_print_usage(stderr, table, NULL);
        return EXIT_USAGE;
    }
    const cli_command *cmd = cli_find(table, argv[0]);
    if (!cmd) {
        fprintf(stderr, "%s: unknown command '%s'\n", cli_program_name,
                argv[0]);
        cli_print_usage(stderr, table, NULL);
        return EXIT_USAGE;
    }
    if (cmd->subcommands)
        return cli_dispatch(cmd->subcommands, argc - 1, argv + 1);
    return cli_run(cmd, argc - 1, argv + 1);
}
