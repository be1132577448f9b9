/* SPDX-License-Identifier: MIT */
/* The leaves: strbuf, arena, hashmap, edit lists, source line maps. */
#include <check.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "port/edit.h"
#include "helpers.h"
#include "io/pool.h"
#include "io/source.h"
#include "run/state.h"
#include "util/filekind.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/hashmap.h"
#include "util/json.h"
#include "util/path.h"
#include "util/similar.h"
#include "util/strbuf.h"
#include "util/strtab.h"
#include "util/xalloc.h"

START_TEST(strbuf_basics)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "abc");
    strbuf_addch(&sb, '\0');
    strbuf_addf(&sb, "%d-%s", 42, "x");
    ck_assert_uint_eq(sb.len, 8);
    ck_assert(!memcmp(sb.buf,
                      "abc\0"
                      "42-x",
                      8));
    ck_assert_int_eq(sb.buf[sb.len], '\0');
    for (int i = 0; i < 1000; i++)
        strbuf_addf(&sb, "%04d", i);
    ck_assert_uint_eq(sb.len, 4008);
    size_t len;
    char *p = strbuf_detach(&sb, &len);
    ck_assert_uint_eq(len, 4008);
    ck_assert_ptr_null(sb.buf);
    free(p);
    p = strbuf_detach(&sb, &len); /* empty: still a string */
    ck_assert_str_eq(p, "");
    free(p);
}
END_TEST

/* Text longer than strbuf_vaddf's stack buffer takes the second pass;
 * %c of NUL and text around the buffer's size must come out whole. */
START_TEST(strbuf_long_format)
{
    struct strbuf sb = STRBUF_INIT;
    char big[3000];
    memset(big, 'q', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    strbuf_addstr(&sb, "<");
    strbuf_addf(&sb, "%s%c|%d", big, 0, -7);
    ck_assert_uint_eq(sb.len, 1 + 2999 + 1 + 3);
    ck_assert_int_eq(sb.buf[2999], 'q');
    ck_assert_int_eq(sb.buf[3000], '\0');
    ck_assert_str_eq(sb.buf + 3001, "|-7");
    for (size_t n = 1020; n <= 1026; n++) {
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%.*s!", (int)n, big);
        ck_assert_uint_eq(sb.len, n + 1);
        ck_assert_int_eq(sb.buf[n], '!');
        ck_assert_int_eq(sb.buf[n + 1], '\0');
    }
    strbuf_release(&sb);
}
END_TEST

START_TEST(strbuf_numbers)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addu(&sb, 0);
    strbuf_addch(&sb, ' ');
    strbuf_addu(&sb, 4294967295u);
    strbuf_addch(&sb, ' ');
    strbuf_addu(&sb, 18446744073709551615ull);
    ck_assert_str_eq(sb.buf, "0 4294967295 18446744073709551615");
    strbuf_release(&sb);
}
END_TEST

START_TEST(arena_alloc_reset)
{
    struct arena a = ARENA_INIT;
    char *s = arena_strndup(&a, "hello", 3);
    ck_assert_str_eq(s, "hel");
    for (int i = 0; i < 10000; i++) {
        void *p = arena_alloc(&a, (size_t)(i % 100) + 1);
        ck_assert((uintptr_t)p % sizeof(void *) == 0);
        memset(p, 0xab, (size_t)(i % 100) + 1);
    }
    char *big = arena_alloc(&a, 5 * 1024 * 1024);
    memset(big, 1, 5 * 1024 * 1024);
    arena_reset(&a);
    s = arena_strndup(&a, "again", 5);
    ck_assert_str_eq(s, "again");
    arena_release(&a);
    arena_release(&a);
}
END_TEST

START_TEST(hashmap_many)
{
    struct hashmap m = HASHMAP_INIT;
    static char keys[20000][12];
    for (int i = 0; i < 20000; i++) {
        snprintf(keys[i], sizeof(keys[i]), "k%d", i);
        ck_assert_ptr_null(hashmap_put(&m, keys[i], strlen(keys[i]), keys[i]));
    }
    ck_assert_uint_eq(m.nr, 20000);
    for (int i = 0; i < 20000; i++)
        ck_assert_ptr_eq(hashmap_get(&m, keys[i], strlen(keys[i])), keys[i]);
    ck_assert_ptr_null(hashmap_get(&m, "k20000", 6));
    ck_assert_ptr_eq(hashmap_put(&m, "k7", 2, NULL), keys[7]);
    ck_assert_uint_eq(m.nr, 20000);
    hashmap_clear(&m);
    ck_assert_ptr_null(hashmap_get(&m, "k1", 2));
    ck_assert_uint_gt(m.cap, 40000); /* as full as it grew: kept */
    /* A few keys in that big table: clearing frees it, and it grows
     * again from nothing. */
    hashmap_put(&m, keys[1], strlen(keys[1]), keys[1]);
    hashmap_clear(&m);
    ck_assert_uint_eq(m.cap, 0);
    ck_assert_ptr_null(hashmap_get(&m, "k1", 2));
    ck_assert_ptr_null(hashmap_put(&m, keys[2], strlen(keys[2]), keys[2]));
    ck_assert_ptr_eq(hashmap_get(&m, "k2", 2), keys[2]);
    hashmap_release(&m);
}
END_TEST

