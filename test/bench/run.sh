#!/usr/bin/env bash
# The CPU benchmarks of issue 3 (not a test: nothing here is checked
# against a time). Installs the peers if missing, builds, checks every rise
# version against the interpreter at a small size, then times at 1 and 2
# threads (or $THREADS):
#   matmul 1024x1024 f32: the seven rise versions of TVM's tutorial and one
#     more (v8: register blocks) (matmul.mlir), v7 and v8 also lowered with
#     convert-rise-to-affine{fma=true} (v7fma, v8fma: ariadne-run --fma), OpenBLAS
#     cblas_sgemm (its own CPU choice, and its AVX-512 kernels where the CPU
#     has them), Halide 14 (its own schedule), naive C (gcc -O3 -march=native);
#   Harris 3 x 1540 x 2564 -> 1536 x 2560: rise naive, scheduled with
#     circular buffers (sched; rings: plane-major product lines), with
#     per-chunk line buffers (lines), and the
#     latter in strips of 640 columns (strips)
#     (harris.mlir), the version rise-rewrite derives from naive with
#     search/strategy/strategies/harris.elv (derived: generated here, into the
#     temporary folder), Halide 14 (apps/harris schedule), naive C;
#   search (in both): what rise-search makes of the high-level programs by
#     itself (test/examples' matmul, harris_naive; the analytic model),
#     searched for each thread count (threads=T), its search seconds in the
#     sched_s column;
#   the other programs of issue 18, Halide and rise (as written, and
#     rise-search's program for each thread count) against naive C:
#     blur_sobel 1080x1920, conv1d7 2^22 (stencils.mlir), conv3x3 1026^2 ->
#     1024^2, stencil1d 2^20, stencil2d 1024^2, matvec 1024x1024, dot 2^20
#     (test/examples): Halide with an obvious hand schedule
#     (halide/halide_bench.cpp), naive C (stencil_bench.c, gcc -O3
#     -march=native, 1 thread only);
#   for every program, Halide 14's autoschedulers on the same algorithm
#     (halide_adams2019_*, halide_mullapudi2016_*, halide_li2018_*: the
#     plugins of libhalide14-0-dev, Adams2019 with its built-in weights,
#     MachineParams(THREADS, 16 MiB, 40)), each checked against the hand
#     schedule; each autoschedules once per program and thread count, in
#     round 1, then times all ROUNDS rounds in that process. The table
#     gives the seconds the autoscheduler took (sched_s), or "failed" and
#     the reason where it failed or its result was wrong.
# Prints one table: median and min in ms, GFLOP/s (matmul), and ratios,
# and draws it (test/bench/chart.sh: $BUILD/bench-charts/BENCH.svg, .png).
#
#   bash test/bench/run.sh            # everything
#   REPS=30 ROUNDS=5 THREADS="1 2" bash test/bench/run.sh
#   BUILD=/path/to/build bash test/bench/run.sh   (default: build-bench)
#   MM_VERSIONS="v8 v8fma" HR_VERSIONS="rings lines" bash test/bench/run.sh
#   MM_VERSIONS= HR_VERSIONS="sched rings derived" THREADS=1 bash test/bench/run.sh
#     (an empty list skips that benchmark, its peers included)
#   OTHERS="conv3x3 dot" HALIDE_AUTO="adams2019" bash test/bench/run.sh
#     (the other programs, default all seven; the autoschedulers, default
#     "adams2019 mullapudi2016 li2018"; empty: none. HALIDE_AUTO_TIMEOUT:
#     seconds one autoscheduled contender may take, default 1200)
set -euo pipefail
# Every contender runs with glibc's malloc keeping the memory it frees, as
# a warm long-running program's does: ariadne-run sets the same itself
# (runtime/runtime.h, ariRtSteadyAllocator); the peers get it here. Without
# it a run's time depends on the process's allocation history (the same
# blur_sobel code: 1.6 or 6.3 ms at 2 threads).
export GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${BUILD:-$root/build-bench}
reps=${REPS:-20}
warmup=${WARMUP:-3}
rounds=${ROUNDS:-3}
threads=${THREADS:-"1 2"}
out=$(mktemp -d "${TMPDIR:-/tmp}/ariadne-bench-XXXXXX")
trap 'rm -rf "$out"' EXIT
log() { printf '[bench] %s\n' "$*" >&2; }

