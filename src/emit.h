/* SPDX-License-Identifier: MIT */
/* Writing outputs: atomically (temp file in the destination directory,
 * then rename, as unifdef and git's lockfile do), and not at all when the
 * file already holds the same bytes, so its mtime stays and make sees
 * nothing new. Errors come back as text for the caller to print. */
#ifndef C2M_EMIT_H
#define C2M_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct strbuf;

enum emit_result {
    EMIT_UNCHANGED, /* dst already held data: not touched */
    EMIT_WRITTEN    /* dst was created or replaced */
};

/* Make dst hold data[0..len) with permission bits mode, creating missing
 * parent directories. Returns an emit_result, or -1 with the reason
 * ("cannot write 'x': No space left on device") appended to *err; on
 * error no file with dst's name has been changed. */
int emit_file(const char *dst, const char *data, size_t len, mode_t mode,
              struct strbuf *err);
/* Compare dst with data: 1 same, 0 different or missing (*missing set
 * when it does not exist), -1 on a read error (reason in *err). */
int emit_compare(const char *dst, const char *data, size_t len, bool *missing,
                 struct strbuf *err);
/* mkdir -p. Returns 0, or -1 with the reason in *err. */
int emit_mkdirs(const char *dir, struct strbuf *err);

#endif
