/* SPDX-License-Identifier: MIT */
/* MUSA SDK version numbers. */
#ifndef C2M_SDK_H
#define C2M_SDK_H

#include <stddef.h>

/* The default version: newer than any real SDK. */
#define SDK_NEWEST 999999

/* A range of versions, lo <= v < hi. */
struct sdk_range {
    int lo, hi;
};

/* "5.1" or "4.2.0" as major * 10000 + minor * 100 + patch; -1 when
 * malformed. */
int sdk_parse_version(const char *s, size_t len);
/* Parse a range written as space-separated comparisons (">=4.2 <5.0",
 * "==5.1", "4.3"; "X.Y" means every X.Y.z) into *out. Returns 0, or -1
 * with a message in err. An empty text means every version. */
int sdk_parse_range(const char *text, struct sdk_range *out, char *err,
                    size_t errsz);
/* v as text: "5.1", "4.2.3", or "newest". */
void sdk_format(int v, char *buf, size_t size);

#endif