# --- peers -----------------------------------------------------------------
missing=()
for p in libopenblas-dev libhalide14-0-dev g++ gnuplot-nox; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  log "installing ${missing[*]}"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >&2
fi

# --- build -------------------------------------------------------------------
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >&2
fi
make -C "$build" -j2 ariadne-run ariadne-compile AriadnePlugin >&2
run=$build/bin/ariadne-run

blas_inc=$(dirname "$(find /usr/include -name cblas.h -path '*openblas*' | head -1)")
gcc -std=c11 -O3 -march=native -fopenmp -Wall -Wextra -Werror -I"$blas_inc" \
  "$here/bench.c" -o "$out/bench" -lopenblas -lm
g++ -std=c++17 -O2 -Wall -Wextra -isystem /usr/include/halide14 "$here/halide/halide_bench.cpp" \
  -o "$out/halide_bench" -lHalide14 -lpthread -ldl
gcc -std=c11 -O3 -march=native -Wall -Wextra -Werror "$here/stencil_bench.c" -o "$out/stencil_bench" -lm

# the generated programs must be current
python3 "$here/gen_matmul.py" > "$out/matmul.mlir"
python3 "$here/gen_harris.py" "$root/test/examples/harris.mlir" > "$out/harris.mlir"
cmp -s "$out/matmul.mlir" "$here/matmul.mlir" || { log "matmul.mlir is stale: rerun gen_matmul.py"; exit 1; }
cmp -s "$out/harris.mlir" "$here/harris.mlir" || { log "harris.mlir is stale: rerun gen_harris.py"; exit 1; }
# derived: harris.elv's main (the thesis's cbuf+rrot steps) applied to
# harris_naive and harris_naive_small, renamed harris_derived(_small)
plugin=$build/passes/AriadnePlugin.so
mopt() { /usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" "$@"; }
rw() { echo "rise-rewrite{strategy-file=$root/search/strategy/strategies/harris.elv func=$1 report=false}"; }
mopt "$here/harris.mlir" --pass-pipeline="builtin.module($(rw harris_naive),$(rw harris_naive_small))" |
  sed -e 's/@harris_naive(/@harris_derived(/' -e 's/@harris_naive_small(/@harris_derived_small(/' \
  > "$out/harris_derived.mlir"
# search: what rise-search (the analytic model, its defaults: no strategy,
# no guide) makes of the high-level programs -- test/examples/matmul.mlir's
# @matmul (1024^3; its small check: @matmul_medium, 33x47x29) and
# harris_naive (with harris_naive_small) -- renamed *_search(_small),
# searched once per thread count (rise-search's threads=: the cost of a
# map par depends on it); the seconds each search took are the table's
# sched_s
srch() { echo "rise-search{func=$1 threads=$2 report=none}"; }
search_s=()
timed_search() { # IN OUT FUNC SMALL NAME T: searches FUNC and SMALL for T threads, renamed NAME(_small)
  local start=$SECONDS
  mopt "$1" --pass-pipeline="builtin.module($(srch "$3" "$6"),$(srch "$4" "$6"))" |
    sed -e "s/@$3(/@$5(/" -e "s/@$4(/@$5_small(/" > "$2"
  search_s+=("$5@$6 $((SECONDS - start))")
}
search_seconds() { # NAME T
  local e
  for e in "${search_s[@]}"; do [[ ${e%% *} == "$1@$2" ]] && echo "${e#* }"; done
}
for t in $threads; do
  if [[ " ${MM_VERSIONS-search} " == *" search "* ]]; then
    log "rise-search on the high-level matmul, threads=$t"
    timed_search "$root/test/examples/matmul.mlir" "$out/matmul_search_t$t.mlir" matmul matmul_medium \
      matmul_search "$t"
  fi
  if [[ " ${HR_VERSIONS-search} " == *" search "* ]]; then
    log "rise-search on harris_naive, threads=$t"
    timed_search "$here/harris.mlir" "$out/harris_search_t$t.mlir" harris_naive harris_naive_small \
      harris_search "$t"
  fi
done
hr_file() { # VERSION [T]
  case $1 in
    derived) echo "$out/harris_derived.mlir" ;;
    search) echo "$out/harris_search_t${2:-1}.mlir" ;;
    *) echo "$here/harris.mlir" ;;
  esac
}
mm_file() { [[ $1 == search ]] && echo "$out/matmul_search_t${2:-1}.mlir" || echo "$here/matmul.mlir"; }
# the thread counts a version has its own program for (the searches)
own_threads() { [[ $1 == search ]] && echo "$threads" || echo 1; }

