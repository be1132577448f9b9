/* SPDX-License-Identifier: MIT */
/* NVRTC programs' source strings (rtcsrc.h). */
#include "port/rtcsrc.h"

#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/xalloc.h"

/* (Both spellings: a port of a port creates with MTRTC's.) */
static const char *const creators[] = {"nvrtcCreateProgram",
                                       "mtrtcCreateProgram"};

bool rtc_may_create(const char *buf, size_t len)
{
    static const char tail[] = "rtcCreateProgram";
    size_t n = sizeof(tail) - 1;
    for (const char *p = buf, *end = buf + len;
         (p = memchr(p, 'r', (size_t)(end - p))) && (size_t)(end - p) >= n; p++)
        if (!memcmp(p, tail, n))
            return true;
    return false;
}

struct toks {
    const char *buf;
    struct token *v;
    size_t n;
};

static bool is(const struct toks *t, size_t i, const char *s)
{
    return i < t->n && lexer_token_is(t->buf, &t->v[i], s);
}

static bool is_ident(const struct toks *t, size_t i)
{
    return i < t->n && t->v[i].kind == TOK_IDENT;
}

static bool same(const struct toks *t, size_t i, size_t j)
{
    return t->v[i].len == t->v[j].len &&
           !memcmp(t->buf + t->v[i].off, t->buf + t->v[j].off, t->v[i].len);
}

/* A call of a creator at i: not its declaration (nvrtcResult
 * nvrtcCreateProgram(...)) nor a shim's #define. */
static bool creates(const struct toks *t, size_t i)
{
    if (!is(t, i + 1, "(") || (t->v[i].flags & TOKF_MACRO_NAME))
        return false;
    bool named = false;
    for (size_t k = 0; k < sizeof(creators) / sizeof(*creators); k++)
        named = named || is(t, i, creators[k]);
    if (!named || !i)
        return named;
    const struct token *p = &t->v[i - 1];
    return p->kind == TOK_PUNCT ? !is(t, i - 1, ".") && !is(t, i - 1, "->")
                                : is(t, i - 1, "return");
}

/* The string literals from i on, side by side: how many. */
static size_t strings_at(const struct toks *t, size_t i)
{
    size_t n = 0;
    while (i + n < t->n && (t->v[i + n].kind == TOK_STRING ||
                            t->v[i + n].kind == TOK_RAW_STRING))
        n++;
    return n;
}

/* The literals that define the name at i, nearest before the call at
 * call: #define NAME "...", NAME = "...", NAME[] = "...", NAME("...").
 * Sets *at; how many (0: none found). */
static size_t definition(const struct toks *t, size_t i, size_t call,
                         size_t *at)
{
    size_t found = 0;
    for (size_t k = 0; k < call; k++) {
        if (k == i || !is_ident(t, k) || !same(t, k, i) ||
            (k && (is(t, k - 1, ".") || is(t, k - 1, "->"))))
            continue;
        size_t j = k + 1;
        if (!(t->v[k].flags & TOKF_MACRO_NAME)) {
            if (is(t, j, "[")) {
                while (j < call && !is(t, j, "]"))
                    j++;
                j++;
            }
            if (!is(t, j, "=") && !is(t, j, "(") && !is(t, j, "{"))
                continue;
            j++;
        }
        size_t n = strings_at(t, j);
        if (n) {
            *at = j;
            found = n;
        }
    }
    return found;
}

static void add_program(struct rtc_found *r, const struct toks *t, size_t at,
                        size_t n)
{
    for (size_t k = 0; k < r->nr; k++) /* (one literal, two calls) */
        if (r->lits[r->v[k].first].off == t->v[at].off)
            return;
    ALLOC_GROW(r->v, r->nr + 1, r->alloc);
    r->v[r->nr++] = (struct rtc_program){r->nlits, n};
    ALLOC_GROW(r->lits, r->nlits + n, r->lits_alloc);
    memcpy(r->lits + r->nlits, t->v + at, n * sizeof(*t->v));
    r->nlits += n;
}

