/* SPDX-License-Identifier: MIT */
/* nvcc's options in lists of words (port/scriptflags.h). */
#include "port/scriptflags.h"

#include <ctype.h>
#include <string.h>

#include "build/nvflags.h"
#include "lex/lexer.h"
#include "mapping/mapping.h"
#include "port/scriptjob.h"
#include "port/sdkpath.h"
#include "util/arena.h"
#include "util/strbuf.h"

static bool word_is(const struct script_job *j, const struct sj_word *w,
                    const char *s)
{
    return w->len == strlen(s) && !memcmp(j->buf + w->off, s, w->len);
}

/* The NAME[=VALUE] of a -D or -U at off, len bytes: NAME as the
 * identifier table renames it (exact entries only: a pattern is no
 * evidence for a macro name). */
static void define_name(struct script_job *j, size_t off, size_t len)
{
    const char *s = j->buf + off;
    size_t n = 0;
    while (n < len && s[n] != '=')
        n++;
    if (!lexer_is_identifier(s, n))
        return;
    const struct map_ident *id = mapping_ident(j->map, s, n);
    const struct map_entry *e = id ? id->exact : NULL;
    if (e && e->kind == MAP_RENAME)
        sj_replace(j, off, n, e->to, e->to_len, false);
    else if (e && e->kind == MAP_UNSUPPORTED)
        sj_warn(j, WARN_UNSUPPORTED, off, "'%.*s' has no MUSA equivalent%s%s",
                (int)n, s, e->message ? ": " : "",
                e->message ? e->message : "");
}

static bool define_word(struct script_job *j, const struct sj_word *w)
{
    const char *s = j->buf + w->off;
    if (w->len < 3 || s[0] != '-' || (s[1] != 'D' && s[1] != 'U'))
        return false;
    define_name(j, w->off + 2, w->len - 2);
    return true;
}

struct arch_set {
    char seen[16][8];
    size_t n;
};

/* The MUSA architectures of capabilities, each once over a list; *fresh
 * counts those not seen before in it. */
static size_t musa_archs(struct script_job *j, const struct nvf_ccs *c,
                         struct arch_set *seen, const char **out, size_t max,
                         size_t *fresh)
{
    size_t n = 0;
    *fresh = 0;
    for (size_t i = 0; i < c->n; i++) {
        const char *a = nvflags_arch(j->nv, c->cc[i]);
        if (!a)
            return 0;
        size_t k = 0;
        while (k < n && strcmp(out[k], a))
            k++;
        if (k < n || n == max)
            continue;
        out[n++] = a;
        bool old = false;
        for (size_t s = 0; s < seen->n; s++)
            old |= !strcmp(seen->seen[s], a);
        if (!old && seen->n < 16 && strlen(a) < 8) {
            strcpy(seen->seen[seen->n++], a);
            (*fresh)++;
        }
    }
    return n;
}

/* A word of a list goes, as its language removes one; one that cannot
 * (rlen 0: the only argument of the call that adds it, flags.append(
 * '-lineinfo')) stays, reported. Returns whether it went. */
static bool drop(struct script_job *j, const struct sj_word *w)
{
    if (!w->rlen) {
        sj_warn(j, WARN_BUILD, w->off,
                "'%.*s' is kept: mcc does not take it, and it is the only "
                "argument of the call that adds it: remove the call",
                (int)w->len, j->buf + w->off);
        return false;
    }
    if (w->in_string)
        sj_remove_word(j, w->roff, w->rlen);
    else
        sj_remove(j, w->roff, w->rlen);
    return true;
}

/* Is word b next to word a in the text, only blanks, quotes and list
 * separators between them (not another word the list left out: a CMake
 * command's value words are not among its option words)? */
static bool beside(const struct script_job *j, const struct sj_word *a,
                   const struct sj_word *b)
{
    for (size_t p = a->off + a->len; p < b->off; p++)
        if (!strchr(" \t\r\n\\\"',;", j->buf[p]))
            return false;
    return b->off >= a->off + a->len;
}

