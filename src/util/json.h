/* SPDX-License-Identifier: MIT */
/* A small JSON reader (a tree of values, strict RFC 8259) and the string
 * escaping a writer needs. Enough for compile_commands.json, our own
 * manifest and reports; nothing here prints. */
#ifndef C2M_UTIL_JSON_H
#define C2M_UTIL_JSON_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf;

enum json_type {
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
};

struct json {
    enum json_type type;
    char *str;      /* JSON_STRING: NUL-terminated (may hold NULs
                       before len); JSON_NUMBER: its text */
    size_t len;     /* of str */
    struct json *v; /* JSON_ARRAY, JSON_OBJECT: the elements */
    char **keys;    /* JSON_OBJECT: the member names */
    size_t n;       /* number of elements */
};

/* Parse text[0..len). Returns the tree (free with json_free), or NULL with
 * a message and the byte offset of the problem in *err / *erroff. */
struct json *json_parse(const char *text, size_t len, char *err, size_t errsz,
                        size_t *erroff);
void json_free(struct json *j);
/* The member called key of an object, or NULL. */
const struct json *json_get(const struct json *obj, const char *key);
/* The string member called key, or NULL when absent or not a string. */
const char *json_get_str(const struct json *obj, const char *key);

/* Append s as a JSON string literal, quotes included. */
void json_add_str(struct strbuf *sb, const char *s);
void json_add_strn(struct strbuf *sb, const char *s, size_t len);

#endif
