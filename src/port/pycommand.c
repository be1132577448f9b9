/* SPDX-License-Identifier: MIT */
/* Command lines in Python code (port/pycommand.h). */
#include "port/pycommand.h"

#include <ctype.h>
#include <string.h>

#include "lex/python.h"
#include "port/sdkpath.h"
#include "util/strbuf.h"

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

/* Does the name s[0..len) end in nvcc (nvcc, NVCC, self.nvcc)? */
static bool names_nvcc(const char *s, size_t len)
{
    return len >= 4 && pycmd_has_nvcc(s + len - 4, 4);
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

/* Is the first item of the bracket a, before i, nvcc ([nvcc, ...],
 * [home + '/bin/nvcc', ...], [os.path.join(home, 'bin', 'nvcc'), ...])? */
static bool first_nvcc(const struct py_code *c, struct py_around a, size_t i)
{
    unsigned d = 0;
    for (size_t k = a.first; k < i; k++) {
        const struct py_token *t = &c->t[k];
        const char *w;
        size_t n;
        if (t->kind == PY_TOK_OP && t->len == 1 &&
            strchr("([{", c->buf[t->off]))
            d++;
        else if (t->kind == PY_TOK_OP && t->len == 1 &&
                 strchr(")]}", c->buf[t->off]) && d)
            d--;
        else if (!d && py_is_op(c, k, ","))
            return false;
        else if (t->kind == PY_TOK_NAME && names_nvcc(c->buf + t->off, t->len))
            return true;
        else if (contents(c, k, &w, &n) && ends_nvcc(w, n))
            return true;
    }
    return false;
}

/* '-V' or '--version' after nvcc in a command's list ([nvcc, '-V']), or
 * a command line run (os.popen(f'{home}/bin/nvcc --version')). Setups
 * read the CUDA version from its 'release X.Y'; mcc prints 'mcc version
 * X.Y.Z' (mcc_build.md), so the code that reads it breaks after the
 * port. nvcc's option lists are sj_flags' (the --version rule of
 * nvcc_flags:). */
void pycmd_version_query(struct script_job *j, const struct py_code *c,
                         size_t i, struct py_around a)
{
    const char *s;
    size_t len;
    bool query = false;
    if (!a.open || !contents(c, i, &s, &len))
        return;
    if ((len == 2 && !memcmp(s, "-V", 2)) ||
        (len == 9 && !memcmp(s, "--version", 9)))
        query = (a.open == '[' || pycmd_runs(c, a)) && first_nvcc(c, a, i);
    else if (pycmd_runs(c, a))
        for (size_t k = 4; k < len && !query; k++) {
            const char *b = s + k + (s[k] == '}'); /* after "nvcc[}]" */
            size_t rest = len - (size_t)(b - s);
            query = (ends_nvcc(s, k) ||
                     (k >= 4 && pycmd_has_nvcc(s + k - 4, 4) && s[k] == '}')) &&
                    ((rest >= 3 && !memcmp(b, " -V", 3) &&
                      (rest == 3 || b[3] == ' ')) ||
                     (rest >= 10 && !memcmp(b, " --version", 10)));
        }
    if (query)
        sj_warn(j, WARN_BUILD, c->t[i].off,
                "nvcc's version is asked for here: MUSA's compiler is mcc, "
                "whose --version prints 'mcc version X.Y.Z', not nvcc's "
                "'release X.Y': port the code that reads it");
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
    return sj_assignment(w, wl) || sj_wrapper(w, wl);
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
            if ((wl == 4 && !memcmp(w, "echo", 4)) ||
                (wl == 6 && !memcmp(w, "printf", 6)))
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
                size_t len)
{
    size_t f = 0, words = 0; /* the first word, after blanks */
    while (f < len && blank(s[f]))
        f++;
    for (size_t k = f; k < len; k++)
        words += !blank(s[k]) && (k == f || blank(s[k - 1]));
    bool runs = pycmd_runs(c, a);
    if (words < 2 && !runs) /* one option alone ('-lcudadevrt ' in cmd) */
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

void pycmd_words(struct script_job *j, size_t off, size_t len, bool lead,
                 bool open, bool *program, enum sj_path how)
{
    const char *s = j->buf;
    size_t end = off + len;
    for (size_t a = off; a < end;) {
        if (blank(s[a])) {
            a++;
            lead = true;
            continue;
        }
        size_t b = a;
        while (b < end && !blank(s[b]))
            b++;
        size_t wl = sj_shell_word(s + a, b - a);
        bool ends = wl < b - a; /* the command ends with it: k.cu; */
        bool whole = lead && !(b == end && open);
        if (lead)
            sj_home_word_in(j, off, end, a, wl, b == end && open);
        if (!whole || !wl || s[a] == '-' || memchr(s + a, '=', wl) ||
            memchr(s + a, '$', wl)) {
            ;
        } else if (*program) {
            sj_home_tool(j, a, wl);
        } else if (sj_may_rename(j, s + a, wl)) {
            sj_path(j, a, wl, how, NULL);
        }
        if (wl || ends)
            *program = ends || (*program && whole && before_program(s + a, wl));
        lead = false;
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

void pycmd_fstring(struct script_job *j, const struct py_code *c, size_t i,
                   struct py_around a, bool ported, pycmd_home_fn *home,
                   void *arg, enum sj_path how)
{
    struct py_pieces it;
    struct py_token pc;
    bool first = !ported, lead = !ported;
    /* past the first word, which pypath.c ported; a field may start a
     * path; the text after a field that is the home */
    bool past = !ported, starts = !ported, after_home = false;
    bool program = !ported; /* the next word is a program's */
    struct strbuf flat = STRBUF_INIT;
    flat_text(c, i, &flat);
    bool prose = !words_only(flat.buf, flat.len, pycmd_runs(c, a));
    strbuf_release(&flat);
    if (prose)
        return;
    py_pieces_init(&it, c->buf, &c->t[i]);
    while (py_pieces_next(&it, &pc)) {
        if (pc.kind == PY_PC_PREFIX || pc.kind == PY_PC_QUOTE)
            continue;
        if (pc.kind != PY_PC_TEXT) {
            after_home =
                pc.kind == PY_PC_FIELD && past && starts && home(arg, &pc);
            if (lead)
                program = false; /* f'{nvcc} -c k.cu' */
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
        if (first && !(lead ? first_word(s, pc.len) || pycmd_runs(c, a)
                            : pc.len > 1 && blank(s[0]) && s[1] == '-'))
            return;
        first = false;
        pycmd_words(j, pc.off, pc.len, lead, open, &program, how);
        for (size_t k = 0; k < pc.len && !past; k++)
            past = blank(s[k]);
        starts = past && ends_option(s, pc.len, lead);
        lead = pc.len && blank(s[pc.len - 1]);
    }
}
