/* SPDX-License-Identifier: MIT */
/* The namespace a shadow SDK's header opens for the port (shadow_ns.h). */
#include "run/shadow_ns.h"

#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

char *shadow_ns_of_dir(const struct map_entry *const *ents, size_t n,
                       const char *dir)
{
    struct strbuf q = STRBUF_INIT;
    for (const char *p = dir; *p; p++) {
        if (*p == '/')
            strbuf_addstr(&q, p[1] ? "::" : "");
        else
            strbuf_addch(&q, *p);
    }
    char *r = NULL;
    for (size_t i = 0; q.buf && i < n; i++) {
        const struct map_entry *e = ents[i];
        if (e->kind == MAP_RENAME && !strcmp(e->from, q.buf)) {
            struct strbuf ns = STRBUF_INIT;
            strbuf_addf(&ns, "%s=%s", e->to, e->from);
            r = strbuf_detach(&ns, NULL);
            break;
        }
    }
    /* No entry for the namespace itself, but its names renamed into
     * another one ("cuda::barrier" -> "musa::barrier"): "musa=cuda", made
     * a using-directive (another header may open namespace musa too). */
    for (size_t i = 0; !r && q.buf && !strstr(q.buf, "::") && i < n; i++) {
        const struct map_entry *e = ents[i];
        const char *rest = e->from + q.len, *to = e->to;
        if (e->kind != MAP_RENAME || strncmp(e->from, q.buf, q.len) ||
            strncmp(rest, "::", 2))
            continue;
        const char *colons = strstr(to, "::");
        if (!colons || strcmp(colons, rest) || !strncmp(to, q.buf, q.len))
            continue;
        struct strbuf ns = STRBUF_INIT;
        strbuf_add(&ns, to, (size_t)(colons - to));
        strbuf_addf(&ns, "=%s", q.buf);
        r = strbuf_detach(&ns, NULL);
    }
    /* A shorter name for the namespace under the same parent
     * ("thrust::cuda" -> "thrust::musa" beside thrust::system::cuda):
     * ";musa=cuda" spec after it, opened by a using-directive too. */
    for (size_t i = 0; r && i < n; i++) {
        const struct map_entry *e = ents[i];
        const char *fl = e->kind == MAP_RENAME ? strrchr(e->from, ':') : NULL;
        const char *tl = fl ? strrchr(e->to, ':') : NULL;
        size_t pl = fl ? (size_t)(fl - e->from) + 1 : 0; /* "thrust::" */
        if (!tl || pl < 3 || (size_t)(tl - e->to) + 1 != pl ||
            strncmp(e->from, e->to, pl) || strncmp(q.buf, e->from, pl) ||
            !strcmp(q.buf, e->from) || strchr(e->from + pl, ':') ||
            strcmp(strrchr(q.buf, ':') ? strrchr(q.buf, ':') + 1 : q.buf,
                   fl + 1))
            continue;
        struct strbuf ns = STRBUF_INIT;
        strbuf_addf(&ns, "%s;%s=%s", r, e->to, e->from);
        free(r);
        r = strbuf_detach(&ns, NULL);
    }
    strbuf_release(&q);
    return r;
}

char *shadow_ns_policy(const char *ns, const char **spec)
{
    const char *colons;
    *spec = ns ? strchr(ns, ';') : NULL;
    if (!*spec || !(colons = strstr(*spec + 1, "::")))
        return NULL;
    struct strbuf name = STRBUF_INIT;
    strbuf_addf(&name, "%.*s/execution_policy.h", (int)(colons - *spec - 1),
                *spec + 1);
    return strbuf_detach(&name, NULL);
}