/* Each distinct string once, named by offset + 1; NULL is 0. */
START_TEST(strtab_interns)
{
    struct strtab t = STRTAB_INIT;
    char again[] = "musaMalloc";
    ck_assert_uint_eq(strtab_add(&t, NULL), 0);
    uint32_t a = strtab_add(&t, "musaMalloc"), b = strtab_add(&t, "x");
    ck_assert_uint_eq(a, 1);
    ck_assert_uint_eq(b, 1 + sizeof("musaMalloc"));
    ck_assert_uint_eq(strtab_add(&t, again), a);
    ck_assert_uint_eq(strtab_add(&t, ""), b + 2);
    ck_assert_str_eq(t.buf.buf + a - 1, "musaMalloc");
    ck_assert_str_eq(t.buf.buf + b - 1, "x");
    ck_assert_uint_eq(t.buf.len, sizeof("musaMalloc") + sizeof("x") + 1);
    strtab_release(&t);
}
END_TEST

START_TEST(edit_apply)
{
    const char *in = "cudaMalloc(p); cudaFree(p);";
    struct edit_list e = EDIT_LIST_INIT;
    struct strbuf out = STRBUF_INIT;
    edit_list_apply(&e, in, strlen(in), &out);
    ck_assert_str_eq(out.buf, in);
    strbuf_reset(&out);
    edit_list_add(&e, 0, 10, "musaMalloc", 10);
    edit_list_add(&e, 15, 8, "mFree", 5);
    edit_list_add(&e, 27, 0, "!", 1);
    edit_list_apply(&e, in, strlen(in), &out);
    ck_assert_str_eq(out.buf, "musaMalloc(p); mFree(p);!");
    edit_list_release(&e);
    strbuf_release(&out);
}
END_TEST

START_TEST(source_locate_lines)
{
    const char *text = "ab\ncd\r\n\nx";
    struct source src;
    source_init_buf(&src, "t", text, strlen(text));
    unsigned line, col;
    source_locate(&src, 0, &line, &col);
    ck_assert_uint_eq(line, 1);
    ck_assert_uint_eq(col, 1);
    source_locate(&src, 4, &line, &col);
    ck_assert_uint_eq(line, 2);
    ck_assert_uint_eq(col, 2);
    source_locate(&src, 8, &line, &col);
    ck_assert_uint_eq(line, 4);
    ck_assert_uint_eq(col, 1);
    source_release(&src);
    /* A byte order mark is not a column. */
    const char *bom = "\xef\xbb\xbfint x;\nint y;\n";
    source_init_buf(&src, "t", bom, strlen(bom));
    source_locate(&src, 3, &line, &col);
    ck_assert_uint_eq(line, 1);
    ck_assert_uint_eq(col, 1);
    source_locate(&src, 7, &line, &col);
    ck_assert_uint_eq(col, 5);
    source_locate(&src, 10, &line, &col);
    ck_assert_uint_eq(line, 2);
    ck_assert_uint_eq(col, 1);
    source_release(&src);
    ck_assert_uint_eq(source_line_count(text, strlen(text)), 4);
    ck_assert_uint_eq(source_line_count("a\n", 2), 1);
    ck_assert_uint_eq(source_line_count("", 0), 0);
}
END_TEST

/* Line and column of every offset of random texts, against a count made
 * byte by byte: LF, CRLF and (in some texts) lone CRs, lines shorter and
 * longer than the sixteen bytes the line table is scanned by. */
