// A function marked `rise.fma` (rise-search marks what it schedules, its
// option fma) is lowered as with convert-rise-to-affine{fma=true}, without
// the option; an unmarked function beside it is not. The option still
// fuses every function.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine,cse)' \
// RUN:   | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine{fma=true},cse)' \
// RUN:   | FileCheck %s --check-prefix=ALL
// RUN: ariadne-run %s --func=marked --seed=3 | FileCheck %s --check-prefix=NATIVE

// CHECK-LABEL: func.func @marked
// CHECK: math.fma
// CHECK-LABEL: func.func @unmarked
// CHECK-NOT: fma
// CHECK: return
// ALL-LABEL: func.func @marked
// ALL: math.fma
// ALL-LABEL: func.func @unmarked
// ALL: math.fma
// NATIVE: @marked argument 2 matches the interpreter

func.func @marked(%x: memref<7xf32>, %y: memref<7xf32>, %o: memref<f32>) attributes {rise.fma} {
  %a = rise.in %x : memref<7xf32> -> !rise.array<7xf32>
  %b = rise.in %y : memref<7xf32> -> !rise.array<7xf32>
  %z = rise.zip %a, %b : !rise.array<7xf32>, !rise.array<7xf32> -> !rise.array<7x!rise.pair<f32, f32>>
  %zero = arith.constant 0.0 : f32
  %s = rise.reduce seq %zero, %z : f32, !rise.array<7x!rise.pair<f32, f32>> -> f32 {
  ^bb0(%c: f32, %p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    %t = arith.addf %c, %m : f32
    rise.yield %t : f32
  }
  rise.out %s, %o : f32, memref<f32>
  return
}

func.func @unmarked(%x: memref<7xf32>, %y: memref<7xf32>, %o: memref<f32>) {
  %a = rise.in %x : memref<7xf32> -> !rise.array<7xf32>
  %b = rise.in %y : memref<7xf32> -> !rise.array<7xf32>
  %z = rise.zip %a, %b : !rise.array<7xf32>, !rise.array<7xf32> -> !rise.array<7x!rise.pair<f32, f32>>
  %zero = arith.constant 0.0 : f32
  %s = rise.reduce seq %zero, %z : f32, !rise.array<7x!rise.pair<f32, f32>> -> f32 {
  ^bb0(%c: f32, %p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    %t = arith.addf %c, %m : f32
    rise.yield %t : f32
  }
  rise.out %s, %o : f32, memref<f32>
  return
}
