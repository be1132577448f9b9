/* SPDX-License-Identifier: MIT */
/* Porting a makefile, one logical line at a time: nvcc becomes mcc, the
 * CUDA home variables and paths the MUSA ones, -lcudart -lmusart, nvcc's
 * options are translated or dropped where nvcc reads them (a recipe that
 * runs it, a variable of its flags) and anywhere no host compiler has
 * them, and file names follow the run's renames. The rules: the mapping's
 * make:, libraries:, link:, nvcc_flags: and architectures: sections. */
#include "port/make.h"

#include <stdlib.h>
#include <string.h>

#include "lex/make.h"
#include "mapping/mapping.h"
#include "port/makearch.h"
#include "port/makelibs.h"
#include "port/makeshell.h"
#include "port/makevars.h"
#include "port/sdkpath.h"
#include "port/scriptcache.h"
#include "port/scriptflags.h"
#include "util/hashmap.h"
#include "util/xalloc.h"

struct mk {
    struct script_job *j;
    const char *buf;
    struct make_token *v; /* the logical line's tokens */
    size_t n, alloc;
    struct sj_word *words;
    size_t nwords, walloc;
    struct mk_vars vars; /* what its variables hold */
};

static bool is_word(const struct make_token *t)
{
    return t->kind == MAKE_TOK_WORD;
}

/* Is t in a recipe, or in a define body, whose lines may be one's
 * (a rule's recipe for $(eval), a canned recipe)? */
static bool shell_text(const struct make_token *t)
{
    return t->ctx == MAKE_CTX_RECIPE || t->ctx == MAKE_CTX_DEFINE;
}

/* Is t a recipe's shell operator, a word of its own after shell_split
 * (; && || | ( ))? */
static bool shell_op(const struct mk *m, const struct make_token *t)
{
    if (!shell_text(t) || !is_word(t) || (t->flags & MAKE_TOKF_IN_REF))
        return false;
    for (size_t k = 0; k < t->len; k++)
        if (!sj_shell_op(m->buf + t->off, t->len, k))
            return false;
    return true;
}

/* Does a token at i stand at a word boundary on that side? */
static bool boundary(const struct mk *m, size_t i, int side)
{
    if ((side < 0 && !i) || (side > 0 && i + 1 >= m->n))
        return true;
    const struct make_token *t = &m->v[side < 0 ? i - 1 : i + 1];
    return t->kind == MAKE_TOK_SPACE || t->kind == MAKE_TOK_NEWLINE ||
           t->kind == MAKE_TOK_COMMENT || shell_op(m, t) ||
           (side < 0 &&
            (t->kind == MAKE_TOK_ASSIGN || t->kind == MAKE_TOK_COLON ||
             (t->kind == MAKE_TOK_PUNCT && m->buf[t->off] == ';')));
}

/* The name a reference at i ($( then a word) names, or NULL. */
static const struct make_token *ref_name(const struct mk *m, size_t i)
{
    if (i + 2 >= m->n || m->v[i].kind != MAKE_TOK_VAR_OPEN ||
        !is_word(&m->v[i + 1]) || (m->v[i + 1].flags & MAKE_TOKF_FUNC))
        return NULL;
    const struct make_token *after = &m->v[i + 2];
    if (after->kind != MAKE_TOK_VAR_CLOSE &&
        !(after->kind == MAKE_TOK_PUNCT && m->buf[after->off] == ':'))
        return NULL;
    return &m->v[i + 1];
}

/* How many of the bytes of the word t are make's prefix characters
 * (the file's bytes end at no NUL: a fuzzer's do not). */
static size_t prefix_chars(const struct mk *m, const struct make_token *t)
{
    size_t n = 0;
    while (n < t->len && m->buf[t->off + n] &&
           strchr("@-+", m->buf[t->off + n]))
        n++;
    return n;
}

/* The length of make's command prefix that the word t starts with in
 * a recipe (@nvcc, -@nvcc, +nvcc): '@' or '+' among them, since a '-'
 * alone starts an option (--nvcc) as well, but at a recipe line's first
 * word. */
static size_t make_prefix(const struct mk *m, const struct make_token *t)
{
    const char *s = m->buf + t->off;
    size_t n = shell_text(t) ? prefix_chars(m, t) : 0;
    if (memchr(s, '@', n) || memchr(s, '+', n))
        return n;
    /* a '-' alone: make's at the recipe line's first word (-nvcc); in a
     * define body, where a tab starts the line (a rule's recipe for
     * $(eval)) or nvcc follows, else an option's (-arch=...) */
    size_t i = (size_t)(t - m->v);
    while (i && m->v[i - 1].kind == MAKE_TOK_SPACE)
        i--;
    if (t->ctx == MAKE_CTX_DEFINE)
        return n && !i &&
                       (m->buf[m->v[0].off] == '\t' ||
                        sj_is_nvcc(s + n, t->len - n))
                   ? n
                   : 0;
    return n && (!i || m->v[i - 1].ctx != MAKE_CTX_RECIPE) ? n : 0;
}

