/* SPDX-License-Identifier: MIT */
/* The facts a file gives the build manifest, noted token by token as the
 * rewriter goes. The #ifs are followed only as far as the facts need:
 * which branch tests a platform (_WIN32, __APPLE__, __linux__), which is
 * the file's include guard, and which are the project's own. No #if is
 * evaluated. */
#include "port/facts.h"

#include <string.h>

/* What an open #if tests: code in another platform's branch is not this
 * one's; code in the project's own #if is there when its condition
 * holds. */
enum {
    COND_GUARD = 1 << 0,    /* the file's include guard */
    COND_PLATFORM = 1 << 1, /* tests the platform (_WIN32, __linux__) */
    COND_FT = 1 << 2,       /* ... and its true branch is another's */
    COND_FF = 1 << 3,       /* ... and its false branch is another's */
    COND_ELSE = 1 << 4      /* past its #else */
};

void facts_init(struct facts *fs, const char *buf, struct tu_facts *tf)
{
    memset(fs, 0, sizeof(*fs));
    fs->buf = buf;
    fs->tf = tf;
}

enum facts_where facts_where(const struct facts *fs)
{
    enum { MAXC = sizeof(fs->cond) / sizeof(fs->cond[0]) };
    enum facts_where w = fs->nconds > MAXC ? FACTS_IF : FACTS_ALWAYS;
    for (unsigned i = 0; i < fs->nconds && i < MAXC; i++) {
        unsigned f = fs->cflags[i];
        bool past_else = f & COND_ELSE;
        if (f & COND_PLATFORM) {
            if ((f & COND_FT && !past_else) || (f & COND_FF && past_else))
                return FACTS_FOREIGN;
        } else if (!(f & COND_GUARD)) {
            w = FACTS_IF;
        }
    }
    return w;
}

/* The file's record of domain (NULL: no facts, no domain, or no room). */
static struct tu_facts *domain_slot(struct facts *fs, const char *domain,
                                    size_t *at)
{
    struct tu_facts *tf = fs->tf;
    if (!tf || !domain)
        return NULL;
    size_t i = 0;
    while (i < tf->ndomains && tf->domains[i].name != domain &&
           strcmp(tf->domains[i].name, domain))
        i++;
    if (i == tf->ndomains) {
        if (i == TU_MAX_DOMAINS)
            return NULL;
        memset(&tf->domains[i], 0, sizeof(tf->domains[i]));
        tf->domains[tf->ndomains++].name = domain;
    }
    *at = i;
    return tf;
}

void facts_edits(struct facts *fs, const char *domain, size_t n)
{
    size_t i;
    struct tu_facts *tf = domain_slot(fs, domain, &i);
    if (tf)
        tf->domains[i].edits += n;
}

/* The file needs the domain's libraries, unless the use is in another
 * platform's branch; in the project's own #if, only when a header of the
 * domain is named too (build.h). */
void facts_use(struct facts *fs, const char *domain, size_t n)
{
    facts_use_at(fs, domain, n, facts_where(fs));
}

static void count_uses(struct tu_facts *tf, size_t i, size_t n,
                       enum facts_where w)
{
    switch (w) {
    case FACTS_ALWAYS:
        tf->domains[i].uses += n;
        break;
    case FACTS_IF:
        tf->domains[i].cuses += n;
        break;
    case FACTS_FOREIGN:
        break;
    }
}

void facts_use_at(struct facts *fs, const char *domain, size_t n,
                  enum facts_where w)
{
    size_t i;
    struct tu_facts *tf = domain_slot(fs, domain, &i);
    if (!tf)
        return;
    tf->domains[i].edits += n;
    count_uses(tf, i, n, w);
}

void facts_call(struct facts *fs, const char *domain)
{
    size_t i;
    struct tu_facts *tf = domain_slot(fs, domain, &i);
    if (tf)
        count_uses(tf, i, 1, facts_where(fs));
}

/* Headers whose types need mcc even in otherwise host-only code. */
static bool is_device_header(const char *name, size_t len)
{
    static const char *const tails[] = {"_fp16.h", "_bf16.h", "_fp8.h",
                                        "_fp16.hpp", "_bf16.hpp"};
    if (len < 5 || (memcmp(name, "cuda_", 5) && memcmp(name, "musa_", 5)))
        return false;
    for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
        size_t tl = strlen(tails[i]);
        if (len == 4 + tl && !memcmp(name + 4, tails[i], tl))
            return true;
    }
    return false;
}

void facts_header(struct facts *fs, const char *name, size_t len,
                  const char *domain)
{
    struct tu_facts *tf = fs->tf;
    if (!tf)
        return;
    if (is_device_header(name, len))
        tf->device = true;
    if (facts_where(fs) == FACTS_FOREIGN)
        return;
    if (len == 5 && !memcmp(name, "omp.h", 5))
        tf->openmp = true;
    size_t i;
    if ((tf = domain_slot(fs, domain, &i))) {
        tf->domains[i].named = true;
        if (facts_where(fs) == FACTS_ALWAYS)
            tf->domains[i].named_always = true;
    }
}