/* An option whose value stays while the option is spelt as mcc spells
 * it (--library cublas, --library-path=DIR, --linker-options A,B): the
 * option's word and what is between it and its value become the short
 * spelling, glued to the value (-lcublas, -Wl,A,B, -includep.h, which
 * gcc and clang read too), or, for a longer spelling with its value in
 * a word of its own, the word alone (-include p.h). The value then gets
 * the rules -l, -D and the SDK's paths give it. w is the option's word,
 * vw its value's (NULL: after '=' in w), v the value; shown, the option
 * as written. */
static void value_to(struct script_job *j, const struct nvcc_flag *f,
                     const struct sj_word *w, const struct sj_word *vw,
                     const char *v, size_t vlen, int shown, const char *s)
{
    size_t tl = strlen(f->to), voff = (size_t)(v - j->buf);
    bool list = f->to[tl - 1] == ',', glued = !vw || tl == 2 || list;
    const char *why = NULL;
    if (!list && memchr(v, ',', vlen))
        why = "nvcc splits its value at ','; give each on its own";
    else if (glued && vw && memchr(j->buf + w->off, '\n', voff - w->off))
        why = "its value is on another line; put it beside the option";
    if (why) {
        sj_warn(j, WARN_BUILD, w->off,
                "'%.*s' is kept: mcc spells it '%s', "
                "but %s",
                shown, s, f->to, why);
        return;
    }
    const struct script_entry *le =
        !strcmp(f->to, "-l") ? mapping_script(j->map, SC_LIBRARY, v, vlen)
                             : NULL;
    if (le && le->action == SA_DROP) { /* --library cudadevrt */
        if (drop(j, w) && vw)
            drop(j, vw);
        sj_note(j, w->off, "dropped '%.*s' (%s)", shown, s,
                le->e.message ? le->e.message : "no MUSA library");
        return;
    }
    if (glued)
        sj_replace(j, w->off, voff - w->off, f->to, tl, false);
    else
        sj_replace(j, w->off, w->len, f->to, tl, false);
    /* (the note says the library's new name: -lmublas) */
    bool lr = le && le->action == SA_RENAME;
    sj_note(j, w->off, "'%.*s' becomes '%s%s%.*s'", shown, s, f->to,
            glued ? "" : " ", lr ? (int)le->e.to_len : (int)vlen,
            lr ? le->e.to : v);
    if (le)
        sj_library(j, voff, vlen, voff, vlen);
    else if (tl == 2 && (f->to[1] == 'D' || f->to[1] == 'U'))
        define_name(j, voff, vlen);
    /* the SDK's paths in it (-L/usr/local/cuda/lib64, -Wl,-rpath,DIR),
     * but a word of its own, which the path rules take */
    for (size_t p = 0; p < vlen; p++) {
        if (p && v[p - 1] != ',' && v[p - 1] != '=')
            continue;
        size_t e = p;
        while (e < vlen && v[e] != ',')
            e++;
        if ((p || !vw) && sj_home_len(j, v + p, e - p, NULL))
            sj_home_path(j, voff + p, e - p, 0, 0, false);
    }
}

/* The note about an architecture rule, with the rules in words. */
static void arch_note(struct script_job *j, size_t off, const char *was,
                      size_t was_len, const char *now)
{
    if (!j->env || !j->env->notes)
        return;
    struct strbuf rules = STRBUF_INIT;
    nvflags_describe_arch(j->nv, &rules);
    sj_note(j, off, "'%.*s' becomes '%s' (by GPU generation: %s)", (int)was_len,
            was, now, rules.buf);
    strbuf_release(&rules);
}