static bool opens(const struct toks *t, size_t k)
{
    return is(t, k, "(") || is(t, k, "[") || is(t, k, "{");
}

static bool closes(const struct toks *t, size_t k)
{
    return is(t, k, ")") || is(t, k, "]") || is(t, k, "}");
}

/* The tokens [*a, *b) of argument index of the call whose '(' is at
 * open; false when it has no such argument. */
static bool argument(const struct toks *t, size_t open, size_t index, size_t *a,
                     size_t *b)
{
    size_t depth = 0, arg = 0, from = open + 1;
    for (size_t k = open + 1; k < t->n; k++) {
        if (opens(t, k)) {
            depth++;
        } else if ((closes(t, k) && !depth) || (!depth && is(t, k, ","))) {
            if (arg++ == index) {
                *a = from;
                *b = k;
                return k > from;
            }
            if (closes(t, k))
                return false;
            from = k + 1;
        } else if (closes(t, k)) {
            depth--;
        }
    }
    return false;
}

/* Is [a, b) a name, or a std::string's text (src.c_str(), src.data())? */
static bool is_name(const struct toks *t, size_t a, size_t b)
{
    return is_ident(t, a) &&
           (b == a + 1 || (b == a + 5 && is(t, a + 1, ".") &&
                           (is(t, a + 2, "c_str") || is(t, a + 2, "data")) &&
                           is(t, a + 3, "(") && is(t, a + 4, ")")));
}

/* The source [a, b) given at the call at call: literals, or a name a
 * definition gives them. Whether it was one. */
static bool source(struct rtc_found *r, const struct toks *t, size_t a,
                   size_t b, size_t call)
{
    size_t n = strings_at(t, a), at = a;
    if (!n || a + n != b)
        n = is_name(t, a, b) ? definition(t, a, call, &at) : 0;
    if (n)
        add_program(r, t, at, n);
    return n > 0;
}

/* The name at i, which the call at call uses, as a parameter of the
 * function whose body holds the call: its index, with the function's
 * name at *fn. */
static bool parameter(const struct toks *t, size_t i, size_t call, size_t *fn,
                      size_t *index)
{
    for (size_t k = call; k-- > 0;) {
        if (!is_ident(t, k) || !same(t, k, i) ||
            !(is(t, k + 1, ",") || is(t, k + 1, ")")))
            continue;
        size_t depth = 0, commas = 0, j = k;
        while (j-- > 0 && !(opens(t, j) && !depth)) {
            if (closes(t, j))
                depth++;
            else if (opens(t, j))
                depth--;
            else if (!depth && is(t, j, ","))
                commas++;
        }
        if (j == (size_t)-1 || !j || !is(t, j, "(") || !is_ident(t, j - 1))
            return false;
        size_t c = j + 1; /* (its list is followed by the body) */
        for (depth = 0; c < t->n && !(closes(t, c) && !depth); c++)
            depth += opens(t, c) ? 1 : closes(t, c) ? (size_t)-1 : 0;
        if (!(is(t, c + 1, "{") || is(t, c + 2, "{")))
            return false;
        *fn = j - 1;
        *index = commas;
        return true;
    }
    return false;
}

/* The call at i: its second argument, a program's source, or what the
 * function it is in is given in its place (getLTOIR(lto_saxpy, ...)). */
static void call(struct rtc_found *r, const struct toks *t, size_t i)
{
    size_t a, b, fn, index;
    bool found = argument(t, i + 1, 1, &a, &b) && source(r, t, a, b, i);
    if (!found && is_name(t, a, b) && parameter(t, a, i, &fn, &index))
        for (size_t k = 0; k + 1 < t->n; k++)
            if (k != fn && is_ident(t, k) && same(t, k, fn) &&
                is(t, k + 1, "(") &&
                !(k && (is(t, k - 1, ".") || is(t, k - 1, "->"))) &&
                argument(t, k + 1, index, &a, &b))
                found = source(r, t, a, b, k) || found;
    if (!found) {
        ALLOC_GROW(r->lost, r->nlost + 1, r->lost_alloc);
        r->lost[r->nlost++] = t->v[i].off;
    }
}

