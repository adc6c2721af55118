// A module already in the gpu dialect takes the upstream lowering (kernel
// outlining, NVVM): the gpu.barrier becomes bar.sync between the shared
// store and load, math.exp calls libdevice's __nv_expf, which is linked in
// (no undefined function is left for ptxas), and the stub packs the
// expanded memref descriptors (allocated, aligned, offset, size, stride)
// that the upstream lowering gives kernel parameters.

// RUN: rm -rf %t && mkdir -p %t
// RUN: ariadne-compile %s --target=nvptx64 --emit=asm -o %t/k.ptx --stub=%t/k.c --header=%t/k.h
// RUN: FileCheck %s --check-prefix=PTX < %t/k.ptx
// PTX: .visible .entry scale_kernel(
// PTX-COUNT-10: .param .u64
// PTX-NEXT: .param .f32 scale_kernel_param_10
// PTX: st.shared.b32
// PTX-NEXT: bar.sync 0;
// PTX-NEXT: ld.shared.b32
// PTX: ex2.approx
// PTX-NOT: .extern .func
// PTX-NOT: __nv_expf
// RUN: FileCheck %s --check-prefix=STUB < %t/k.c
// STUB: AriCudaStatus scale(AriCuda *cu, const k_program *p, AriCudaBuffer *a0, AriCudaBuffer *a1, float a2) {
// STUB: ariCudaBufferDeviceSync(cu, a0, ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE, &d0)
// STUB: int64_t m0[3] = {0, 1000, 1};
// STUB: float p10 = a2;
// STUB: void *params[11] = {&d0, &d0, &m0[0], &m0[1], &m0[2], &d1, &d1, &m1[0], &m1[1], &m1[2], &p10};
// STUB: grid[3] = {4u, 1u, 1u}, block[3] = {64u, 1u, 1u};
// RUN: %cc -std=c11 -Wall -Wextra -Werror -Wmissing-prototypes -I%ariadne_src -I%t -c %t/k.c -o %t/k.o

module attributes {gpu.container_module} {
  func.func @scale(%x: memref<1000xf32>, %y: memref<1000xf32>, %a: f32) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @scale_kernel::@scale_kernel blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%x : memref<1000xf32>, %y : memref<1000xf32>, %a : f32)
    return
  }
  gpu.module @scale_kernel {
    gpu.func @scale_kernel(%x: memref<1000xf32>, %y: memref<1000xf32>, %a: f32) workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %c1000 = arith.constant 1000 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bd = gpu.block_dim x
      %gd = gpu.grid_dim x
      %s0 = arith.muli %bid, %bd : index
      %g = arith.addi %s0, %tid : index
      %st = arith.muli %bd, %gd : index
      scf.for %i = %g to %c1000 step %st {
        %v = memref.load %x[%i] : memref<1000xf32>
        memref.store %v, %tile[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %tile[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
        %m = arith.mulf %a, %w : f32
        %e = math.exp %m : f32
        memref.store %e, %y[%i] : memref<1000xf32>
      }
      gpu.return
    }
  }
}