/* One architecture option: -arch=sm_80, or -gencode and its value word. */
static void arch_flag(struct script_job *j, const struct sj_word *w,
                      const struct sj_word *vw, const char *v, size_t vlen,
                      struct arch_set *seen, bool one_per_word)
{
    size_t end = vw ? vw->off + vw->len : w->off + w->len;
    if (j->torch_archs) {
        if (vw)
            drop(j, vw);
        if (drop(j, w))
            sj_note(j, w->off,
                    "dropped '%.*s%s%.*s': torch_musa's build gives "
                    "--offload-arch=mp_XX for each architecture of "
                    "TORCH_MUSA_ARCH_LIST (a list such as \"21;22\"), or of "
                    "the GPUs it sees",
                    (int)w->len, j->buf + w->off, vw ? " " : "",
                    vw ? (int)vw->len : 0, vw ? j->buf + vw->off : "");
        return;
    }
    struct nvf_ccs c;
    nvflags_ccs(v, vlen, &c);
    const char *archs[8];
    size_t fresh, n = 0;
    if (!c.special && !c.unknown && c.n)
        n = musa_archs(j, &c, seen, archs, 8, &fresh);
    if (!n || (n > 1 && one_per_word)) {
        sj_warn(j, WARN_BUILD, w->off,
                "'%.*s' is kept: %s; write --offload-arch=mp_XX for the "
                "MUSA GPUs you build for",
                (int)(end - w->off), j->buf + w->off,
                c.special   ? "it names no architecture by number"
                : !n && c.n ? "no architecture rule maps it"
                : n > 1     ? "it names several MUSA architectures"
                            : "its architectures are not literal numbers");
        return;
    }
    if (vw)
        drop(j, vw);
    if (!fresh) { /* all given by an option before it */
        if (drop(j, w))
            sj_note(j, w->off,
                    "dropped '%.*s': its MUSA architecture is given "
                    "before it",
                    (int)(end - w->off), j->buf + w->off);
        return;
    }
    strbuf_reset(&j->tmp);
    for (size_t i = 0; i < n; i++)
        strbuf_addf(&j->tmp, "%s--offload-arch=mp_%s", i ? " " : "", archs[i]);
    sj_replace(j, w->off, w->len, j->tmp.buf, j->tmp.len, true);
    arch_note(j, w->off, j->buf + w->off, end - w->off, j->tmp.buf);
}

/* "-gencode=arch=compute_${arch}" and the like: an option whose value is
 * built from a reference, which no rule can rewrite; an architecture's
 * also when its value is a word of its own (-gencode arch=compute_$(SM),
 * or the option inside a make function: $(eval F += -gencode ...)). */
static void partial_flag(struct script_job *j, const struct sj_word *w,
                         enum sj_level level)
{
    size_t joined;
    const char *s = j->buf + w->off;
    const struct nvcc_flag *f = nvflags_find(j->nv, s, w->len, &joined);
    if (!f || (!joined && f->action != NVF_ARCH) ||
        (f->ambiguous && level < SJ_NVCC))
        return;
    if (f->action == NVF_ARCH)
        sj_warn(j, WARN_BUILD, w->off,
                "'%.*s...' builds nvcc architecture options from a variable: "
                "mcc takes --offload-arch=mp_XX (MUSA architectures "
                "21, 22, 31)",
                (int)w->len, s);
    else if (f->action == NVF_REPORT || f->action == NVF_RDC)
        sj_warn(j, WARN_BUILD, w->off, "'%.*s...' is kept, but %s", (int)w->len,
                s, f->why ? f->why : "mcc has no such option");
    else if (f->action != NVF_VALUE)
        sj_warn(j, WARN_BUILD, w->off,
                "'%.*s...' is kept: it is nvcc's, and its value is built from "
                "a variable",
                (int)w->len, s);
}

/* The length of nvcc's own spelling of its output option that s[0..len)
 * begins with: -o= (3), --output-file (13) or --output-file= (14); 0
 * for any other word (-o itself is everyone's). */
static size_t output_spelling(const char *s, size_t len)
{
    if (len >= 3 && !memcmp(s, "-o=", 3))
        return 3;
    if (len >= 13 && !memcmp(s, "--output-file", 13))
        return len == 13 ? 13 : s[13] == '=' ? 14 : 0;
    return 0;
}

/* nvcc's output given as -o=F, --output-file F or --output-file=F:
 * mcc (clang) takes -o F or -oF only (-o=F writes a file named =F). */
static bool output_word(struct script_job *j, const struct sj_word *w)
{
    const char *s = j->buf + w->off;
    size_t n = output_spelling(s, w->len);
    if (!n)
        return false;
    sj_replace(j, w->off, n, "-o", 2, false);
    sj_note(j, w->off,
            "'%.*s' becomes '-o': mcc takes its output as clang does", (int)n,
            s);
    return true;
}

/* Is buf[off..off+len) a list of host options, as nvcc splits
 * -Xcompiler's value at its commas ("-fPIC,-Wall": each an option,
 * nothing in it that is not plain)? */
