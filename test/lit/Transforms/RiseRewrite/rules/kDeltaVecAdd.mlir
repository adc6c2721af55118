// Rule kDeltaVecAdd (knossos-array, exact): map (\p. fst p + snd p) (zip (generate m (\j. select (j == i) e1 0)) (generate m (\j. select (j == i) e2 0))) |-> generate m (\j. select (j == i) (e1 + e2) 0)
// Side conditions: the same i in both, j not free in i; map high-level; scalar elements
// deltaVec m i v (Knossos' one-hot vector) is generate m (\j. select (j == i) v 0);
// here m = 4, i = 2, and the two comparisons are written either way round.
// Written by hand (a readable instance); update_rule_tests.py would replace it
// with a generated one.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(kDeltaVecAdd)" report=false})' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(kDeltaVecAdd)" report=false})' > %t.mlir
// RUN: ariadne-interp %s --seed=7 --print > %t.before
// RUN: ariadne-interp %t.mlir --seed=7 --print > %t.after
// RUN: %python %S/compare_outputs.py %t.before %t.after

// CHECK-LABEL: func.func @example
// CHECK-DAG: %[[A:[0-9a-z_]+]] = rise.in %arg0
// CHECK-DAG: %[[B:[0-9a-z_]+]] = rise.in %arg1
// CHECK: %[[G:[0-9a-z_]+]] = rise.generate : !rise.array<4xf32> {
// CHECK-DAG: %[[I:[0-9a-z_]+]] = arith.constant 2 : index
// CHECK-DAG: %[[EQ:[0-9a-z_]+]] = arith.cmpi eq, %{{[0-9a-z_]+}}, %[[I]] : index
// CHECK-DAG: %[[X:[0-9a-z_]+]] = rise.idx %[[A]][
// CHECK-DAG: %[[Y:[0-9a-z_]+]] = rise.idx %[[B]][
// CHECK-DAG: %[[S:[0-9a-z_]+]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-DAG: %[[Z:[0-9a-z_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[R:[0-9a-z_]+]] = arith.select %[[EQ]], %[[S]], %[[Z]] : f32
// CHECK: rise.yield %[[R]]
// CHECK-NOT: rise.zip
// CHECK: rise.out %[[G]], %arg2
// CHECK: return

module {
  func.func @example(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: memref<4xf32>) {
    %0 = rise.in %arg0 : memref<4xf32> -> !rise.array<4xf32>
    %1 = rise.in %arg1 : memref<4xf32> -> !rise.array<4xf32>
    %2 = rise.generate : !rise.array<4xf32> {
    ^bb0(%j: index):
      %c2 = arith.constant 2 : index
      %eq = arith.cmpi eq, %j, %c2 : index
      %v = rise.idx %0[%j] : !rise.array<4xf32> -> f32
      %zero = arith.constant 0.000000e+00 : f32
      %s = arith.select %eq, %v, %zero : f32
      rise.yield %s : f32
    }
    %3 = rise.generate : !rise.array<4xf32> {
    ^bb0(%j: index):
      %c2 = arith.constant 2 : index
      %eq = arith.cmpi eq, %c2, %j : index
      %v = rise.idx %1[%j] : !rise.array<4xf32> -> f32
      %zero = arith.constant 0.000000e+00 : f32
      %s = arith.select %eq, %v, %zero : f32
      rise.yield %s : f32
    }
    %4 = rise.zip %2, %3 : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
    %5 = rise.map %4 : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %a = rise.fst %p : !rise.pair<f32, f32> -> f32
      %b = rise.snd %p : !rise.pair<f32, f32> -> f32
      %c = arith.addf %a, %b : f32
      rise.yield %c : f32
    }
    rise.out %5, %arg2 : !rise.array<4xf32>, memref<4xf32>
    return
  }
}
