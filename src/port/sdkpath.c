/* SPDX-License-Identifier: MIT */
/* The CUDA toolkit's libraries and home in build files (port/sdkpath.h). */
#include "port/sdkpath.h"

#include <ctype.h>
#include <string.h>

#include "mapping/mapping.h"
#include "util/strbuf.h"

/* The quotes a note puts around an item: none when it has its own (a
 * Python string). */
static const char *quote(char first)
{
    return first == '\'' || first == '"' ? "" : "'";
}

/* sj_library; in_string: the item is a word in a string, which a
 * removal takes with its blanks and nothing else (sj_remove_word: 'x,
 * -lcudadevrt' keeps its comma). */
static void library(struct script_job *j, size_t off, size_t len, size_t noff,
                    size_t nlen, bool in_string)
{
    const struct script_entry *se =
        mapping_script(j->map, SC_LIBRARY, j->buf + noff, nlen);
    if (!se || sj_kept(j, se, noff, j->buf + noff, nlen))
        return;
    if (se->action == SA_RENAME) {
        sj_replace(j, noff, nlen, se->e.to, se->e.to_len, false);
        if (se->e.message)
            sj_note(j, noff, "'%.*s' becomes '%s' (%s)", (int)nlen,
                    j->buf + noff, se->e.to, se->e.message);
    } else if (se->action == SA_DROP) {
        if (in_string)
            sj_remove_word(j, off, len);
        else
            sj_remove(j, off, len);
        sj_note(j, off, "dropped %s%.*s%s (%s)", quote(j->buf[off]), (int)len,
                j->buf + off, quote(j->buf[off]),
                se->e.message ? se->e.message : "no MUSA library");
    }
}

void sj_library(struct script_job *j, size_t off, size_t len, size_t noff,
                size_t nlen)
{
    library(j, off, len, noff, nlen, false);
}

bool sj_library_file(struct script_job *j, size_t off, size_t len, size_t woff,
                     size_t wlen)
{
    const char *s = j->buf + off;
    size_t b = len;
    while (b > 0 && s[b - 1] != '/')
        b--;
    /* lib NAME .a, or lib NAME .so [.N ...] */
    const char *f = s + b;
    size_t flen = len - b, n;
    if (flen < 6 || memcmp(f, "lib", 3))
        return false;
    bool archive = false;
    for (n = flen; n > 3 && f[n - 1] != '.'; n--)
        ;
    if (n > 3 && flen - n == 1 && f[n] == 'a') {
        archive = true;
        n--;
    } else {
        n = 3;
        while (n + 3 <= flen && memcmp(f + n, ".so", 3))
            n++;
        if (n + 3 > flen)
            return false;
        for (size_t k = n + 3; k < flen; k++)
            if (f[k] != '.' && !isdigit((unsigned char)f[k]))
                return false;
    }
    if (n <= 3)
        return false;
    const struct script_entry *se =
        mapping_script(j->map, SC_LIBRARY, f + 3, n - 3);
    if (!se || sj_kept(j, se, off + b, f, flen))
        return false;
    if (se->action == SA_DROP && wlen) {
        sj_remove(j, woff, wlen);
        sj_note(j, woff, "dropped %s%.*s%s (%s)", quote(j->buf[woff]),
                (int)wlen, j->buf + woff, quote(j->buf[woff]),
                se->e.message ? se->e.message : "no MUSA library");
        return true;
    }
    if (se->action == SA_DROP) {
        /* Where the word cannot go (a quoted piece, an argument), the
         * path stays as it is, said so. */
        sj_warn(j, WARN_BUILD, off + b,
                "'%.*s' is kept, but %s: remove it where the port cannot",
                (int)flen, f, se->e.message ? se->e.message : "MUSA has none");
        return true;
    }
    if (se->action != SA_RENAME)
        return false;
    /* A static archive stays one only where the library's rule keeps a
     * static name (the shared one stands in for the rest). */
    size_t tl = se->e.to_len;
    bool keep_a = archive && tl > 7 && !memcmp(se->e.to + tl - 7, "_static", 7);
    strbuf_reset(&j->tmp);
    strbuf_addf(&j->tmp, "lib%s%s", se->e.to, keep_a ? ".a" : ".so");
    if (j->tmp.len == flen && !memcmp(j->tmp.buf, f, flen))
        return false;
    sj_replace(j, off + b, flen, j->tmp.buf, j->tmp.len, true);
    sj_note(j, off + b, "'%.*s' becomes '%s'%s%s%s", (int)flen, f, j->tmp.buf,
            se->e.message ? " (" : "", se->e.message ? se->e.message : "",
            se->e.message ? ")" : "");
    return false;
}

bool sj_home_part(struct script_job *j, size_t off, size_t len)
{
    const struct script_entry *se =
        mapping_script(j->map, SC_MAKE_HOME_DIR, j->buf + off, len);
    if (se && se->action == SA_RENAME)
        sj_replace(j, off, len, se->e.to, se->e.to_len, false);
    return se && se->action == SA_RENAME;
}

void sj_home_dir(struct script_job *j, size_t off, size_t len)
{
    const char *s = j->buf + off;
    if (len < 2 || s[0] != '/')
        return;
    /* The longest of its first three components that an entry names
     * (targets/x86_64-linux/lib, then lib64). */
    size_t ends[3], nends = 0, n = 1;
    while (nends < 3) {
        while (n < len && s[n] != '/' && s[n] != ':')
            n++; /* (a search path's ':': $(CUDA_PATH)/lib64:$(...)) */
        ends[nends++] = n;
        if (n >= len || s[n] == ':')
            break;
        n++;
    }
    while (nends-- && !sj_home_part(j, off + 1, ends[nends] - 1))
        ;
}

