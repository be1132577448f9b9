/* SPDX-License-Identifier: MIT */
/* Declarations from the tokens around a name: `#define N`, `struct N {`,
 * `enum { N, ...`, `T N(`, `T *N =`, `namespace N {`, `using N =`. */
#include "port/decl.h"

#include <ctype.h>
#include <string.h>

const char *decl_kind_name(enum decl_kind k)
{
    static const char *const names[] = {[DECL_NONE] = "use",
                                        [DECL_MACRO] = "macro",
                                        [DECL_TYPE] = "type",
                                        [DECL_ENUMERATOR] = "enumerator",
                                        [DECL_FUNCTION] = "function",
                                        [DECL_VARIABLE] = "variable",
                                        [DECL_NAMESPACE] = "namespace",
                                        [DECL_EXTERN_C] = "extern \"C\" name"};
    return (unsigned)k < DECL__COUNT ? names[k] : "?";
}

static bool is(const char *buf, const struct token *t, const char *s)
{
    return lexer_token_is(buf, t, s);
}

static bool is_punct(const char *buf, const struct token *t, const char *s)
{
    return t->kind == TOK_PUNCT && lexer_token_is(buf, t, s);
}

/* Words after which a name is used, not declared: `return N;`, `case
 * N:`, `new N(...)`, `goto N;` and the operators C++ spells as words. */
static bool is_not_a_type(const char *buf, const struct token *t)
{
#define W(s)                                                                   \
    {                                                                          \
        s, sizeof(s) - 1                                                       \
    }
    static const struct {
        const char *s;
        size_t len;
    } words[] = {
        W("return"),  W("else"),      W("case"),      W("goto"),
        W("new"),     W("delete"),    W("throw"),     W("sizeof"),
        W("alignof"), W("co_return"), W("co_yield"),  W("co_await"),
        W("do"),      W("operator"),  W("typedef"),   W("using"),
        W("public"),  W("private"),   W("protected"), W("and"),
        W("or"),      W("not"),       W("xor"),       W("bitand"),
        W("bitor"),   W("compl"),     W("not_eq"),    W("and_eq"),
        W("or_eq"),   W("xor_eq"),    W("friend"),    W("static_assert"),
        W("defined"), W("if"),        W("while"),     W("for"),
        W("switch"),  W("template")};
#undef W
    const char *p = buf + t->off;
    if (t->len > 13 || t->len < 2)
        return false;
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (t->len == words[i].len && p[0] == words[i].s[0] &&
            !memcmp(p, words[i].s, t->len))
            return true;
    return false;
}

/* A token before the name that may end a type: an identifier other than
 * those words, or '>' closing a template argument list. */
static bool ends_type(const char *buf, const struct token *t)
{
    if (t->kind == TOK_IDENT)
        return !is_not_a_type(buf, t);
    return is_punct(buf, t, ">");
}

/* Does the '{' at off open an enumeration's body? Looks back over the
 * bytes before it (`enum`, `enum class N : std::uint8_t`): identifiers,
 * blanks and colons only, up to a few words. */
static bool opens_enum(const char *buf, size_t off)
{
    size_t i = off;
    for (int words = 0; words < 8;) {
        while (i > 0 && strchr(" \t\r\n\f\v", buf[i - 1]))
            i--;
        if (i > 0 && buf[i - 1] == ':') {
            i--;
            continue;
        }
        size_t end = i;
        while (i > 0 && lexer_is_ident_char((unsigned char)buf[i - 1]))
            i--;
        if (i == end)
            return false;
        if (end - i == 4 && !memcmp(buf + i, "enum", 4))
            return true;
        words++;
    }
    return false;
}

/* Is the ',' at off inside a declaration of several names (`T a = 1,
 * b`)? Back over the bytes to where the statement starts (skipping
 * bracketed groups), then a look at its first two tokens: a type word
 * and a name, '*', '&', '<' or '::'. A parameter list or a call (an open
 * '(' first) is not one. */
/* Where the line holding offset i starts. */
static size_t line_start(const char *buf, size_t i)
{
    while (i > 0 && buf[i - 1] != '\n')
        i--;
    return i;
}

/* Does the line before the one starting at start end with a backslash
 * (and maybe a CR), so that this one continues it? */
static bool continues(const char *buf, size_t start)
{
    size_t e = start > 0 ? start - 1 : 0; /* the newline */
    if (e > 0 && buf[e - 1] == '\r')
        e--;
    return start > 0 && e > 0 && buf[e - 1] == '\\';
}

/* i, past the blanks of buf[i..end). */
static size_t skip_blanks(const char *buf, size_t i, size_t end)
{
    while (i < end && (buf[i] == ' ' || buf[i] == '\t'))
        i++;
    return i;
}

