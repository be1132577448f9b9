/* SPDX-License-Identifier: MIT */
/* A recursive-descent JSON parser over a byte buffer. */
#include "util/json.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/xalloc.h"

enum { MAX_DEPTH = 512 };

struct parser {
    const char *p, *end, *start;
    char *err;
    size_t errsz;
    bool failed;
};

static void fail(struct parser *ps, const char *msg)
{
    if (!ps->failed)
        snprintf(ps->err, ps->errsz, "%s", msg);
    ps->failed = true;
}

static void skip_ws(struct parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' ||
                               *ps->p == '\n' || *ps->p == '\r'))
        ps->p++;
}

static bool lit(struct parser *ps, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n))
        return false;
    ps->p += n;
    return true;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static bool hex4(struct parser *ps, uint32_t *u)
{
    if (ps->end - ps->p < 4)
        return false;
    *u = 0;
    for (int i = 0; i < 4; i++) {
        int h = hexval(ps->p[i]);
        if (h < 0)
            return false;
        *u = *u << 4 | (uint32_t)h;
    }
    ps->p += 4;
    return true;
}

static void put_utf8(struct strbuf *sb, uint32_t u)
{
    if (u < 0x80) {
        strbuf_addch(sb, (int)u);
    } else if (u < 0x800) {
        strbuf_addch(sb, (int)(0xc0 | u >> 6));
        strbuf_addch(sb, (int)(0x80 | (u & 0x3f)));
    } else if (u < 0x10000) {
        strbuf_addch(sb, (int)(0xe0 | u >> 12));
        strbuf_addch(sb, (int)(0x80 | (u >> 6 & 0x3f)));
        strbuf_addch(sb, (int)(0x80 | (u & 0x3f)));
    } else {
        strbuf_addch(sb, (int)(0xf0 | u >> 18));
        strbuf_addch(sb, (int)(0x80 | (u >> 12 & 0x3f)));
        strbuf_addch(sb, (int)(0x80 | (u >> 6 & 0x3f)));
        strbuf_addch(sb, (int)(0x80 | (u & 0x3f)));
    }
}

/* A string at ps->p (the opening quote). */
static bool parse_string(struct parser *ps, char **out, size_t *outlen)
{
    struct strbuf sb = STRBUF_INIT;
    ps->p++;
    for (;;) {
        if (ps->p >= ps->end) {
            fail(ps, "unterminated string");
            break;
        }
        unsigned char c = (unsigned char)*ps->p++;
        if (c == '"') {
            strbuf_addstr(&sb, "");
            *out = strbuf_detach(&sb, outlen);
            return true;
        }
        if (c < 0x20) {
            ps->p--;
            fail(ps, "control character in a string");
            break;
        }
        if (c != '\\') {
            strbuf_addch(&sb, c);
            continue;
        }
        if (ps->p >= ps->end) {
            fail(ps, "unterminated string");
            break;
        }
        char e = *ps->p++;
        uint32_t u;
        switch (e) {
        case '"':
        case '\\':
        case '/':
            strbuf_addch(&sb, e);
            break;
        case 'b':
            strbuf_addch(&sb, '\b');
            break;
        case 'f':
            strbuf_addch(&sb, '\f');
            break;
        case 'n':
            strbuf_addch(&sb, '\n');
            break;
        case 'r':
            strbuf_addch(&sb, '\r');
            break;
        case 't':
            strbuf_addch(&sb, '\t');
            break;
        case 'u':
            if (!hex4(ps, &u)) {
                fail(ps, "bad \\u escape");
                goto out;
            }
            if (u >= 0xd800 && u < 0xdc00) { /* a surrogate pair */
                uint32_t lo;
                if (!lit(ps, "\\u") || !hex4(ps, &lo) || lo < 0xdc00 ||
                    lo >= 0xe000) {
                    fail(ps, "bad surrogate pair");
                    goto out;
                }
                u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
            }
            put_utf8(&sb, u);
            break;
        default:
            ps->p--;
            fail(ps, "bad escape in a string");
            goto out;
        }
    }
out:
    strbuf_release(&sb);
    return false;
}

