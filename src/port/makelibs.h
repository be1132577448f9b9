/* SPDX-License-Identifier: MIT */
/* Libraries a makefile names alone, not as -lX words (make.c asks):
 * caffe's LIBRARIES := cudart cublas linked by
 * $(foreach library,$(LIBRARIES),-l$(library)), nccl-tests' CUDARTLIB ?=
 * cudart linked by -l${CUDARTLIB}, and $(addprefix -l,cudart cublas).
 * Which variables hold such names is found before the port; their
 * values' words are then renamed as a -lX's name is. Private to port/. */
#ifndef C2M_PORT_MAKELIBS_H
#define C2M_PORT_MAKELIBS_H

#include <stdbool.h>
#include <stddef.h>

#include "lex/make.h"
#include "port/makevars.h"
#include "port/scriptjob.h"

/* The variables a line's tokens t[0..n) link by name: into v. */
void mklibs_read(struct mk_vars *v, const char *buf, const struct make_token *t,
                 size_t n);
/* Does the line t[0..n) assign a variable that holds library names? */
bool mklibs_assigns(const struct mk_vars *v, const char *buf,
                    const struct make_token *t, size_t n);
/* The names of $(addprefix -l,...) opening at i: renamed. */
void mklibs_addprefix(struct script_job *j, const char *buf,
                      const struct make_token *t, size_t n, size_t i);

#endif
