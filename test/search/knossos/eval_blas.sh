#!/usr/bin/env bash
# The Knossos BLAS evaluation (issue 17; docs/astar.md, "The BLAS set"):
# the fraction of blas_test.mlir's 21 programs (GEMM, its family and
# blas_test.kso's own programs) whose oracle cost each engine reaches, at
# depth 30 within 30,000 and 5,000 evaluations, mean +- std over search
# seeds 1..SEEDS, in four settings:
#   ml rules        karith,karray,beta: Knossos' BLAS rule set
#                   (ml_rules_no_bind: Table 3's arithmetic, inlining and
#                   deleting lets (beta), Table 4), one phase
#   ml two phases   the same in two phases, phase 1 the rules Knossos'
#                   Table 4 checks (karray), as Knossos ran GEMM
#   all rules       knossos,beta: the binding rules (let introduction,
#                   lifting, CSE) as well, one phase
#   let phases      all rules, phase 1 idxGenerate and beta
# and, with NETS > 0, A* with value networks (seeds 1..NETS) trained on
# blas_train.mlir (searches in ml two phases, log-normalised values),
# judged in ml two phases and with all rules.
#
#   bash test/search/knossos/eval_blas.sh OUTDIR [SEEDS] [NETS]
#
# Needs a built tree (build/, or $ARIADNE_BUILD). Runs $JOBS (default 2)
# searches at a time.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
tool=${ARIADNE_BUILD:-$root/build}/bin/ariadne-astar
[ -x "$tool" ] || { echo "eval_blas.sh: $tool not built" >&2; exit 1; }
out=${1:?usage: eval_blas.sh OUTDIR [SEEDS] [NETS]}
seeds=${2:-5}
nets=${3:-0}
mkdir -p "$out"
test=$root/test/search/knossos/blas/blas_test.mlir
train=$root/test/search/knossos/blas/blas_train.mlir
# reached FILE..: the fraction of rows whose best cost is at the oracle,
# one line per file, then mean and std (population) over the files.
reached() {
  for f in "$@"; do
    awk 'NR > 1 { n++; if ($4 <= $5 + 1e-6) h++ } END { printf "%.4f\n", h / n }' "$f"
  done | awk '{ s += $1; q += $1 * $1; n++; v = v sprintf(" %.3f", $1) }
              END { m = s / n; d = q / n - m * m; printf "%.3f +- %.3f  (%s )\n", m, (d > 0 ? sqrt(d) : 0), v }'
}
settings=("ml rules|karith,karray,beta" "ml two phases|!karray,karith,karray,beta|--two-phase"
          "all rules|knossos,beta" "let phases|!idxGenerate,!beta,knossos,beta|--two-phase")
engines=(astar greedy random)
budgets=(30000 5000)
# every search first, $JOBS at a time (each writes its own table)
{
  for st in "${settings[@]}"; do
    IFS='|' read -r name rules extra <<< "$st"
    for engine in "${engines[@]}"; do
      for budget in "${budgets[@]}"; do
        for ((s = 1; s <= seeds; s++)); do
          printf '%s\0' "$tool --lets --engine $engine --rules '$rules' $extra --budget $budget \
            --horizon 30 --seed $s --no-progress $test > '$out/${name// /_}-$engine-$budget-$s.txt'"
        done
      done
    done
  done
  for ((n = 1; n <= nets; n++)); do
    printf '%s\0' "$tool --lets --eval $train --train $out/blas-net-$n.net --value-norm log \
      --seed $n --rules '!karray,karith,karray,beta' --two-phase --horizon 30 --epochs 1 \
      --bootstrap-budget 30000 --samples 1024 --passes 3 --no-progress > $out/train-$n.log && \
      for b in ${budgets[*]}; do \
      $tool --lets --value $out/blas-net-$n.net --rules '!karray,karith,karray,beta' \
      --two-phase --budget \$b --horizon 30 --no-progress $test > $out/value-ml-\$b-$n.txt && \
      $tool --lets --value $out/blas-net-$n.net --rules knossos,beta \
      --budget \$b --horizon 30 --no-progress $test > $out/value-all-\$b-$n.txt || exit 1; done"
  done
} | xargs -0 -P "${JOBS:-2}" -I{} bash -c {}
printf '%-16s %-8s %-7s %s\n' setting engine budget "reached (mean +- std over seeds)"
for st in "${settings[@]}"; do
  IFS='|' read -r name rules extra <<< "$st"
  for engine in "${engines[@]}"; do
    for budget in "${budgets[@]}"; do
      files=()
      for ((s = 1; s <= seeds; s++)); do files+=("$out/${name// /_}-$engine-$budget-$s.txt"); done
      printf '%-16s %-8s %-7s %s\n' "$name" "$engine" "$budget" "$(reached "${files[@]}")"
    done
  done
done
if [ "$nets" -gt 0 ]; then
  for v in "ml two phases|ml" "all rules|all"; do
    IFS='|' read -r name tag <<< "$v"
    for budget in "${budgets[@]}"; do
      files=()
      for ((n = 1; n <= nets; n++)); do files+=("$out/value-$tag-$budget-$n.txt"); done
      printf '%-16s %-8s %-7s %s\n' "$name" "A*+value" "$budget" "$(reached "${files[@]}") over networks"
    done
  done
fi
