// Rule kLetLift (knossos-binding, exact): op (.. ((\x. b) e) ..) |-> (\x. op (.. b ..)) e
// A Knossos let is the beta-redex (\x. b) e. Imported programs hold none, so
// the strategy makes them with kLetIntro (and kLetLift) first; the trace
// shows where each rule fired, and export beta-reduces the result back to
// the original program (checked op by op and on the interpreter).
// Written by hand (update_rule_tests.py does not generate the binding rules).

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="kLetIntro @ outermost(isIn) ; kLetLift @ outermost(isZip)" trace=true report=false})' 2>&1 | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="kLetIntro @ outermost(isIn) ; kLetLift @ outermost(isZip)" report=false})' > %t.mlir
// RUN: ariadne-interp %s --seed=7 --print > %t.before
// RUN: ariadne-interp %t.mlir --seed=7 --print > %t.after
// RUN: %python %S/compare_outputs.py %t.before %t.after

// CHECK: rise-rewrite @example: #1 kLetIntro at 0.1.0: in -> app
// CHECK: rise-rewrite @example: #2 kLetLift at 0.1: zip -> app
// CHECK-LABEL: func.func @example
// CHECK-NEXT: %[[X:.*]] = rise.in %arg0 : memref<4xf32> -> !rise.array<4xf32>
// CHECK-NEXT: %[[Z:.*]] = rise.zip %[[X]], %[[X]]
// CHECK-NEXT: %[[M:.*]] = rise.map %[[Z]]
// CHECK: arith.subf
// CHECK: rise.out %[[M]], %arg1

func.func @example(%a: memref<4xf32>, %out: memref<4xf32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %z = rise.zip %x, %x : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
  %m = rise.map %z : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %s = arith.subf %l, %r : f32
    rise.yield %s : f32
  }
  rise.out %m, %out : !rise.array<4xf32>, memref<4xf32>
  return
}
