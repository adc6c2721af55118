// The registered rise-to-llvm pipeline takes rise functions to the LLVM
// dialect: the C-interface wrapper is emitted, map par becomes an OpenMP
// parallel loop, map vec stays vector code, and mlir-translate accepts the
// result.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-to-llvm)' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-to-llvm{x=1})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTS

// CHECK-NOT: rise.
// CHECK-NOT: affine.
// CHECK-NOT: scf.
// CHECK-NOT: memref.
// CHECK-LABEL: llvm.func @scale(
// CHECK: omp.parallel
// CHECK: omp.wsloop
// CHECK: llvm.fmul %{{.*}} : vector<4xf32>
// CHECK: llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr
// CHECK-LABEL: llvm.func @_mlir_ciface_scale(
// CHECK: llvm.call @scale(

// LLVM: define void @scale(
// LLVM: call void {{.*}}@__kmpc_fork_call(
// LLVM: fmul <4 x float>
// LLVM: define void @_mlir_ciface_scale(ptr {{.*}}, float {{.*}}, ptr {{.*}})

// OPTS: rise-to-llvm takes no options

func.func @scale(%x: memref<6x12xf32>, %s: f32, %o: memref<6x12xf32>) {
  %a = rise.in %x : memref<6x12xf32> -> !rise.array<6x12xf32>
  %m = rise.map par %a : !rise.array<6x12xf32> -> !rise.array<6x12xf32> {
  ^bb0(%row: !rise.array<12xf32>):
    %v = rise.as_vector 4 %row : !rise.array<12xf32> -> !rise.array<3xvector<4xf32>>
    %w = rise.map %v : !rise.array<3xvector<4xf32>> -> !rise.array<3xvector<4xf32>> {
    ^bb0(%e: vector<4xf32>):
      %f = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
      ^bb0(%l: f32):
        %p = arith.mulf %l, %s : f32
        rise.yield %p : f32
      }
      rise.yield %f : vector<4xf32>
    }
    %sc = rise.as_scalar %w : !rise.array<3xvector<4xf32>> -> !rise.array<12xf32>
    rise.yield %sc : !rise.array<12xf32>
  }
  rise.out %m, %o : !rise.array<6x12xf32>, memref<6x12xf32>
  return
}
