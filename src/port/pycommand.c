/* SPDX-License-Identifier: MIT */
/* Command lines in Python code (port/pycommand.h). */
#include "port/pycommand.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lex/python.h"
#include "port/sdkpath.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* Between the words of a command line: a blank or a line break (a
 * triple-quoted string's). */
static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool pycmd_has_nvcc(const char *s, size_t len)
{
    for (size_t i = 0; i + 4 <= len; i++)
        if (tolower((unsigned char)s[i]) == 'n' &&
            tolower((unsigned char)s[i + 1]) == 'v' &&
            tolower((unsigned char)s[i + 2]) == 'c' &&
            tolower((unsigned char)s[i + 3]) == 'c')
            return true;
    return false;
}

/* Does s[0..len) end in the program nvcc (a path's last part, or all
 * of it)? */
static bool ends_nvcc(const char *s, size_t len)
{
    return len >= 4 && !memcmp(s + len - 4, "nvcc", 4) &&
           (len == 4 || s[len - 5] == '/' || s[len - 5] == '\\' ||
            s[len - 5] == ' ' || s[len - 5] == '}');
}

/* The contents of the string at k (an f-string's with its fields). */
static bool contents(const struct py_code *c, size_t k, const char **s,
                     size_t *len)
{
    struct py_string ps;
    if (!py_string_at(c, k, &ps))
        return false;
    *s = c->buf + ps.body;
    *len = ps.body_len;
    return true;
}

bool pycmd_runs(const struct py_code *c, struct py_around a)
{
    static const char *const runners[] = {"os.system",
                                          "os.popen",
                                          "subprocess.run",
                                          "subprocess.call",
                                          "subprocess.Popen",
                                          "subprocess.check_call",
                                          "subprocess.check_output",
                                          "subprocess.getoutput",
                                          "subprocess.getstatusoutput",
                                          "check_output",
                                          "getoutput",
                                          "Popen"};
    if (a.open != '(' || a.first < 2)
        return false;
    for (size_t k = 0; k < sizeof(runners) / sizeof(runners[0]); k++)
        if (py_dotted_is(c, a.first - 2, runners[k]))
            return true;
    return false;
}

/* Is the name at k a keyword that makes an expression of a list's item
 * (x if c else y, f for f in a, a and b, lambda: x)? */
static bool expression_keyword(const struct py_code *c, size_t k)
{
    static const char *const keywords[] = {"if",     "else",  "for",  "in",
                                           "and",    "or",    "not",  "is",
                                           "lambda", "await", "async"};
    for (size_t n = 0; n < sizeof(keywords) / sizeof(keywords[0]); n++)
        if (py_is_name(c, k, keywords[n]))
            return true;
    return false;
}

bool pycmd_names_nvcc(const char *s, size_t len)
{
    static const char *const suffixes[] = {
        "",     "_path",    "_bin",  "_binary", "_exe", "_executable",
        "_cmd", "_command", "_prog", "_program"};
    size_t b = len; /* its last dotted part, past any '_' */
    while (b && s[b - 1] != '.')
        b--;
    while (b < len && s[b] == '_')
        b++;
    s += b;
    len -= b;
    if (len < 4 || !pycmd_has_nvcc(s, 4))
        return false;
    for (size_t k = 0; k < sizeof(suffixes) / sizeof(suffixes[0]); k++) {
        size_t n = strlen(suffixes[k]), m = 0;
        while (m < n && m + 4 < len &&
               tolower((unsigned char)s[4 + m]) == suffixes[k][m])
            m++;
        if (m == n && len == 4 + n)
            return true;
    }
    return false;
}

/* Does the string at k end in the program nvcc, or in what the port
 * makes of it (tool: 'mcc', so that a port of the port sees the same
 * list)? */
static bool names_program(const struct py_code *c, size_t k, const char *tool,
                          size_t tool_len)
{
    const char *w;
    size_t n;
    if (!contents(c, k, &w, &n))
        return false;
    if (sj_is_nvcc(w, n))
        return true;
    return tool && n >= tool_len && !memcmp(w + n - tool_len, tool, tool_len) &&
           (n == tool_len || w[n - tool_len - 1] == '/');
}

