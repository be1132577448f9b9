# A default ACL on the output directory takes the umask's place when files
# are made there: outputs must still get their inputs' permission bits.
# Skipped where the file system has no ACLs (or there is no python3 to
# set one: setfacl is not always installed).
mkdir -p src out
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'int x;\n' >src/b.cpp
chmod 644 src/a.cu
chmod 755 src/b.cpp
# default:user::rwx, default:group::r-x, default:other::---
python3 -c '
import os, struct, sys
acl = struct.pack("<I", 2) + b"".join(struct.pack("<HHI", tag, perm, 0xFFFFFFFF)
                                     for tag, perm in [(1, 7), (4, 5), (0x20, 0)])
os.setxattr(sys.argv[1], "system.posix_acl_default", acl)' out 2>/dev/null ||
    { echo "no ACLs here: skipped"; exit 77; }
(umask 022 && $C2M -q -o out src); echo "port: $?"
ls -l out/a.mu out/b.cpp out/musa.mk | cut -c1-10