/* May the program named base[0..len) be a compiler, nvcc under another
 * name (nvcc_wrapper), or a compiler's wrapper (gcc, clang++, mpicxx)? */
static bool compiler_like(const char *base, size_t len)
{
    static const char *const parts[] = {"cc",  "++",  "clang",
                                        "cxx", "icp", "icx"};
    for (size_t k = 0; k < sizeof(parts) / sizeof(*parts); k++) {
        size_t n = strlen(parts[k]);
        for (size_t i = 0; i + n <= len; i++)
            if (!memcmp(base + i, parts[k], n))
                return true;
    }
    return false;
}

/* Past the reference that opens at i (to its closing token). */
static size_t ref_end(const struct mk *m, size_t i)
{
    size_t depth = 0;
    for (; i < m->n; i++) {
        depth += m->v[i].kind == MAKE_TOK_VAR_OPEN;
        if (m->v[i].kind == MAKE_TOK_VAR_CLOSE && !--depth)
            return i + 1;
    }
    return m->n;
}

/* Past the shell word that starts at i: its tokens up to a blank
 * outside references (X=$(CUDA_HOME)/lib64). */
static size_t word_end(const struct mk *m, size_t i)
{
    size_t depth = 0;
    for (; i < m->n; i++) {
        const struct make_token *t = &m->v[i];
        if (!depth &&
            (t->kind == MAKE_TOK_SPACE || t->kind == MAKE_TOK_NEWLINE))
            return i;
        depth += t->kind == MAKE_TOK_VAR_OPEN;
        if (t->kind == MAKE_TOK_VAR_CLOSE && depth)
            depth--;
    }
    return m->n;
}

/* How sure the shell command at from (a recipe's, or the one after a
 * ';', '&&' or '|') is that nvcc reads its options: nvcc's own command
 * (nvcc, .../nvcc, $(NVCC), also after @ - +, $(Q), ccache or env X=1),
 * another program's (./run, $(BIN)/app, echo, nsys): none of them, or
 * one that may be a compiler's. */
static enum sj_level command_level(const struct mk *m, size_t from,
                                   const char **prog, size_t *plen)
{
    bool wrapped = false; /* after a wrapper: its options come first */
    for (size_t i = from; i < m->n; i++) {
        const struct make_token *t = &m->v[i];
        const char *s = m->buf + t->off;
        if (t->kind == MAKE_TOK_SPACE)
            continue;
        if (is_word(t) && prefix_chars(m, t) == t->len)
            continue;
        const struct make_token *r = ref_name(m, i);
        if (r) {
            const char *name = m->buf + r->off;
            if (mkvars_nvcc_name(name, r->len) ||
                mkvars_is_nvcc(&m->vars, name, r->len))
                return SJ_NVCC;
            size_t e = ref_end(m, i);
            /* $(EXEC) $(NVCC), $(CCACHE) nvcc: a launcher's variable */
            if ((r->len == 4 && mkvars_has_ci(name, r->len, "EXEC")) ||
                mkvars_has_ci(name, r->len, "LAUNCH") ||
                mkvars_has_ci(name, r->len, "CCACHE") ||
                mkvars_has_ci(name, r->len, "WRAP")) {
                wrapped = true;
                i = e - 1;
                continue;
            }
            /* $(Q)nvcc, $(CUDA_HOME)/bin/nvcc: what follows says */
            if (e < m->n && m->v[e].kind != MAKE_TOK_SPACE &&
                m->v[e].kind != MAKE_TOK_NEWLINE) {
                i = e - 1;
                continue;
            }
            return SJ_UNAMBIGUOUS;
        }
        if (!is_word(t))
            return SJ_UNAMBIGUOUS;
        if (wrapped && s[0] == '-') { /* a wrapper's option: time -v */
            i = word_end(m, i) - 1;
            continue;
        }
        if (sj_shell_word(s, t->len) < t->len)
            return SJ_UNAMBIGUOUS; /* X=1; : no program */
        size_t skip = make_prefix(m, t);
        s += skip;
        size_t len = t->len - skip;
        if (sj_is_nvcc(s, len))
            return SJ_NVCC;
        if (sj_wrapper(s, len)) {
            wrapped = true;
            continue;
        }
        if (sj_shell_keyword(s, len) || shell_op(m, t))
            continue; /* if nvcc ...; then nvcc ...; (nvcc ...) */
        if (sj_assignment(s, len)) {
            /* X=1 before the command: the whole shell word
             * (PATH=$(CUDA_HOME)/bin:$$PATH) */
            i = word_end(m, i) - 1;
            continue;
        }
        const char *slash = NULL;
        for (size_t k = 0; k < len; k++)
            if (s[k] == '/')
                slash = s + k;
        const char *base = slash ? slash + 1 : s;
        size_t blen = len - (size_t)(base - s);
        if (prog) /* (the program, as its name says) */
            *prog = base, *plen = blen;
        if (sj_wrapper(base, blen)) { /* /usr/bin/env nvcc */
            wrapped = true;
            continue;
        }
        if (compiler_like(base, blen))
            return SJ_UNAMBIGUOUS;
        /* a program given by its path, not a compiler's: the project's */
        if (slash || (i && m->v[i - 1].kind == MAKE_TOK_VAR_CLOSE) ||
            sj_other_program(base, blen) ||
            (blen >= 6 && !memcmp(base, "python", 6))) /* python3.11 */
            return SJ_OTHER;
        return SJ_UNAMBIGUOUS;
    }
    return SJ_UNAMBIGUOUS;
}

