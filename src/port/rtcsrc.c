/* SPDX-License-Identifier: MIT */
/* NVRTC programs' source strings (rtcsrc.h). */
#include "port/rtcsrc.h"

#include <stdlib.h>
#include <string.h>

#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* (Both spellings: a port of a port creates with MTRTC's.) */
static const char *const creators[] = {"nvrtcCreateProgram",
                                       "mtrtcCreateProgram"};

/* Tokens, each with the function it is in: the '(' of its parameters,
 * or NONE at file scope. */
struct site {
    size_t tok, fn;
};
struct sites {
    struct site *v;
    size_t nr, alloc;
};
#define NONE ((size_t)-1)

/* The file's code tokens, and per name its definitions by literals and
 * the calls it makes (struct uses), for the lookups below to be linear. */
struct toks {
    const char *buf;
    struct token *v;
    size_t n;
    struct hashmap names; /* name -> struct uses */
    unsigned char *taken; /* per token: a program's first literal */
    struct sites calls;   /* the creators' calls */
};

struct uses {
    struct sites defs;  /* the name's tokens that a definition's literals
                           follow, or a declaration's value that is none */
    struct sites calls; /* the name's tokens before a '(' */
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

static bool member(const struct toks *t, size_t i)
{
    return i && (is(t, i - 1, ".") || is(t, i - 1, "->"));
}

static bool opens(const struct toks *t, size_t k)
{
    return is(t, k, "(") || is(t, k, "[") || is(t, k, "{");
}

static bool closes(const struct toks *t, size_t k)
{
    return is(t, k, ")") || is(t, k, "]") || is(t, k, "}");
}

/* The bracket that closes the one opening at k (or t->n). */
static size_t close_of(const struct toks *t, size_t k)
{
    size_t depth = 0;
    for (k++; k < t->n; k++)
        if (opens(t, k))
            depth++;
        else if (closes(t, k) && !depth--)
            break;
    return k;
}

/* A call of a creator at i: not its declaration (nvrtcResult
 * nvrtcCreateProgram(...), Rtc::nvrtcCreateProgram(...) { ... }) nor a
 * shim's #define. */
static bool creates(const struct toks *t, size_t i)
{
    if (!is(t, i + 1, "(") || (t->v[i].flags & TOKF_MACRO_NAME))
        return false;
    bool named = false;
    for (size_t k = 0; k < sizeof(creators) / sizeof(*creators); k++)
        named = named || is(t, i, creators[k]);
    size_t c = named ? close_of(t, i + 1) : 0;
    if (!named || is(t, c + 1, "{") || is(t, c + 2, "{"))
        return false; /* (a definition's body follows) */
    if (!i)
        return true;
    const struct token *p = &t->v[i - 1];
    return p->kind == TOK_PUNCT ? !member(t, i) : is(t, i - 1, "return");
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

/* Where the literals that the name at k defines start, or 0: #define
 * NAME "...", NAME = "...", NAME[] = "...", NAME("..."). */
static size_t defines(const struct toks *t, size_t k)
{
    size_t j = k + 1;
    if (!(t->v[k].flags & TOKF_MACRO_NAME)) {
        if (is(t, j, "[")) {
            while (j < t->n && !is(t, j, "]") && !is(t, j, ";"))
                j++;
            j++;
        }
        if (!is(t, j, "=") && !is(t, j, "(") && !is(t, j, "{"))
            return 0;
        j++;
    }
    return strings_at(t, j) ? j : 0;
}

static struct uses *uses_of(struct toks *t, size_t k)
{
    const char *s = t->buf + t->v[k].off;
    struct uses *u = hashmap_get(&t->names, s, t->v[k].len);
    if (!u) {
        u = xcalloc(1, sizeof(*u));
        hashmap_put(&t->names, s, t->v[k].len, u);
    }
    return u;
}

/* Is the token at k a statement's keyword whose '(' a block follows
 * (if, for, while, switch, catch), not a function's name? */
static bool control(const struct toks *t, size_t k)
{
    static const char *const words[] = {"if", "for", "while", "switch",
                                        "catch"};
    for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
        if (is(t, k, words[i]))
            return true;
    return !is_ident(t, k);
}

/* Where the '(' that the ')' at k closes is, or NONE. */
static size_t open_of(const struct toks *t, size_t k)
{
    size_t depth = 0;
    while (k-- > 0)
        if (closes(t, k))
            depth++;
        else if (opens(t, k) && !depth--)
            return is(t, k, "(") ? k : NONE;
    return NONE;
}

/* Index the names, and find the creators' calls with the function each
 * is in: a body is a '{' after ')' (or after ') const'). */
static void add_site(struct sites *s, size_t tok, size_t fn)
{
    ALLOC_GROW(s->v, s->nr + 1, s->alloc);
    s->v[s->nr++] = (struct site){tok, fn};
}

static void index_names(struct toks *t)
{
    size_t *stack = NULL, depth = 0, alloc = 0; /* per '{': its list */
    for (size_t k = 0; k < t->n; k++) {
        if (is(t, k, "{")) {
            size_t c = k && is(t, k - 1, ")") ? k - 1
                       : k > 1 && is_ident(t, k - 1) && is(t, k - 2, ")")
                           ? k - 2
                           : NONE;
            size_t list = c == NONE ? NONE : open_of(t, c);
            if (list != NONE && (!list || control(t, list - 1)))
                list = NONE; /* (if (ok) {: a block of its function) */
            if (list == NONE && depth) /* (a block: its function's) */
                list = stack[depth - 1];
            ALLOC_GROW(stack, depth + 1, alloc);
            stack[depth++] = list;
        } else if (is(t, k, "}") && depth) {
            depth--;
        }
        if (!is_ident(t, k) || member(t, k))
            continue;
        size_t fn = depth ? stack[depth - 1] : NONE;
        if (creates(t, k))
            add_site(&t->calls, k, fn);
        /* (a declaration that gives no literals shadows those before,
         * in its function: const char *src = s.c_str(); NAME("...") is a
         * call too) */
        if (defines(t, k) ||
            (is(t, k + 1, "=") && k &&
             (is(t, k - 1, "*") || is(t, k - 1, "&") || is_ident(t, k - 1))))
            add_site(&uses_of(t, k)->defs, k, fn);
        if (is(t, k + 1, "("))
            add_site(&uses_of(t, k)->calls, k, fn);
    }
    free(stack);
}

static void free_uses(void *arg, const char *key, size_t len, void *value)
{
    (void)arg, (void)key, (void)len;
    struct uses *u = value;
    free(u->defs.v);
    free(u->calls.v);
    free(u);
}

/* The literals that define the name at i, nearest before the token at
 * before, in its function (fn: its list) or at file scope: where they
 * start (0: none). */
#define SCOPE_MAX 64
static size_t definition(const struct toks *t, size_t i, size_t before,
                         size_t fn)
{
    const struct uses *u =
        hashmap_get(&t->names, t->buf + t->v[i].off, t->v[i].len);
    const struct site *v = u ? u->defs.v : NULL;
    size_t lo = 0, hi = u ? u->defs.nr : 0; /* the first at or after it */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid].tok < before)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t k = lo, n = 0; k-- > 0 && n < SCOPE_MAX; n++)
        if (v[k].fn == NONE || v[k].fn == fn)
            return defines(t, v[k].tok);
    return 0;
}

