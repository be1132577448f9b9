/* SPDX-License-Identifier: MIT */
/* nvcc's options and what mcc makes of each, and NVIDIA compute
 * capabilities and the MUSA architecture of each: the facts that the CUDA
 * build's compile_commands.json (compdb.h) and the project's own build
 * files (port/) both translate. The facts are data (the nvcc_flags: and
 * architectures: sections of the mappings); the types are here, so that
 * build/, which knows nothing of the mapping database, reads them from a
 * table run/ hands down. Pure: no I/O, no allocation. */
#ifndef C2M_BUILD_NVFLAGS_H
#define C2M_BUILD_NVFLAGS_H

#include <stdbool.h>
#include <stddef.h>

enum nvf_action {
    NVF_DROP,   /* no meaning for mcc: removed, with a note */
    NVF_TO,     /* another spelling: --use_fast_math -> -ffast-math */
    NVF_UNWRAP, /* -Xcompiler X: X is for the host compiler, mcc's own */
    NVF_ARCH,   /* -arch, -gencode, -code: --offload-arch=mp_YY */
    NVF_RDC,    /* separate device compilation: kept, reported */
    NVF_REPORT, /* kept, reported: no mcc counterpart a rule can write */
    NVF_VALUE,  /* kept, its value renamed: -x cu -> -x musa */
    NVF_IMAGE   /* writes a device image (-fatbin, -cubin): mcc's
                   --cuda-device-only, the output keeping its name */
};

struct nvcc_flag {
    const char *name;  /* as written, an alias too: "--ptxas-options" */
    const char *canon; /* the entry's own name: "-Xptxas" */
    enum nvf_action action;
    bool value;        /* takes a value: "-Xptxas -v" or "-Xptxas=-v" */
    bool ambiguous;    /* a host compiler has an option of this name (-G,
                          -x, -arch): translated only where nvcc reads it */
    const char *to;    /* NVF_TO: the mcc option; NVF_VALUE: the new value */
    const char *vfrom; /* NVF_VALUE: the value that is renamed */
    const char *why;   /* what to tell the user, or NULL */
};

/* NVIDIA compute capabilities below `below` (0: any that is left) run on
 * MUSA architecture `to` ("22": --offload-arch=mp_22). In increasing
 * order of `below`, the last one 0. */
struct arch_rule {
    unsigned below;
    const char *to;
    const char *why;
};

struct nvcc_table {
    const struct nvcc_flag *flags; /* sorted by name */
    size_t nflags;
    const struct arch_rule *arch;
    size_t narch;
};

/* The entry for the option word w[0..len): its name, or its name and
 * "=value". *joined gets the offset of the value after '=' (0: none).
 * NULL when it is no nvcc option the table knows. */
const struct nvcc_flag *nvflags_find(const struct nvcc_table *t, const char *w,
                                     size_t len, size_t *joined);
/* The MUSA architecture ("22") of compute capability cc (80 for sm_80),
 * or NULL when the table has no rule for it. */
const char *nvflags_arch(const struct nvcc_table *t, unsigned cc);

/* The rules in words, for notes: "sm_79 and older mp_21, sm_80 to sm_89
 * mp_22, sm_90 and newer mp_31". Appends to out. */
struct strbuf;
void nvflags_describe_arch(const struct nvcc_table *t, struct strbuf *out);

/* What an architecture value names. */
struct nvf_ccs {
    unsigned cc[16]; /* the compute capabilities, each once, in order */
    size_t n;
    bool special; /* native, all, all-major: no number to map */
    bool unknown; /* something else that is not a capability */
};
/* Read the compute capabilities of an -arch, -code or -gencode value
 * (sm_80, compute_90a, arch=compute_80,code=[sm_80,compute_80]) or of a
 * CMake CUDA_ARCHITECTURES entry (80, 80-real, 90a-virtual). */
void nvflags_ccs(const char *v, size_t len, struct nvf_ccs *out);

#endif
