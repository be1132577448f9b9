#!/usr/bin/env python3
"""Generate mappings/musify-general.yaml, the lowest-priority mapping tier.

Input (all inside the repository):
  tools/data/musify_general.tsv         cuda<TAB>musa: Moore Threads' bulk
                                        table (torch_musa general.json rows)
  tools/data/musa_reference_other.tsv   cuda<TAB>musa<TAB>sources: the other
                                        sources' MUSA names for the same CUDA
                                        names, where they differ
  tools/data/musa_observed_symbols.tsv  MUSA names seen in code that builds
                                        against the MUSA SDK
  mappings/*.yaml                       the curated files (all but the output)

The bulk table is machine-made and has wrong rows (`nCutoffValue ->
nMutoffValue`, `NV_NPPI_COLOR_CONVERSION_H -> NV_MTPPI_COLOR_CMTVERSION_H`),
so each row goes through a lint; see lint() for the rules. A row survives
only when its MUSA name is the CUDA name with whole-word prefix swaps applied
(cuda->musa, cu->mu, nv->mt, npp->mtpp, ... at word starts and ending at word
boundaries), nothing observed contradicts it, and it keeps a port idempotent.

Usage:
  python3 tools/gen_bulk_tier.py            write mappings/musify-general.yaml
  python3 tools/gen_bulk_tier.py --check    exit 1 if the file is out of date
  python3 tools/gen_bulk_tier.py --import-reference DIR
        refresh tools/data/ from the shared reference directory (holding
        musa_mappings_reference.tsv and musa_observed_symbols.tsv), then
        generate as usual

A summary (rows read, kept, dropped per reason with examples) goes to stderr.
Needs Python 3.9+ and PyYAML.
"""

import argparse
import functools
import os
import re
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tools", "data")
MAPPINGS = os.path.join(ROOT, "mappings")
OUTPUT_NAME = "musify-general.yaml"
GENERAL_TSV = "musify_general.tsv"
OTHER_TSV = "musa_reference_other.tsv"
OBSERVED_TSV = "musa_observed_symbols.tsv"
GENERAL_TAG = "torch_musa.general"

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

# ---------------------------------------------------------------------------
# The swap vocabulary: (CUDA word, MUSA word). A swap applies only to a whole
# word (see word_start / word_end below).

# musa_mappings.md section 2A, as documented.
DOCUMENTED = [
    ("cuda", "musa"), ("CUDA", "MUSA"), ("Cuda", "Musa"),
    ("cu", "mu"), ("CU", "MU"), ("Cu", "Mu"),
    ("nv", "mt"), ("NV", "MT"), ("Nv", "Mt"),
    ("npp", "mtpp"), ("NPP", "MTPP"),
    ("NVTX", "MTTX"), ("NVLINK", "MTLINK"), ("NvSci", "MtSci"),
    ("cupti", "mupti"),
]

# Library names that are themselves one of the swaps above followed by more
# letters of the same word (so the plain swap fails the word-end test), in
# lower, Capitalised and UPPER case. Found in the bulk table; each is a real
# CUDA library or component whose MUSA counterpart is the swapped name
# (musart, mublas, mufft, murand, musparse, musolver, mupti, mtpp*, MTLink,
# mtblas: musa_mappings.md sections 2-3).
COMPOUND_WORDS = [
    ("cudart", "musart"), ("cublas", "mublas"), ("cufft", "mufft"),
    ("curand", "murand"), ("cusparse", "musparse"),
    ("cusolver", "musolver"), ("cupti", "mupti"), ("npp", "mtpp"),
    ("nppi", "mtppi"), ("npps", "mtpps"), ("nvlink", "mtlink"),
    ("nvtx", "mttx"), ("nvblas", "mtblas"),
    # cuda.h's cuuint32_t/cuuint64_t: the driver prefix on a lower-case type.
    ("cuuint", "muuint"),
    # nvfunctional's namespace (the header becomes mtfunctional).
    ("nvstd", "mtstd"),
]