bool pycmd_nvcc_list(const struct py_code *c, size_t i, const char *tool,
                     size_t tool_len)
{
    /* Not a subscript, nor a list of values (x in [...], choices=[...]) */
    if (py_subscript(c, i) || (i && py_is_name(c, i - 1, "in")) ||
        (i >= 2 && py_is_op(c, i - 1, "=") && py_is_name(c, i - 2, "choices")))
        return false;
    /* Its first item, up to a ',': a name or a string that says nvcc,
     * maybe in a call (os.path.join(home, 'bin', 'nvcc')) or a sum; a
     * bracket other than a call's, or an expression's keyword, ends the
     * look (each token is looked at for one list). */
    unsigned d = 0;
    bool names = false;
    for (size_t k = i + 1; k < c->n; k++) {
        const struct py_token *t = &c->t[k];
        if (t->kind == PY_TOK_NEWLINE || py_is_op(c, k, "[") ||
            py_is_op(c, k, "{") || (!d && py_closes(c, k)) ||
            expression_keyword(c, k))
            return false;
        if (!d && py_is_op(c, k, ",")) {
            /* then an option, a file or a value: a command, not a list
             * of programs (['nvcc', 'hipcc']) */
            const char *w;
            size_t n;
            if (!names || k + 1 >= c->n || py_closes(c, k + 1))
                return false;
            if (!contents(c, k + 1, &w, &n))
                return c->t[k + 1].kind != PY_TOK_STRING;
            return n && (w[0] == '-' || memchr(w, '.', n) || memchr(w, '/', n));
        }
        if (py_is_op(c, k, "("))
            d++;
        else if (py_is_op(c, k, ")"))
            d--;
        else if (t->kind == PY_TOK_NAME)
            names |= pycmd_names_nvcc(c->buf + t->off, t->len);
        else
            names |= names_program(c, k, tool, tool_len);
    }
    return false;
}

/* Is s[0..n) an option whose value is the next word (-o app)? */
static bool value_option(const char *s, size_t n)
{
    static const char *const opts[] = {
        "-o",       "-x",      "-ccbin",        "--compiler-bindir",
        "-MF",      "-MT",     "--output-file", "-include",
        "-Xlinker", "-Xptxas", "-Xcompiler",    "--compiler-options",
        "-arch",    "-code",   "-gencode",      "--generate-code"};
    for (size_t k = 0; k < sizeof(opts) / sizeof(opts[0]); k++)
        if (strlen(opts[k]) == n && !memcmp(s, opts[k], n))
            return true;
    return false;
}

/* A wrapper or X=1: the next word is still the program. */
static bool before_program(const char *w, size_t wl)
{
    return sj_assignment(w, wl) || sj_wrapper(w, wl) || sj_shell_keyword(w, wl);
}

/* Is the program s[0..len) one that prints its words (echo, printf)? */
static bool prints(const char *s, size_t len)
{
    return (len == 4 && !memcmp(s, "echo", 4)) ||
           (len == 6 && !memcmp(s, "printf", 6));
}

/* Do the words of s[0..len) read as a command line or options, not as
 * prose ('nvcc failed; check k.cu', '-lcudart missing', 'see etc.')?
 * Each is a command's program (first, after X=1 or a wrapper, or after
 * ;, && or |), an option, a path or a file ('/', '.', '=', '$' or a
 * field's '{' in it, and no '.', ',', ':', '!' or '?' at its end), a
 * redirection (> log 2>&1) or its target, or an option's value: a word
 * after an option, with more after it (-o app; --default-stream
 * per-thread -c k.cu). In what a call runs (runs), any argument is, but
 * a message's (echo, printf). */
