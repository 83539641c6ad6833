/* SPDX-License-Identifier: MIT */
#include "perftdata.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Copies the next '|'-separated field of *s, trimmed, into buf. Returns 0,
 * or -1 when the field is missing or too long. */
static int field(const char **s, char *buf, size_t size)
{
    const char *p = *s, *end;
    if (!p)
        return -1;
    end = strchr(p, '|');
    *s = end ? end + 1 : NULL;
    if (!end)
        end = p + strlen(p);
    while (p < end && isspace((unsigned char)*p))
        p++;
    while (end > p && isspace((unsigned char)end[-1]))
        end--;
    if ((size_t)(end - p) >= size)
        return -1;
    memcpy(buf, p, (size_t)(end - p));
    buf[end - p] = '\0';
    return 0;
}

static int number(const char *text, uint64_t *out)
{
    char *end;
    if (!isdigit((unsigned char)text[0]))
        return -1;
    *out = strtoull(text, &end, 10);
    return *end ? -1 : 0;
}

int perft_line(perft_case *out, const char *line)
{
    const char *p = line;
    char buf[32];
    uint64_t depth;
    while (isspace((unsigned char)*p))
        p++;
    if (*p == '\0' || *p == '#')
        return 0;
    memset(out, 0, sizeof *out);
    if (field(&p, out->name, sizeof out->name) ||
        field(&p, out->position, sizeof out->position) ||
        field(&p, buf, sizeof buf) || number(buf, &depth) ||
        depth > FAN_PERFT_MAX_DEPTH)
        return -1;
    out->depth = (unsigned)depth;
    if (!p)
        return 1;
    if (field(&p, buf, sizeof buf) || number(buf, &out->unique) ||
        field(&p, buf, sizeof buf) || number(buf, &out->paths) || p)
        return -1;
    out->has_counts = 1;
    return 1;
}