static bool parse_value(struct parser *ps, struct json *j, int depth);

static bool parse_number(struct parser *ps, struct json *j)
{
    const char *s = ps->p;
    if (ps->p < ps->end && *ps->p == '-')
        ps->p++;
    if (ps->p < ps->end && *ps->p == '0') {
        ps->p++;
    } else if (ps->p < ps->end && *ps->p >= '1' && *ps->p <= '9') {
        while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
            ps->p++;
    } else {
        fail(ps, "bad number");
        return false;
    }
    if (ps->p < ps->end && *ps->p == '.') {
        ps->p++;
        if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9') {
            fail(ps, "bad number");
            return false;
        }
        while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
            ps->p++;
    }
    if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
        ps->p++;
        if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-'))
            ps->p++;
        if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9') {
            fail(ps, "bad number");
            return false;
        }
        while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
            ps->p++;
    }
    j->type = JSON_NUMBER;
    j->str = xstrndup(s, (size_t)(ps->p - s));
    j->len = (size_t)(ps->p - s);
    return true;
}

static bool parse_container(struct parser *ps, struct json *j, int depth,
                            bool object)
{
    size_t alloc = 0;
    j->type = object ? JSON_OBJECT : JSON_ARRAY;
    ps->p++;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == (object ? '}' : ']')) {
        ps->p++;
        return true;
    }
    for (;;) {
        skip_ws(ps);
        char *key = NULL;
        if (object) {
            size_t kl;
            if (ps->p >= ps->end || *ps->p != '"') {
                fail(ps, "expected a member name");
                return false;
            }
            if (!parse_string(ps, &key, &kl))
                return false;
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':') {
                free(key);
                fail(ps, "expected ':'");
                return false;
            }
            ps->p++;
        }
        if (j->n == alloc) {
            alloc = alloc ? 2 * alloc : 4;
            j->v = xrealloc(j->v, alloc * sizeof(*j->v));
            if (object)
                j->keys = xrealloc(j->keys, alloc * sizeof(*j->keys));
        }
        memset(&j->v[j->n], 0, sizeof(*j->v));
        if (object)
            j->keys[j->n] = key;
        j->n++;
        if (!parse_value(ps, &j->v[j->n - 1], depth + 1))
            return false;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            continue;
        }
        if (ps->p < ps->end && *ps->p == (object ? '}' : ']')) {
            ps->p++;
            return true;
        }
        fail(ps, object ? "expected ',' or '}'" : "expected ',' or ']'");
        return false;
    }
}

static bool parse_value(struct parser *ps, struct json *j, int depth)
{
    if (depth > MAX_DEPTH) {
        fail(ps, "nested too deeply");
        return false;
    }
    skip_ws(ps);
    if (ps->p >= ps->end) {
        fail(ps, "unexpected end of input");
        return false;
    }
    switch (*ps->p) {
    case '{':
        return parse_container(ps, j, depth, true);
    case '[':
        return parse_container(ps, j, depth, false);
    case '"':
        j->type = JSON_STRING;
        return parse_string(ps, &j->str, &j->len);
    case 't':
        if (lit(ps, "true")) {
            j->type = JSON_TRUE;
            return true;
        }
        break;
    case 'f':
        if (lit(ps, "false")) {
            j->type = JSON_FALSE;
            return true;
        }
        break;
    case 'n':
        if (lit(ps, "null")) {
            j->type = JSON_NULL;
            return true;
        }
        break;
    default:
        return parse_number(ps, j);
    }
    fail(ps, "unexpected character");
    return false;
}

static void free_value(struct json *j)
{
    free(j->str);
    for (size_t i = 0; i < j->n; i++) {
        free_value(&j->v[i]);
        if (j->keys)
            free(j->keys[i]);
    }
    free(j->v);
    free(j->keys);
}

