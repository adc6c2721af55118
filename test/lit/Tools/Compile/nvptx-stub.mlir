// The host stub for what host functions may hold besides launches: a
// device temporary (memref.alloc), a view of an argument (collapse_shape),
// a constant global (its data embedded, uploaded at load time), scalar
// constants; two kernels from two gpu.modules linked into one PTX.

// RUN: rm -rf %t && mkdir -p %t
// RUN: ariadne-compile %s --target=nvptx64 --emit=asm -o %t/two.ptx --stub=%t/two.c --header=%t/two.h
// RUN: FileCheck %s --check-prefix=PTX < %t/two.ptx
// PTX-DAG: .visible .entry scale(
// PTX-DAG: .visible .entry combine(
// RUN: FileCheck %s --check-prefix=HDR < %t/two.h
// HDR: AriCudaKernel *kernels[2];
// HDR-NEXT: AriCudaBuffer *globals[1]; /* constants the kernels read */
// HDR: AriCudaStatus two(AriCuda *cu, const two_program *p, AriCudaBuffer *a0, AriCudaBuffer *a1);
// RUN: FileCheck %s --check-prefix=STUB < %t/two.c
// STUB: /* @coef : memref<2xf32> */
// STUB-NEXT: static const float ari_global_0[2] = {0x1p+0, 0x1p+1};
// STUB: {"scale", "combine"}
// STUB: ariCudaBufferCreate(cu, 8u, ARI_CUDA_HOST_WRITE | ARI_CUDA_DEVICE_READ, &p->globals[0]);
// STUB: memcpy(h, ari_global_0, 8u);
// STUB: AriCudaStatus two(
// STUB: AriCudaBuffer *t[1] = {0};
// STUB: ariCudaBufferCreate(cu, 128u, ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE, &t[0])
// STUB: launch 0: @scale_m::@scale
// The view of argument 0 is its buffer with the view's sizes and strides.
// STUB: ariCudaBufferDeviceSync(cu, a0, ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE, &d0)
// STUB-NEXT: goto done;
// STUB-NEXT: int64_t m0[3] = {0, 32, 1};
// STUB: ariCudaBufferDeviceSync(cu, t[0], ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE, &d1)
// STUB: float p10 = (float)0x1.4p+1;
// STUB: ariCudaLaunch(cu, p->kernels[0], grid, block, 0u, params)
// STUB: launch 1: @combine_m::@combine
// STUB: ariCudaBufferDeviceSync(cu, p->globals[0], ARI_CUDA_DEVICE_READ, &d2)
// STUB: ariCudaLaunch(cu, p->kernels[1], grid, block, 0u, params)
// STUB: done:
// STUB-NEXT: if (s == ARI_CUDA_OK)
// STUB-NEXT: s = ariCudaSynchronize(cu);
// STUB-NEXT: for (int i = 0; i < 1; ++i)
// STUB-NEXT: ariCudaBufferDestroy(cu, t[i]);
// RUN: %cc -std=c11 -Wall -Wextra -Werror -Wmissing-prototypes -I%ariadne_src -I%t -c %t/two.c -o %t/two.o

module attributes {gpu.container_module} {
  memref.global "private" constant @coef : memref<2xf32> = dense<[1.0, 2.0]>
  func.func @two(%a: memref<4x8xf32>, %b: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %f = arith.constant 2.5 : f32
    %t = memref.alloc() : memref<32xf32>
    %v = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
    gpu.launch_func @scale_m::@scale blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%v : memref<32xf32>, %t : memref<32xf32>, %f : f32)
    %g = memref.get_global @coef : memref<2xf32>
    gpu.launch_func @combine_m::@combine blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%t : memref<32xf32>, %b : memref<32xf32>, %g : memref<2xf32>)
    memref.dealloc %t : memref<32xf32>
    return
  }
  gpu.module @scale_m {
    gpu.func @scale(%x: memref<32xf32>, %y: memref<32xf32>, %a: f32) kernel {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<32xf32>
      %m = arith.mulf %a, %v : f32
      memref.store %m, %y[%i] : memref<32xf32>
      gpu.return
    }
  }
  gpu.module @combine_m {
    gpu.func @combine(%x: memref<32xf32>, %y: memref<32xf32>, %c: memref<2xf32>) kernel {
      %i = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %k0 = memref.load %c[%c0] : memref<2xf32>
      %k1 = memref.load %c[%c1] : memref<2xf32>
      %v = memref.load %x[%i] : memref<32xf32>
      %m = arith.mulf %k0, %v : f32
      %s = arith.addf %m, %k1 : f32
      memref.store %s, %y[%i] : memref<32xf32>
      gpu.return
    }
  }
}
