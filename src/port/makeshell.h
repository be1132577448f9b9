/* SPDX-License-Identifier: MIT */
/* A makefile line's tokens (lex/make.h) with a recipe's words as the
 * shell reads them: split at its operators outside quotes, each run of
 * them a word of its own (echo x;nvcc -G, (nvcc -G), a&&b), and a quoted
 * blank kept in its word (-Xptxas "-v -O3", -DM="a b"). A reference in
 * the quotes ("$(INC)", "$$X") ends the word before it, as any token
 * does, but not the quote. Private to port/. */
#ifndef C2M_PORT_MAKESHELL_H
#define C2M_PORT_MAKESHELL_H

#include <stddef.h>

#include "lex/make.h"

/* The line's tokens v[0..nv) of buf, so split, into *out (grown as
 * ALLOC_GROW does, *alloc its size): how many. */
size_t make_shell_split(const char *buf, const struct make_token *v, size_t nv,
                        struct make_token **out, size_t *alloc);

#endif
