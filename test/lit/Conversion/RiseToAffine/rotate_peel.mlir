// A map iterate over rotate_values (values rotated in registers, each step
// loading one fresh element) reading through a pad: the loop is peeled as
// plain maps are. The interior, where the fresh element is inside the
// padded input, loads it without clamps; the borders before and after it
// take the window's values over from the loop before them (iter_args
// threaded through the three loops), their clamps resolved statically.
// Unpeeled, every load clamped and LLVM kept the loop scalar: a 5-tap
// row filter of a 340x452 box filter in rise-search's chunks ran 0.28 ms,
// peeled 0.12. Here a 3-wide window over 16 values padded 4 left, 1
// right: the fresh element (index i + 2) is in the input for i in 2..17.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{func=leftpad strategy="rotateValues ; streams ; lowerRest ; unrollReductions" report=false})' -o %t.mlir
// RUN: FileCheck %s --check-prefix=ROT < %t.mlir
// ROT: rise.rotate_values private 3 %{{.*}} : !rise.array<21xf32> -> !rise.array<19x3xf32>
// ROT: rise.map iterate
// RUN: %rise-opt %t.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s
// CHECK-LABEL: func.func @leftpad
// CHECK:      %[[L:.*]]:2 = affine.for %{{.*}} = 0 to 2 iter_args
// CHECK:      %[[I:.*]]:2 = affine.for %{{.*}} = 2 to 18 iter_args(%{{.*}} = %[[L]]#0, %{{.*}} = %[[L]]#1)
// CHECK-NOT:    arith.minsi
// CHECK-NOT:    arith.maxsi
// CHECK:      affine.for %{{.*}} = 18 to 19 iter_args(%{{.*}} = %[[I]]#0, %{{.*}} = %[[I]]#1)
// CHECK-NOT:  arith.minsi
// CHECK:      return
// RUN: ariadne-run %t.mlir --func=leftpad --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @leftpad argument 1 matches the interpreter: 19 scalars

// A window whose fresh elements are all padding (the input is within the
// first window's initial values): no interior, one loop with the clamps.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{func=nointerior strategy="rotateValues ; streams ; lowerRest ; unrollReductions" report=false})' -o %t.ni.mlir
// RUN: %rise-opt %t.ni.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s --check-prefix=NI
// NI-LABEL: func.func @nointerior
// NI:     affine.for %{{.*}} = 0 to 2 iter_args
// NI-NOT: affine.for
// NI:     return
// RUN: ariadne-run %t.ni.mlir --func=nointerior --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NI-NATIVE
// NI-NATIVE: @nointerior argument 1 matches the interpreter: 2 scalars

func.func @leftpad(%x: memref<16xf32>, %out: memref<19xf32>) {
  %v1 = rise.in %x : memref<16xf32> -> !rise.array<16xf32>
  %p = rise.pad_clamp 4, 1 %v1 : !rise.array<16xf32> -> !rise.array<21xf32>
  %w = rise.slide 3, 1 %p : !rise.array<21xf32> -> !rise.array<19x3xf32>
  %r = rise.map %w : !rise.array<19x3xf32> -> !rise.array<19xf32> {
  ^bb0(%nb: !rise.array<3xf32>):
    %zero = arith.constant 0.0 : f32
    %s = rise.reduce %zero, %nb : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %n = arith.addf %acc, %v : f32
      rise.yield %n : f32
    }
    rise.yield %s : f32
  }
  rise.out %r, %out : !rise.array<19xf32>, memref<19xf32>
  return
}

func.func @nointerior(%x: memref<2xf32>, %out: memref<2xf32>) {
  %v1 = rise.in %x : memref<2xf32> -> !rise.array<2xf32>
  %p = rise.pad_clamp 1, 2 %v1 : !rise.array<2xf32> -> !rise.array<5xf32>
  %w = rise.slide 4, 1 %p : !rise.array<5xf32> -> !rise.array<2x4xf32>
  %r = rise.map %w : !rise.array<2x4xf32> -> !rise.array<2xf32> {
  ^bb0(%nb: !rise.array<4xf32>):
    %zero = arith.constant 0.0 : f32
    %s = rise.reduce %zero, %nb : f32, !rise.array<4xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %n = arith.addf %acc, %v : f32
      rise.yield %n : f32
    }
    rise.yield %s : f32
  }
  rise.out %r, %out : !rise.array<2xf32>, memref<2xf32>
  return
}
