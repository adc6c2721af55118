// rotate_values over pairs of scalars (a zip of computed rows rotated
// together, as Harris's three box sums are): each component rides in the
// loop's iter_args, so the zipped maps are computed in the loop, one fresh
// element per step, and never stored. Before, a pair element fell back to
// reading windows of memory: the three vertical sums of rise-search's
// Harris were written to three line buffers and read back (8.6 -> 6.6 ms
// at 1 thread on the workplace Xeon, 2026-11-29).

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s
// CHECK-LABEL: func.func @pairs
// CHECK-NOT:  memref.alloc
// CHECK:      affine.for %{{.*}} = 0 to 14 iter_args(%{{[^,]*}} = %{{[^,]*}}, %{{[^,]*}} = %{{[^,]*}}, %{{[^,]*}} = %{{[^,]*}}, %{{[^,]*}} = %{{[^)]*}}) -> (f32, f32, f32, f32)
// CHECK-NOT:  memref.alloc
// CHECK:      return
// RUN: ariadne-run %s --func=pairs --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @pairs argument 2 matches the interpreter: 14 scalars

// Nested pairs: three components of a 3-wide window, six iter_args.
// CHECK-LABEL: func.func @nested
// CHECK-NOT:  memref.alloc
// CHECK:      affine.for %{{.*}} = 0 to 14 iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32)
// CHECK:      return
// RUN: ariadne-run %s --func=nested --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: @nested argument 2 matches the interpreter: 14 scalars

// A window too wide for the loop's iter_args (at most 16 values; a
// 10-wide window of pairs needs 9 x 2 = 18): the zip is stored and the
// windows read from memory, as before.
// CHECK-LABEL: func.func @wide
// CHECK:      memref.alloc{{a?}}() : memref<16xf32>
// CHECK:      memref.alloc{{a?}}() : memref<16xf32>
// CHECK:      return
// RUN: ariadne-run %s --func=wide --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: @wide argument 2 matches the interpreter: 7 scalars

// The map over the windows fused into its reader (a plain map read once by
// a map seq): rotating in registers does not apply, so the zip is stored
// rather than computed again for each of the 3 windows that read it.
// CHECK-LABEL: func.func @fused
// CHECK:      memref.alloc{{a?}}() : memref<16xf32>
// CHECK:      return
// RUN: ariadne-run %s --func=fused --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=FUSED
// FUSED: @fused argument 2 matches the interpreter: 14 scalars

func.func @pairs(%a: memref<16xf32>, %b: memref<16xf32>, %out: memref<14xf32>) {
  %x = rise.in %a : memref<16xf32> -> !rise.array<16xf32>
  %y = rise.in %b : memref<16xf32> -> !rise.array<16xf32>
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %s = rise.map seq %x : !rise.array<16xf32> -> !rise.array<16xf32> {
  ^bb0(%e: f32):
    %m = arith.mulf %e, %two : f32
    rise.yield %m : f32
  }
  %t = rise.map seq %y : !rise.array<16xf32> -> !rise.array<16xf32> {
  ^bb0(%e: f32):
    %m = arith.addf %e, %one : f32
    rise.yield %m : f32
  }
  %z = rise.zip %s, %t : !rise.array<16xf32>, !rise.array<16xf32> -> !rise.array<16x!rise.pair<f32, f32>>
  %w = rise.rotate_values private 3 %z : !rise.array<16x!rise.pair<f32, f32>> -> !rise.array<14x3x!rise.pair<f32, f32>> {
  ^bb0(%p: !rise.pair<f32, f32>):
    rise.yield %p : !rise.pair<f32, f32>
  }
  %r = rise.map iterate %w : !rise.array<14x3x!rise.pair<f32, f32>> -> !rise.array<14xf32> {
  ^bb0(%win: !rise.array<3x!rise.pair<f32, f32>>):
    %sum = rise.reduce unroll %zero, %win : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %h = rise.snd %p : !rise.pair<f32, f32> -> f32
      %q = arith.mulf %l, %h : f32
      %n = arith.addf %acc, %q : f32
      rise.yield %n : f32
    }
    rise.yield %sum : f32
  }
  rise.out %r, %out : !rise.array<14xf32>, memref<14xf32>
  return
}

