/* SPDX-License-Identifier: MIT */
/* Loads the CUDA runtime at run time instead of linking it: no CUDA headers
 * are needed to build this file, and the error type is a plain int. */
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

typedef int (*malloc_fn)(void **ptr, size_t size);
typedef int (*free_fn)(void *ptr);
typedef int (*device_count_fn)(int *count);

int main(void)
{
    void *handle = dlopen("libmusart.so", RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        handle = dlopen("libmusart.so", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        fprintf(stderr, "cudart_stub: cannot load the CUDA runtime: %s\n", dlerror());
        return 1;
    }

    /* dlsym may return NULL for a valid symbol: check dlerror instead. */
    dlerror();
    malloc_fn dev_malloc = (malloc_fn)dlsym(handle, "musaMalloc");
    free_fn dev_free = (free_fn)dlsym(handle, "musaFree");
    device_count_fn device_count = (device_count_fn)dlsym(handle, "musaGetDeviceCount");
    const char *err = dlerror();
    if (err || !dev_malloc || !dev_free || !device_count) {
        fprintf(stderr, "cudart_stub: missing CUDA symbol: %s\n",
                err ? err : "null address");
        dlclose(handle);
        return 1;
    }

    int count = 0;
    int rc = device_count(&count);
    if (rc != 0) {
        fprintf(stderr, "cudart_stub: cudaGetDeviceCount failed with error %d\n", rc);
        dlclose(handle);
        return 1;
    }
    printf("CUDA devices: %d (visible: %s)\n", count,
           getenv("MUSA_VISIBLE_DEVICES") ? "some" : "all");

    if (count > 0) {
        void *p = NULL;
        rc = dev_malloc(&p, 1 << 20);
        printf("cudaMalloc(1 MiB): error %d\n", rc);
        if (rc == 0)
            dev_free(p);
    }
    dlclose(handle);
    return 0;
}
