# A mistyped option is named, with the one meant when one is close; an
# ambiguous abbreviation lists what it could be.
for a in --dryrun --dry-rn=1 --d --exlude=x --colour --statss -Whazrd \
    -Werror=unsuported -Wno-hazrd --frobnicate; do
    $C2M $a k.cu 2>err; echo "exit $?"; head -1 err
done