func.func @nested(%a: memref<16xf32>, %b: memref<16xf32>, %out: memref<14xf32>) {
  %x = rise.in %a : memref<16xf32> -> !rise.array<16xf32>
  %y = rise.in %b : memref<16xf32> -> !rise.array<16xf32>
  %zero = arith.constant 0.0 : f32
  %s = rise.map seq %x : !rise.array<16xf32> -> !rise.array<16xf32> {
  ^bb0(%e: f32):
    %m = arith.mulf %e, %e : f32
    rise.yield %m : f32
  }
  %z1 = rise.zip %y, %s : !rise.array<16xf32>, !rise.array<16xf32> -> !rise.array<16x!rise.pair<f32, f32>>
  %z = rise.zip %x, %z1 : !rise.array<16xf32>, !rise.array<16x!rise.pair<f32, f32>> -> !rise.array<16x!rise.pair<f32, !rise.pair<f32, f32>>>
  %w = rise.rotate_values private 3 %z : !rise.array<16x!rise.pair<f32, !rise.pair<f32, f32>>> -> !rise.array<14x3x!rise.pair<f32, !rise.pair<f32, f32>>> {
  ^bb0(%p: !rise.pair<f32, !rise.pair<f32, f32>>):
    rise.yield %p : !rise.pair<f32, !rise.pair<f32, f32>>
  }
  %r = rise.map iterate %w : !rise.array<14x3x!rise.pair<f32, !rise.pair<f32, f32>>> -> !rise.array<14xf32> {
  ^bb0(%win: !rise.array<3x!rise.pair<f32, !rise.pair<f32, f32>>>):
    %sum = rise.reduce unroll %zero, %win : f32, !rise.array<3x!rise.pair<f32, !rise.pair<f32, f32>>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, !rise.pair<f32, f32>>):
      %l = rise.fst %p : !rise.pair<f32, !rise.pair<f32, f32>> -> f32
      %rest = rise.snd %p : !rise.pair<f32, !rise.pair<f32, f32>> -> !rise.pair<f32, f32>
      %m = rise.fst %rest : !rise.pair<f32, f32> -> f32
      %h = rise.snd %rest : !rise.pair<f32, f32> -> f32
      %q = arith.mulf %l, %m : f32
      %q2 = arith.subf %q, %h : f32
      %n = arith.addf %acc, %q2 : f32
      rise.yield %n : f32
    }
    rise.yield %sum : f32
  }
  rise.out %r, %out : !rise.array<14xf32>, memref<14xf32>
  return
}

func.func @wide(%a: memref<16xf32>, %b: memref<16xf32>, %out: memref<7xf32>) {
  %x = rise.in %a : memref<16xf32> -> !rise.array<16xf32>
  %y = rise.in %b : memref<16xf32> -> !rise.array<16xf32>
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %s = rise.map seq %x : !rise.array<16xf32> -> !rise.array<16xf32> {
  ^bb0(%e: f32):
    %m = arith.mulf %e, %two : f32
    rise.yield %m : f32
  }
  %t = rise.map seq %y : !rise.array<16xf32> -> !rise.array<16xf32> {
  ^bb0(%e: f32):
    %m = arith.mulf %e, %e : f32
    rise.yield %m : f32
  }
  %z = rise.zip %s, %t : !rise.array<16xf32>, !rise.array<16xf32> -> !rise.array<16x!rise.pair<f32, f32>>
  %w = rise.rotate_values private 10 %z : !rise.array<16x!rise.pair<f32, f32>> -> !rise.array<7x10x!rise.pair<f32, f32>> {
  ^bb0(%p: !rise.pair<f32, f32>):
    rise.yield %p : !rise.pair<f32, f32>
  }
  %r = rise.map iterate %w : !rise.array<7x10x!rise.pair<f32, f32>> -> !rise.array<7xf32> {
  ^bb0(%win: !rise.array<10x!rise.pair<f32, f32>>):
    %sum = rise.reduce unroll %zero, %win : f32, !rise.array<10x!rise.pair<f32, f32>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %h = rise.snd %p : !rise.pair<f32, f32> -> f32
      %q = arith.subf %l, %h : f32
      %n = arith.addf %acc, %q : f32
      rise.yield %n : f32
    }
    rise.yield %sum : f32
  }
  rise.out %r, %out : !rise.array<7xf32>, memref<7xf32>
  return
}

func.func @fused(%a: memref<16xf32>, %b: memref<16xf32>, %out: memref<14xf32>) {
  %x = rise.in %a : memref<16xf32> -> !rise.array<16xf32>
  %y = rise.in %b : memref<16xf32> -> !rise.array<16xf32>
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %s = rise.map seq %x : !rise.array<16xf32> -> !rise.array<16xf32> {
  ^bb0(%e: f32):
    %m = arith.mulf %e, %two : f32
    rise.yield %m : f32
  }
  %z = rise.zip %s, %y : !rise.array<16xf32>, !rise.array<16xf32> -> !rise.array<16x!rise.pair<f32, f32>>
  %w = rise.rotate_values private 3 %z : !rise.array<16x!rise.pair<f32, f32>> -> !rise.array<14x3x!rise.pair<f32, f32>> {
  ^bb0(%p: !rise.pair<f32, f32>):
    rise.yield %p : !rise.pair<f32, f32>
  }
  %r = rise.map %w : !rise.array<14x3x!rise.pair<f32, f32>> -> !rise.array<14xf32> {
  ^bb0(%win: !rise.array<3x!rise.pair<f32, f32>>):
    %sum = rise.reduce unroll %zero, %win : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %h = rise.snd %p : !rise.pair<f32, f32> -> f32
      %q = arith.mulf %l, %h : f32
      %n = arith.addf %acc, %q : f32
      rise.yield %n : f32
    }
    rise.yield %sum : f32
  }
  %o = rise.map seq %r : !rise.array<14xf32> -> !rise.array<14xf32> {
  ^bb0(%e: f32):
    %m = arith.addf %e, %two : f32
    rise.yield %m : f32
  }
  rise.out %o, %out : !rise.array<14xf32>, memref<14xf32>
  return
}