static bool words_only(const char *s, size_t len, bool runs)
{
    bool program = len && s[0] != '-', option = false, taker = false;
    bool hanging = false; /* the last word is a plain one after an option */
    for (size_t a = 0; a < len;) {
        if (blank(s[a])) {
            a++;
            continue;
        }
        size_t b = a;
        while (b < len && !blank(s[b]))
            b++;
        const char *w = s + a;
        size_t wl = sj_shell_word(w, b - a), ops = b - a - wl;
        bool file = false, redirect = wl > 0, dots = true;
        for (size_t k = 0; k < wl; k++) {
            file |= strchr("/.=${", w[k]) != NULL;
            redirect &= strchr("<>&0123456789", w[k]) != NULL;
            dots &= w[k] == '.' || w[k] == '/';
        }
        redirect &= memchr(w, '<', wl) || memchr(w, '>', wl);
        a = b;
        hanging = false;
        if (!wl || redirect) { /* && ; | alone; > log 2>&1 */
            program |= ops > 0 && !redirect;
            option = taker = redirect;
            continue;
        }
        if (!runs && !dots && strchr(".,:!?", w[wl - 1]))
            return false; /* the end of a sentence or a clause */
        if (program) {
            if (!runs && prints(w, wl))
                return false; /* a message printed */
            option = false;
            program = before_program(w, wl);
        } else if (w[0] == '-') {
            option = true;
            taker = value_option(w, wl);
        } else if (file) {
            option = false;
        } else if (option) { /* a value, if the option takes one */
            if (!runs && !taker && ops)
                return false;
            hanging = !taker;
            option = false;
        } else if (!runs) {
            return false;
        }
        program |= ops > 0;
    }
    return runs || !hanging;
}

/* Does s[0..len) start with an option, a path or nvcc (after blanks)? */
static bool first_word(const char *s, size_t len)
{
    size_t f = 0, w;
    while (f < len && blank(s[f]))
        f++;
    for (w = f; w < len && !blank(s[w]);)
        w++;
    return w > f && (s[f] == '-' || s[f] == '/' || ends_nvcc(s + f, w - f));
}

bool pycmd_line(const struct py_code *c, struct py_around a, const char *s,
                size_t len, bool options)
{
    size_t f = 0, words = 0; /* the first word, after blanks */
    while (f < len && blank(s[f]))
        f++;
    for (size_t k = f; k < len; k++)
        words += !blank(s[k]) && (k == f || blank(s[k - 1]));
    bool runs = pycmd_runs(c, a);
    if (words < 2 && !runs && !options) /* one option alone (' -G' in cmd) */
        return false;
    return (first_word(s, len) || runs) && words_only(s + f, len - f, runs);
}

/* The text of the f-string at i, each field as "{}": what words_only
 * reads. */
static void flat_text(const struct py_code *c, size_t i, struct strbuf *sb)
{
    struct py_pieces it;
    struct py_token pc;
    strbuf_reset(sb);
    py_pieces_init(&it, c->buf, &c->t[i]);
    while (py_pieces_next(&it, &pc))
        if (pc.kind == PY_PC_TEXT || pc.kind == PY_PC_ESCAPE)
            strbuf_add(sb, c->buf + pc.off, pc.len);
        else if (pc.kind == PY_PC_FIELD || pc.kind == PY_PC_BRACE)
            strbuf_addstr(sb, "{}");
}

void pycmd_walk_init(struct pycmd_walk *wk, enum sj_level options,
                     const char *s, size_t len)
{
    memset(wk, 0, sizeof(*wk));
    wk->options = wk->level = options;
    wk->program = true;
    /* The shell's quotes count where they pair in the string: an odd one
     * pairs with another string's ('-I"' + inc + '" -c k.cu'). */
    size_t q[2] = {0, 0};
    for (size_t k = 0; k < len; k++)
        if (s[k] == '\\')
            k++;
        else if (s[k] == '"' || s[k] == '\'')
            q[s[k] == '"']++;
    wk->quotes = q[0] % 2 == 0 && q[1] % 2 == 0;
}

/* The command ends: nvcc's options in its words are ported. */
static void command_end(struct script_job *j, struct pycmd_walk *wk)
{
    if (wk->n)
        sj_flags(j, wk->w, wk->n, wk->level, false);
    if (wk->n && wk->nvcc && !wk->quote)
        sj_link_runtime(j, wk->w, wk->n,
                        wk->w[wk->n - 1].roff + wk->w[wk->n - 1].rlen);
    wk->nvcc = false;
    wk->n = 0;
    wk->program = true;
    wk->message = false;
    wk->level = wk->options;
}

/* A word starts at off: the command's program, or one of its words (an
 * option first: a string of options, with no program). */
static void word_start(struct pycmd_walk *wk, size_t off, bool option)
{
    wk->in_word = true;
    wk->word_off = off;
    wk->word_whole = true;
    wk->word_nvcc = false;
    wk->word_lit = 0;
    wk->word_program = wk->program && !option;
    if (wk->program && option) {
        wk->program = false;
        wk->level = wk->options;
    }
}

/* The word goes on in a field, or in an escape: it is no text alone.
 * lit: the length of its first piece, when this is its end. */
