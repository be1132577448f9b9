/* SPDX-License-Identifier: MIT */
/* The command line: options, --help text and the checks between options. */
#ifndef C2M_CLI_H
#define C2M_CLI_H

#include "run/options.h"

/* Fill *o from argv. Exits: 0 after --help or --version, 2 (with the
 * synopsis on stderr) on misuse. The arrays in *o are freed by
 * cli_release. */
void cli_parse(int argc, char **argv, struct options *o);
void cli_release(struct options *o);

#endif
