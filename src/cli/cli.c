/* SPDX-License-Identifier: MIT */
/* Option parsing (ag options.c, unifdef main): one table, the help text
 * beside it, and every cross-option check in one block after the loop. */
#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/diag.h"
#include "io/tempfile.h"
#include "util/filekind.h"
#include "util/similar.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#ifndef C2M_VERSION
#define C2M_VERSION "0.0.0"
#endif

static const char synopsis[] =
    "usage: cuda2musa [options] -o DIR INPUT...\n"
    "       cuda2musa [options] FILE|-\n"
    "       cuda2musa --dry-run [options] [-o DIR] INPUT...\n"
    "       cuda2musa --check [options] -o DIR INPUT...\n"
    "       cuda2musa --list-mappings | --lint-mappings | --query NAME ...\n";

/* Keep in step with man/cuda2musa.1 and README.md: tests/cli/options.sh
 * compares the three. */
static const char *const help_text[] = {

    "Port CUDA C/C++ sources to MUSA: whole tokens are renamed from mapping\n"
    "files, every other byte is kept, and .cu/.cuh become .mu/.muh.\n"
    "\n",
    "Output:\n"
    "  -o, --output DIR      write the ported tree under DIR, mirroring the\n"
    "                        inputs; without -o, one FILE (or - for stdin)\n"
    "                        is ported to stdout\n"
    "  -n, --dry-run         write nothing; print the port as a diff in git's\n"
    "                        form (renames, build files), which git apply\n"
    "                        in a copy of the inputs turns into -o DIR's "
    "tree\n"
    "      --exit-code       with --dry-run: exit 1 when an input would "
    "change\n"
    "                        or be renamed\n"
    "      --check           write nothing; exit 1 when DIR is not what a "
    "port\n"
    "                        would write (lists stale, missing, extra files)\n"
    "      --diff            with --check: also print the diff of each file\n"
    "      --copy-all        also copy files that are not C/C++/CUDA sources\n"
    "                        or build files\n"
    "      --no-build-files  leave the project's build files out: CMake\n"
    "                        (CMakeLists.txt, *.cmake), makefiles and Python\n"
    "                        (setup.py, *.py) are ported by default\n"
    "      --follow-symlinks follow symbolic links that lead outside the\n"
    "                        inputs too (links inside are always followed)\n"
    "      --exclude GLOB    leave out files and directories that match\n"
    "                        GLOB: a name ('*_test.cu') at any depth, a path\n"
    "                        below the input ('legacy/*.cu'), 'dir/' for\n"
    "                        directories only; may be repeated\n"
    "      --in-place        port the inputs where they are (k.cu becomes\n"
    "                        k.mu), keeping each original it replaces as a\n"
    "                        backup; a later run ports from the backups\n"
    "      --backup-suffix S name backups FILE plus S (default: .orig)\n"
    "  -I DIR                also look for #include'd headers in DIR; the\n"
    "                        port's build searches it (or its port) too\n"
    "  -j, --jobs N          port N files at a time (default: CPUs, at most "
    "8)\n"
    "      --prune           remove outputs of earlier ports that no input\n"
    "                        makes any more (only files cuda2musa wrote)\n"
    "      --depfile FILE    write a make depfile: FILE without its .d "
    "depends\n"
    "                        on every input, directory walked and mapping\n"
    "                        file\n"
    "\n",
    "Build manifest (written in the output root with every port):\n"
    "  -D NAME[=VALUE]       define NAME when the port is built\n"
    "  -p DIR                read DIR/compile_commands.json of the CUDA "
    "build:\n"
    "                        -I/-D/-std carry over, nvcc options are mapped\n"
    "                        or dropped with a note\n"
    "      --musa-arch LIST  default GPU architectures of the build, e.g.\n"
    "                        mp_22,mp_31 (default: mp_22, or mapped by -p)\n"
    "      --no-manifest     write no musa_manifest.json, musa.mk, "
    "build.ninja,\n"
    "                        musa_config.ninja or compile_commands.json\n"
    "\n",
    "Mappings:\n"
    "  -m, --mappings FILE   load a mapping file on top of the others (later\n"
    "                        files win); may be repeated\n"
    "      --mappings-dir DIR  load the default mappings from DIR\n"
    "      --no-default-mappings  start with no mappings at all\n"
    "      --musa-version X.Y  port for this MUSA SDK (default: the newest)\n"
    "      --list-mappings   print every mapping, one per line, and exit\n"
    "      --query NAME      say what NAME becomes and why, and exit; NAME is\n"
    "                        an identifier, a::b, a header, or a build file's\n"
    "                        name (CMAKE_CUDA_FLAGS, -Xptxas); - reads names\n"
    "                        from stdin; may be repeated\n"
    "      --lint-mappings   check the mappings and exit (1: findings)\n"
    "      --rename-project  also give the project's own names that say\n"
    "                        cuda, CUDA or Cuda a MUSA spelling (CHECK_CUDA\n"
    "                        -> CHECK_MUSA), and its files and directories\n"
    "                        (x_cuda.cu -> x_musa.mu), with every use and\n"
    "                        #include following; exit 2 if a new name is\n"
    "                        taken\n"
    "      --shadow-sdk DIR  write a shadow MUSA SDK for these mappings into\n"
    "                        DIR (new, empty, or one made before) and exit:\n"
    "                        MUSA headers, mcc, libraries and CMake modules\n"
    "                        over the CUDA toolkit, to build a port with nvcc\n"
    "\n",
    "Diagnostics:\n"
    "  -q, --quiet           print nothing but errors and warnings\n"
    "  -v, --verbose         say what happened to each file\n"
    "  -w                    report no warnings\n"
    "  -Werror, -Werror=<name>  treat warnings (of one group) as errors: they\n"
    "                        make the exit status 1; -Wno-error undoes it\n"
    "  -W<name>, -Wno-<name> report, or do not report, one group of warnings:\n"
    "                        unsupported, hazard, unterminated, binary, build\n"
    "                        (on by default); unverified, unmapped (off)\n"
    "  -fno-diagnostics-show-caret  print no source line and caret under\n"
    "                        each warning\n"
    "      --color[=WHEN]    colour diagnostics: auto (on a terminal, unless\n"
    "                        NO_COLOR is set; the default), always, never\n"
    "      --stats[=WHAT]    print a summary table: files, edits by domain,\n"
    "                        includes, warnings by kind, top unmapped names;\n"
    "                        --stats=files also a line per file (edits,\n"
    "                        findings by kind; most findings first)\n"
    "      --report FILE     write every file's status and diagnostics as\n"
    "                        JSON (schema cuda2musa.report/1); - is stdout\n"
    "      --report-format FORMAT  json (default) or sarif (SARIF 2.1.0)\n"
    "      --fail-on KINDS   exit 1 when a finding of these kinds is made,\n"
    "                        reported or not: unsupported, hazard, unmapped,\n"
    "                        unverified, build (comma-separated)\n"
    "      --baseline FILE   let the findings FILE lists pass: neither shown\n"
    "                        nor counted by --fail-on and -Werror (a marker\n"
    "                        '// cuda2musa: ignore[hazard]' on the line or\n"
    "                        the line before lets one finding pass)\n"
    "      --write-baseline FILE  write this run's findings to FILE, keyed\n"
    "                        by file, rule and token (not line)\n"
    "  -h, --help            print this help and exit\n"
    "  -V, --version         print the version and exit\n"
    "\n",
    "Exit status: 0 done; 1 --check or --dry-run --exit-code found changes,\n"
    "-Werror saw a warning or --fail-on a finding; 2 usage, mapping or I/O\n"
    "errors.\n"
    "Environment: CUDA2MUSA_MAPPINGS names the default mappings directory;\n"
    "CUDA2MUSA_CACHE the mapping cache (off: none); MUSA_HOME the SDK the\n"
    "manifest names (default /usr/local/musa).\n",
};

