/* SPDX-License-Identifier: MIT */
/* The build manifest's model: which program links what, and the record
 * of outputs a port keeps in musa_manifest.json. */
#include "build/manifest.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/filekind.h"
#include "util/hash.h"
#include "util/json.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* ---- the model ---- */

/* The length of path without its extension. */
static size_t stem_len(const char *path)
{
    return strlen(path) - strlen(filekind_ext(path));
}

/* Does another program (shared: shared library) than tus[tu]'s come from
 * a source of the same path but for the extension? */
static bool stem_clashes(const struct manifest *m, size_t tu, bool shared)
{
    const char *src = m->tus[tu].src;
    size_t stem = stem_len(src);
    for (size_t i = 0; i < m->ntus; i++)
        if (i != tu && (shared ? m->tus[i].shared : m->tus[i].main) &&
            stem_len(m->tus[i].src) == stem &&
            !memcmp(m->tus[i].src, src, stem))
            return true;
    return false;
}

void manifest_exe(const struct manifest *m, size_t tu, struct strbuf *out)
{
    const char *src = m->tus[tu].src;
    strbuf_addstr(out, MANIFEST_BUILD_DIR "/bin/");
    if (stem_clashes(m, tu, false)) /* app.mu and app.cpp both define main */
        strbuf_addf(out, "%s.bin", src);
    else
        strbuf_add(out, src, stem_len(src));
}

bool manifest_under(const char *path, const char *dir, size_t len)
{
    return !len || (!strncmp(path, dir, len) && path[len] == '/');
}

void manifest_shared(const struct manifest *m, size_t tu, struct strbuf *out)
{
    const char *src = m->tus[tu].src, *mod = m->tus[tu].module;
    strbuf_addstr(out, MANIFEST_BUILD_DIR "/lib/");
    if (mod) { /* where Python imports it from: pkg/_C.so */
        for (; *mod; mod++)
            strbuf_addch(out, *mod == '.' ? '/' : *mod);
    } else {
        strbuf_add(out, src,
                   stem_clashes(m, tu, true) ? strlen(src) : stem_len(src));
    }
    strbuf_addstr(out, ".so");
}

void manifest_image(const struct manifest *m, size_t tu, size_t k,
                    struct strbuf *out)
{
    const char *src = m->tus[tu].src, *slash = strrchr(src, '/');
    strbuf_addstr(out, MANIFEST_BUILD_DIR "/bin/");
    if (slash)
        strbuf_add(out, src, (size_t)(slash - src + 1));
    strbuf_addstr(out, m->tus[tu].images[k]);
}

bool manifest_is_object(const struct manifest *m, size_t tu)
{
    return !m->tus[tu].left_out && !m->tus[tu].nimages;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

bool manifest_links(const struct manifest *m, size_t prog, size_t tu)
{
    const struct mf_tu *p = &m->tus[prog], *t = &m->tus[tu];
    if (tu == prog)
        return true;
    if (t->main || t->shared || t->nimages || t->runtime)
        return false;
    if (p->nlinks &&
        bsearch(&tu, p->links, p->nlinks, sizeof(*p->links), cmp_size))
        return true;
    if (!p->main)
        return false;
    const char *slash = strrchr(p->src, '/');
    return manifest_under(t->src, p->src, slash ? (size_t)(slash - p->src) : 0);
}

bool manifest_linkable(const struct manifest *m, size_t prog)
{
    for (size_t k = 0; k < m->ntus; k++)
        if (manifest_links(m, prog, k) && !manifest_is_object(m, k))
            return false;
    return true;
}

/* ---- the record of outputs ---- */

uint64_t manifest_hash(const void *data, size_t len)
{
    return hash_bytes(data, len, 0);
}

/* Records made before 2026-11-22 hold the one-chain hash. */
bool manifest_hash_matches(const void *data, size_t len, uint64_t recorded)
{
    return hash_bytes(data, len, 0) == recorded ||
           hash_words(data, len, 0) == recorded;
}

static bool read_list(const struct json *list, struct mf_output **v, size_t *n,
                      size_t *alloc)
{
    if (!list)
        return true;
    if (list->type != JSON_ARRAY)
        return false;
    for (size_t i = 0; i < list->n; i++) {
        const char *path = json_get_str(&list->v[i], "path");
        const char *hash = json_get_str(&list->v[i], "hash");
        char *end;
        if (!path || !hash || strlen(hash) != 16)
            return false;
        uint64_t h = strtoull(hash, &end, 16);
        if (*end)
            return false;
        ALLOC_GROW(*v, *n + 1, *alloc);
        (*v)[(*n)++] = (struct mf_output){xstrdup(path), h};
    }
    return true;
}

size_t manifest_read_outputs(const char *text, size_t len,
                             struct mf_output **out, char *err, size_t errsz)
{
    size_t off, n = 0, alloc = 0;
    struct json *j = json_parse(text, len, err, errsz, &off);
    *out = NULL;
    if (!j)
        return (size_t)-1;
    const char *schema = json_get_str(j, "schema");
    if (!schema || strcmp(schema, MANIFEST_SCHEMA)) {
        snprintf(err, errsz, "not a \"%s\" manifest", MANIFEST_SCHEMA);
        json_free(j);
        return (size_t)-1;
    }
    if (!read_list(json_get(j, "outputs"), out, &n, &alloc) ||
        !read_list(json_get(j, "stale_outputs"), out, &n, &alloc)) {
        snprintf(err, errsz, "malformed \"outputs\"");
        for (size_t i = 0; i < n; i++)
            free((char *)(*out)[i].path);
        free(*out);
        *out = NULL;
        json_free(j);
        return (size_t)-1;
    }
    json_free(j);
    return n;
}