void rtc_find(const char *buf, size_t len, struct rtc_found *out)
{
    struct toks t = {buf, NULL, 0};
    size_t alloc = 0;
    struct lexer lx;
    struct token tok;
    lexer_init(&lx, buf, len);
    while (lexer_next_code(&lx, &tok)) {
        ALLOC_GROW(t.v, t.n + 1, alloc);
        t.v[t.n++] = tok;
    }
    for (size_t i = 0; i < t.n; i++)
        if (t.v[i].kind == TOK_IDENT && creates(&t, i))
            call(out, &t, i);
    free(t.v);
}

void rtc_found_release(struct rtc_found *r)
{
    free(r->v);
    free(r->lits);
    free(r->lost);
    memset(r, 0, sizeof(*r));
}

static void put(struct strbuf *text, size_t **map, size_t *alloc, char c,
                size_t at)
{
    ALLOC_GROW(*map, text->len + 1, *alloc);
    (*map)[text->len] = at;
    strbuf_addch(text, c);
}

static int hex(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The text of the ordinary literal whose contents are buf[i, end). */
static void unescape(const char *buf, size_t i, size_t end, struct strbuf *text,
                     size_t **map, size_t *alloc)
{
    static const char from[] = "ntr\"'\\?abfv", to[] = "\n\t\r\"'\\?\a\b\f\v";
    while (i < end) {
        size_t sp = lexer_splice_len(buf + i, buf + end);
        if (sp) {
            i += sp;
            continue;
        }
        if (buf[i] != '\\' || i + 1 == end) {
            put(text, map, alloc, buf[i], i);
            i++;
            continue;
        }
        const char *e = memchr(from, buf[i + 1], sizeof(from) - 1);
        int v = 0, n = 0;
        if (e) {
            v = to[e - from];
            i += 2;
        } else if (buf[i + 1] >= '0' && buf[i + 1] <= '7') {
            for (i++; n < 3 && i < end && buf[i] >= '0' && buf[i] <= '7'; n++)
                v = v * 8 + (buf[i++] - '0');
        } else if (buf[i + 1] == 'x') {
            for (i += 2; i < end && hex(buf[i]) >= 0; i++)
                v = v * 16 + hex(buf[i]);
        } else { /* \u00e9 and the like: a byte that is no code's */
            v = '?';
            i += 2;
        }
        put(text, map, alloc, (char)v, RTC_MADE);
    }
}

bool rtc_text(const char *buf, const struct rtc_found *r,
              const struct rtc_program *p, struct strbuf *text, size_t **map,
              size_t *map_alloc)
{
    size_t had = text->len;
    for (size_t k = 0; k < p->n; k++) {
        const struct token *t = &r->lits[p->first + k];
        const char *s = buf + t->off;
        const char *q = memchr(s, '"', t->len);
        size_t pre = q ? (size_t)(q - s) : t->len;
        bool raw = t->kind == TOK_RAW_STRING;
        size_t plain = pre - raw; /* "", u8 */
        if ((t->flags & TOKF_UNTERMINATED) || !q || t->len < pre + 2 ||
            !(plain == 0 || (plain == 2 && !memcmp(s, "u8", 2)))) {
            strbuf_setlen(text, had);
            return false;
        }
        size_t body = t->off + pre + 1, end = t->off + t->len - 1;
        if (raw) {
            const char *open = memchr(buf + body, '(', end - body);
            size_t dlen = open ? (size_t)(open - (buf + body)) : 0;
            if (!open || end - body < 2 * dlen + 2) {
                strbuf_setlen(text, had);
                return false;
            }
            body += dlen + 1;
            end -= dlen + 1;
            for (size_t i = body; i < end; i++)
                put(text, map, map_alloc, buf[i], i);
        } else {
            unescape(buf, body, end, text, map, map_alloc);
        }
    }
    return true;
}
