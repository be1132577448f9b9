/* SPDX-License-Identifier: MIT */
/* The command line: options, --help text and the checks between options.
 * Prints what is wrong with a command line, but never exits: main.c does,
 * with the status it is given. */
#ifndef C2M_CLI_CLI_H
#define C2M_CLI_CLI_H

#include "run/options.h"

/* cli_parse's answer when the run is to go on. */
#define CLI_RUN (-1)

/* Fill *o from argv. Returns CLI_RUN, or the exit status to end with: 0
 * after --help or --version, 2 on misuse (with the synopsis on stderr).
 * The arrays in *o are freed by cli_release, whatever it returned. */
int cli_parse(int argc, char **argv, struct options *o);
void cli_release(struct options *o);

#endif
