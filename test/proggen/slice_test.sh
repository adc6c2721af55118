#!/bin/sh
# The shipped slice of the 300 x 32 ProgGen dataset from the seeds at scale
# (data/proggen-slice.ards: its first 12 programs, each unscheduled and with
# 32 sampled schedules, one not recorded, timed natively at 1 thread;
# docs/proggen.md, "The 300 x 32 datasets"):
#   - it reads back whole (every block's CRC) with the expected counts;
#   - a ranking model trained on 10 of its programs orders the variants of
#     the other 2 better than term size does, by at least 0.05 pairwise
#     accuracy (a deterministic assertion on fixed data: seed 1).
# Usage: slice_test.sh COST SLICE WORK_DIR
set -eu
COST=$1 SLICE=$2 W=$3
rm -rf "$W" && mkdir -p "$W"
"$COST" dataset --info "$SLICE" > "$W/info" || { cat "$W/info"; exit 1; }
for want in "records: 395" "programs: 12" "thread counts: 1 (1)" "version 1101"; do
  grep -q "$want" "$W/info" || { echo "FAIL: '$want' not in:"; cat "$W/info"; exit 1; }
done
for held in proggen/000000000,proggen/000000001 proggen/000000010,proggen/000000011; do
  "$COST" train --data "$SLICE" --objective rank --seed 1 --hold "$held" -o "$W/m" >/dev/null
  "$COST" eval --data "$SLICE" --model "$W/m" --hold "$held" > "$W/eval"
  model=$(awk '/^pairwise accuracy:/{print $3}' "$W/eval")
  size=$(awk '/^term size/{print $5}' "$W/eval" | tr -d ,)
  awk -v m="$model" -v s="$size" 'BEGIN{exit !(m + 0 >= s + 0.05)}' ||
    { echo "FAIL: held $held: model $model, term size $size"; cat "$W/eval"; exit 1; }
  echo "held $held: model $model, term size $size"
done
echo ok
