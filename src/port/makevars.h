/* SPDX-License-Identifier: MIT */
/* What a makefile's variables hold, read before the file is ported (as
 * make expands a recipe only when it runs, where the variable is
 * assigned in the file does not matter): which ones nvcc's commands read
 * ($(NVCC) $(ALL_CCFLAGS) -c $<), and which link CUDA's runtime
 * (LIBS := -lcudart). Both go through the variables an assignment's
 * value reads whole (ALL_LDFLAGS += $(ALL_CCFLAGS), LIBRARIES :=
 * $(CUDA_LIBS)): a variable read by nvcc passes that on to the ones its
 * value reads; one that reads a runtime's variable links it too.
 * References inside a function ($(addprefix -Xcompiler ,$(CCFLAGS)))
 * are not followed: the function says what its text is. Private to
 * port/. */
#ifndef C2M_PORT_MAKEVARS_H
#define C2M_PORT_MAKEVARS_H

#include <stdbool.h>
#include <stddef.h>

#include "lex/make.h"
#include "util/hashmap.h"

enum mk_reader {
    MK_READ_NONE,  /* no command we know of reads it */
    MK_READ_NVCC,  /* nvcc's commands alone */
    MK_READ_OTHER, /* also a command that may be another compiler */
};

struct mk_edge {
    size_t name, name_len; /* offsets into the file's bytes */
    size_t ref, ref_len;
};

struct mk_vars {
    const char *buf;         /* the file's bytes: the keys' */
    struct hashmap read;     /* name -> enum mk_reader */
    struct hashmap runtime;  /* name -> non-NULL: links the runtime */
    struct hashmap homes;    /* name -> non-NULL: holds the CUDA home */
    struct hashmap nvcc;     /* name -> non-NULL: holds nvcc, the program */
    struct hashmap libs;     /* name -> non-NULL: holds library names */
    struct hashmap archs;    /* name -> non-NULL: holds CUDA architectures */
    struct hashmap assigned; /* name -> 1: assigned words alone (70 80);
                                2: something else too */
    struct mk_edge *picks;   /* name's value is one of ref's architectures */
    size_t npicks, picks_alloc;
    struct mk_edge *edges; /* name's value reads ref */
    size_t nedges, alloc;
};

/* A command that level reads name (later readers may widen it). */
void mkvars_read(struct mk_vars *v, size_t off, size_t len,
                 enum mk_reader reader);
/* The value assigned to name reads ref. */
void mkvars_edge(struct mk_vars *v, size_t name, size_t name_len, size_t ref,
                 size_t ref_len);
/* The value assigned to name links the runtime. */
void mkvars_runtime(struct mk_vars *v, size_t off, size_t len);
/* The value assigned to name is the CUDA toolkit's home
 * (CUDATKDIR = /usr/local/cuda): $(name)/lib64 is the home's lib64. */
void mkvars_home(struct mk_vars *v, size_t off, size_t len);
bool mkvars_is_home(const struct mk_vars *v, const char *name, size_t len);
/* The value assigned to name is nvcc (GPUCC = nvcc, CXX =
 * $(CUDA_HOME)/bin/nvcc): $(name) runs it, whatever its name says. */
void mkvars_nvcc(struct mk_vars *v, size_t off, size_t len);
bool mkvars_is_nvcc(const struct mk_vars *v, const char *name, size_t len);
/* The value assigned to name is library names, which -l$(name) or
 * $(foreach l,$(name),-l$(l)) links (port/makelibs.h); so are the values
 * of the variables it reads. */
void mkvars_library(struct mk_vars *v, size_t off, size_t len);
bool mkvars_is_library(const struct mk_vars *v, const char *name, size_t len);
/* The value assigned to name is CUDA architectures (SMS ?= 70 75 80),
 * which sm_$(name) or a foreach over it builds options of (makearch.h);
 * name2's value picks one of them ($(lastword $(sort $(SMS)))). */
void mkvars_arch(struct mk_vars *v, size_t off, size_t len);
bool mkvars_is_arch(const struct mk_vars *v, const char *name, size_t len);
/* An assignment to name gives it words alone (plain), or not. */
void mkvars_assigned(struct mk_vars *v, size_t off, size_t len, bool plain);
/* Does name hold architectures that this file assigns, as words alone
 * (or a pick of such)? Only those the port can make MUSA's. */
bool mkvars_arch_known(const struct mk_vars *v, const char *name, size_t len);
void mkvars_arch_pick(struct mk_vars *v, size_t name2, size_t name2_len,
                      size_t name, size_t name_len);
/* Pass what is known along the edges, once all lines are read. */
void mkvars_close(struct mk_vars *v);

enum mk_reader mkvars_reader(const struct mk_vars *v, const char *name,
                             size_t len);
bool mkvars_links_runtime(const struct mk_vars *v, const char *name,
                          size_t len);
void mkvars_release(struct mk_vars *v);

/* Does s[0..len) hold what (upper case) in any case? */
bool mkvars_has_ci(const char *s, size_t len, const char *what);
/* Does a variable's name s[0..len) say its value is nvcc's command or its
 * options (NVCC, CUDA_FLAGS, NVFLAGS)? */
bool mkvars_nvcc_name(const char *s, size_t len);

/* Does the logical line v[0..n) of buf, a define body's, assign the
 * variable its first word names (CUDA_HOME ?= /usr/local/cuda, for
 * $(eval)), which the port renames as its references? */
bool mkvars_define_assigns(const char *buf, const struct make_token *v,
                           size_t n);

/* What the run's other makefiles say (port/make.h's make_scan): names
 * that hold nvcc, before the file is read; names nvcc's commands alone
 * read, after (where this file's commands read them otherwise, that
 * stands). Keys must outlive v. */
void mkvars_seed_nvcc(struct mk_vars *v, const struct hashmap *nvcc);
void mkvars_seed_read(struct mk_vars *v, const struct hashmap *read);
/* The file's names that hold nvcc, and that nvcc alone reads, into nvcc
 * and read (keys into its bytes, or a seed's). */
void mkvars_export(struct mk_vars *v, struct hashmap *nvcc,
                   struct hashmap *read);

#endif