static bool option_list(const struct script_job *j, size_t off, size_t len)
{
    const char *s = j->buf + off;
    if (!len || s[0] != '-' || s[len - 1] == ',' || !memchr(s, ',', len))
        return false;
    for (size_t i = 0; i < len; i++)
        if (strchr("$\\\"' \t;{}()<>`", s[i]) ||
            (s[i] == ',' && s[i + 1] != '-'))
            return false;
    return true;
}

/* What parts the options [from, to) would be split into: blanks, or in
 * CMake a list's ';' inside a generator expression or a quoted list
 * ("-O2;-Xcompiler=-a,-b"); 0 where it cannot be told (a quoted word
 * alone, which may be a list's or a command line's). */
static char list_sep(const struct script_job *j, size_t from, size_t to)
{
    if (j->sep != ';')
        return ' ';
    size_t line = from, quotes = 0, q = 0;
    while (line && j->buf[line - 1] != '\n')
        line--;
    for (size_t i = from, depth = 0; i > line; i--) {
        char c = j->buf[i - 1];
        if (c == '>')
            depth++;
        else if (c == '<' && i >= 2 && j->buf[i - 2] == '$' && !depth--)
            return ';'; /* $<$<COMPILE_LANGUAGE:CUDA>:-O2;-Xcompiler=... */
    }
    for (size_t i = line; i < from; i++)
        if (j->buf[i] == '"' && (i == line || j->buf[i - 1] != '\\'))
            quotes++, q = i;
    if (!(quotes & 1))
        return ' ';
    bool blank = false;
    for (size_t i = q + 1; i < j->len && j->buf[i] != '"'; i++) {
        if (i >= from && i < to)
            continue;
        if (j->buf[i] == ';')
            return ';';
        blank |= j->buf[i] == ' ' || j->buf[i] == '\t';
    }
    return blank ? ' ' : 0;
}

/* Make such a list's commas sep: each option a word of its own. */
static void split_list(struct script_job *j, size_t off, size_t len, char sep)
{
    for (size_t i = 0; i < len; i++)
        if (j->buf[off + i] == ',')
            sj_replace(j, off + i, 1, sep == ';' ? ";" : " ", 1, false);
}

/* -Xcompiler "-fPIC -Wall", --compiler-options="$(CFLAGS)": host
 * compiler options in quotes, whose value v (joined to w[i], or w[i + 1])
 * opens with the quote, closed at the end of a word of the list, or of
 * the shell word the quote opens. mcc takes them as its own, each a word:
 * the option and both quotes go; a comma list's commas are blanks, as
 * nvcc splits it. Returns whether v is such, with the index of the last word it
 * took in *last. */
static bool unwrap_quoted(struct script_job *j, const struct sj_word *w,
                          size_t n, size_t i, const char *v, bool joined,
                          const char *why, size_t *last)
{
    char q = *v;
    if (q != '"' && q != '\'')
        return false;
    const char *end = j->buf + j->len, *c = v + 1;
    for (; c < end && *c != q && *c != '\n'; c++)
        if (*c == '\\' && q == '"')
            return false; /* an escape: not a plain list */
    if (c == end || *c != q || c == v + 1)
        return false;
    size_t voff = (size_t)(v - j->buf);
    bool list = memchr(v + 1, ',', (size_t)(c - v - 1)) != NULL;
    if (list && (memchr(v + 1, ' ', (size_t)(c - v - 1)) ||
                 !option_list(j, voff + 1, (size_t)(c - v - 1))))
        return false; /* (said by the caller) */
    /* the quote ends a word ("$(CFLAGS)" is one, with a reference in it),
     * or the string it is in (CMake's " -Xcompiler '-fPIC -O2'") */
    size_t at = (size_t)(c - j->buf) + 1, k = i + !joined;
    if (at < j->len && !strchr(" \t\r\n;\"", j->buf[at]))
        return false;
    while (k + 1 < n && w[k + 1].off < at)
        k++;
    if (list)
        split_list(j, voff + 1, (size_t)(c - v - 1), ' ');
    if (joined) {
        sj_replace(j, w[i].off, voff + 1 - w[i].off, "", 0, false);
    } else {
        drop(j, &w[i]);
        sj_replace(j, voff, 1, "", 0, false);
    }
    sj_replace(j, at - 1, 1, "", 0, false);
    char *now = arena_alloc(j->a, at - voff - 1);
    for (size_t q = 0; q + 2 < at - voff; q++)
        now[q] = v[q + 1] == ',' ? ' ' : v[q + 1];
    sj_note(j, w[i].off, "'%.*s' becomes '%.*s' (%s)", (int)(at - w[i].off),
            j->buf + w[i].off, (int)(at - voff - 2), now, why ? why : "");
    *last = k;
    return true;
}

