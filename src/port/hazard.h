/* SPDX-License-Identifier: MIT */
/* Hazards: what renaming a name cannot port, found where the name is
 * used, from the hazard its mapping entry names (mapping/entry.h): a
 * number compared with CUDA_VERSION or __CUDA_ARCH__, or the version used
 * as a number; the 32-lane mask of a warp function, written out or
 * through a macro or constant of the file; PTX in asm, written out or
 * through a macro; and, once per file with a count, every warp function
 * and lane arithmetic on 32 when the build targets 128-thread warps, and
 * names whose entry asks for it. Reads tokens after the name with a copy
 * of the lexer; never changes the file. */
#ifndef C2M_PORT_HAZARD_H
#define C2M_PORT_HAZARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lex/lexer.h"
#include "mapping/entry.h"
#include "port/finding.h"

/* What the file says that its hazards look back at, and what is said
 * once at its end. Plain data; hazard_file_init fills it. */
enum { HAZARD_NAMES = 32, HAZARD_ONCE_NAMES = 8, HAZARD_VARS = 64 };
struct hazard_file {
    /* The architecture the build targets whose warps are 128 threads
     * (mp_21, mp_22), or NULL: no warp-width hazards. */
    const char *wide_arch;
    const char *unit; /* "file", or "program" (hazard_file_init) */
    /* Names the file defines as one literal, one level deep: #define
     * FULL_MASK 0xffffffff, const unsigned mask = 0xffffffff, #define
     * WARP_SIZE 32, #define LD_NC "ld.global.nc.b32 ...". */
    struct hazard_name {
        uint32_t off, len;         /* the name */
        uint32_t value, value_len; /* the literal token */
        unsigned char kind;        /* TOK_NUMBER or TOK_STRING */
    } names[HAZARD_NAMES];
    size_t nnames;
    /* Said once at the file's end, for their places (finder_place): warp
     * functions, lane arithmetic on 32, `once` names; counted. */
    size_t warp_calls;
    const char *warp_name;
    size_t lane_math;
    struct {
        const struct map_entry *e;
        size_t uses;
    } once[HAZARD_ONCE_NAMES];
    size_t nonce;
    /* A device's properties were named (cudaDeviceProp): a major
     * compared with a number after that is a compute capability. */
    bool props;
    /* Device variables declared, extern or not: one declared extern that
     * the file does not define is said at its end. */
    struct hazard_var {
        uint32_t off, len; /* the name */
        uint32_t at;       /* where it is declared (__device__) */
        bool ext;          /* declared extern (a function: with no body) */
        bool fn;           /* a function's, not a variable's */
        const struct map_entry *e;
    } vars[HAZARD_VARS];
    size_t nvars;
    const char *buf; /* the file the names are in */
};

/* unit: what the text is called in the messages said once ("file" when
 * NULL; "program" for an NVRTC program's source). */
void hazard_file_init(struct hazard_file *hf, const char *wide_arch,
                      const char *unit);

/* A place in the file. */
struct hazard_site {
    const char *buf;          /* the file */
    const struct lexer *lx;   /* the lexer right after the token */
    const struct token *name; /* the token: a name, a number, a string */
    struct token prev, prev2; /* the two significant tokens before it */
    struct hazard_file *file;
};

/* Look at the use of a name for the hazard e names (name: e's CUDA name,
 * as the message gives it) and add a finding for what is there. */
void hazard_check(const struct hazard_site *s, const char *name,
                  const struct map_entry *e, struct finder *fd);
/* Whether a number token may interest hazard_literal: 0xffffffff, 32,
 * 31 or 5, after an operator or a macro's name (cheap, to call for every
 * number). */
static inline bool hazard_may_see(const char *buf, const struct token *t,
                                  const struct token *prev)
{
    const char *p = buf + t->off;
    size_t n = t->len; /* (past a suffix: 32u, 32ul, 0x20u) */
    while (n > 1 && p[n - 1] && strchr("uUlL", p[n - 1]))
        n--;
    bool value = n == 1   ? p[0] == '5'
                 : n == 2 ? p[0] == '3' && (p[1] == '2' || p[1] == '1')
                 : n == 4 /* 0x1f, 0x20 */
                     ? p[0] == '0' && ((p[3] | 0x20) == 'f' ||
                                       (p[2] == '2' && p[3] == '0'))
                     : n >= 10 && (p[2] | 0x20) == 'f';
    return value &&
           (prev->kind == TOK_PUNCT || (prev->flags & TOKF_MACRO_NAME));
}
/* A number that may be compared with a compute capability's major (after
 * a device's properties were named): prop.major >= 8, cc.major == 9. */
static inline bool hazard_may_compare(const char *buf, const struct token *t,
                                      const struct token *prev,
                                      const struct token *prev2,
                                      const struct hazard_file *hf)
{
    return hf->props && t->kind == TOK_NUMBER && prev->kind == TOK_PUNCT &&
           prev2->kind == TOK_IDENT && prev2->len == 5 &&
           !memcmp(buf + prev2->off, "major", 5);
}
/* Such a number: said, where it is compared. */
void hazard_capability(const struct hazard_site *s, struct finder *fd);
/* A number (that hazard_may_see), or a string in a #define's body: a
 * name defined as it, a warp width defined as 32, lane arithmetic. */
void hazard_literal(const struct hazard_site *s, struct finder *fd);
/* The end of the file: what is said once. Returns the findings added. */
size_t hazard_file_end(struct hazard_file *hf, struct finder *fd);

#endif
