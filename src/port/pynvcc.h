/* SPDX-License-Identifier: MIT */
/* Where nvcc's options reach the 'nvcc' key of a PyTorch extension's
 * setup through names and functions (python.c asks): flash-attention's
 * cc_flag.append('-gencode') ... {'nvcc': [...] + cc_flag}, its
 * append_nvcc_threads([...]) that returns the list and more, DeepSpeed's
 * {'nvcc': self.nvcc_args()} whose body builds args. Worked out before the
 * port: the value of the key (and of a name that says nvcc) is an
 * expression of nvcc's options; so is what a name it reads is given
 * (NAME = ..., NAME += ..., NAME.append/extend/insert(...)) in its scope,
 * and what a function it calls returns, the file's own 'def'. A name
 * that is an item of a list is an option's value, not a list. Private to
 * port/. */
#ifndef C2M_PORT_PYNVCC_H
#define C2M_PORT_PYNVCC_H

#include <stdbool.h>
#include <stddef.h>

#include "port/pytok.h"

struct pynvcc;

/* The expressions of c's tokens that make nvcc's options; key says
 * whether the string at a token is the device compiler's key ('nvcc', or
 * what the port makes of it). Only in an extension's file (extension)
 * are a key's and a name's (nvcc_flags = [...]) seeds: elsewhere such a
 * list may be given to nvcc itself, which stays; what a def nvcc_args()
 * returns is one anywhere. NULL when there is none. */
struct pynvcc *pynvcc_new(const struct py_code *c, bool extension,
                          bool (*key)(void *arg, size_t i), void *arg);
void pynvcc_free(struct pynvcc *v);

/* Is token i inside such an expression? */
bool pynvcc_in(const struct pynvcc *v, size_t i);
/* Is the '(' at i the call that adds one option to such a name
 * (cc_flag.append('-gencode'), cc_flag.insert(0, '-O3'))? Its string is
 * a word of nvcc's that cannot go alone: the call would be left empty. */
bool pynvcc_adds(const struct pynvcc *v, size_t i);

#endif
