/* SPDX-License-Identifier: MIT */
/* Each hazard is a look at the tokens around a name: before it (the
 * site's two previous tokens) and after it (a copy of the lexer), and at
 * what the file defined before it (struct hazard_file). */
#include "port/hazard.h"

#include <ctype.h>
#include <string.h>

void hazard_file_init(struct hazard_file *hf, const char *wide_arch,
                      const char *unit)
{
    memset(hf, 0, sizeof(*hf));
    hf->wide_arch = wide_arch;
    hf->unit = unit ? unit : "file";
}

/* The literal the file defines name (token t) as, or NULL. */
static const struct hazard_name *
defined_as(const struct hazard_file *hf, const char *buf, const struct token *t)
{
    for (size_t i = hf ? hf->nnames : 0; i-- > 0;) {
        const struct hazard_name *n = &hf->names[i];
        if (n->len == t->len && !memcmp(buf + n->off, buf + t->off, t->len))
            return n;
    }
    return NULL;
}

static bool is_cmp_op(const char *buf, const struct token *t)
{
    const char *p = buf + t->off;
    if (t->kind != TOK_PUNCT)
        return false;
    if (t->len == 1)
        return *p == '<' || *p == '>';
    return t->len == 2 && p[1] == '=' && strchr("<>=!", p[0]);
}

/* The tags of places said at the file's end (finder_place). */
static const char warp_tag[] = "warp calls", lane_tag[] = "lane arithmetic";

static const char *note_or(const struct map_entry *e, const char *dflt)
{
    return e->message ? e->message : dflt;
}

/* The name of the call whose ')' is at close (NCCL_VERSION(2,4,0)),
 * found in the bytes before it (a call's arguments on one line, at most
 * a few hundred bytes back), into *t. */
static bool called_before(const char *buf, size_t close, struct token *t)
{
    size_t k = close, stop = close > 256 ? close - 256 : 0;
    int depth = 0;
    while (k-- > stop) {
        if (buf[k] == '\n')
            return false;
        depth += buf[k] == ')';
        if (buf[k] == '(' && depth-- == 0)
            break;
    }
    if (k == (size_t)-1 || k < stop || buf[k] != '(' || depth >= 0)
        return false;
    while (k > 0 && (buf[k - 1] == ' ' || buf[k - 1] == '\t'))
        k--;
    size_t end = k;
    while (k > 0 && lexer_is_ident_char((unsigned char)buf[k - 1]))
        k--;
    if (!lexer_is_identifier(buf + k, end - k))
        return false; /* none, or a number: 1(2) */
    static const char *const keywords[] = {"if",     "elif",         "while",
                                           "return", "sizeof",       "defined",
                                           "switch", "__has_include"};
    for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
        if (strlen(keywords[i]) == end - k &&
            !memcmp(buf + k, keywords[i], end - k))
            return false; /* #if (x) < NAME: no call */
    *t = (struct token){(uint32_t)k, (uint32_t)(end - k), TOK_IDENT, 0};
    return true;
}

/* NAME <op> NUMBER, or NUMBER <op> NAME; NAME <op> CALL(...), or
 * CALL(...) <op> NAME. */
