/* SPDX-License-Identifier: MIT */
/* The namespace a header directory's names move to, from the qualified
 * mapping entries: what a shadow SDK's header opens so that the port's
 * names (musa::std::..., musa::barrier) find CUDA's. */
#ifndef C2M_RUN_SHADOW_NS_H
#define C2M_RUN_SHADOW_NS_H

#include <stddef.h>

#include "mapping/entry.h"

/* For directory dir ("cuda/std/"), among the qualified entries ents[0..n):
 * the entry that renames its namespace, as "musa::std=cuda::std"; or, with
 * none, where its names are renamed one by one into another top-level
 * namespace ("cuda::barrier" -> "musa::barrier"), "musa=cuda" (the header
 * makes that a using-directive: another header may open namespace musa
 * too); else NULL. Malloc'd. */
char *shadow_ns_of_dir(const struct map_entry *const *ents, size_t n,
                       const char *dir);
/* For such a spec with a shorter name beside the namespace ("...;
 * thrust::musa=thrust::cuda"): the kept header of the parent that brings
 * the CUDA one's execution policies ("thrust/execution_policy.h",
 * malloc'd), with the shorter name's spec in *spec (";thrust::musa=...");
 * a port's thrust::musa::par needs it as muThrust's gives it (from a
 * review: it failed to compile against the shadow). NULL when none. */
char *shadow_ns_policy(const char *ns, const char **spec);

#endif
