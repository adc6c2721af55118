// Rule kSumDeltaVec (knossos-array, exact): reduce (\a x. map (\p. fst p + snd p) (zip a x)) (generate (\j. 0)) (generate n (\x. generate m (\j. select (j == i) v 0))) |-> generate m (\j. select (j == i) (sum (generate n (\x. v))) 0), deltaVec m i v = generate m (\j. select (j == i) v 0)
// Side conditions: x not free in i; scalar elements; == is cmpi eq on index (either operand order)
// The sum over the rows x of one-hot rows (deltaVec 4 1 A[x][j]) is one-hot at 1,
// holding the column sum; the additions keep their order (exact).
// Written by hand (a readable instance); update_rule_tests.py would replace it
// with a generated one.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(kSumDeltaVec)" report=false})' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(kSumDeltaVec)" report=false})' > %t.mlir
// RUN: ariadne-interp %s --seed=7 --print > %t.before
// RUN: ariadne-interp %t.mlir --seed=7 --print > %t.after
// RUN: %python %S/compare_outputs.py %t.before %t.after

// CHECK-LABEL: func.func @example
// CHECK-DAG: {{%[^ ,:)]+}} = rise.in {{%[^ ,:)]+}} : memref<3x4xf32> -> !rise.array<3x4xf32>
// CHECK-DAG: {{%[^ ,:)]+}} = rise.generate : !rise.array<4xf32> {
// CHECK-DAG: {{%[^ ,:)]+}} = arith.constant 1 : index
// CHECK-DAG: {{%[^ ,:)]+}} = arith.cmpi eq, {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : index
// CHECK-DAG: {{%[^ ,:)]+}} = arith.constant 0.000000e+00 : f32
// CHECK-DAG: {{%[^ ,:)]+}} = rise.generate : !rise.array<3xf32> {
// CHECK-DAG: {{%[^ ,:)]+}} = rise.idx {{%[^ ,:)]+}}[{{%[^ ,:)]+}}] : !rise.array<3x4xf32> -> !rise.array<4xf32>
// CHECK-DAG: {{%[^ ,:)]+}} = rise.idx {{%[^ ,:)]+}}[{{%[^ ,:)]+}}] : !rise.array<4xf32> -> f32
// CHECK-DAG: {{%[^ ,:)]+}} = rise.reduce {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : f32, !rise.array<3xf32> -> f32 {
// CHECK-DAG: {{%[^ ,:)]+}} = arith.addf {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : f32
// CHECK-DAG: {{%[^ ,:)]+}} = arith.select {{%[^ ,:)]+}}, {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : f32
// CHECK-DAG: rise.out {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : !rise.array<4xf32>, memref<4xf32>
// CHECK: return

module {
  func.func @example(%arg0: memref<3x4xf32>, %arg1: memref<4xf32>) {
    %0 = rise.generate : !rise.array<4xf32> {
    ^bb0(%j: index):
      %zero = arith.constant 0.000000e+00 : f32
      rise.yield %zero : f32
    }
    %1 = rise.in %arg0 : memref<3x4xf32> -> !rise.array<3x4xf32>
    %2 = rise.generate : !rise.array<3x4xf32> {
    ^bb0(%x: index):
      %3 = rise.generate : !rise.array<4xf32> {
      ^bb0(%j: index):
        %c1 = arith.constant 1 : index
        %eq = arith.cmpi eq, %j, %c1 : index
        %row = rise.idx %1[%x] : !rise.array<3x4xf32> -> !rise.array<4xf32>
        %v = rise.idx %row[%j] : !rise.array<4xf32> -> f32
        %zero = arith.constant 0.000000e+00 : f32
        %s = arith.select %eq, %v, %zero : f32
        rise.yield %s : f32
      }
      rise.yield %3 : !rise.array<4xf32>
    }
    %4 = rise.reduce %0, %2 : !rise.array<4xf32>, !rise.array<3x4xf32> -> !rise.array<4xf32> {
    ^bb0(%acc: !rise.array<4xf32>, %row: !rise.array<4xf32>):
      %5 = rise.zip %acc, %row : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
      %6 = rise.map %5 : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %a = rise.fst %p : !rise.pair<f32, f32> -> f32
        %b = rise.snd %p : !rise.pair<f32, f32> -> f32
        %c = arith.addf %a, %b : f32
        rise.yield %c : f32
      }
      rise.yield %6 : !rise.array<4xf32>
    }
    rise.out %4, %arg1 : !rise.array<4xf32>, memref<4xf32>
    return
  }
}
