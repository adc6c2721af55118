#!/usr/bin/env bash
# bundle_test.sh BUILD OUTDIR FAKE_LIBCUDA CC [CFLAGS...]
# Creates the GPU-host bundle from this build and checks it: a manifest
# line per test of programs.txt, sm_80 and sm_90 cubins, inputs and the
# interpreter's expected outputs, under 60 MiB; its run mode reports
# "SKIPPED: no CUDA driver/GPU" (exit 77) without a driver; and with the
# fake driver (test/gpu/fake_cuda.c) every test function goes through the
# runner, the stub and the runtime: buffers, module load, kernel lookup and
# launches whose parameters are read as the PTX declares them.
set -euo pipefail
build=$1 out=$2 fake=$3 cc=$4
shift 4
cflags=("$@")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }

rm -rf "$out" && mkdir -p "$out"
bash "$here/bundle.sh" create "$out/bundle" --build="$build"
b=$out/bundle
tests=$(grep -c '^test ' "$here/programs.txt")
[ "$(grep -c '^test ' "$b/manifest.txt")" = "$tests" ] || fail "manifest lacks tests"
[ -f "$b/runtime/cuda.c" ] && [ -f "$b/runtime/cuda.h" ] && [ -f "$b/src/runner.c" ] &&
  [ -f "$b/bundle.sh" ] || fail "sources missing from the bundle"
while read -r kind prog func rest; do
  for arch in sm_80 sm_90; do
    [ "$(head -c 4 "$b/cubin/$prog.$arch.cubin" | od -An -c | tr -d ' ')" = '177ELF' ] ||
      fail "$prog.$arch.cubin"
  done
  [ "$kind" = test ] || continue
  ls "$b/data/$prog/$func/expected/"arg*.txt > /dev/null || fail "no expected output for $func"
  ls "$b/data/$prog/$func/"arg*.bin > /dev/null || fail "no inputs for $func"
done < "$b/manifest.txt"
kib=$(du -sk "$b" | cut -f1)
[ "$kib" -lt $((60 * 1024)) ] || fail "bundle is $kib KiB"

# No driver: a visible skip, never a pass.
rc=0
log=$(bash "$b/bundle.sh" run "$b" --lib=/nonexistent/libcuda.so.1 2>&1) || rc=$?
echo "$log"
[ $rc = 77 ] || fail "run without a driver exited $rc, not 77"
grep -q '^SKIPPED: no CUDA driver/GPU: cannot load /nonexistent/libcuda.so.1' <<<"$log" ||
  fail "no SKIPPED reason"

# Without a C compiler on the GPU host the prebuilt runners serve.
rc=0
log=$(CC=/nonexistent/cc bash "$b/bundle.sh" run "$b" --lib=/nonexistent/libcuda.so.1 2>&1) || rc=$?
[ $rc = 77 ] || fail "prebuilt runners: exit $rc: $log"
grep -q 'using the runners prebuilt' <<<"$log" || fail "prebuilt runners not used: $log"

# The fake driver: every test function runs through stub and runtime.
n=0
while read -r kind prog func rest; do
  r=$out/runner-$prog
  [ -x "$r" ] || "$cc" -std=c11 "${cflags[@]}" -I"$b" -I"$b/src" -DARI_PROGRAM="${prog}_info" \
    "$b/src/runner.c" "$b/src/$prog.c" "$b/runtime/cuda.c" -o "$r" -ldl -lm
  [ "$kind" = test ] || continue
  log=$("$r" bench "$func" --reps=2 --lib="$fake") || fail "$func with the fake driver: $log"
  grep -q '^device: Fake GPU (sm_90)' <<<"$log" || fail "$func: $log"
  grep -q "^module: $b/cubin/$prog.sm_90.cubin" <<<"$log" && fail "fake loaded a cubin unasked"
  n=$((n + 1))