void sj_flags(struct script_job *j, const struct sj_word *w, size_t n,
              enum sj_level level, bool one_per_word)
{
    if (level == SJ_OTHER)
        return;
    struct arch_set seen = {{{0}}, 0};
    /* A list with an option only nvcc has is nvcc's. */
    for (size_t i = 0; level < SJ_NVCC && i < n; i++) {
        size_t jn;
        const struct nvcc_flag *f =
            w[i].whole ? nvflags_find(j->nv, j->buf + w[i].off, w[i].len, &jn)
                       : NULL;
        if (f && !f->ambiguous)
            level = SJ_NVCC;
    }
    for (size_t i = 0; i < n; i++) {
        const char *s = j->buf + w[i].off;
        if (!w[i].len || s[0] != '-')
            continue;
        if (level == SJ_NVCC && output_word(j, &w[i]))
            continue;
        if (!w[i].whole) {
            partial_flag(j, &w[i], level);
            continue;
        }
        if (define_word(j, &w[i]))
            continue;
        size_t joined;
        const struct nvcc_flag *f = nvflags_find(j->nv, s, w[i].len, &joined),
                               *uf;
        if (!f || (f->ambiguous && level < SJ_NVCC))
            continue;
        const struct sj_word *vw = NULL;
        const char *v = NULL;
        size_t vlen = 0, k;
        if (f->action == NVF_UNWRAP && f->value && (joined || i + 1 < n) &&
            unwrap_quoted(j, w, n, i,
                          joined ? s + joined : j->buf + w[i + 1].off, joined,
                          f->why, &k)) {
            i = k;
            continue;
        }
        if (f->value && joined) {
            v = s + joined;
            vlen = w[i].len - joined;
        } else if (f->value && i + 1 < n && beside(j, &w[i], &w[i + 1]) &&
                   (w[i + 1].whole ||
                    /* -ccbin $(HOST_COMPILER) goes whatever it names;
                     * -Xcompiler $(CFLAGS) leaves $(CFLAGS); and so
                     * with a Python f-string's field ({cxx}) */
                    ((f->action == NVF_DROP || f->action == NVF_UNWRAP ||
                      f->action == NVF_TO ||
                      /* (an extension's: torch_musa gives them) */
                      (f->action == NVF_ARCH && j->torch_archs)) &&
                     (j->buf[w[i + 1].off] == '$' || w[i + 1].ref ||
                      (w[i + 1].in_string && j->buf[w[i + 1].off] == '{'))))) {
            vw = &w[++i];
            v = j->buf + vw->off;
            vlen = vw->len;
        } else if (f->value) {
            /* its value is not a literal: an architecture is said so
             * (-gencode arch=compute_$(SM),code=sm_$(SM)) */
            if (f->action == NVF_ARCH && i + 1 < n)
                partial_flag(j, &w[i], level);
            else if (!w[i].rlen) /* flags.append('-gencode') */
                sj_warn(j, WARN_BUILD, w[i].off,
                        "'%.*s' is kept: it is nvcc's, and the call adds it "
                        "apart from its value: %s",
                        (int)w[i].len, s,
                        f->action == NVF_ARCH
                            ? "mcc takes --offload-arch=mp_XX (MUSA "
                              "architectures 21, 22, 31)"
                            : "port both by hand");
            else if (i + 1 < n && !beside(j, &w[i], &w[i + 1]) &&
                     (f->action == NVF_DROP || f->action == NVF_TO ||
                      f->action == NVF_UNWRAP))
                /* target_compile_options(t PRIVATE -ccbin /usr/bin/g++) */
                sj_warn(j, WARN_BUILD, w[i].off,
                        "'%.*s' is kept: it is nvcc's, and its value is "
                        "not an option word beside it: port both by hand",
                        (int)w[i].len, s);
            continue;
        }
        const struct sj_word *fw = vw ? &w[i - 1] : &w[i];
        /* the option as said: its words with one blank between, not
         * the list's text between them (--threads", "4) */
        char *sh = arena_alloc(j->a, fw->len + (vw ? vw->len + 1 : 0) + 1);
        memcpy(sh, s, fw->len);
        if (vw) {
            sh[fw->len] = ' ';
            memcpy(sh + fw->len + 1, v, vw->len);
        }
        sh[fw->len + (vw ? vw->len + 1 : 0)] = '\0';
        int shown = (int)strlen(sh);
        s = sh;
        switch (f->action) {
        case NVF_DROP:
            if (!drop(j, fw))
                break;
            if (vw)
                drop(j, vw);
            sj_note(j, fw->off, "dropped '%.*s' (%s)", shown, s,
                    f->why ? f->why : "nvcc only");
            break;
        case NVF_TO:
            if (f->value)
                value_to(j, f, fw, vw, v, vlen, shown, s);
            else
                sj_replace(j, fw->off, fw->len, f->to, strlen(f->to), false);
            if (!f->value)
                sj_note(j, fw->off, "'%.*s' becomes '%s'", shown, s, f->to);
            break;
        case NVF_UNWRAP:
            if ((uf = nvflags_find(j->nv, v, vlen, &joined)) &&
                (!uf->ambiguous || level >= SJ_NVCC)) {
                /* -Xcompiler -lineinfo: unwrapped, a later port would
                 * read the value as nvcc's own option */
                sj_warn(j, WARN_BUILD, fw->off,
                        "'%.*s' is kept: '%.*s' is nvcc's own option, not "
                        "the host compiler's",
                        shown, s, (int)vlen, v);
            } else if (!one_per_word &&
                       option_list(j, (size_t)(v - j->buf), vlen) &&
                       list_sep(j, fw->off, (size_t)(v - j->buf) + vlen)) {
                /* -Xcompiler -fPIC,-Wall: as nvcc splits it; in a
                 * generator expression, a list's ';' */
                size_t voff = (size_t)(v - j->buf);
                char sep = list_sep(j, fw->off, voff + vlen);
                if (vw)
                    drop(j, fw);
                else
                    sj_replace(j, fw->off, voff - fw->off, "", 0, false);
                split_list(j, voff, vlen, sep);
                char *each = arena_alloc(j->a, vlen + 1);
                for (size_t q = 0; q < vlen; q++)
                    each[q] = v[q] == ',' ? ' ' : v[q];
                sj_note(j, fw->off, "'%.*s' becomes '%.*s' (%s)", shown, s,
                        (int)vlen, each, f->why ? f->why : "");
            } else if (memchr(v, ',', vlen) || ((v[0] == '"' || v[0] == '\'') &&
                                                memchr(v, ' ', vlen))) {
                /* -Xcompiler -fPIC,-Wall; -Xcompiler "-fPIC -Wall", one
                 * word to mcc */
                sj_warn(j, WARN_BUILD, fw->off,
                        "'%.*s' is kept: give mcc each of these host "
                        "compiler options on its own",
                        shown, s);
            } else if (vw) {
                drop(j, fw);
                sj_note(j, fw->off, "'%.*s' becomes '%.*s' (%s)", shown, s,
                        (int)vlen, v, f->why ? f->why : "");
            } else {
                sj_replace(j, fw->off, fw->len, v, vlen, false);
                sj_note(j, fw->off, "'%.*s' becomes '%.*s' (%s)", shown, s,
                        (int)vlen, v, f->why ? f->why : "");
            }
            break;
        case NVF_ARCH:
            arch_flag(j, fw, vw, v, vlen, &seen, one_per_word);
            break;
        case NVF_RDC:
            if (vlen == 5 && !memcmp(v, "false", 5)) {
                /* -rdc=false: whole programs, as mcc always compiles */
                if (drop(j, fw)) {
                    if (vw)
                        drop(j, vw);
                    sj_note(j, fw->off,
                            "dropped '%.*s' (mcc compiles whole "
                            "programs: there is no other kind)",
                            shown, s);
                }
            } else if (!f->value || (vlen == 4 && !memcmp(v, "true", 4)))
                sj_warn(j, WARN_BUILD, fw->off, "'%.*s' is kept, but %s", shown,
                        s, f->why ? f->why : "MUSA has no RDC");
            break;
        case NVF_REPORT:
            sj_warn(j, WARN_BUILD, fw->off, "'%.*s' is kept, but %s", shown, s,
                    f->why ? f->why : "mcc has no such option");
            break;
        case NVF_IMAGE:
            sj_replace(j, fw->off, fw->len, "--cuda-device-only", 18, false);
            sj_note(j, fw->off, "'%.*s' becomes '--cuda-device-only' (%s)",
                    shown, s, f->why ? f->why : "mcc's device code alone");
            break;
        case NVF_VALUE:
            if (f->vfrom && vlen == strlen(f->vfrom) &&
                !memcmp(v, f->vfrom, vlen)) {
                size_t voff = (size_t)(v - j->buf);
                sj_replace(j, voff, vlen, f->to, strlen(f->to), false);
                sj_note(j, fw->off, "'%.*s' becomes '%.*s%s'", shown, s,
                        (int)(vw ? fw->len + 1 : voff - fw->off), s, f->to);
            }
            break;
        }
    }
}

