// Sketch-guided equality saturation (ariadne-eqsat, search/eqsat.h) derives
// the seven matmul versions of search/sketch/guides/matmul_eqsat.guides from the
// high-level matmul (m = 64, k = 128, n = 96: tiles of 32 and k split by 4
// divide, and m / 32 != n / 32, so the sketches tell the loops apart). Each
// extracted program computes bit for bit what the original computes on the
// interpreter (every rule used is exact, vector lanes included), lowers
// through the CPU pipeline, and runs natively with the interpreter's result
// (ariadne-run checks it and exits non-zero on a mismatch).

// RUN: ariadne-eqsat --guides %ariadne_src/search/sketch/guides/matmul_eqsat.guides --all --nat m=64 --nat n=96 --nat k=128 --output %t.all.mlir %s | FileCheck %s --check-prefix=TABLE
// TABLE: goal  guide  found  seconds  peak MB  applied  e-nodes  e-classes  stop
// TABLE: baseline  (total)  yes {{.*}} found
// TABLE: blocking  (total)  yes {{.*}} found
// TABLE: vectorisation  (total)  yes {{.*}} found
// TABLE: loopPerm  (total)  yes {{.*}} found
// TABLE: arrayPacking  (total)  yes {{.*}} found
// TABLE: cacheBlocks  (total)  yes {{.*}} found
// TABLE: parallel  (total)  yes {{.*}} found

// RUN: ariadne-interp %s --func=mm --seed=3 --print > %t.ref.txt
// RUN: ariadne-interp %t.all.mlir --func=mm_baseline --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_blocking --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_vectorisation --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_loopPerm --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_arrayPacking --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_cacheBlocks --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_parallel --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.all.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// RUN: ariadne-run %t.all.mlir --func=mm_baseline --seed=5 --reps=1 --warmup=0 > /dev/null
// RUN: ariadne-run %t.all.mlir --func=mm_blocking --seed=5 --reps=1 --warmup=0 > /dev/null
// RUN: ariadne-run %t.all.mlir --func=mm_vectorisation --seed=5 --reps=1 --warmup=0 > /dev/null
// RUN: ariadne-run %t.all.mlir --func=mm_loopPerm --seed=5 --reps=1 --warmup=0 > /dev/null
// RUN: ariadne-run %t.all.mlir --func=mm_arrayPacking --seed=5 --reps=1 --warmup=0 > /dev/null
// RUN: ariadne-run %t.all.mlir --func=mm_cacheBlocks --seed=5 --reps=1 --warmup=0 > /dev/null
// RUN: ariadne-run %t.all.mlir --func=mm_parallel --seed=5 --reps=1 --warmup=0 > /dev/null

// The thesis's own blocking goal (Appendix C: split, reorder1): the k
// reductions above the 32 x 32 tile loops, with the tile as the
// accumulator. Bit for bit the original on the interpreter, and natively
// (the tile is one buffer updated in place).
// RUN: ariadne-eqsat --guides %ariadne_src/search/sketch/guides/matmul.guides --goal blocking --nat m=64 --nat n=96 --nat k=128 --quiet --output %t.thesis.mlir %s
// RUN: ariadne-interp %t.thesis.mlir --func=mm --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-run %t.thesis.mlir --func=mm --seed=5 --reps=1 --warmup=0 | FileCheck %s --check-prefix=THESISNATIVE
// THESISNATIVE: @mm argument 2 matches the interpreter: {{[0-9]+}} scalars, max abs error 0 (
// RUN: FileCheck %s --check-prefix=THESIS < %t.thesis.mlir
// THESIS: rise.reduce seq {{.*}} : !rise.array<32x32xf32>, !rise.array<32x32x32x4x!rise.pair<f32, f32>> -> !rise.array<32x32xf32>
// THESIS: rise.reduce seq {{.*}} : !rise.array<32x32xf32>, !rise.array<4x32x32x!rise.pair<f32, f32>> -> !rise.array<32x32xf32>

// The loop order the lowering gives them (row blocks: 2, rows of a block:
// 32, column panels: 3). vectorisation and loopPerm read B in place and
// run row-major, a row visiting every column panel (the strategy
// versions' order; with the column-panel-major tiles of `blocks` each
// strided panel of B was re-read by a block's 32 rows, 1.4-2x slower at
// 1024, docs/eqsat.md); arrayPacking re-reads its packed, contiguous panel
// for the rows of a block.
// RUN: %rise-opt %t.all.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s --check-prefix=LOOPS
// LOOPS-LABEL: func.func @mm_vectorisation(
// LOOPS:         affine.for %{{.*}} = 0 to 2 {
// LOOPS:           affine.for %{{.*}} = 0 to 32 {
// LOOPS:             affine.for %{{.*}} = 0 to 3 {
// LOOPS:         vector.store %{{.*}} : memref<64x96xf32>, vector<32xf32>
// LOOPS-LABEL: func.func @mm_loopPerm(
// LOOPS:         affine.for %{{.*}} = 0 to 2 {
// LOOPS:           affine.for %{{.*}} = 0 to 32 {
// LOOPS:             affine.for %{{.*}} = 0 to 3 {
// LOOPS:         vector.store %{{.*}} : memref<64x96xf32>, vector<32xf32>
// LOOPS-LABEL: func.func @mm_arrayPacking(
// LOOPS:         affine.for %{{.*}} = 0 to 2 {
// LOOPS:           affine.for %{{.*}} = 0 to 3 {
// LOOPS:             affine.for %{{.*}} = 0 to 32 {

