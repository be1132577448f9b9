# The README's first command, a dry run of the bundled example: its own
# macros CUDA_CHECK and CUBLAS_CHECK are not listed as CUDA that nothing
# maps; CUBLAS_CHECK is renamed at its #define and every use (the cuBLAS
# family's rule), CUDA_CHECK nowhere; with --rename-project, both.
cp -r "$TOP/examples/saxpy" saxpy
$C2M --dry-run -o out saxpy >diff; echo "dry run: $?"
echo "CUBLAS_CHECK in, MUBLAS_CHECK out: $(grep -c '^-.*CUBLAS_CHECK' diff), $(grep -c '^+.*MUBLAS_CHECK' diff)"
echo "MUSA_CHECK out: $(grep -c '^+.*MUSA_CHECK' diff)"
$C2M -q --rename-project --dry-run -o out saxpy >diff; echo "renamed: $?"
echo "CUDA_CHECK in, MUSA_CHECK out: $(grep -c '^-.*CUDA_CHECK' diff), $(grep -c '^+.*MUSA_CHECK' diff)"
