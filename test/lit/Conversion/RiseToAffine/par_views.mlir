// A map par that is written -- by rise.out or to_mem, through join, split,
// transpose or as_scalar -- is written in place through their acceptors by
// its scf.parallel; read by another pattern it is materialised (its loop
// still parallel) and then read. The same functions run natively in
// test/lower (programs/par_views.mlir).

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine,canonicalize,cse)' \
// RUN:   | FileCheck %s

// transpose + join: element (i, j) of the par map lands at out[j*5 + i].
// CHECK-LABEL: func.func @par_transpose_join
// CHECK-NOT: memref.alloc
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK:   affine.for %[[J:.*]] = 0 to 7 {
// CHECK:     %[[N:.*]] = arith.negf
// CHECK:     %[[J5:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK:     %[[K:.*]] = arith.addi %[[J5]], %[[I]] : index
// CHECK:     memref.store %[[N]], %arg1[%[[K]]] : memref<35xf32>
// CHECK-NOT: affine.for
// CHECK: return
func.func @par_transpose_join(%x: memref<5x7xf32>, %o: memref<35xf32>) {
  %a = rise.in %x : memref<5x7xf32> -> !rise.array<5x7xf32>
  %m = rise.map par %a : !rise.array<5x7xf32> -> !rise.array<5x7xf32> {
  ^bb0(%r: !rise.array<7xf32>):
    %n = rise.map seq %r : !rise.array<7xf32> -> !rise.array<7xf32> {
    ^bb0(%e: f32):
      %f = arith.negf %e : f32
      rise.yield %f : f32
    }
    rise.yield %n : !rise.array<7xf32>
  }
  %t = rise.transpose %m : !rise.array<5x7xf32> -> !rise.array<7x5xf32>
  %j = rise.join %t : !rise.array<7x5xf32> -> !rise.array<35xf32>
  rise.out %j, %o : !rise.array<35xf32>, memref<35xf32>
  return
}

// as_scalar of a par map of vectors, then split into rows of 4: one
// vector.store per element, in the parallel loop.
// CHECK-LABEL: func.func @par_as_scalar_split
// CHECK-NOT: memref.alloc
// CHECK: scf.parallel
// CHECK:   vector.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : memref<3x4xf32>, vector<4xf32>
// CHECK-NOT: vector.extract
// CHECK: scf.reduce
func.func @par_as_scalar_split(%x: memref<12xf32>, %o: memref<3x4xf32>) {
  %a = rise.in %x : memref<12xf32> -> !rise.array<12xf32>
  %v = rise.as_vector 4 %a : !rise.array<12xf32> -> !rise.array<3xvector<4xf32>>
  %m = rise.map par %v : !rise.array<3xvector<4xf32>> -> !rise.array<3xvector<4xf32>> {
  ^bb0(%e: vector<4xf32>):
    %f = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
    ^bb0(%l: f32):
      %g = math.absf %l : f32
      rise.yield %g : f32
    }
    rise.yield %f : vector<4xf32>
  }
  %s = rise.as_scalar %m : !rise.array<3xvector<4xf32>> -> !rise.array<12xf32>
  %sp = rise.split 4 %s : !rise.array<12xf32> -> !rise.array<3x4xf32>
  rise.out %sp, %o : !rise.array<3x4xf32>, memref<3x4xf32>
  return
}

// Read by a map (not an acceptor view): materialised first.
// CHECK-LABEL: func.func @par_read
// CHECK: %[[B:.*]] = memref.alloc() : memref<5x3xf32>
// CHECK: scf.parallel
// CHECK:   memref.store %{{.*}}, %[[B]]
// CHECK: affine.load %[[B]]
// CHECK: memref.dealloc %[[B]]
func.func @par_read(%x: memref<5x3xf32>, %o: memref<3x5xf32>) {
  %a = rise.in %x : memref<5x3xf32> -> !rise.array<5x3xf32>
  %m = rise.map par %a : !rise.array<5x3xf32> -> !rise.array<5x3xf32> {
  ^bb0(%r: !rise.array<3xf32>):
    %n = rise.map seq %r : !rise.array<3xf32> -> !rise.array<3xf32> {
    ^bb0(%e: f32):
      %f = arith.negf %e : f32
      rise.yield %f : f32
    }
    rise.yield %n : !rise.array<3xf32>
  }
  %t = rise.transpose %m : !rise.array<5x3xf32> -> !rise.array<3x5xf32>
  %q = rise.map seq %t : !rise.array<3x5xf32> -> !rise.array<3x5xf32> {
  ^bb0(%c: !rise.array<5xf32>):
    %n = rise.map seq %c : !rise.array<5xf32> -> !rise.array<5xf32> {
    ^bb0(%e: f32):
      %two = arith.constant 2.0 : f32
      %f = arith.mulf %e, %two : f32
      rise.yield %f : f32
    }
    rise.yield %n : !rise.array<5xf32>
  }
  rise.out %q, %o : !rise.array<3x5xf32>, memref<3x5xf32>
  return
}
