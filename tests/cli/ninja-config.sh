# musa_config.ninja follows --musa-arch and MUSA_HOME while it is as
# cuda2musa wrote it (from a review: it was written once, so build.ninja
# built for mp_22 after a port for mp_31, and --check passed); once
# edited, it is kept, and said when it builds for other architectures.
mkdir src
printf '__global__ void k() {}\nint main() { k<<<1, 1>>>(); }\n' >src/k.cu
$C2M -q -o out src
grep '^musa_arch_flags\|^musa_home' out/musa_config.ninja
$C2M -q --check --musa-arch mp_31 -o out src >log; echo "check: $?"
grep config log
MUSA_HOME=/opt/musa $C2M -q --musa-arch mp_21,mp_31 -o out src; echo "port: $?"
grep '^musa_arch_flags\|^musa_home' out/musa_config.ninja
echo "-- an older version's comment: still cuda2musa's"
sed -i '1,2c\# Settings for build.ninja. cuda2musa wrote this file once; it is yours now:\n# re-ports keep it as it is.' out/musa_config.ninja
$C2M -q -o out src
grep '^musa_arch_flags\|^musa_home' out/musa_config.ninja
echo "-- edited: kept"
sed -i 's/^musaflags =$/musaflags = -O3/' out/musa_config.ninja
$C2M -q -o out src 2>&1; echo "same settings: $?"
$C2M -q --musa-arch mp_31 -o out src 2>&1; echo "other arch: $?"
grep '^musa_arch_flags\|^musaflags' out/musa_config.ninja
$C2M -q --check --musa-arch mp_31 -o out src >log; echo "check: $?"
grep config log || echo "musa_config.ninja: not listed"
