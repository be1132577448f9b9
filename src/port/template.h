/* SPDX-License-Identifier: MIT */
/* configure_file()'s templates (config.h.in, kernel.cu.in): CMake puts
 * its variables' values for @NAME@ and ${NAME} wherever they stand, in
 * code, strings and all, and #cmakedefine NAME defines the macro NAME as
 * the variable NAME is set. Where the port's CMake files rename the
 * variable (CMAKE_CUDA_ARCHITECTURES -> CMAKE_MUSA_ARCHITECTURES), the
 * template must name it so too, or it expands to nothing. The C/C++
 * rewriter asks it about a template's names; a run, which macros a
 * template defines. */
#ifndef C2M_PORT_TEMPLATE_H
#define C2M_PORT_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

struct finder;
struct token;
struct mapping;

/* Is buf[off..off+len), an identifier of buf[0..n), the name in a
 * reference: @NAME@ or ${NAME}? */
bool template_is_ref(const char *buf, size_t n, size_t off, size_t len);

/* What identifier t of a template buf[0..n), after token prev, is: */
enum template_name {
    TN_NONE,       /* C/C++'s */
    TN_REF,        /* CMake's alone: @NAME@, ${NAME} */
    TN_CMAKEDEFINE /* #cmakedefine's: CMake's and the macro's */
};
enum template_name template_name_at(const char *buf, size_t n,
                                    const struct token *t,
                                    const struct token *prev);

/* Each reference in buf[off..off+len) (a string): fn gets the offset of
 * its name in buf and its length. */
void template_refs(const char *buf, size_t off, size_t len,
                   void (*fn)(void *arg, size_t off, size_t len), void *arg);

/* Each macro name buf[0..len) gives #cmakedefine or #cmakedefine01: fn
 * gets its offset and length. The build defines these as it defines
 * -DNAME: the sources keep the names (port/scriptdefs.h). */
void template_defines(const char *buf, size_t len,
                      void (*fn)(void *arg, size_t off, size_t len), void *arg);

/* Is se, the entry of the CMake variable s[0..len), a CUDA version whose
 * port holds a MUSA SDK's (CUDAToolkit_VERSION_MAJOR), to be said where
 * its value is used, not compared: TEMPLATE_VERSION_VALUE, with the name
 * and its port. */
struct script_entry;
bool template_version_value(const struct script_entry *se, const char *s,
                            size_t len);
#define TEMPLATE_VERSION_VALUE                                                 \
    "'%.*s' becomes '%s', a MUSA SDK's version (4.x, 5.x), not CUDA's: "       \
    "where the code tests what it is given to as a CUDA version (#if "         \
    "CFG_CUDA_MAJOR < 11), it picks the wrong path; test the MUSA "            \
    "version the code needs"

/* The port of the CMake variable buf[off..off+len), named in a
 * reference, or after #cmakedefine (macro: the macro keeps its name,
 * which the sources use, so a renamed variable is said instead): its new
 * spelling (NUL-terminated, in fd's arena) or NULL; what the mappings
 * keep and report is said at off. */
const char *template_variable(const struct mapping *m, struct finder *fd,
                              const char *buf, size_t off, size_t len,
                              bool macro);

#endif
