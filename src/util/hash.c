/* SPDX-License-Identifier: MIT */
#include "util/hash.h"

#include <string.h>

static inline uint64_t rotl(uint64_t x, int r)
{
    return x << r | x >> (64 - r);
}

static inline uint64_t mix(uint64_t h, uint64_t w)
{
    return rotl(h ^ (w * 0xc2b2ae3d27d4eb4fu), 31) * 0x9e3779b97f4a7c15u;
}

static inline uint64_t finish(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    return h;
}

uint64_t hash_words(const void *data, size_t len, uint64_t seed)
{
    const unsigned char *p = data;
    uint64_t h = 0x9e3779b97f4a7c15u ^ (uint64_t)len ^ seed, w;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        memcpy(&w, p + i, 8);
        h = mix(h, w);
    }
    w = 0;
    for (size_t k = 0; i + k < len; k++) /* a few bytes: no memcpy call */
        w |= (uint64_t)p[i + k] << (8 * k);
    return finish(mix(h, w));
}

uint64_t hash_bytes(const void *data, size_t len, uint64_t seed)
{
    const unsigned char *p = data;
    /* In four variables, each word loaded straight into its own: an array
     * went through the stack (a third of the instructions). */
    uint64_t h0 = 0x9e3779b97f4a7c15u ^ (uint64_t)len ^ seed,
             h1 = 0x243f6a8885a308d3u, h2 = 0x13198a2e03707344u,
             h3 = 0xa4093822299f31d0u;
    size_t i = 0;
    for (; i + 32 <= len; i += 32) {
        uint64_t w0, w1, w2, w3;
        memcpy(&w0, p + i, 8);
        memcpy(&w1, p + i + 8, 8);
        memcpy(&w2, p + i + 16, 8);
        memcpy(&w3, p + i + 24, 8);
        h0 = mix(h0, w0);
        h1 = mix(h1, w1);
        h2 = mix(h2, w2);
        h3 = mix(h3, w3);
    }
    uint64_t t = mix(mix(mix(mix(0, h0), h1), h2), h3);
    return finish(mix(t, hash_words(p + i, len - i, 0)));
}
