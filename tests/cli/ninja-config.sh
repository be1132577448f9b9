# musa_config.ninja is written once and then the user's: its settings are
# what a user edits, and nothing tells an edit from an earlier port's
# (from a review, which edited them and saw them replaced). A port for
# other architectures or another SDK keeps it and says so (from a
# review: build.ninja built for mp_22 after a port for mp_31, silently).
mkdir src
printf '__global__ void k() {}\nint main() { k<<<1, 1>>>(); }\n' >src/k.cu
$C2M -q -o out src
grep '^musa_arch_flags\|^musa_home' out/musa_config.ninja
MUSA_HOME=/opt/musa $C2M -q --musa-arch mp_21,mp_31 -o out src; echo "port: $?"
grep '^musa_arch_flags\|^musa_home' out/musa_config.ninja
$C2M -q -o out src; echo "same settings: $?"
echo "-- edited"
sed -i 's/mp_22/mp_31/' out/musa_config.ninja
$C2M -q --musa-arch mp_31 -o out src; echo "its settings: $?"
grep '^musa_arch_flags' out/musa_config.ninja
$C2M -q --check --musa-arch mp_31 -o out src; echo "check: $?"
echo "-- removed: written again"
rm out/musa_config.ninja
$C2M -q --musa-arch mp_31 -o out src
grep '^musa_arch_flags' out/musa_config.ninja
