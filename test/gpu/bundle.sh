#!/usr/bin/env bash
# GPU-host bundle: compile here, run there.
#
#   bash test/gpu/bundle.sh create OUT [--build=DIR] [--llvm=DIR] [--no-bench]
#       (here, with LLVM/MLIR/CUDA toolkit) compiles every program listed in
#       test/gpu/programs.txt for sm_80 and sm_90 (cubins) with its C host
#       stub (PTX embedded), and its host code as MLIR lowers it
#       (rise-to-nvvm{host=llvm}, PTX for mgpuModuleLoadJIT) to an object
#       that exports only the _mlir_ciface_* functions, writes seeded random
#       inputs and the outputs the
#       reference interpreter computes for the small test functions, and
#       copies the runtime and the runner sources: OUT needs nothing but a C
#       compiler and the CUDA driver.
#   bash OUT/bundle.sh run OUT [--lib=libcuda.so.1] [--reps=N] [--no-bench]
#       (on the GPU host) builds one runner per program with cc (libc + libdl
#       only; runners prebuilt here serve where there is no cc), checks
#       every test function against the expected outputs twice (through the
#       stub and runtime/cuda.c; through MLIR's host code and runtime/mgpu.c,
#       the runner built with -DARI_MGPU), then
#       times the benchmarks (matmul against cuBLAS SGEMM: TFLOP/s and the
#       ratio; Harris: milliseconds, against naive C on one CPU thread). Exit 0 when all pass, 1 on a failure,
#       77 (and "SKIPPED: reason") when there is no CUDA driver or GPU.
#
# programs.txt lines: `test FILE FUNC` (checked against the interpreter) and
# `bench FILE FUNC FLOPS [RUNNER OPTIONS]` (timed; e.g. --sgemm=A,B,C for the
# cuBLAS comparison, --harris=IN,OUT for the C Harris). FILE is relative to
# the repository.
set -euo pipefail