static void word_glued(struct pycmd_walk *wk, size_t lit)
{
    if (wk->word_whole)
        wk->word_lit = lit;
    wk->word_whole = false;
}

/* The word ends at e; ops: operators after it end its command. */
static void word_end(struct script_job *j, struct pycmd_walk *wk, size_t e,
                     bool ops)
{
    if (wk->in_word) {
        const char *w = j->buf + wk->word_off;
        size_t wl = e - wk->word_off;
        if (!wk->word_program) {
            if (wl) { /* (not && alone) */
                ALLOC_GROW(wk->w, wk->n + 1, wk->alloc);
                wk->w[wk->n++] = (struct sj_word){
                    wk->word_off,   wk->word_whole ? wl : wk->word_lit,
                    wk->word_off,   wl,
                    wk->word_whole, true,
                    false};
            }
        } else if (wl && !(wk->word_whole && before_program(w, wl))) {
            wk->program = false;
            wk->level = wk->word_nvcc ? SJ_NVCC : SJ_OTHER;
            wk->nvcc = wk->word_nvcc;
            wk->message = wk->word_whole && prints(w, wl);
        }
        wk->in_word = false;
    }
    if (ops)
        command_end(j, wk);
}

void pycmd_walk_end(struct script_job *j, struct pycmd_walk *wk)
{
    word_end(j, wk, wk->at, true);
    free(wk->w);
    wk->w = NULL;
    wk->n = wk->alloc = 0;
}

/* A piece of an f-string that is not text: a field ({nvcc}, which names
 * the program when it is one), an escape (\n: a blank) or a brace. */