# --- correctness first: every version against the interpreter ---------------
mm_versions=${MM_VERSIONS-"v1 v2 v3 v4 v5 v6 v7 v8 v7fma v8fma search"}
# vNfma: function matmul_vN lowered with rise-to-llvm-fma
mm_func() { echo "matmul_${1%fma}"; }
mm_flags() { [[ $1 == *fma ]] && echo --fma || true; }
hr_versions=${HR_VERSIONS-"naive sched rings lines strips derived search"}
for v in $mm_versions; do
  for ft in $(own_threads $v); do
    "$run" "$(mm_file $v $ft)" --func="$(mm_func $v)_small" $(mm_flags $v) --threads=2 --reps=1 \
      --warmup=0 >/dev/null || { log "matmul_${v}_small differs from the interpreter"; exit 1; }
  done
done
for v in $hr_versions; do
  for ft in $(own_threads $v); do
    "$run" "$(hr_file $v $ft)" --func=harris_${v}_small --threads=2 --reps=1 --warmup=0 >/dev/null \
      || { log "harris_${v}_small differs from the interpreter"; exit 1; }
  done
done
log "all rise versions match the interpreter at the small sizes"
# ... and the full sizes against OpenBLAS / the naive C (same inputs as timed)
"$out/bench" inputs "$out"
for v in $mm_versions; do
  for ft in $(own_threads $v); do
    "$run" "$(mm_file $v $ft)" --func="$(mm_func $v)" $(mm_flags $v) --no-check --reps=1 --warmup=0 \
      --threads=2 --input=0:"$out/a.bin" --input=1:"$out/b.bin" --print > "$out/c.txt"
    "$out/bench" verify matmul "$out/c.txt" >/dev/null || { log "matmul_$v is wrong at 1024"; exit 1; }
  done
done
for v in $hr_versions; do
  for ft in $(own_threads $v); do
    "$run" "$(hr_file $v $ft)" --func=harris_$v --no-check --reps=1 --warmup=0 --threads=2 \
      --input=0:"$out/img.bin" --print > "$out/c.txt"
    "$out/bench" verify harris "$out/c.txt" >/dev/null || { log "harris_$v is wrong at full size"; exit 1; }
  done
