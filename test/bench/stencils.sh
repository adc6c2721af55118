#!/usr/bin/env bash
# The stencil benchmarks of issue 13 (not a test: nothing here is checked
# against a time). Naive high-level rise stencils, lowered by the default
# rise-to-llvm, against the same stencils in naive C (gcc -std=c11 -O3
# -march=native), one thread, same inputs, same process (stencil_bench.c):
#   blur_sobel (stencils.mlir, 1080x1920), conv1d7 (stencils.mlir, 2^22),
#   conv3x3, stencil1d, stencil2d (test/examples, at their big sizes).
# Checks every rise version against the interpreter at its small size, and
# against the naive C at the benchmark size, then times ROUNDS rounds of
# REPS runs after WARMUP and prints, per stencil, the lowest per-round
# median (the least disturbed round) and the fastest run. With CALLGRIND=1
# also the instructions each version executes (valgrind --tool=callgrind,
# one run, counted from the entry of the stencil function; both sides built
# for x86-64-v3, AVX2, since valgrind decodes no AVX-512): repeatable on a
# loaded machine, unlike the times.
#
#   bash test/bench/stencils.sh
#   REPS=20 WARMUP=3 ROUNDS=3 CALLGRIND=1 bash test/bench/stencils.sh
#   BUILD=build bash test/bench/stencils.sh   (default: build-bench)
#   COMPILE=/old/bin/ariadne-compile bash test/bench/stencils.sh
#     (rise versions compiled by another ariadne-compile: before/after)
#   STENCILS="blur_sobel conv1d7" bash test/bench/stencils.sh
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${BUILD:-$root/build-bench}
reps=${REPS:-20}
warmup=${WARMUP:-3}
rounds=${ROUNDS:-3}
stencils=${STENCILS-"blur_sobel conv1d7 conv3x3 stencil1d stencil2d"}
out=$(mktemp -d "${TMPDIR:-/tmp}/ariadne-stencils-XXXXXX")
trap 'rm -rf "$out"' EXIT
log() { printf '[stencils] %s\n' "$*" >&2; }

# the peers: gcc, and valgrind for CALLGRIND=1 (installed if missing, as
# run.sh installs its peers)
missing=()
for p in gcc $([[ ${CALLGRIND:-0} == 1 ]] && echo valgrind); do
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

if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >&2
fi
make -C "$build" -j2 ariadne-run ariadne-compile >&2
run=$build/bin/ariadne-run
compile=${COMPILE:-$build/bin/ariadne-compile}

python3 "$here/gen_stencils.py" > "$out/stencils.mlir"
cmp -s "$out/stencils.mlir" "$here/stencils.mlir" || { log "stencils.mlir is stale: rerun gen_stencils.py"; exit 1; }
file_of() {
  case $1 in
  blur_sobel | conv1d7) echo "$here/stencils.mlir" ;;
  *) echo "$root/test/examples/$1.mlir" ;;
  esac
}

# --- correctness first: small sizes against the interpreter ---------------------
for s in $stencils; do
  "$run" "$(file_of "$s")" --func="${s}_small" --reps=1 --warmup=0 >/dev/null \
    || { log "${s}_small differs from the interpreter"; exit 1; }
done
log "the small sizes match the interpreter"

# --- the driver: every stencil compiled (all five are always linked) -------------
for s in blur_sobel conv1d7 conv3x3 stencil1d stencil2d; do
  "$compile" "$(file_of "$s")" --func="$s" -o "$out/$s.o" --header="$out/$s.h"
done
gcc -std=c11 -O3 -march=native -g -Wall -Wextra -Werror -DWITH_RISE -I"$out" \
  "$here/stencil_bench.c" "$out"/*.o -o "$out/stencil_bench" -lm
for s in $stencils; do
  "$out/stencil_bench" verify "$s" >&2 || { log "$s differs from the naive C"; exit 1; }
done

# --- timing --------------------------------------------------------------------
results=$out/results.txt
: > "$results"
for round in $(seq 1 "$rounds"); do
  log "round $round"
  for s in $stencils; do
    "$out/stencil_bench" "$s" "$reps" "$warmup" >> "$results"
  done
done
if [[ ${CALLGRIND:-0} == 1 ]]; then
  # valgrind 3.19 decodes no AVX-512: the counted builds target x86-64-v3
  # (AVX2, FMA) on both sides: gcc -march=x86-64-v3, ariadne-compile
  # --cpu=x86-64-v3
  mkdir -p "$out/v3"
  for s in blur_sobel conv1d7 conv3x3 stencil1d stencil2d; do
    "$compile" "$(file_of "$s")" --func="$s" --cpu=x86-64-v3 -o "$out/v3/$s.o" --header="$out/v3/$s.h"
  done
  gcc -std=c11 -O3 -march=x86-64-v3 -g -Wall -Wextra -Werror -DWITH_RISE -I"$out/v3" \
    "$here/stencil_bench.c" "$out"/v3/*.o -o "$out/v3/stencil_bench" -lm
  for s in $stencils; do
    for v in gcc rise; do
      fn=$([[ $v == rise ]] && echo "_mlir_ciface_$s" || echo "$(sed -n "s/.*{\"$s\", .*, \([a-zA-Z0-9]*\), RISE.*/\1/p" "$here/stencil_bench.c")")
      valgrind --tool=callgrind --callgrind-out-file="$out/cg.$v.$s" --toggle-collect="$fn*" \
        "$out/v3/stencil_bench" once "$v" "$s" 2> "$out/cg.log" ||
        { cat "$out/cg.log" >&2; exit 1; }
      echo "$v $s $(sed -n 's/^summary: *//p' "$out/cg.$v.$s")" >> "$out/callgrind.txt"
    done
  done
fi

# --- table -----------------------------------------------------------------------
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), nproc $(nproc); load average $(cut -d' ' -f1-3 /proc/loadavg); rise by $compile"
awk -v cg="$out/callgrind.txt" '
  { name = $1; sub(/^(gcc_naive|rise)_/, "", name); who = ($1 ~ /^rise_/) ? "rise" : "gcc"
    k = who " " name
    if (!(k in M)) { if (!(name in seen)) { seen[name] = 1; order[++n] = name }
                     M[k] = $2; MN[k] = $3 }
    else { if ($2 < M[k]) M[k] = $2; if ($3 < MN[k]) MN[k] = $3 } }
  END {
    while ((getline line < cg) > 0) { split(line, f, " "); I[f[1] " " f[2]] = f[3] }
    printf "%-11s %12s %12s %12s %12s %9s %14s %14s %9s\n", "stencil", "gcc_med_ms", "gcc_min_ms",
           "rise_med_ms", "rise_min_ms", "rise/gcc", "gcc_instr", "rise_instr", "instr_r/g"
    for (i = 1; i <= n; ++i) {
      s = order[i]; g = "gcc " s; r = "rise " s
      ir = ((g in I) && (r in I)) ? sprintf("%14d %14d %9.3f", I[g], I[r], I[r] / I[g]) : sprintf("%14s %14s %9s", "-", "-", "-")
      printf "%-11s %12.3f %12.3f %12.3f %12.3f %9.3f %s\n", s, M[g], MN[g], M[r], MN[r], M[r] / M[g], ir
    }
    print "med: the lowest per-round median; min: the fastest run; rise/gcc: ratio of the medians"
    print "(<1: rise is faster). instr: instructions of one run under callgrind (CALLGRIND=1;"
    print "x86-64-v3 builds of both), instr_r/g their ratio."
  }' "$results"
