// Export (search/mlir/term_export.c) puts every loop-invariant term that
// rewriting made (here: mapFusion fused into its operand) at the outermost
// level its free variables allow (let-floating), so a `to_mem global` and
// the map reading it are computed once, not once per iteration of the maps
// around them (the thesis's final let-hoisting, Listing C.16). A to_mem that
// uses the map's element stays, a private one stays (it belongs to the
// iteration; the pure map it stores floats), one the input placed and the
// rewrite left alone stays where it was written, and nothing leaves a
// kernel. mapFusion fires in each function, so that each is exported.
// Softmax and layer norm, where this keeps a fusion from making the program
// quadratic, are in float-invariant.mlir.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFusion)" report=false})' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFusion)" report=false})' > %t.mlir
// RUN: ariadne-interp %s --func=invariant --seed=7 --print > %t.before
// RUN: ariadne-interp %t.mlir --func=invariant --seed=7 --print | diff %t.before -

// CHECK-LABEL: func.func @invariant(
// CHECK:         %[[B:.*]] = rise.in %arg1
// CHECK:         %[[STORED:.*]] = rise.to_mem global %{{.*}} : !rise.array<4xf32>
// CHECK-NEXT:    %[[R:.*]] = rise.map %[[STORED]]
// CHECK:         rise.map %{{.*}} : !rise.array<3x2xf32> -> !rise.array<3x4xf32> {
// CHECK-NEXT:    ^bb0(%{{.*}}: !rise.array<2xf32>):
// CHECK-NEXT:      rise.yield %[[R]]
// CHECK-NOT:       rise.to_mem
// CHECK:         rise.out
func.func @invariant(%A: memref<3x2xf32>, %B: memref<4xf32>, %C: memref<3x4xf32>) {
  %a = rise.in %A : memref<3x2xf32> -> !rise.array<3x2xf32>
  %b = rise.in %B : memref<4xf32> -> !rise.array<4xf32>
  %c = rise.map %a : !rise.array<3x2xf32> -> !rise.array<3x4xf32> {
  ^bb0(%row: !rise.array<2xf32>):
    %b1 = rise.map %b : !rise.array<4xf32> -> !rise.array<4xf32> {
    ^bb0(%x0: f32):
      %one = arith.constant 1.0 : f32
      %x1 = arith.addf %x0, %one : f32
      rise.yield %x1 : f32
    }
    %sq = rise.map %b1 : !rise.array<4xf32> -> !rise.array<4xf32> {
    ^bb0(%x: f32):
      %m = arith.mulf %x, %x : f32
      rise.yield %m : f32
    }
    %s = rise.to_mem global %sq : !rise.array<4xf32>
    %r = rise.map %s : !rise.array<4xf32> -> !rise.array<4xf32> {
    ^bb0(%y: f32):
      %n = arith.addf %y, %y : f32
      rise.yield %n : f32
    }
    rise.yield %r : !rise.array<4xf32>
  }
  rise.out %c, %C : !rise.array<3x4xf32>, memref<3x4xf32>
  return
}

// CHECK-LABEL: func.func @variant(
// CHECK:         rise.map %{{.*}} : !rise.array<3x2xf32> -> !rise.array<3x2xf32> {
// CHECK-NEXT:    ^bb0(%[[ROW:.*]]: !rise.array<2xf32>):
// CHECK:           rise.to_mem global %[[ROW]] : !rise.array<2xf32>
// CHECK:         rise.map %{{.*}} : !rise.array<3x2xf32> -> !rise.array<3x4xf32> {
// CHECK-NEXT:    ^bb0(%{{.*}}: !rise.array<2xf32>):
// CHECK-NEXT:      rise.to_mem global %{{.*}} : !rise.array<4xf32>
// CHECK:           rise.to_mem private %{{.*}} : !rise.array<4xf32>
func.func @variant(%A: memref<3x2xf32>, %B: memref<4xf32>, %C: memref<3x2xf32>, %D: memref<3x4xf32>, %E: memref<3x4xf32>) {
  %a = rise.in %A : memref<3x2xf32> -> !rise.array<3x2xf32>
  %b = rise.in %B : memref<4xf32> -> !rise.array<4xf32>
  %c = rise.map %a : !rise.array<3x2xf32> -> !rise.array<3x2xf32> {
  ^bb0(%row: !rise.array<2xf32>):
    %s = rise.to_mem global %row : !rise.array<2xf32>
    rise.yield %s : !rise.array<2xf32>
  }
  rise.out %c, %C : !rise.array<3x2xf32>, memref<3x2xf32>
  %d = rise.map %a : !rise.array<3x2xf32> -> !rise.array<3x4xf32> {
  ^bb0(%row2: !rise.array<2xf32>):
    %b2 = rise.map %b : !rise.array<4xf32> -> !rise.array<4xf32> {
    ^bb0(%z: f32):
      %zz = arith.mulf %z, %z : f32
      rise.yield %zz : f32
    }
    %b3 = rise.map %b2 : !rise.array<4xf32> -> !rise.array<4xf32> {
    ^bb0(%w: f32):
      %ww = arith.addf %w, %w : f32
      rise.yield %ww : f32
    }
    %p = rise.to_mem private %b3 : !rise.array<4xf32>
    rise.yield %p : !rise.array<4xf32>
  }
  rise.out %d, %D : !rise.array<3x4xf32>, memref<3x4xf32>
  %e = rise.map %a : !rise.array<3x2xf32> -> !rise.array<3x4xf32> {
  ^bb0(%row3: !rise.array<2xf32>):
    %q = rise.to_mem global %b : !rise.array<4xf32>
    rise.yield %q : !rise.array<4xf32>
  }
  rise.out %e, %E : !rise.array<3x4xf32>, memref<3x4xf32>
  return
}

// CHECK-LABEL: func.func @in_kernel(
// CHECK:         rise.kernel local [2] global [4] : !rise.array<4x4xf32> {
// CHECK:           rise.to_mem global %{{.*}} : !rise.array<4xf32>
// CHECK-NEXT:      rise.generate
func.func @in_kernel(%B: memref<4xf32>, %C: memref<4x4xf32>) {
  %b = rise.in %B : memref<4xf32> -> !rise.array<4xf32>
  %k = rise.kernel local [2] global [4] : !rise.array<4x4xf32> {
    %g = rise.generate : !rise.array<4x!rise.array<4xf32>> {
    ^bb0(%i: index):
      %b2 = rise.map %b : !rise.array<4xf32> -> !rise.array<4xf32> {
      ^bb0(%z: f32):
        %zz = arith.mulf %z, %z : f32
        rise.yield %zz : f32
      }
      %b3 = rise.map %b2 : !rise.array<4xf32> -> !rise.array<4xf32> {
      ^bb0(%w: f32):
        %ww = arith.addf %w, %w : f32
        rise.yield %ww : f32
      }
      %s = rise.to_mem global %b3 : !rise.array<4xf32>
      rise.yield %s : !rise.array<4xf32>
    }
    rise.yield %g : !rise.array<4x!rise.array<4xf32>>
  }
  rise.out %k, %C : !rise.array<4x4xf32>, memref<4x4xf32>
  return
}
