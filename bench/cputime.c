/* SPDX-License-Identifier: MIT */
/* The CPU time a command uses, user and system, all its threads:
 *   cputime [--rss] CMD [ARG...]
 * runs CMD with its output thrown away and prints the seconds, to the
 * microsecond (GNU time prints hundredths, a tenth of a port), and with
 * --rss its peak resident set in kilobytes after them. Exits with CMD's
 * status, or 127 when CMD cannot be run. bench/run.sh uses it to show
 * how much more work a run does with more jobs, and the tests to see that
 * a port's memory does not grow with the tree (tests/memory.sh). */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static double seconds(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

int main(int argc, char **argv)
{
    bool rss = argc > 1 && !strcmp(argv[1], "--rss");
    if (rss) {
        argc--;
        argv++;
    }
    if (argc < 2) {
        fputs("usage: cputime [--rss] CMD [ARG...]\n", stderr);
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("cputime: fork");
        return 127;
    }
    if (pid == 0) {
        /* Standard error kept aside, for a command that cannot be run. */
        int err = fcntl(2, F_DUPFD_CLOEXEC, 3);
        int null = open("/dev/null", O_WRONLY);
        if (null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
            _exit(127);
        execvp(argv[1], argv + 1);
        if (err >= 0)
            dprintf(err, "cputime: cannot run '%s': %s\n", argv[1],
                    strerror(errno));
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("cputime: wait4");
        return 127;
    }
    printf("%.6f", seconds(ru.ru_utime) + seconds(ru.ru_stime));
    if (rss)
        printf(" %ld", ru.ru_maxrss);
    putchar('\n');
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
