#!/usr/bin/env bash
# rise-search's results (issue 18; not a test: nothing is checked against a
# time). For each high-level program, side by side in the same run:
#   naive      the program as written, lowered as it is;
#   analytic   rise-search with the analytic model (no measurement);
#   model      rise-search with a learned model (MODEL=FILE; skipped without;
#              MACHINE=FILE: the machine file its dataset's analytic
#              baseline was computed with);
#   measured   rise-search timing its best candidates (measure=$MEASURE);
# each a median of $REPS runs after a warm-up (ariadne-run), with the search
# time (the whole ariadne-run minus nothing: compile and check included for
# `measured`, whose candidates are compiled, checked and timed).
# Hand-written schedules, OpenBLAS, Halide (hand and autoschedulers) and
# gcc are timed by test/bench/run.sh on the same programs.
#
# Programs: the full-size examples (matmul 1024^3, Harris 1536x2560,
# conv3x3, stencil1d, stencil2d, matvec, dot) and two the search was not
# developed on, chosen before it was ever run on them: mm100 (a 100^3
# matmul: sizes the tile sizes do not divide) and outer512 (an outer
# product), from test/bench/cost/gen_programs.py.
#
#   bash test/bench/search.sh
#   THREADS="1 2" REPS=5 MEASURE=8 MODEL=rank.model bash test/bench/search.sh
#   PROGRAMS="matmul harris" bash test/bench/search.sh
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${BUILD:-$root/build}
reps=${REPS:-5}
threads=${THREADS:-1}
measure=${MEASURE:-8}
model=${MODEL:-}
machine=${MACHINE:-} # the machine file of MODEL's analytic baseline (its dataset's)
programs=${PROGRAMS:-"matmul harris conv3x3 stencil1d stencil2d matvec dot mm100 outer512"}
out=$(mktemp -d "${TMPDIR:-/tmp}/ariadne-search-XXXXXX")
trap 'rm -rf "$out"' EXIT
log() { printf '[search-bench] %s\n' "$*" >&2; }

if [[ ! -x $build/bin/ariadne-run ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >&2
  cmake --build "$build" -j2 --target ariadne-run >&2
fi
run=$build/bin/ariadne-run
python3 "$root/test/bench/cost/gen_programs.py" > "$out/unseen.mlir"

file_of() {
  case $1 in
    mm100 | outer512) echo "$out/unseen.mlir" ;;
    *) echo "$root/test/examples/$1.mlir" ;;
  esac
}

# time FILE FUNC THREADS PIPELINE -> "median_ms wall_s" (or "failed")
time_one() {
  local file=$1 func=$2 t=$3 pipe=$4 start end log=$out/run.log
  local args=("$file" --func="$func" --no-check --reps="$reps" --warmup=1 --threads="$t")
  [[ -n $pipe ]] && args+=(--pipeline="$pipe")
  start=$(date +%s.%N)
  if ! "$run" "${args[@]}" > "$log" 2>&1; then
    log "$func ($pipe): $(tail -1 "$log")"
    echo "failed"
    return
  fi
  end=$(date +%s.%N)
  cat "$log" >> "$out/all.log"
  local ms
  ms=$(sed -n 's/.*native time: median \([0-9.]*\) ms.*/\1/p' "$log")
  echo "$ms $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
}

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
isa=$(grep -o -w 'avx512f\|avx2\|asimd' /proc/cpuinfo | sort -u | tr '\n' ' ')
echo "machine: $cpu, $(nproc) cpus, $isa; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| program | threads | naive ms | analytic ms (x, search s) | model ms (x, search s) | measured ms (x, search s) |\n'
printf '|---|---|---|---|---|---|\n'
for p in $programs; do
  file=$(file_of "$p")
  for t in $threads; do
    log "$p at $t thread(s)"
    read -r naive _ <<< "$(time_one "$file" "$p" "$t" "")"
    cell() { # result of time_one -> "ms (x, s)"
      local ms=$1 s=${2:-}
      if [[ $ms == failed || -z $ms ]]; then echo "failed"; return; fi
      printf '%.2f (%.1fx, %.1f)' "$ms" "$(awk -v a="$naive" -v b="$ms" 'BEGIN { print a / b }')" "$s"
    }
    a=$(cell $(time_one "$file" "$p" "$t" "rise-search{threads=$t}"))
    m="-"
    [[ -n $model ]] &&
      m=$(cell $(time_one "$file" "$p" "$t" "rise-search{threads=$t cost=model:$model${machine:+ machine=$machine}}"))
    me=$(cell $(time_one "$file" "$p" "$t" "rise-search{threads=$t measure=$measure}"))
    printf '| %s | %s | %.2f | %s | %s | %s |\n' "$p" "$t" "$naive" "$a" "$m" "$me"
  done
done
