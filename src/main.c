/* SPDX-License-Identifier: MIT */
/* cuda2musa: port CUDA C/C++ source trees to MUSA. */
#include <stdlib.h> /* defines __GLIBC__ where it is glibc */
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "cli/cli.h"
#include "run/driver.h"

/* Each worker reuses a few big buffers (the file read, its port, the
 * edits, a name cache) for thousands of files. glibc's defaults give
 * blocks over 128 KB back to the kernel when freed and trim the heap's
 * top, so a buffer regrown for the next big file came back as fresh pages,
 * each a page fault (about 1.7 us on the machine of the README's
 * figures). Kept instead: the peak is still what the biggest files need
 * (a megabyte or two more), and does not grow with the tree. */
static void tune_malloc(void)
{
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 32 << 20); /* its maximum */
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
#endif
}

int main(int argc, char **argv)
{
    tune_malloc();
    struct options o;
    int status = cli_parse(argc, argv, &o);
    if (status == CLI_RUN)
        status = driver_run(&o);
    cli_release(&o);
    return status;
}
