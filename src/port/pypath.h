/* SPDX-License-Identifier: MIT */
/* Paths that Python code builds (python.c): os.path.join and pathlib
 * arguments, f-string pieces and the names given such paths, put
 * together and resolved as a whole, so that each string piece follows the
 * run's renames of files and directories (csrc/cuda/ -> csrc/musa/ with
 * --rename-project), a bare 'cuda' among them too when it names a
 * directory of the run. Private to port/. */
#ifndef C2M_PORT_PYPATH_H
#define C2M_PORT_PYPATH_H

#include <stdbool.h>
#include <stddef.h>

#include "lex/python.h"
#include "port/pytok.h"
#include "port/scriptjob.h"

struct hashmap;
struct pypath;

/* Over the significant tokens t[0..n) of j's file (logical newlines
 * among them). setup: a PyTorch extension's setup, whose relative paths
 * are from its own directory (elsewhere only paths built from __file__
 * are). imported: the names imported from a module the port renames,
 * imported_as: the names they are imported as (name -> entry). Learns
 * the paths that names are given once (x = os.path.join('csrc',
 * 'cuda')). */
struct pypath *pypath_new(struct script_job *j, const struct py_token *t,
                          size_t n, bool setup, const struct hashmap *imported,
                          const struct hashmap *imported_as, bool star);
void pypath_free(struct pypath *pp);

/* Is the path pypath_port last ported a CUDA library's file in the
 * toolkit's home (CUDA_HOME + '/lib64/libcudart.so')? */
bool pypath_library(const struct pypath *pp);

/* Is the f-string field piece pc ({CUDA_HOME}) the toolkit's home, and
 * nothing after it? */
bool pypath_home_field(struct pypath *pp, const struct py_token *pc);

/* The tokens ported, and where a long '+' chain in them ends. */
struct pypath_tokens {
    struct py_code c;
    size_t plain_until;
};

/* Port the tokens t[0..n) instead of those ported now (the code of an
 * f-string's field), until pypath_tokens_back is given what it returns. */
struct pypath_tokens pypath_tokens(struct pypath *pp, const struct py_token *t,
                                   size_t n);
void pypath_tokens_back(struct pypath *pp, struct pypath_tokens was);

/* A path expression starting at token i (os.path.join(...), Path(...),
 * a path / 'x' chain): its pieces follow the renames (or are reported).
 * Returns the index past it, or i when none starts there. */
size_t pypath_port(struct pypath *pp, size_t i);

#endif
