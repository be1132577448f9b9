#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The project's build files of real trees, ported: the contract and what
a build needs of them, checked statically (no MUSA SDK, no torch here).

  corpora.py BINARY SOURCE_DIR

For cuda-samples and pytorch_scatter in $C2M_CORPORA, else in
shared/corpora beside the source tree or its parent (each skipped when
absent): every build file keeps its line count, porting the port changes
none, every CUDA name or .cu file name left in a build file is reported at
its line, every file name a CMake file or setup.py gives exists in the
port; pytorch_scatter's setup.py, run against stand-ins for torch and
torch_musa, takes its CUDA branch with MUSAExtension and ported sources,
and so does its port with --rename-project, whose sources are the renamed
csrc/musa/*_musa.mu.
Prints what it checked, one line per problem; exits 1 on any, 77 when
there is nothing to check.
"""
import contextlib
import glob
import io
import os
import re
import subprocess
import sys
import tempfile
import types

problems = []


def bad(msg):
    problems.append(msg)
    print("FAIL:", msg)


def is_build_file(name):
    return (name == "CMakeLists.txt" or name.endswith(".cmake") or
            name.endswith(".cmake.in") or name.endswith(".py") or
            name in ("Makefile", "makefile", "GNUmakefile") or
            name.endswith(".mk"))


def build_files(root):
    for d, dirs, files in os.walk(root):
        for f in files:
            if is_build_file(f):
                yield os.path.relpath(os.path.join(d, f), root)


def port(binary, src, out, args=()):
    r = subprocess.run([binary, *args, "-o", out, src], capture_output=True,
                       text=True)
    if r.returncode != 0:
        bad(f"porting {src}: exit {r.returncode}: {r.stderr[-300:]}")
    return r.stderr


def warned_lines(stderr):
    got = set()
    for line in stderr.splitlines():
        m = re.match(r"(.*?):(\d+):\d+: (warning|error):", line)
        if m:
            got.add((os.path.realpath(m.group(1)), int(m.group(2))))
    return got


LEFT = re.compile(r"CUDA::\w+|\bCMAKE_CUDA_\w+|\bCUDAToolkit\w*|"
                  r"[\w/.${}-]+\.cuh?\b|\bnvcc\b|\bcuda_std_\d+|"
                  r"\bCUDA_SEPARABLE_COMPILATION\b")
# In Python, the names of torch's extension module too.
LEFT_PY = re.compile(LEFT.pattern + r"|\bCUDAExtension\b|\bCUDA_HOME\b")


def code_of(line, python):
    """The line without its comment (roughly: # outside quotes)."""
    q = None
    for i, c in enumerate(line):
        if q:
            if c == q:
                q = None
        elif c in "\"'":
            q = c
        elif c == "#":
            return line[:i]
    return line


def check_contract(binary, name, src, out, stderr, args=()):
    files = sorted(build_files(src))
    warned = warned_lines(stderr)
    again = out + ".again"
    port(binary, out, again, args)
    left = unreported = 0
    for rel in files:
        a, b = os.path.join(src, rel), os.path.join(out, ported_path(rel, args))
        if not os.path.exists(b):
            bad(f"{name}: no port of {rel}")
            continue
        ta = open(a, "rb").read()
        tb = open(b, "rb").read()
        la, lb = ta.count(b"\n"), tb.count(b"\n")
        if la != lb:
            bad(f"{name}: {rel}: {la} -> {lb} lines")
        c = os.path.join(again, ported_path(rel, args))
        if not os.path.exists(c) or open(c, "rb").read() != tb:
            bad(f"{name}: {rel}: porting the port changes it")
        for n, line in enumerate(tb.decode("utf-8", "replace").split("\n"), 1):
            code = code_of(line, rel.endswith(".py"))
            if re.match(r"\s*message\s*\(", code):
                continue  # a message's text
            for m in (LEFT_PY if rel.endswith(".py") else LEFT).finditer(code):
                left += 1
                if (os.path.realpath(a), n) not in warned:
                    unreported += 1
                    bad(f"{name}: {rel}:{n}: '{m.group(0)}' is left and "
                        f"not reported")
    print(f"{name}: {len(files)} build files: lines kept, a second port "
          f"changes none; {left} CUDA names left, {unreported} unreported")
    return files


def check_cmake_names(name, src, out, files):
    """Every .mu/.muh a CMake file names exists in the port, when the
    .cu/.cuh it was named before existed."""
    named = missing = 0
    for rel in files:
        if rel.endswith(".py"):
            continue
        d = os.path.dirname(os.path.join(out, rel))
        text = open(os.path.join(out, rel), errors="replace").read()
        for line in text.split("\n"):
            code = code_of(line, False)
            if re.match(r"\s*message\s*\(", code):
                continue
            for m in re.finditer(r"(\$\{CMAKE_CURRENT_(?:SOURCE|LIST)_DIR\}/)?"
                                 r"([\w/.*-]+\.muh?)\b", code):
                p = m.group(2)
                was = p[:-2] + "cu" if p.endswith(".mu") else p[:-3] + "cuh"
                sd = os.path.join(src, os.path.relpath(d, out))
                if "*" in p:
                    ok = bool(glob.glob(os.path.join(d, p)))
                    if not glob.glob(os.path.join(sd, was)):
                        continue
                else:
                    ok = os.path.exists(os.path.join(d, p))
                    if not os.path.exists(os.path.join(sd, was)):
                        continue
                named += 1
                if not ok:
                    missing += 1
                    bad(f"{name}: {rel}: '{p}' names no file of the port")
    print(f"{name}: {named} MUSA file names in CMake files, {missing} "
          f"missing")


def run_setup(out):
    """Run the ported setup.py against stand-ins: what get_extensions
    makes when torch.musa sees a GPU and MUSA_HOME is set."""
    made = []

    class Ext:
        def __init__(self, kind, name, sources, **kw):
            made.append((kind, name, list(sources), kw))

    def ext(kind):
        return lambda name, sources, **kw: Ext(kind, name, sources, **kw)

    class BuildExtension:
        @staticmethod
        def with_options(**kw):
            return BuildExtension

    torch = types.ModuleType("torch")
    torch.musa = types.SimpleNamespace(is_available=lambda: True)
    torch.cuda = types.SimpleNamespace(is_available=lambda: False)
    torch.version = types.SimpleNamespace(hip=None, cuda=None)
    config = types.ModuleType("torch.__config__")
    config.parallel_info = lambda: ""
    torch_musa = types.ModuleType("torch_musa")
    utils = types.ModuleType("torch_musa.utils")
    me = types.ModuleType("torch_musa.utils.musa_extension")
    me.MUSAExtension = ext("MUSAExtension")
    me.BuildExtension = BuildExtension
    # What torch_musa's module does not provide stays torch's.
    tutils = types.ModuleType("torch.utils")
    cpp = types.ModuleType("torch.utils.cpp_extension")
    cpp.CppExtension = ext("CppExtension")
    torch.utils = tutils
    tutils.cpp_extension = cpp
    me.MUSA_HOME = "/usr/local/musa"
    setuptools = types.ModuleType("setuptools")
    setuptools.setup = lambda **kw: None
    setuptools.find_packages = lambda *a, **kw: []
    stubs = {"torch": torch, "torch.__config__": config,
             "torch.utils": tutils, "torch.utils.cpp_extension": cpp,
             "torch_musa": torch_musa, "torch_musa.utils": utils,
             "torch_musa.utils.musa_extension": me,
             "setuptools": setuptools}
    saved = {k: sys.modules.get(k) for k in stubs}
    sys.modules.update(stubs)
    cwd = os.getcwd()
    try:
        os.chdir(out)
        code = compile(open("setup.py").read(), "setup.py", "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, {"__name__": "__main__", "__file__": "setup.py"})
    finally:
        os.chdir(cwd)
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    return made


def ported_path(rel, args):
    """Where a build file is in the port: its directories renamed with
    --rename-project (csrc/cuda/CMakeLists.txt -> csrc/musa/...)."""
    if "--rename-project" not in args:
        return rel
    parts = rel.split("/")
    for i, p in enumerate(parts[:-1]):
        for a, b in (("cuda", "musa"), ("CUDA", "MUSA"), ("Cuda", "Musa")):
            p = p.replace(a, b)
        parts[i] = p
    return "/".join(parts)


def check_scatter(src, out, renamed=False):
    made = run_setup(out)
    musa = [m for m in made if m[0] == "MUSAExtension"]
    if not musa:
        bad("pytorch_scatter: setup.py makes no MUSAExtension (the CUDA "
            "branch is not taken)")
    for kind, name, sources, kw in musa:
        # torch_scatter._scatter_cuda: csrc/cuda/scatter_cuda.cu before
        stem = name.split("._", 1)[-1].rsplit("_", 1)[0]
        cu = os.path.join("csrc", "cuda", stem + "_cuda.cu")
        mu = (os.path.join("csrc", "musa", stem + "_musa.mu") if renamed
              else cu[:-2] + "mu")
        if os.path.exists(os.path.join(src, cu)) and mu not in sources:
            bad(f"pytorch_scatter: {name} lacks {mu}: {sources}")
        for s in sources:
            if not os.path.exists(os.path.join(out, s)):
                bad(f"pytorch_scatter: {name}: '{s}' is not in the port")
            if s.endswith(".cu") or (renamed and "cuda" in s):
                bad(f"pytorch_scatter: {name}: '{s}' was not renamed")
        args = kw.get("extra_compile_args", {})
        if "mcc" not in args or "nvcc" in args:
            bad(f"pytorch_scatter: {name}: compile args keys {list(args)}")
        if any(f.startswith("--expt") for f in args.get("mcc", [])):
            bad(f"pytorch_scatter: {name}: nvcc options left: {args['mcc']}")
    how = " (--rename-project: csrc/musa/*_musa.mu)" if renamed else ""
    print(f"pytorch_scatter: setup.py{how} makes {len(musa)} "
          f"MUSAExtension(s) of {len(made)}, with the ported sources of "
          f"each and 'mcc' options")


def corpora_dir(source):
    env = os.environ.get("C2M_CORPORA")
    if env:
        return env
    for rel in ("../shared/corpora", "../../shared/corpora"):
        d = os.path.join(source, rel)
        if os.path.isdir(d):
            return d
    return None


def main():
    binary = os.path.abspath(sys.argv[1])
    corpora = corpora_dir(sys.argv[2])
    if not corpora:
        print("no corpora (set C2M_CORPORA): skipped")
        return 77
    checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("cuda-samples", "pytorch_scatter"):
            src = os.path.join(corpora, name)
            if not os.path.isdir(src):
                print(f"{name}: not there (skipped)")
                continue
            checked += 1
            out = os.path.join(tmp, name)
            stderr = port(binary, src, out)
            files = check_contract(binary, name, src, out, stderr)
            check_cmake_names(name, src, out, files)
            if name == "pytorch_scatter":
                check_scatter(src, out)
                # The project's own names and directories renamed too:
                # the setup follows csrc/cuda/ -> csrc/musa/.
                rp = ("--rename-project",)
                out = os.path.join(tmp, name + ".rp")
                stderr = port(binary, src, out, rp)
                check_contract(binary, name + " --rename-project", src, out,
                               stderr, rp)
                check_scatter(src, out, renamed=True)
    if not checked:
        return 77
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
