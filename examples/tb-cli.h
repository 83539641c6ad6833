/* SPDX-License-Identifier: MIT */
/* The "tb" subcommand of the fanorona CLI (examples/tb-cli.c). */
#ifndef FAN_TB_CLI_H
#define FAN_TB_CLI_H

/* argv[0] is the subcommand's name, argv[1] its action; returns the exit
 * status. */
int tb_command(int argc, char **argv);

#endif
