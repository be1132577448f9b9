/* SPDX-License-Identifier: MIT */
/* What a file tells the build manifest (struct tu_facts below, which
 * the rewriter fills as it walks the tokens): device code, main, OpenMP, an
 * extension's entry, device code loaded or compiled at run time, images
 * named, the domains used and where: and, for that, where the code stands
 * among the #ifs (an include guard, this platform's branch, another's,
 * the project's own #if). Pure; never prints. */
#ifndef C2M_PORT_FACTS_H
#define C2M_PORT_FACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "lex/lexer.h"

/* What the build manifest and --stats need to know about a file, noted
 * on the way through it. Code inside an #if that tests another platform
 * (_WIN32, __APPLE__, ...) is not this platform's: it is left out of
 * every fact below but device code. */
#define TU_MAX_DOMAINS 32
#define TU_IMAGES_MAX 256
struct tu_facts {
    bool device;        /* device code: __global__, __device__, __shared__,
                           __constant__, __managed__, <<<, or a half/bfloat16/
                           fp8 header, all of which need mcc */
    bool has_main;      /* defines int main( */
    bool openmp;        /* #pragma omp, or <omp.h> */
    bool extension;     /* the entry of a Python or PyTorch extension:
                           PYBIND11_MODULE, TORCH_LIBRARY, RegisterOperators,
                           PyMODINIT_FUNC */
    bool loads_code;    /* loads device code at run time: cuModuleLoad*,
                           cuLibraryLoad* (or their MUSA names) */
    bool compiles_code; /* compiles device code at run time (NVRTC) */
    size_t includes;    /* #include names rewritten */
    size_t ndomains;    /* mapping domains used: edits, or MUSA headers named */
    struct {
        const char *name;
        size_t edits; /* all the domain's edits (--stats) */
        size_t uses;  /* names of it used unconditionally: outside any #if
                         but an include guard or this platform's branch */
        size_t cuses; /* names of it used inside the project's own #if
                         (#ifdef CUBLAS_API_H_ in a helper header) */
        bool named;   /* a MUSA header its link: section lists is included */
        bool named_always; /* ... outside the project's own #if: a port of
                              a port, whose calls are MUSA's, links it */
    } domains[TU_MAX_DOMAINS];
    /* Device code images named in string literals ("k.fatbin", "k.cubin",
     * "k.ptx"), and kernel sources ("k.cu"): each NUL-terminated, an empty name
     * ends the list; names that do not fit are left out. */
    char images[TU_IMAGES_MAX];
};

/* The state of one file's walk. */
struct facts {
    struct tu_facts *tf; /* what is noted, or NULL: nothing */
    const char *buf;
    bool main_pending;        /* int main: '(' makes it a definition */
    bool kern_pending;        /* __global__/__device__: a '{' opens its body */
    bool kern_host;           /* __host__ too: the body is the host's also */
    unsigned kern_depth;      /* the depth inside that body, or 0 */
    unsigned depth;           /* brace depth, for main */
    size_t brace[64];         /* the offset of each open '{', by depth */
    unsigned cond[32];        /* the depth at each open #if */
    unsigned char cflags[32]; /* and what it tests (facts.c) */
    unsigned nconds;
    bool seen_cond; /* an #if came already: the next #ifndef is no guard */
    /* The condition of the newest #if or #elif, while its line goes on. */
    bool cond_open, cond_first, cond_negated, cond_not;
    unsigned char cond_seen; /* 1: another platform's names, 2: Linux's,
                                4: others */
};

enum facts_where {
    FACTS_ALWAYS, /* outside any #if but a guard or this platform's */
    FACTS_IF,     /* inside the project's own #if */
    FACTS_FOREIGN /* in another platform's branch (#ifdef _WIN32) */
};

void facts_init(struct facts *fs, const char *buf, struct tu_facts *tf);
/* Where the code at hand stands. */
enum facts_where facts_where(const struct facts *fs);
/* n edits for an entry of domain that are not uses: a header renamed. */
void facts_edits(struct facts *fs, const char *domain, size_t n);
/* n edits for names of domain used here; used at w (a use decided at
 * the end of the file, where it was). */
void facts_use(struct facts *fs, const char *domain, size_t n);
void facts_use_at(struct facts *fs, const char *domain, size_t n,
                  enum facts_where w);
/* A name of domain's MUSA API in MUSA code (a file already ported,
 * whose names are not edited): a use, as facts_use's, no edit. */
void facts_call(struct facts *fs, const char *domain);
/* An #include of name[0..len) as the port leaves it, whose link: section
 * is domain's (or NULL). */
void facts_header(struct facts *fs, const char *name, size_t len,
                  const char *domain);

