/* SPDX-License-Identifier: MIT */
/* Each hazard is a look at the tokens around a name: before it (the
 * site's two previous tokens) and after it (a copy of the lexer). */
#include "port/hazard.h"

#include <string.h>

static bool is_cmp_op(const char *buf, const struct token *t)
{
    const char *p = buf + t->off;
    if (t->kind != TOK_PUNCT)
        return false;
    if (t->len == 1)
        return *p == '<' || *p == '>';
    return t->len == 2 && p[1] == '=' && strchr("<>=!", p[0]);
}

static const char *note_or(const struct map_entry *e, const char *dflt)
{
    return e->message ? e->message : dflt;
}

/* NAME <op> NUMBER, or NUMBER <op> NAME. */
static void hazard_compared(const struct hazard_site *s, const char *name,
                            const struct map_entry *e, struct finder *fd)
{
    struct lexer l = *s->lx;
    struct token op, num;
    const struct token *n = NULL;
    if (s->prev2.len && s->prev2.kind == TOK_NUMBER &&
        is_cmp_op(s->buf, &s->prev))
        n = &s->prev2;
    else if (lexer_next_code(&l, &op) && is_cmp_op(s->buf, &op) &&
             lexer_next_code(&l, &num) && num.kind == TOK_NUMBER)
        n = &num;
    if (n)
        finder_add(fd, WARN_HAZARD, s->name->off,
                   "'%s' is compared with %.*s: %s", name, (int)n->len,
                   s->buf + n->off, note_or(e, "the numbers differ on MUSA"));
}

/* Is the number token the 32-lane mask 0xffffffff (any case, suffix)? */
static bool is_full_mask(const char *buf, const struct token *t)
{
    const char *p = buf + t->off;
    size_t n = t->len;
    while (n && p[n - 1] && strchr("uUlL", p[n - 1]))
        n--;
    if (n != 10 || p[0] != '0' || (p[1] | 0x20) != 'x')
        return false;
    for (size_t i = 2; i < 10; i++) /* (the buffer may end right here) */
        if ((p[i] | 0x20) != 'f')
            return false;
    return true;
}

/* NAME ( 0xffffffff , ... */
static void hazard_warp_mask(const struct hazard_site *s, const char *name,
                             const struct map_entry *e, struct finder *fd)
{
    struct lexer l = *s->lx;
    struct token a, mask, b;
    const char *buf = s->buf;
    if (lexer_next_code(&l, &a) && lexer_token_is(buf, &a, "(") &&
        lexer_next_code(&l, &mask) && mask.kind == TOK_NUMBER &&
        is_full_mask(buf, &mask) && lexer_next_code(&l, &b) &&
        (lexer_token_is(buf, &b, ",") || lexer_token_is(buf, &b, ")")))
        finder_add(fd, WARN_HAZARD, mask.off,
                   "'%s' is called with the 32-lane mask %.*s: %s", name,
                   (int)mask.len, buf + mask.off,
                   note_or(e, "MUSA warps are not 32 lanes on every GPU"));
}

/* Does s[0..len) contain mark? (memchr for its first byte: asm strings
 * can be long.) */
static bool contains(const char *s, size_t len, const char *mark)
{
    size_t ml = strlen(mark);
    const char *p = s, *end = s + len;
    while ((size_t)(end - p) >= ml &&
           (p = memchr(p, mark[0], (size_t)(end - p)))) {
        if ((size_t)(end - p) >= ml && !memcmp(p, mark, ml))
            return true;
        p++;
    }
    return false;
}

/* PTX instructions are opcode.type (mov.u32, ld.global.nc, shfl.sync);
 * x86 mnemonics have no dot. Registers and directives give PTX away too. */
static bool looks_like_ptx(const char *s, size_t len)
{
    static const char *const marks[] = {".reg",    ".pred", "%%laneid",
                                        "%%clock", "%%tid", "%%smid"};
    for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
        if (contains(s, len, marks[i]))
            return true;
    size_t i = 0;
    while (i < len && (strchr(" \t{", s[i]) || (s[i] == '\\' && i + 1 < len)))
        i += s[i] == '\\' ? 2 : 1;
    size_t w = i;
    while (i < len && s[i] >= 'a' && s[i] <= 'z')
        i++;
    return i > w && i + 1 < len && s[i] == '.' &&
           ((s[i + 1] >= 'a' && s[i + 1] <= 'z') ||
            (s[i + 1] >= '0' && s[i + 1] <= '9'));
}

/* asm [volatile] ( "PTX..." */
static void hazard_ptx(const struct hazard_site *s, const struct map_entry *e,
                       struct finder *fd)
{
    struct lexer l = *s->lx;
    struct token a;
    bool more;
    const char *buf = s->buf;
    while ((more = lexer_next_code(&l, &a)) && a.kind == TOK_IDENT &&
           (lexer_token_is(buf, &a, "volatile") ||
            lexer_token_is(buf, &a, "__volatile__") ||
            lexer_token_is(buf, &a, "__volatile") ||
            lexer_token_is(buf, &a, "inline") ||
            lexer_token_is(buf, &a, "goto")))
        ;
    if (!more || a.kind != TOK_PUNCT || !lexer_token_is(buf, &a, "(") ||
        !lexer_next_code(&l, &a) || a.kind != TOK_STRING || buf[a.off] != '"')
        return;
    /* The contents: without the quotes, or the one quote of an
     * unterminated string. */
    size_t quotes = a.flags & TOKF_UNTERMINATED ? 1 : 2;
    if (a.len >= quotes && looks_like_ptx(buf + a.off + 1, a.len - quotes))
        finder_add(fd, WARN_HAZARD, s->name->off, "inline PTX assembly: %s",
                   note_or(e, "MUSA does not run NVIDIA PTX"));
}

void hazard_check(const struct hazard_site *s, const char *name,
                  const struct map_entry *e, struct finder *fd)
{
    switch (e->hazard) {
    case HAZARD_COMPARED:
    case HAZARD_VERSION:
        hazard_compared(s, name, e, fd);
        break;
    case HAZARD_WARP_MASK:
        hazard_warp_mask(s, name, e, fd);
        break;
    case HAZARD_PTX:
        hazard_ptx(s, e, fd);
        break;
    case HAZARD_ONCE:
    case HAZARD_NONE:
        break;
    }
}
