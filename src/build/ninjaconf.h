/* SPDX-License-Identifier: MIT */
/* musa_config.ninja read back (build/render.h writes it): the settings
 * it says, which a re-port compares with its own. Pure. */
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

#endif
