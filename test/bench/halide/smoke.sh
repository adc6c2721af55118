#!/usr/bin/env bash
# A quick check (not a ctest: it needs g++ and libhalide14-0-dev, which the
# build does not) that every Halide contender of run.sh computes the right
# result: halide_bench at the _small sizes (a few dozen to 40000 elements),
# every program with its hand schedule and each autoscheduler, 2 threads,
# one run each. An autoscheduled pipeline is compared with the hand one and
# with the formula inside halide_bench. Prints one line per pair; exits 1
# if any result is wrong or halide_bench crashes; an autoscheduler that
# reports an error (halide_bench exit 3) is listed but is not a failure of
# this check. About a minute on 2 loaded cores.
#
#   bash test/bench/halide/smoke.sh
#   PROGRAMS="matmul harris" SCHEDULES="hand adams2019" bash test/bench/halide/smoke.sh
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
programs=${PROGRAMS-"matmul harris blur_sobel conv1d7 conv3x3 stencil1d stencil2d matvec dot"}
schedules=${SCHEDULES-"hand adams2019 mullapudi2016 li2018"}
out=$(mktemp -d "${TMPDIR:-/tmp}/ariadne-halide-smoke-XXXXXX")
trap 'rm -rf "$out"' EXIT

g++ -std=c++17 -O2 -Wall -Wextra -Werror -isystem /usr/include/halide14 "$here/halide_bench.cpp" \
  -o "$out/halide_bench" -lHalide14 -lpthread -ldl
bad=0
for p in $programs; do
  for s in $schedules; do
    rc=0
    "$out/halide_bench" "${p}_small" 2 1 0 "$s" > "$out/o.txt" 2> "$out/e.txt" || rc=$?
    case $rc in
    0) echo "ok      $p $s" ;;
    3) echo "failed  $p $s: $(grep '^halide_bench: ' "$out/e.txt" | tail -1 | cut -c15-200)" ;;
    *) echo "WRONG   $p $s (exit $rc): $(tail -1 "$out/e.txt" | cut -c1-200)"; bad=1 ;;
    esac
  done
done
exit $bad
