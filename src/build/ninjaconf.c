/* SPDX-License-Identifier: MIT */
/* musa_config.ninja read back: see ninjaconf.h. */
#include "build/ninjaconf.h"

#include <string.h>

#include "util/strbuf.h"

/* The value of the line "name = ..." of text[0..len), in *v, *n. */
static bool config_value(const char *text, size_t len, const char *name,
                         const char **v, size_t *n)
{
    size_t nl = strlen(name);
    for (const char *p = text, *end = text + len; p < end;) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        e = e ? e : end;
        if ((size_t)(e - p) >= nl + 2 && !memcmp(p, name, nl) && p[nl] == ' ' &&
            p[nl + 1] == '=') {
            *v = p + nl + 2 + (p + nl + 2 < e && p[nl + 2] == ' ');
            *n = (size_t)(e - *v);
            return true;
        }
        p = e + 1;
    }
    return false;
}

bool manifest_ninja_config_settings(const char *text, size_t len,
                                    struct strbuf *home, struct strbuf *arch)
{
    const char *v, *a, *flag = "--offload-arch=";
    size_t n, an, fl = strlen(flag);
    if (!config_value(text, len, "musa_home", &v, &n) || memchr(v, '$', n) ||
        !config_value(text, len, "musa_arch_flags", &a, &an))
        return false;
    strbuf_reset(home);
    strbuf_add(home, v, n);
    strbuf_reset(arch);
    /* (the list as --musa-arch takes it: "mp_22,mp_31") */
    for (size_t i = 0; i < an;) {
        size_t e = i;
        while (e < an && a[e] != ' ')
            e++;
        if (e - i <= fl || memcmp(a + i, flag, fl) ||
            memchr(a + i, '$', e - i) || memchr(a + i, ',', e - i))
            return false;
        if (arch->len)
            strbuf_addch(arch, ',');
        strbuf_add(arch, a + i + fl, e - i - fl);
        i = e + (e < an);
    }
    return true;
}
