// convert-rise-to-gpu: where buffers live. to_mem local -> a workgroup
// attribution of the gpu.launch (#gpu.address_space<workgroup>), written by
// all work-items together (element f by the item with flat id f mod the
// group size); to_mem private -> memref.alloca at the start of the launch
// body; to_mem global in a kernel, and a kernel's value read by other code,
// -> a device buffer allocated before the launch and freed before the
// return (memref.alloc/dealloc, or gpu.alloc/dealloc with
// device-buffers=gpu).

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-gpu,cse)' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-gpu{device-buffers=gpu},cse)' \
// RUN:   | FileCheck %s --check-prefix=GPUALLOC
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-gpu{device-buffers=host})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTS

// OPTS: device-buffers

// A row staged in workgroup memory by a local map, then read reversed
// (another item's element): the write is the local map's own loop.
// CHECK-LABEL: func.func @local_staging(
// CHECK-SAME: %[[X:.*]]: memref<4x16xf32>, %[[Y:.*]]: memref<4x16xf32>)
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in {{.*}} workgroup(%[[SH:.*]] : memref<16xf32, #gpu.address_space<workgroup>>) {
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[BX]], %[[TX]]] : memref<4x16xf32>
// CHECK: memref.store %[[V]], %[[SH]][%[[TX]]] : memref<16xf32, #gpu.address_space<workgroup>>
// CHECK: %[[R:.*]] = arith.subi %{{.*}}, %[[TX]] : index
// CHECK: memref.load %[[SH]][%[[R]]] : memref<16xf32, #gpu.address_space<workgroup>>
func.func @local_staging(%x: memref<4x16xf32>, %y: memref<4x16xf32>) {
  %a = rise.in %x : memref<4x16xf32> -> !rise.array<4x16xf32>
  %r = rise.kernel local [16] global [64] : !rise.array<4x16xf32> {
    %w = rise.map workgroup(0) %a : !rise.array<4x16xf32> -> !rise.array<4x16xf32> {
    ^bb0(%row: !rise.array<16xf32>):
      %cp = rise.map local(0) %row : !rise.array<16xf32> -> !rise.array<16xf32> {
      ^bb0(%e: f32):
        rise.yield %e : f32
      }
      %sh = rise.to_mem local %cp : !rise.array<16xf32>
      %ids = rise.generate : !rise.array<16xindex> {
      ^bb0(%i: index):
        rise.yield %i : index
      }
      %l = rise.map local(0) %ids : !rise.array<16xindex> -> !rise.array<16xf32> {
      ^bb0(%i: index):
        %c15 = arith.constant 15 : index
        %j = arith.subi %c15, %i : index
        %v = rise.idx %sh[%j] : !rise.array<16xf32> -> f32
        rise.yield %v : f32
      }
      rise.yield %l : !rise.array<16xf32>
    }
    rise.yield %w : !rise.array<4x16xf32>
  }
  rise.out %r, %y : !rise.array<4x16xf32>, memref<4x16xf32>
  return
}

// A value that is not a GPU map, staged at work-group level: the 2 x 40
// elements are shared among the 4 x 2 items (flat id tx + 4 ty, stride 8).
// CHECK-LABEL: func.func @shared_write(
// CHECK: gpu.launch blocks({{.*}}) in {{.*}} threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in {{.*}} workgroup(%[[SH:.*]] : memref<2x40xf32, #gpu.address_space<workgroup>>) {
// CHECK: %[[T4:.*]] = arith.muli %[[TY]], %[[C4:.*]] : index
// CHECK: %[[FLAT:.*]] = arith.addi %[[TX]], %[[T4]] : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[C80:.*]] step %[[C8:.*]] {
// CHECK: %[[F:.*]] = arith.addi %[[K]], %[[FLAT]] : index
// CHECK: %[[COL:.*]] = arith.remui %[[F]], %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.divui %[[F]], %{{.*}} : index
// CHECK: memref.store %{{.*}}, %[[SH]][%[[ROW]], %[[COL]]] : memref<2x40xf32, #gpu.address_space<workgroup>>
func.func @shared_write(%x: memref<2x40xf32>, %y: memref<2x4xf32>) {
  %a = rise.in %x : memref<2x40xf32> -> !rise.array<2x40xf32>
  %r = rise.kernel local [4, 2] global [4, 2] : !rise.array<1x2x4xf32> {
    %one = rise.split 2 %a : !rise.array<2x40xf32> -> !rise.array<1x2x40xf32>
    %w = rise.map workgroup(0) %one : !rise.array<1x2x40xf32> -> !rise.array<1x2x4xf32> {
    ^bb0(%blk: !rise.array<2x40xf32>):
      %sh = rise.to_mem local %blk : !rise.array<2x40xf32>
      %l1 = rise.map local(1) %sh : !rise.array<2x40xf32> -> !rise.array<2x4xf32> {
      ^bb0(%row: !rise.array<40xf32>):
        %s = rise.split 10 %row : !rise.array<40xf32> -> !rise.array<4x10xf32>
        %l0 = rise.map local(0) %s : !rise.array<4x10xf32> -> !rise.array<4xf32> {
        ^bb0(%c: !rise.array<10xf32>):
          %z = arith.constant 0.0 : f32
          %t = rise.reduce seq %z, %c : f32, !rise.array<10xf32> -> f32 {
          ^bb0(%acc: f32, %e: f32):
            %n = arith.addf %acc, %e : f32
            rise.yield %n : f32
          }
          rise.yield %t : f32
        }
        rise.yield %l0 : !rise.array<4xf32>
      }
      rise.yield %l1 : !rise.array<2x4xf32>
    }
    rise.yield %w : !rise.array<1x2x4xf32>
  }
  %j = rise.join %r : !rise.array<1x2x4xf32> -> !rise.array<2x4xf32>
  rise.out %j, %y : !rise.array<2x4xf32>, memref<2x4xf32>
  return
}