done < "$b/manifest.txt"
# A C program calls a compiled function like a function (the stub's
# _host and buffer forms), with the lazy copies the runtime promises.
repo=$(cd "$here/../.." && pwd)
"$cc" -std=c11 "${cflags[@]}" -Wall -Wextra -Werror -I"$repo" -I"$b/src" \
  "$here/stub_call_test.c" "$b/src/matvec_gpu.c" "$repo/runtime/cuda.c" -o "$out/stub_call_test" -ldl
"$out/stub_call_test" "$fake" || fail "stub_call_test"

# The cubin of the device's architecture is preferred when present.
read -r _ prog func _ < "$b/manifest.txt"
log=$("$out/runner-$prog" bench "$func" --reps=1 --lib="$fake" --cubin-dir="$b/cubin")
grep -q "^module: $b/cubin/$prog.sm_90.cubin" <<<"$log" || fail "cubin not chosen: $log"
# A missing input file is an error, not a pass.
rc=0
"$out/runner-$prog" check "$func" "$out/nowhere" --lib="$fake" || rc=$?
[ $rc = 1 ] || fail "check with missing inputs exited $rc"
# The SGEMM comparison path: without cuBLAS (or a GPU for it) it says so.
if [ -x "$out/runner-matmul_gpu" ]; then
  log=$("$out/runner-matmul_gpu" bench matmul_gpu_small --reps=1 --lib="$fake" --sgemm=0,1,2 \
        --flops=1572864 --cublas=/nonexistent/libcublas.so) || fail "sgemm path: $log"
  grep -q '^cuBLAS: SKIPPED' <<<"$log" || fail "no cuBLAS line: $log"
  grep -q 'TFLOP/s' <<<"$log" || fail "no TFLOP/s: $log"
  rc=0
  "$out/runner-matmul_gpu" bench matmul_gpu_small --reps=1 --lib="$fake" --sgemm=0,1 || rc=$?
  [ $rc = 2 ] || fail "bad --sgemm accepted ($rc)"
fi
# The Harris comparison path: the fake computes nothing, so the check must
# report a difference (and fail).
if [ -x "$out/runner-harris_gpu" ]; then
  rc=0
  log=$("$out/runner-harris_gpu" bench harris_gpu_small --reps=1 --lib="$fake" --harris=0,1) || rc=$?
  [ $rc = 1 ] || fail "harris path exited $rc: $log"
  grep -q '^naive C Harris, 1 CPU thread: best' <<<"$log" || fail "no C Harris time: $log"
  grep -q 'DIFFER' <<<"$log" || fail "harris check cannot fail: $log"
fi
# MLIR's host code (the mgpu runners): every test is listed twice, and on
# the fake driver the host code loads its modules and launches through
# runtime/mgpu.c. The fake computes nothing, so the check fails, as it must.
[ "$(grep -c '^mgpu ' "$b/manifest.txt")" = "$tests" ] || fail "manifest lacks mgpu lines"
m=0
while read -r kind prog func rest; do
  [ "$kind" = mgpu ] || continue
  r=$out/mgpu-$prog
  [ -x "$r" ] || "$cc" -std=c11 "${cflags[@]}" -I"$b" -I"$b/src" -DARI_PROGRAM="${prog}_info" -DARI_MGPU \
    "$b/src/runner.c" "$b/src/$prog.c" "$b/obj/$prog.host.o" "$b/runtime/cuda.c" "$b/runtime/mgpu.c" \
    -rdynamic -pthread -o "$r" -ldl -lm
  rc=0
  log=$(ARIADNE_LIBCUDA=$fake "$r" check "$func" "$b/data/$prog/$func" --lib="$fake" 2>&1) || rc=$?
  [ $rc = 1 ] || fail "mgpu check of $func on the fake driver exited $rc: $log"
  grep -q "^host code: MLIR's" <<<"$log" || fail "$func: $log"
  grep -q 'outside tolerance' <<<"$log" || fail "$func: nothing compared: $log"
  m=$((m + 1))
done < "$b/manifest.txt"
echo "bundle ok: $tests tests, $n run through the fake driver (and $m through MLIR's host code), $kib KiB"