START_TEST(source_locate_random)
{
    static const char *const pieces[] = {
        "\n", "\r\n", "a", "bc", "0123456789abcdef", "\n\n", " "};
    unsigned seed = 4242, bad = 0;
    for (int round = 0; round < 2000; round++) {
        struct strbuf sb = STRBUF_INIT;
        int n = (int)((seed = seed * 1103515245u + 12345u) >> 16) % 60;
        bool cr = round % 4 == 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned k = (seed >> 16) % 8;
            if (k == 7)
                strbuf_addstr(&sb, cr ? "\r" : "x");
            else
                strbuf_addstr(&sb, pieces[k]);
        }
        /* The reference, byte by byte. */
        unsigned *want = malloc(2 * (sb.len + 1) * sizeof(*want));
        unsigned line = 1, col = 1;
        for (size_t off = 0; off <= sb.len; off++) {
            want[2 * off] = line;
            want[2 * off + 1] = col++;
            char c = off < sb.len ? sb.buf[off] : 0;
            if (c == '\n' ||
                (c == '\r' && (off + 1 == sb.len || sb.buf[off + 1] != '\n')))
                line++, col = 1;
        }
        /* Every offset in order (as findings mostly come), then offsets
         * in any order (back and forth). */
        struct source src;
        source_init_buf(&src, "t", sb.buf, sb.len);
        for (size_t k = 0; k < 2 * (sb.len + 1); k++) {
            size_t off = k <= sb.len ? k
                                     : (seed = seed * 1103515245u + 12345u) %
                                           (sb.len + 1);
            source_locate(&src, off, &line, &col);
            bad += line != want[2 * off] || col != want[2 * off + 1];
        }
        source_release(&src);
        free(want);
        strbuf_release(&sb);
    }
    ck_assert_uint_eq(bad, 0);
}
END_TEST

START_TEST(source_load_files)
{
    char *path = write_temp("x\n", ".cu");
    struct source src;
    ck_assert_int_eq(source_load(&src, path), 0);
    ck_assert_uint_eq(src.len, 2);
    source_release(&src);
    unlink(path);
    free(path);
    /* A big file is mapped, and reads the same. */
    size_t n = 5 << 20;
    char *big = malloc(n);
    memset(big, 'a', n);
    big[n - 1] = '\0';
    path = write_temp(big, ".cu");
    ck_assert_int_eq(source_load(&src, path), 0);
    ck_assert(src.mapped);
    ck_assert_uint_eq(src.len, n - 1);
    ck_assert(!memcmp(src.buf, big, src.len));
    source_release(&src);
    unlink(path);
    free(path);
    /* A smaller one is read into the caller's buffer, which the next file
     * reuses. */
    big[(1 << 20) - 1] = '\0';
    path = write_temp(big, ".cu");
    char *small = write_temp("y\n", ".cu");
    struct strbuf buf = STRBUF_INIT;
    ck_assert_int_eq(source_load_at(&src, AT_FDCWD, path, path, &buf), 0);
    ck_assert(!src.mapped && !src.owned && src.buf == buf.buf);
    ck_assert_uint_eq(src.len, (1 << 20) - 1);
    ck_assert(!memcmp(src.buf, big, src.len));
    source_release(&src);
    const char *mem = buf.buf;
    ck_assert_int_eq(source_load_at(&src, AT_FDCWD, small, small, &buf), 0);
    ck_assert_ptr_eq(src.buf, mem);
    ck_assert_uint_eq(src.len, 2);
    ck_assert(!memcmp(src.buf, "y\n", 2));
    source_release(&src);
    ck_assert_int_eq(
        source_load_at(&src, AT_FDCWD, "/nonexistent", "/nonexistent", &buf),
        -1);
    strbuf_release(&buf);
    free(big);
    unlink(path);
    unlink(small);
    free(path);
    free(small);
    ck_assert_int_eq(source_load(&src, "/nonexistent"), -1);
    ck_assert_int_eq(source_load(&src, "/tmp"), -1);
}
END_TEST

/* Names and values in diagnostics: control characters and bytes that are
 * not UTF-8 escaped as GCC escapes them, every other character kept. */
START_TEST(diag_escapes)
{
    static const struct {
        const char *in;
        size_t len;
        const char *out;
    } cases[] = {
#define IN(s) s, sizeof(s) - 1
        {IN("src/k.cu"), "src/k.cu"},
        {IN("a\nb\tc\rd"), "a<U+000A>b<U+0009>c<U+000D>d"},
        {IN("gone\033[2J\007"), "gone<U+001B>[2J<U+0007>"},
        {IN("nul\0x\177"), "nul<U+0000>x<U+007F>"},
        {IN("caf\xc3\xa9 \xe5\x90\x8d \xf0\x9f\x98\x80"),
         "caf\xc3\xa9 \xe5\x90\x8d \xf0\x9f\x98\x80"},
        {IN("c1 \xc2\x9b \xc2\x85 \xc2\xa0"), "c1 <U+009B> <U+0085> \xc2\xa0"},
        {IN("caf\xe9.cu"), "caf<e9>.cu"},
        {IN("raw \x9b[2J"), "raw <9b>[2J"},
        /* overlong, surrogate, beyond U+10FFFF, cut short */
        {IN("\xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80 \xe5\x90"),
         "<c0><af> <ed><a0><80> <f4><90><80><80> <e5><90>"},
#undef IN
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct strbuf sb = STRBUF_INIT;
        strbuf_addstr(&sb, ">");
        diag_escape(&sb, cases[i].in, cases[i].len);
        ck_assert_str_eq(sb.buf + 1, cases[i].out);
        strbuf_release(&sb);
    }
}
END_TEST