void sj_home_tool(struct script_job *j, size_t off, size_t len)
{
    const struct script_entry *te;
    if (sj_is_nvcc(j->buf + off, len) &&
        (te = mapping_script(j->map, SC_MAKE_TOOL, "nvcc", 4)) &&
        te->action == SA_RENAME)
        sj_replace(j, off + len - 4, 4, te->e.to, te->e.to_len, false);
}

/* The entry of a program the mappings say rather than rename (make.tools'
 * report:), or NULL. */
static const struct script_entry *said_tool(const struct script_job *j,
                                            size_t off, size_t len)
{
    const struct script_entry *te =
        mapping_script(j->map, SC_MAKE_TOOL, j->buf + off, len);
    return te && (te->action == SA_REPORT || te->action == SA_UNSUPPORTED)
               ? te
               : NULL;
}

bool sj_toolkit_reports(const struct script_job *j, size_t off, size_t len)
{
    return said_tool(j, off, len) != NULL;
}

void sj_toolkit_program(struct script_job *j, size_t off, size_t len)
{
    const struct script_entry *te = said_tool(j, off, len);
    if (te)
        sj_warn(j, WARN_BUILD, off, "'%.*s' is kept, but %s", (int)len,
                j->buf + off, te->e.message);
}

size_t sj_home_len(const struct script_job *j, const char *s, size_t len,
                   const struct script_entry **home)
{
    const struct script_entry *se =
        mapping_script_prefix(j->map, SC_MAKE_PATH, s, len);
    if (!se || se->action != SA_RENAME)
        return 0;
    size_t end = strlen(se->e.from);
    if (end < len && s[end] == '-' && end + 1 < len &&
        isdigit((unsigned char)s[end + 1])) {
        end++;
        while (end < len && (isdigit((unsigned char)s[end]) || s[end] == '.'))
            end++;
    }
    if (end < len && s[end] != '/')
        return 0;
    if (home)
        *home = se;
    return end;
}

bool sj_home_path(struct script_job *j, size_t off, size_t len, size_t woff,
                  size_t wlen, bool tool)
{
    const char *s = j->buf + off;
    const struct script_entry *se;
    size_t end = sj_home_len(j, s, len, &se);
    if (!end)
        return false;
    size_t pl = strlen(se->e.from);
    if (sj_library_file(j, off + end, len - end, woff, wlen))
        return true; /* dropped, path and all, or kept as it is */
    sj_replace(j, off, end, se->e.to, se->e.to_len, false);
    if (end > pl)
        sj_note(j, off,
                "'%.*s' becomes '%s': the SDK's version is not in its path",
                (int)end, s, se->e.to);
    sj_home_rest(j, off + end, len - end, tool);
    return true;
}

void sj_home_rest(struct script_job *j, size_t off, size_t len, bool tool)
{
    sj_home_dir(j, off, len);
    if (tool && len >= 5) /* (after the home: /bin/nvcc) */
        sj_home_tool(j, off, len);
}

/* The options a path in the home may follow in its word. */
static const char *const opts[] = {"", "-L", "-I", "-Wl,-rpath,",
                                   "-Wl,-rpath="};

bool sj_home_option(const char *s, size_t len)
{
    for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
        if (strlen(opts[i]) == len && (!len || !memcmp(s, opts[i], len)))
            return true;
    return false;
}

size_t sj_home_word(struct script_job *j, size_t off, size_t len, size_t woff,
                    size_t wlen, bool tool)
{
    const char *w = j->buf + off;
    for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
        size_t ol = strlen(opts[i]);
        if (ol < len && !memcmp(w, opts[i], ol) && w[ol] == '/')
            return sj_home_path(j, off + ol, len - ol, woff, wlen, tool)
                       ? ol
                       : (size_t)-1;
    }
    return (size_t)-1;
}

void sj_library_partial(struct script_job *j, size_t at, const char *f,
                        size_t len, const char *more)
{
    size_t n = 3;
    if (len < 4 || memcmp(f, "lib", 3))
        return;
    while (n < len && f[n] != '.' && f[n] != '*')
        n++;
    const struct script_entry *se =
        mapping_script(j->map, SC_LIBRARY, f + 3, n - 3);
    if (se && se->action == SA_RENAME)
        sj_warn(j, WARN_BUILD, at,
                "'%.*s%s' is a file of '%.*s', which the port links as '%s' "
                "(lib%s.so): write the port's name",
                (int)len, f, more, (int)(n - 3), f + 3, se->e.to, se->e.to);
    else if (se)
        sj_kept(j, se, at, f + 3, n - 3);
}

void sj_home_word_in(struct script_job *j, size_t a, size_t wl, bool open)
{
    const char *s = j->buf;
    if (!wl || (s[a] != '/' && s[a] != '-')) {
        return;
    } else if (open) {
        size_t d = wl;
        while (d && s[a + d - 1] != '/')
            d--;
        if (d && sj_home_word(j, a, d, 0, 0, false) != (size_t)-1)
            sj_library_partial(j, a + d, s + a + d, wl - d, "{...}");
    } else if (wl > 2 && s[a] == '-' && s[a + 1] == 'l') {
        library(j, a, wl, a + 2, wl - 2, true);
    } else {
        sj_home_word(j, a, wl, 0, 0, true);
    }
}