/* Inside the body of a __global__ or __device__ function (or lambda)? */
static inline bool facts_in_device_code(const struct facts *fs)
{
    return fs->kern_depth != 0;
}

/* The offset of the innermost '{' open, or (size_t)-1: none, or too
 * deep to say (port/decl.h). */
static inline size_t facts_brace(const struct facts *fs)
{
    return fs->depth && fs->depth <= sizeof(fs->brace) / sizeof(fs->brace[0])
               ? fs->brace[fs->depth - 1]
               : (size_t)-1;
}

/* Could an identifier of 12 bytes or more at p be one of those that mark
 * an extension's entry (PYBIND11_MODULE, PyMODINIT_FUNC, TORCH_LIBRARY,
 * RegisterOperators), a load of device code (cuModuleLoad*,
 * cuLibraryLoad*, mu...) or a compile of it (nvrtc..., mtrtc...)? Few
 * do: cudaMalloc and the other CUDA names must not pay for the test. */
static inline bool facts_may_mark(const char *p)
{
    switch (p[0]) {
    case 'P':
        return p[1] == 'Y' || p[1] == 'y';
    case 'T':
        return p[1] == 'O';
    case 'R':
        return p[1] == 'e';
    case 'c':
    case 'm':
        return (p[1] == 'u' && (p[2] == 'M' || p[2] == 'L')) ||
               (p[1] == 't' && p[2] == 'r');
    case 'n':
        return p[1] == 'v' && p[2] == 'r';
    default:
        return false;
    }
}

/* The token t, neither blank nor comment, after prev (the one before
 * it, so too): for the identifiers, punctuators and strings that tell
 * something. Inline: most tokens tell nothing, and that test is made
 * here; the #ifs' conditions are read as their tokens come. */
void facts_slow(struct facts *fs, const struct token *t,
                const struct token *prev);
/* One function per kind of token, for a caller that switches on the
 * kind already; facts_token for one that does not. */
static inline __attribute__((always_inline)) void
facts_ident(struct facts *fs, const struct token *t, const struct token *prev)
{
    const char *p = fs->buf + t->off;
    /* Directive words, "main", __xxx__ and the long names of an
     * extension's entry, of loading or compiling device code. */
    if ((t->flags & TOKF_DIRECTIVE) || (t->len == 4 && p[0] == 'm') ||
        (t->len >= 8 && p[0] == '_' && p[1] == '_') ||
        (t->len >= 12 && facts_may_mark(p)))
        facts_slow(fs, t, prev);
}

static inline __attribute__((always_inline)) void
facts_punct(struct facts *fs, const struct token *t, const struct token *prev)
{
    const char *p = fs->buf + t->off;
    bool main_pending = fs->main_pending;
    fs->main_pending = false;
    /* A '!' that starts an #if's condition; braces (for main at file
     * scope, the project's declarations, device code) and <<<. */
    if (fs->cond_first && (t->flags & TOKF_DIRECTIVE)) {
        facts_slow(fs, t, prev);
    } else if (t->len == 1) {
        switch (p[0]) {
        case '(':
            fs->tf->has_main |= main_pending;
            break;
        case '{':
            if (fs->depth < sizeof(fs->brace) / sizeof(fs->brace[0]))
                fs->brace[fs->depth] = t->off;
            fs->depth++;
            if (fs->kern_pending && !fs->kern_host && !fs->kern_depth)
                fs->kern_depth = fs->depth;
            fs->kern_pending = fs->kern_host = false;
            break;
        case '}':
            if (!fs->depth)
                break;
            if (fs->kern_depth == fs->depth)
                fs->kern_depth = 0;
            fs->depth--;
            break;
        case ';':
            fs->kern_pending = fs->kern_host = false;
            break;
        default:
            break;
        }
    } else if (t->len == 3 && !memcmp(p, "<<<", 3)) {
        fs->tf->device = true;
    }
}

static inline __attribute__((always_inline)) void
facts_string(struct facts *fs, const struct token *t, const struct token *prev)
{
    const char *p = fs->buf + t->off;
    fs->main_pending = false;
    /* "k.fatbin", "k.cubin", "k.ptx", "k.mubin"; "k.cu", "k.mu" */
    if (p[0] == '"' && t->len > 5 &&
        (p[t->len - 2] == 'n' || p[t->len - 2] == 'x' || p[t->len - 2] == 'u'))
        facts_slow(fs, t, prev);
}

static inline void facts_token(struct facts *fs, const struct token *t,
                               const struct token *prev)
{
    switch (t->kind) {
    case TOK_IDENT:
        facts_ident(fs, t, prev);
        break;
    case TOK_PUNCT:
        facts_punct(fs, t, prev);
        break;
    case TOK_STRING:
        facts_string(fs, t, prev);
        break;
    default:
        fs->main_pending = false;
        break;
    }
}

#endif
