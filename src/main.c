/* SPDX-License-Identifier: MIT */
/* cuda2musa: port CUDA C/C++ source trees to MUSA. */
#include "cli.h"
#include "driver.h"

int main(int argc, char **argv)
{
    struct options o;
    cli_parse(argc, argv, &o);
    int status = driver_run(&o);
    cli_release(&o);
    return status;
}