/* The line that ends at the newline at nl: a directive, or a line that
 * continues one? */
static bool directive_above(const char *buf, size_t nl)
{
    size_t start = line_start(buf, nl);
    size_t i = skip_blanks(buf, start, nl);
    return (i < nl && buf[i] == '#') || continues(buf, start);
}

static bool in_declarator_list(const char *buf, size_t off)
{
    size_t i = off, depth = 0, limit = off > 512 ? off - 512 : 0;
    while (i > limit) {
        char c = buf[--i];
        if (c == '\n' && !depth && directive_above(buf, i))
            break;
        if (c == ')' || c == ']' || (c == '}' && depth))
            depth++;
        else if ((c == '(' || c == '[' || c == '{') && depth)
            depth--;
        else if (depth)
            continue;
        else if (c == '(' || c == '[' || c == '#')
            return false;
        else if (c == ';' || c == '{' || c == '}')
            break;
        if (i == limit && limit)
            return false;
    }
    if (depth)
        return false;
    if (buf[i] == ';' || buf[i] == '{' || buf[i] == '}' || buf[i] == '\n')
        i++;
    struct lexer l;
    struct token a, b;
    lexer_init(&l, buf + i, off - i);
    if (!lexer_next_code(&l, &a) || !lexer_next_code(&l, &b) ||
        a.kind != TOK_IDENT || is_not_a_type(buf + i, &a))
        return false;
    return b.kind == TOK_IDENT || is_punct(buf + i, &b, "*") ||
           is_punct(buf + i, &b, "&") || is_punct(buf + i, &b, "<") ||
           is_punct(buf + i, &b, "::");
}

/* Is the name at off, in a directive of buf[0..len), in a #define's
 * parameters (*param) or its replacement (starting at *body)? Reads the
 * directive's bytes from its '#', back over the lines it continues with
 * a backslash: asked only at the names a rule could touch, so the walk
 * over every token costs nothing. A comment between '#', define and the
 * name hides the #define (then no declaration is seen: a report, as
 * before). */
static bool in_define(const char *buf, size_t len, size_t off, size_t *body,
                      bool *param)
{
    size_t i = line_start(buf, off);
    while (continues(buf, i))
        i = line_start(buf, i - 1);
    i = skip_blanks(buf, i, off);
    if (i >= off || buf[i] != '#')
        return false;
    i = skip_blanks(buf, i + 1, off);
    if (off - i < 7 || memcmp(buf + i, "define", 6) ||
        (buf[i + 6] != ' ' && buf[i + 6] != '\t'))
        return false;
    i = skip_blanks(buf, i + 7, off);
    size_t n = i;
    while (n < off && lexer_is_ident_char((unsigned char)buf[n]))
        n++;
    if (n == i || n >= off || n >= len)
        return false; /* the macro's name, or no name */
    if (buf[n] != '(') {
        *body = n; /* #define N (a) is object-like */
        return true;
    }
    size_t c = n + 1;
    while (c < off && buf[c] != ')')
        c++;
    if (c == off)
        *param = true; /* no ')' before it: #define N(a, name) */
    else
        *body = c + 1;
    return true;
}

/* Does text at p (of n bytes) start with extern "C" (blanks between)? */
static bool extern_c(const char *p, size_t n)
{
    if (n < 9 || memcmp(p, "extern", 6) || (p[6] != ' ' && p[6] != '\t'))
        return false;
    size_t k = 6;
    while (k < n && (p[k] == ' ' || p[k] == '\t'))
        k++;
    return n - k >= 3 && !memcmp(p + k, "\"C\"", 3);
}

/* Does the "/\*" at at open a comment: not after "//" nor in a string
 * on its line (from floor)? */
static bool opens_comment(const char *buf, size_t floor, size_t at)
{
    size_t b = at;
    while (b > floor && buf[b - 1] != '\n')
        b--;
    bool in_string = false;
    for (; b < at; b++) {
        if (buf[b] == '\\' && in_string)
            b++; /* "a\"b" */
        else if (buf[b] == '"' &&
                 !(b > floor && buf[b - 1] == '\'' && buf[b + 1] == '\''))
            in_string = !in_string; /* (not '"') */
        else if (!in_string && buf[b] == '/' && buf[b + 1] == '/')
            return false;
    }
    return !in_string;
}

/* How far back a declaration's start is looked for (a file of macro
 * calls with no ';' would make the look quadratic). */
#define LINKAGE_BACK 512

/* Has the function or variable declared at off C linkage: does its
 * declaration start with extern "C", or is the innermost brace open
 * (at brace) extern "C"'s block? (A text's look back to the last ';',
 * '{' or '}', over blanks and directive lines.) */
