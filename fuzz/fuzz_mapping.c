/* SPDX-License-Identifier: MIT */
/* libFuzzer harness for the mapping loader: any bytes as a mapping file
 * on top of nothing. Loading either fails with messages or gives a
 * mapping that ports a sample without breaking the port contract (same
 * line count, whole tokens). The loader's messages about bad files go
 * to stderr: run with -close_fd_mask=2 to keep the log readable. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "edit.h"
#include "mapping.h"
#include "rewrite.h"
#include "source.h"
#include "util/arena.h"
#include "util/strbuf.h"

static char path[64];

static void remove_file(void)
{
    unlink(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    snprintf(path, sizeof(path), "/tmp/c2m-fuzz-%d.yaml", (int)getpid());
    atexit(remove_file);
    return 0;
}

static const char sample[] =
    "#include <cuda_runtime.h>\n#include \"cublas_v2.h\"\n"
    "// cudaMalloc in a comment\n__global__ void k() {}\n"
    "int f() { cudaMalloc(&p, 4); at::cuda::x(); return CUDA_VERSION; }\n"
    "const char *s = \"libcudart.so.12\"; void *g = dlsym(h, \"cudaFree\");\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    fwrite(data, 1, size, f);
    fclose(f);
    struct mapping *m = mapping_new(SDK_NEWEST);
    if (mapping_load_file(m, path, 0) == 0 && mapping_finish(m) == 0) {
        struct rewriter *rw = rewriter_new(m);
        struct arena a = ARENA_INIT;
        struct edit_list e = EDIT_LIST_INIT;
        struct findings fi = FINDINGS_INIT;
        struct strbuf out = STRBUF_INIT;
        size_t len = sizeof(sample) - 1;
        rewrite_source(rw, sample, len, NULL, &a, &e, &fi);
        edit_list_apply(&e, sample, len, &out);
        strbuf_addstr(&out, "");
        if (source_line_count(sample, len) !=
            source_line_count(out.buf, out.len))
            abort();
        strbuf_release(&out);
        findings_release(&fi);
        edit_list_release(&e);
        arena_release(&a);
        rewriter_free(rw);
    }
    mapping_free(m);
    return 0;
}