static void add_program(struct rtc_found *r, struct toks *t, size_t at,
                        size_t n)
{
    if (t->taken[at]) /* (one literal, two calls) */
        return;
    t->taken[at] = 1;
    ALLOC_GROW(r->v, r->nr + 1, r->alloc);
    r->v[r->nr++] = (struct rtc_program){r->nlits, n};
    ALLOC_GROW(r->lits, r->nlits + n, r->lits_alloc);
    memcpy(r->lits + r->nlits, t->v + at, n * sizeof(*t->v));
    r->nlits += n;
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

/* The source [a, b) given at the token at, when it is literals or a
 * name a definition before gives them: a program. */
static bool source(struct rtc_found *r, struct toks *t, size_t a, size_t b,
                   size_t at, size_t fn)
{
    size_t n = strings_at(t, a), from = a;
    if (!n || a + n != b) {
        from = is_name(t, a, b) ? definition(t, a, at, fn) : 0;
        n = from ? strings_at(t, from) : 0;
    }
    if (n)
        add_program(r, t, from, n);
    return n > 0;
}

/* The name at i as a parameter of the function whose parameters open
 * at list: its index, with the function's name at *fn. */
static bool parameter(const struct toks *t, size_t i, size_t list, size_t *fn,
                      size_t *index)
{
    if (list == NONE || !list || !is_ident(t, list - 1))
        return false;
    size_t depth = 0, commas = 0;
    for (size_t k = list + 1; k < t->n; k++) {
        if (opens(t, k))
            depth++;
        else if (closes(t, k) && !depth--)
            return false;
        else if (!depth && is(t, k, ","))
            commas++;
        else if (!depth && is_ident(t, k) && same(t, k, i) &&
                 (is(t, k + 1, ",") || is(t, k + 1, ")") ||
                  is(t, k + 1, "="))) {
            *fn = list - 1;
            *index = commas;
            return true;
        }
    }
    return false;
}

/* The call at i: its second argument, a program's source; or, where
 * that is a parameter of the function the call is in, what its calls
 * give in its place (getLTOIR(lto_saxpy, ...)). */
static void call(struct rtc_found *r, struct toks *t, size_t i, size_t list)
{
    size_t a = 0, b = 0, fn, index;
    bool found = false, arg = argument(t, i + 1, 1, &a, &b);
    if (arg && is_name(t, a, b) && parameter(t, a, list, &fn, &index)) {
        const struct uses *u =
            hashmap_get(&t->names, t->buf + t->v[fn].off, t->v[fn].len);
        for (size_t m = 0; u && m < u->calls.nr; m++) {
            const struct site *c = &u->calls.v[m];
            if (c->tok != fn && argument(t, c->tok + 1, index, &a, &b))
                found = source(r, t, a, b, c->tok, c->fn) || found;
        }
    } else if (arg) {
        found = source(r, t, a, b, i, list);
    }
    if (!found) {
        ALLOC_GROW(r->lost, r->nlost + 1, r->lost_alloc);
        r->lost[r->nlost++] = t->v[i].off;
    }
}

void rtc_find(const char *buf, size_t len, struct rtc_found *out)
{
    struct toks t = {buf, NULL, 0, HASHMAP_INIT, NULL, {NULL, 0, 0}};
    size_t alloc = 0;
    struct lexer lx;
    struct token tok;
    lexer_init(&lx, buf, len);
    while (lexer_next_code(&lx, &tok)) {
        ALLOC_GROW(t.v, t.n + 1, alloc);
        t.v[t.n++] = tok;
    }
    t.taken = xcalloc(t.n ? t.n : 1, 1);
    index_names(&t);
    for (size_t i = 0; i < t.calls.nr; i++)
        call(out, &t, t.calls.v[i].tok, t.calls.v[i].fn);
    hashmap_each(&t.names, free_uses, NULL);
    hashmap_release(&t.names);
    free(t.taken);
    free(t.calls.v);
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