// Private arrays: one per work-item, at the start of the launch body.
// CHECK-LABEL: func.func @private_array(
// CHECK: gpu.launch
// CHECK-NEXT: %[[P:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NOT: memref.alloc()
// CHECK: affine.store %{{.*}}, %[[P]][%{{.*}}] : memref<4xf32>
// CHECK: affine.load %[[P]][
func.func @private_array(%x: memref<8x4xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8x4xf32> -> !rise.array<8x4xf32>
  %r = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    %g = rise.map global(0) %a : !rise.array<8x4xf32> -> !rise.array<8xf32> {
    ^bb0(%row: !rise.array<4xf32>):
      %p = rise.to_mem private %row : !rise.array<4xf32>
      %z = arith.constant 0.0 : f32
      %t = rise.reduce seq %z, %p : f32, !rise.array<4xf32> -> f32 {
      ^bb0(%acc: f32, %e: f32):
        %n = arith.addf %acc, %e : f32
        rise.yield %n : f32
      }
      rise.yield %t : f32
    }
    rise.yield %g : !rise.array<8xf32>
  }
  rise.out %r, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// A kernel's value read by another kernel lives in a device buffer; so
// does to_mem global inside a kernel.
// CHECK-LABEL: func.func @two_kernels(
// CHECK-SAME: %[[X:.*]]: memref<8xf32>, %[[Y:.*]]: memref<8xf32>)
// CHECK-DAG: %[[G:.*]] = memref.alloc() : memref<8xf32>
// CHECK-DAG: %[[T:.*]] = memref.alloc() : memref<8xf32>
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %[[T]][
// CHECK: gpu.terminator
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %[[G]][
// CHECK: memref.load %[[G]][
// CHECK: memref.store %{{.*}}, %[[Y]][
// CHECK: gpu.terminator
// CHECK-DAG: memref.dealloc %[[G]] : memref<8xf32>
// CHECK-DAG: memref.dealloc %[[T]] : memref<8xf32>
// CHECK: return
// GPUALLOC-LABEL: func.func @two_kernels(
// GPUALLOC-COUNT-2: gpu.alloc () : memref<8xf32>
// GPUALLOC-NOT: memref.alloc
// GPUALLOC-COUNT-2: gpu.dealloc
func.func @two_kernels(%x: memref<8xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  %r = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    %g = rise.map global(0) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
    ^bb0(%e: f32):
      %s = arith.mulf %e, %e : f32
      rise.yield %s : f32
    }
    rise.yield %g : !rise.array<8xf32>
  }
  %r2 = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    %g = rise.map global(0) %r : !rise.array<8xf32> -> !rise.array<8xf32> {
    ^bb0(%e: f32):
      %s = arith.addf %e, %e : f32
      rise.yield %s : f32
    }
    %gm = rise.to_mem global %g : !rise.array<8xf32>
    %g2 = rise.map global(0) %gm : !rise.array<8xf32> -> !rise.array<8xf32> {
    ^bb0(%e: f32):
      %s = arith.mulf %e, %e : f32
      rise.yield %s : f32
    }
    rise.yield %g2 : !rise.array<8xf32>
  }
  rise.out %r2, %y : !rise.array<8xf32>, memref<8xf32>
  return
}