/* A state reads back as written, whatever bytes its strings hold; any
 * damage reads back as no state, or as some state, never a crash. */
START_TEST(state_reads_back)
{
    struct state s = STATE_INIT;
    strbuf_addstr(&s.key, "cuda2musa 1 00ff\n1:/ 2:-o 3:o u");
    s.status = 1;
    strbuf_add(&s.text, "warn\0ing\nend\n", 14);
    struct stamp st = {1, UINT64_MAX, 3, INT64_MIN, 5, 0100644, 1};
    state_add(&s, STATE_INPUT, "src/a b.cu", &st);
    state_add(&s, STATE_OUTPUT, "out/a\nb.mu", &(struct stamp){0});
    state_add(&s, STATE_MAPPING, "/m/x.yaml", &st);
    state_add(&s, STATE_FILE, "12:34", &st);
    struct strbuf text = STRBUF_INIT;
    state_format(&s, &text);
    char *path = write_temp("", "");
    FILE *f = fopen(path, "w");
    fwrite(text.buf, 1, text.len, f);
    fclose(f);
    struct state r = STATE_INIT;
    ck_assert_int_eq(state_read(&r, path), 0);
    ck_assert_uint_eq(r.key.len, s.key.len);
    ck_assert(!memcmp(r.key.buf, s.key.buf, s.key.len));
    ck_assert_int_eq(r.status, 1);
    ck_assert_uint_eq(r.text.len, 14);
    ck_assert(!memcmp(r.text.buf, s.text.buf, 14));
    ck_assert_uint_eq(r.n, 4);
    for (size_t i = 0; i < 4; i++) {
        ck_assert_int_eq(r.v[i].tag, s.v[i].tag);
        ck_assert_str_eq(r.v[i].path, s.v[i].path);
        ck_assert(stamp_equal(&r.v[i].st, &s.v[i].st));
    }
    state_release(&r);

    /* Cut short anywhere, or any byte changed: no crash, and a cut file
     * is never taken for a state. */
    for (size_t at = 0; at < text.len; at++) {
        f = fopen(path, "w");
        fwrite(text.buf, 1, at, f);
        fclose(f);
        r = (struct state)STATE_INIT;
        ck_assert_int_eq(state_read(&r, path), -1);
        ck_assert_uint_eq(r.n, 0);
        state_release(&r);
        static const char bytes[] = {'0', '9', ':', ' ', '\n', 'x', '-', 0};
        for (size_t b = 0; b < sizeof(bytes); b++) {
            char saved = text.buf[at];
            text.buf[at] = bytes[b];
            f = fopen(path, "w");
            fwrite(text.buf, 1, text.len, f);
            fclose(f);
            text.buf[at] = saved;
            r = (struct state)STATE_INIT;
            int rc = state_read(&r, path);
            ck_assert(rc == 0 || (rc == -1 && r.n == 0 && !r.key.len));
            state_release(&r);
        }
    }
    r = (struct state)STATE_INIT;
    ck_assert_int_eq(state_read(&r, "/nonexistent"), -1);
    state_release(&r);
    unlink(path);
    free(path);
    strbuf_release(&text);
    state_release(&s);
}
END_TEST

/* Stamps see a change of contents, even of the same size with the mtime
 * put back (the ctime moves), and say whether a file has settled. */
START_TEST(stamps)
{
    char *path = write_temp("abc\n", ".cu");
    struct stamp a, b;
    stamp_take(&a, path);
    ck_assert(a.present && a.size == 4);
    ck_assert(stamp_settled(&a, a.mtime + 1));
    ck_assert(!stamp_settled(&a, a.mtime));
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    /* The ctime must move: wait for a later tick of the file clock. */
    int64_t ctime =
        (int64_t)st.st_ctim.tv_sec * 1000000000 + st.st_ctim.tv_nsec;
    for (;;) {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        if ((int64_t)now.tv_sec * 1000000000 + now.tv_nsec > ctime + 50000000)
            break;
        usleep(10000);
    }
    FILE *f = fopen(path, "w");
    fputs("xyz\n", f);
    fclose(f);
    struct timespec times[2] = {st.st_atim, st.st_mtim};
    ck_assert_int_eq(utimensat(AT_FDCWD, path, times, 0), 0);
    stamp_take(&b, path);
    ck_assert(b.present && b.size == 4 && b.mtime == a.mtime);
    ck_assert(!stamp_equal(&a, &b));
    struct stamper sp = STAMPER_INIT;
    struct stamp c;
    stamper_take(&sp, &c, path);
    ck_assert(stamp_equal(&b, &c));
    unlink(path);
    stamper_take(&sp, &c, path);
    ck_assert(!c.present && stamp_settled(&c, 0));
    stamper_release(&sp);
    free(path);
}
END_TEST

