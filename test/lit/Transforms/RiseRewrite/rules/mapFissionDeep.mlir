// Rule mapFissionDeep (map, exact): map (\x. C[e]) y |-> map (\z. C[z]) (map (\x. e) y)
// Side conditions: C may bind variables around e (inner maps, reductions); e is the outermost proper subterm holding every use of x and no variable C binds; e data, e != x
// Written by hand (the generated example hides the hole behind pair
// projections): x * 2 sits under the inner map's binder w and uses only x,
// so it moves into a map of its own over xs (loop-invariant code motion);
// the inner map then reads z. The program computes the same on the
// interpreter (the rule is exact). The differential test
// (search.rules_diff) proves the rule on random programs.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFissionDeep)" trace=true})' 2>&1 | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFissionDeep)" report=false})' > %t.mlir
// RUN: ariadne-interp %s --seed=7 --print > %t.before
// RUN: ariadne-interp %t.mlir --seed=7 --print > %t.after
// RUN: %python %S/compare_outputs.py %t.before %t.after
// Nothing left to hoist: a second application finds no location.
// RUN: not %rise-opt %t.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFissionDeep) @ outermost(isMap ; one(isLam ; one(isMap)))" report=false})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=AGAIN

// CHECK: rise-rewrite @example: #1 mapFissionDeep at 0: map -> map
// CHECK-LABEL: func.func @example
// CHECK:      %[[XS:.*]] = rise.in %arg0 : memref<5xf32> -> !rise.array<5xf32>
// CHECK:      %[[WS:.*]] = rise.in %arg1 : memref<3xf32> -> !rise.array<3xf32>
// CHECK:      %[[E:.*]] = rise.map %[[XS]] : !rise.array<5xf32> -> !rise.array<5xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK:        arith.mulf %[[X]], %{{.*}} : f32
// CHECK:      rise.map %[[E]] : !rise.array<5xf32> -> !rise.array<5x3xf32> {
// CHECK-NEXT: ^bb0(%[[Z:.*]]: f32):
// CHECK-NEXT:   rise.map %[[WS]] : !rise.array<3xf32> -> !rise.array<3xf32> {
// CHECK-NEXT:   ^bb0(%[[W:.*]]: f32):
// CHECK-NEXT:     arith.addf %[[W]], %[[Z]] : f32
// AGAIN: error: rise-rewrite: strategy failed on @example

func.func @example(%a: memref<5xf32>, %b: memref<3xf32>, %out: memref<5x3xf32>) {
  %xs = rise.in %a : memref<5xf32> -> !rise.array<5xf32>
  %ws = rise.in %b : memref<3xf32> -> !rise.array<3xf32>
  %two = arith.constant 2.0 : f32
  %r = rise.map %xs : !rise.array<5xf32> -> !rise.array<5x3xf32> {
  ^bb0(%x: f32):
    %row = rise.map %ws : !rise.array<3xf32> -> !rise.array<3xf32> {
    ^bb0(%w: f32):
      %m = arith.mulf %x, %two : f32
      %s = arith.addf %w, %m : f32
      rise.yield %s : f32
    }
    rise.yield %row : !rise.array<3xf32>
  }
  rise.out %r, %out : !rise.array<5x3xf32>, memref<5x3xf32>
  return
}
