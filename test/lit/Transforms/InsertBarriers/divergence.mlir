// rise-insert-barriers never puts a barrier under divergent control flow
// (a guard or loop that depends on the thread id, where some work-items
// would not reach it): a dependency that needs one there is an error at
// the op, and the pass fails.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-insert-barriers)' \
// RUN:   -split-input-file -verify-diagnostics

#wg = #gpu.address_space<workgroup>

func.func @in_thread_guard(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c63 = arith.constant 63 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sh : memref<64xf32, #wg>) {
    %lt = arith.cmpi ult, %tx, %c40 : index
    scf.if %lt {
      %v = memref.load %in[%tx] : memref<64xf32>
      memref.store %v, %sh[%tx] : memref<64xf32, #wg>
      %j = arith.subi %c63, %tx : index
      // expected-error @+1 {{rise-insert-barriers: a dependency across this sequence on workgroup memory needs a barrier here, but this code is under divergent control flow}}
      %w = memref.load %sh[%j] : memref<64xf32, #wg>
      memref.store %w, %out[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// The trip count depends on the thread id (derived through arithmetic);
// the barrier written in the body orders one trip, not the next one.
#wg = #gpu.address_space<workgroup>
func.func @carried_in_thread_loop(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c63 = arith.constant 63 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sh : memref<64xf32, #wg>) {
    %n = arith.addi %tx, %c1 : index
    // expected-error @+1 {{rise-insert-barriers: a dependency carried around this loop on workgroup memory needs a barrier here, but this code is under divergent control flow}}
    scf.for %k = %c0 to %n step %c1 {
      %v = memref.load %in[%k] : memref<64xf32>
      memref.store %v, %sh[%tx] : memref<64xf32, #wg>
      gpu.barrier
      %j = arith.subi %c63, %k : index
      %w = memref.load %sh[%j] : memref<64xf32, #wg>
      memref.store %w, %out[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// In an outlined kernel, gpu.thread_id makes the guard divergent; global
// memory shared between items needs a barrier as well.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @outlined(%buf: memref<64xf32>, %out: memref<64xf32>) kernel {
      %c40 = arith.constant 40 : index
      %c63 = arith.constant 63 : index
      %tx = gpu.thread_id x
      %lt = arith.cmpi ult, %tx, %c40 : index
      scf.if %lt {
        %v = memref.load %out[%tx] : memref<64xf32>
        memref.store %v, %buf[%tx] : memref<64xf32>
        %j = arith.subi %c63, %tx : index
        // expected-error @+1 {{rise-insert-barriers: a dependency across this sequence on global memory needs a barrier here}}
        %w = memref.load %buf[%j] : memref<64xf32>
        memref.store %w, %out[%tx] : memref<64xf32>
      }
      gpu.return
    }
  }
}
