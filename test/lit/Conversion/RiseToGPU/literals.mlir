// A literal array read in a kernel. The shared lowering makes it a
// memref.get_global of a constant memref.global in host code. For a host
// runtime that uploads it (device-buffers=memref: the stub of
// ariadne-compile --target=nvptx64) it stays there and reaches the kernel
// as an argument. With MLIR's own host runtime (device-buffers=gpu, as in
// rise-to-nvvm{host=llvm}) it is read inside the launch: a pointer into
// the host's data segment is no address the device can read (an illegal
// address on an H100), so the global goes into the kernel's gpu.module.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-gpu)' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-gpu{device-buffers=gpu})' \
// RUN:   | FileCheck %s --check-prefix=GPUALLOC
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-to-nvvm{host=llvm})' \
// RUN:   | FileCheck %s --check-prefix=NVVM

// CHECK-LABEL: func.func @scale(
// CHECK: %[[W:.*]] = memref.get_global @__rise_literal_0 : memref<4xf32>
// CHECK: gpu.launch
// CHECK: memref.load %[[W]]

// GPUALLOC-LABEL: func.func @scale(
// GPUALLOC-NOT: memref.get_global
// GPUALLOC: gpu.launch
// GPUALLOC-NEXT: %[[W:.*]] = memref.get_global @__rise_literal_0 : memref<4xf32>
// GPUALLOC: memref.load %[[W]]

// The global is defined in the device module and the launch takes x and
// y alone.
// NVVM-LABEL: llvm.func @scale(
// NVVM: gpu.launch_func <%{{[0-9]+}} : !llvm.ptr> @scale_kernel::@scale_kernel
// NVVM-SAME: args(%{{[0-9]+}} : !llvm.ptr, %{{[0-9]+}} : !llvm.ptr){{$}}
// NVVM: gpu.module @scale_kernel
// NVVM: llvm.mlir.global private constant @__rise_literal_0(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>)
func.func @scale(%x: memref<8x4xf32>, %y: memref<8x4xf32>) {
  %a = rise.in %x : memref<8x4xf32> -> !rise.array<8x4xf32>
  %w = rise.literal dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32> -> !rise.array<4xf32>
  %r = rise.kernel local [4] global [32] : !rise.array<8x4xf32> {
    %m = rise.map workgroup(0) %a : !rise.array<8x4xf32> -> !rise.array<8x4xf32> {
    ^bb0(%row: !rise.array<4xf32>):
      %z = rise.zip %row, %w : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
      %l = rise.map local(0) %z : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %u = rise.fst %p : !rise.pair<f32, f32> -> f32
        %v = rise.snd %p : !rise.pair<f32, f32> -> f32
        %s = arith.mulf %u, %v : f32
        rise.yield %s : f32
      }
      rise.yield %l : !rise.array<4xf32>
    }
    rise.yield %m : !rise.array<8x4xf32>
  }
  rise.out %r, %y : !rise.array<8x4xf32>, memref<8x4xf32>
  return
}
