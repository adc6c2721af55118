#!/usr/bin/env bash
# The cost model's evaluation (docs/costmodel.md, "Evaluation"): on a
# measured dataset, the baselines and the learned models (rank:pairwise and
# regression on log time, SEEDS retrains each, seeds 1..SEEDS) judged on
# programs they never saw, two ways:
#   held-out: the fixed eighth of the programs chosen by hash (train and
#             eval without options);
#   leave-one-out: every program in turn (train --hold P, eval --hold P),
#             the figures averaged over the programs.
# Each learned figure is mean +- std over the retrains (per retrain, the
# mean over the programs for leave-one-out). Prints a markdown table.
#
#   bash test/bench/cost/evaluate.sh DATASET [SEEDS]     (SEEDS: 10)
#
# About 3 s per retrain and program on the 2-core workplace machine; not a
# ctest (it takes minutes).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
data=${1:?usage: evaluate.sh DATASET [SEEDS]}
seeds=${2:-10}
tool=$root/build/bin/ariadne-cost
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# eval's output -> "pairwise best1 best2 top1 top5 mape" (n/a as nan)
model_line() {
  awk '/^pairwise accuracy:/{p=$3} /^best-1 error:/{b1=$3} /^best-2 error:/{b2=$3}
       /^top-1 score:/{t1=$3} /^top-5 score:/{t5=$3} /^MAPE:/{m=($2=="n/a")?"nan":$2}
       END{print p, b1, b2, t1, t5, m}'
}
# eval's baseline lines -> "name pairwise best1 best2 top1 top5 mape"
base_lines() {
  awk '/^(term size|weighted size|analytic) /{
         name=$1; if ($2=="size") name=name"_size";
         p=b1=b2=t1=t5=m="nan"
         for (i=1;i<=NF;i++) { v=$(i+1); sub(/,$/,"",v)
           if ($i=="accuracy") p=v; if ($i=="best-1") b1=$(i+2); if ($i=="best-2") b2=$(i+2)
           if ($i=="top-1") t1=$(i+2); if ($i=="top-5") t5=$(i+2); if ($i=="MAPE") m=$(i+1) }
         gsub(/,/,"",b1); gsub(/,/,"",b2); gsub(/,/,"",t1); gsub(/,/,"",t5)
         print name, p, b1, b2, t1, t5, m }'
}
# rows "key v1..v6" -> per key: mean (over rows) of each column
mean_by_key() {
  awk '{n[$1]++; for(i=2;i<=7;i++) if($i!="nan"){s[$1,i]+=$i; c[$1,i]++}}
       END{for(k in n){printf "%s",k; for(i=2;i<=7;i++) printf " %s",(c[k,i]?s[k,i]/c[k,i]:"nan"); print ""}}'
}
# rows "v1..v6" (one per retrain) -> "mean±std" per column
mean_std() {
  awk '{r++; for(i=1;i<=6;i++) if($i!="nan"){s[i]+=$i; q[i]+=$i*$i; c[i]++}}
       END{for(i=1;i<=6;i++){ if(!c[i]){printf " | "; continue}
             m=s[i]/c[i]; v=q[i]/c[i]-m*m; if(v<0)v=0
             printf " | %.3f ± %.3f", m, sqrt(v)} }'
}
base_row() { # "name v1..v6" -> table cells
  awk '{printf "%s", $1; for(i=2;i<=7;i++) printf " | %s", ($i=="nan"?"":sprintf("%.3f",$i)); print ""}'
}

programs=$("$tool" dataset --dump "$data" | awk 'NR>1{print $2}' | sort -u)
nprog=$(echo "$programs" | wc -l)
echo "[evaluate] $data: $nprog programs, $seeds retrains per model" >&2

header="| ranker | pairwise accuracy | best-1 error | best-2 error | top-1 score | top-5 score | MAPE |
|---|---|---|---|---|---|---|"

echo "### Held-out eighth (by hash)"
echo
echo "$header"
"$tool" eval --data "$data" | base_lines | base_row | sed 's/^/| /; s/$/ |/'
for obj in rank reg; do
  for s in $(seq 1 "$seeds"); do
    "$tool" train --data "$data" --objective $obj --seed "$s" -o "$tmp/m" >/dev/null
    "$tool" eval --data "$data" --model "$tmp/m" | model_line
  done > "$tmp/$obj.held"
  echo "| XGBoost $obj$(mean_std < "$tmp/$obj.held") |"
done

echo
echo "### Leave one program out ($nprog programs)"
echo
echo "$header"
for p in $programs; do
  "$tool" eval --data "$data" --hold "$p" | base_lines
done | mean_by_key | sort | base_row | sed 's/^/| /; s/$/ |/'
for obj in rank reg; do
  : > "$tmp/$obj.loo"
  for s in $(seq 1 "$seeds"); do
    for p in $programs; do
      "$tool" train --data "$data" --objective $obj --seed "$s" --hold "$p" -o "$tmp/m" >/dev/null
      echo "$s $("$tool" eval --data "$data" --model "$tmp/m" --hold "$p" | model_line)"
    done | mean_by_key | cut -d' ' -f2- >> "$tmp/$obj.loo"
    echo "[evaluate] $obj retrain $s of $seeds done" >&2
  done
  echo "| XGBoost $obj$(mean_std < "$tmp/$obj.loo") |"
done
