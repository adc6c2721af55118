// Stencils in convert-rise-to-affine: border peeling of pad reads in map
// loops, the strength reduction of reduces over flattened windows (join of
// a 2-D slide), and the option fma across a map fused into the reduce that
// consumes it. test/lower/programs/stencils.mlir runs such programs
// natively against the interpreter.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine,cse)' \
// RUN:   | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine,cse)' \
// RUN:   | FileCheck %s --check-prefix=NODIV
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine{fma=true},cse)' \
// RUN:   | FileCheck %s --check-prefix=FMA
// RUN: ariadne-run %s --func=conv1d --fma | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %s --func=box2d | FileCheck %s --check-prefix=NATIVE

// NATIVE: matches the interpreter

// No division or remainder anywhere: windows are read as rows and columns.
// NODIV-NOT: floordiv
// NODIV-NOT: {{ mod }}
// NODIV-NOT: arith.divui
// NODIV-NOT: arith.remui

// 1-D: a 7-tap convolution of 29 elements, zero-padded by 3 on each side.
// The map loop is peeled: iterations 0..2 and 26..28 read through a clamp
// and a select, the interior 3..25 with a plain load.
// CHECK-LABEL: func.func @conv1d(
// CHECK: affine.for %{{.*}} = 0 to 3 {
// CHECK: arith.select
// CHECK: affine.for %[[I:.*]] = 3 to 26 {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to 7 iter_args
// CHECK-NOT: arith.select
// CHECK-NOT: arith.minsi
// CHECK-NOT: memref.load
// CHECK: affine.load %arg0
// CHECK-NOT: arith.select
// CHECK: affine.for %{{.*}} = 26 to 29 {
// CHECK: arith.select
// With fma, the map's mulf and the reduce's addf are one math.fma.
// FMA-LABEL: func.func @conv1d(
// FMA: affine.for %{{.*}} = 3 to 26 {
// FMA-NOT: arith.mulf
// FMA-NOT: arith.addf
// FMA: math.fma
// FMA-NOT: arith.mulf
// FMA: affine.for %{{.*}} = 26 to 29 {
// FMA-LABEL: func.func @box2d(
// FMA-NOT: math.fma
func.func @conv1d(%in: memref<29xf32>, %w: memref<7xf32>, %out: memref<29xf32>) {
  %x = rise.in %in : memref<29xf32> -> !rise.array<29xf32>
  %wts = rise.in %w : memref<7xf32> -> !rise.array<7xf32>
  %zero = arith.constant 0.0 : f32
  %pad = rise.pad_cst 3, 3 %x, %zero : !rise.array<29xf32>, f32 -> !rise.array<35xf32>
  %nbh = rise.slide 7, 1 %pad : !rise.array<35xf32> -> !rise.array<29x7xf32>
  %res = rise.map %nbh : !rise.array<29x7xf32> -> !rise.array<29xf32> {
  ^bb0(%win: !rise.array<7xf32>):
    %z = rise.zip %win, %wts : !rise.array<7xf32>, !rise.array<7xf32> -> !rise.array<7x!rise.pair<f32, f32>>
    %prod = rise.map %z : !rise.array<7x!rise.pair<f32, f32>> -> !rise.array<7xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      rise.yield %m : f32
    }
    %s = rise.reduce %zero, %prod : f32, !rise.array<7xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %t = arith.addf %acc, %v : f32
      rise.yield %t : f32
    }
    rise.yield %s : f32
  }
  rise.out %res, %out : !rise.array<29xf32>, memref<29xf32>
  return
}

// 2-D: a 3x3 window of a 6x8 image, rows and columns clamped, flattened
// with join and summed. Rows 0 and 5 and columns 0 and 7 are borders; the
// 9-element reduce is two loops of 3 (rows, then columns of the window).
// CHECK-LABEL: func.func @box2d(
// CHECK: affine.for %{{.*}} = 0 to 1 {
// CHECK: affine.for %[[Y:.*]] = 1 to 5 {
// CHECK: affine.for %{{.*}} = 0 to 1 {
// CHECK: affine.for %[[X:.*]] = 1 to 7 {
// CHECK-NEXT: affine.for %[[R:.*]] = 0 to 3 iter_args
// CHECK-NEXT: affine.for %[[C:.*]] = 0 to 3 iter_args
// CHECK-NOT: arith.minsi
// CHECK: affine.load %arg0[%{{.*}}, %{{.*}}] : memref<6x8xf32>
// CHECK-NOT: arith.minsi
// CHECK: affine.for %{{.*}} = 7 to 8 {
// CHECK: affine.for %{{.*}} = 5 to 6 {
func.func @box2d(%in: memref<6x8xf32>, %out: memref<6x8xf32>) {
  %img = rise.in %in : memref<6x8xf32> -> !rise.array<6x8xf32>
  %zero = arith.constant 0.0 : f32
  %pc = rise.map %img : !rise.array<6x8xf32> -> !rise.array<6x10xf32> {
  ^bb0(%row: !rise.array<8xf32>):
    %p = rise.pad_clamp 1, 1 %row : !rise.array<8xf32> -> !rise.array<10xf32>
    rise.yield %p : !rise.array<10xf32>
  }
  %pad = rise.pad_clamp 1, 1 %pc : !rise.array<6x10xf32> -> !rise.array<8x10xf32>
  %nr = rise.map %pad : !rise.array<8x10xf32> -> !rise.array<8x8x3xf32> {
  ^bb0(%row: !rise.array<10xf32>):
    %s = rise.slide 3, 1 %row : !rise.array<10xf32> -> !rise.array<8x3xf32>
    rise.yield %s : !rise.array<8x3xf32>
  }
  %nc = rise.slide 3, 1 %nr : !rise.array<8x8x3xf32> -> !rise.array<6x3x8x3xf32>
  %nb = rise.map %nc : !rise.array<6x3x8x3xf32> -> !rise.array<6x8x3x3xf32> {
  ^bb0(%band: !rise.array<3x8x3xf32>):
    %t = rise.transpose %band : !rise.array<3x8x3xf32> -> !rise.array<8x3x3xf32>
    rise.yield %t : !rise.array<8x3x3xf32>
  }
  %res = rise.map %nb : !rise.array<6x8x3x3xf32> -> !rise.array<6x8xf32> {
  ^bb0(%line: !rise.array<8x3x3xf32>):
    %in2 = rise.map %line : !rise.array<8x3x3xf32> -> !rise.array<8xf32> {
    ^bb0(%win: !rise.array<3x3xf32>):
      %fl = rise.join %win : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %s = rise.reduce %zero, %fl : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %t = arith.addf %acc, %v : f32
        rise.yield %t : f32
      }
      rise.yield %s : f32
    }
    rise.yield %in2 : !rise.array<8xf32>
  }
  rise.out %res, %out : !rise.array<6x8xf32>, memref<6x8xf32>
  return
}