static enum sj_level said_level(struct mk *m, size_t from);

/* How sure the line is that nvcc reads its options (its program said). */
static enum sj_level line_level(struct mk *m)
{
    for (size_t i = 0; i < m->n; i++) {
        const struct make_token *t = &m->v[i];
        if (t->ctx == MAKE_CTX_VARNAME && is_word(t))
            return mkvars_nvcc_name(m->buf + t->off, t->len) ||
                           mkvars_reader(&m->vars, m->buf + t->off, t->len) ==
                               MK_READ_NVCC
                       ? SJ_NVCC
                       : SJ_UNAMBIGUOUS;
        if (t->ctx == MAKE_CTX_RECIPE && t->kind != MAKE_TOK_SPACE)
            return said_level(m, i);
        /* a define body's line: a command where nvcc's ($$(NVCC) -o $$@,
         * a rule's recipe or a canned one), else a rule or a value */
        if (t->ctx == MAKE_CTX_DEFINE && t->kind != MAKE_TOK_SPACE)
            return m->buf[m->v[0].off] != ' ' && /* (text: "  nvcc ...") */
                           said_level(m, i) == SJ_NVCC
                       ? SJ_NVCC
                       : SJ_UNAMBIGUOUS;
    }
    return SJ_UNAMBIGUOUS;
}

/* Does the recipe's word t end a shell command (';', '&&', '|', a
 * subshell's '(' or ')', or a quoted word that ends in ';')? */
static bool ends_command(const struct mk *m, const struct make_token *t)
{
    return shell_text(t) && is_word(t) && !(t->flags & MAKE_TOKF_IN_REF) &&
           sj_shell_op(m->buf + t->off, t->len, t->len - 1);
}

/* A make variable's name at t: CUDA_HOME -> MUSA_HOME. */
static bool variable(struct mk *m, const struct make_token *t)
{
    const struct script_entry *se =
        mapping_script(m->j->map, SC_MAKE_VARIABLE, m->buf + t->off, t->len);
    if (!se || sj_kept(m->j, se, t->off, m->buf + t->off, t->len) ||
        se->action != SA_RENAME)
        return se != NULL;
    sj_replace(m->j, t->off, t->len, se->e.to, se->e.to_len, false);
    return true;
}

/* Is the word at i an option's value (-Xlinker /usr/.../libculibos.a),
 * which cannot go alone? The options of compilers and linkers that
 * take the next word. */
static bool option_value(const struct mk *m, size_t i)
{
    static const char *const opts[] = {"-Xlinker", "-Xcompiler", "-o",
                                       "-L",       "-I",         "-isystem",
                                       "-include", "-T",         "-x"};
    while (i > 0 && m->v[i - 1].kind == MAKE_TOK_SPACE)
        i--;
    if (!i || !is_word(&m->v[i - 1]))
        return false;
    const struct make_token *o = &m->v[i - 1];
    for (size_t k = 0; k < sizeof(opts) / sizeof(opts[0]); k++)
        if (o->len == strlen(opts[k]) &&
            !memcmp(m->buf + o->off, opts[k], o->len))
            return true;
    return false;
}

