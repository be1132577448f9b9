/* SPDX-License-Identifier: MIT */
/* Libraries a makefile names alone, not as -lX words (make.c asks):
 * caffe's LIBRARIES := cudart cublas linked by
 * $(foreach library,$(LIBRARIES),-l$(library)), nccl-tests' CUDARTLIB ?=
 * cudart linked by -l${CUDARTLIB}, and $(addprefix -l,cudart cublas);
 * and $(addprefix -Xcompiler ,...), whose list is mcc's own options.
 * Which variables hold such names is found before the port; their
 * values' words are then renamed as a -lX's name is. Private to port/. */
#ifndef C2M_PORT_MAKELIBS_H
#define C2M_PORT_MAKELIBS_H

#include <stdbool.h>
#include <stddef.h>

#include "lex/make.h"
#include "port/makevars.h"
#include "port/scriptjob.h"

/* The tokens of a line, t[0..n), as this and makearch.c read them: is
 * t the word s? The variable a plain reference $(NAME) at i reads, or
 * NULL. Is i the opening of $(FUNC ...), and where do its arguments
 * start (0: it is not)? Where does the function opening at i end (its
 * ')'; n: nowhere)? */
bool mk_word_is(const char *buf, const struct make_token *t, const char *s);
/* Are tokens a and b the same text? */
/* NAME=value in a recipe (LD_LIBRARY_PATH=/usr/local/cuda/lib64 ./app,
 * $(MAKE) CUDA_PATH=/usr/local/cuda), its '=' at eq: the environment's
 * name, and a path in the toolkit's home. */
void mk_env_assignment(struct script_job *j, const struct make_token *t,
                       size_t eq);
bool mk_same(const char *buf, const struct make_token *a,
             const struct make_token *b);
const struct make_token *mk_ref_at(const struct make_token *t, size_t n,
                                   size_t i);
size_t mk_function(const char *buf, const struct make_token *t, size_t n,
                   size_t i, const char *func);
size_t mk_function_end(const struct make_token *t, size_t n, size_t i);

/* The variables a line's tokens t[0..n) link by name: into v. */
void mklibs_read(struct mk_vars *v, const char *buf, const struct make_token *t,
                 size_t n);
/* Does the line t[0..n) assign a variable that holds library names? */
bool mklibs_assigns(const struct mk_vars *v, const char *buf,
                    const struct make_token *t, size_t n);
/* The names of $(addprefix -l,...) opening at i: renamed. */
void mklibs_addprefix(struct script_job *j, const char *buf,
                      const struct make_token *t, size_t n, size_t i);
/* $(addprefix -Xcompiler ,LIST) opening at i, in what nvcc reads: LIST
 * alone (mcc is its own host compiler). Returns the index of the ','
 * after the prefix, or 0 when it is no such call. */
size_t mklibs_unwrap(struct script_job *j, const char *buf,
                     const struct make_token *t, size_t n, size_t i);
/* Such a call opening at i in the value of the variable name: name reads
 * the variables of LIST whole (they become mcc's own options), into v. */
void mklibs_unwrap_read(struct mk_vars *v, const struct nvcc_table *nv,
                        const char *buf, const struct make_token *t, size_t n,
                        size_t i, const struct make_token *name);

#endif