static bool c_linkage(const char *buf, size_t off, size_t brace)
{
    size_t k = off, floor = off > LINKAGE_BACK ? off - LINKAGE_BACK : 0;
    for (bool back = true; back;) {
        while (k > floor && buf[k - 1] != ';' && buf[k - 1] != '{' &&
               buf[k - 1] != '}')
            k--;
        /* (a ';' in a line's comment is text: "// for ctypes; C ABI") */
        size_t line = k, c;
        while (line > floor && buf[line - 1] != '\n')
            line--;
        for (c = line; k > floor && c + 1 < k; c++)
            if (buf[c] == '/' && buf[c + 1] == '/' &&
                !memchr(buf + line, '"', c - line))
                break;
        back = k > floor && c + 1 < k;
        if (back) {
            k = c;
            continue;
        }
        /* (... and in a block's: "/\* C ABI; for dlsym *\/"; not a block's
         * opening in a line's comment, a banner of stars, or a string) */
        for (c = k; c > floor + 1 && !(buf[c - 2] == '*' && buf[c - 1] == '/');
             c--)
            if (buf[c - 2] == '/' && buf[c - 1] == '*' &&
                opens_comment(buf, floor, c - 2)) {
                k = c - 2;
                back = true;
                break;
            }
    }
    for (;;) { /* blanks, directive lines and comments */
        while (k < off && (buf[k] == ' ' || buf[k] == '\t' || buf[k] == '\n' ||
                           buf[k] == '\r'))
            k++;
        if (k + 1 < off && buf[k] == '/' && buf[k + 1] == '*') {
            size_t e = k + 2;
            while (e + 1 < off && !(buf[e] == '*' && buf[e + 1] == '/'))
                e++;
            if (e + 1 >= off)
                break;
            k = e + 2;
            continue;
        }
        if (k >= off || (buf[k] != '#' &&
                         !(buf[k] == '/' && k + 1 < off && buf[k + 1] == '/')))
            break;
        while (k < off && buf[k] != '\n')
            k++;
    }
    if (extern_c(buf + k, off - k))
        return true;
    if (brace == (size_t)-1)
        return false;
    size_t b = brace, e;
    while (b && (buf[b - 1] == ' ' || buf[b - 1] == '\t' ||
                 buf[b - 1] == '\n' || buf[b - 1] == '\r'))
        b--;
    if (b < 3 || memcmp(buf + b - 3, "\"C\"", 3))
        return false;
    e = b - 3;
    while (e && (buf[e - 1] == ' ' || buf[e - 1] == '\t'))
        e--;
    return e >= 6 && !memcmp(buf + e - 6, "extern", 6);
}

/* A function's or variable's declaration at s: with C linkage, or not. */
static enum decl_kind linkage(const struct decl_site *s, enum decl_kind k)
{
    return !(s->name->flags & TOKF_DIRECTIVE) &&
                   c_linkage(s->buf, s->name->off, s->brace)
               ? DECL_EXTERN_C
               : k;
}

/* Does a type's name end before off ("CUresult (", "vector<int> (",
 * not "return (", "= (" nor "y > (": a call through a pointer)? */
static bool type_before(const char *buf, size_t off)
{
    size_t k = off;
    while (k && (buf[k - 1] == ' ' || buf[k - 1] == '\t'))
        k--;
    if (k && buf[k - 1] == '>') { /* std::vector<int> (, not y > ( */
        size_t t = k - 1;
        while (t && buf[t - 1] != '<' && buf[t - 1] != '\n' &&
               buf[t - 1] != ';' && buf[t - 1] != '(' && buf[t - 1] != '=')
            t--;
        return t > 1 && buf[t - 1] == '<' &&
               (isalnum((unsigned char)buf[t - 2]) || buf[t - 2] == '_');
    }
    size_t e = k;
    while (k && (isalnum((unsigned char)buf[k - 1]) || buf[k - 1] == '_'))
        k--;
    static const char *const not_types[] = {
        "return", "throw", "else", "do", "case", "sizeof", "co_return"};
    if (k == e || isdigit((unsigned char)buf[k]))
        return false;
    for (size_t i = 0; i < sizeof(not_types) / sizeof(*not_types); i++)
        if (strlen(not_types[i]) == e - k &&
            !memcmp(buf + k, not_types[i], e - k))
            return false;
    return true;
}