# ALL-CAPS macro words that fuse a library name with more letters (no '_'
# between), e.g. CUBLASLT_MATMUL_DESC_EPILOGUE, CUDARTAPI, __CUDACC__.
UPPER_FUSED = [
    ("CUBLASLT", "MUBLASLT"), ("CUBLASXT", "MUBLASXT"),
    ("CUFFTW", "MUFFTW"), ("CUFFTXT", "MUFFTXT"),
    ("CUSOLVERDN", "MUSOLVERDN"), ("CUSOLVERSP", "MUSOLVERSP"),
    ("CUSOLVERRF", "MUSOLVERRF"), ("CUSOLVERMG", "MUSOLVERMG"),
    ("CUDACC", "MUSACC"),
    ("NVSCIBUF", "MTSCIBUF"), ("NVSCISYNC", "MTSCISYNC"),  # NvSci -> MtSci
    # calling-convention macros: <LIBRARY>API
    ("CUDAAPI", "MUSAAPI"), ("CUDARTAPI", "MUSARTAPI"),
    ("CUBLASAPI", "MUBLASAPI"), ("CUBLASWINAPI", "MUBLASWINAPI"),
    ("CUFFTAPI", "MUFFTAPI"), ("CURANDAPI", "MURANDAPI"),
    ("CUSOLVERAPI", "MUSOLVERAPI"), ("CUSPARSEAPI", "MUSPARSEAPI"),
    ("CUPTIAPI", "MUPTIAPI"), ("CUPTIUTILAPI", "MUPTIUTILAPI"),
]


def build_swaps():
    swaps = set(DOCUMENTED) | set(UPPER_FUSED)
    for c, m in COMPOUND_WORDS:
        swaps.add((c, m))
        swaps.add((c[0].upper() + c[1:], m[0].upper() + m[1:]))
        swaps.add((c.upper(), m.upper()))
    # Longest first, so the search tries the most specific word first.
    return sorted(swaps, key=lambda p: (-len(p[0]), p))


SWAPS = build_swaps()
SWAPS_BY_FIRST = {}
for _c, _m in SWAPS:
    SWAPS_BY_FIRST.setdefault(_c[0], []).append((_c, _m))


def word_start(s, i):
    """A word starts at i: the start, after '_', or a lower->Upper step."""
    return i == 0 or s[i - 1] == "_" or (s[i - 1].islower() and s[i].isupper())


def word_end(s, i, key):
    """The swapped word s[i-len(key):i] ends at a word boundary."""
    if i == len(s):
        return True
    c, p = s[i], s[i - 1]
    if c == "_":
        return True
    if c.isdigit():
        # NV12, NV21, NV16 are YUV formats, not NVIDIA's prefix.
        return key.lower() != "nv"
    if p.islower():
        return c.isupper()  # cuMemAlloc, cusparseCreate; not Cutoff
    # The key ends in upper case.
    if not key.isupper():
        return False
    if c.islower():
        return True  # driver-type convention: CUdevice, CUresult, CUpti_*
    # An upper-case letter follows. Only the driver prefix CU in front of an
    # acronym that runs into a lower-case word is a boundary
    # (CUGLDeviceList, CUGPUDirectRDMAWritesOrdering); an ALL-CAPS word
    # such as CUBEMAP, CUSTOM or NVSCIBUF is one word.
    if key != "CU":
        return False
    j = i
    while j < len(s) and s[j].isupper():
        j += 1
    return j < len(s) and s[j].islower()


def is_prefix_swap(cuda, musa):
    """True when musa is cuda with one or more whole-word swaps applied."""
    n, m = len(cuda), len(musa)

    @functools.lru_cache(maxsize=None)
    def go(i, j, swapped):
        if i == n:
            return j == m and swapped
        if word_start(cuda, i):
            for c, mu in SWAPS_BY_FIRST.get(cuda[i], ()):
                if (cuda.startswith(c, i) and musa.startswith(mu, j)
                        and word_end(cuda, i + len(c), c)
                        and go(i + len(c), j + len(mu), True)):
                    return True
        return j < m and cuda[i] == musa[j] and go(i + 1, j + 1, swapped)

    return go(0, 0, False)


def leftover_word(name):
    """The first whole CUDA word (a swap key) still in name, or None."""
    for i in range(len(name)):
        if word_start(name, i):
            for c, _m in SWAPS_BY_FIRST.get(name[i], ()):
                if name.startswith(c, i) and word_end(name, i + len(c), c):
                    return c
    return None


# Include guards (CUBLAS_V2_H_, NV_NPPI_H, __CUDA_FP16_H__): their MUSA
# spelling is whatever Moore Threads' header authors chose, which the bulk
# table does not know; it is not even consistent about them
# (NV_NPPI_H -> MT_MTPPI_H but NV_NPPI_FILTERING_FUNCTIONS_H ->
# NV_MTPPI_FILTERING_FUNCTIONS_H; cublas_v2.h is mublas.h, yet
# CUBLAS_V2_H_ -> MUBLAS_V2_H_). A renamed `#ifdef CUBLAS_V2_H_` that names
# no real guard silently flips, so only an observed guard is kept.
HEADER_GUARD = re.compile(r".*_(H|HPP|HH|INCLUDED)_*\Z")

