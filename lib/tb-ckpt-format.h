/* SPDX-License-Identifier: MIT */
/* The checkpoint file's header layout (lib/tb-checkpoint.c): shared with
 * the CLI, which reads a checkpoint's header to report a resume
 * (examples/cli/tb.c). Plain constants, no functions. */
#ifndef FAN_TB_CKPT_FORMAT_H
#define FAN_TB_CKPT_FORMAT_H

#define CK_MAGIC "FANCK\r\n\032"
#define CK_VERSION 2 /* version 1 held the full index */

/* header offsets, little-endian fields */
enum {
    C_MAGIC = 0,
    C_VERSION = 8,
    C_RULES = 12,
    C_OWN = 16,
    C_OPP = 20,
    C_NTAB = 24,
    C_PHASE = 28,
    C_ENTRIES0 = 32,
    C_ENTRIES1 = 40,
    C_AT = 48,
    C_LEVEL = 56,
    C_MAXV = 60,
    C_POSITIONS0 = 64, /* placements (full index), for progress reports */
    C_POSITIONS1 = 72,
    C_HEADER_USED = 80 /* the bytes above; version 1 used 64 */
};

#endif