/* /usr/local/cuda[-12.4][/...] -> /usr/local/musa[/...], alone or after
 * -L, -I or -Wl,-rpath,: the word at i. */
static bool path_prefix(struct mk *m, size_t i)
{
    const struct make_token *t = &m->v[i];
    size_t wlen = option_value(m, i) ? 0 : t->len;
    return sj_home_word(m->j, t->off, t->len, t->off, wlen, false) !=
           (size_t)-1;
}

/* A word that may name a directory the run renames: a path with a '/'
 * (from the makefile's directory, where make runs), or the end of one
 * after a variable ($(SRC)/csrc/cuda: by the renamed directories it
 * ends, when it has two parts at least; one alone is too weak a sign). */
static void dir_word(struct mk *m, size_t i)
{
    const struct make_token *t = &m->v[i];
    const char *s = m->buf + t->off;
    if (i + 1 < m->n && m->v[i + 1].kind != MAKE_TOK_SPACE &&
        m->v[i + 1].kind != MAKE_TOK_NEWLINE &&
        m->v[i + 1].kind != MAKE_TOK_COMMENT)
        return; /* more follows: not the path's end */
    if (i && m->v[i - 1].kind == MAKE_TOK_VAR_CLOSE) {
        if (s[0] == '/' && t->len > 1 && memchr(s + 1, '/', t->len - 1))
            sj_dir(m->j, t->off, t->len, SJ_TAIL, NULL);
    } else if (memchr(s, '/', t->len) && !(t->flags & MAKE_TOKF_IN_REF)) {
        sj_dir(m->j, t->off, t->len, SJ_PATH, NULL);
    }
}

/* The bytes [off, off + len) of a word that may name files: a pattern
 * (%.cu, and the first suffix of %.cu.o, which the sources' renames
 * make %.mu.o), a suffix (.cu of $(SRC:.cu=.o), .cu.o:) or a path (how
 * says from where). */
static void file_span(struct mk *m, size_t off, size_t len, enum sj_path how)
{
    const char *s = m->buf + off;
    const char *pc = memchr(s, '%', len);
    size_t k = pc ? (size_t)(pc - s) + 1 : 0;
    if (k < len && s[k] == '.' && !memchr(s + k, '/', len - k) && len - k > 1 &&
        s[k + 1] != '.') {
        /* .cu, or the first suffix of .cu.o */
        size_t e = k + 1;
        while (e < len && s[e] != '.')
            e++;
        sj_path(m->j, off + k, e - k, SJ_SUFFIX, NULL);
    } else if (pc) {
        if (k < len)
            sj_path(m->j, off + k, len - k, SJ_SUFFIX, NULL);
    } else {
        sj_path(m->j, off, len, how, NULL);
    }
}

/* A word that may name files: a path, a pattern (%.cu, *.cu) or a
 * suffix; in quotes too ($(shell find . -name "*.cu")). */
static void file_word(struct mk *m, size_t i)
{
    const struct make_token *t = &m->v[i];
    const char *s = m->buf + t->off;
    size_t q = t->len > 2 && (s[0] == '"' || s[0] == '\'') &&
               s[t->len - 1] == s[0] && !memchr(s + 1, s[0], t->len - 2) &&
               !memchr(s, ' ', t->len) && !memchr(s, '\t', t->len);
    if (!sj_may_rename(m->j, s + q, t->len - 2 * q) &&
        !memchr(s, '%', t->len) && !(s[q] == '.' && t->len - 2 * q > 1)) {
        if (!q)
            dir_word(m, i);
        return;
    }
    file_span(m, t->off + q, t->len - 2 * q,
              i && m->v[i - 1].kind == MAKE_TOK_VAR_CLOSE ? SJ_TAIL : SJ_PATH);
}

/* A word after an option's (-Xcompiler -fPIC) may be its value: a word
 * for sj_flags too; one that a reference ends is not whole, and no
 * literal value (-gencode arch=compute_$(SM),code=sm_$(SM)). */
static void value_word(struct mk *m, size_t i, bool whole)
{
    const struct make_token *t = &m->v[i];
    if ((whole || (boundary(m, i, -1) && !(t->flags & MAKE_TOKF_IN_REF))) &&
        m->nwords &&
        m->words[m->nwords - 1].off + m->words[m->nwords - 1].len < t->off) {
        ALLOC_GROW(m->words, m->nwords + 1, m->walloc);
        m->words[m->nwords++] = (struct sj_word){t->off, t->len, t->off, t->len,
                                                 whole,  false,  false};
    }
}

