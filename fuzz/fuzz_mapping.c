/* SPDX-License-Identifier: MIT */
/* libFuzzer harness for the mapping loader: any bytes as a mapping file
 * on top of nothing. Loading either fails with messages or gives a
 * mapping that ports a sample without breaking the port contract (same
 * line count, whole tokens); then the mapping cache is written and read
 * back, and must give the same tables (--list-mappings) and the same
 * port. The loader's messages about bad files go to stderr: run with
 * -close_fd_mask=2 to keep the log readable. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mapping/catalog.h"
#include "port/edit.h"
#include "mapping/mapping.h"
#include "port/rewrite.h"
#include "io/source.h"
#include "util/arena.h"
#include "util/strbuf.h"

static char path[64], cache[64];

static void remove_files(void)
{
    char cmd[160];
    unlink(path);
    snprintf(cmd, sizeof(cmd), "rm -rf %s", cache);
    if (system(cmd) != 0)
        fputs("fuzz_mapping: cannot remove the cache\n", stderr);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    snprintf(path, sizeof(path), "/tmp/c2m-fuzz-%d.yaml", (int)getpid());
    snprintf(cache, sizeof(cache), "/tmp/c2m-fuzz-%d.cache", (int)getpid());
    atexit(remove_files);
    return 0;
}

static const char sample[] =
    "#include <cuda_runtime.h>\n#include \"cublas_v2.h\"\n"
    "// cudaMalloc in a comment\n__global__ void k() {}\n"
    "int f() { cudaMalloc(&p, 4); at::cuda::x(); return CUDA_VERSION; }\n"
    "const char *s = \"libcudart.so.12\"; void *g = dlsym(h, \"cudaFree\");\n";

static char *list_of(const struct mapping *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        abort();
    catalog_list(m, f);
    fclose(f);
    return buf;
}

/* The port of the sample with mapping m. */
static void port(const struct mapping *m, struct strbuf *out)
{
    struct rewriter *rw = rewriter_new(m);
    struct arena a = ARENA_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    struct findings fi = FINDINGS_INIT;
    size_t len = sizeof(sample) - 1;
    rewrite_source(rw, sample, len, NULL, &a, &e, &fi);
    edit_list_apply(&e, sample, len, out);
    strbuf_addstr(out, "");
    findings_release(&fi);
    edit_list_release(&e);
    arena_release(&a);
    rewriter_free(rw);
}

/* Load the file through the cache twice (the first run stores it, the
 * second reads it): the tables and the port must be what parsing gave. */
static void check_cache(const char *list, const struct strbuf *ported)
{
    /* Empty first: a file rewritten within a clock tick, at its old
     * size, would pass for the one cached before. */
    DIR *d = opendir(cache);
    struct dirent *de;
    while (d && (de = readdir(d))) {
        char p[192];
        snprintf(p, sizeof(p), "%s/%s", cache, de->d_name);
        if (de->d_name[0] != '.')
            unlink(p);
    }
    if (d)
        closedir(d);
    const struct mapping_input in = {path, 0};
    for (int round = 0; round < 2; round++) {
        struct mapping *m = mapping_new(SDK_NEWEST);
        if (mapping_load(m, &in, 1, cache) < 0 || mapping_finish(m) < 0)
            abort();
        if (round == 1) {
            if (!mapping_was_checked(m))
                abort(); /* not read from the cache */
            char *l = list_of(m);
            struct strbuf out = STRBUF_INIT;
            port(m, &out);
            if (strcmp(l, list) || strcmp(out.buf, ported->buf))
                abort();
            free(l);
            strbuf_release(&out);
        }
        mapping_free(m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    fwrite(data, 1, size, f);
    fclose(f);
    struct mapping *m = mapping_new(SDK_NEWEST);
    if (mapping_load_file(m, path, 0) == 0 && mapping_finish(m) == 0) {
        struct strbuf out = STRBUF_INIT;
        port(m, &out);
        size_t len = sizeof(sample) - 1;
        if (source_line_count(sample, len) !=
            source_line_count(out.buf, out.len))
            abort();
        char *list = list_of(m);
        check_cache(list, &out);
        free(list);
        strbuf_release(&out);
    }
    mapping_free(m);
    return 0;
}
