# The man pages render cleanly: no groff warning (-ww), no unbalanced
# quotes in what a reader sees (mdoc's quoting macros nest to the end of
# the line), and, where mandoc is installed, nothing its lint warns of.
command -v groff >/dev/null || { echo "groff is not installed"; exit 77; }
for page in cuda2musa.1 cuda2musa-mappings.5; do
    groff -man -Tutf8 -ww -P-cbou "$TOP/man/$page" >$page.txt 2>$page.err
    echo "$page: groff $?, $(wc -l <$page.err) warnings, $(grep -c . $page.txt | awk '{print ($1 > 100) ? "over 100" : $1}') lines"
    cat $page.err
    # In each paragraph quotes pair up: an opening one is not followed by
    # a blank, a closing one not preceded by one.
    awk -v page=$page 'BEGIN { RS = "" } {
        t = $0; gsub(/\n */, " ", t); open = 0
        for (i = 1; i <= length(t); i++) {
            if (substr(t, i, 1) != "\"") continue
            if (!open && substr(t, i + 1, 1) ~ /[ ]|^$/ ||
                open && substr(t, i - 1, 1) == " ") {
                print page ": unbalanced quotes: " t; next
            }
            open = !open
        }
        if (open) print page ": unbalanced quotes: " t
    }' $page.txt
    if command -v mandoc >/dev/null; then
        mandoc -Tlint -Wwarning "$TOP/man/$page" 2>&1 | sed "s|$TOP/||" | grep -v 'outdated mandoc.db'
    fi
done
echo "checked"
