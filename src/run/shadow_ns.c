/* SPDX-License-Identifier: MIT */
/* The namespace a shadow SDK's header opens for the port (shadow_ns.h). */
#include "run/shadow_ns.h"

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
    strbuf_release(&q);
    return r;
}