static void hazard_compared(const struct hazard_site *s, const char *name,
                            const struct map_entry *e, struct finder *fd)
{
    struct lexer l = *s->lx;
    struct token op, num, paren;
    const struct token *n = NULL;
    bool call = false; /* NAME >= NCCL_VERSION(2,18,0): a version made */
    struct token before;
    /* A name on the other side is a threshold too (__CUDA_ARCH__ >=
     * GGML_CUDA_CC_VOLTA), but in code a '<' before or '>' after may be
     * a template's bracket (Arch<__CUDA_ARCH__> a). */
    bool directive = s->name->flags & TOKF_DIRECTIVE;
    if (s->prev2.len && s->prev2.kind == TOK_NUMBER &&
        is_cmp_op(s->buf, &s->prev))
        n = &s->prev2;
    else if (s->prev2.len && is_cmp_op(s->buf, &s->prev) &&
             lexer_token_is(s->buf, &s->prev2, ")") &&
             (call = called_before(s->buf, s->prev2.off, &before)))
        n = &before; /* NCCL_VERSION(2,4,0) <= NAME */
    else if (s->prev2.len && s->prev2.kind == TOK_IDENT &&
             is_cmp_op(s->buf, &s->prev) &&
             (directive || !lexer_token_is(s->buf, &s->prev, "<")))
        n = &s->prev2; /* CC_VOLTA <= NAME */
    else if (lexer_next_code(&l, &op) && is_cmp_op(s->buf, &op) &&
             lexer_next_code(&l, &num) &&
             (num.kind == TOK_NUMBER ||
              (num.kind == TOK_IDENT && lexer_next_code(&l, &paren) &&
               ((call = lexer_token_is(s->buf, &paren, "(")) || directive ||
                !lexer_token_is(s->buf, &op, ">")))))
        n = &num;
    if (n) {
        finder_add(fd, WARN_HAZARD, s->name->off,
                   "'%s' is compared with %.*s%s: %s", name, (int)n->len,
                   s->buf + n->off, call ? "(...)" : "",
                   note_or(e, "the numbers differ on MUSA"));
        return;
    }
    /* NAME >= (x), a macro's parameter (#define ARCH_GE(x) (__CUDA_ARCH__
     * >= (x))); NAME / 100, NAME % 100: a number made of it (from a
     * review: both kept silently) */
    l = *s->lx;
    if (lexer_next_code(&l, &op) && op.kind == TOK_PUNCT &&
        lexer_next_code(&l, &num)) {
        bool cmp = is_cmp_op(s->buf, &op) &&
                   lexer_token_is(s->buf, &num, "(") &&
                   (directive || !lexer_token_is(s->buf, &op, ">"));
        bool math =
            e->hazard != HAZARD_VERSION && /* (said as a number, below) */
            num.kind == TOK_NUMBER &&
            (lexer_token_is(s->buf, &op, "/") ||
             lexer_token_is(s->buf, &op, "%"));
        if (cmp || math) {
            finder_add(fd, WARN_HAZARD, s->name->off, "'%s' is %s: %s", name,
                       cmp ? "compared with a value given later"
                           : "divided into a number",
                       note_or(e, "the numbers differ on MUSA"));
            return;
        }
    }
    if (e->hazard != HAZARD_VERSION)
        return;
    /* A version used as a number anywhere else: printed, returned,
     * stored, tested for zero. Not in defined(), #ifdef, #ifndef, #undef
     * or as the name a #define defines. */
    const char *buf = s->buf;
    const struct token *p = &s->prev, *p2 = &s->prev2;
    if ((s->name->flags & TOKF_MACRO_NAME) ||
        (directive && p->kind == TOK_IDENT &&
         (lexer_token_is(buf, p, "defined") ||
          lexer_token_is(buf, p, "ifdef") || lexer_token_is(buf, p, "ifndef") ||
          lexer_token_is(buf, p, "elifdef") ||
          lexer_token_is(buf, p, "elifndef") ||
          lexer_token_is(buf, p, "undef"))) ||
        (directive && lexer_token_is(buf, p, "(") &&
         lexer_token_is(buf, p2, "defined")))
        return;
    finder_add(fd, WARN_HAZARD, s->name->off, "'%s' is used as a number: %s",
               name, note_or(e, "the numbers differ on MUSA"));
}

/* The value of an integer token (decimal, 0x hex, suffixes), or -1 when
 * it is none or too large to matter here. */