# ---------------------------------------------------------------------------
# Input


def read_tsv(path, ncols):
    rows = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) < ncols:
                sys.exit("%s:%d: expected %d tab-separated columns"
                         % (path, lineno, ncols))
            rows.append(parts[:ncols])
    return rows


class StrLoader(yaml.SafeLoader):
    """Every scalar is a string, as in cuda2musa's own loader (libyaml)."""


StrLoader.yaml_implicit_resolvers = {}


def split_qualified(name):
    return [p.strip() for p in name.split("::") if p.strip()]


class Curated:
    """What the curated mapping files say."""

    def __init__(self):
        self.files = []
        self.keys = set()         # identifier keys (to, keep, unsupported)
        self.renames = {}         # identifier key -> MUSA name
        self.targets = set()      # every 'to' of identifiers and qualified
        self.qual_first = set()   # first part of each qualified name
        self.patterns = []        # (compiled regex, literal prefix, to)

    def load(self, mappings_dir, skip):
        names = sorted(n for n in os.listdir(mappings_dir)
                       if (n.endswith(".yaml") or n.endswith(".yml"))
                       and not n.startswith(".") and n != skip)
        for name in names:
            path = os.path.join(mappings_dir, name)
            with open(path, encoding="utf-8") as f:
                doc = yaml.load(f, Loader=StrLoader) or {}
            self.files.append(name)
            if doc.get("tier") == "generated":
                sys.exit("%s: another generated tier; this script only knows "
                         "how to rank itself below curated files" % path)
            for key, val in (doc.get("identifiers") or {}).items():
                self.keys.add(key)
                to = val.get("to") if isinstance(val, dict) else val
                if isinstance(to, str):
                    self.renames[key] = to
                    self.targets.add(to)
            for key, val in (doc.get("qualified") or {}).items():
                parts = split_qualified(key)
                if parts:
                    self.qual_first.add(parts[0])
                to = val.get("to") if isinstance(val, dict) else val
                if isinstance(to, str):
                    self.targets.update(split_qualified(to))
            for rule in doc.get("patterns") or []:
                try:
                    rx = re.compile(rule["match"])
                except (re.error, KeyError, TypeError) as e:
                    sys.exit("%s: pattern %r: %s" % (path, rule, e))
                lit = re.match(r"[A-Za-z0-9_]*", rule["match"]).group(0)
                self.patterns.append((rx, lit, rule.get("to", "")))

    def pattern_result(self, name):
        """What the curated patterns make of name, as cuda2musa does it:
        the longest match wins, a tie goes to the later rule."""
        best, best_len = None, -1
        for rx, _lit, to in self.patterns:
            mt = rx.match(name)
            if mt and mt.end() >= best_len:
                best, best_len = to + name[mt.end():], mt.end()
        return best

    def pattern_renames(self, name):
        return any(rx.match(name) for rx, _lit, _to in self.patterns)

    def pattern_can_produce(self, name):
        """True when some curated pattern turns another name into name (so
        a generated entry for name would rename a pattern's output)."""
        for rx, lit, to in self.patterns:
            if to and name.startswith(to):
                src = lit + name[len(to):]
                mt = rx.match(src)
                if mt and mt.end() == len(lit) and src != name:
                    return True
        return False


# ---------------------------------------------------------------------------
# Lint

REASONS = [
    ("curated", "CUDA name has a curated entry (identifier key or first part "
                "of a qualified name)"),
    ("not_identifier", "rule 1: not two different C identifiers"),
    ("bare_word", "rule 1b: a lone lower-case prefix word that code uses "
                  "for its own names (cu, cupti)"),
    ("not_prefix_swap", "rule 2: MUSA name is not the CUDA name with "
                        "whole-word prefix swaps"),
    ("partial_swap", "rule 2: MUSA name still holds a whole CUDA word"),
    ("header_guard", "rule 2b: unobserved include guard"),
    ("contradicted", "rule 3: unobserved, while another MUSA name for the "
                     "same CUDA name is observed"),
    ("pattern_remaps", "rule 4: a curated pattern would rename the MUSA name "
                       "again"),
    ("chain", "rule 3: MUSA name is itself mapped, or CUDA name is the "
              "output of a curated mapping (a second port would change it)"),
]


