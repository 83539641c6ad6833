/* SPDX-License-Identifier: MIT */
/* fanorona-tb: the "tb" subcommand as a program of its own, until the
 * fanorona CLI dispatches to tb_command() itself. */
#include "tb-cli.h"

int main(int argc, char **argv)
{
    return tb_command(argc, argv);
}