/* A word that begins with a reference ($(HOST_COMPILER), $@) after an
 * option's: a word of the list too, not a literal one, so that the
 * option does not take the next literal word for its value (-ccbin
 * $(HOST_COMPILER) -O2 kept -O2 out of the port). */
static void ref_word(struct mk *m, size_t i)
{
    const struct make_token *t = &m->v[i];
    const struct sj_word *last = m->nwords ? &m->words[m->nwords - 1] : NULL;
    if (!boundary(m, i, -1) || (t->flags & MAKE_TOKF_IN_REF) || !last ||
        m->buf[last->off] != '-' || last->off + last->len >= t->off)
        return;
    size_t k = i;
    int depth = 0;
    for (;; k++) {
        depth += m->v[k].kind == MAKE_TOK_VAR_OPEN;
        depth -= m->v[k].kind == MAKE_TOK_VAR_CLOSE;
        if (boundary(m, k, 1))
            break;
    }
    if (depth)
        return; /* ${ -G: a reference that never closes takes the line */
    size_t len = m->v[k].off + m->v[k].len - t->off;
    ALLOC_GROW(m->words, m->nwords + 1, m->walloc);
    m->words[m->nwords++] =
        (struct sj_word){t->off, len, t->off, len, false, false, false};
}

/* command_level, as the port goes: its program said when the mappings
 * say it (nvidia-smi, nsys: make.tools). */
static enum sj_level said_level(struct mk *m, size_t from)
{
    const char *prog = NULL;
    size_t plen = 0;
    enum sj_level level = command_level(m, from, &prog, &plen);
    if (prog)
        sj_toolkit_program(m->j, (size_t)(prog - m->buf), plen);
    return level;
}

/* The shell commands of the $(shell ...) call that opens at open: each
 * one's options as its program's (VER := $(shell nvcc --version)). */
static void shell_call(struct mk *m, size_t open)
{
    size_t end = ref_end(m, open) - 1; /* its ')' */
    struct sj_word *w = NULL;
    size_t n = 0, alloc = 0, jn;
    enum sj_level level = said_level(m, open + 2);
    for (size_t i = open + 2; i < end;) {
        const struct make_token *t = &m->v[i];
        if (t->kind == MAKE_TOK_SPACE || t->kind == MAKE_TOK_NEWLINE) {
            i++;
            continue;
        }
        /* a shell word: one literal, or with references in it (an
         * option's value: -ccbin $(CXX)) */
        size_t e = word_end(m, i);
        if (e > end)
            e = end;
        const char *s = m->buf + t->off;
        size_t len = m->v[e - 1].off + m->v[e - 1].len - t->off;
        bool literal = e == i + 1 && is_word(t);
        size_t wl = literal ? sj_shell_word(s, len) : len;
        if (wl) {
            ALLOC_GROW(w, n + 1, alloc);
            w[n++] =
                (struct sj_word){t->off, wl, t->off, wl, literal, false, false};
            if (literal && wl > 2 && s[0] == '-' && s[1] == 'l' &&
                !nvflags_find(m->j->nv, s, wl, &jn))
                sj_library(m->j, t->off, wl, t->off + 2, wl - 2);
        }
        if (literal && wl < len) { /* the command ends */
            if (wl)
                m->v[i].len = wl; /* k.cu; names k.cu */
            sj_flags(m->j, w, n, level, false);
            n = 0;
            level = said_level(m, e);
        }
        i = e;
    }
    sj_flags(m->j, w, n, level, false);
    free(w);
}

/* Does the command m->v[from..to) close each reference and quote it
 * opens? (What is added at its end would be in one, and not seen there by
 * a port of the port.) */
static bool closed(const struct mk *m, size_t from, size_t to)
{
    char quote = 0;
    for (size_t i = from; i < to; i++) {
        const struct make_token *t = &m->v[i];
        if ((t->flags & MAKE_TOKF_UNTERMINATED) ||
            ((t->flags & MAKE_TOKF_IN_REF) && i + 1 == to) ||
            t->kind == MAKE_TOK_OTHER) /* a '$' at the end: $ -lmusart */
            return false;
        for (size_t k = 0; is_word(t) && k < t->len; k++)
            sj_shell_quote(m->buf + t->off, t->len, &k, &quote);
    }
    return !quote;
}

/* The recipe's shell command m->v[from..to), nvcc's (level): when it
 * links a program (sj_link_word), the port's runtime library is added
 * at its end. */