die() { echo "bundle.sh: $*" >&2; exit 1; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mode=${1:-}
out=${2:-}
[ -n "$mode" ] && [ -n "$out" ] || die "usage: bundle.sh create OUT [--build=DIR] [--llvm=DIR] [--no-bench] | run OUT [--lib=PATH] [--reps=N] [--no-bench]"
shift 2

# mgpuRunner CC BUNDLE PROG OUT: the runner that checks through MLIR's host
# code (-DARI_MGPU; -rdynamic: it finds _mlir_ciface_FUNC with dlsym).
mgpuRunner() {
  "$1" -std=c11 -O2 -Wall -I"$2" -I"$2/src" -DARI_PROGRAM="${3}_info" -DARI_MGPU \
    "$2/src/runner.c" "$2/src/$3.c" "$2/obj/$3.host.o" "$2/runtime/cuda.c" "$2/runtime/mgpu.c" \
    -rdynamic -pthread -o "$4" -ldl -lm
}

# The program name of a file: its base name as a C identifier.
progname() { local b; b=$(basename "$1" .mlir); echo "${b//[^A-Za-z0-9_]/_}"; }

create() {
  local repo build bench=1 llvm=/usr/lib/llvm-22
  repo=$(cd "$here/../.." && pwd)
  build=$repo/build
  for a in "$@"; do
    case $a in
      --build=*) build=${a#--build=} ;;
      --llvm=*) llvm=${a#--llvm=} ;;
      --no-bench) bench=0 ;;
      *) die "unknown option $a" ;;
    esac
  done
  local compile=$build/bin/ariadne-compile interp=$build/bin/ariadne-interp
  [ -x "$compile" ] && [ -x "$interp" ] || die "build $build first (ariadne-compile, ariadne-interp)"
  local plugin=$build/passes/AriadnePlugin.so
  [ -f "$plugin" ] || die "build $build first (passes/AriadnePlugin.so)"
  local t
  for t in mlir-opt mlir-translate clang llvm-objcopy; do
    [ -x "$llvm/bin/$t" ] || die "no $llvm/bin/$t (--llvm=DIR: LLVM/MLIR 22)"
  done
  # A sanitized plugin in Debian's (uninstrumented) mlir-opt needs the
  # shared ASan runtime preloaded, as in test/lit/lit.cfg.py.
  local pre=()
  if nm -D "$plugin" 2>/dev/null | grep ' U __asan_init' > /dev/null; then
    local rt
    rt=$("$llvm/bin/clang" -print-file-name=libclang_rt.asan-x86_64.so)
    [ -f "$rt" ] || die "sanitized $plugin, but no shared ASan runtime ($rt)"
    pre=(env "LD_PRELOAD=$rt" "ASAN_OPTIONS=detect_leaks=0")
  fi
  local cc=${CC:-cc}
  command -v "$cc" >/dev/null || die "no C compiler ($cc)"
  local manifest=$here/programs.txt
  [ -f "$manifest" ] || die "missing $manifest"

  # Built in a temporary directory and moved into place, so that a failed
  # run leaves no half bundle.
  mkdir -p "$(dirname "$out")"
  # Global, not local: the EXIT trap runs after create's locals are gone.
  tmp=$(mktemp -d "$out.tmpXXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/runtime" "$tmp/src" "$tmp/cubin" "$tmp/data" "$tmp/bin" "$tmp/obj"
  cp "$repo/runtime/cuda.h" "$repo/runtime/cuda.c" "$repo/runtime/mgpu.h" "$repo/runtime/mgpu.c" \
    "$tmp/runtime/"
  cp "$here/runner.c" "$tmp/src/"
  cp "$here/bundle.sh" "$tmp/"
  : > "$tmp/manifest.txt"

  local kind file func rest prog
  local -A done=()
  while read -r kind file func rest; do
    case $kind in ''|'#'*) continue ;; esac
    [ "$kind" = test ] || [ "$kind" = bench ] || die "programs.txt: bad line '$kind $file'"
    [ "$kind" = bench ] && [ $bench = 0 ] && continue
    [ -f "$repo/$file" ] || die "programs.txt: no file $file"
    prog=$(progname "$file")
    if [ -z "${done[$prog]:-}" ]; then
      echo "compiling $file" >&2
      "$compile" "$repo/$file" --target=nvptx64 --fma --gpu-arch=sm_90 -o "$tmp/cubin/$prog.sm_90.cubin" \
        --stub="$tmp/src/$prog.c" --header="$tmp/src/$prog.h"
      "$compile" "$repo/$file" --target=nvptx64 --fma --gpu-arch=sm_80 -o "$tmp/cubin/$prog.sm_80.cubin"
      "$cc" -std=c11 -O2 -Wall -I"$tmp" -I"$tmp/src" -DARI_PROGRAM="${prog}_info" \
        "$tmp/src/runner.c" "$tmp/src/$prog.c" "$tmp/runtime/cuda.c" -o "$tmp/bin/$prog" -ldl -lm
      # MLIR's host code: its functions share the stub's names, so only
      # the _mlir_ciface_* entry points stay global.
      ${pre[@]+"${pre[@]}"} "$llvm/bin/mlir-opt" --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" "$repo/$file" \
        --pass-pipeline="builtin.module(rise-to-nvvm{host=llvm},gpu-module-to-binary{format=isa})" |
        "$llvm/bin/mlir-translate" --mlir-to-llvmir -o "$tmp/obj/$prog.ll"
      "$llvm/bin/clang" -c -O1 -fPIC -Wno-override-module "$tmp/obj/$prog.ll" -o "$tmp/obj/$prog.full.o"
      "$llvm/bin/llvm-objcopy" --wildcard --keep-global-symbol='_mlir_ciface_*' \
        "$tmp/obj/$prog.full.o" "$tmp/obj/$prog.host.o"
      rm "$tmp/obj/$prog.ll" "$tmp/obj/$prog.full.o"
      mgpuRunner "$cc" "$tmp" "$prog" "$tmp/bin/$prog.mgpu"
      done[$prog]=1
    fi
    local listed
    listed=$("$tmp/bin/$prog" list)
    grep -q "^$func " <<<"$listed" || grep -qx "$func" <<<"$listed" ||
      die "$file has no function $func"
    if [ "$kind" = test ]; then
      local d=$tmp/data/$prog/$func inputs=()
      mkdir -p "$d/expected"
      local f k
      for f in $("$tmp/bin/$prog" inputs "$func" "$d" --seed=1); do
        k=$(basename "$f" .bin); k=${k#arg}
        inputs+=("--input=$k:$f")
      done
      "$interp" "$repo/$file" --func="$func" ${inputs[@]+"${inputs[@]}"} --output-dir="$d/expected" > /dev/null
      echo "test $prog $func" >> "$tmp/manifest.txt"
      echo "mgpu $prog $func" >> "$tmp/manifest.txt"
    else
      echo "bench $prog $func $rest" >> "$tmp/manifest.txt"
    fi
  done < "$manifest"
  # Built again on the GPU host by its cc; these (glibc, libdl, libm only)
  # serve where it has none.
  mv "$tmp/bin" "$tmp/prebuilt"
  local kib
  kib=$(du -sk "$tmp" | cut -f1)
  [ "$kib" -lt $((60 * 1024)) ] || die "bundle is ${kib} KiB, over the 60 MiB budget"
  rm -rf "$out"
  mv "$tmp" "$out"
  trap - EXIT
  echo "bundle: $out ($kib KiB, $(grep -c '^test' "$out/manifest.txt") tests (each twice: stub, MLIR's host code), $(grep -c '^bench' "$out/manifest.txt" || true) benchmarks)"
}

