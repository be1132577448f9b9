#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check that src/ keeps the layout src/README.md describes.

  layout.py SRC_DIR

- Every folder of src/ is a layer; a file may include headers of its own
  folder and of the folders below it in LAYERS, never above.
- No include cycle between modules (a module is a .c and its .h).
- Only main.c and run/ may end the process (exit, abort, die); below them
  problems are returned. util/diag.c and util/xalloc.c, which implement
  die() and the out-of-memory exit, are the two exceptions.
- No source file over LONGEST lines, but for the few named in BIG with the
  reason each is one thing.
- src/README.md has a paragraph for every folder.

Prints each problem and exits 1 when there is any.
"""
import os
import re
import sys

# Top to bottom: each folder may include those after it.
LAYERS = ["cli", "run", "port", "mapping", "build", "io", "lex", "util"]

# May call exit() and friends: the top of the program...
MAY_EXIT_DIRS = {"run"}
MAY_EXIT_FILES = {"main.c",
                  # ...and what implements die() and the out-of-memory exit.
                  "util/diag.c", "util/xalloc.c"}
EXITS = re.compile(r"\b(exit|_exit|_Exit|quick_exit|abort|die)\s*\(")

LONGEST = 800
BIG = {
    "mapping/mapfile.c": "the YAML front-end: one reader of one format, "
                         "a loader per section of the file",
    "mapping/mapping.c": "the mapping tables: merging by priority, the "
                         "cross-file checks over them and the lookups, "
                         "all on one private struct",
    "port/rewrite.c": "the rewriter: one walk over a file's tokens, its "
                      "state and the handler of each kind of token, "
                      "all on one private struct",
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def strip(text):
    """The C text without comments, strings and character literals."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def folder(rel):
    return rel.split("/")[0] if "/" in rel else None


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "src"
    problems = []
    files = {}
    for dirpath, _, names in os.walk(src):
        for name in names:
            if name.endswith((".c", ".h")):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, src).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as f:
                    files[rel] = f.read()

    for rel in sorted(files):
        top = folder(rel)
        if top is not None and top not in LAYERS:
            problems.append(f"{rel}: folder '{top}' is not a layer of "
                            f"tests/layout.py (add it to LAYERS and to "
                            f"src/README.md)")

    # Includes: known files, and only downwards.
    deps = {}
    for rel, text in sorted(files.items()):
        module = rel[:-2]
        for m in INCLUDE.finditer(strip_keep_includes(text)):
            inc = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            if inc not in files:
                problems.append(f"{rel}:{line}: includes \"{inc}\", which "
                                f"is not a file of src/ (name it from src/)")
                continue
            a, b = folder(rel), folder(inc)
            if a is not None and b is not None and a in LAYERS and \
                    b in LAYERS and LAYERS.index(b) < LAYERS.index(a):
                problems.append(f"{rel}:{line}: {a}/ includes {inc}, of "
                                f"{b}/, a layer above it")
            if a is None and rel != "main.c":
                problems.append(f"{rel}: outside the layers")
            target = inc[:-2]
            if target != module:
                deps.setdefault(module, set()).add(target)

    # Cycles between modules.
    index, low, stack, on, cycles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(deps.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                cycles.append(sorted(scc))

    sys.setrecursionlimit(10000)
    for v in sorted({m[:-2] for m in files}):
        if v not in index:
            visit(v)
    for c in cycles:
        problems.append("include cycle between modules: " + ", ".join(c))

    # Who may end the process.
    for rel, text in sorted(files.items()):
        if not rel.endswith(".c") or rel in MAY_EXIT_FILES or \
                folder(rel) in MAY_EXIT_DIRS:
            continue
        code = strip(text)
        for m in EXITS.finditer(code):
            line = code.count("\n", 0, m.start()) + 1
            problems.append(f"{rel}:{line}: {m.group(1)}() below run/: "
                            f"return the problem (error() returns -1)")

    # Size.
    for rel, text in sorted(files.items()):
        n = text.count("\n")
        if n > LONGEST and rel not in BIG:
            problems.append(f"{rel}: {n} lines, more than {LONGEST}: split "
                            f"it, or name it in BIG with why it is one thing")
    for rel in sorted(BIG):
        if rel not in files:
            problems.append(f"tests/layout.py: BIG names {rel}, which is "
                            f"gone")

    # Every folder described.
    readme = os.path.join(src, "README.md")
    try:
        with open(readme, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        text = ""
        problems.append(f"{readme}: missing")
    for layer in LAYERS:
        if not re.search(r"^#+ *`?%s/`?" % re.escape(layer), text, re.M):
            problems.append(f"{readme}: no section for {layer}/")

    for p in problems:
        print(p)
    if not problems:
        print(f"layout: {len(files)} files in {len(LAYERS)} layers, "
              f"{sum(len(v) for v in deps.values())} includes, no cycle")
    return 1 if problems else 0


def strip_keep_includes(text):
    """The text without comments, so that a commented-out #include does
    not count; strings are kept (an #include names one)."""
    return re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"),
                  text, flags=re.S)


if __name__ == "__main__":
    sys.exit(main())
