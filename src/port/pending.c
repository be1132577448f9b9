/* SPDX-License-Identifier: MIT */
/* Pending names: each name's uses in file order, and a decision per name
 * once the file or the run can tell. */
#include "port/pending.h"

#include <stdlib.h>
#include <string.h>

#include "mapping/entry.h"
#include "port/project.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* What the uses of a name are told. */
enum pfinding {
    PF_NONE,
    PF_UNVERIFIED,  /* renamed by a pattern no entry confirms */
    PF_UNSUPPORTED, /* kept: MUSA is not known to have what it would be */
    PF_NO_FAMILY,   /* kept: MUSA has nothing of its family */
    PF_UNMAPPED,    /* CUDA-looking, and nothing maps it */
    PF_TAKEN,       /* kept: the project has what the pattern makes */
    PF_EXTERN_C,    /* kept: it has C linkage */
    PF_GONE,        /* its entry says MUSA has nothing of it (PN_GONE) */
    PF_GONE_OWN     /* ... and the project declares one of that name */
};

struct pname {
    const char *name;
    size_t len;
    uint32_t hash;
    unsigned cover; /* PN_* */
    const struct map_entry *rule;
    const char *text; /* what the pattern makes of it */
    size_t text_len;
    enum decl_kind decl;
    size_t decl_off;
    size_t uses, first;
    /* The decision. */
    const char *to; /* its new name, or NULL: kept */
    size_t to_len;
    bool by_words;    /* to is the word rule's */
    bool member_only; /* to is for the uses after . or -> alone */
    enum pfinding finding;
    const char *msg; /* what its uses are told (NULL: nothing) */
    enum warn_id msg_id;
};

/* A use's token holds a backslash-newline. */
enum { PU_SPLICE = 1 << 7 };

struct puse {
    uint32_t off, len;
    struct pname *n;
    unsigned flags; /* PU_* */
};

struct pending {
    struct pname **names;
    size_t nnames, names_alloc;
    struct puse *uses;
    size_t nuses, uses_alloc;
    bool done;
};

struct pending *pending_new(void)
{
    return xcalloc(1, sizeof(struct pending));
}

void pending_free(struct pending *p)
{
    if (!p)
        return;
    free(p->names);
    free(p->uses);
    free(p);
}

struct pname *pending_name(struct pending *p, struct arena *a, const char *s,
                           size_t len, uint32_t hash, unsigned cover,
                           const struct map_entry *rule, const char *text,
                           size_t text_len)
{
    struct pname *n = arena_alloc(a, sizeof(*n));
    memset(n, 0, sizeof(*n));
    n->name = arena_strndup(a, s, len);
    n->len = len;
    n->hash = hash;
    n->cover = cover;
    n->rule = rule;
    if (text) {
        n->text = arena_strndup(a, text, text_len);
        n->text_len = text_len;
    }
    ALLOC_GROW(p->names, p->nnames + 1, p->names_alloc);
    p->names[p->nnames++] = n;
    return n;
}

bool pending_declared(const struct pname *n)
{
    return n->decl != DECL_NONE;
}

void pending_count(struct pname *n, const struct token *t, enum decl_kind decl)
{
    if (decl != DECL_NONE && n->decl == DECL_NONE) {
        n->decl = decl;
        n->decl_off = t->off;
    }
    if (!n->uses++)
        n->first = t->off;
}

void pending_use(struct pending *p, struct pname *n, const struct token *t,
                 enum decl_kind decl, unsigned flags)
{
    pending_count(n, t, decl);
    ALLOC_GROW(p->uses, p->nuses + 1, p->uses_alloc);
    if (t->flags & TOKF_SPLICE)
        flags |= PU_SPLICE;
    p->uses[p->nuses++] = (struct puse){t->off, t->len, n, flags};
}

static bool wants(const struct pending_env *env, enum warn_id id)
{
    return !env->want || env->want[id];
}

/* Is what n's uses are told a note at its declaration (a name kept for
 * the project), not a finding at each use? */
static bool noted(const struct pname *n)
{
    return n->finding == PF_TAKEN || n->finding == PF_EXTERN_C;
}

/* Does the project have the name s[0..len): declare it, or use it in a
 * file kept as it is? With no table, whether this file declares it. */
static bool has(const struct pending *p, const struct project *pj,
                const char *s, size_t len)
{
    uint32_t h = hashmap_hash(s, len);
    if (pj)
        return project_defines(pj, s, len, h) != DECL_NONE ||
               project_kept(pj, s, len, h);
    for (size_t i = 0; i < p->nnames; i++) {
        const struct pname *n = p->names[i];
        if (n->hash == h && n->len == len && !memcmp(n->name, s, len))
            return n->decl != DECL_NONE;
    }
    return false;
}

