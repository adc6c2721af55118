// rise-insert-barriers on lowered gpu code, one function per case of the
// RISE thesis's Table 3.2 discussion: a dependency across a sequence, a
// dependency carried around a loop, no barrier needed, a barrier at the end
// of a sequential loop rather than inside it; then fences by address space
// (workgroup / global, never for private memory), single-trip loops,
// barriers after divergent regions, and outlined gpu.func kernels.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-insert-barriers)' | FileCheck %s

#wg = #gpu.address_space<workgroup>

// Dependency across a sequence: items write workgroup memory, then read
// another item's element: one barrier between, fenced on workgroup memory.
// CHECK-LABEL: func.func @sequence
// CHECK: memref.store %{{.*}}, %[[SH:.*]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[J:.*]] = arith.subi
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<workgroup>]}
// CHECK-NEXT: memref.load %[[SH]][%[[J]]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @sequence(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c63 = arith.constant 63 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sh : memref<64xf32, #wg>) {
    %v = memref.load %in[%tx] : memref<64xf32>
    memref.store %v, %sh[%tx] : memref<64xf32, #wg>
    %j = arith.subi %c63, %tx : index
    %w = memref.load %sh[%j] : memref<64xf32, #wg>
    memref.store %w, %out[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// Dependency carried around a loop (the thesis's Figure 3.2): a work-group
// loop stages a row, reads it, and overwrites it in the next trip: a
// barrier before the read and one at the end of the body.
// CHECK-LABEL: func.func @loop_carried
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[SH:.*]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %{{.*}} = arith.subi
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<workgroup>]}
// CHECK-NEXT: memref.load %[[SH]]
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<workgroup>]}
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
func.func @loop_carried(%in: memref<8x64xf32>, %out: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c63 = arith.constant 63 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sh : memref<64xf32, #wg>) {
    scf.for %k = %c0 to %c8 step %c2 {
      %i = arith.addi %k, %bx : index
      %v = memref.load %in[%i, %tx] : memref<8x64xf32>
      memref.store %v, %sh[%tx] : memref<64xf32, #wg>
      %j = arith.subi %c63, %tx : index
      %w = memref.load %sh[%j] : memref<64xf32, #wg>
      memref.store %w, %out[%i, %j] : memref<8x64xf32>
    }
    gpu.terminator
  }
  return
}

// No barrier needed: workgroup memory only read (filled before the
// launch's barrier below), global input and output distinct, private
// memory per item.
// CHECK-LABEL: func.func @no_barrier
// CHECK-COUNT-1: gpu.barrier
// CHECK-NOT: gpu.barrier
func.func @no_barrier(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sh : memref<64xf32, #wg>) {
    %p = memref.alloca() : memref<4xf32>
    %v = memref.load %in[%tx] : memref<64xf32>
    memref.store %v, %sh[%tx] : memref<64xf32, #wg>
    gpu.barrier
    scf.for %k = %c0 to %c4 step %c1 {
      %w = memref.load %sh[%k] : memref<64xf32, #wg>
      memref.store %w, %p[%k] : memref<4xf32>
      %u = memref.load %p[%k] : memref<4xf32>
      memref.store %u, %out[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// Barrier at the end of a sequential loop rather than inside it (the
// thesis's Figure 3.3): a sequential loop fills 4 rows of workgroup memory
// by items, a second one reads them shifted. One barrier after the first
// loop, none in either body, and one at the end of the work-group loop.
// CHECK-LABEL: func.func @end_of_seq_loop
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<workgroup>]}
// CHECK-NEXT: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<8x4x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<workgroup>]}
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
func.func @end_of_seq_loop(%in: memref<8x4x64xf32>, %out: memref<8x4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c63 = arith.constant 63 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sh : memref<4x64xf32, #wg>) {
    scf.for %k = %c0 to %c8 step %c2 {
      %g = arith.addi %k, %bx : index
      scf.for %i = %c0 to %c4 step %c1 {
        %v = memref.load %in[%g, %i, %tx] : memref<8x4x64xf32>
        memref.store %v, %sh[%i, %tx] : memref<4x64xf32, #wg>
      }
      scf.for %i = %c0 to %c4 step %c1 {
        %j = arith.subi %c63, %tx : index
        %w = memref.load %sh[%i, %j] : memref<4x64xf32, #wg>
        memref.store %w, %out[%g, %i, %tx] : memref<8x4x64xf32>
      }
    }
    gpu.terminator
  }
  return
}

