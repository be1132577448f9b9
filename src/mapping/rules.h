/* SPDX-License-Identifier: MIT */
/* Compiled pcre2 rules: a set of (pattern, replacement) pairs, compiled
 * once and then read-only, shared by all workers. Each worker matches with
 * its own struct rules_matcher (match data is per thread). Knows nothing
 * about YAML and never prints: errors come back as text and an offset. */
#ifndef C2M_RULES_H
#define C2M_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a rule set matches. */
enum rules_mode {
    RULES_PREFIX, /* anchored at the start of the subject; rest is kept */
    RULES_WHOLE   /* must match the whole subject */
};

struct rules;
struct rules_matcher;

struct rules *rules_new(enum rules_mode mode);
void rules_free(struct rules *r);
/* Compile pat (NUL-terminated) and add it with its literal replacement and
 * an opaque tag. Returns the rule's index, or -1 with a message in
 * msg[0..msgsz) and the pattern offset of the problem in *erroff. A
 * pattern that can match the empty string is refused (offset 0). */
int rules_add(struct rules *r, const char *pat, const char *repl, void *tag,
              char *msg, size_t msgsz, size_t *erroff);
/* Add pat as rules_add would, for a pattern that rules_add has accepted
 * before (in a check set, or in the run that made the mapping cache): it
 * is compiled when a subject is first tried on it. Returns its index. */
int rules_add_checked(struct rules *r, const char *pat, const char *repl,
                      void *tag);
/* Whether a rule added checked failed to compile when first tried, or
 * could match the empty string (it then never matches): the pattern was
 * not what was checked. */
bool rules_broken(const struct rules *r);
size_t rules_count(const struct rules *r);
const char *rules_pattern(const struct rules *r, size_t i);
const char *rules_replacement(const struct rules *r, size_t i);
void *rules_tag(const struct rules *r, size_t i);
/* Whether any rule could match a subject starting with byte c: a cheap
 * filter before rules_match. */
bool rules_may_start(const struct rules *r, unsigned char c);

/* Call fn with each literal text some rule's matches must start with (a
 * rule with alternatives gives one for each); len 0: the rule may match
 * a subject starting with anything. For filters such as
 * mapping_may_apply. */
void rules_each_start(const struct rules *r,
                      void (*fn)(void *arg, const char *lit, size_t len),
                      void *arg);

struct rules_matcher *rules_matcher_new(const struct rules *r);
void rules_matcher_free(struct rules_matcher *m);
/* The best rule for s[0..len): in PREFIX mode the one with the longest
 * match (the latest added on a tie), in WHOLE mode the latest added that
 * matches: rules from later files win. Returns its index, or -1, and the
 * match length in *matched; or RULES_MATCH_ERROR when a rule that might
 * match could not be run to its end (PCRE2's match or depth limit, JIT
 * stack): not knowing whether it matches, no rule is chosen, and
 * rules_match_error() says which rule failed and why. */
enum { RULES_MATCH_ERROR = -2 };
int rules_match(const struct rules *r, struct rules_matcher *m, const char *s,
                size_t len, size_t *matched);
/* Call fn with each replacement whose rule could have made a name from
 * another (rules_made's rules), for filters of such names. */
void rules_each_made(const struct rules *r,
                     void (*fn)(void *arg, const char *text, size_t len),
                     void *arg);
/* Whether a rule (PREFIX mode) makes s[0..len) of another subject: one
 * whose matches all start with one literal text, which a subject that
 * has it where s has the rule's replacement matches, the match giving s
 * back. Returns the rule's index, with the subject in probe[0..*n)
 * (cublasCreate for mublasCreate; probe holds RULES_PROBE_MAX bytes), or
 * -1 (a rule that could not be run to its end counts as none). */
enum { RULES_PROBE_MAX = 256 };
int rules_made(const struct rules *r, struct rules_matcher *m, const char *s,
               size_t len, char *probe, size_t *n);
/* After rules_match returned RULES_MATCH_ERROR: the failing rule's index
 * in *rule, and PCRE2's reason ("match limit exceeded"), valid until the
 * next call with m. */
const char *rules_match_error(const struct rules_matcher *m, size_t *rule);

#endif
