/* SPDX-License-Identifier: MIT */
/* Path strings: joining and lexical normalisation (no file system). */
#ifndef C2M_UTIL_PATH_H
#define C2M_UTIL_PATH_H

/* "a" + "b" -> "a/b" (one slash between; b == "" gives a). Caller frees. */
char *path_join(const char *a, const char *b);
/* The same in sb (reset first, reused); returns sb->buf. */
struct strbuf;
const char *path_join_buf(struct strbuf *sb, const char *a, const char *b);
/* Collapse "//", "/./" and "dir/../" in an absolute path, in place (a
 * relative one is left as it is). */
void path_normalize(char *path);

#endif
