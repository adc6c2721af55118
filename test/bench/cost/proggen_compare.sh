#!/usr/bin/env bash
# The ProgGen comparison (docs/proggen.md, "The comparison"; the thesis's
# Table 4.2 on rise): the same learned cost model (XGBoost rank:pairwise)
# trained on three sources of equal size, judged on the same held-out real
# programs, SEEDS retrains each.
#
#   bash test/bench/cost/proggen_compare.sh HELD PROGGEN RANDOM [SEEDS]
#
#   HELD     the real programs' variants: `ariadne-cost measure` over
#            gen_programs.py's 12 kernels at 1 thread (none is a ProgGen seed)
#   PROGGEN  `ariadne-proggen --seeds DIR ...` (DIR: seeds from
#            `make_seeds.py --scale 5`, or test/proggen/seeds)
#   RANDOM   `ariadne-proggen --random ...` (search/gen, no mutation, no
#            importance sampling)
#
# The held-out programs are judged one family at a time (the matmul family
# -- the three matmuls and gemm -- together, every other program alone).
# For family F and retrain seed k:
#   hand     trains on HELD's other programs: the cost model issue's sampler
#            over the hand-written examples, never F itself;
#   proggen  trains on as many whole programs of PROGGEN as make the same
#            number of records as `hand` (drawn with seed k);
#   random   likewise from RANDOM;
#   proggen-all  trains on all of PROGGEN (not of equal size; for scale);
#   hand+proggen trains on hand's records and all of PROGGEN together.
# Each model is judged on F (`eval --hold F`), and its pick in each group
# (the variant it scores best) is looked up in the measured times: the
# downstream runtime. Figures per retrain are means over the families;
# the table gives mean +- std over the retrains. The second table is the
# downstream effect per held-out program: the measured time of each
# source's pick (median over the retrains) beside the unscheduled program
# and the best measured variant.
#
# About 1 s per training on the 2-core workplace machine when it is idle:
# 9 families x 4 sources x SEEDS + SEEDS trainings. Not a ctest.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
held=${1:?usage: proggen_compare.sh HELD PROGGEN RANDOM [SEEDS]}
pg=${2:?usage: proggen_compare.sh HELD PROGGEN RANDOM [SEEDS]}
rnd=${3:?usage: proggen_compare.sh HELD PROGGEN RANDOM [SEEDS]}
seeds=${4:-10}
tool=${ARIADNE_COST:-$root/build/bin/ariadne-cost}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# eval's output -> "pairwise best1 best2 top1 top5"
model_line() {
  awk '/^pairwise accuracy:/{p=$3} /^best-1 error:/{b1=$3} /^best-2 error:/{b2=$3}
       /^top-1 score:/{t1=$3} /^top-5 score:/{t5=$3} END{print p, b1, b2, t1, t5}'
}
# predict's output over the held programs -> "program picked_s best_s orig_s"
picks() {
  awk -v hold="$1" 'BEGIN{n=split(hold, h, ","); for(i=1;i<=n;i++) want[h[i]]=1}
       /^#/ || !($2 in want) {next}
       { p=$2; score=$(NF-1); t=$NF
         if (!(p in best) || t < best[p]) best[p]=t
         if ($4=="orig") orig[p]=t
         if (!(p in top) || score > top[p]) {top[p]=score; pick[p]=t} }
       END{for (p in pick) print p, pick[p], best[p], orig[p]}'
}
# rows "key v1..v5" -> per key: mean of each column
mean_by_key() {
  awk '{n[$1]++; for(i=2;i<=6;i++){s[$1,i]+=$i}}
       END{for(k in n){printf "%s",k; for(i=2;i<=6;i++) printf " %s",s[k,i]/n[k]; print ""}}'
}
# rows "v1..v5" (one per retrain) -> "| mean ± std" per column
mean_std() {
  awk '{r++; for(i=1;i<=5;i++){s[i]+=$i; q[i]+=$i*$i}}
       END{for(i=1;i<=5;i++){m=s[i]/r; v=q[i]/r-m*m; if(v<0)v=0
             printf " | %.3f ± %.3f", m, sqrt(v)}}'
}
median() { sort -g | awk '{a[NR]=$1} END{print NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
records_of() { "$tool" dataset --info "$1" | awk '/^records:/{print $2}'; }
programs_of() { "$tool" dataset --dump "$1" | awk 'NR>1{print $2}' | sort -u; }

"$tool" dataset --dump "$held" | awk 'NR>1{print $2}' > "$tmp/held.names"
held_programs=$(sort -u "$tmp/held.names")
matmuls=$(echo "$held_programs" | grep -E '/(mm[0-9x]+|gemm[0-9]+)$' | paste -sd, -)
families=$( (echo "$matmuls"; echo "$held_programs" | grep -vE '/(mm[0-9x]+|gemm[0-9]+)$') |
  grep -v '^$')
pg_records=$(records_of "$pg")
pg_programs=$(programs_of "$pg" | wc -l)
rnd_records=$(records_of "$rnd")
rnd_programs=$(programs_of "$rnd" | wc -l)
held_records=$(records_of "$held")
echo "[compare] held: $(echo "$held_programs" | wc -l) programs, $held_records records;" \
  "proggen: $pg_programs programs, $pg_records records; random: $rnd_programs programs," \
  "$rnd_records records; $(echo "$families" | wc -l) families; $seeds retrains" >&2

train() { # DATA SEED OUT [train options...]
  local data=$1 seed=$2 out=$3
  shift 3
  "$tool" train --data "$data" --objective rank --seed "$seed" -o "$out" "$@" >/dev/null
}
judge() { # MODEL FAMILY SOURCE SEED -> metrics to $tmp/metrics, picks to $tmp/picks
  echo "$3 $4 $("$tool" eval --data "$held" --model "$1" --hold "$2" | model_line)" >> "$tmp/metrics"
  "$tool" predict --model "$1" --data "$held" | picks "$2" | sed "s/^/$3 $4 /" >> "$tmp/picks"
}

: > "$tmp/metrics"
: > "$tmp/picks"
# per family, once: the records hand trains on (as many are drawn from the
# other sources, by whole programs) and hand's data joined with PROGGEN
f=0
for fam in $families; do
  f=$((f + 1))
  awk -v fam="$fam" 'BEGIN{n=split(fam, a, ","); for(i=1;i<=n;i++) out[a[i]]=1}
       !($1 in out){c++} END{print c+0}' "$tmp/held.names" > "$tmp/hand-$f.n"
  "$tool" dataset merge -o "$tmp/both-$f.ards" "$held" "$pg" --exclude "$fam" >/dev/null
done

for s in $(seq 1 "$seeds"); do
  train "$pg" "$s" "$tmp/all.model" --all
  f=0
  for fam in $families; do
    f=$((f + 1))
    judge "$tmp/all.model" "$fam" proggen-all "$s"
    n=$(cat "$tmp/hand-$f.n")
    train "$held" "$s" "$tmp/hand.model" --hold "$fam"
    judge "$tmp/hand.model" "$fam" hand "$s"
    train "$tmp/both-$f.ards" "$s" "$tmp/both.model" --all
    judge "$tmp/both.model" "$fam" hand+proggen "$s"
    for src in proggen random; do
      data=$pg recs=$pg_records progs=$pg_programs
      [ $src = random ] && data=$rnd recs=$rnd_records progs=$rnd_programs
      k=$(( (n * progs + recs / 2) / recs ))
      "$tool" dataset merge -o "$tmp/$src.ards" "$data" --programs "$k" --seed "$s" >/dev/null
      train "$tmp/$src.ards" "$s" "$tmp/$src.model" --all
      judge "$tmp/$src.model" "$fam" $src "$s"
    done
  done
  echo "[compare] retrain $s of $seeds done" >&2
done

echo "| training data | pairwise accuracy | best-1 error | best-2 error | top-1 score | top-5 score |"
echo "|---|---|---|---|---|---|"
for src in hand proggen random proggen-all hand+proggen; do
  # per retrain: the mean over the families
  awk -v src=$src '$1==src{print $2, $3, $4, $5, $6, $7}' "$tmp/metrics" | mean_by_key |
    cut -d' ' -f2- > "$tmp/$src.rows"
  echo "| $src$(mean_std < "$tmp/$src.rows") |"
done
echo
echo "Downstream: measured ms of each source's pick per held-out program (median over retrains)"
echo
echo "| program | unscheduled | best measured | hand | proggen | random | proggen-all | hand+proggen |"
echo "|---|---|---|---|---|---|---|---|"
for p in $held_programs; do
  row="| ${p#*/}"
  row="$row | $(awk -v p=$p '$3==p{printf "%.4g", $6*1e3; exit}' "$tmp/picks")"
  row="$row | $(awk -v p=$p '$3==p{printf "%.4g", $5*1e3; exit}' "$tmp/picks")"
  for src in hand proggen random proggen-all hand+proggen; do
    row="$row | $(awk -v p=$p -v src=$src '$1==src && $3==p{print $4*1e3}' "$tmp/picks" |
      median | xargs printf "%.4g")"
  done
  echo "$row |"
done
echo
# geometric mean over the programs of pick / best, per source (medians over retrains)
echo "| source | geometric mean over the held-out programs of pick / best measured |"
echo "|---|---|"
for src in hand proggen random proggen-all hand+proggen; do
  for p in $held_programs; do
    awk -v p=$p -v src=$src '$1==src && $3==p{print $4/$5}' "$tmp/picks" | median
  done | awk -v src=$src '{s+=log($1); c++} END{printf "| %s | %.3f |\n", src, exp(s/c)}'
done
