/* SPDX-License-Identifier: MIT */
/* The names of a Python file's code (python.c asks): the modules of
 * python: modules: it imports (torch.utils.cpp_extension) and the names
 * they bring (CUDAExtension), renamed at the import and at every use;
 * qualified names of python: qualified: (torch.cuda.is_available); and
 * the symbols looked up on a handle that ctypes loaded a CUDA library
 * into (lib.cudaMalloc). Private to port/. */
#ifndef C2M_PORT_PYNAMES_H
#define C2M_PORT_PYNAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "port/pytok.h"
#include "port/scriptjob.h"
#include "util/hashmap.h"

struct pynames {
    struct script_job *j;
    struct hashmap names;   /* imported names renamed: name -> entry */
    struct hashmap as;      /* the names they are imported as (from m
                               import CUDA_HOME as home): name -> entry */
    struct hashmap handles; /* variables holding a loaded library */
    struct hashmap modules; /* names import binds to a module (import x) */
    struct hashmap defs;    /* names the file defines a function of */
    struct hashmap own;     /* attributes the file sets or names itself:
                               x.NAME = ..., f(NAME=...), '--NAME' */
    struct hashmap aliases; /* names an import binds to a module: name ->
                               struct pyalias (torch, th, cpp_extension) */
    bool extension;         /* imports a module of python: modules: */
    bool torch;             /* imports torch or a module of it */
    bool torch_musa;        /* imports torch_musa (after the port) */
    bool other_gpu;         /* imports another GPU library (numba, cupy) */
    bool star;              /* from the module import *: all its names */
    bool warned_torch;      /* said that torch.musa needs torch_musa */
    bool warned_import;     /* said that a module's port is not imported */
    bool warned_capability; /* said what get_device_capability returns */
    size_t torch_end;       /* after the first import of torch at the
                               module's top (0: none) */
    size_t torch_start;     /* ... and where that statement starts */
    size_t *shadows;        /* per function whose parameter has an alias's name
                               (def f(cuda=False) beside from torch import cuda):
                               from, to (offsets: its body), and
                               the parameter's offset */
    size_t nshadows, shadows_alloc;
    const char *registers; /* an import renamed to torch.musa..., or NULL */
    size_t registers_at;   /* ... where */
};

/* The import statements of the file c: ported, and what they bring
 * noted in m (zeroed but for j). */
void pynames_imports(struct pynames *m, const struct py_code *c);
/* The text of a string at [off, off + len) of a file that imports
 * torch, which pytest or timeit may run as code
 * (skipif('not torch.cuda.is_available()'), Timer(stmt='...')) or name
 * a tensor type ('torch.cuda.HalfTensor'): its torch.cuda renamed, as
 * the code's is; not a docstring's, which is prose. Whether it held
 * any. */
bool pynames_code_string(struct pynames *m, size_t off, size_t len);
/* After pynames_imports: the functions and lambdas of c with a
 * parameter named as an alias, in whose body the name is theirs. */
void pynames_shadows(struct pynames *m, const struct py_code *c);
/* The name at i of code c (the file's, or an f-string field's): an
 * imported name renamed, a symbol on a library's handle, torch.cuda.
 * Returns the index of the last token it took. */
size_t pynames_name(struct pynames *m, const struct py_code *c, size_t i);
/* The dotted name in sb, whose first part a name an import binds to a
 * module may be (ct.CDLL after import ctypes as ct): spelt with the
 * module's path (ctypes.CDLL). */
void pynames_resolve(const struct pynames *m, struct strbuf *sb);
/* getattr(handle, 'cudaMalloc'): the string at i of c, the second
 * argument of getattr whose first is a CUDA library's handle, is a
 * symbol of it. */
void pynames_getattr(struct pynames *m, const struct py_code *c, size_t i);
/* The '(' at i of a loader call given a CUDA library: name = ... (i) makes
 * name a handle of it. */
void pynames_handle(struct pynames *m, const struct py_code *c, size_t i);
/* The port at off names what torch_musa registers on import (torch.musa,
 * the device 'musa'): a file that does not import it imports it after
 * its import of torch (or is told, once, when it has none at its top). */
void pynames_registered(struct pynames *m, size_t off, const char *what);
/* Are the file's devices torch's: it imports torch, or another file of
 * the run does and this one no other GPU library (a conftest.py, a test
 * helper: from a review, their 'cuda' stayed while the tests' became
 * 'musa')? */
bool pynames_torch_devices(const struct pynames *m);
/* A device the port names at off: what registers it is imported, in a
 * file that imports torch (one that does not has it from those that do). */
void pynames_device(struct pynames *m, size_t off, const char *dev);
void pynames_release(struct pynames *m);

/* Shared by pyimport.c (the imports) and pynames.c (the names in code). */
/* A name an import binds to a module: import torch (plain: the name is
 * the module's), import torch as th, from torch import cuda, from
 * torch.utils import cpp_extension. now: what the port calls it (the
 * import renamed: cuda -> musa), or NULL. */
struct pyalias {
    char *path;
    const char *now; /* the job's arena's: edits point at it */
    bool plain;
    bool ported;
    bool keeps;      /* its import stays torch's, beside the port's module
                        added: the code uses names the port's does not have
                        (import torch.utils.cpp_extension as e; e.include_paths) */
    size_t stmt_end; /* after its import's statement, where another import
                        can go (0: bound otherwise) */
};

/* Replace the dotted name of tokens [i, end) by to: part by part when
 * both have as many parts, else as a whole. */
void pynames_rename_dotted(struct pynames *m, const struct py_code *c, size_t i,
                           size_t end, const char *to);
/* The number of parts of the dotted name s[0..len). */
size_t pynames_parts(const char *s, size_t len);
/* Part k of the dotted name s, into *len. */
const char *pynames_part(const char *s, size_t k, size_t *len);
/* The port of the dotted name path (torch.cuda.synchronize,
 * torch.utils.cpp_extension.CUDAExtension) into out: python: qualified:'s
 * longest prefix, or a module of python: modules: with the name after it
 * as python: names: says (*module: so). Returns the entry that decides,
 * or NULL. */
const struct script_entry *pynames_port(struct pynames *m, const char *path,
                                        size_t len, struct strbuf *out,
                                        bool *module);
/* The name t of buf is bound to the module path[0..len), and renamed
 * now[0..now_len) (now NULL: kept); ported: its import says the port's
 * module. The first binding stays; returns it. */
struct pyalias *pynames_alias(struct pynames *m, const struct py_token *t,
                              const char *buf, const char *path, size_t len,
                              const char *now, size_t now_len, bool ported);
/* What a port of path out says of the file: a module of python: modules:
 * (ext) makes it an extension's; torch_musa's, torch.musa's. */
void pynames_ported_to(struct pynames *m, const char *out, bool ext,
                       size_t off);
/* Does the module entry me say it provides the name s[0..n)? (An entry
 * with no list says nothing: every name is taken to be there.) */
bool pynames_provides(const struct script_entry *me, const char *s, size_t n);

#endif
