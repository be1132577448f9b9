/* SPDX-License-Identifier: MIT */
/* --in-place: keeping a file's original under its backup name before the
 * port replaces it. */
#ifndef C2M_RUN_BACKUP_H
#define C2M_RUN_BACKUP_H

#include <stdint.h>

#include "run/run.h"

struct source;

/* Keep j's original (read as src) under its backup name, on record first
 * with hash, the port's, that is written next. Never replaces a file
 * that took the backup's name. 0, or -1 and *err. */
int backup_keep_original(struct run *r, const struct job *j,
                         const struct source *src, uint64_t hash,
                         struct strbuf *err);

#endif
