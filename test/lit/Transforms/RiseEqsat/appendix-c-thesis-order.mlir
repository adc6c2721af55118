// The thesis's Appendix C guides (search/sketch/guides/matmul.guides) at m = 64,
// k = 128, n = 96, where m/32 != n/32, so the sketches tell the loops
// apart and every goal has the thesis's loop order: row blocks, column
// blocks, k/4, the tile's 32 rows, 4, the tile's 32 columns (Listings
// C.12-C.15). All seven goals are found; each program computes bit for bit
// what the original does on the interpreter, lowers through the CPU
// pipeline and runs natively with the interpreter's result. The 64^3
// lowering details: appendix-c.mlir.

// RUN: ariadne-eqsat --guides %ariadne_src/search/sketch/guides/matmul.guides --all --nat m=64 --nat n=96 --nat k=128 --output %t.all.mlir %s | FileCheck %s --check-prefix=TABLE
// TABLE-COUNT-7: (total)  yes {{.*}} found
// TABLE-NOT: no

// RUN: ariadne-interp %s --func=mm --seed=3 --print > %t.ref.txt
// RUN: ariadne-interp %t.all.mlir --func=mm_baseline --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_blocking --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_vectorisation --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_loopPerm --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_arrayPacking --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_cacheBlocks --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-interp %t.all.mlir --func=mm_parallel --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.all.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// RUN: ariadne-run %t.all.mlir --func=mm_baseline --seed=5 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %t.all.mlir --func=mm_blocking --seed=5 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %t.all.mlir --func=mm_vectorisation --seed=5 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %t.all.mlir --func=mm_loopPerm --seed=5 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %t.all.mlir --func=mm_arrayPacking --seed=5 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %t.all.mlir --func=mm_cacheBlocks --seed=5 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %t.all.mlir --func=mm_parallel --seed=5 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// NATIVE: argument 2 matches the interpreter: 6144 scalars, max abs error 0 (

// parallel: B's transpose stored once, at the function level (export
// hoists a loop-invariant to_mem global), through C.14's copy nest (column
// blocks in parallel, k, one vector of a block's 32 elements), and the
// compute map over the row blocks parallel, with the thesis's nest.
// RUN: FileCheck %s --check-prefix=PAR < %t.all.mlir
// PAR-LABEL: func.func @mm_parallel(
// PAR:         rise.split 32 %{{.*}} : !rise.array<96x128xf32> -> !rise.array<3x32x128xf32>
// PAR-NEXT:    rise.map par %{{.*}} : !rise.array<3x32x128xf32> -> !rise.array<3x32x128xf32> {
// PAR:           rise.map %{{.*}} : !rise.array<128x32xf32> -> !rise.array<128x32xf32> {
// PAR:             rise.map %{{.*}} : !rise.array<1xvector<32xf32>> -> !rise.array<1xvector<32xf32>> {
// PAR:         {{^}}    %[[PACKED:.*]] = rise.to_mem global %{{.*}} : !rise.array<96x128xf32>
// PAR:         rise.split 32 %[[PACKED]] : !rise.array<96x128xf32> -> !rise.array<3x32x128xf32>
// PAR:         rise.map par %{{.*}} : !rise.array<2x3x32x32x32x4x!rise.pair<f32, f32>> -> !rise.array<2x32x3x32xf32> {
// PAR-NEXT:    ^bb0(%{{.*}}: !rise.array<3x32x32x32x4x!rise.pair<f32, f32>>):
// PAR-NEXT:      rise.map %{{.*}} : !rise.array<3x32x32x32x4x!rise.pair<f32, f32>> -> !rise.array<3x32x32xf32> {
// PAR:             rise.reduce seq %{{.*}} : !rise.array<32x32xf32>, !rise.array<32x32x32x4x!rise.pair<f32, f32>> -> !rise.array<32x32xf32> {
// PAR:               rise.map %{{.*}} : !rise.array<32x!rise.pair<!rise.array<32xf32>, !rise.array<32x4x!rise.pair<f32, f32>>>> -> !rise.array<32x32xf32> {
// PAR:                 rise.reduce unroll %{{.*}} : !rise.array<32xf32>, !rise.array<4x32x!rise.pair<f32, f32>> -> !rise.array<32xf32> {
// PAR:                   arith.mulf {{.*}} : vector<32xf32>
// PAR-NEXT:              arith.addf {{.*}} : vector<32xf32>

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