# Prefix words that are also ordinary names on their own (rule 1b).
BARE_WORDS = {"cu", "cupti"}


def lint(general, other, observed, cur):
    """Returns (kept {cuda: musa}, dropped {reason: [(cuda, musa)]})."""
    alternatives = {}
    for cuda, musa, _src in other:
        alternatives.setdefault(cuda, set()).add(musa)
    dropped = {r: [] for r, _ in REASONS}
    candidates = {}
    for cuda, musa in general:
        if cuda in cur.keys or cuda in cur.qual_first:
            dropped["curated"].append((cuda, musa))
            continue
        if not (IDENT.match(cuda) and IDENT.match(musa)) or cuda == musa:
            dropped["not_identifier"].append((cuda, musa))
            continue
        if cuda in BARE_WORDS:
            # A whole token: `int cu = 1;` is the user's variable, and
            # `CUdevice_attribute cu;` a member in CUDA's own headers.
            dropped["bare_word"].append((cuda, musa))
            continue
        if not is_prefix_swap(cuda, musa):
            dropped["not_prefix_swap"].append((cuda, musa))
            continue
        if leftover_word(musa):
            # NPP_HALF_TO_NPP16F -> MTPP_HALF_TO_NPP16F, while the table
            # has Npp16f -> Mtpp16f: half-ported, and a later rule could
            # rename the output again.
            dropped["partial_swap"].append((cuda, musa))
            continue
        if musa not in observed and HEADER_GUARD.match(cuda):
            dropped["header_guard"].append((cuda, musa))
            continue
        if musa not in observed:
            # A curated pattern's result counts as another curated MUSA
            # name. An unobserved one does not beat the row: an exact entry
            # of any tier ranks above a pattern, as the generic prefix rules
            # are only a fallback (musa_mappings.md section 4), and the bulk
            # table knows inner words (cudaErrorNvlinkUncorrectable ->
            # musaErrorMtlinkUncorrectable) that the prefix patterns miss.
            by_pattern = cur.pattern_result(cuda)
            others = set(alternatives.get(cuda, ()))
            if cuda in cur.renames:
                others.add(cur.renames[cuda])
            if by_pattern:
                others.add(by_pattern)
            if any(o != musa and o in observed for o in others):
                dropped["contradicted"].append((cuda, musa))
                continue
        if cur.pattern_renames(musa):
            dropped["pattern_remaps"].append((cuda, musa))
            continue
        candidates[cuda] = musa
    # Chains are judged against every candidate, so the result does not
    # depend on the order of the rows.
    kept = {}
    for cuda, musa in candidates.items():
        if (musa in candidates or musa in cur.keys or cuda in cur.targets
                or cur.pattern_can_produce(cuda)):
            dropped["chain"].append((cuda, musa))
        else:
            kept[cuda] = musa
    return kept, dropped


# Rows the lint must keep and drop (run with --self-test).
SELF_TEST_KEEP = [
    ("cuMemAlloc_v2", "muMemAlloc_v2"), ("CUresult", "MUresult"),
    ("CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK",
     "MU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK"),
    ("cudaErrorCudartUnloading", "musaErrorMusartUnloading"),
    ("nppiAdd_8u_C1RSfs", "mtppiAdd_8u_C1RSfs"),
    ("cusparseCreate", "musparseCreate"), ("NVTX_VERSION", "MTTX_VERSION"),
    ("CUDA_ARRAY3D_CUBEMAP", "MUSA_ARRAY3D_CUBEMAP"),
    ("cudaCreateChannelDescNV12", "musaCreateChannelDescNV12"),
    ("CUBLASLT_EPILOGUE_BIAS", "MUBLASLT_EPILOGUE_BIAS"),
    ("CUpti_ActivityKind", "MUpti_ActivityKind"),
    ("CUGLDeviceList", "MUGLDeviceList"), ("Npp8u", "Mtpp8u"),
    ("NppiSize", "MtppiSize"), ("__nv_fp8_e4m3", "__mt_fp8_e4m3"),
    ("cudaNvSciSyncAttrSignal", "musaMtSciSyncAttrSignal"),
]
SELF_TEST_DROP = [
    ("NV_NPPI_COLOR_CONVERSION_H", "NV_MTPPI_COLOR_CMTVERSION_H"),
    ("nCutoffValue", "nMutoffValue"), ("pCubin", "pMubin"),
    ("fatCubin", "fatMubin"), ("__nvvm_ldg_c", "__mtvm_ldg_c"),
    ("NV_NPP_H", "MT_MTPP_H"),  # include guard (rule 2b)
    ("CUDA_ARRAY3D_CUBEMAP", "MUSA_ARRAY3D_MUBEMAP"),
    ("CUDA_CUSTOM", "MUSA_MUSTOM"), ("cudaChannelNV12", "musaChannelMT12"),
    ("cusolverDnCungqr", "musolverDnMungqr"), ("HGPUNV", "HGPUMT"),
    ("cudaFoo", "cudaFoo"), ("cuda-x", "musa-x"),
    ("NPP_HALF_TO_NPP16F", "MTPP_HALF_TO_NPP16F"),  # partial swap
    ("cu", "mu"),  # bare word (rule 1b)
]


