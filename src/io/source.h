/* SPDX-License-Identifier: MIT */
/* One input file in memory, and the mapping from byte offsets to
 * line:column (jq locfile). Offsets are what the rest of the program
 * passes around; lines are computed only when something is printed. */
#ifndef C2M_SOURCE_H
#define C2M_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "util/strbuf.h"

struct source {
    const char *path; /* as shown in messages; not owned */
    const char *buf;  /* the bytes; owned (malloc'd or mmap'd) */
    size_t len;
    mode_t mode; /* permission bits of the file, for outputs */
    dev_t dev;   /* the file's device and inode (0 for stdin, buffers) */
    ino_t ino;
    struct stat st; /* what fstat(2) said of it before it was read */
    bool mapped;    /* buf is an mmap */
    bool owned;     /* buf is malloc'd by source_load */
    size_t *lines;  /* offsets of line starts, built on demand; owned */
    size_t nlines;
};

/* Read the file at path ("-" reads stdin). Returns 0, or -1 with errno set
 * and *src empty. Does not print. */
int source_load(struct source *src, const char *path);
/* The same for the file name in the directory open as at (or AT_FDCWD),
 * path being its name in messages; with buf, reading into buf (reset
 * first) unless the file is big enough to be mapped: src points into buf,
 * which must outlive it. */
int source_load_at(struct source *src, int at, const char *name,
                   const char *path, struct strbuf *buf);
/* The same for fd, open on path, of which fstat(2) said *st; fd is
 * closed (unless it is 0, stdin), whatever happens. */
int source_load_fd(struct source *src, int fd, const struct stat *st,
                   const char *path, struct strbuf *buf);
/* Wrap bytes the caller owns (tests, stdin); src does not free them. */
void source_init_buf(struct source *src, const char *path, const char *buf,
                     size_t len);
void source_release(struct source *src);
/* Was the mapped file cut short (truncated by another process) while it
 * was read? Its bytes past the cut then read as zeros. */
bool source_cut(const struct source *src);
/* 1-based line and byte column of offset off (off <= len). */
void source_locate(struct source *src, size_t off, unsigned *line,
                   unsigned *col);
/* Whether an extensionless file (libcu++'s <cuda/std/atomic>) starts like
 * C++: a comment or a preprocessor directive, not a script's '#!'. 1 or
 * 0; -1 with errno when it cannot be read. */
int source_looks_like_cxx(const char *path);
/* Number of lines as wc -l counts them plus a final unterminated one. */
size_t source_line_count(const char *buf, size_t len);

#endif