done
rm -f "$out/c.txt" "$out"/*.bin
log "all rise versions match OpenBLAS / the naive C at the benchmark sizes"

# --- timing --------------------------------------------------------------------
others=${OTHERS-"blur_sobel conv1d7 conv3x3 stencil1d stencil2d matvec dot"}
# ... and rise on them: the high-level program as written (its naive
# lowering, 1 thread) and what rise-search makes of it for each thread
# count (PROGRAM_search), checked against the interpreter at its small size
other_file() {
  case $1 in
    blur_sobel | conv1d7) echo "$here/stencils.mlir" ;;
    *) echo "$root/test/examples/$1.mlir" ;;
  esac
}
for t in $threads; do
  for p in $others; do
    log "rise-search on $p, threads=$t"
    timed_search "$(other_file "$p")" "$out/${p}_search_t$t.mlir" "$p" "${p}_small" "${p}_search" "$t"
    "$run" "$out/${p}_search_t$t.mlir" --func="${p}_search_small" --threads=2 --reps=1 --warmup=0 \
      >/dev/null || { log "${p}_search_small (threads=$t) differs from the interpreter"; exit 1; }
  done
done
halide_auto=${HALIDE_AUTO-"adams2019 mullapudi2016 li2018"}
# halide_auto_run PROGRAM THREADS: every autoscheduler on PROGRAM, ROUNDS
# rounds in one process each; a failure (Halide's error, a crash, a wrong
# result, the time limit) becomes "PROGRAM THREADS NAME failed REASON"
halide_auto_run() {
  local s rc
  for s in $halide_auto; do
    log "halide $s on $1, threads=$2"
    rc=0
    timeout "${HALIDE_AUTO_TIMEOUT:-1200}" "$out/halide_bench" "$1" "$2" "$reps" "$warmup" "$s" "$rounds" \
      > "$out/h.txt" 2> "$out/h.err" || rc=$?
    if ((rc == 0)); then
      sed "s/^/$1 $2 /" "$out/h.txt" >> "$results"
    else
      local why
      why=$(grep '^halide_bench: ' "$out/h.err" | tail -1 | sed -e 's/^halide_bench: //' -e 's/^[A-Za-z0-9]* on [a-z0-9_]* failed: //' | cut -c1-160)
      ((rc == 124)) && why="no result within ${HALIDE_AUTO_TIMEOUT:-1200} s"
      [[ -z $why ]] && why="exit $rc: $(tail -1 "$out/h.err" | cut -c1-120)"
      log "halide $s on $1, threads=$2 failed: $why"
      echo "$1 $2 halide_${s}_$1 failed $why" >> "$results"
    fi
  done
}
# rise: ariadne-run prints "... median X ms, min Y ms over ..."
rise() { # file func threads reps warmup [flags] -> "median min"
  "$run" "$1" --func="$2" --no-check --threads="$3" --reps="$4" --warmup="$5" ${6:-} |
    sed -n 's/.*median \([0-9.]*\) ms, min \([0-9.]*\) ms.*/\1 \2/p'
}
results=$out/results.txt
: > "$results"
# This machine is shared: a round times every contender once, and the rounds
# are repeated; the table keeps, per contender, the round with the lowest
# median (the least disturbed), and the lowest single run.
for round in $(seq 1 "$rounds"); do
  for t in $threads; do
    log "round $round, threads=$t"
    if [[ -n $mm_versions ]]; then
    "$out/bench" matmul "$t" "$reps" "$warmup" 2>/dev/null | sed "s/^/matmul $t /" >> "$results"
    # OpenBLAS 0.3.21 runs its Haswell (AVX2) kernels on CPUs newer than it
    # (Zen 5 here); its AVX-512 kernels are timed too and, when faster, are
    # the reference
    if grep -qw avx512f /proc/cpuinfo; then
      OPENBLAS_CORETYPE=SkylakeX "$out/bench" blas "$t" "$reps" "$warmup" |
        sed "s/^/matmul $t /" >> "$results"
    fi
    "$out/halide_bench" matmul "$t" "$reps" "$warmup" | sed "s/^/matmul $t /" >> "$results"
    [[ $round == 1 ]] && halide_auto_run matmul "$t"
    fi
    if [[ -n $hr_versions ]]; then
    "$out/bench" harris "$t" "$reps" "$warmup" | sed "s/^/harris $t /" >> "$results"
    "$out/halide_bench" harris "$t" "$reps" "$warmup" | sed "s/^/harris $t /" >> "$results"
    [[ $round == 1 ]] && halide_auto_run harris "$t"
    fi
    for p in $others; do
      # the naive C is single-threaded: timed at 1 thread only
      [[ $t == 1 ]] && "$out/stencil_bench" "$p" "$reps" "$warmup" | sed "s/^/$p $t /" >> "$results"
      "$out/halide_bench" "$p" "$t" "$reps" "$warmup" | sed "s/^/$p $t /" >> "$results"
      [[ $round == 1 ]] && halide_auto_run "$p" "$t"
      [[ $t == 1 ]] && echo "$p $t rise_${p}_naive $(rise "$(other_file "$p")" "$p" 1 "$reps" "$warmup")" >> "$results"
      echo "$p $t rise_${p}_search $(rise "$out/${p}_search_t$t.mlir" "${p}_search" "$t" "$reps" "$warmup") $(search_seconds "${p}_search" "$t")" >> "$results"
    done
    for v in $mm_versions; do
      # v1..v6 have no map par: they are timed at 1 thread only
      [[ $t != 1 && $v != v7* && $v != v8* && $v != search ]] && continue
      r=$reps w=$warmup
      if [[ $v == v1 || $v == v2 ]]; then # seconds per run: 3 runs, first round only
        [[ $round != 1 ]] && continue
        r=3 w=1
      fi
      echo "matmul $t rise_matmul_$v $(rise "$(mm_file $v $t)" "$(mm_func $v)" "$t" $r $w "$(mm_flags $v)") $(search_seconds matmul_$v $t)" >> "$results"
    done
    for v in $hr_versions; do
      [[ $v == naive && $t != 1 ]] && continue
      echo "harris $t rise_harris_$v $(rise "$(hr_file $v $t)" harris_$v "$t" "$reps" "$warmup") $(search_seconds harris_$v $t)" >> "$results"
    done
  done
