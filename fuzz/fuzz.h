/* SPDX-License-Identifier: MIT */
/* What the harnesses that port share: the default mappings, and a dump
 * of a port whose contract broke. Each harness is one program: these are
 * static. */
#ifndef C2M_FUZZ_H
#define C2M_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

#include "mapping/mapping.h"
#include "util/strbuf.h"

#ifndef C2M_SOURCE_DIR
#define C2M_SOURCE_DIR "."
#endif

/* The default mappings: $C2M_MAPPINGS, else the source tree's. */
static struct mapping *fuzz_mappings(void)
{
    const char *dir = getenv("C2M_MAPPINGS");
    struct mapping *m = mapping_new(SDK_NEWEST);
    if (mapping_load_dir(m, dir ? dir : C2M_SOURCE_DIR "/mappings", 0) < 0 ||
        mapping_finish(m) < 0)
        abort();
    return m;
}

/* With $C2M_FUZZ_DUMP set, write what is in sb to the file $C2M_FUZZ_DUMP
 * plus .what, to see a broken contract whole. */
static void fuzz_dump(const char *what, const struct strbuf *sb)
{
    const char *d = getenv("C2M_FUZZ_DUMP");
    char path[4096];
    FILE *f;
    if (!d ||
        snprintf(path, sizeof(path), "%s.%s", d, what) >= (int)sizeof(path) ||
        !(f = fopen(path, "wb")))
        return;
    fwrite(sb->buf, 1, sb->len, f);
    fclose(f);
}

#endif
