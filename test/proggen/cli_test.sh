#!/bin/sh
# ariadne-proggen and `ariadne-cost dataset merge` end to end:
#   - same seed, same dataset (two runs, compared record by record);
#   - shards merge into the dataset of one unsharded run over the same seeds;
#   - an interrupted run (here: a shorter one) continues to the same dataset;
#   - bad command lines exit 2, a missing seeds folder exits 1;
#   - natively (compile, check, time) on two seeds: one program measured.
# Usage: cli_test.sh PROGGEN COST SEEDS_DIR WORK_DIR
set -eu
PG=$1 COST=$2 SEEDS=$3 W=$4
rm -rf "$W" && mkdir -p "$W"
run() { "$PG" --seeds "$SEEDS" --seed 10 --schedules 2 --no-native "$@" >/dev/null 2>"$W/err" || { cat "$W/err"; exit 1; }; }
dump() { "$COST" dataset --dump "$1"; }

run --count 6 --out "$W/all.ds"
run --count 6 --out "$W/again.ds"
dump "$W/all.ds" > "$W/all.txt"
dump "$W/again.ds" > "$W/again.txt"
cmp "$W/all.txt" "$W/again.txt" || { echo "FAIL: same seed, different datasets"; exit 1; }
[ "$(grep -c proggen/ "$W/all.txt")" -ge 6 ] || { echo "FAIL: too few records"; cat "$W/all.txt"; exit 1; }

run --count 6 --shard 0/3 --out "$W/s0.ds"
run --count 6 --shard 1/3 --out "$W/s1.ds"
run --count 6 --shard 2/3 --out "$W/s2.ds"
"$COST" dataset merge -o "$W/merged.ds" "$W/s2.ds" "$W/s0.ds" "$W/s1.ds" >/dev/null
dump "$W/merged.ds" > "$W/merged.txt"
cmp "$W/all.txt" "$W/merged.txt" || { echo "FAIL: merged shards differ from one run"; exit 1; }

run --count 2 --out "$W/resumed.ds"
"$PG" --seeds "$SEEDS" --seed 10 --schedules 2 --no-native --count 6 --out "$W/resumed.ds" \
  >"$W/resume.out" 2>/dev/null
grep -q "2 already in" "$W/resume.out" || { echo "FAIL: resume did not skip"; cat "$W/resume.out"; exit 1; }
dump "$W/resumed.ds" > "$W/resumed.txt"
cmp "$W/all.txt" "$W/resumed.txt" || { echo "FAIL: resumed run differs"; exit 1; }

expect() { want=$1; shift; set +e; "$@" >/dev/null 2>"$W/err"; got=$?; set -e
  [ "$got" = "$want" ] || { echo "FAIL: exit $got, want $want: $*"; cat "$W/err"; exit 1; }; }
expect 2 "$PG" --seeds "$SEEDS" --count 1 --out "$W/x.ds"
expect 2 "$PG" --seeds "$SEEDS" --seed 1 --count 1 --out "$W/x.ds" --shard 3/3
expect 2 "$PG" --seeds "$SEEDS" --seed 1 --count 0 --out "$W/x.ds"
expect 2 "$PG" --bogus
expect 0 "$PG" --help
expect 1 "$PG" --seeds "$W/nowhere" --seed 1 --count 1 --out "$W/x.ds"
grep -q "nowhere: error: cannot read the directory" "$W/err" || { cat "$W/err"; exit 1; }
expect 2 "$COST" dataset merge -o "$W/all.ds" "$W/all.ds"
printf 'not a dataset' > "$W/junk.ds"
expect 1 "$PG" --seeds "$SEEDS" --seed 1 --count 1 --out "$W/junk.ds"

mkdir -p "$W/two"
cp "$SEEDS/linalg_axpy.mlir" "$SEEDS/general_sum.mlir" "$W/two/"
"$PG" --seeds "$W/two" --seed 3 --count 1 --schedules 1 --steps 2 --out "$W/native.ds" \
  >"$W/native.out" 2>"$W/err" || { cat "$W/err"; exit 1; }
grep -q "programs: 1 generated" "$W/native.out" || { cat "$W/native.out" "$W/err"; exit 1; }
dump "$W/native.ds" | grep -q "proggen/000000003" || { echo "FAIL: no native record"; exit 1; }
echo ok