done

# --- table -----------------------------------------------------------------------
# Printed, kept as $build/bench-table.txt and drawn by chart.sh into
# $build/bench-charts/ (BENCH.svg and BENCH.png).
{
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), nproc $(nproc); load average $(cut -d' ' -f1-3 /proc/loadavg)"
awk '
  { key = $1 " " $2 " " $3
    if ($4 == "failed") { # an autoscheduler that failed: its reason
      if (!(key in M) && !(key in FAIL)) order[++n] = key
      why = $0; sub(/^[^ ]* [^ ]* [^ ]* failed /, "", why); FAIL[key] = why; next }
    if (NF >= 6) AS[key] = (key in AS && AS[key] > $6) ? AS[key] : $6 # autoschedule seconds
    if (NF >= 7) NOTE[key] = " " $7
    if (!(key in M)) { order[++n] = key; M[key] = $4; MN[key] = $5; R[key] = 1 }
    else { R[key]++; if ($4 < M[key]) M[key] = $4; if ($5 < MN[key]) MN[key] = $5 } }
  END {
    flop = 2 * 1024 ^ 3
    for (i = 1; i <= n; ++i) { # the reference: the fastest OpenBLAS kernel set, or Halide
      split(order[i], f, " ")
      if (f[3] ~ /^openblas_sgemm/ && (!((f[1] " " f[2]) in REF) || M[order[i]] < REF[f[1] " " f[2]]))
        REF[f[1] " " f[2]] = M[order[i]]
      if (f[1] != "matmul" && f[3] == "halide_" f[1]) REF[f[1] " " f[2]] = M[order[i]]
    }
    printf "%-10s %-3s %-30s %6s %10s %10s %8s %8s %9s %9s %8s\n", "bench", "thr", "contender", "rounds",
           "median_ms", "min_ms", "GFLOP/s", "vs_ref", "vs_gcc", "vs_halide", "sched_s"
    for (i = 1; i <= n; ++i) {
      split(order[i], f, " "); b = f[1]; t = f[2]; k = order[i]
      if (k in FAIL) { printf "%-10s %-3s %-30s failed: %s\n", b, t, f[3], FAIL[k]; continue }
      ref = REF[b " " t]
      gcc = M[b " " t " gcc_naive_" b]; hal = M[b " " t " halide_" b]
      gf = (b == "matmul") ? sprintf("%.1f", flop / (M[k] * 1e6)) : "-"
      printf "%-10s %-3s %-30s %6d %10.3f %10.3f %8s %8s %9s %9s %8s%s\n", b, t, f[3], R[k], M[k], MN[k], gf,
             ref ? sprintf("%.3f", ref / M[k]) : "-", gcc ? sprintf("%.2f", gcc / M[k]) : "-",
             hal ? sprintf("%.3f", hal / M[k]) : "-", (k in AS) ? AS[k] : "-", NOTE[k]
    }
    print "median_ms: the lowest per-round median; min_ms: the fastest single run. vs_ref: speed"
    print "relative to the fastest OpenBLAS kernel set (matmul) or Halide hand-scheduled (the"
    print "others) at the same thread count, from the medians (>1 is faster); vs_gcc and vs_halide"
    print "likewise against naive gcc -O3 (the other programs: 1 thread only) and the hand"
    print "schedule of Halide. openblas_sgemm_CORE: the kernels OpenBLAS ran. sched_s: the seconds the"
    print "autoscheduler took (halide_SCHEDULER_*; one run per program and thread count)."
    print "input_padded_64: the schedule over-computes at the edges and reads outside the input,"
    print "so it ran on inputs 64 elements larger on each side (same values inside)."
  }' "$results"
} | tee "$build/bench-table.txt"
bash "$here/chart.sh" "$build/bench-table.txt" "$build/bench-charts" >&2