static void link_runtime(struct mk *m, size_t from, size_t to,
                         enum sj_level level)
{
    size_t end = 0;
    bool out = false;
    for (size_t i = from; level == SJ_NVCC && i < to; i++) {
        const struct make_token *t = &m->v[i];
        if (!shell_text(t))
            return;
        if (t->kind == MAKE_TOK_SPACE || t->kind == MAKE_TOK_NEWLINE ||
            shell_op(m, t))
            continue;
        if (is_word(t) && m->buf[t->off] == '#' && boundary(m, i, -1) &&
            !(t->flags & MAKE_TOKF_IN_REF))
            break; /* the shell's comment: the command ends before it */
        end = t->off + t->len;
        const struct make_token *r = ref_name(m, i);
        if (r && mkvars_links_runtime(&m->vars, m->buf + r->off, r->len))
            return; /* $(LIBS), whose value has -lcudart */
        if (!is_word(t) || (t->flags & MAKE_TOKF_IN_REF) || !boundary(m, i, -1))
            continue;
        enum sj_link l = sj_link_word(m->buf + t->off, t->len);
        if (l == SJ_LINK_NOT)
            return;
        out |= l == SJ_LINK_OUTPUT;
    }
    if (out && end && closed(m, from, to))
        sj_add_runtime(m->j, end, " ", "");
}