/* Decide n, if it can be: its new name and what its uses are told. */
static bool decide(const struct pending *p, struct pname *n,
                   const struct pending_env *env)
{
    const struct project *pj = env->proj;
    bool final = !pj || project_final(pj);
    bool kept = pj && project_kept(pj, n->name, n->len, n->hash);
    /* 1: the project declares it; 0: it does not; -1: not known yet. */
    int def = n->decl != DECL_NONE                                  ? 1
              : !final                                              ? -1
              : pj && project_defines(pj, n->name, n->len, n->hash) ? 1
                                                                    : 0;
    n->to = NULL;
    n->by_words = false;
    n->member_only = false;
    n->finding = PF_NONE;
    /* A name of the project's with C linkage may be found by its name
     * (from a review: ctypes' lib.run_cuda_scale, cuModuleGetFunction's
     * "scale_cuda_kernel"): it keeps it. */
    bool clink =
        n->decl == DECL_EXTERN_C ||
        (final && pj &&
         project_defines(pj, n->name, n->len, n->hash) == DECL_EXTERN_C);
    if (clink && (n->cover & (PN_WORDS | PN_PATTERN))) {
        n->finding = PF_EXTERN_C;
        return final;
    }
    if ((n->cover & PN_WORDS) && pj && project_renames_words(pj)) {
        if (!final)
            return false;
        const char *w = project_new_name(pj, n->name, n->len, n->hash);
        if (w) {
            n->to = w;
            n->to_len = strlen(w);
            n->by_words = true;
            return true;
        }
    }
    if (n->cover & PN_GONE) {
        if (def < 0)
            return false;
        n->finding = def == 0 ? PF_GONE : PF_GONE_OWN;
        return true;
    }
    if (n->cover & PN_MEMBER) {
        /* x.is_cuda() is the tensor's; the project's own is_cuda() is
         * renamed with it, declaration and all, so that both agree
         * (unless a kept file uses it). */
        if (def < 0)
            return false;
        n->to = n->text;
        n->to_len = n->text_len;
        n->member_only = def == 0 || kept;
        return true;
    }
    /* --rename-project leaves a name that says MUSA already to the
     * project: the word rule wins over a pattern (CUBLAS_CUDA_CHECK
     * becomes CUBLAS_MUSA_CHECK), and a port of the port must not go on
     * with the pattern. */
    bool musa = (n->cover & PN_MUSA) && pj && project_renames_words(pj);
    if (n->cover & PN_NONE) {
        /* The project's own name is its own; any other is reported. */
        if (def < 0)
            return false;
        if (def == 0)
            n->finding = PF_NO_FAMILY;
        return true;
    }
    if ((n->cover & PN_PATTERN) && !musa) {
        bool partial = n->cover & PN_PARTIAL;
        /* (Whether the project has the name made is known at the end.) */
        if (!final)
            return false;
        if (def == 1 && kept)
            return true;
        if (def == 1 && has(p, pj, n->text, n->text_len)) {
            n->finding = PF_TAKEN;
            return true;
        }
        if (def == 0 && partial) {
            n->finding = PF_UNSUPPORTED;
            return true;
        }
        n->to = n->text;
        n->to_len = n->text_len;
        if (def == 0)
            n->finding = PF_UNVERIFIED;
        return true;
    }
    if ((n->cover & PN_SUSPECT) && def != 1) {
        /* Unknown yet: the ranking's count is taken back at the end of
         * the run if the project declares it (report_forget). */
        if (def < 0 && wants(env, WARN_UNMAPPED))
            return false;
        n->finding = PF_UNMAPPED;
    }
    return true;
}

static void add_finding(struct findings *f, enum warn_id id, size_t off,
                        const char *name, size_t count, const char *msg)
{
    ALLOC_GROW(f->v, f->nr + 1, f->alloc);
    f->v[f->nr++] = (struct finding){id, off, name, count, msg, false};
}