enum sj_link sj_link_word(const char *s, size_t len)
{
    static const char *const nolink[] = {"-c",
                                         "--compile",
                                         "-E",
                                         "--preprocess",
                                         "-S",
                                         "-M",
                                         "-MM",
                                         "-fatbin",
                                         "--fatbin",
                                         "-cubin",
                                         "--cubin",
                                         "-ptx",
                                         "--ptx",
                                         "-dc",
                                         "--device-c",
                                         "-dw",
                                         "--device-w",
                                         "-lib",
                                         "--lib",
                                         "-dlink",
                                         "--device-link",
                                         "--cuda-device-only",
                                         "-V",
                                         "--version",
                                         "-h",
                                         "--help",
                                         "-dryrun",
                                         "--dryrun",
                                         "-lcudart",
                                         "-lcudart_static",
                                         "-lmusart",
                                         "--generate-dependencies",
                                         "-cuda",
                                         "--cuda",
                                         "-optix-ir",
                                         "--optix-ir"};
    if ((len == 2 && !memcmp(s, "-o", 2)) || output_spelling(s, len))
        return SJ_LINK_OUTPUT;
    for (size_t k = 0; k < sizeof(nolink) / sizeof(nolink[0]); k++)
        if (strlen(nolink[k]) == len && !memcmp(s, nolink[k], len))
            return SJ_LINK_NOT;
    return SJ_LINK_NONE;
}