// Global memory shared between items gets a barrier fenced on global
// memory only; private memory never gets one.
// CHECK-LABEL: func.func @fences
// CHECK-SAME: %[[IN:[^:]*]]: memref<64xf32>, %[[T:[^:]*]]: memref<64xf32>,
// CHECK: memref.store %{{.*}}, %[[T]][%{{.*}}] : memref<64xf32>
// CHECK-NEXT: arith.subi
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<global>]}
// CHECK-NEXT: memref.load %[[T]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @fences(%in: memref<64xf32>, %tmp: memref<64xf32>, %out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c63 = arith.constant 63 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %p = memref.alloca() : memref<64xf32>
    %v = memref.load %in[%tx] : memref<64xf32>
    memref.store %v, %p[%tx] : memref<64xf32>
    %pv = memref.load %p[%c63] : memref<64xf32>
    memref.store %pv, %tmp[%tx] : memref<64xf32>
    %j = arith.subi %c63, %tx : index
    %w = memref.load %tmp[%j] : memref<64xf32>
    memref.store %w, %out[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// A single-trip loop is never re-entered: no barrier at the end of its
// body (the thesis's "single iteration loops"); the dependency inside the
// body still gets its barrier.
// CHECK-LABEL: func.func @single_trip
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
func.func @single_trip(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sh : memref<64xf32, #wg>) {
    scf.for %k = %c0 to %c1 step %c1 {
      %v = memref.load %in[%tx] : memref<64xf32>
      memref.store %v, %sh[%tx] : memref<64xf32, #wg>
      %w = memref.load %sh[%k] : memref<64xf32, #wg>
      memref.store %w, %out[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// A divergent region (a guard on the thread id) as a whole: its writes are
// made visible by a barrier after it, in uniform code; a guard on the
// block id is uniform and may hold barriers.
// CHECK-LABEL: func.func @after_divergent
// CHECK: scf.if
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK-NEXT: arith.subi
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<workgroup>]}
// CHECK-NEXT: memref.load
// The uniform guard then overwrites what was read (a barrier before it)
// and reads it back (a barrier inside it).
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<workgroup>]}
// CHECK-NEXT: scf.if
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}} : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<workgroup>]}
// CHECK-NEXT: memref.load
func.func @after_divergent(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c63 = arith.constant 63 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sh : memref<64xf32, #wg>) {
    %lt = arith.cmpi ult, %tx, %c40 : index
    scf.if %lt {
      %v = memref.load %in[%tx] : memref<64xf32>
      memref.store %v, %sh[%tx] : memref<64xf32, #wg>
    }
    %j = arith.subi %c63, %tx : index
    %w = memref.load %sh[%j] : memref<64xf32, #wg>
    memref.store %w, %out[%tx] : memref<64xf32>
    %b0 = arith.cmpi ult, %bx, %c1 : index
    scf.if %b0 {
      memref.store %w, %sh[%tx] : memref<64xf32, #wg>
      %w2 = memref.load %sh[%j] : memref<64xf32, #wg>
      memref.store %w2, %out[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// Outlined kernels (gpu.func) are handled the same way.
// CHECK-LABEL: gpu.func @outlined
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.subi
// CHECK-NEXT: gpu.barrier {rise.fences = [#gpu.address_space<workgroup>]}
// CHECK-NEXT: memref.load
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @outlined(%in: memref<64xf32>, %out: memref<64xf32>)
        workgroup(%sh : memref<64xf32, #wg>) kernel {
      %c63 = arith.constant 63 : index
      %tx = gpu.thread_id x
      %v = memref.load %in[%tx] : memref<64xf32>
      memref.store %v, %sh[%tx] : memref<64xf32, #wg>
      %j = arith.subi %c63, %tx : index
      %w = memref.load %sh[%j] : memref<64xf32, #wg>
      memref.store %w, %out[%tx] : memref<64xf32>
      gpu.return
    }
  }
}
