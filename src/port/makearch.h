/* SPDX-License-Identifier: MIT */
/* A makefile's CUDA architectures held in variables, for the make
 * rewriter (make.c): the CUDA samples' idiom and its kin,
 *
 *     SMS ?= 70 75 80
 *     $(foreach sm,$(SMS),$(eval GENCODE_FLAGS += \
 *         -gencode arch=compute_$(sm),code=sm_$(sm)))
 *     HIGHEST_SM := $(lastword $(sort $(SMS)))
 *     GENCODE_FLAGS += -gencode arch=compute_$(HIGHEST_SM),...
 *     k.o: k.cu ; $(NVCC) -arch=sm_$(SM) -c $<
 *
 * A variable that an architecture option of nvcc's reads alone, after
 * sm_ or compute_, holds architectures, or the list a foreach walks when
 * it is the loop's variable; so does one whose value picks one of them. The
 * port makes their values MUSA's (21 22), and an architecture option built from
 * them alone becomes
 * --offload-arch=mp_$(V), as cmakeloop.h does for CMake. Private to
 * port/. */
#ifndef C2M_PORT_MAKEARCH_H
#define C2M_PORT_MAKEARCH_H

#include <stdbool.h>
#include <stddef.h>

#include "lex/make.h"
#include "port/makevars.h"
#include "port/scriptjob.h"

/* The variables the line t[0..n) reads architectures from: into v. */
void mkarch_read(struct mk_vars *v, const struct nvcc_table *nv,
                 const char *buf, const struct make_token *t, size_t n);
/* The line t[0..n) assigns architectures: its values are made MUSA's.
 * (A port's own values are no architectures of CUDA's: a second port
 * finds no option that reads them so, and leaves them.) */
void mkarch_values(struct script_job *j, const struct mk_vars *v,
                   const struct make_token *t, size_t n);
/* An architecture option at i built from such variables alone (that
 * this file assigns words alone): made --offload-arch=mp_$(V); returns
 * the index of its last token. Any other use of them that reads their
 * values is said; 0 comes back. */
size_t mkarch_token(struct script_job *j, const struct mk_vars *v,
                    const struct make_token *t, size_t n, size_t i);

#endif
