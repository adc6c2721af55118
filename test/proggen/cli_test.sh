#!/bin/sh
# ariadne-proggen and `ariadne-cost dataset merge` end to end:
#   - same seed, same dataset (two runs, compared record by record);
#   - shards merge into the dataset of one unsharded run over the same seeds;
#   - an interrupted run (here: a shorter one) continues to the same dataset;
#   - bad command lines exit 2, a missing seeds folder exits 1;
#   - natively (compile, check, time) on two seeds: one program measured;
#   - --random: programs drawn whole from search/gen, deterministic, each
#     with at least one stage; a bad combination of options exits 2;
#   - merge --exclude and --programs N --seed S select whole programs,
#     deterministically, and differently for another seed;
#   - train/eval --hold with a list of programs.
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
expect 2 "$PG" --seeds "$SEEDS" --seed 1 --count 1 --out "$W/x.ds" --target-ms 0
expect 2 "$PG" --seeds "$SEEDS" --seed 1 --count 1 --out "$W/x.ds" --target-ms fast
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

rrun() { "$PG" --random --seed 20 --schedules 2 --no-native "$@" >"$W/rnd.out" 2>"$W/err" || { cat "$W/err"; exit 1; }; }
rrun --count 8 --out "$W/rnd.ds"
rrun --count 8 --out "$W/rnd2.ds"
dump "$W/rnd.ds" > "$W/rnd.txt"
dump "$W/rnd2.ds" > "$W/rnd2.txt"
cmp "$W/rnd.txt" "$W/rnd2.txt" || { echo "FAIL: --random: same seed, different datasets"; exit 1; }
[ "$(awk 'NR>1{print $2}' "$W/rnd.txt" | sort -u | grep -c '^random/')" = 8 ] ||
  { echo "FAIL: --random: not 8 programs named random/P"; cat "$W/rnd.txt"; exit 1; }
grep -q "programs: 8 generated" "$W/rnd.out" || { cat "$W/rnd.out"; exit 1; }
# every accepted program has a stage: the progress lines say so
if grep -q ": 0 stages" "$W/err"; then echo "FAIL: --random kept a program without a stage"; exit 1; fi
grep -q "trivial [1-9]" "$W/rnd.out" || { echo "FAIL: no trivial draw rejected"; cat "$W/rnd.out"; exit 1; }
expect 2 "$PG" --random --seeds "$SEEDS" --seed 1 --count 1 --out "$W/x.ds"

# selection: whole programs, by seed
programs() { dump "$1" | awk 'NR>1{print $2}' | sort -u | tr '\n' ' '; }
"$COST" dataset merge -o "$W/sel1.ds" "$W/rnd.ds" --programs 3 --seed 1 >/dev/null
"$COST" dataset merge -o "$W/sel1b.ds" "$W/rnd.ds" --programs 3 --seed 1 >/dev/null
"$COST" dataset merge -o "$W/sel2.ds" "$W/rnd.ds" --programs 3 --seed 2 >/dev/null
[ "$(programs "$W/sel1.ds" | wc -w)" = 3 ] || { echo "FAIL: --programs 3"; exit 1; }
[ "$(programs "$W/sel1.ds")" = "$(programs "$W/sel1b.ds")" ] || { echo "FAIL: selection not deterministic"; exit 1; }
[ "$(programs "$W/sel1.ds")" != "$(programs "$W/sel2.ds")" ] || { echo "FAIL: seed ignored"; exit 1; }
for p in $(programs "$W/sel1.ds"); do
  [ "$(grep -c " $p " "$W/rnd.txt")" = "$(dump "$W/sel1.ds" | grep -c " $p ")" ] ||
    { echo "FAIL: $p not whole"; exit 1; }
done
"$COST" dataset merge -o "$W/ex.ds" "$W/rnd.ds" --exclude random/000000020,random/000000023 >/dev/null
[ "$(programs "$W/ex.ds")" = "$(programs "$W/rnd.ds" | tr ' ' '\n' |
  grep -v -e random/000000020 -e random/000000023 | tr '\n' ' ')" ] || { echo "FAIL: --exclude"; exit 1; }
expect 2 "$COST" dataset merge -o "$W/x.ds" "$W/rnd.ds" --programs 3
expect 2 "$COST" dataset merge -o "$W/x.ds" "$W/rnd.ds" --programs 0 --seed 1

# --hold with a list: trains on the others, judges the listed ones
"$COST" train --data "$W/rnd.ds" --objective rank --seed 1 -o "$W/m" \
  --hold random/000000020,random/000000023 > "$W/train.out" || exit 1
grep -q "in 6 groups" "$W/train.out" || { echo "FAIL: --hold list in train"; cat "$W/train.out"; exit 1; }
"$COST" eval --data "$W/rnd.ds" --model "$W/m" --hold random/000000020,random/000000023 > "$W/eval.out" || exit 1
grep -q "in 2 groups" "$W/eval.out" || { echo "FAIL: --hold list in eval"; cat "$W/eval.out"; exit 1; }
expect 1 "$COST" eval --data "$W/rnd.ds" --hold random/nope,random/nada
echo ok
