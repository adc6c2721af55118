// Rule reduceMapInterchange (tiling, exact): reduce/k (\as ys. map (\p. g (fst p) (snd p)) (zip as ys)) (map (\r. i) x) (transpose x) |-> map (\r. reduce/k g i r) x
// Side conditions: inverse of mapReduceInterchange; the same x; p used only as fst p, snd p; g does not use as, ys; the inner map high-level; i may use r
// The input is what mapReduceInterchange writes for map (\r. reduce/seq
// (\a y. a + y * y) 0 r) x; the last RUN goes back and forth again.
// Written by hand (a readable instance); update_rule_tests.py would replace it
// with a generated one.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(reduceMapInterchange)" report=false})' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(reduceMapInterchange)" report=false})' > %t.mlir
// RUN: ariadne-interp %s --seed=7 --print > %t.before
// RUN: ariadne-interp %t.mlir --seed=7 --print > %t.after
// RUN: %python %S/compare_outputs.py %t.before %t.after
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(reduceMapInterchange) ; topDown(mapReduceInterchange)" report=false})' | FileCheck %s --check-prefix=BACK

// CHECK-LABEL: func.func @example
// CHECK-DAG: {{%[^ ,:)]+}} = rise.in {{%[^ ,:)]+}} : memref<4x3xf32> -> !rise.array<4x3xf32>
// CHECK-DAG: {{%[^ ,:)]+}} = rise.map {{%[^ ,:)]+}} : !rise.array<4x3xf32> -> !rise.array<4xf32> {
// CHECK-DAG: {{%[^ ,:)]+}} = arith.constant 0.000000e+00 : f32
// CHECK-DAG: {{%[^ ,:)]+}} = rise.reduce seq {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : f32, !rise.array<3xf32> -> f32 {
// CHECK-DAG: {{%[^ ,:)]+}} = arith.mulf {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : f32
// CHECK-DAG: {{%[^ ,:)]+}} = arith.addf {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : f32
// CHECK-DAG: rise.out {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : !rise.array<4xf32>, memref<4xf32>
// CHECK: return

// BACK-LABEL: func.func @example
// BACK-DAG: rise.transpose {{%[^ ,:)]+}} : !rise.array<4x3xf32> -> !rise.array<3x4xf32>
// BACK-DAG: rise.reduce seq {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : !rise.array<4xf32>, !rise.array<3x4xf32> -> !rise.array<4xf32> {
// BACK-DAG: rise.zip
// BACK: return

module {
  func.func @example(%arg0: memref<4x3xf32>, %arg1: memref<4xf32>) {
    %0 = rise.in %arg0 : memref<4x3xf32> -> !rise.array<4x3xf32>
    %1 = rise.map %0 : !rise.array<4x3xf32> -> !rise.array<4xf32> {
    ^bb0(%r: !rise.array<3xf32>):
      %zero = arith.constant 0.000000e+00 : f32
      rise.yield %zero : f32
    }
    %2 = rise.transpose %0 : !rise.array<4x3xf32> -> !rise.array<3x4xf32>
    %3 = rise.reduce seq %1, %2 : !rise.array<4xf32>, !rise.array<3x4xf32> -> !rise.array<4xf32> {
    ^bb0(%as: !rise.array<4xf32>, %ys: !rise.array<4xf32>):
      %4 = rise.zip %as, %ys : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
      %5 = rise.map %4 : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %a = rise.fst %p : !rise.pair<f32, f32> -> f32
        %y = rise.snd %p : !rise.pair<f32, f32> -> f32
        %yy = arith.mulf %y, %y : f32
        %s = arith.addf %a, %yy : f32
        rise.yield %s : f32
      }
      rise.yield %5 : !rise.array<4xf32>
    }
    rise.out %3, %arg1 : !rise.array<4xf32>, memref<4xf32>
    return
  }
}