static void line(struct mk *m)
{
    struct script_job *j = m->j;
    enum sj_level level = line_level(m);
    size_t next = (size_t)-1; /* where the next shell command starts */
    size_t from = 0;          /* where this one starts */
    bool libs = mklibs_assigns(&m->vars, m->buf, m->v, m->n);
    m->nwords = 0;
    mkarch_values(j, &m->vars, m->v, m->n); /* SMS ?= 70 75 80 */
    for (size_t i = 0; i < m->n; i++) {
        const struct make_token *t = &m->v[i];
        const char *s = m->buf + t->off;
        if ((t->flags & MAKE_TOKF_UNTERMINATED) &&
            t->kind == MAKE_TOK_DIRECTIVE)
            sj_warn(j, WARN_UNTERMINATED, t->off, "missing 'endef'");
        if (i == next) {
            /* nvcc's options stop at its command's end */
            sj_flags(j, m->words, m->nwords, level, false);
            link_runtime(m, from, i, level);
            m->nwords = 0;
            level = said_level(m, i);
            from = i;
        }
        if (ends_command(m, t)) {
            next = i + 1;
            /* "k.cu;": the word, less the shell's operator */
            size_t n = shell_op(m, t) ? 0 : sj_shell_word(s, t->len);
            if (!n)
                continue;
            m->v[i].len = n;
        }
        size_t e = mkarch_token(j, &m->vars, m->v, m->n, i);
        if (e) { /* -gencode arch=compute_$(sm),code=sm_$(sm) */
            i = e;
            continue;
        }
        if (t->kind == MAKE_TOK_VAR_OPEN || t->kind == MAKE_TOK_VAR_SHORT)
            ref_word(m, i);
        if (t->kind == MAKE_TOK_VAR_OPEN && i + 1 < m->n &&
            (m->v[i + 1].flags & MAKE_TOKF_FUNC) && m->v[i + 1].len == 5 &&
            !memcmp(m->buf + m->v[i + 1].off, "shell", 5))
            shell_call(m, i);
        size_t c = t->kind == MAKE_TOK_VAR_OPEN && level == SJ_NVCC
                       ? mklibs_unwrap(j, m->buf, m->v, m->n, i)
                       : 0;
        if (c) {
            i = c;
            continue;
        }
        if (t->kind == MAKE_TOK_VAR_OPEN) {
            const struct make_token *r = ref_name(m, i);
            mklibs_addprefix(j, m->buf, m->v, m->n, i);
            /* $(CUDA_HOME)/lib64, and a name of the project's that holds
             * the home: $(CUDATKDIR)/lib64 */
            if (r &&
                (variable(m, r) ||
                 mkvars_is_home(&m->vars, m->buf + r->off, r->len)) &&
                i + 3 < m->n && m->v[i + 2].kind == MAKE_TOK_VAR_CLOSE &&
                is_word(&m->v[i + 3])) {
                const struct make_token *w = &m->v[i + 3];
                bool own = boundary(m, i, -1) && boundary(m, i + 3, 1);
                size_t wlen =
                    own && !option_value(m, i) ? w->off + w->len - t->off : 0;
                /* (in a function's text, $(wildcard ...): renamed, never
                 * dropped) */
                if (!sj_library_file(j, w->off, w->len, t->off, wlen))
                    sj_home_dir(j, w->off, w->len);
            }
            if (r)
                i++;
            continue;
        }
        if (!is_word(t) || (t->flags & MAKE_TOKF_FUNC))
            continue;
        if (libs && t->ctx == MAKE_CTX_VALUE &&
            !(t->flags & MAKE_TOKF_IN_REF) && boundary(m, i, -1) &&
            boundary(m, i, 1) && s[0] != '-') {
            sj_library(j, t->off, t->len, t->off, t->len); /* cudart */
            continue;
        }
        if (t->ctx == MAKE_CTX_VARNAME || t->ctx == MAKE_CTX_DIRECTIVE ||
            (!i && mkvars_define_assigns(m->buf, m->v, m->n))) {
            if (variable(m, t))
                continue;
        }
        const char *eq;
        if (shell_text(t) && !(t->flags & MAKE_TOKF_IN_REF)) {
            /* the shell's variables: CUDA_VISIBLE_DEVICES=0 ./app,
             * $$CUDA_HOME, $${CUDA_HOME}, unset CUDA_HOME */
            if (i && m->v[i - 1].kind == MAKE_TOK_DOLLAR)
                sj_env_name(j, t->off + (s[0] == '{'), t->len - (s[0] == '{'));
            else if (boundary(m, i, -1) && (eq = memchr(s, '=', t->len)))
                mk_env_assignment(j, t,
                                  (size_t)(eq - s)); /* P=/usr/local/cuda */
            else if (i >= 2 && m->v[i - 1].kind == MAKE_TOK_SPACE &&
                     m->v[i - 2].len == 5 &&
                     !memcmp(m->buf + m->v[i - 2].off, "unset", 5))
                sj_env_name(j, t->off, t->len);
        }
        bool whole = boundary(m, i, -1) && boundary(m, i, 1) &&
                     !(t->flags & MAKE_TOKF_IN_REF);
        if (boundary(m, i, -1) && !(t->flags & MAKE_TOKF_IN_REF) &&
            sj_cache_define(j, t->off, t->len, !whole))
            continue; /* cmake -DCMAKE_CUDA_ARCHITECTURES=80 */
        /* nvcc, $(CUDA_HOME)/bin/nvcc (maybe an option's value, as a
         * path may be: see below); a recipe's @nvcc */
        size_t at = make_prefix(m, t);
        if (at < t->len && sj_is_nvcc(s + at, t->len - at)) {
            value_word(m, i, whole);
            if (s[at] == '/') /* /usr/local/cuda/bin/nvcc */
                sj_home_word(j, t->off + at, t->len - at, 0, 0, false);
            sj_home_tool(j, t->off + at, t->len - at);
            continue;
        }
        if ((s[0] == '/' || s[0] == '-') && path_prefix(m, i)) {
            /* -ccbin /usr/local/cuda/bin/g++: a path can be an option's
             * value, which goes with it when the option is dropped (the
             * removal wins over the path's rename). */
            if (s[0] == '/')
                value_word(m, i, whole);
            continue;
        }
        size_t jn;
        if (whole && t->len > 2 && s[0] == '-' && s[1] == 'l' &&
            !nvflags_find(j->nv, s, t->len, &jn)) {
            sj_library(j, t->off, t->len, t->off + 2, t->len - 2);
            continue;
        }
        if (whole && t->len > 2 && s[0] == '-' && (s[1] == 'I' || s[1] == 'L'))
            /* -Icsrc/cuda: a directory of the run, from here */
            sj_dir(j, t->off + 2, t->len - 2, SJ_PATH, NULL);
        if (s[0] == '-') { /* (in a function's text: not whole) */
            ALLOC_GROW(m->words, m->nwords + 1, m->walloc);
            m->words[m->nwords++] = (struct sj_word){
                t->off, t->len, t->off, t->len, whole, false, false};
            continue;
        }
        value_word(m, i, whole);
        file_word(m, i);
    }
    sj_flags(j, m->words, m->nwords, level, false);
    link_runtime(m, from, m->n, level);
}

/* Is the word t the CUDA toolkit's home alone (/usr/local/cuda,
 * /usr/local/cuda-12.4/)? */
static bool home_value(const struct mk *m, const struct make_token *t)
{
    size_t n = sj_home_len(m->j, m->buf + t->off, t->len, NULL);
    return n && (n == t->len || (n + 1 == t->len && m->buf[t->off + n] == '/'));
}

/* What the line says of its variables (makevars.h): the ones its
 * recipe commands read ($(NAME), ${NAME}), by nvcc's or another's; the
 * ones an assignment's value reads whole, and whether it links the
 * runtime (LIBS := -lcudart). */