static void walk_piece(struct script_job *j, struct pycmd_walk *wk,
                       const struct py_token *pc)
{
    const char *s = j->buf + pc->off;
    if (pc->kind == PY_PC_ESCAPE && pc->len == 2 &&
        (s[1] == 'n' || s[1] == 't' || s[1] == 'r')) {
        word_end(j, wk, pc->off, false);
    } else {
        if (!wk->in_word)
            word_start(wk, pc->off, false);
        word_glued(wk, pc->len);
        size_t n = 1;
        while (pc->kind == PY_PC_FIELD && n < pc->len &&
               (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.'))
            n++;
        wk->word_nvcc =
            pc->kind == PY_PC_FIELD &&
            pycmd_names_nvcc(s + 1, n - 1); /* {nvcc}, {self.nvcc} */
    }
    wk->at = pc->off + pc->len;
}

void pycmd_words(struct script_job *j, struct pycmd_walk *wk, size_t off,
                 size_t len, bool lead, bool open, enum sj_path how)
{
    const char *s = j->buf;
    size_t end = off + len;
    wk->at = end;
    for (size_t a = off; a < end;) {
        if (blank(s[a]) && !wk->quote) {
            word_end(j, wk, a, false);
            a++;
            lead = true;
            continue;
        }
        /* the word, up to a blank or the shell's operators outside
         * quotes (k.cu; x;nvcc (nvcc -G)), which end its command; a
         * quoted blank is the word's (-Xptxas "-v -O3") */
        size_t wl = 0, b;
        for (b = a; b < end && (wk->quote || !blank(s[b])); b++) {
            if (wk->quote == '"' && s[b] == '\\' && b + 1 < end)
                b++, wl++; /* \" in double quotes */
            else if (wk->quote)
                wk->quote = s[b] == wk->quote ? 0 : wk->quote;
            else if (wk->quotes && (s[b] == '\'' || s[b] == '"'))
                wk->quote = s[b];
            else if (sj_shell_op(s + off, len, b - off))
                break;
            wl++;
        }
        bool ends = b < end && !blank(s[b]);
        while (b < end && !blank(s[b]) && sj_shell_op(s + off, len, b - off))
            b++;
        bool whole = lead && !(b == end && open);
        if (!wk->in_word)
            word_start(wk, a, s[a] == '-');
        wk->word_nvcc = ends_nvcc(s + a, wl);
        if (lead && !wk->message)
            sj_home_word_in(j, a, wl, b == end && open);
        if (whole && s[a] != '-' && (memchr(s + a, '=', wl) || wk->unset)) {
            /* CUDA_VISIBLE_DEVICES=0 nvcc, export X=1, unset X */
            const char *eq = memchr(s + a, '=', wl);
            sj_env_name(j, a, eq ? (size_t)(eq - s - a) : wl);
        } else if (!whole || !wl || wk->message || s[a] == '-' ||
                   memchr(s + a, '=', wl) || memchr(s + a, '$', wl)) {
            ;
        } else if (wk->word_program) {
            sj_home_tool(j, a, wl); /* nvcc, /opt/cuda/bin/nvcc */
        } else if (sj_may_rename(j, s + a, wl)) {
            sj_path(j, a, wl, how, NULL);
        }
        wk->unset = whole && wl == 5 && !memcmp(s + a, "unset", 5);
        if (b == end && open && !ends)
            word_glued(wk, b - wk->word_off); /* it goes on in a field */
        else
            word_end(j, wk, a + wl, ends);
        lead = ends; /* x;nvcc: a word starts after the operators */
        a = b;
    }
}

/* Does the text s[0..len) of an f-string end in a word that a path
 * starts after (nothing after a blank, -L, -I, -Wl,-rpath,)? lead: the
 * text starts a word. */
static bool ends_option(const char *s, size_t len, bool lead)
{
    size_t w = len;
    while (w && !blank(s[w - 1]))
        w--;
    return (w || lead) && sj_home_option(s + w, len - w);
}

/* Is the text s[0..len) of an f-string's first text piece the start of
 * a command line or options: a word that starts one (lead), or what a
 * call runs; after a field, the rest of nvcc's path (f'{home}/bin/nvcc
 * -c k.cu'), options (f'{nvcc} -c {src}'), or anything after a field
 * that names nvcc as the program (f'{nvcc} {src}'). */
static bool starts_line(const struct py_code *c, struct py_around a,
                        const struct pycmd_walk *wk, const char *s, size_t len,
                        bool lead)
{
    size_t w = 0;
    while (w < len && !blank(s[w]))
        w++;
    if (lead)
        return first_word(s, len) || pycmd_runs(c, a);
    return (len > 1 && blank(s[0]) && s[1] == '-') || ends_nvcc(s, w) ||
           (wk->in_word && wk->word_program && wk->word_nvcc);
}

void pycmd_fstring(struct script_job *j, const struct py_code *c, size_t i,
                   struct py_around a, bool ported, pycmd_home_fn *home,
                   void *arg, enum sj_level options, enum sj_path how)
{
    struct py_pieces it;
    struct py_token pc;
    bool first = !ported, lead = !ported;
    /* past the first word, which pypath.c ported; a field may start a
     * path; the text after a field that is the home */
    bool past = !ported, starts = !ported, after_home = false;
    struct strbuf flat = STRBUF_INIT;
    flat_text(c, i, &flat);
    bool prose = !words_only(flat.buf, flat.len, pycmd_runs(c, a));
    strbuf_release(&flat);
    if (prose)
        return;
    struct pycmd_walk wk;
    pycmd_walk_init(&wk, options, c->buf + c->t[i].off, c->t[i].len);
    py_pieces_init(&it, c->buf, &c->t[i]);
    while (py_pieces_next(&it, &pc)) {
        if (pc.kind == PY_PC_PREFIX || pc.kind == PY_PC_QUOTE)
            continue;
        if (pc.kind != PY_PC_TEXT) {
            after_home =
                pc.kind == PY_PC_FIELD && past && starts && home(arg, &pc);
            walk_piece(j, &wk, &pc);
            lead = starts = false;
            continue;
        }
        const char *s = c->buf + pc.off;
        size_t rest = 0; /* the path after a home field */
        while (after_home && rest < pc.len && !blank(s[rest]))
            rest++;
        struct py_token next;
        struct py_pieces look = it;
        bool open = py_pieces_next(&look, &next) && next.kind == PY_PC_FIELD;
        if (after_home && !(open && rest == pc.len))
            sj_home_rest(j, pc.off, rest, true);
        after_home = false;
        if (first && !starts_line(c, a, &wk, s, pc.len, lead)) {
            free(wk.w);
            return;
        }
        first = false;
        pycmd_words(j, &wk, pc.off, pc.len, lead, open, how);
        for (size_t k = 0; k < pc.len && !past; k++)
            past = blank(s[k]);
        starts = past && ends_option(s, pc.len, lead);
        lead = pc.len && blank(s[pc.len - 1]);
    }
    pycmd_walk_end(j, &wk);
}
