/* SPDX-License-Identifier: MIT */
/* libFuzzer harness for the run state file (state.h): any bytes are
 * refused, or read as a state that writes out to text which reads back
 * and writes out the same. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "run/state.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct state s = STATE_INIT;
    if (state_parse(&s, (const char *)data, size) < 0) {
        state_release(&s);
        return 0;
    }
    struct strbuf once = STRBUF_INIT, twice = STRBUF_INIT;
    state_format(&s, &once);
    struct state t = STATE_INIT;
    if (state_parse(&t, once.buf, once.len) < 0)
        abort();
    state_format(&t, &twice);
    if (once.len != twice.len || memcmp(once.buf, twice.buf, once.len))
        abort();
    strbuf_release(&once);
    strbuf_release(&twice);
    state_release(&s);
    state_release(&t);
    return 0;
}