/* A string naming a device code image ("k.fatbin", "dir/k.cubin") or a
 * kernel source ("k.cu", compiled at run time): its file name goes in
 * tu_facts.images. */
static void note_image(struct facts *fs, const struct token *t)
{
    static const char *const exts[] = {".fatbin", ".cubin", ".ptx",
                                       ".mubin",  ".cu",    ".mu"};
    const char *p = fs->buf + t->off;
    if (t->flags & (TOKF_SPLICE | TOKF_UNTERMINATED))
        return;
    const char *s = p + 1, *end = p + t->len - 1;
    bool named = false;
    for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]) && !named; i++) {
        size_t el = strlen(exts[i]);
        named = (size_t)(end - s) > el && !memcmp(end - el, exts[i], el);
    }
    if (!named || memchr(s, '\\', (size_t)(end - s)) ||
        facts_where(fs) == FACTS_FOREIGN)
        return;
    for (const char *q = s; q < end; q++)
        if (*q == '/')
            s = q + 1;
    size_t len = (size_t)(end - s), used = 0;
    char *v = fs->tf->images;
    while (used < TU_IMAGES_MAX && v[used]) {
        size_t l = strlen(v + used);
        if (l == len && !memcmp(v + used, s, len))
            return;
        used += l + 1;
    }
    if (!len || used + len + 2 > TU_IMAGES_MAX)
        return;
    memcpy(v + used, s, len);
    v[used + len] = '\0';
    v[used + len + 1] = '\0';
}

/* Does name tell another platform than the Linux a MUSA build runs on
 * (1), or Linux (2)? Looked at for every name in an #if: by length
 * first. */
static int platform_macro(const char *p, size_t len)
{
    static const struct {
        const char *name;
        unsigned char len, kind;
    } macros[] = {
#define M(s, k) {s, sizeof(s) - 1, k}
        M("_WIN32", 1),      M("_WIN64", 1),        M("WIN32", 1),
        M("WIN64", 1),       M("_MSC_VER", 1),      M("__MINGW32__", 1),
        M("__CYGWIN__", 1),  M("__APPLE__", 1),     M("MACOSX", 1),
        M("__MACH__", 1),    M("__QNX__", 1),       M("__QNXNTO__", 1),
        M("__ANDROID__", 1), M("__linux__", 2),     M("__linux", 2),
        M("linux", 2),       M("__gnu_linux__", 2), M("__unix__", 2),
        M("__unix", 2),
#undef M
    };
    if (len < 5 || len > 13)
        return 0;
    for (size_t i = 0; i < sizeof(macros) / sizeof(macros[0]); i++)
        if (macros[i].len == len && !memcmp(p, macros[i].name, len))
            return macros[i].kind;
    return 0;
}

/* The condition of the newest #if (or #elif) takes in one more token of
 * its line, t: what it tests is known as it goes. Only a condition that
 * names platforms of one kind and nothing else (but defined) tests the
 * platform: "defined(_WIN64) || defined(__LP64__)" is the project's. A
 * leading '!' turns it round, as #ifndef does. */
static void condition_token(struct facts *fs, const struct token *t)
{
    enum { MAXC = sizeof(fs->cond) / sizeof(fs->cond[0]) };
    bool first = fs->cond_first;
    fs->cond_first = false;
    if (t->kind == TOK_PUNCT) {
        if (first && t->len == 1 && fs->buf[t->off] == '!')
            fs->cond_negated = true;
        return;
    }
    if (lexer_token_is(fs->buf, t, "defined"))
        return;
    int m =
        t->flags & TOKF_SPLICE ? 0 : platform_macro(fs->buf + t->off, t->len);
    fs->cond_seen |= m ? m : 4;
    if (!fs->nconds || fs->nconds > MAXC)
        return;
    unsigned char *f = &fs->cflags[fs->nconds - 1];
    *f &= COND_GUARD | COND_ELSE;
    if (fs->cond_seen == 1 || fs->cond_seen == 2) {
        bool other_if_true = fs->cond_seen == 1;
        if (fs->cond_not != fs->cond_negated)
            other_if_true = !other_if_true;
        *f = (unsigned char)(COND_PLATFORM |
                             (other_if_true ? COND_FT : COND_FF));
    }
}

/* Conditional directives: each branch starts at the brace depth of its
 * #if, so "#if A / f() { / #else / g() { / #endif" opens one brace; and
 * what each tests (condition_token), for facts_where. */
