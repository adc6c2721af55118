#!/usr/bin/env bash
# The cost model's full dataset (docs/costmodel.md, "The full dataset and the evaluation"):
# the machine file, then the 12 programs of gen_programs.py with the
# unscheduled program and VARIANTS (200) sampled schedules each, measured
# at 1 and 2 threads. Resumable: run it again after an interruption and it
# measures only what OUT does not hold yet.
#
#   bash test/bench/cost/make_dataset.sh [OUTDIR]   (default build/cost-data)
#
# Needs a built tree (bash utils/setup.sh run). Run it on a quiet machine
# (28 minutes on the 2-core workplace Xeon, 2026-11-26, at nice -n -15, with
# other builds beside it; 15 minutes on 2026-11-27 with one core free):
# the labels are wall-clock times.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:-$root/build/cost-data}
variants=${VARIANTS:-200}
tool=$root/build/bin/ariadne-cost
mkdir -p "$out"
start=$SECONDS
echo "[cost-data] machine file: $out/machine.txt"
"$tool" machine -o "$out/machine.txt"
python3 "$here/gen_programs.py" > "$out/programs.mlir"
echo "[cost-data] measuring $variants variants of each program into $out/full.ards"
"$tool" measure "$out/programs.mlir" --variants "$variants" --threads 1,2 --reps 10 \
  --timeout 10 --seed 1 --machine "$out/machine.txt" -o "$out/full.ards" --append
"$tool" dataset --info "$out/full.ards"
echo "[cost-data] done in $((SECONDS - start)) s"
