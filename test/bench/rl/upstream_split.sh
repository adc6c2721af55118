#!/usr/bin/env bash
# Writes the programs of ariadne-rl --env=upstream's evaluation (docs/rl.md,
# "Environment 2: upstream passes") as OUTDIR/train.mlir and OUTDIR/test.mlir,
# split by program:
#   - ProgGen's 40 seed programs (test/proggen/make_seeds.py): every fourth
#     of the sorted list (the 1st, 5th, ...) held out, the rest trained on;
#   - the model zoo (test/examples/models, imported by tosa-to-rise): mlp
#     and cnn trained on, transformer and dwsep held out;
#   - the examples' high-level programs: conv3x3, dot, matvec and stencil1d
#     trained on, harris, matmul and stencil2d held out (each file's
#     functions, the small variants included).
#
#   bash test/bench/rl/upstream_split.sh OUTDIR [BUILD]
#
# BUILD (default: build) holds the plugin that imports the models.
set -euo pipefail
out=${1:?usage: upstream_split.sh OUTDIR [BUILD]}
build=${2:-build}
root=$(cd "$(dirname "$0")/../../.." && pwd)
plugin=$build/passes/AriadnePlugin.so
[ -f "$plugin" ] || { echo "upstream_split.sh: no $plugin (build first)" >&2; exit 1; }
mkdir -p "$out/seeds"
python3 "$root/test/proggen/make_seeds.py" "$out/seeds" >/dev/null
for m in mlp cnn transformer dwsep; do
  mlir-opt-22 --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" \
    "$root/test/examples/models/$m.mlir" --pass-pipeline='builtin.module(tosa-to-rise)' \
    -o "$out/$m.rise.mlir"
done
: >"$out/train.mlir"
: >"$out/test.mlir"
i=0
for f in $(ls "$out"/seeds/*.mlir | sort); do
  if [ $((i % 4)) -eq 0 ]; then cat "$f" >>"$out/test.mlir"; else cat "$f" >>"$out/train.mlir"; fi
  i=$((i + 1))
done
for m in mlp cnn; do cat "$out/$m.rise.mlir" >>"$out/train.mlir"; done
for m in transformer dwsep; do cat "$out/$m.rise.mlir" >>"$out/test.mlir"; done
# (renamed ex_NAME: ProgGen has a dot and a matmul of its own)
ex() { sed 's/func\.func @/func.func @ex_/' "$root/test/examples/$1.mlir"; }
for e in conv3x3 dot matvec stencil1d; do ex $e >>"$out/train.mlir"; done
for e in harris matmul stencil2d; do ex $e >>"$out/test.mlir"; done
echo "upstream_split.sh: $(grep -c 'func.func @' "$out/train.mlir") training and" \
  "$(grep -c 'func.func @' "$out/test.mlir") held-out functions in $out"
