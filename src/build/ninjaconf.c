/* SPDX-License-Identifier: MIT */
/* musa_config.ninja read back: see ninjaconf.h. */
#include "build/ninjaconf.h"

#include <string.h>

#include "build/manifest.h"
#include "build/render.h"
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

#define CONFIG_ARCH_MAX 64

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

bool manifest_ninja_config_is_ours(const char *text, size_t len)
{
    struct strbuf home = STRBUF_INIT, arch = STRBUF_INIT, again = STRBUF_INIT;
    const char *list[CONFIG_ARCH_MAX];
    size_t n = 0;
    bool ours = manifest_ninja_config_settings(text, len, &home, &arch);
    for (char *p = arch.buf; ours && arch.len && p; n++) {
        if (n == CONFIG_ARCH_MAX) {
            ours = false;
            break;
        }
        list[n] = p;
        p = strchr(p, ',');
        if (p)
            *p++ = '\0';
    }
    if (ours) {
        struct manifest m = {0};
        m.musa_home = home.buf;
        m.arch = list;
        m.narch = n;
        manifest_render_ninja_config(&m, &again);
        /* (after the comment, which an older version worded
         * otherwise) */
        const char *x, *y;
        size_t xn, yn;
        ours = config_value(again.buf, again.len, "musa_home", &x, &xn) &&
               config_value(text, len, "musa_home", &y, &yn);
        xn = again.len - (size_t)(x - again.buf);
        yn = len - (size_t)(y - text);
        ours = ours && xn == yn && !memcmp(x, y, xn);
    }
    strbuf_release(&home);
    strbuf_release(&arch);
    strbuf_release(&again);
    return ours;
}
