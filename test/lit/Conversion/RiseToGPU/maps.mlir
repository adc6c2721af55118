// convert-rise-to-gpu: rise.kernel becomes gpu.launch (blocks = global /
// local, threads = local, missing dimensions 1) and the GPU maps become
// stride loops over the launch's ids: global(d) from block_id*block_dim +
// thread_id by grid_dim*block_dim, workgroup(d) from block_id by grid_dim,
// local(d) from thread_id by block_dim. The loop runs k = 0 to n by the
// stride with i = k + id, so every work-item runs the same trips; only a
// size the stride does not divide needs the guard i < n, and a size equal
// to the stride needs no loop.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-gpu,cse)' | FileCheck %s

// global(0) over 10 elements on 2 x 4 work-items: stride 8, guarded.
// CHECK-LABEL: func.func @global_guard(
// CHECK-SAME: %[[X:.*]]: memref<10xf32>, %[[Y:.*]]: memref<10xf32>)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C4]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]])
// CHECK: %[[B:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK: %[[ID:.*]] = arith.addi %[[B]], %[[TX]] : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: scf.for %[[K:.*]] = %[[C0]] to %[[C10]] step %[[C8]] {
// CHECK: %[[I:.*]] = arith.addi %[[K]], %[[ID]] : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[I]], %[[C10]] : index
// CHECK: scf.if %[[IN]] {
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[I]]] : memref<10xf32>
// CHECK: %[[S:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK: memref.store %[[S]], %[[Y]][%[[I]]] : memref<10xf32>
// CHECK: gpu.terminator
func.func @global_guard(%x: memref<10xf32>, %y: memref<10xf32>) {
  %a = rise.in %x : memref<10xf32> -> !rise.array<10xf32>
  %r = rise.kernel local [4] global [8] : !rise.array<10xf32> {
    %g = rise.map global(0) %a : !rise.array<10xf32> -> !rise.array<10xf32> {
    ^bb0(%e: f32):
      %s = arith.mulf %e, %e : f32
      rise.yield %s : f32
    }
    rise.yield %g : !rise.array<10xf32>
  }
  rise.out %r, %y : !rise.array<10xf32>, memref<10xf32>
  return
}

// workgroup(1) over 6 rows on 2 groups (stride 2, divides: no guard),
// local(0) over 8 columns on 4 items (stride 4): two uniform loops.
// CHECK-LABEL: func.func @workgroup_local_2d(
// CHECK: gpu.launch blocks(%{{.*}}, %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C2:.*]], %{{.*}} = %[[C2]], %{{.*}} = %[[C1:.*]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C4:.*]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]])
// CHECK: scf.for %[[K1:.*]] = %{{.*}} to %{{.*}} step %[[C2]] {
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[K1]], %[[BY]] : index
// CHECK: scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %[[C4]] {
// CHECK-NEXT: %[[COL:.*]] = arith.addi %[[K0]], %[[TX]] : index
// CHECK-NOT: scf.if
// CHECK: memref.load %{{.*}}[%[[ROW]], %[[COL]]] : memref<6x8xf32>
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[ROW]], %[[COL]]] : memref<6x8xf32>
func.func @workgroup_local_2d(%x: memref<6x8xf32>, %y: memref<6x8xf32>) {
  %a = rise.in %x : memref<6x8xf32> -> !rise.array<6x8xf32>
  %r = rise.kernel local [4, 1] global [8, 2] : !rise.array<6x8xf32> {
    %w = rise.map workgroup(1) %a : !rise.array<6x8xf32> -> !rise.array<6x8xf32> {
    ^bb0(%row: !rise.array<8xf32>):
      %l = rise.map local(0) %row : !rise.array<8xf32> -> !rise.array<8xf32> {
      ^bb0(%e: f32):
        %s = arith.addf %e, %e : f32
        rise.yield %s : f32
      }
      rise.yield %l : !rise.array<8xf32>
    }
    rise.yield %w : !rise.array<6x8xf32>
  }
  rise.out %r, %y : !rise.array<6x8xf32>, memref<6x8xf32>
  return
}

// Sizes equal to the launch: no loops, no guards; the kernel's value is
// written through join's acceptor straight into the output.
// CHECK-LABEL: func.func @exact(
// CHECK-SAME: %[[X:.*]]: memref<4x16xf32>, %[[Y:.*]]: memref<64xf32>)
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in
// CHECK-NOT: scf.for
// CHECK-NOT: scf.if
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[BX]], %[[TX]]] : memref<4x16xf32>
// CHECK: memref.store %{{.*}}, %[[Y]][%{{.*}}] : memref<64xf32>
// CHECK-NEXT: gpu.terminator
func.func @exact(%x: memref<4x16xf32>, %y: memref<64xf32>) {
  %a = rise.in %x : memref<4x16xf32> -> !rise.array<4x16xf32>
  %r = rise.kernel local [16] global [64] : !rise.array<4x16xf32> {
    %w = rise.map workgroup(0) %a : !rise.array<4x16xf32> -> !rise.array<4x16xf32> {
    ^bb0(%row: !rise.array<16xf32>):
      %l = rise.map local(0) %row : !rise.array<16xf32> -> !rise.array<16xf32> {
      ^bb0(%e: f32):
        %s = arith.mulf %e, %e : f32
        rise.yield %s : f32
      }
      rise.yield %l : !rise.array<16xf32>
    }
    rise.yield %w : !rise.array<4x16xf32>
  }
  %j = rise.join %r : !rise.array<4x16xf32> -> !rise.array<64xf32>
  rise.out %j, %y : !rise.array<64xf32>, memref<64xf32>
  return
}

// Host code around kernels lowers as on the CPU: a scalar computed on the
// host is captured by the launch.
// CHECK-LABEL: func.func @host_scalar(
// CHECK: %[[H:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: gpu.launch
// CHECK: arith.addf %{{.*}}, %[[H]] : f32
func.func @host_scalar(%x: memref<8xf32>, %s: f32, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  %h = arith.mulf %s, %s : f32
  %r = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    %g = rise.map global(0) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
    ^bb0(%e: f32):
      %t = arith.addf %e, %h : f32
      rise.yield %t : f32
    }
    rise.yield %g : !rise.array<8xf32>
  }
  rise.out %r, %y : !rise.array<8xf32>, memref<8xf32>
  return
}
