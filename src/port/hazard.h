/* SPDX-License-Identifier: MIT */
/* Hazards: what renaming a name cannot port, found where the name is
 * used, from the hazard its mapping entry names (mapping/entry.h): a
 * number compared with CUDA_VERSION or __CUDA_ARCH__, the 32-lane mask of
 * a warp function, PTX in asm. Reads tokens after the name with a copy of
 * the lexer; never changes the file. */
#ifndef C2M_PORT_HAZARD_H
#define C2M_PORT_HAZARD_H

#include "lex/lexer.h"
#include "mapping/entry.h"
#include "port/finding.h"

/* A use of a name with a hazard. */
struct hazard_site {
    const char *buf;          /* the file */
    const struct lexer *lx;   /* the lexer right after the name */
    const struct token *name; /* the name's token */
    struct token prev, prev2; /* the two significant tokens before it */
};

/* Look at the site for the hazard e names (name: e's CUDA name, as the
 * message gives it) and add a finding for what is there. */
void hazard_check(const struct hazard_site *s, const char *name,
                  const struct map_entry *e, struct finder *fd);

#endif