enum {
    OPT_CHECK = 256,
    OPT_DIFF,
    OPT_EXIT_CODE,
    OPT_COPY_ALL,
    OPT_MAPPINGS_DIR,
    OPT_NO_DEFAULT_MAPPINGS,
    OPT_MUSA_VERSION,
    OPT_LIST_MAPPINGS,
    OPT_QUERY,
    OPT_LINT_MAPPINGS,
    OPT_NO_MANIFEST,
    OPT_MUSA_ARCH,
    OPT_PRUNE,
    OPT_RENAME_PROJECT,
    OPT_DEPFILE,
    OPT_STATS,
    OPT_REPORT,
    OPT_REPORT_FORMAT,
    OPT_FAIL_ON,
    OPT_FOLLOW_SYMLINKS,
    OPT_IN_PLACE,
    OPT_BACKUP_SUFFIX,
    OPT_COLOR,
    OPT_EXCLUDE,
    OPT_BASELINE,
    OPT_WRITE_BASELINE,
    OPT_SHADOW_SDK,
    OPT_NO_BUILD_FILES
};

static const struct option longopts[] = {
    {"output", required_argument, NULL, 'o'},
    {"dry-run", no_argument, NULL, 'n'},
    {"exit-code", no_argument, NULL, OPT_EXIT_CODE},
    {"check", no_argument, NULL, OPT_CHECK},
    {"diff", no_argument, NULL, OPT_DIFF},
    {"copy-all", no_argument, NULL, OPT_COPY_ALL},
    {"no-build-files", no_argument, NULL, OPT_NO_BUILD_FILES},
    {"follow-symlinks", no_argument, NULL, OPT_FOLLOW_SYMLINKS},
    {"exclude", required_argument, NULL, OPT_EXCLUDE},
    {"in-place", no_argument, NULL, OPT_IN_PLACE},
    {"backup-suffix", required_argument, NULL, OPT_BACKUP_SUFFIX},
    {"jobs", required_argument, NULL, 'j'},
    {"mappings", required_argument, NULL, 'm'},
    {"mappings-dir", required_argument, NULL, OPT_MAPPINGS_DIR},
    {"no-default-mappings", no_argument, NULL, OPT_NO_DEFAULT_MAPPINGS},
    {"musa-version", required_argument, NULL, OPT_MUSA_VERSION},
    {"list-mappings", no_argument, NULL, OPT_LIST_MAPPINGS},
    {"query", required_argument, NULL, OPT_QUERY},
    {"lint-mappings", no_argument, NULL, OPT_LINT_MAPPINGS},
    {"shadow-sdk", required_argument, NULL, OPT_SHADOW_SDK},
    {"no-manifest", no_argument, NULL, OPT_NO_MANIFEST},
    {"musa-arch", required_argument, NULL, OPT_MUSA_ARCH},
    {"prune", no_argument, NULL, OPT_PRUNE},
    {"rename-project", no_argument, NULL, OPT_RENAME_PROJECT},
    {"depfile", required_argument, NULL, OPT_DEPFILE},
    {"stats", optional_argument, NULL, OPT_STATS},
    {"report", required_argument, NULL, OPT_REPORT},
    {"report-format", required_argument, NULL, OPT_REPORT_FORMAT},
    {"fail-on", required_argument, NULL, OPT_FAIL_ON},
    {"color", optional_argument, NULL, OPT_COLOR},
    {"baseline", required_argument, NULL, OPT_BASELINE},
    {"write-baseline", required_argument, NULL, OPT_WRITE_BASELINE},
    {"quiet", no_argument, NULL, 'q'},
    {"verbose", no_argument, NULL, 'v'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

/* The leading ':' makes getopt report a missing argument as ':'. */
static const char shortopts[] = ":o:nI:D:p:j:m:qvwW:f:hV";

/* The exit status after printing --help or --version: 2 when standard
 * output could not take it (a full disk, a closed pipe). */
static int stdout_ok(void)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    error("cannot write to standard output");
    return 2;
}

/* Say what is wrong with the command line, and how to get help; the exit
 * status for misuse. */
static int usage_error(const char *fmt, const char *arg)
{
    /* The value given, escaped as every message's names are (diag.h). */
    struct strbuf msg = STRBUF_INIT;
    strbuf_addf(&msg, fmt, arg);
    fputs("cuda2musa: ", stderr);
    struct strbuf shown = STRBUF_INIT;
    diag_escape(&shown, msg.buf, msg.len);
    fputs(shown.buf, stderr);
    strbuf_release(&shown);
    strbuf_release(&msg);
    fputc('\n', stderr);
    fputs(synopsis, stderr);
    fputs("Try 'cuda2musa --help' for more information.\n", stderr);
    return 2;
}

static void push(const char ***v, size_t *n, const char *s)
{
    *v = xrealloc(*v, (*n + 1) * sizeof(**v));
    (*v)[(*n)++] = s;
}

/* An unknown long option (--dryrun, --dryrun=x): said, with the option
 * meant when one is close (git's "did you mean"), or the options an
 * ambiguous abbreviation could be. */
static int unknown_long(const char *arg)
{
    const char *name = arg + 2;
    size_t len = strcspn(name, "=");
    char *word = xstrndup(name, len);
    size_t n = sizeof(longopts) / sizeof(longopts[0]) - 1;
    const char **names = xmalloc(n * sizeof(*names));
    struct strbuf prefixed = STRBUF_INIT;
    size_t nprefixed = 0;
    for (size_t i = 0; i < n; i++) {
        names[i] = longopts[i].name;
        if (len && !strncmp(names[i], word, len)) {
            strbuf_addf(&prefixed, "%s--%s", nprefixed ? ", " : "", names[i]);
            nprefixed++;
        }
    }
    const char *best = similar_best(word, names, n);
    int rc;
    if (nprefixed > 1) {
        char msg[512];
        snprintf(msg, sizeof(msg), "option '--%%s' is ambiguous: %s",
                 prefixed.buf);
        rc = usage_error(msg, word);
    } else if (best) {
        char msg[128];
        snprintf(msg, sizeof(msg), "unknown option '%%s'; did you mean '--%s'?",
                 best);
        rc = usage_error(msg, arg);
    } else {
        rc = usage_error("unknown option '%s'", arg);
    }
    strbuf_release(&prefixed);
    free(names);
    free(word);
    return rc;
}

/* -W<name>, -Wno-<name>, -Werror, -Wno-error, -Werror=<name>,
 * -Wno-error=<name>, as compilers take them. */
static int set_warning(struct options *o, const char *arg)
{
    bool on = strncmp(arg, "no-", 3) != 0;
    const char *name = on ? arg : arg + 3;
    if (!strcmp(name, "error")) {
        for (int i = 0; i < WARN__COUNT; i++)
            o->werror[i] = on;
        return 0;
    }
    bool as_error = !strncmp(name, "error=", 6);
    if (as_error)
        name += 6;
    int id = diag_warn_lookup(name);
    if (id < 0) {
        const char *groups[WARN__COUNT + 1];
        for (int i = 0; i < WARN__COUNT; i++)
            groups[i] = diag_warn_name((enum warn_id)i);
        groups[WARN__COUNT] = "error";
        const char *best = similar_best(name, groups, WARN__COUNT + 1);
        if (!best)
            return usage_error("unknown warning option '-W%s'", arg);
        char msg[160];
        snprintf(msg, sizeof(msg),
                 "unknown warning option '-W%%s'; did you mean '-W%.*s%s'?",
                 (int)(name - arg), arg, best);
        return usage_error(msg, arg);
    }
    if (as_error) {
        o->werror[id] = on;
        if (on)
            o->warn[id] = true;
    } else {
        o->warn[id] = on;
    }
    return 0;
}

/* Would a backup, a source's name + suffix, be taken for a source (k.c +
 * "u" is k.cu)? Then it cannot be the suffix. */
static bool is_source_name(const char *suffix)
{
    char name[256];
    for (size_t i = 0; i < filekind_nexts; i++) {
        snprintf(name, sizeof(name), "k%s%s", filekind_exts[i].ext, suffix);
        if (filekind_of(name) != FK_OTHER)
            return true;
    }
    return false;
}

/* --musa-arch mp_22,mp_31 (or blanks between). */
static int set_musa_arch(struct options *o, char *arg)
{
    for (char *a = strtok(arg, ", "); a; a = strtok(NULL, ", ")) {
        if (strncmp(a, "mp_", 3) || !a[3] ||
            strspn(a + 3, "0123456789") != strlen(a + 3))
            return usage_error("--musa-arch wants names like mp_22 or mp_31, "
                               "not '%s'",
                               a);
        push(&o->musa_arch, &o->nmusa_arch, a);
    }
    if (!o->nmusa_arch)
        return usage_error("%s", "--musa-arch wants at least one architecture");
    return 0;
}

/* --fail-on unsupported,hazard */
static int set_fail_on(struct options *o, char *arg)
{
    static const enum warn_id kinds[] = {WARN_UNSUPPORTED, WARN_HAZARD,
                                         WARN_UNMAPPED, WARN_UNVERIFIED,
                                         WARN_BUILD};
    for (char *a = strtok(arg, ", "); a; a = strtok(NULL, ", ")) {
        int id = diag_warn_lookup(a);
        bool ok = false;
        for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
            ok |= id == (int)kinds[i];
        if (!ok)
            return usage_error("--fail-on takes unsupported, hazard, unmapped, "
                               "unverified or build, not '%s'",
                               a);
        o->fail_on[id] = true;
    }
    return 0;
}

int cli_parse(int argc, char **argv, struct options *o)
{
    memset(o, 0, sizeof(*o));
    for (int i = 0; i < WARN__COUNT; i++)
        o->warn[i] = diag_warn_default((enum warn_id)i);
    o->musa_version = SDK_NEWEST;
    o->backup_suffix = ".orig";
    bool suffix_given = false;
    /* Copied: the option parsers below cut some arguments in place. */
    char **copy = xmalloc((size_t)(argc > 0 ? argc : 1) * sizeof(*copy));
    for (int i = 0; i < argc; i++)
        copy[i] = xstrdup(argv[i]);
    o->argc = argc;
    o->argv = (const char *const *)copy;
    bool no_warnings = false;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            o->output = optarg;
            break;
        case 'n':
            o->dry_run = true;
            break;
        case OPT_EXIT_CODE:
            o->exit_code = true;
            break;
        case OPT_CHECK:
            o->check = true;
            break;
        case OPT_DIFF:
            o->diff = true;
            break;
        case OPT_COPY_ALL:
            o->copy_all = true;
            break;
        case OPT_NO_BUILD_FILES:
            o->no_build_files = true;
            break;
        case OPT_FOLLOW_SYMLINKS:
            o->follow_symlinks = true;
            break;
        case OPT_EXCLUDE:
            if (!*optarg)
                return usage_error("%s", "--exclude wants a glob, such as "
                                         "'*_test.cu' or 'third_party/'");
            push(&o->excludes, &o->nexcludes, optarg);
            break;
        case OPT_IN_PLACE:
            o->in_place = true;
            break;
        case OPT_BACKUP_SUFFIX:
            o->backup_suffix = optarg;
            suffix_given = true;
            break;
        case 'I':
            push(&o->include_dirs, &o->ninclude_dirs, optarg);
            break;
        case 'D':
            if (!*optarg || *optarg == '=')
                return usage_error("-D wants NAME or NAME=VALUE, not '%s'",
                                   optarg);
            push(&o->defines, &o->ndefines, optarg);
            break;
        case 'p':
            o->compdb = optarg;
            break;
        case OPT_NO_MANIFEST:
            o->no_manifest = true;
            break;
        case OPT_MUSA_ARCH:
            if (set_musa_arch(o, optarg))
                return 2;
            break;
        case OPT_PRUNE:
            o->prune = true;
            break;
        case OPT_RENAME_PROJECT:
            o->rename_project = true;
            break;
        case OPT_DEPFILE:
            o->depfile = optarg;
            break;
        case OPT_STATS:
            o->stats = true;
            if (optarg && !strcmp(optarg, "files"))
                o->stats_files = true;
            else if (optarg && strcmp(optarg, "totals"))
                return usage_error("--stats takes totals (the default) or "
                                   "files, not '%s'",
                                   optarg);
            break;
        case OPT_REPORT:
            o->report_file = optarg;
            break;
        case OPT_REPORT_FORMAT: {
            int f = report_format_lookup(optarg);
            if (f < 0)
                return usage_error("--report-format takes json or sarif, not "
                                   "'%s'",
                                   optarg);
            o->report_format = (enum report_format)f;
            break;
        }
        case OPT_FAIL_ON:
            if (set_fail_on(o, optarg))
                return 2;
            break;
        case 'j': {
            char *end;
            long n = strtol(optarg, &end, 10);
            if (*end || end == optarg || n < 1 || n > TEMP_MAX_WRITERS) {
                char msg[64];
                snprintf(msg, sizeof(msg),
                         "-j wants a number from 1 to %d, not '%%s'",
                         TEMP_MAX_WRITERS);
                return usage_error(msg, optarg);
            }
            o->jobs = (int)n;
            break;
        }
        case 'm':
            push(&o->mapping_files, &o->nmapping_files, optarg);
            break;
        case OPT_MAPPINGS_DIR:
            o->mappings_dir = optarg;
            break;
        case OPT_NO_DEFAULT_MAPPINGS:
            o->no_default_mappings = true;
            break;
        case OPT_MUSA_VERSION:
            o->musa_version = sdk_parse_version(optarg, strlen(optarg));
            if (o->musa_version < 0)
                return usage_error("--musa-version wants a version like 5.1 "
                                   "or 4.2.0, not '%s'",
                                   optarg);
            break;
        case OPT_LIST_MAPPINGS:
            o->list_mappings = true;
            break;
        case OPT_QUERY:
            push(&o->queries, &o->nqueries, optarg);
            break;
        case OPT_LINT_MAPPINGS:
            o->lint_mappings = true;
            break;
        case OPT_SHADOW_SDK:
            o->shadow_sdk = optarg;
            break;
        case 'q':
            o->verbosity = -1;
            break;
        case 'v':
            o->verbosity = 1;
            break;
        case 'w':
            no_warnings = true;
            break;
        case 'W':
            if (set_warning(o, optarg))
                return 2;
            break;
        case 'f':
            if (!strcmp(optarg, "diagnostics-show-caret"))
                o->no_caret = false;
            else if (!strcmp(optarg, "no-diagnostics-show-caret"))
                o->no_caret = true;
            else
                return usage_error("unknown option '-f%s' (-f takes "
                                   "[no-]diagnostics-show-caret)",
                                   optarg);
            break;
        case OPT_BASELINE:
            o->baseline = optarg;
            break;
        case OPT_WRITE_BASELINE:
            o->write_baseline = optarg;
            break;
        case OPT_COLOR:
            if (!optarg || !strcmp(optarg, "always"))
                o->color = COLOR_ALWAYS;
            else if (!strcmp(optarg, "auto"))
                o->color = COLOR_AUTO;
            else if (!strcmp(optarg, "never"))
                o->color = COLOR_NEVER;
            else
                return usage_error("--color takes auto, always or never, not "
                                   "'%s'",
                                   optarg);
            break;
        case 'h':
            fputs(synopsis, stdout);
            fputc('\n', stdout);
            for (size_t i = 0; i < sizeof(help_text) / sizeof(help_text[0]);
                 i++)
                fputs(help_text[i], stdout);
            return stdout_ok();
        case 'V':
            printf("cuda2musa %s\n", C2M_VERSION);
            return stdout_ok();
        case ':':
            return usage_error("option '%s' needs an argument",
                               argv[optind - 1]);
        default:
            if (optopt) {
                char opt[3] = {'-', (char)optopt, '\0'};
                return usage_error("unknown option '%s'", opt);
            }
            if (!strncmp(argv[optind - 1], "--", 2))
                return unknown_long(argv[optind - 1]);
            return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    for (int i = optind; i < argc; i++)
        push(&o->inputs, &o->ninputs, argv[i]);
    if (no_warnings)
        for (int i = 0; i < WARN__COUNT; i++)
            o->warn[i] = false;

    /* Checks between options, one per line. */
    int actions = o->list_mappings + o->lint_mappings + (o->nqueries > 0);
    if (actions > 1)
        return usage_error("%s",
                           "--list-mappings, --query and --lint-mappings are "
                           "mutually exclusive");
    if (actions && o->ninputs)
        return usage_error("%s",
                           "--list-mappings, --query and --lint-mappings take "
                           "no inputs");
    if (o->shadow_sdk && (actions || o->ninputs))
        return usage_error("%s", "--shadow-sdk takes no inputs, and no "
                                 "--list-mappings, --query or "
                                 "--lint-mappings");
    actions += o->shadow_sdk != NULL;
    if (o->shadow_sdk && (o->output || o->dry_run || o->check || o->in_place))
        return usage_error("%s", "--shadow-sdk writes an SDK, not a port: no "
                                 "-o, --dry-run, --check or --in-place with "
                                 "it");
    if (o->shadow_sdk && !*o->shadow_sdk)
        return usage_error("%s", "--shadow-sdk wants a directory");
    if (actions)
        return CLI_RUN;
    if (!o->ninputs)
        return usage_error("%s", "no input given");
    if (o->in_place && (o->output || o->dry_run || o->check))
        return usage_error("%s", "--in-place writes next to the inputs: no -o, "
                                 "--dry-run or --check with it");
    if (o->in_place && o->rename_project)
        return usage_error("%s", "--rename-project renames files and "
                                 "directories: port into -o DIR, not "
                                 "--in-place");
    if (o->in_place && o->copy_all)
        return usage_error("%s",
                           "--in-place ports sources only: no --copy-all");
    for (size_t i = 0; o->in_place && i < o->ninputs; i++)
        if (!strcmp(o->inputs[i], "-"))
            return usage_error("%s",
                               "--in-place needs files: '-' (standard input) "
                               "goes to standard output");
    if (!*o->backup_suffix || strchr(o->backup_suffix, '/') ||
        is_source_name(o->backup_suffix))
        return usage_error(
            "--backup-suffix wants a suffix like .orig that gives no "
            "source file name, not '%s'",
            o->backup_suffix);
    if (o->check && o->dry_run)
        return usage_error("%s",
                           "--check and --dry-run are mutually exclusive");
    if (o->check && !o->output)
        return usage_error("%s", "--check needs -o DIR to compare with");
    if (o->diff && !o->check)
        return usage_error("%s", "--diff goes with --check (--dry-run always "
                                 "prints diffs)");
    if (o->exit_code && !o->dry_run)
        return usage_error("%s", "--exit-code goes with --dry-run");
    if (suffix_given && !o->in_place)
        return usage_error("%s", "--backup-suffix goes with --in-place");
    if (o->copy_all && !o->output)
        return usage_error("%s", "--copy-all needs -o DIR");
    if (o->prune && (!o->output || o->check))
        return usage_error("%s", "--prune needs -o DIR (and no --check)");
    if (o->depfile && (!o->output || o->dry_run || o->check))
        return usage_error("%s", "--depfile needs -o DIR (and no --dry-run or "
                                 "--check)");
    if (o->depfile && (strlen(o->depfile) < 3 ||
                       strcmp(o->depfile + strlen(o->depfile) - 2, ".d")))
        return usage_error(
            "--depfile wants a name ending in .d (its target is the "
            "name without it), not '%s'",
            o->depfile);
    if (o->prune && o->no_manifest)
        return usage_error("%s",
                           "--prune needs the manifest's record of what was "
                           "written: drop --no-manifest");
    if (o->report_file && !strcmp(o->report_file, "-") &&
        (o->dry_run || o->check || !o->output))
        return usage_error("%s",
                           "--report - would mix the report with what this "
                           "mode prints on stdout: name a file");
    return CLI_RUN;
}

void cli_release(struct options *o)
{
    free(o->inputs);
    free(o->excludes);
    free(o->include_dirs);
    free(o->mapping_files);
    free(o->queries);
    free(o->defines);
    free(o->musa_arch);
    for (int i = 0; i < o->argc; i++)
        free((char *)o->argv[i]);
    free((char **)o->argv);
    memset(o, 0, sizeof(*o));
}