def self_test():
    bad = []
    for cuda, musa in SELF_TEST_KEEP:
        if (not is_prefix_swap(cuda, musa) or leftover_word(musa)
                or HEADER_GUARD.match(cuda)):
            bad.append("should keep %s -> %s" % (cuda, musa))
    for cuda, musa in SELF_TEST_DROP:
        if (IDENT.match(cuda) and IDENT.match(musa) and cuda != musa
                and cuda not in BARE_WORDS
                and is_prefix_swap(cuda, musa) and not leftover_word(musa)
                and not HEADER_GUARD.match(cuda)):
            bad.append("should drop %s -> %s" % (cuda, musa))
    for line in bad:
        print("gen_bulk_tier: self-test: " + line, file=sys.stderr)
    print("self-test: %d passed, %d failed"
          % (len(SELF_TEST_KEEP) + len(SELF_TEST_DROP) - len(bad), len(bad)))
    return 1 if bad else 0


# ---------------------------------------------------------------------------
# Output

_RESOLVER = yaml.resolver.Resolver()


def scalar(s):
    """s as a plain YAML scalar, quoted only when YAML would not read it
    back as that string (true, null, on, y, ...)."""
    tag = _RESOLVER.resolve(yaml.ScalarNode, s, (True, False))
    if tag == "tag:yaml.org,2002:str":
        return s
    return "'%s'" % s


def render(kept, dropped, nread, cur, nobserved, nother):
    nkept_observed = sum(1 for m in kept.values() if m in OBSERVED)
    lines = [
        "# Generated by tools/gen_bulk_tier.py from tools/data/%s; do not edit."
        % GENERAL_TSV,
        "#",
        "# Inputs:",
        "#   tools/data/%s  %d rows (Moore Threads' general.json)"
        % (GENERAL_TSV, nread),
        "#   tools/data/%s  %d rows (other sources, other MUSA names)"
        % (OTHER_TSV, nother),
        "#   tools/data/%s  %d names seen in MUSA code"
        % (OBSERVED_TSV, nobserved),
        "#   mappings/: %s" % ", ".join(cur.files),
        "# Re-run the script after editing a curated file: CI checks that",
        "# this file is up to date (python3 tools/gen_bulk_tier.py --check).",
        "#",
        "# Kept %d of %d rows (%d with an observed MUSA name). Dropped:"
        % (len(kept), nread, nkept_observed),
    ]
    for reason, text in REASONS:
        lines.append("#   %-16s %5d  %s" % (reason, len(dropped[reason]), text))
    lines += [
        "#",
        "# A generated tier ranks below every curated file.",
        "version: 1",
        "domain: generated",
        "tier: generated",
        "source: musify_general",
        "identifiers:",
    ]
    for cuda in sorted(kept):
        lines.append("  %s: %s" % (scalar(cuda), scalar(kept[cuda])))
    return "\n".join(lines) + "\n"


