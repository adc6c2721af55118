// A private (or local) buffer larger than ARI_LOWER_MAX_STACK_BYTES (256 KiB,
// passes/lower/rise_to_affine.h) is heap-allocated -- memref.alloc, freed
// with memref.dealloc at the end of its scope -- instead of a stack
// memref.alloca that would overflow the stack at run time (issue 13: a
// 400 MB to_mem private crashed the native run). Up to 256 KiB stays on the
// stack.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// Natively, 16 MiB of private buffer (twice a default stack) runs and
// matches the interpreter.
// RUN: ariadne-run %s --func=big_private --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @big_private argument 1 matches the interpreter: 4194304 scalars

// CHECK-LABEL: func.func @huge_private
// CHECK:     %[[B:.*]] = memref.alloc() : memref<100000000xf32>
// CHECK-NOT: memref.alloca
// CHECK:     memref.dealloc %[[B]] : memref<100000000xf32>
// CHECK:     return
func.func @huge_private(%x: memref<100000000xf32>, %o: memref<100000000xf32>) {
  %a = rise.in %x : memref<100000000xf32> -> !rise.array<100000000xf32>
  %p = rise.to_mem private %a : !rise.array<100000000xf32>
  %r = rise.generate : !rise.array<100000000xf32> {
  ^bb0(%i: index):
    %c = arith.constant 99999999 : index
    %j = arith.subi %c, %i : index
    %e = rise.idx %p[%j] : !rise.array<100000000xf32> -> f32
    rise.yield %e : f32
  }
  rise.out %r, %o : !rise.array<100000000xf32>, memref<100000000xf32>
  return
}

// One element over 256 KiB: the heap.
// CHECK-LABEL: func.func @over_limit
// CHECK:     %[[B:.*]] = memref.alloc() : memref<65537xf32>
// CHECK:     memref.dealloc %[[B]] : memref<65537xf32>
func.func @over_limit(%x: memref<65537xf32>, %o: memref<65537xf32>) {
  %a = rise.in %x : memref<65537xf32> -> !rise.array<65537xf32>
  %p = rise.to_mem local %a : !rise.array<65537xf32>
  %r = rise.generate : !rise.array<65537xf32> {
  ^bb0(%i: index):
    %c = arith.constant 65536 : index
    %j = arith.subi %c, %i : index
    %e = rise.idx %p[%j] : !rise.array<65537xf32> -> f32
    rise.yield %e : f32
  }
  rise.out %r, %o : !rise.array<65537xf32>, memref<65537xf32>
  return
}

// Exactly 256 KiB: the stack, nothing to free.
// CHECK-LABEL: func.func @at_limit
// CHECK:     memref.alloca() : memref<65536xf32>
// CHECK-NOT: memref.dealloc
// CHECK:     return
func.func @at_limit(%x: memref<65536xf32>, %o: memref<65536xf32>) {
  %a = rise.in %x : memref<65536xf32> -> !rise.array<65536xf32>
  %p = rise.to_mem private %a : !rise.array<65536xf32>
  %r = rise.generate : !rise.array<65536xf32> {
  ^bb0(%i: index):
    %c = arith.constant 65535 : index
    %j = arith.subi %c, %i : index
    %e = rise.idx %p[%j] : !rise.array<65536xf32> -> f32
    rise.yield %e : f32
  }
  rise.out %r, %o : !rise.array<65536xf32>, memref<65536xf32>
  return
}

// CHECK-LABEL: func.func @big_private
// CHECK:     memref.alloc() : memref<4194304xf32>
func.func @big_private(%x: memref<4194304xf32>, %o: memref<4194304xf32>) {
  %a = rise.in %x : memref<4194304xf32> -> !rise.array<4194304xf32>
  %p = rise.to_mem private %a : !rise.array<4194304xf32>
  %r = rise.generate : !rise.array<4194304xf32> {
  ^bb0(%i: index):
    %c = arith.constant 4194303 : index
    %j = arith.subi %c, %i : index
    %e = rise.idx %p[%j] : !rise.array<4194304xf32> -> f32
    rise.yield %e : f32
  }
  rise.out %r, %o : !rise.array<4194304xf32>, memref<4194304xf32>
  return
}
