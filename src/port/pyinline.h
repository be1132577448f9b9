/* SPDX-License-Identifier: MIT */
/* C++ in a Python file's strings: torch.utils.cpp_extension.load_inline
 * (cuda_sources=..., cpp_sources=...) compiles them at run time, so they
 * are ported as the C/C++ sources are (port/rewrite.h): whole tokens
 * renamed, headers mapped, findings said at their place in the .py. A
 * string given by a name is followed to its assignment; an f-string or
 * bytes is not C++ the port can see. Private to port/. */
#ifndef C2M_PORT_PYINLINE_H
#define C2M_PORT_PYINLINE_H

#include <stddef.h>

#include "port/pytok.h"
#include "port/scriptjob.h"

/* Port the C++ strings of c (the significant tokens of j's file); mark
 * each string token ported in done[0..c->n), which the Python rewriter
 * then leaves alone. */
void pyinline_port(struct script_job *j, const struct py_code *c,
                   unsigned char *done);

#endif
