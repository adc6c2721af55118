// Rule vectorizeBeforeMapZip (vector, exact): as_vector v (map f x) |-> map f' (zip (as_vector v (map fst x)) (as_vector v (map snd x))) (nested pairs alike; map fst (zip a b) written a)
// Side conditions: x's elements scalars or (nested) pairs of scalars; f's body lane-wise arith/math ops on projections of its parameter (f' the same on vectors, other scalars broadcast)
// @example is the thesis's Listing C.15 in miniature: a + b * c over
// zip a (zip b c), vectorised by 4 lanes: the map runs over the zip of the
// three vector arrays and its arithmetic is on vector<4xf32>; the constant
// is broadcast. @pairs maps over an array of pairs that is not a zip term:
// its components are projected with maps first. Written by hand.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(vectorizeBeforeMapZip)" report=false})' > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: ariadne-interp %s --func=example --seed=7 --print > %t.before
// RUN: ariadne-interp %t.mlir --func=example --seed=7 --print > %t.after
// RUN: %python %S/compare_outputs.py %t.before %t.after
// RUN: ariadne-interp %s --func=pairs --seed=7 --print > %t.pbefore
// RUN: ariadne-interp %t.mlir --func=pairs --seed=7 --print > %t.pafter
// RUN: %python %S/compare_outputs.py %t.pbefore %t.pafter
// RUN: %rise-opt %t.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null

// CHECK-LABEL: func.func @example
// CHECK-DAG: rise.as_vector 4 {{%[^ ,:)]+}} : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
// CHECK-DAG: rise.zip {{%[^ ,:)]+}}, {{%[^ ,:)]+}} : !rise.array<2xvector<4xf32>>, !rise.array<2xvector<4xf32>> -> !rise.array<2x!rise.pair<vector<4xf32>, vector<4xf32>>>
// CHECK-DAG: rise.map {{%[^ ,:)]+}} : !rise.array<2x!rise.pair<vector<4xf32>, !rise.pair<vector<4xf32>, vector<4xf32>>>> -> !rise.array<2xvector<4xf32>> {
// CHECK-DAG: rise.vector_from_scalar {{.*}} -> vector<4xf32>
// CHECK-DAG: arith.mulf {{.*}} : vector<4xf32>
// CHECK-DAG: arith.addf {{.*}} : vector<4xf32>
// CHECK-NOT: arith.mulf {{.*}} : f32
// CHECK: return

// CHECK-LABEL: func.func @pairs
// CHECK-DAG: rise.map {{%[^ ,:)]+}} : !rise.array<8x!rise.pair<f32, f32>> -> !rise.array<8xf32> {
// CHECK-DAG: rise.map {{%[^ ,:)]+}} : !rise.array<2x!rise.pair<vector<4xf32>, vector<4xf32>>> -> !rise.array<2xvector<4xf32>> {
// CHECK-DAG: arith.subf {{.*}} : vector<4xf32>
// CHECK: return

module {
  func.func @example(%arg0: memref<8xf32>, %arg1: memref<8xf32>, %arg2: memref<8xf32>, %arg3: memref<8xf32>) {
    %a = rise.in %arg0 : memref<8xf32> -> !rise.array<8xf32>
    %b = rise.in %arg1 : memref<8xf32> -> !rise.array<8xf32>
    %c = rise.in %arg2 : memref<8xf32> -> !rise.array<8xf32>
    %bc = rise.zip %b, %c : !rise.array<8xf32>, !rise.array<8xf32> -> !rise.array<8x!rise.pair<f32, f32>>
    %abc = rise.zip %a, %bc : !rise.array<8xf32>, !rise.array<8x!rise.pair<f32, f32>> -> !rise.array<8x!rise.pair<f32, !rise.pair<f32, f32>>>
    %m = rise.map %abc : !rise.array<8x!rise.pair<f32, !rise.pair<f32, f32>>> -> !rise.array<8xf32> {
    ^bb0(%p: !rise.pair<f32, !rise.pair<f32, f32>>):
      %x = rise.fst %p : !rise.pair<f32, !rise.pair<f32, f32>> -> f32
      %q = rise.snd %p : !rise.pair<f32, !rise.pair<f32, f32>> -> !rise.pair<f32, f32>
      %y = rise.fst %q : !rise.pair<f32, f32> -> f32
      %z = rise.snd %q : !rise.pair<f32, f32> -> f32
      %two = arith.constant 2.000000e+00 : f32
      %yz = arith.mulf %y, %z : f32
      %yz2 = arith.mulf %yz, %two : f32
      %s = arith.addf %x, %yz2 : f32
      rise.yield %s : f32
    }
    %v = rise.as_vector 4 %m : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
    %r = rise.as_scalar %v : !rise.array<2xvector<4xf32>> -> !rise.array<8xf32>
    rise.out %r, %arg3 : !rise.array<8xf32>, memref<8xf32>
    return
  }

  func.func @pairs(%arg0: memref<8xf32>, %arg1: memref<8xf32>) {
    %a = rise.in %arg0 : memref<8xf32> -> !rise.array<8xf32>
    %ps = rise.map %a : !rise.array<8xf32> -> !rise.array<8x!rise.pair<f32, f32>> {
    ^bb0(%e: f32):
      %e2 = arith.mulf %e, %e : f32
      %pr = rise.pair %e, %e2 : f32, f32 -> !rise.pair<f32, f32>
      rise.yield %pr : !rise.pair<f32, f32>
    }
    %m = rise.map %ps : !rise.array<8x!rise.pair<f32, f32>> -> !rise.array<8xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %x = rise.fst %p : !rise.pair<f32, f32> -> f32
      %y = rise.snd %p : !rise.pair<f32, f32> -> f32
      %d = arith.subf %y, %x : f32
      rise.yield %d : f32
    }
    %v = rise.as_vector 4 %m : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
    %r = rise.as_scalar %v : !rise.array<2xvector<4xf32>> -> !rise.array<8xf32>
    rise.out %r, %arg1 : !rise.array<8xf32>, memref<8xf32>
    return
  }
}