struct json *json_parse(const char *text, size_t len, char *err, size_t errsz,
                        size_t *erroff)
{
    struct parser ps = {text, text + len, text, err, errsz, false};
    struct json *j = xcalloc(1, sizeof(*j));
    if (parse_value(&ps, j, 0)) {
        skip_ws(&ps);
        if (ps.p != ps.end)
            fail(&ps, "trailing characters after the value");
    }
    if (ps.failed) {
        *erroff = (size_t)(ps.p - text);
        json_free(j);
        return NULL;
    }
    return j;
}

void json_free(struct json *j)
{
    if (!j)
        return;
    free_value(j);
    free(j);
}

const struct json *json_get(const struct json *obj, const char *key)
{
    if (!obj || obj->type != JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < obj->n; i++)
        if (!strcmp(obj->keys[i], key))
            return &obj->v[i];
    return NULL;
}

const char *json_get_str(const struct json *obj, const char *key)
{
    const struct json *v = json_get(obj, key);
    return v && v->type == JSON_STRING ? v->str : NULL;
}

/* The length of the well-formed UTF-8 sequence at s[0..len) (a lead byte
 * >= 0x80), or 0. */
static size_t utf8_len(const unsigned char *s, size_t len)
{
    size_t n = s[0] >= 0xf0 && s[0] <= 0xf4   ? 4
               : s[0] >= 0xe0                 ? 3
               : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
                                              : 0;
    if (!n || n > len)
        return 0;
    for (size_t k = 1; k < n; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    uint32_t u =
        n == 2   ? (s[0] & 0x1fu) << 6 | (s[1] & 0x3fu)
        : n == 3 ? (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6 | (s[2] & 0x3fu)
                 : (s[0] & 0x07u) << 18 | (s[1] & 0x3fu) << 12 |
                       (s[2] & 0x3fu) << 6 | (s[3] & 0x3fu);
    if ((n == 3 && (u < 0x800 || (u >= 0xd800 && u <= 0xdfff))) ||
        (n == 4 && (u < 0x10000 || u > 0x10ffff)))
        return 0;
    return n;
}

/* JSON text must be UTF-8: a byte that is not part of a well-formed
 * sequence (a Latin-1 file name) becomes U+FFFD. */
void json_add_strn(struct strbuf *sb, const char *s, size_t len)
{
    strbuf_addch(sb, '"');
    for (size_t i = 0; i < len; i++) {
        /* A run of bytes that stand for themselves, added at once. */
        size_t plain = i;
        while (plain < len && (unsigned char)(s[plain] - 0x20) < 0x5f &&
               s[plain] != '"' && s[plain] != '\\')
            plain++;
        if (plain > i) {
            strbuf_add(sb, s + i, plain - i);
            i = plain - 1;
            continue;
        }
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            size_t n = utf8_len((const unsigned char *)s + i, len - i);
            if (n) {
                strbuf_add(sb, s + i, n);
                i += n - 1;
            } else {
                strbuf_addstr(sb, "\xef\xbf\xbd"); /* U+FFFD */
            }
            continue;
        }
        switch (c) {
        case '"':
            strbuf_addstr(sb, "\\\"");
            break;
        case '\\':
            strbuf_addstr(sb, "\\\\");
            break;
        case '\n':
            strbuf_addstr(sb, "\\n");
            break;
        case '\r':
            strbuf_addstr(sb, "\\r");
            break;
        case '\t':
            strbuf_addstr(sb, "\\t");
            break;
        default:
            if (c < 0x20 || c == 0x7f)
                strbuf_addf(sb, "\\u%04x", c);
            else
                strbuf_addch(sb, (int)c);
        }
    }
    strbuf_addch(sb, '"');
}

void json_add_str(struct strbuf *sb, const char *s)
{
    json_add_strn(sb, s, strlen(s));
}