/* The message for the uses of n, in env->a; NULL when none is made. */
static const char *message(const struct pname *n, const struct pending_env *env,
                           enum warn_id *id)
{
    struct strbuf sb = STRBUF_INIT;
    switch (n->finding) {
    case PF_UNVERIFIED:
        *id = WARN_UNVERIFIED;
        strbuf_addf(&sb, PENDING_PATTERN_ONLY, (int)n->len, n->name, n->text);
        break;
    case PF_UNSUPPORTED:
        *id = WARN_UNSUPPORTED;
        strbuf_addf(&sb,
                    "'%s' is kept as it is: no mapping entry shows that MUSA "
                    "has '%s' (MUSA has only part of the names the pattern "
                    "'%s' stands for); if your SDK has it, add it to a "
                    "mapping file (-m), else keep this code out of the MUSA "
                    "build",
                    n->name, n->text, n->rule ? n->rule->from : "?");
        break;
    case PF_NO_FAMILY:
        /* One message for the family: a file's uses of all its names
         * are said once (resdiag.c folds a message's repeats). */
        *id = WARN_UNSUPPORTED;
        strbuf_addf(&sb, PENDING_NO_FAMILY, (int)n->text_len, n->text,
                    n->rule->message ? ": " : "",
                    n->rule->message ? n->rule->message : "");
        break;
    case PF_EXTERN_C: /* a note, whatever the groups */
        *id = WARN_UNVERIFIED;
        strbuf_addf(&sb,
                    "'%s' keeps its name: it has C linkage (extern \"C\"), "
                    "and code may find it by that name (dlsym, ctypes, "
                    "muModuleGetFunction)",
                    n->name);
        break;
    case PF_TAKEN: /* a note, whatever the groups */
        *id = WARN_UNVERIFIED;
        strbuf_addf(&sb,
                    "'%s' keeps its name: the pattern '%s' would make it "
                    "'%s', which the project has too",
                    n->name, n->rule->from, n->text);
        break;
    case PF_GONE:
    case PF_GONE_OWN:
        *id = WARN_UNSUPPORTED;
        strbuf_addf(&sb, "'%s' has no MUSA equivalent%s%s", n->name,
                    n->rule->message ? ": " : "",
                    n->rule->message ? n->rule->message : "");
        if (n->finding == PF_GONE_OWN)
            strbuf_addf(&sb,
                        " (the project declares a function '%s' of its "
                        "own: where this calls that one, this does not "
                        "apply)",
                        n->name);
        break;
    case PF_UNMAPPED:
        *id = WARN_UNMAPPED;
        strbuf_addf(&sb, "'%s' looks like CUDA, but no mapping covers it",
                    n->name);
        break;
    case PF_NONE:
        break;
    }
    const char *msg = sb.len && (noted(n) || wants(env, *id))
                          ? arena_strndup(env->a, sb.buf, sb.len)
                          : NULL;
    strbuf_release(&sb);
    return msg;
}

long pending_resolve(struct pending *p, const struct pending_env *env,
                     struct edit_list *e, struct findings *f)
{
    if (p->done)
        return 0;
    for (size_t i = 0; i < p->nnames; i++)
        if (!decide(p, p->names[i], env))
            return -1;
    struct edit_list add = EDIT_LIST_INIT;
    size_t nfound = f->nr;
    for (size_t i = 0; i < p->nnames; i++) {
        struct pname *n = p->names[i];
        /* The ranking's record: one per name and file, with its count. */
        if (n->finding == PF_UNMAPPED && !wants(env, WARN_UNMAPPED))
            add_finding(f, WARN_UNMAPPED, n->first, n->name, n->uses, NULL);
        n->msg = n->finding == PF_NONE ? NULL : message(n, env, &n->msg_id);
    }
    for (size_t i = 0; i < p->nuses; i++) {
        const struct puse *u = &p->uses[i];
        struct pname *n = u->n;
        if (n->to && (!n->member_only || (u->flags & PU_MEMBER)) &&
            !(u->flags & (n->by_words ? PU_SHIM_WORDS : PU_SHIM))) {
            edit_list_add_ident(&add, env->buf, u->off, u->len,
                                u->flags & PU_SPLICE, n->to, n->to_len, env->a);
            if (env->note && !n->by_words && n->rule)
                env->note(env->arg, n->rule->domain, u->flags);
        }
        if (n->msg && noted(n)) {
            /* A note, where the file declares it. */
            if (u->off == n->decl_off && n->decl != DECL_NONE) {
                add_finding(f, WARN_UNVERIFIED, u->off, NULL, 1, n->msg);
                f->v[f->nr - 1].note = true;
            }
        } else if (n->msg &&
                   (!(n->cover & PN_GONE) || (u->flags & PU_MEMBER))) {
            add_finding(f, n->msg_id, u->off,
                        n->msg_id == WARN_UNMAPPED ? n->name : NULL, 1, n->msg);
        }
    }
    if (add.nr)
        edit_list_merge(e, add.v, add.nr);
    long added = (long)add.nr;
    edit_list_release(&add);
    if (f->nr != nfound)
        findings_sort(f);
    p->done = true;
    return added;
}

bool pending_done(const struct pending *p)
{
    return p->done;
}

void pending_each_decl(const struct pending *p,
                       void (*fn)(void *arg, const char *name, size_t len,
                                  uint32_t hash, enum decl_kind kind,
                                  size_t off),
                       void *arg)
{
    for (size_t i = 0; i < p->nnames; i++) {
        const struct pname *n = p->names[i];
        if (n->decl != DECL_NONE)
            fn(arg, n->name, n->len, n->hash, n->decl, n->decl_off);
    }
}

void pending_each_name(const struct pending *p,
                       void (*fn)(void *arg, const char *name, size_t len,
                                  uint32_t hash),
                       void *arg)
{
    for (size_t i = 0; i < p->nnames; i++)
        fn(arg, p->names[i]->name, p->names[i]->len, p->names[i]->hash);
}
