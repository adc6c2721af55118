#!/usr/bin/env bash
# mgpu_abi.sh LLVM_ROOT PLUGIN MGPU_LIB FAKE_LIB REPO OUTDIR CC [CFLAGS...]
# 1. Coverage: every GPU program (as in ptxas_examples.sh) is lowered with
#    rise-to-nvvm{host=llvm} + gpu-module-to-binary (format=isa: PTX, JIT-
#    loaded; format=bin: a cubin) and translated to LLVM IR; every mgpu*
#    function the IR declares must be defined by libariadne_mgpu.so, so a
#    new call emitted by the pipeline fails this test; so must every one
#    that test/gpu/mgpu_ops.mlir (the other gpu host ops) lowers to.
# 2. Execution: matvec_gpu's host IR is compiled, linked with
#    test/gpu/mgpu_host_main.c against libariadne_mgpu.so and run on the
#    fake driver (ARIADNE_LIBCUDA), which records the launch it made.
set -euo pipefail
llvm=$1 plugin=$2 mgpu=$3 fake=$4 repo=$5 out=$6 cc=$7
shift 7
cflags=("$@")
rm -rf "$out" && mkdir -p "$out"

# A sanitized plugin in Debian's (uninstrumented) mlir-opt needs the
# shared ASan runtime preloaded, as in test/lit/lit.cfg.py.
pre=()
case " ${cflags[*]} " in
  *-fsanitize=address*)
    rt=$("$cc" -print-file-name=libclang_rt.asan-x86_64.so)
    [ -f "$rt" ] || { echo "sanitized build, but no shared ASan runtime"; exit 1; }
    pre=(env "LD_PRELOAD=$rt" "ASAN_OPTIONS=detect_leaks=0") ;;
esac
opt() { "${pre[@]}" "$llvm/bin/mlir-opt" --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" "$@"; }

files=$(cd "$repo" && { grep -l 'rise.kernel' test/examples/*.mlir || true;
                        awk '$1 == "test" || $1 == "bench" { print $2 }' test/gpu/programs.txt; } | sort -u)
[ -n "$files" ] || { echo "FAIL: no GPU programs found"; exit 1; }
nm -D --defined-only "$mgpu" | awk '{ print $3 }' | sort -u > "$out/defined.txt"
: > "$out/used.txt"
for f in $files; do
  p=$(basename "$f" .mlir)
  for fmt in isa bin; do
    opt "$repo/$f" -o "$out/$p.$fmt.mlir" \
      --pass-pipeline="builtin.module(rise-to-nvvm{host=llvm},gpu-module-to-binary{format=$fmt})"
    "$llvm/bin/mlir-translate" --mlir-to-llvmir "$out/$p.$fmt.mlir" -o "$out/$p.$fmt.ll"
    used=$(grep -o '^declare [^@]*@mgpu[A-Za-z0-9_]*' "$out/$p.$fmt.ll" | sed 's/.*@//' | sort -u)
    [ -n "$used" ] || { echo "FAIL $f ($fmt): the host IR calls no mgpu* function"; exit 1; }
    echo "$used" >> "$out/used.txt"
    echo "ok $f ($fmt):" $used
  done
done
# The other gpu host operations gpu-to-llvm lowers to mgpu* calls.
"$llvm/bin/mlir-opt" "$repo/test/gpu/mgpu_ops.mlir" --gpu-to-llvm -o "$out/ops.mlir"
"$llvm/bin/mlir-translate" --mlir-to-llvmir "$out/ops.mlir" -o "$out/ops.ll"
ops=$(grep -o '^declare [^@]*@mgpu[A-Za-z0-9_]*' "$out/ops.ll" | sed 's/.*@//' | sort -u)
[ "$(echo "$ops" | wc -l)" -ge 10 ] || { echo "FAIL: mgpu_ops.mlir declares only:" $ops; exit 1; }
echo "ok test/gpu/mgpu_ops.mlir:" $ops
echo "$ops" >> "$out/used.txt"
sort -u -o "$out/used.txt" "$out/used.txt"
missing=$(comm -23 "$out/used.txt" "$out/defined.txt")
if [ -n "$missing" ]; then
  echo "FAIL: libariadne_mgpu.so does not define:" $missing
  exit 1
fi
echo "all $(wc -l < "$out/used.txt") mgpu* functions used by $(echo $files | wc -w) programs and mgpu_ops.mlir are defined"

# Execution of a linked host program on the fake driver.
kernels=$(grep -c 'rise.kernel' "$repo/test/examples/matvec_gpu.mlir")
"$llvm/bin/clang" -c -O1 -Wno-override-module "$out/matvec_gpu.isa.ll" -o "$out/matvec_gpu.o"
"$cc" "${cflags[@]}" -I"$repo" "$repo/test/gpu/mgpu_host_main.c" "$out/matvec_gpu.o" \
  "$mgpu" -Wl,-rpath,"$(dirname "$mgpu")" -ldl -o "$out/mgpu_host_main"
ARIADNE_LIBCUDA=$fake "$out/mgpu_host_main" "$fake" "$kernels"