// The loop structure of the versions (FileCheck on the written module).
// RUN: FileCheck %s --check-prefix=OUT < %t.all.mlir
// OUT-LABEL: func.func @mm_baseline(
// OUT:         rise.reduce seq {{.*}} : f32, !rise.array<128x!rise.pair<f32, f32>> -> f32
// OUT-LABEL: func.func @mm_blocking(
// OUT-DAG:     rise.split 32 {{.*}} -> !rise.array<2x32x128xf32>
// OUT-DAG:     rise.split 32 {{.*}} -> !rise.array<3x32x128xf32>
// OUT:         rise.reduce seq {{.*}} : f32, !rise.array<32x4x!rise.pair<f32, f32>> -> f32
// OUT:         rise.reduce seq {{.*}} : f32, !rise.array<4x!rise.pair<f32, f32>> -> f32
// OUT-LABEL: func.func @mm_vectorisation(
// OUT:         rise.as_vector 32
// OUT:         rise.reduce seq {{.*}} : vector<32xf32>, !rise.array<32x4x!rise.pair<f32, vector<32xf32>>> -> vector<32xf32>
// Row-major: a row block's band is `map join (transpose ..)` of its three
// column panels' tiles (loops: row block, row, column panel, k).
// OUT:         rise.transpose %{{.*}} : !rise.array<3x32x32xf32> -> !rise.array<32x3x32xf32>
// OUT-NEXT:    rise.map %{{.*}} : !rise.array<32x3x32xf32> -> !rise.array<32x96xf32>
// OUT-LABEL: func.func @mm_loopPerm(
// The column panels (3 of them) outermost, then the row blocks (2).
// OUT:         rise.map {{.*}} : !rise.array<3x32x128xf32> -> !rise.array<3x2x32x32xf32>
// OUT:           rise.map {{.*}} : !rise.array<2x32x128xf32> -> !rise.array<2x32x32xf32>
// OUT-LABEL: func.func @mm_arrayPacking(
// OUT:         rise.to_mem global {{.*}} : !rise.array<3x1x128xvector<32xf32>>
// OUT:         rise.map {{.*}} : !rise.array<3x1x128xvector<32xf32>> -> !rise.array<3x2x32x32xf32>
// OUT-LABEL: func.func @mm_cacheBlocks(
// OUT:         rise.map par {{.*}} : !rise.array<3x32x128xf32> -> !rise.array<3x1x128xvector<32xf32>>
// OUT:         rise.to_mem global
// OUT:         rise.map {{.*}} : !rise.array<3x1x128xvector<32xf32>> -> !rise.array<3x2x32x32xf32>
// OUT:         rise.reduce unroll {{.*}} : vector<32xf32>, !rise.array<4x!rise.pair<f32, vector<32xf32>>> -> vector<32xf32>
// OUT-LABEL: func.func @mm_parallel(
// OUT:         rise.map par {{.*}} : !rise.array<3x32x128xf32> -> !rise.array<3x1x128xvector<32xf32>>
// OUT:         rise.to_mem global
// OUT:         rise.map par {{.*}} : !rise.array<3x1x128xvector<32xf32>> -> !rise.array<3x2x32x32xf32>
// OUT:         rise.reduce unroll {{.*}} : vector<32xf32>, !rise.array<4x!rise.pair<f32, vector<32xf32>>> -> vector<32xf32>

func.func @mm(%A: memref<64x128xf32>, %B: memref<128x96xf32>, %C: memref<64x96xf32>) {
  %a = rise.in %A : memref<64x128xf32> -> !rise.array<64x128xf32>
  %b = rise.in %B : memref<128x96xf32> -> !rise.array<128x96xf32>
  %bt = rise.transpose %b : !rise.array<128x96xf32> -> !rise.array<96x128xf32>
  %zero = arith.constant 0.0 : f32
  %c = rise.map %a : !rise.array<64x128xf32> -> !rise.array<64x96xf32> {
  ^bb0(%arow: !rise.array<128xf32>):
    %crow = rise.map %bt : !rise.array<96x128xf32> -> !rise.array<96xf32> {
    ^bb0(%bcol: !rise.array<128xf32>):
      %dzip = rise.zip %arow, %bcol : !rise.array<128xf32>, !rise.array<128xf32> -> !rise.array<128x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<128x!rise.pair<f32, f32>> -> !rise.array<128xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<128xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %crow : !rise.array<96xf32>
  }
  rise.out %c, %C : !rise.array<64x96xf32>, memref<64x96xf32>
  return
}