START_TEST(json_reads_strictly)
{
    char err[128];
    size_t off;
    const char *text = "{\"a\": [1, -2.5e3, true, false, null], "
                       "\"s\": \"x\\u00e9\\n\\ud83d\\ude00\"}";
    struct json *j = json_parse(text, strlen(text), err, sizeof(err), &off);
    ck_assert_ptr_nonnull(j);
    ck_assert_int_eq(j->type, JSON_OBJECT);
    const struct json *a = json_get(j, "a");
    ck_assert_uint_eq(a->n, 5);
    ck_assert_str_eq(a->v[1].str, "-2.5e3");
    ck_assert_int_eq(a->v[4].type, JSON_NULL);
    ck_assert_str_eq(json_get_str(j, "s"), "x\xc3\xa9\n\xf0\x9f\x98\x80");
    ck_assert_ptr_null(json_get_str(j, "a"));
    json_free(j);
    static const char *const bad[] = {
        "",        "{",        "[1,]",  "{\"a\" 1}",    "01",
        "\"\\x\"", "\"a\nb\"", "[1] x", "{\"a\": tru}", "\"\\ud800\""};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        j = json_parse(bad[i], strlen(bad[i]), err, sizeof(err), &off);
        ck_assert_msg(!j, "accepted %s", bad[i]);
        ck_assert_uint_le(off, strlen(bad[i]));
    }
}
END_TEST

START_TEST(json_writes_valid_text)
{
    struct strbuf sb = STRBUF_INIT;
    /* Escapes, control bytes, UTF-8 kept, invalid bytes replaced. */
    json_add_str(&sb, "q\"b\\\t\x01 caf\xc3\xa9 caf\xe9 \xed\xa0\x80!");
#define R "\xef\xbf\xbd" /* U+FFFD */
    ck_assert_str_eq(sb.buf, "\"q\\\"b\\\\\\t\\u0001 caf\xc3\xa9 caf" R
                             " " R R R "!\"");
#undef R
    char err[128];
    size_t off;
    struct json *j = json_parse(sb.buf, sb.len, err, sizeof(err), &off);
    ck_assert_ptr_nonnull(j);
    json_free(j);
    /* Every byte between plain ones, against the rules written out. */
    for (int c = 0; c < 256; c++) {
        const char in[] = {'a', 'b', (char)c, 'c', 'd'};
        char want[16];
        if (c >= 0x80)
            strcpy(want, "\xef\xbf\xbd");
        else if (c == '"' || c == '\\')
            snprintf(want, sizeof(want), "\\%c", c);
        else if (c == '\n' || c == '\r' || c == '\t')
            snprintf(want, sizeof(want), "\\%c",
                     c == '\n'   ? 'n'
                     : c == '\r' ? 'r'
                                 : 't');
        else if (c < 0x20 || c == 0x7f)
            snprintf(want, sizeof(want), "\\u%04x", c);
        else
            snprintf(want, sizeof(want), "%c", c);
        char full[32];
        snprintf(full, sizeof(full), "\"ab%scd\"", want);
        strbuf_reset(&sb);
        json_add_strn(&sb, in, sizeof(in));
        ck_assert_str_eq(sb.buf, full);
    }
    strbuf_release(&sb);
}
END_TEST

/* The pool: every job runs once, on a worker of the right range, and is
 * finished (its writes visible) when pool_wait returns for it, whatever
 * the number of threads and however long jobs take; each worker that ran
 * is retired once, after its last job. */
struct pool_test {
    int runs[600];
    int worker_ok[600];
    int nthreads;
    int retired[8];
    int ran_after_retire;
};

static size_t pool_job(void *arg, size_t i, int worker)
{
    struct pool_test *pt = arg;
    if (i % 7 == 0) /* some slow jobs, so that others overtake them */
        usleep((useconds_t)(i % 3) * 200);
    __atomic_add_fetch(&pt->runs[i], 1, __ATOMIC_RELAXED);
    pt->worker_ok[i] = worker >= 0 && worker < pt->nthreads;
    if (worker >= 0 && worker < 8 &&
        __atomic_load_n(&pt->retired[worker], __ATOMIC_RELAXED))
        __atomic_add_fetch(&pt->ran_after_retire, 1, __ATOMIC_RELAXED);
    return 0;
}

static void pool_retire(void *arg, int worker)
{
    struct pool_test *pt = arg;
    ck_assert(worker >= 0 && worker < pt->nthreads);
    __atomic_add_fetch(&pt->retired[worker], 1, __ATOMIC_RELAXED);
}