bool sj_links(const struct script_job *j, const struct sj_word *w, size_t n)
{
    bool out = false;
    for (size_t i = 0; i < n; i++) {
        enum sj_link l = w[i].whole ? sj_link_word(j->buf + w[i].off, w[i].len)
                                    : SJ_LINK_NONE;
        if (l == SJ_LINK_NOT)
            return false;
        out |= l == SJ_LINK_OUTPUT;
    }
    return out;
}

void sj_link_runtime(struct script_job *j, const struct sj_word *w, size_t n,
                     size_t off)
{
    if (sj_links(j, w, n))
        sj_add_runtime(j, off, " ", "");
}

void sj_add_runtime(struct script_job *j, size_t off, const char *pre,
                    const char *post)
{
    const struct script_entry *se =
        mapping_script(j->map, SC_LIBRARY, "cudart", 6);
    if (!se || se->action != SA_RENAME)
        return;
    struct strbuf *sb = &j->tmp;
    strbuf_reset(sb);
    strbuf_addf(sb, "%s-l%s%s", pre, se->e.to, post);
    sj_replace(j, off, 0, sb->buf, sb->len, true);
    sj_note(j, off,
            "added '-l%s': nvcc links CUDA's runtime on its own, mcc "
            "links none",
            se->e.to);
}

