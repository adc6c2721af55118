#!/usr/bin/env bash
# ptxas_examples.sh ARIADNE_COMPILE REPO OUTDIR
# Every GPU program (test/examples/*.mlir with a rise.kernel, and every file
# of test/gpu/programs.txt) compiles to PTX with one .entry per rise.kernel,
# and ptxas accepts that PTX for sm_80 and for sm_90 (ariadne-compile runs
# ptxas for a cubin and fails on any ptxas error).
set -euo pipefail
compile=$1 repo=$2 out=$3
rm -rf "$out" && mkdir -p "$out"
files=$(cd "$repo" && { grep -l 'rise.kernel' test/examples/*.mlir || true;
                        awk '$1 == "test" || $1 == "bench" { print $2 }' test/gpu/programs.txt; } | sort -u)
[ -n "$files" ] || { echo "no GPU programs found"; exit 1; }
n=0
for f in $files; do
  p=$(basename "$f" .mlir)
  kernels=$(grep -c 'rise.kernel' "$repo/$f")
  "$compile" "$repo/$f" --target=nvptx64 --emit=asm -o "$out/$p.ptx"
  entries=$(grep -c '^\.visible \.entry' "$out/$p.ptx")
  if [ "$entries" != "$kernels" ]; then
    echo "FAIL $f: $kernels rise.kernel ops but $entries .entry in the PTX"; exit 1
  fi
  for arch in sm_80 sm_90; do
    "$compile" "$repo/$f" --target=nvptx64 --gpu-arch=$arch -o "$out/$p.$arch.cubin"
    [ "$(head -c 4 "$out/$p.$arch.cubin" | od -An -c | tr -d ' ')" = '177ELF' ] ||
      { echo "FAIL $f: $arch cubin is not ELF"; exit 1; }
  done
  echo "ok $f: $entries kernels, ptxas sm_80 and sm_90"
  n=$((n + 1))
done
echo "ptxas accepted $n GPU programs for sm_80 and sm_90"
