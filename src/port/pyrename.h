/* SPDX-License-Identifier: MIT */
/* What the port makes of a path that Python code builds (pypath.c puts
 * the value together). The whole is resolved among the run's files and
 * directories (from the setup's directory, or from __file__'s): the
 * port's path is mapped back part by part onto the expression's own
 * string pieces, so a bare 'cuda' follows csrc/cuda/ -> csrc/musa/ when
 * it names that directory, and never where nothing shows it is a path
 * (suffix == 'cuda'). When the start of the path is unknown, its end is
 * matched against the renamed files and directories of the run: renamed
 * when they agree, else reported. A path in the CUDA toolkit's home
 * follows the SDK's, piece by piece: lib64 -> lib, a library's file,
 * bin/nvcc. And the value itself, and how pieces add to it. Private to
 * port/. */
#ifndef C2M_PORT_PYRENAME_H
#define C2M_PORT_PYRENAME_H

#include <stdbool.h>
#include <stddef.h>

#include "port/scriptjob.h"
#include "util/strbuf.h"

/* A string piece of the expression: text[pos..pos+len) of the path is
 * buf[off..off+len) of the file. */
struct seg {
    size_t pos, len, off;
};

/* The value of a path expression. */
struct pval {
    struct strbuf text; /* the path; '*' where a field goes */
    struct seg *v;      /* its own string pieces (not a name's) */
    size_t nr, alloc;
    bool known;    /* text is the path, or its end when prefix */
    bool prefix;   /* something unknown comes before text */
    bool anchored; /* from __file__'s directory, or absolute */
    bool pathlib;  /* a pathlib value: '/' joins it */
    bool file;     /* __file__ itself */
    bool home;     /* the CUDA toolkit's home, then text[home_at..) */
    size_t home_at;
};

/* Values, as pypath.c puts them together. */
void pv_init(struct pval *v);
void pv_release(struct pval *v);
/* Nothing known of it. */
void pv_unknown(struct pval *v);
/* The directory of __file__: known, empty, anchored. */
void pv_here(struct pval *v);
/* s[0..len) after v's text; own: a piece of the expression, at off in
 * the file. */
void pv_text(struct pval *v, const char *s, size_t len, size_t off, bool own);
/* v becomes w (its pieces moved). */
void pv_take(struct pval *v, struct pval *w);
/* w's text and pieces after v's. */
void pv_append(struct pval *v, const struct pval *w);
/* v: the home, with nothing after it yet. */
void pv_home(struct pval *v);
/* os.path.join(v, w), and pathlib's v / w. */
void pv_join(struct pval *v, struct pval *w);

/* Port the path v of j's file (setup: a PyTorch extension's setup, whose
 * relative paths are from its own directory). Returns whether it is a
 * CUDA library's file in the toolkit's home (what a loader given it
 * opens: its handle's symbols are the library's). */
bool pyrename_port(struct script_job *j, const struct pval *v, bool setup);

#endif