static long number_value(const char *buf, const struct token *t)
{
    const char *p = buf + t->off;
    size_t n = t->len, i = 0;
    while (n && p[n - 1] && strchr("uUlL", p[n - 1]))
        n--;
    int base = n > 2 && p[0] == '0' && (p[1] | 0x20) == 'x' ? 16 : 10;
    i = base == 16 ? 2 : 0;
    long v = 0;
    for (; i < n && v < 1L << 40; i++) {
        int d = p[i] >= '0' && p[i] <= '9' ? p[i] - '0'
                : base == 16 && (p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'f'
                    ? (p[i] | 0x20) - 'a' + 10
                    : -1;
        if (d < 0)
            return -1;
        v = v * base + d;
    }
    return n && v < 1L << 40 ? v : -1;
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

/* NAME ( 0xffffffff , ... or NAME ( FULL_MASK , ... where the file
 * defines FULL_MASK as 0xffffffff; and every such call counted, for the
 * file's end, when the build's warps are 128 threads. */
static void hazard_warp_mask(const struct hazard_site *s, const char *name,
                             const struct map_entry *e, struct finder *fd)
{
    struct lexer l = *s->lx;
    struct token a, mask, b;
    const char *buf = s->buf;
    struct hazard_file *hf = s->file;
    if (s->name->flags & TOKF_MACRO_NAME)
        return; /* a shim's #define __shfl_xor_sync(...) __shfl_xor(...) */
    if (hf && hf->wide_arch && !hf->warp_calls++)
        hf->warp_name = name;
    if (hf && hf->wide_arch)
        finder_place(fd, WARN_HAZARD, s->name->off, warp_tag);
    if (hf && !hf->wide_arch)
        return; /* warps of 32 threads: the mask is right */
    if (!lexer_next_code(&l, &a) || !lexer_token_is(buf, &a, "(") ||
        !lexer_next_code(&l, &mask) || !lexer_next_code(&l, &b))
        return;
    /* ~0u, -1: every bit, so 32 lanes where the mask is 32 bits */
    bool not0 =
        b.kind == TOK_NUMBER &&
        ((lexer_token_is(buf, &mask, "~") && number_value(buf, &b) == 0) ||
         (lexer_token_is(buf, &mask, "-") && number_value(buf, &b) == 1));
    size_t shown = not0 ? b.off + b.len - mask.off : mask.len;
    if (not0 && !lexer_next_code(&l, &b))
        return;
    if (!(lexer_token_is(buf, &b, ",") || lexer_token_is(buf, &b, ")")))
        return;
    const char *how = note_or(e, "MUSA warps are not 32 lanes on every GPU");
    if (not0 || (mask.kind == TOK_NUMBER && is_full_mask(buf, &mask))) {
        finder_add(fd, WARN_HAZARD, mask.off,
                   "'%s' is called with the 32-lane mask %.*s: %s", name,
                   (int)shown, buf + mask.off, how);
        return;
    }
    const struct hazard_name *n =
        mask.kind == TOK_IDENT ? defined_as(hf, buf, &mask) : NULL;
    struct token v;
    if (n && n->kind == TOK_NUMBER) {
        v = (struct token){n->value, n->value_len, TOK_NUMBER, 0};
        if (is_full_mask(buf, &v))
            finder_add(fd, WARN_HAZARD, mask.off,
                       "'%s' is called with %.*s, the 32-lane mask %.*s: %s",
                       name, (int)mask.len, buf + mask.off, (int)v.len,
                       buf + v.off, how);
    }
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

/* Is s[i] a blank between PTX instructions: ' ', a tab, a brace, or an
 * escape (\n, \t)? Returns its length, or 0. */
static size_t ptx_blank(const char *s, size_t i, size_t len)
{
    if (strchr(" \t{}", s[i]))
        return 1;
    return s[i] == '\\' && i + 1 < len ? 2 : 0;
}

/* PTX instructions are opcode.type (mov.u32, ld.global.nc, ex2.approx,
 * lop3.b32), perhaps after a predicate (@%p1, @!p); x86 mnemonics have no
 * dot. Registers and directives give PTX away too. Any instruction of the
 * text tells: "{\n" "cp.async.cg.shared.global [%0], ...;\n" "}\n". */
static bool looks_like_ptx(const char *s, size_t len)
{
    static const char *const marks[] = {".reg",    ".pred", "%%laneid",
                                        "%%clock", "%%tid", "%%smid"};
    for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
        if (contains(s, len, marks[i]))
            return true;
    size_t i = 0;
    while (i < len) {
        for (size_t b; i < len && (b = ptx_blank(s, i, len));)
            i += b;
        if (i < len && s[i] == '@') { /* a predicate */
            while (i < len && s[i] != ' ' && s[i] != '\t')
                i++;
            while (i < len && (s[i] == ' ' || s[i] == '\t'))
                i++;
        }
        size_t w = i;
        while (i < len && ((s[i] >= 'a' && s[i] <= 'z') ||
                           (i > w && s[i] >= '0' && s[i] <= '9')))
            i++;
        if (i > w && i + 1 < len && s[i] == '.' &&
            ((s[i + 1] >= 'a' && s[i + 1] <= 'z') ||
             (s[i + 1] >= '0' && s[i + 1] <= '9')))
            return true;
        /* PTX's instructions with no type: exit; brkpt; (from a review:
         * asm volatile("exit;") went unsaid; ret; is x86's too) */
        size_t e = i;
        while (e < len && (s[e] == ' ' || s[e] == '\t'))
            e++;
        if (e < len && s[e] == ';' &&
            ((i - w == 4 && !memcmp(s + w, "exit", 4)) ||
             (i - w == 5 && !memcmp(s + w, "brkpt", 5))))
            return true;
        /* the next instruction: after a ';' or a line's end */
        while (i < len && s[i] != ';' &&
               !(s[i] == '\\' && i + 1 < len && s[i + 1] == 'n'))
            i += s[i] == '\\' ? 2 : 1;
        i += i < len && s[i] == '\\' ? 2 : 1;
    }
    return false;
}

/* Is the text[0..len) of an asm's first string, or of one of the strings
 * after it that l reads, PTX? */
static bool ptx_strings(struct lexer *l, const char *buf, const char *text,
                        size_t len)
{
    struct token a;
    if (looks_like_ptx(text, len))
        return true;
    while (lexer_next_code(l, &a) && a.kind == TOK_STRING &&
           buf[a.off] == '"' && !(a.flags & TOKF_UNTERMINATED))
        if (looks_like_ptx(buf + a.off + 1, a.len - 2))
            return true;
    return false;
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
        !lexer_next_code(&l, &a))
        return;
    const char *how = note_or(e, "MUSA does not run NVIDIA PTX");
    /* asm volatile(LD_NC_FUNC : ...): the text is a macro's. */
    const struct hazard_name *n = NULL;
    if (a.kind == TOK_IDENT) {
        struct token m = a;
        n = defined_as(s->file, buf, &m);
        if (!n || n->kind != TOK_STRING) {
            finder_add(fd, WARN_HAZARD, s->name->off,
                       "inline assembly through the macro '%.*s': %s",
                       (int)a.len, buf + a.off, how);
            return;
        }
        a = (struct token){n->value, n->value_len, TOK_STRING, 0};
    }
    if (a.kind != TOK_STRING || buf[a.off] != '"')
        return;
    /* The contents: without the quotes, or the one quote of an
     * unterminated string. */
    size_t quotes = a.flags & TOKF_UNTERMINATED ? 1 : 2;
    const char *text = buf + a.off + 1;
    size_t len = a.len >= quotes ? a.len - quotes : 0;
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (len - i >= 4 && !memcmp(text + i, "trap", 4) &&
        (len - i == 4 || strchr(" ;\\", text[i + 4])))
        finder_add(fd, WARN_HAZARD, s->name->off,
                   "asm(\"trap;\") is NVIDIA's PTX trap instruction, which "
                   "MUSA does not run: call __builtin_trap() (or assert) "
                   "instead");
    else if (looks_like_ptx(text, len) && n)
        finder_add(fd, WARN_HAZARD, s->name->off,
                   "inline PTX assembly through the macro '%.*s': %s",
                   (int)n->len, buf + n->off, how);
    else if (!n && ptx_strings(&l, buf, text, len))
        finder_add(fd, WARN_HAZARD, s->name->off, "inline PTX assembly: %s",
                   how);
}

/* Does s[0..len) hold word (lower case), in any case? */
static bool says(const char *s, size_t len, const char *word)
{
    size_t wl = strlen(word);
    for (size_t i = 0; i + wl <= len; i++) {
        size_t k = 0;
        while (k < wl && (s[i + k] | 0x20) == word[k])
            k++;
        if (k == wl)
            return true;
    }
    return false;
}

/* Is the token a thread, lane or warp index or count: a name that says
 * lane, warp, tid or thread, or threadIdx.x/y/z, blockDim.x/y/z? */
static bool lane_like(const char *buf, const struct token *t)
{
    if (t->kind != TOK_IDENT)
        return false;
    const char *p = buf + t->off;
    if (t->len == 1 && (*p == 'x' || *p == 'y' || *p == 'z')) {
        size_t i = t->off;
        while (i > 0 && (buf[i - 1] == ' ' || buf[i - 1] == '\t'))
            i--;
        if (!i || buf[--i] != '.')
            return false;
        while (i > 0 && (buf[i - 1] == ' ' || buf[i - 1] == '\t'))
            i--;
        return (i >= 9 && !memcmp(buf + i - 9, "threadIdx", 9)) ||
               (i >= 8 && !memcmp(buf + i - 8, "blockDim", 8));
    }
    return says(p, t->len, "lane") || says(p, t->len, "warp") ||
           says(p, t->len, "tid") || says(p, t->len, "thread");
}

/* Is the token the ')' of a group that holds a thread or lane index:
 * (threadIdx.x + (1 << l)) & 31, apex's (from a review: no hazard)? Its
 * bytes are looked at, a bounded way back. */
static bool lane_group(const char *buf, const struct token *t)
{
    if (t->kind != TOK_PUNCT || t->len != 1 || buf[t->off] != ')')
        return false;
    size_t depth = 0, i = t->off + 1, stop = t->off > 256 ? t->off - 256 : 0;
    while (i-- > stop) {
        depth += buf[i] == ')';
        if (buf[i] == '(' && !--depth)
            break;
        if (buf[i] == '\n' || buf[i] == ';' || buf[i] == '{')
            return false;
    }
    if (depth)
        return false;
    /* (its names: threadIdx, or one with a part that starts "lane":
     * laneId, lane_id, kLanes; not in_planes) */
    for (size_t k = i; k < t->off; k++) {
        if (!lexer_is_ident_char((unsigned char)buf[k]) ||
            (k > i && lexer_is_ident_char((unsigned char)buf[k - 1])))
            continue;
        size_t e = k;
        while (e < t->off && lexer_is_ident_char((unsigned char)buf[e]))
            e++;
        if (e - k == 9 && !memcmp(buf + k, "threadIdx", 9))
            return true;
        for (size_t p = k; p + 4 <= e; p++) {
            bool part = p == k || buf[p - 1] == '_' ||
                        (islower((unsigned char)buf[p - 1]) &&
                         isupper((unsigned char)buf[p]));
            if (part && says(buf + p, 4, "lane"))
                return true;
        }
        k = e;
    }
    return false;
}

/* Does the name say it is a warp's width (WARP_SIZE, kWarpSize,
 * warp_threads)? */
static bool warp_width_name(const char *p, size_t len)
{
    if (!says(p, len, "warp"))
        return false;
    if (says(p, len, "size") || says(p, len, "width") || says(p, len, "lane") ||
        says(p, len, "thread") || says(p, len, "sz"))
        return true;
    /* WARP, kWarp, K_WARP: the word alone (from a review: const unsigned
     * kWarp = 32u went unsaid) */
    if (len > 4 && (p[0] == 'k' || p[0] == 'K'))
        p++, len--;
    if (len > 4 && p[0] == '_')
        p++, len--;
    return len == 4;
}

/* Does the name say it is the log2 of a warp's width (LOG2_WARP_SIZE,
 * WARP_SHIFT, kLog2WarpSize)? */
static bool warp_shift_name(const char *p, size_t len)
{
    return says(p, len, "warp") &&
           (says(p, len, "log") || says(p, len, "shift") ||
            says(p, len, "bits"));
}

void hazard_literal(const struct hazard_site *s, struct finder *fd)
{
    const char *buf = s->buf;
    const struct token *t = s->name, *p = &s->prev, *p2 = &s->prev2;
    struct hazard_file *hf = s->file;
    /* (32, 32u, 0x20) */
    bool is32 = t->kind == TOK_NUMBER && number_value(buf, t) == 32;
    /* What the literal defines: #define NAME lit, #define NAME (lit),
     * NAME = lit; (a constant or a variable set once, as the file has
     * it: one level deep, no data flow). */
    const struct token *name = NULL;
    struct lexer l = *s->lx;
    struct token next;
    bool more = false;
    /* What follows matters only to a definition. */
    if ((p->flags & TOKF_MACRO_NAME) || (p2->flags & TOKF_MACRO_NAME) ||
        (p2->kind == TOK_IDENT && lexer_token_is(buf, p, "="))) {
        more = lexer_next(&l, &next);
        while (more && next.kind == TOK_SPACE)
            more = lexer_next(&l, &next);
    }
    /* The whole body (or, for a string, its first piece). */
    bool whole = !more || next.kind == TOK_NEWLINE ||
                 next.kind == TOK_COMMENT ||
                 (t->kind == TOK_STRING && next.kind == TOK_STRING);
    if ((p->flags & TOKF_MACRO_NAME) && whole)
        name = p;
    else if ((p2->flags & TOKF_MACRO_NAME) && lexer_token_is(buf, p, "(") &&
             more && lexer_token_is(buf, &next, ")"))
        name = p2;
    else if (t->kind == TOK_NUMBER && p2->kind == TOK_IDENT &&
             lexer_token_is(buf, p, "=") && more &&
             (lexer_token_is(buf, &next, ";") ||
              lexer_token_is(buf, &next, ",") ||
              lexer_token_is(buf, &next, "}") ||
              lexer_token_is(buf, &next, ">")))
        name = p2; /* (enum { kWarpThreads = 32 }, template <int W = 32>) */
    long n = number_value(buf, t);
    const struct token *log2 =
        name && n == 5 && warp_shift_name(buf + name->off, name->len) ? name
                                                                      : NULL;
    /* Only what a hazard looks back at: masks, 32, strings. */
    if (name && t->kind == TOK_NUMBER && !is32 && !is_full_mask(buf, t))
        name = NULL;
    if (name && hf && hf->nnames < HAZARD_NAMES)
        hf->names[hf->nnames++] =
            (struct hazard_name){name->off, name->len, t->off, t->len, t->kind};
    if (!hf || !hf->wide_arch || t->kind != TOK_NUMBER)
        return;
    if (log2) {
        finder_add(fd, WARN_HAZARD, log2->off,
                   "'%.*s' is defined as 5, the log2 of a warp's width on "
                   "NVIDIA GPUs (32): %s warps are 128 threads (7); derive "
                   "lane and warp indices from warpSize instead",
                   (int)log2->len, buf + log2->off, hf->wide_arch);
        return;
    }
    if (name && is32 && warp_width_name(buf + name->off, name->len)) {
        finder_add(fd, WARN_HAZARD, name->off,
                   "'%.*s' is defined as 32, a warp's width on NVIDIA GPUs: "
                   "%s warps are 128 threads; size warp work with warpSize "
                   "(or the width of the GPU built for) instead",
                   (int)name->len, buf + name->off, hf->wide_arch);
        return;
    }
    /* Lane arithmetic: tid % 32, lane / 32, threadIdx.x & 31 (or 0x1f),
     * warp >> 5, (blockDim.x + 31) / 32. */
    bool op = p->kind == TOK_PUNCT &&
              ((is32 &&
                (lexer_token_is(buf, p, "%") || lexer_token_is(buf, p, "/"))) ||
               (n == 31 &&
                (lexer_token_is(buf, p, "&") || lexer_token_is(buf, p, "+"))) ||
               (n == 5 && lexer_token_is(buf, p, ">>")));
    if (op && (lane_like(buf, p2) || lane_group(buf, p2))) {
        hf->lane_math++;
        finder_place(fd, WARN_HAZARD, p2->off, lane_tag);
    }
}

void hazard_capability(const struct hazard_site *s, struct finder *fd)
{
    /* (major < 1: no device at all, on MUSA too) */
    long n = number_value(s->buf, s->name);
    if (lexer_token_is(s->buf, &s->prev, "*") && (n == 10 || n == 100)) {
        /* cc = major * 10 + minor (ggml's, vLLM's): a CUDA number made */
        finder_add(fd, WARN_HAZARD, s->prev2.off,
                   "'major' * %ld makes an NVIDIA compute capability number "
                   "(80 for sm_80): MUSA GPUs report their own (mp_22 gives "
                   "22), so the thresholds it is compared with pick the wrong "
                   "path; test the MUSA architecture the code needs",
                   n);
        return;
    }
    if (!is_cmp_op(s->buf, &s->prev) || n < 2 || n > 15)
        return;
    finder_add(fd, WARN_HAZARD, s->prev2.off,
               "'major' is compared with %ld, an NVIDIA compute capability: "
               "MUSA GPUs report their own (mp_21 is 2.1, mp_22 2.2, mp_31 "
               "3.1), so a CUDA threshold picks the wrong path; test the "
               "MUSA architecture the code needs",
               n);
}

/* The report of an extern device variable (or function) at at, its
 * entry e. */
static void extern_said(struct finder *fd, size_t at, const char *name,
                        const struct map_entry *e, bool fn)
{
    finder_add(fd, WARN_HAZARD, at,
               "'extern %s' declares a device %s that another translation "
               "unit defines: %s",
               name, fn ? "function" : "variable",
               note_or(e, "MUSA has no separate device compilation"));
}

size_t hazard_file_end(struct hazard_file *hf, struct finder *fd)
{
    size_t before = fd->f->nr;
    if (hf->warp_calls)
        finder_settle(fd, warp_tag,
                      "%zu warp-synchronous call%s in this %s (the first: "
                      "'%s') assume%s 32-thread warps: %s warps are 128 "
                      "threads; take lane counts and masks from warpSize, and "
                      "check each call against the SDK's warp functions",
                      hf->warp_calls, hf->warp_calls == 1 ? "" : "s", hf->unit,
                      hf->warp_name, hf->warp_calls == 1 ? "s" : "",
                      hf->wide_arch);
    if (hf->lane_math)
        finder_settle(fd, lane_tag,
                      "%zu place%s in this %s divide%s or mask%s a thread, "
                      "lane or warp index or count by 32 (or 31, or >> 5), "
                      "NVIDIA's warp width: %s warps are 128 threads; use "
                      "warpSize (and warpSize - 1)",
                      hf->lane_math, hf->lane_math == 1 ? "" : "s", hf->unit,
                      hf->lane_math == 1 ? "s" : "",
                      hf->lane_math == 1 ? "s" : "", hf->wide_arch);
    for (size_t i = 0; i < hf->nvars; i++) {
        const struct hazard_var *v = &hf->vars[i];
        bool said = !v->ext;
        for (size_t k = 0; k < hf->nvars && !said; k++) {
            const struct hazard_var *w = &hf->vars[k];
            said = w->len == v->len &&
                   !memcmp(hf->buf + w->off, hf->buf + v->off, v->len) &&
                   (!w->ext || k < i);
        }
        if (!said)
            extern_said(fd, v->at, v->e->from, v->e, v->fn);
    }
    for (size_t i = 0; i < hf->nonce; i++)
        finder_settle(fd, hf->once[i].e->from,
                      "'%s' is used %zu time%s in this %s: %s",
                      hf->once[i].e->from, hf->once[i].uses,
                      hf->once[i].uses == 1 ? "" : "s", hf->unit,
                      note_or(hf->once[i].e, "check it on MUSA"));
    return fd->f->nr - before;
}

/* Counted, and said at the file's end. */
static void hazard_once(const struct hazard_site *s, const struct map_entry *e,
                        struct finder *fd)
{
    struct hazard_file *hf = s->file;
    if (!hf)
        return;
    size_t i = 0;
    while (i < hf->nonce && hf->once[i].e != e)
        i++;
    if (i == hf->nonce) {
        if (i == HAZARD_ONCE_NAMES)
            return;
        hf->once[hf->nonce++].e = e;
    }
    hf->once[i].uses++;
    /* (the entry's name is the places' tag: no message is that string) */
    finder_place(fd, WARN_HAZARD, s->name->off, e->from);
}

/* Is the parameter list that l has just opened followed by ';' (a
 * declaration), not a body? */
static bool declared_only(const struct lexer *lx, const char *buf)
{
    struct lexer l = *lx;
    struct token t;
    int depth = 1;
    while (depth && lexer_next_code(&l, &t))
        depth += lexer_token_is(buf, &t, "(")   ? 1
                 : lexer_token_is(buf, &t, ")") ? -1
                                                : 0;
    return !depth && lexer_next_code(&l, &t) && lexer_token_is(buf, &t, ";");
}

/* extern __device__ float x; __device__ extern int y; extern __constant__
 * float c[4]: a variable another unit defines, which the device code
 * links to only through separate device compilation. Every device
 * variable's declaration is noted, and an extern one the file does not
 * define is said at its end; so is an extern function's with no body
 * here (from a review: extern __device__ float f(float); failed to link
 * unsaid). CUDA's builtins are declared so, extern __device__ double
 * __fma_rn(...): names that begin __ are left alone, as extern "C"'s
 * (vprintf). */
static void hazard_extern(const struct hazard_site *s, const char *name,
                          const struct map_entry *e, struct finder *fd)
{
    struct lexer l = *s->lx;
    struct token next, var = {0, 0, 0, 0};
    const char *buf = s->buf;
    bool space = s->prev.kind == TOK_IDENT && s->prev.len > 4 &&
                 buf[s->prev.off] == '_' && buf[s->prev.off + 1] == '_';
    bool ext = lexer_token_is(buf, &s->prev, "extern") ||
               (space && lexer_token_is(buf, &s->prev2, "extern"));
    bool more = lexer_next_code(&l, &next), fn = false;
    ext |= more && lexer_token_is(buf, &next, "extern");
    /* A variable's: a ';', '=' or '[' before any '(' */
    for (int k = 0; more && k < 32; k++) {
        if (lexer_token_is(buf, &next, "(") && var.len) {
            fn = true; /* a function's: extern, or defined here */
            ext = ext && declared_only(&l, buf);
            break;
        }
        if (lexer_token_is(buf, &next, "(") || lexer_token_is(buf, &next, "{"))
            return;
        if (lexer_token_is(buf, &next, ";") ||
            lexer_token_is(buf, &next, "=") || lexer_token_is(buf, &next, "["))
            break;
        if (next.kind == TOK_IDENT)
            var = next;
        if (next.kind == TOK_IDENT && next.len > 9 && /* __device_builtin__ */
            says(buf + next.off, next.len, "builtin"))
            return; /* (CUDA's own, __cudart_builtin__ cudaGetErrorString) */
        more = lexer_next_code(&l, &next);
    }
    if (!more || !var.len ||
        (fn && var.len > 1 && buf[var.off] == '_' && buf[var.off + 1] == '_'))
        return; /* (CUDA's builtins: extern __device__ double __fma_rn()) */
    struct hazard_file *hf = s->file;
    if (!hf) {
        if (ext)
            extern_said(fd, s->name->off, name, e, fn);
        return;
    }
    hf->buf = buf;
    if (fn && !ext) { /* a definition: of a declaration before, if any */
        for (size_t k = 0; k < hf->nvars; k++)
            if (hf->vars[k].fn && hf->vars[k].len == var.len &&
                !memcmp(buf + hf->vars[k].off, buf + var.off, var.len))
                hf->vars[k].ext = false;
        return;
    }
    if (hf->nvars < HAZARD_VARS)
        hf->vars[hf->nvars++] = (struct hazard_var){
            var.off, var.len, (uint32_t)s->name->off, ext, fn, e};
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
        hazard_once(s, e, fd);
        break;
    case HAZARD_PROPS:
        if (s->file)
            s->file->props = true;
        break;
    case HAZARD_EXTERN:
        hazard_extern(s, name, e, fd);
        break;
    case HAZARD_WARP_WIDTH:
        if (s->file && s->file->wide_arch)
            hazard_once(s, e, fd);
        break;
    case HAZARD_NONE:
        break;
    }
}
