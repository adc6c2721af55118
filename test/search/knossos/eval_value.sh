#!/usr/bin/env bash
# The Knossos binding evaluation with a trained value network (issue 17;
# docs/astar.md, "Training"): trains one network per seed on
# the 348 training sequences (one family in 8 held out to choose the
# checkpoint, searched with 1,250 evaluations: --validate,
# --validate-budget; the path's siblings in the replay: --siblings),
# then runs `ariadne-astar --eval` on the 12 test expressions with each (5
# search seeds), and prints the fraction of test expressions at their
# oracle cost within 5,000 and 2,500 evaluations: per network (mean over
# its search seeds) and mean +- std over the networks.
#
#   bash test/search/knossos/eval_value.sh OUTDIR [NETS] [-- TRAIN OPTIONS..]
#
# NETS (default 5) networks, seeds 1..NETS; OUTDIR receives NET-SEED.net,
# the training logs and the --eval tables. Options after `--` replace the
# training defaults below (e.g. `-- --rules knossos,beta --dim 64`); the
# evaluation uses the same --rules. Needs a built tree (build/, or
# $ARIADNE_BUILD). About 16 minutes per network with the defaults on the
# 2-core workplace AMD EPYC, two networks training at a time.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
tool=${ARIADNE_BUILD:-$root/build}/bin/ariadne-astar
[ -x "$tool" ] || { echo "eval_value.sh: $tool not built" >&2; exit 1; }
out=${1:?usage: eval_value.sh OUTDIR [NETS] [-- TRAIN OPTIONS..]}
shift
nets=5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then nets=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
opts=("$@")
[ ${#opts[@]} -gt 0 ] || opts=(--rules kbind,beta --epochs 1 --bootstrap-budget 300000
                               --samples 1024 --siblings 1000 --passes 3 --validate 4
                               --validate-budget 1250 --budget 2500)
rules=kbind,beta
for ((i = 0; i < ${#opts[@]}; i++)); do
  [ "${opts[$i]}" = --rules ] && rules=${opts[$((i + 1))]}
done
mkdir -p "$out"
set -x
train() { # train SEED
  "$tool" --eval "$root/test/search/knossos/binding_train.mlir" --train "$out/net-$1.net" \
    --seed "$1" --no-progress "${opts[@]}" > "$out/train-$1.log"
  "$tool" --eval "$root/test/search/knossos/binding_test.mlir" --value "$out/net-$1.net" \
    --rules "$rules" --seeds 5 --no-progress > "$out/eval-$1.txt"
}
for ((s = 1; s <= nets; s += 2)); do
  train "$s" &
  if ((s + 1 <= nets)); then train $((s + 1)) & fi
  wait
done
set +x
awk -v nets="$nets" '
  FNR == 1 { f++ }
  $1 == "astar+value" { a[f] = $2; b[f] = $5 }
  END {
    for (i = 1; i <= f; i++) {
      printf "network %d: 5000 evaluations %.3f, 2500 evaluations %.3f\n", i, a[i], b[i]
      sa += a[i]; sb += b[i]
    }
    ma = sa / f; mb = sb / f
    for (i = 1; i <= f; i++) { va += (a[i] - ma) ^ 2; vb += (b[i] - mb) ^ 2 }
    printf "%d networks: 5000 evaluations %.3f +- %.3f, 2500 evaluations %.3f +- %.3f\n",
           f, ma, sqrt(va / f), mb, sqrt(vb / f)
  }' $(for ((s = 1; s <= nets; s++)); do echo "$out/eval-$s.txt"; done)