void sj_arch_values(struct script_job *j, const struct sj_word *w, size_t n)
{
    struct arch_set seen = {{{0}}, 0};
    for (size_t i = 0; i < n; i++) {
        if (!w[i].whole || !w[i].len)
            continue;
        const char *s = j->buf + w[i].off;
        if (word_is(j, &w[i], "OFF") || word_is(j, &w[i], "CACHE") ||
            word_is(j, &w[i], "PARENT_SCOPE"))
            return;
        struct nvf_ccs c;
        nvflags_ccs(s, w[i].len, &c);
        if (c.special) {
            sj_warn(j, WARN_BUILD, w[i].off,
                    "'%.*s' is kept: the MUSA architectures are numbers "
                    "(21, 22, 31): name the ones you build for",
                    (int)w[i].len, s);
            continue;
        }
        if (c.unknown || c.n != 1)
            continue;
        const char *archs[1];
        size_t fresh;
        if (!musa_archs(j, &c, &seen, archs, 1, &fresh))
            continue;
        if (!fresh) {
            if (drop(j, &w[i]) && j->env && j->env->notes)
                sj_note(j, w[i].off,
                        "dropped '%.*s': its MUSA architecture, %s, is given "
                        "before it",
                        (int)w[i].len, s, archs[0]);
            continue;
        }
        /* sm_80 (a makefile's CUDA_ARCH ?= sm_80, which -arch= reads
         * alone): mp_22, as --offload-arch takes it */
        const char *to = archs[0];
        if (s[0] == 's' || s[0] == 'c') {
            char *mp = arena_alloc(j->a, strlen(archs[0]) + 4);
            memcpy(mp, "mp_", 3);
            strcpy(mp + 3, archs[0]);
            to = mp;
        }
        sj_replace(j, w[i].off, w[i].len, to, strlen(to), false);
        arch_note(j, w[i].off, s, w[i].len, to);
    }
}

bool sj_arch_string(struct script_job *j, size_t off, size_t len)
{
    const char *s = j->buf + off;
    struct nvf_ccs c = {{0}, 0, false, false};
    char sep = memchr(s, ' ', len) && !memchr(s, ';', len) ? ' ' : ';';
    for (size_t i = 0; i < len;) {
        if (s[i] == ';' || s[i] == ' ') {
            i++;
            continue;
        }
        unsigned major = 0;
        size_t d = i;
        while (i < len && isdigit((unsigned char)s[i]) && i - d < 2)
            major = major * 10 + (unsigned)(s[i++] - '0');
        if (i == d || i + 1 >= len || s[i] != '.' ||
            !isdigit((unsigned char)s[i + 1]))
            return false;
        unsigned cc = major * 10 + (unsigned)(s[i + 1] - '0');
        i += 2;
        if (i < len && (s[i] == 'a' || s[i] == 'f')) /* 9.0a: sm_90a */
            i++;
        if (i + 4 <= len && !memcmp(s + i, "+PTX", 4))
            i += 4;
        if (i < len && s[i] != ';' && s[i] != ' ')
            return false;
        bool dup = false;
        for (size_t k = 0; k < c.n; k++)
            dup |= c.cc[k] == cc;
        if (!dup && c.n < sizeof(c.cc) / sizeof(c.cc[0]))
            c.cc[c.n++] = cc;
    }
    struct arch_set seen = {{{0}}, 0};
    const char *archs[16];
    size_t fresh, n = c.n ? musa_archs(j, &c, &seen, archs, 16, &fresh) : 0;
    if (!n)
        return false;
    struct strbuf *sb = &j->tmp;
    strbuf_reset(sb);
    for (size_t k = 0; k < n; k++)
        strbuf_addf(sb, "%s%s", k ? (sep == ' ' ? " " : ";") : "", archs[k]);
    sj_replace(j, off, len, sb->buf, sb->len, true);
    arch_note(j, off, s, len, sb->buf);
    return true;
}

void sj_chosen_flag(struct script_job *j, size_t off, size_t len)
{
    size_t joined;
    const struct nvcc_flag *f = nvflags_find(j->nv, j->buf + off, len, &joined);
    if (f && f->action != NVF_VALUE && f->action != NVF_RDC &&
        f->action != NVF_REPORT)
        sj_warn(j, WARN_BUILD, off,
                "'%.*s' is kept: it is nvcc's, chosen in an expression the "
                "port does not rewrite, and mcc does not take it (%s): port "
                "it by hand",
                (int)len, j->buf + off, f->why ? f->why : "nvcc only");
}