def examples(rows, n=3):
    """n rows spread over the sorted list: more telling than the first n."""
    rows = sorted(rows)
    if len(rows) <= n:
        return rows
    return [rows[i * (len(rows) - 1) // (n - 1)] for i in range(n)]


def summary(kept, dropped, nread):
    out = ["gen_bulk_tier: %d rows read, %d kept (%d with an observed MUSA "
           "name), %d dropped"
           % (nread, len(kept), sum(1 for m in kept.values() if m in OBSERVED),
              nread - len(kept))]
    for reason, text in REASONS:
        rows = dropped[reason]
        ex = ", ".join("%s -> %s" % r for r in examples(rows))
        out.append("  %-16s %5d  %s%s" % (reason, len(rows), text,
                                          ("\n      e.g. " + ex) if ex else ""))
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Refreshing tools/data from the reference directory


def import_reference(refdir):
    ref = os.path.join(refdir, "musa_mappings_reference.tsv")
    obs = os.path.join(refdir, "musa_observed_symbols.tsv")
    rows = read_tsv(ref, 4)
    if rows and rows[0][0] == "cuda_name":
        rows = rows[1:]
    general = {}
    for cuda, musa, _kind, sources in rows:
        if GENERAL_TAG in [s.strip() for s in sources.split(",")]:
            if not (IDENT.match(cuda) and IDENT.match(musa)):
                continue  # the loader only takes identifier rows
            if cuda in general and general[cuda] != musa:
                sys.exit("%s: %s has two %s names" % (ref, cuda, GENERAL_TAG))
            general[cuda] = musa
    other = sorted((cuda, musa, sources) for cuda, musa, _k, sources in rows
                   if cuda in general and musa != general[cuda])
    symbols = sorted({r[0] for r in read_tsv(obs, 1)} - {"#symbol"})
    os.makedirs(DATA, exist_ok=True)
    src = "musa_mappings_reference.tsv"
    with open(os.path.join(DATA, GENERAL_TSV), "w", encoding="utf-8") as f:
        f.write("# cuda<TAB>musa: the identifier rows of %s tagged %s\n"
                "# (Moore Threads' torch_musa/utils/mapping/general.json), "
                "sorted.\n# Refresh: tools/gen_bulk_tier.py --import-reference "
                "DIR\n" % (src, GENERAL_TAG))
        for cuda in sorted(general):
            f.write("%s\t%s\n" % (cuda, general[cuda]))
    with open(os.path.join(DATA, OTHER_TSV), "w", encoding="utf-8") as f:
        f.write("# cuda<TAB>musa<TAB>sources: rows of %s from other sources\n"
                "# whose CUDA name is in %s with another MUSA name.\n"
                "# Refresh: tools/gen_bulk_tier.py --import-reference DIR\n"
                % (src, GENERAL_TSV))
        for r in other:
            f.write("\t".join(r) + "\n")
    with open(os.path.join(DATA, OBSERVED_TSV), "w", encoding="utf-8") as f:
        f.write("# MUSA names seen in code that builds against the MUSA SDK\n"
                "# (first column of musa_observed_symbols.tsv; the file says "
                "where each was seen).\n"
                "# Refresh: tools/gen_bulk_tier.py --import-reference DIR\n")
        for s in symbols:
            f.write(s + "\n")
    print("gen_bulk_tier: wrote tools/data/ (%d %s rows, %d other, %d "
          "observed)" % (len(general), GENERAL_TAG, len(other), len(symbols)),
          file=sys.stderr)


# ---------------------------------------------------------------------------

OBSERVED = set()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if the output file differs from what would "
                         "be generated")
    ap.add_argument("--import-reference", metavar="DIR",
                    help="refresh tools/data/ from DIR first")
    ap.add_argument("--mappings-dir", default=MAPPINGS,
                    help="curated mappings and output directory "
                         "(default: %(default)s)")
    ap.add_argument("--self-test", action="store_true",
                    help="check the lint against known good and bad rows")
    ap.add_argument("-q", "--quiet", action="store_true",
                    help="no summary on stderr")
    args = ap.parse_args(argv)

    if args.self_test:
        return self_test()
    if args.import_reference:
        import_reference(args.import_reference)

    general = read_tsv(os.path.join(DATA, GENERAL_TSV), 2)
    other = read_tsv(os.path.join(DATA, OTHER_TSV), 3)
    OBSERVED.clear()
    OBSERVED.update(r[0] for r in read_tsv(os.path.join(DATA, OBSERVED_TSV),
                                           1))
    cur = Curated()
    cur.load(args.mappings_dir, OUTPUT_NAME)

    kept, dropped = lint(general, other, OBSERVED, cur)
    text = render(kept, dropped, len(general), cur, len(OBSERVED), len(other))
    if not args.quiet:
        print(summary(kept, dropped, len(general)), file=sys.stderr)

    out = os.path.join(args.mappings_dir, OUTPUT_NAME)
    if args.check:
        try:
            with open(out, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = None
        if current != text:
            print("gen_bulk_tier: %s is out of date; run python3 "
                  "tools/gen_bulk_tier.py" % os.path.relpath(out, ROOT),
                  file=sys.stderr)
            return 1
        return 0
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
