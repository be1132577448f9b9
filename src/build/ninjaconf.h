/* SPDX-License-Identifier: MIT */
/* musa_config.ninja read back (build/render.h writes it): the settings
 * it says, and whether it is as cuda2musa writes it for them, which a
 * re-port may replace (a user's edited one is kept). Pure. */
#ifndef C2M_BUILD_NINJACONF_H
#define C2M_BUILD_NINJACONF_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf;

/* Of such a file, text[0..len): its musa_home into home, and its
 * architectures as --musa-arch lists them (mp_22,mp_31) into arch; false
 * when it says them in a way cuda2musa does not write. */
bool manifest_ninja_config_settings(const char *text, size_t len,
                                    struct strbuf *home, struct strbuf *arch);
/* Is it what cuda2musa writes for some settings (not edited)? */
bool manifest_ninja_config_is_ours(const char *text, size_t len);

#endif