START_TEST(pool_runs_each_job_once)
{
    static const int threads[] = {1, 2, 3, 8};
    static const size_t counts[] = {0, 1, 5, 600};
    for (size_t a = 0; a < sizeof(threads) / sizeof(threads[0]); a++)
        for (size_t b = 0; b < sizeof(counts) / sizeof(counts[0]); b++) {
            struct pool_test pt;
            memset(&pt, 0, sizeof(pt));
            pt.nthreads = threads[a];
            size_t n = counts[b];
            struct pool *p =
                pool_new(threads[a], n, pool_job, pool_retire, &pt);
            for (size_t i = 0; i < n; i++) {
                pool_wait(p, i);
                ck_assert_int_eq(pt.runs[i], 1);
                ck_assert(pt.worker_ok[i]);
            }
            pool_free(p);
            for (size_t i = 0; i < n; i++)
                ck_assert_int_eq(pt.runs[i], 1);
            /* As many workers as jobs at most; none without a job. */
            int workers =
                n ? ((size_t)threads[a] < n ? threads[a] : (int)n) : 0;
            for (int w = 0; w < 8; w++)
                ck_assert_int_eq(pt.retired[w], w < workers);
            ck_assert_int_eq(pt.ran_after_retire, 0);
        }
}
END_TEST

/* A slow caller: the workers start no job POOL_AHEAD * threads or more
 * past the one it waits for, nor, when jobs keep memory for it, more
 * than POOL_KEEP per worker of it (plus a job under way on each). */
struct ahead_test {
    size_t kept;    /* what each job keeps */
    size_t caller;  /* the job the caller is about to wait for (atomic) */
    size_t started; /* jobs started (atomic) */
    size_t max_past, max_started;
};