static void read_variables(struct mk *m)
{
    enum sj_level level = SJ_OTHER;
    bool start = true;
    const struct make_token *name = NULL;
    mklibs_read(&m->vars, m->buf, m->v, m->n);
    mkarch_read(&m->vars, m->j->nv, m->buf, m->v, m->n);
    for (size_t i = 0; i < m->n; i++) {
        const struct make_token *t = &m->v[i];
        if (t->ctx == MAKE_CTX_VARNAME && is_word(t))
            name = t;
        if (t->ctx == MAKE_CTX_VALUE && name &&
            !(t->flags & MAKE_TOKF_IN_REF)) {
            mklibs_unwrap_read(&m->vars, m->j->nv, m->buf, m->v, m->n, i, name);
            const struct make_token *r = ref_name(m, i);
            if (r)
                mkvars_edge(&m->vars, name->off, name->len, r->off, r->len);
            else if (is_word(t) && boundary(m, i, -1) && boundary(m, i, 1) &&
                     home_value(m, t))
                mkvars_home(&m->vars, name->off, name->len);
            else if (is_word(t) && boundary(m, i, 1) &&
                     sj_is_nvcc(m->buf + t->off, t->len))
                mkvars_nvcc(&m->vars, name->off, name->len);
            else if (is_word(t) && boundary(m, i, -1) && boundary(m, i, 1) &&
                     t->len > 2 && !memcmp(m->buf + t->off, "-l", 2) &&
                     sj_link_word(m->buf + t->off, t->len) == SJ_LINK_NOT)
                mkvars_runtime(&m->vars, name->off, name->len);
        }
        if (!shell_text(t) || t->kind == MAKE_TOK_SPACE)
            continue;
        if (start)
            level = command_level(m, i, NULL, NULL);
        start = ends_command(m, t);
        const struct make_token *r = ref_name(m, i);
        /* (a define body's line is a command's when nvcc's: its other
         * lines may be rules, $(1): $$(OBJS)) */
        if (r && level != SJ_OTHER &&
            (level == SJ_NVCC || t->ctx == MAKE_CTX_RECIPE))
            mkvars_read(&m->vars, r->off, r->len,
                        level == SJ_NVCC ? MK_READ_NVCC : MK_READ_OTHER);
    }
}

/* Each logical line of the file, its recipe's words as the shell reads
 * them (makeshell.h), to fn: read_variables, then line. */
static void each_line(struct mk *m, void (*fn)(struct mk *),
                      struct make_token **split, size_t *alloc)
{
    struct make_lexer lx;
    struct make_token t;
    make_lexer_init(&lx, m->buf, m->j->len);
    while (make_lexer_next(&lx, &t)) {
        ALLOC_GROW(m->v, m->n + 1, m->alloc);
        m->v[m->n++] = t;
        if (t.kind != MAKE_TOK_NEWLINE && lx.pos < m->j->len)
            continue;
        struct make_token *v = m->v;
        m->n = make_shell_split(m->buf, m->v, m->n, split, alloc);
        m->v = *split;
        fn(m);
        m->v = v;
        m->n = 0;
    }
}

/* What nvcc's commands read (with the run's others' seeds: scriptenv.h),
 * then the port, or (with nvcc_out) what make_scan tells. */
static void make_file(struct script_job *j, const struct hashmap *nvcc,
                      const struct hashmap *read, struct hashmap *nvcc_out,
                      struct hashmap *read_out)
{
    struct mk m = {0};
    m.j = j;
    m.buf = j->buf;
    m.vars.buf = j->buf;
    struct make_token *split = NULL;
    size_t salloc = 0;
    mkvars_seed_nvcc(&m.vars, nvcc);
    each_line(&m, read_variables, &split, &salloc);
    mkvars_seed_read(&m.vars, read);
    mkvars_close(&m.vars);
    if (nvcc_out)
        mkvars_export(&m.vars, nvcc_out, read_out);
    else
        each_line(&m, line, &split, &salloc);
    free(split);
    free(m.v);
    mkvars_release(&m.vars);
    free(m.words);
}

void make_scan(struct script_job *j, const struct hashmap *nvcc_seed,
               struct hashmap *nvcc, struct hashmap *read)
{
    make_file(j, nvcc_seed, NULL, nvcc, read);
}

void make_port(struct script_job *j)
{
    const struct script_env *env = j->env;
    make_file(j, env ? env->make_nvcc : NULL, env ? env->make_read : NULL, NULL,
              NULL);
}