run() {
  local lib="" reps=20 bench=1
  for a in "$@"; do
    case $a in
      --lib=*) lib=${a#--lib=} ;;
      --reps=*) reps=${a#--reps=} ;;
      --no-bench) bench=0 ;;
      *) die "unknown option $a" ;;
    esac
  done
  [ -f "$out/manifest.txt" ] || die "$out is not a bundle (no manifest.txt)"
  local cc=${CC:-cc} bin=$out/bin
  if ! command -v "$cc" >/dev/null; then
    echo "bundle: no C compiler ($cc): using the runners prebuilt on the compile host"
    bin=$out/prebuilt
  fi
  mkdir -p "$bin"
  local kind prog func rest pass=0 fail=0 rc
  local libopt=()
  [ -n "$lib" ] && libopt=("--lib=$lib")
  while read -r kind prog func rest; do
    if [ ! -x "$bin/$prog" ]; then
      "$cc" -std=c11 -O2 -I"$out" -I"$out/src" -DARI_PROGRAM="${prog}_info" \
        "$out/src/runner.c" "$out/src/$prog.c" "$out/runtime/cuda.c" -o "$bin/$prog" -ldl -lm ||
        die "cannot build the runner for $prog"
    fi
    if [ "$kind" = mgpu ] && [ ! -x "$bin/$prog.mgpu" ]; then
      mgpuRunner "$cc" "$out" "$prog" "$bin/$prog.mgpu" || die "cannot build the mgpu runner for $prog"
    fi
    rc=0
    if [ "$kind" = test ]; then
      "$bin/$prog" check "$func" "$out/data/$prog/$func" --cubin-dir="$out/cubin" ${libopt[@]+"${libopt[@]}"} || rc=$?
    elif [ "$kind" = mgpu ]; then
      ARIADNE_LIBCUDA=${lib:-${ARIADNE_LIBCUDA:-}} "$bin/$prog.mgpu" check "$func" "$out/data/$prog/$func" \
        ${libopt[@]+"${libopt[@]}"} || rc=$?
    elif [ $bench = 1 ]; then
      local flops extra=()
      read -r flops rest <<< "$rest"
      read -r -a extra <<< "${rest:-}"
      "$bin/$prog" bench "$func" --reps="$reps" --flops="$flops" ${extra[@]+"${extra[@]}"} \
        --cubin-dir="$out/cubin" ${libopt[@]+"${libopt[@]}"} || rc=$?
    else
      continue
    fi
    # No driver or no GPU: nothing can run; say so and stop.
    [ $rc = 77 ] && { echo "bundle: SKIPPED (no CUDA driver/GPU on this host)"; exit 77; }
    if [ $rc = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "bundle: FAILED: $kind $prog $func"; fi
  done < "$out/manifest.txt"
  echo "bundle: $pass passed, $fail failed"
  [ $fail = 0 ]
}

case $mode in
  create) create "$@" ;;
  run) run "$@" ;;
  *) die "unknown mode '$mode' (create or run)" ;;
esac