static size_t ahead_job(void *arg, size_t i, int worker)
{
    (void)worker;
    struct ahead_test *at = arg;
    /* Counted first: the caller read after may have moved on since (so
     * that the figures below may be low, never too high). Every job
     * before it has started: the others started are past it. */
    size_t started = __atomic_add_fetch(&at->started, 1, __ATOMIC_SEQ_CST);
    size_t caller = __atomic_load_n(&at->caller, __ATOMIC_SEQ_CST);
    size_t past = i >= caller ? i - caller : 0;
    size_t ahead = started > caller ? started - caller : 0;
    /* Workers race here: maxima kept with compare-and-swap. */
    size_t m = __atomic_load_n(&at->max_past, __ATOMIC_RELAXED);
    while (past > m &&
           !__atomic_compare_exchange_n(&at->max_past, &m, past, false,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
    m = __atomic_load_n(&at->max_started, __ATOMIC_RELAXED);
    while (ahead > m &&
           !__atomic_compare_exchange_n(&at->max_started, &m, ahead, false,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
    return at->kept;
}

START_TEST(pool_waits_for_a_slow_caller)
{
    static const int threads[] = {2, 3, 8};
    enum { N = 3000 };
    for (size_t a = 0; a < sizeof(threads) / sizeof(threads[0]); a++)
        for (int keeps = 0; keeps < 2; keeps++) {
            struct ahead_test at = {.kept = keeps ? 1 << 20 : 0};
            struct pool *p = pool_new(threads[a], N, ahead_job, NULL, &at);
            for (size_t i = 0; i < N; i++) {
                __atomic_store_n(&at.caller, i, __ATOMIC_SEQ_CST);
                if (i % 500 == 1) /* long enough to be overtaken */
                    usleep(20 * 1000);
                pool_wait(p, i);
            }
            pool_free(p);
            ck_assert_uint_eq(at.started, N);
            size_t t = (size_t)threads[a];
            ck_assert_uint_lt(at.max_past, POOL_AHEAD * t);
            if (keeps)
                ck_assert_uint_le(at.max_started,
                                  POOL_KEEP * t / at.kept + 2 * t);
            else /* and it did run ahead as far as it may */
                ck_assert_uint_ge(at.max_past, POOL_AHEAD * t - 1 - t);
        }
}
END_TEST

START_TEST(similar_words)
{
    ck_assert_uint_eq(similar_distance("dry-run", "dry-run"), 0);
    ck_assert_uint_eq(similar_distance("dryrun", "dry-run"), 1);
    ck_assert_uint_eq(similar_distance("hazrad", "hazard"), 1); /* a swap */
    ck_assert_uint_eq(similar_distance("", "abc"), 3);
    const char *words[] = {"dry-run", "diff", "depfile", "check"};
    ck_assert_str_eq(similar_best("dryrun", words, 4), "dry-run");
    ck_assert_str_eq(similar_best("chekc", words, 4), "check");
    ck_assert_ptr_null(similar_best("frobnicate", words, 4));
    const char *tie[] = {"ab", "ac"};
    ck_assert_ptr_null(similar_best("aa", tie, 2)); /* no single best */
}
END_TEST

START_TEST(paths)
{
    char a[] = "/a//b/./c/../d/", b[] = "/..", c[] = "rel/../x";
    path_normalize(a);
    path_normalize(b);
    path_normalize(c);
    ck_assert_str_eq(a, "/a/b/d");
    ck_assert_str_eq(b, "/");
    ck_assert_str_eq(c, "rel/../x"); /* relative: left alone */
    char *j = path_join("a/", "b");
    ck_assert_str_eq(j, "a/b");
    free(j);
}
END_TEST

/* A regular file, or a link to one, is a file; a directory, a link to
 * one, a dangling link and nothing at all are not. */
START_TEST(path_is_file_kinds)
{
    char *f = write_temp("x\n", ".h");
    char dir[] = "/tmp/c2m-path-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *to_file = path_join(dir, "to-file"), *to_dir = path_join(dir, "d"),
         *dangling = path_join(dir, "dangling");
    ck_assert_int_eq(symlink(f, to_file), 0);
    ck_assert_int_eq(symlink(dir, to_dir), 0);
    ck_assert_int_eq(symlink("/nonexistent/c2m", dangling), 0);
    ck_assert(path_is_file(f));
    ck_assert(path_is_file(to_file));
    ck_assert(!path_is_file(dir));
    ck_assert(!path_is_file(to_dir));
    ck_assert(!path_is_file(dangling));
    ck_assert(!path_is_file("/nonexistent/c2m"));
    ck_assert(path_is_dir(to_dir) && !path_is_dir(f));
    unlink(to_file);
    unlink(to_dir);
    unlink(dangling);
    rmdir(dir);
    unlink(f);
    free(to_file);
    free(to_dir);
    free(dangling);
    free(f);
}
END_TEST

/* What a file is, by its name: makefiles by name, suffix or start
 * (caffe's Makefile.config, which its Makefile includes). */
START_TEST(file_kinds_by_name)
{
    ck_assert_int_eq(filekind_of("a/Makefile"), FK_MAKE);
    ck_assert_int_eq(filekind_of("Makefile.config"), FK_MAKE);
    ck_assert_int_eq(filekind_of("x/makefile.inc"), FK_MAKE);
    ck_assert_int_eq(filekind_of("rules.mak"), FK_MAKE);
    ck_assert_int_eq(filekind_of("Makefile."), FK_OTHER);
    ck_assert_int_eq(filekind_of("Makefiles"), FK_OTHER);
    ck_assert_int_eq(filekind_of("MyMakefile.txt"), FK_OTHER);
    ck_assert_int_eq(filekind_of("Makefile.md"), FK_OTHER);
    ck_assert_int_eq(filekind_of("Makefile.cuh"), FK_CUDA_HDR);
    ck_assert_int_eq(filekind_of("Makefile.py"), FK_PYTHON);
    ck_assert_int_eq(filekind_of("CMakeFiles/Makefile.cmake"), FK_CMAKE);
    ck_assert_int_eq(filekind_of("k.cu"), FK_CUDA);
    ck_assert_int_eq(filekind_of("Find.cmake.in"), FK_CMAKE);
    ck_assert_int_eq(filekind_of("setup.py"), FK_PYTHON);
    /* configure_file()'s templates of sources: headers, kept names */
    const char *tmpl[] = {"config.h.in",    "a/build_info.hh.in", "k.cu.in",
                          "defs.h.cmakein", "config.h.cmake",     "x.c.in"};
    for (size_t i = 0; i < sizeof(tmpl) / sizeof(*tmpl); i++) {
        ck_assert_int_eq(filekind_of(tmpl[i]), FK_HEADER);
        ck_assert(filekind_is_template(tmpl[i]));
    }
    ck_assert(filekind_is_template("pkgConfig.cmake.in"));
    const char *not_tmpl[] = {"y.in",        ".in",  "notes.txt.in", "a.mu.in",
                              "Makefile.in", "k.cu", "x.cmake"};
    for (size_t i = 0; i < sizeof(not_tmpl) / sizeof(*not_tmpl); i++)
        ck_assert(!filekind_is_template(not_tmpl[i]));
    ck_assert_int_eq(filekind_of("x.cmake"), FK_CMAKE);
}
END_TEST

/* Normalizing the plain way, a part at a time, as the reference. */
static void normalize_slowly(char *path)
{
    char *out = path, *p = path;
    while (*p) {
        while (*p == '/')
            p++;
        char *seg = p;
        while (*p && *p != '/')
            p++;
        size_t n = (size_t)(p - seg);
        if (!n || (n == 1 && seg[0] == '.'))
            continue;
        if (n == 2 && seg[0] == '.' && seg[1] == '.') {
            while (out > path && *--out != '/')
                ;
            continue;
        }
        *out++ = '/';
        memmove(out, seg, n);
        out += n;
    }
    if (out == path)
        *out++ = '/';
    *out = '\0';
}

/* path_join_normal is the normalized dir/name, for a dir that is
 * normalized already, and path_normalize is it in place: on every mix of
 * parts, and where it does not fit. */
START_TEST(paths_joined_normal)
{
    static const char *const dirs[] = {"", "/", "/a", "/a/b",
                                       "/usr/local/cuda"};
    static const char *const parts[] = {"x", ".", "..", "", "x.h", "...", ".h"};
    unsigned seed = 7;
    for (int round = 0; round < 20000; round++) {
        const char *dir = dirs[round % 5];
        char name[64] = "";
        if (round % 7 == 0)
            strcat(name, "/"); /* an absolute name, looked up from "" */
        int nparts = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 5;
        for (int k = 0; k < nparts; k++) {
            seed = seed * 1103515245u + 12345u;
            strcat(name, parts[(seed >> 16) % 7]);
            if (k + 1 < nparts)
                strcat(name, (seed >> 8) % 4 ? "/" : "//");
        }
        char want[160], got[160];
        snprintf(want, sizeof(want), "%s/%s", dir, name);
        char whole[160];
        strcpy(whole, want);
        normalize_slowly(want);
        path_normalize(whole);
        ck_assert_str_eq(whole, want);
        size_t n = path_join_normal(got, sizeof(got), dir, strlen(dir), name,
                                    strlen(name));
        ck_assert_msg(n == strlen(want) && !strcmp(got, want),
                      "'%s' + '%s': '%s', want '%s'", dir, name, got, want);
    }
    char small[8];
    ck_assert_uint_eq(path_join_normal(small, sizeof(small), "/a", 2, "bc", 2),
                      5);
    ck_assert_str_eq(small, "/a/bc");
    ck_assert_uint_eq(path_join_normal(small, sizeof(small), "/a", 2, "bcd", 3),
                      6);
    ck_assert_uint_eq(
        path_join_normal(small, sizeof(small), "/a", 2, "bcdef", 5), 0);
    ck_assert_uint_eq(
        path_join_normal(small, sizeof(small), "/abcdef", 7, "x", 1), 0);
}
END_TEST

START_TEST(lazy_zeroed_tables)
{
    /* Zeroed, writable wherever it is touched, and as big as asked (the
     * last byte of a size that is not a page multiple); empty is fine. */
    size_t n = 100003;
    unsigned char *p = xcalloc_lazy(n, 3);
    for (size_t i = 0; i < 3 * n; i += 4093)
        ck_assert_int_eq(p[i], 0);
    ck_assert_int_eq(p[3 * n - 1], 0);
    p[3 * n - 1] = 7;
    p[0] = 9;
    ck_assert_int_eq(p[3 * n - 1] + p[0], 16);
    xfree_lazy(p, n, 3);
    void *e = xcalloc_lazy(0, 8);
    ck_assert_ptr_nonnull(e);
    xfree_lazy(e, 0, 8);
    xfree_lazy(NULL, 5, 5);
}
END_TEST

static Suite *util_suite(void)
{
    Suite *s = suite_create("util");
    TCase *tc = tcase_create("leaves");
    /* A safety net, not a timing goal: state_reads_back writes its file
     * once per byte, and a loaded machine's disk can take seconds. */
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, strbuf_basics);
    tcase_add_test(tc, strbuf_long_format);
    tcase_add_test(tc, strbuf_numbers);
    tcase_add_test(tc, arena_alloc_reset);
    tcase_add_test(tc, hashmap_many);
    tcase_add_test(tc, strtab_interns);
    tcase_add_test(tc, edit_apply);
    tcase_add_test(tc, source_locate_lines);
    tcase_add_test(tc, source_locate_random);
    tcase_add_test(tc, source_load_files);
    tcase_add_test(tc, diag_escapes);
    tcase_add_test(tc, state_reads_back);
    tcase_add_test(tc, stamps);
    tcase_add_test(tc, pool_runs_each_job_once);
    tcase_add_test(tc, pool_waits_for_a_slow_caller);
    tcase_add_test(tc, json_reads_strictly);
    tcase_add_test(tc, json_writes_valid_text);
    tcase_add_test(tc, similar_words);
    tcase_add_test(tc, file_kinds_by_name);
    tcase_add_test(tc, paths);
    tcase_add_test(tc, path_is_file_kinds);
    tcase_add_test(tc, paths_joined_normal);
    tcase_add_test(tc, lazy_zeroed_tables);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {util_suite};
    return run_suites(makers, 1);
}
