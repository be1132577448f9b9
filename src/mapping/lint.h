/* SPDX-License-Identifier: MIT */
/* --lint-mappings. Nothing here exits. */
#ifndef C2M_LINT_H
#define C2M_LINT_H

struct mapping;

/* Check the mappings beyond what loading checks (source tags no sources:
 * section defines, patterns that would rename what a port produces, SDK
 * alternatives that leave out the newest SDK, generated entries a
 * curated one shadows, build-file entries' sources); print each finding
 * as "file:line:col: warning: ..." on stderr. Returns the number found. */
int lint_mappings(const struct mapping *m);

#endif
