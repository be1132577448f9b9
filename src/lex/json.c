/* SPDX-License-Identifier: MIT */
/* The JSON lexer: see json.h. */
#include "lex/json.h"

#include <string.h>

static bool is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_punct(unsigned char c)
{
    return c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',';
}

void json_lexer_init(struct json_lexer *lx, const char *buf, size_t len)
{
    lx->buf = buf;
    lx->len = len < JSON_LEXER_MAX ? len : JSON_LEXER_MAX;
    lx->pos = 0;
}

bool json_lexer_next(struct json_lexer *lx, struct json_token *t)
{
    const unsigned char *s = (const unsigned char *)lx->buf;
    size_t i = lx->pos, n = lx->len;
    if (i >= n)
        return false;
    unsigned char kind, flags = 0;
    size_t e = i + 1;
    if (is_blank(s[i]) || (i == 0 && n >= 3 && !memcmp(s, "\xef\xbb\xbf", 3))) {
        kind = JSON_TOK_SPACE;
        e = i == 0 && s[0] == 0xef ? 3 : i + 1;
        while (e < n && is_blank(s[e]))
            e++;
    } else if (s[i] == '"') {
        kind = JSON_TOK_STRING;
        while (e < n && s[e] != '"' && s[e] != '\n' && s[e] != '\r') {
            if (s[e] == '\\') {
                flags |= JSON_TOKF_ESCAPE;
                if (e + 1 < n && s[e + 1] != '\n' && s[e + 1] != '\r')
                    e++;
            }
            e++;
        }
        if (e < n && s[e] == '"')
            e++;
        else
            flags |= JSON_TOKF_UNTERMINATED;
    } else if (is_punct(s[i])) {
        kind = JSON_TOK_PUNCT;
    } else {
        kind = JSON_TOK_WORD;
        while (e < n && !is_blank(s[e]) && !is_punct(s[e]) && s[e] != '"')
            e++;
    }
    *t = (struct json_token){(uint32_t)i, (uint32_t)(e - i), kind, flags};
    lx->pos = e;
    return true;
}

bool json_lexer_next_sig(struct json_lexer *lx, struct json_token *t)
{
    while (json_lexer_next(lx, t))
        if (t->kind != JSON_TOK_SPACE)
            return true;
    return false;
}
