// Rule mapReduceInterchangeAcc (tiling, exact): map (\r. reduce/k g (i r) (e r)) x |-> reduce/seq (\as ys. map (\q. g (fst q) (snd q)) (zip as ys)) (map (\r. i r) x) (transpose (map (\r. e r) x)); for x = zip as ys, i = fst r, e = snd r: ... as (transpose ys)
// Side conditions: g does not use r (i and e may: each row starts from its own accumulator)
// @example is the thesis's form: each row of ys folded from its own initial
// value (the element of as), lifted to one fold over ys's columns starting
// from as itself. @tiled is the matmul situation in miniature: tileReduce
// makes the inner reduction start from the outer one's accumulator, and two
// applications lift both reductions above the row map (Appendix C's
// reorder1). Written by hand (readable instances).

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapReduceInterchangeAcc)" report=false})' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapReduceInterchangeAcc)" report=false})' > %t.mlir
// RUN: ariadne-interp %s --func=example --seed=7 --print > %t.before
// RUN: ariadne-interp %t.mlir --func=example --seed=7 --print > %t.after
// RUN: %python %S/compare_outputs.py %t.before %t.after
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(tileReduce(2)) ; topDown(mapReduceInterchangeAcc) ; topDown(mapReduceInterchangeAcc)" func=tiled report=false})' > %t.tiled.mlir
// RUN: FileCheck %s --check-prefix=TILED < %t.tiled.mlir
// RUN: ariadne-interp %s --func=tiled --seed=7 --print > %t.tbefore
// RUN: ariadne-interp %t.tiled.mlir --func=tiled --seed=7 --print > %t.tafter
// RUN: %python %S/compare_outputs.py %t.tbefore %t.tafter

// The initial accumulators are as itself and the fold runs over ys's
// columns: no map over the rows is left.
// CHECK-LABEL: func.func @example
// CHECK: %[[AS:.+]] = rise.in %{{.+}} : memref<4xf32> -> !rise.array<4xf32>
// CHECK: %[[YS:.+]] = rise.in %{{.+}} : memref<4x3xf32> -> !rise.array<4x3xf32>
// CHECK-NOT: rise.map %{{.+}} : !rise.array<4x!rise.pair
// CHECK-DAG: %[[YT:.+]] = rise.transpose %[[YS]] : !rise.array<4x3xf32> -> !rise.array<3x4xf32>
// CHECK-DAG: rise.reduce seq %[[AS]], %[[YT]] : !rise.array<4xf32>, !rise.array<3x4xf32> -> !rise.array<4xf32> {
// CHECK: rise.zip {{.+}} -> !rise.array<4x!rise.pair<f32, f32>>
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: return

// Both reductions (over the 3 blocks, then over a block's 2 elements) are
// now outside the map over the 4 rows, which runs innermost on f32 pairs.
// TILED-LABEL: func.func @tiled
// TILED: rise.transpose {{.+}} : !rise.array<4x3x2xf32> -> !rise.array<3x4x2xf32>
// TILED: rise.reduce seq {{.+}} : !rise.array<4xf32>, !rise.array<3x4x2xf32> -> !rise.array<4xf32> {
// TILED: rise.transpose {{.+}} : !rise.array<4x2xf32> -> !rise.array<2x4xf32>
// TILED: rise.reduce seq {{.+}} : !rise.array<4xf32>, !rise.array<2x4xf32> -> !rise.array<4xf32> {
// TILED: rise.map {{.+}} : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
// TILED: arith.mulf
// TILED: arith.addf
// TILED: return

module {
  func.func @example(%arg0: memref<4xf32>, %arg1: memref<4x3xf32>, %arg2: memref<4xf32>) {
    %as = rise.in %arg0 : memref<4xf32> -> !rise.array<4xf32>
    %ys = rise.in %arg1 : memref<4x3xf32> -> !rise.array<4x3xf32>
    %z = rise.zip %as, %ys : !rise.array<4xf32>, !rise.array<4x3xf32> -> !rise.array<4x!rise.pair<f32, !rise.array<3xf32>>>
    %1 = rise.map %z : !rise.array<4x!rise.pair<f32, !rise.array<3xf32>>> -> !rise.array<4xf32> {
    ^bb0(%p: !rise.pair<f32, !rise.array<3xf32>>):
      %a0 = rise.fst %p : !rise.pair<f32, !rise.array<3xf32>> -> f32
      %row = rise.snd %p : !rise.pair<f32, !rise.array<3xf32>> -> !rise.array<3xf32>
      %r = rise.reduce seq %a0, %row : f32, !rise.array<3xf32> -> f32 {
      ^bb0(%acc: f32, %y: f32):
        %yy = arith.mulf %y, %y : f32
        %s = arith.addf %acc, %yy : f32
        rise.yield %s : f32
      }
      rise.yield %r : f32
    }
    rise.out %1, %arg2 : !rise.array<4xf32>, memref<4xf32>
    return
  }

  func.func @tiled(%arg0: memref<4x6xf32>, %arg1: memref<4xf32>) {
    %x = rise.in %arg0 : memref<4x6xf32> -> !rise.array<4x6xf32>
    %zero = arith.constant 0.000000e+00 : f32
    %1 = rise.map %x : !rise.array<4x6xf32> -> !rise.array<4xf32> {
    ^bb0(%r: !rise.array<6xf32>):
      %s = rise.reduce seq %zero, %r : f32, !rise.array<6xf32> -> f32 {
      ^bb0(%acc: f32, %y: f32):
        %yy = arith.mulf %y, %y : f32
        %t = arith.addf %acc, %yy : f32
        rise.yield %t : f32
      }
      rise.yield %s : f32
    }
    rise.out %1, %arg1 : !rise.array<4xf32>, memref<4xf32>
    return
  }
}