enum decl_kind decl_at(const struct decl_site *s)
{
    const char *buf = s->buf;
    const struct token *t = s->name;
    if (t->flags & TOKF_MACRO_NAME)
        return DECL_MACRO;
    /* A macro's parameters are its own; its replacement is code, as far
     * as the directive goes. Any other directive declares nothing. */
    size_t body = (size_t)-1;
    if (t->flags & TOKF_DIRECTIVE) {
        bool param = false;
        if (!in_define(buf, s->lx->len, t->off, &body, &param))
            return DECL_NONE;
        if (param)
            return DECL_VARIABLE;
    }
    bool in_body = body != (size_t)-1;
    /* What came before, unless it was on a directive line (or before the
     * replacement began): then the name starts a statement. */
    struct token none = {0, 0, TOK_SPACE, 0};
    const struct token *prev = s->prev, *prev2 = s->prev2;
    if (in_body ? prev->off < body : (prev->flags & TOKF_DIRECTIVE) != 0)
        prev = prev2 = &none;
    else if (in_body ? prev2->off < body : (prev2->flags & TOKF_DIRECTIVE) != 0)
        prev2 = &none;
    struct lexer l = *s->lx;
    struct token next;
    if (!lexer_next_code(&l, &next))
        return DECL_NONE;
    /* The replacement ends with its line. */
    if (in_body && (!(next.flags & TOKF_DIRECTIVE) || l.dir == LEX_DIR_HASH))
        return DECL_NONE;
    bool colon = is_punct(buf, &next, ":");

    if (prev->kind == TOK_IDENT) {
        /* struct N {, struct N : B, struct N; (a forward declaration),
         * typedef struct N *M; (from a review: said as CUDA of MUSA's) */
        if (is(buf, prev, "struct") || is(buf, prev, "class") ||
            is(buf, prev, "union") || is(buf, prev, "enum"))
            return is_punct(buf, &next, "{") || colon ||
                           is(buf, &next, "final") ||
                           is_punct(buf, &next, ";") ||
                           (prev2->kind == TOK_IDENT &&
                            is(buf, prev2, "typedef"))
                       ? DECL_TYPE
                       : DECL_NONE;
        if (is(buf, prev, "namespace"))
            return is_punct(buf, &next, "{") || is_punct(buf, &next, "=")
                       ? DECL_NAMESPACE
                       : DECL_NONE;
        if (is(buf, prev, "using"))
            return is_punct(buf, &next, "=") ? DECL_TYPE : DECL_NONE;
    }

    /* T N ..., T *N ..., T &N ..., A<B> N ... */
    bool typed = ends_type(buf, prev);
    bool pointer = prev->kind == TOK_PUNCT &&
                   (is(buf, prev, "*") || is(buf, prev, "&")) &&
                   (ends_type(buf, prev2) || is_punct(buf, prev2, "*"));
    if ((typed || pointer) && next.kind == TOK_PUNCT) {
        bool angle = prev->kind == TOK_PUNCT && !pointer;
        if (is(buf, &next, "(") && !angle)
            return linkage(s, DECL_FUNCTION);
        if (is(buf, &next, "=") || is(buf, &next, ";") || is(buf, &next, "[") ||
            is(buf, &next, "{"))
            return DECL_VARIABLE;
        if (!angle && (is(buf, &next, ",") || is(buf, &next, ")") || colon))
            return DECL_VARIABLE;
    }

    /* T (*N)(args), typedef T (*N)(args): a pointer to a function
     * (from a review: typedef CUresult (*cuInit_t)(unsigned) was said as
     * CUDA with no MUSA counterpart) */
    if (is_punct(buf, prev, "*") && is_punct(buf, prev2, "(") &&
        is_punct(buf, &next, ")") && type_before(buf, prev2->off)) {
        struct lexer after = l;
        struct token open;
        if (lexer_next_code(&after, &open) && is_punct(buf, &open, "("))
            return DECL_VARIABLE;
    }

    /* typedef struct { ... } N; struct { ... } N, M; */
    if (is_punct(buf, prev, "}") && next.kind == TOK_PUNCT &&
        (is(buf, &next, ";") || is(buf, &next, ",") || is(buf, &next, "[") ||
         is(buf, &next, "=")))
        return DECL_TYPE;

    /* enum { N, N = 1, N } */
    if (prev->kind == TOK_PUNCT && (is(buf, prev, "{") || is(buf, prev, ",")) &&
        next.kind == TOK_PUNCT &&
        (is(buf, &next, ",") || is(buf, &next, "=") || is(buf, &next, "}")) &&
        s->brace != (size_t)-1 && opens_enum(buf, s->brace))
        return DECL_ENUMERATOR;
    /* T a, N; T a = f(x, y), *N = 0; */
    if (is_punct(buf, prev, ",") && next.kind == TOK_PUNCT &&
        (is(buf, &next, "=") || is(buf, &next, ";") || is(buf, &next, ",") ||
         is(buf, &next, "[")) &&
        in_declarator_list(buf, prev->off))
        return DECL_VARIABLE;
    if (is_punct(buf, prev, "*") && prev2->kind == TOK_PUNCT &&
        is(buf, prev2, ",") && in_declarator_list(buf, prev2->off))
        return DECL_VARIABLE;

    return DECL_NONE;
}
