// ariadne-compile --target=nvptx64 on a rise program with a kernel: PTX with
// one .entry per kernel, the barrier rise-insert-barriers put between the
// work-group's stores to local memory and its reads (bar.sync), shared
// loads, cubins from ptxas for sm_80 and sm_90, and the C host stub.

// RUN: rm -rf %t && mkdir -p %t
// RUN: ariadne-compile %s --target=nvptx64 --emit=asm -o - | FileCheck %s --check-prefix=PTX90
// RUN: ariadne-compile %s --target=nvptx64 --gpu-arch=sm_80 --emit=asm -o - | FileCheck %s --check-prefix=PTX80
// PTX90: .version 8.0
// PTX90: .target sm_90
// PTX90: .address_size 64
// PTX90: .visible .entry matvec_local_kernel(
// PTX90: .shared .align {{[0-9]+}} .{{b8|f32}}
// PTX90: st.shared
// PTX90: bar.sync 0;
// PTX90: ld.shared
// PTX90: ret;
// PTX80: .target sm_80
// PTX80: .visible .entry matvec_local_kernel(

// The lowered module (host at the gpu level, kernel in LLVM/NVVM) and the
// kernels' LLVM IR.
// RUN: ariadne-compile %s --target=nvptx64 --emit=mlir -o - | FileCheck %s --check-prefix=MLIR
// MLIR: module attributes {gpu.container_module}
// MLIR: func.func @matvec_local(
// MLIR: gpu.launch_func @matvec_local_kernel::@matvec_local_kernel blocks in (%{{.*}}) threads in (%{{.*}}) args(
// MLIR: gpu.module @matvec_local_kernel
// MLIR: llvm.func @matvec_local_kernel(
// MLIR: nvvm.barrier
// RUN: ariadne-compile %s --target=nvptx64 --emit=llvm -o - | FileCheck %s --check-prefix=LLVM
// LLVM: target triple = "nvptx64-nvidia-cuda"
// LLVM: define ptx_kernel void @matvec_local_kernel(
// LLVM: addrspace(3)
// LLVM: call void @llvm.nvvm.barrier

// RUN: ariadne-compile %s --target=nvptx64 --gpu-arch=sm_90 -o %t/mv.sm_90.cubin
// RUN: ariadne-compile %s --target=nvptx64 --gpu-arch=sm_80 -o %t/mv.sm_80.cubin --stub=%t/mv.c --header=%t/mv.h
// RUN: od -An -c -N4 %t/mv.sm_90.cubin | FileCheck %s --check-prefix=ELF
// RUN: od -An -c -N4 %t/mv.sm_80.cubin | FileCheck %s --check-prefix=ELF
// ELF: 177 E L F

// The header declares the program, the loader and the function over
// buffers and over host arrays; the stub embeds the PTX and launches with
// the kernel's sizes (8/4 = 2 blocks of 4 threads).
// RUN: FileCheck %s --check-prefix=HDR < %t/mv.h
// HDR: #include "runtime/cuda.h"
// HDR: typedef struct mv_program {
// HDR: AriCudaKernel *kernels[1];
// HDR: AriCudaStatus mv_load(AriCuda *cu, mv_program *p);
// HDR: a0: memref<8x13xf32>, 416 bytes, read by the device
// HDR: a2: memref<8xf32>, 32 bytes, written by the device
// HDR: AriCudaStatus matvec_local(AriCuda *cu, const mv_program *p, AriCudaBuffer *a0, AriCudaBuffer *a1, AriCudaBuffer *a2);
// HDR: AriCudaStatus matvec_local_host(AriCuda *cu, const mv_program *p, const float *a0, const float *a1, float *a2);
// HDR: extern const AriGpuProgramInfo mv_info;
// RUN: FileCheck %s --check-prefix=STUB < %t/mv.c
// STUB: #include "mv.h"
// STUB: static const char mv_ptx[] =
// STUB: ".target sm_80\n"
// STUB: {"matvec_local_kernel"}
// STUB: AriCudaStatus matvec_local(
// STUB: ariCudaBufferDeviceSync(cu, a{{[01]}}, ARI_CUDA_DEVICE_READ, &d
// STUB: ariCudaBufferDeviceSync(cu, a2, ARI_CUDA_DEVICE_WRITE, &d
// STUB: grid[3] = {2u, 1u, 1u}, block[3] = {4u, 1u, 1u};
// STUB: ariCudaLaunch(cu, p->kernels[0], grid, block, 0u, params)
// STUB: const AriGpuProgramInfo mv_info = {"mv", sizeof(mv_program)

// The stub compiles warning-free as C11 with the runtime.
// RUN: %cc -std=c11 -Wall -Wextra -Werror -Wmissing-prototypes -I%ariadne_src -c %t/mv.c -o %t/mv.o

func.func @matvec_local(%A: memref<8x13xf32>, %x: memref<13xf32>, %y: memref<8xf32>) {
  %mat = rise.in %A : memref<8x13xf32> -> !rise.array<8x13xf32>
  %vec = rise.in %x : memref<13xf32> -> !rise.array<13xf32>
  %zero = arith.constant 0.0 : f32
  %blocks = rise.split 4 %mat : !rise.array<8x13xf32> -> !rise.array<2x4x13xf32>
  %res = rise.kernel local [4] global [8] : !rise.array<2x4xf32> {
    %wg = rise.map workgroup(0) %blocks : !rise.array<2x4x13xf32> -> !rise.array<2x4xf32> {
    ^bb0(%rows: !rise.array<4x13xf32>):
      %xl = rise.to_mem local %vec : !rise.array<13xf32>
      %lo = rise.map local(0) %rows : !rise.array<4x13xf32> -> !rise.array<4xf32> {
      ^bb0(%row: !rise.array<13xf32>):
        %dzip = rise.zip %row, %xl : !rise.array<13xf32>, !rise.array<13xf32> -> !rise.array<13x!rise.pair<f32, f32>>
        %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<13x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
          %l = rise.fst %p : !rise.pair<f32, f32> -> f32
          %r = rise.snd %p : !rise.pair<f32, f32> -> f32
          %m = arith.mulf %l, %r : f32
          %s = arith.addf %acc, %m : f32
          rise.yield %s : f32
        }
        rise.yield %dsum : f32
      }
      rise.yield %lo : !rise.array<4xf32>
    }
    rise.yield %wg : !rise.array<2x4xf32>
  }
  %y2 = rise.join %res : !rise.array<2x4xf32> -> !rise.array<8xf32>
  rise.out %y2, %y : !rise.array<8xf32>, memref<8xf32>
  return
}
