/* SPDX-License-Identifier: MIT */
/* MUSA SDK version numbers: "5.1" and "4.2.0" as major * 10000 + minor *
 * 100 + patch, so they compare as integers. */
#include "mapping/sdk.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

int sdk_parse_version(const char *s, size_t len)
{
    int part[3] = {0, 0, 0}, n = 0;
    size_t i = 0;
    while (n < 3) {
        if (i >= len || s[i] < '0' || s[i] > '9')
            return -1;
        int v = 0;
        while (i < len && s[i] >= '0' && s[i] <= '9' && v < 1000)
            v = v * 10 + (s[i++] - '0');
        if (v > 99 && n > 0)
            return -1;
        part[n++] = v;
        if (i == len)
            break;
        if (s[i++] != '.')
            return -1;
    }
    if (i != len || n < 2 || part[0] > 99)
        return -1;
    return part[0] * 10000 + part[1] * 100 + part[2];
}

/* "X.Y" stands for every X.Y.z: the version after it is X.(Y+1). */
static int sdk_next(const char *s, size_t len, int v)
{
    size_t dots = 0;
    for (size_t i = 0; i < len; i++)
        dots += s[i] == '.';
    return dots == 1 ? v + 100 : v + 1;
}

int sdk_parse_range(const char *text, struct sdk_range *out, char *err,
                    size_t errsz)
{
    struct sdk_range r = {0, INT_MAX};
    const char *p = text;
    for (;;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *op = p;
        while (*p == '<' || *p == '>' || *p == '=')
            p++;
        size_t oplen = (size_t)(p - op);
        const char *vs = p;
        while (*p && *p != ' ')
            p++;
        int v = sdk_parse_version(vs, (size_t)(p - vs));
        if (v < 0) {
            snprintf(err, errsz,
                     "bad SDK version '%.*s' in '%s' (write it like 5.1 or "
                     "4.2.0)",
                     (int)(p - vs), vs, text);
            return -1;
        }
        int next = sdk_next(vs, (size_t)(p - vs), v);
        if (oplen == 2 && !strncmp(op, ">=", 2)) {
            r.lo = r.lo > v ? r.lo : v;
        } else if (oplen == 1 && *op == '>') {
            r.lo = r.lo > next ? r.lo : next;
        } else if (oplen == 1 && *op == '<') {
            r.hi = r.hi < v ? r.hi : v;
        } else if (oplen == 2 && !strncmp(op, "<=", 2)) {
            r.hi = r.hi < next ? r.hi : next;
        } else if (!oplen || (oplen == 2 && !strncmp(op, "==", 2))) {
            r.lo = r.lo > v ? r.lo : v;
            r.hi = r.hi < next ? r.hi : next;
        } else {
            snprintf(err, errsz,
                     "bad comparison '%.*s' in '%s' (use >=, >, <, <= or ==)",
                     (int)oplen, op, text);
            return -1;
        }
    }
    if (r.lo >= r.hi) {
        snprintf(err, errsz, "'%s' matches no SDK version", text);
        return -1;
    }
    *out = r;
    return 0;
}

void sdk_format(int v, char *buf, size_t size)
{
    if (v >= SDK_NEWEST)
        snprintf(buf, size, "newest");
    else if (v % 100)
        snprintf(buf, size, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
    else
        snprintf(buf, size, "%d.%d", v / 10000, v / 100 % 100);
}