static bool note_directive(struct facts *fs, const struct token *t,
                           const struct token *prev)
{
    const char *b = fs->buf;
    if (!(t->flags & TOKF_DIRECTIVE) || prev->kind != TOK_PUNCT ||
        !(lexer_token_is(b, prev, "#") || lexer_token_is(b, prev, "%:")))
        return false;
    enum { MAXC = sizeof(fs->cond) / sizeof(fs->cond[0]) };
    fs->cond_open = false;
    bool ifndef = lexer_token_is(b, t, "ifndef");
    bool elif = !ifndef && (lexer_token_is(b, t, "elif") ||
                            lexer_token_is(b, t, "elifdef") ||
                            lexer_token_is(b, t, "elifndef"));
    if (lexer_token_is(b, t, "if") || lexer_token_is(b, t, "ifdef") || ifndef) {
        if (fs->nconds < MAXC) {
            fs->cond[fs->nconds] = fs->depth;
            fs->cflags[fs->nconds] =
                ifndef && !fs->nconds && !fs->seen_cond ? COND_GUARD : 0;
        }
        fs->nconds++;
        fs->seen_cond = true;
    } else if (elif || lexer_token_is(b, t, "else")) {
        if (fs->nconds && fs->nconds <= MAXC) {
            unsigned char *f = &fs->cflags[fs->nconds - 1];
            fs->depth = fs->cond[fs->nconds - 1];
            *f = elif ? 0 : *f | COND_ELSE;
        }
        if (!elif)
            return true;
    } else {
        if (lexer_token_is(b, t, "endif") && fs->nconds)
            fs->nconds--;
        return true;
    }
    /* The condition follows. */
    fs->cond_open = true;
    fs->cond_first = true;
    fs->cond_negated = false;
    fs->cond_seen = 0;
    fs->cond_not = ifndef || lexer_token_is(b, t, "elifndef");
    return true;
}

/* Long names that tell the manifest something: the entry of a Python or
 * PyTorch extension (a shared library), device code loaded at run time,
 * device code compiled at run time. */
static void note_marker(struct facts *fs, const struct token *t)
{
    static const char *const entries[] = {"PYBIND11_MODULE", "TORCH_LIBRARY",
                                          "RegisterOperators",
                                          "PyMODINIT_FUNC"};
    static const char *const loads[] = {"cuModuleLoad", "muModuleLoad",
                                        "cuLibraryLoad", "muLibraryLoad"};
    static const char *const compiles[] = {"nvrtcCompileProgram",
                                           "mtrtcCompileProgram"};
    struct tu_facts *tf = fs->tf;
    const char *p = fs->buf + t->off;
    if ((t->flags & TOKF_SPLICE) || facts_where(fs) == FACTS_FOREIGN)
        return;
    for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
        if (t->len == strlen(entries[i]) && !memcmp(p, entries[i], t->len))
            tf->extension = true;
    for (size_t i = 0; i < sizeof(compiles) / sizeof(compiles[0]); i++)
        if (t->len == strlen(compiles[i]) && !memcmp(p, compiles[i], t->len))
            tf->compiles_code = true;
    for (size_t i = 0; i < sizeof(loads) / sizeof(loads[0]); i++) {
        size_t l = strlen(loads[i]);
        if (t->len >= l && !memcmp(p, loads[i], l))
            tf->loads_code = true;
    }
}

/* __global__ and friends, int main(, #pragma omp, and note_marker's. */
static void note_ident(struct facts *fs, const struct token *t,
                       const struct token *prev)
{
    if (!(t->flags & TOKF_DIRECTIVE)) {
    } else if (note_directive(fs, t, prev)) {
        return;
    } else if (fs->cond_open) {
        condition_token(fs, t);
        return;
    }
    const char *p = fs->buf + t->off;
    if (t->len >= 12 && p[0] != '_') {
        if (facts_may_mark(p))
            note_marker(fs, t);
        return;
    }
    if ((t->flags & TOKF_DIRECTIVE) && t->len == 3 && !memcmp(p, "omp", 3) &&
        prev->kind == TOK_IDENT && lexer_token_is(fs->buf, prev, "pragma") &&
        facts_where(fs) != FACTS_FOREIGN) {
        fs->tf->openmp = true;
        return;
    }
    static const char *const marks[] = {"__global__", "__device__",
                                        "__shared__", "__constant__",
                                        "__managed__"};
    if (t->len == 4 && !memcmp(p, "main", 4)) {
        fs->main_pending = prev->kind == TOK_IDENT && !fs->depth &&
                           lexer_token_is(fs->buf, prev, "int");
        return;
    }
    if (t->len == 8 && !memcmp(p, "__host__", 8) &&
        !(t->flags & TOKF_DIRECTIVE)) {
        fs->kern_host = true;
        return;
    }
    if (t->len < 10 || p[0] != '_' || p[1] != '_')
        return;
    for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
        if (t->len == strlen(marks[i]) && !memcmp(p, marks[i], t->len)) {
            fs->tf->device = true;
            /* A function's: its body is device code (facts_in_device_code) */
            fs->kern_pending |= i < 2 && !(t->flags & TOKF_DIRECTIVE);
        }
}

void facts_slow(struct facts *fs, const struct token *t,
                const struct token *prev)
{
    if (t->kind == TOK_STRING)
        note_image(fs, t);
    else
        note_ident(fs, t, prev);
}
