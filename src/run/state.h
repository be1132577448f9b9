/* SPDX-License-Identifier: MIT */
/* The run state: what a run into -o DIR that found everything up to date
 * saw, kept in DIR so that the next identical run can tell from stat(2)
 * alone that nothing changed, and print what that run printed (the make
 * pre-build hook on a tree nobody touched).
 *
 * A state is only written by a run that wrote nothing and failed nowhere
 * (so what it printed is what the next identical run would print), and
 * it names every file that run's result depends on: each input and
 * output, the mapping files, and the other files the run read or made
 * sure of (build manifest, compile commands, old outputs). Any
 * difference in the command line, the working directory, the program,
 * the list of inputs or mapping files, or any file's stat data (device,
 * inode, size, mode, mtime, ctime) means a full run.
 *
 * Stat data can lag contents: two writes within one tick of a coarse
 * file clock (jiffies; seconds on some file systems) leave the same
 * mtime. So a state is only kept when every file it names was last
 * changed STATE_SETTLE seconds or more before the run started: whatever
 * the run read then was the file's last version of that tick, and any
 * later change, during the run or after it, shows in a later mtime. */
#ifndef C2M_STATE_H
#define C2M_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "util/strbuf.h"

#define STATE_NAME ".cuda2musa-state"
#define STATE_SETTLE 3 /* seconds */
/* What a state keeps of what its run printed, at most: a run that prints
 * more keeps none (its next run is a full one), rather than a copy of
 * every warning in memory until it ends. */
#define STATE_TEXT_MAX (16 << 20)

/* What stat(2) said of a file; all zero: there was none. */
struct stamp {
    uint64_t dev, ino, size;
    int64_t mtime, ctime; /* nanoseconds */
    uint32_t mode;
    uint32_t present;
};

enum state_tag {
    STATE_INPUT = 'i',   /* a job's input, in job order... */
    STATE_OUTPUT = 'o',  /* ...each followed by its output */
    STATE_MAPPING = 'm', /* a mapping file, in load order */
    STATE_FILE = 'f'     /* any other file the result depends on */
};

struct state_entry {
    char tag; /* enum state_tag */
    char *path;
    struct stamp st;
};

struct state {
    struct strbuf key; /* program, working directory, command line */
    int status;        /* the run's exit status */
    struct state_entry *v;
    size_t n, alloc;
    struct strbuf text; /* what the run printed on stderr */
};

#define STATE_INIT                                                             \
    {                                                                          \
        STRBUF_INIT, 0, NULL, 0, 0, STRBUF_INIT                                \
    }

void stamp_set(struct stamp *s, const struct stat *st);
/* stat(2) path into *s (absent: all zero). */
void stamp_take(struct stamp *s, const char *path);
/* stamp_take for many paths in turn: paths in one directory are looked
 * up from that directory, kept open. */
struct stamper {
    struct strbuf dir;
    int fd; /* dir, or -1 */
};
#define STAMPER_INIT                                                           \
    {                                                                          \
        STRBUF_INIT, -1                                                        \
    }
void stamper_take(struct stamper *sp, struct stamp *s, const char *path);
void stamper_release(struct stamper *sp);
bool stamp_equal(const struct stamp *a, const struct stamp *b);
/* Whether the file was last changed before time t (nanoseconds). */
bool stamp_settled(const struct stamp *s, int64_t t);

/* The key of this run: the program's build, the working directory and
 * argv[0..argc). */
void state_key(struct strbuf *key, int argc, const char *const *argv);
void state_add(struct state *s, char tag, const char *path,
               const struct stamp *st);
/* Read the state file path into *s (empty). 0, or -1 when there is none
 * or it cannot be read back (damaged, another format): both mean a full
 * run. */
int state_read(struct state *s, const char *path);
/* Parse a state file's text into *s (empty): 0, or -1 (then *s may hold
 * part of it: release it). */
int state_parse(struct state *s, const char *buf, size_t len);
/* The state file's text. */
void state_format(const struct state *s, struct strbuf *out);
void state_release(struct state *s);

#endif
