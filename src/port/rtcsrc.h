/* SPDX-License-Identifier: MIT */
/* The CUDA in a C/C++ file's strings that NVRTC compiles at run time:
 * nvrtcCreateProgram(&prog, src, ...) is given the program's source as a
 * string, which MTRTC compiles as MUSA code, so the port of the file is
 * the port of that string too. Found here: the string literals given as
 * the source, written in the call or in the definition of the name the
 * call gives (const char *src = "..." "...", std::string src = R"(...)",
 * #define SRC "..."); and each literal's text as the compiler reads it,
 * with where its bytes stand in the file. rewrite.c ports the text. */
#ifndef C2M_PORT_RTCSRC_H
#define C2M_PORT_RTCSRC_H

#include <stdbool.h>
#include <stddef.h>

#include "lex/lexer.h"

struct strbuf;

/* One program's source: string literals side by side, lits[first] on
 * in rtc_found's lits. */
struct rtc_program {
    size_t first, n;
};

struct rtc_found {
    struct rtc_program *v;
    size_t nr, alloc;
    struct token *lits; /* the programs' literals, in turn */
    size_t nlits, lits_alloc;
    size_t *lost; /* calls whose source is none of this file's literals */
    size_t nlost, lost_alloc;
};

#define RTC_FOUND_INIT                                                         \
    {                                                                          \
        0                                                                      \
    }

/* The programs buf creates, and the calls whose source is not followed
 * (given by a parameter, a function's result, a file read). A literal
 * given to two calls is one program. */
void rtc_find(const char *buf, size_t len, struct rtc_found *out);
void rtc_found_release(struct rtc_found *r);

/* The text the program p of r makes, appended to text; map gets,
 * for each byte of it, its offset in buf, or RTC_MADE where an escape
 * made it (\n, \"). false: a literal it does not read (L"...", an
 * unterminated one); text and map are then left as they were. */
#define RTC_MADE ((size_t)-1)
bool rtc_text(const char *buf, const struct rtc_found *r,
              const struct rtc_program *p, struct strbuf *text, size_t **map,
              size_t *map_alloc);

#endif
