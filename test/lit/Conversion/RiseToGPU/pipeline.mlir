// The registered rise-to-nvvm pipeline: rise kernels become gpu.modules of
// LLVM/NVVM ops for sm_90 (default) or sm_80 with PTX ISA 8.0, kernels take
// bare pointers, workgroup memory is an addrspace(3) global and barriers
// are nvvm.barrier0; the host is lowered to LLVM (host=llvm, default) or
// left as func.func + gpu.launch_func (host=gpu). The NVPTX backend turns
// the result into PTX with bar.sync and .shared.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-to-nvvm)' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-to-nvvm{chip=sm_80 host=gpu})' \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-to-nvvm{fma=true},gpu-module-to-binary{format=isa})' \
// RUN:   | FileCheck %s --check-prefixes=PTX,NOLIBDEVICE
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-to-nvvm{chip=sm_70})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTS

// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: llvm.func @stage(
// CHECK: llvm.call @mgpuStreamCreate()
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @stage_kernel::@stage_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) : i64 args(%{{.*}} : !llvm.ptr, %{{.*}} : f32, %{{.*}} : !llvm.ptr)
// CHECK: gpu.module @stage_kernel [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
// CHECK: llvm.mlir.global internal @__wg_stage_kernel_0() {addr_space = 3 : i32} : !llvm.array<16 x f32>
// CHECK: llvm.func @stage_kernel(%{{.*}}: !llvm.ptr, %{{.*}}: f32, %{{.*}}: !llvm.ptr) attributes {gpu.kernel, gpu.known_block_size = array<i32: 16, 1, 1>, gpu.known_grid_size = array<i32: 4, 1, 1>, nvvm.kernel
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: gpu.barrier
// CHECK-NOT: memref.
// CHECK-NOT: unrealized_conversion_cast

// SM80-LABEL: func.func @stage(
// SM80-NEXT: arith.constant
// SM80: gpu.launch_func  @stage_kernel::@stage_kernel
// SM80-NEXT: return
// SM80: gpu.module @stage_kernel [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">]
// SM80: llvm.func @stage_kernel(
// SM80: nvvm.barrier0

// PTX: gpu.binary @stage_kernel
// PTX-DAG: .version 8.0
// PTX-DAG: .target sm_90
// PTX-DAG: .shared .align 4 .b8 __wg_stage_kernel_0[64];
// PTX-DAG: .entry stage_kernel(
// PTX-DAG: bar.sync
// PTX-DAG: fma.rn.f32
// fma=true: a scalar fma is llvm.intr.fma in the kernel, not libdevice.
// NOLIBDEVICE-NOT: __nv_fmaf

// OPTS: rise-to-nvvm: unknown option 'chip=sm_70' (expected chip=sm_80|sm_90, fma=true|false, host=llvm|gpu)

// Each work-group stages a row of 16, items read it reversed, scaled.
func.func @stage(%x: memref<4x16xf32>, %s: f32, %y: memref<4x16xf32>) {
  %a = rise.in %x : memref<4x16xf32> -> !rise.array<4x16xf32>
  %r = rise.kernel local [16] global [64] : !rise.array<4x16xf32> {
    %w = rise.map workgroup(0) %a : !rise.array<4x16xf32> -> !rise.array<4x16xf32> {
    ^bb0(%row: !rise.array<16xf32>):
      %sh = rise.to_mem local %row : !rise.array<16xf32>
      %ids = rise.generate : !rise.array<16xindex> {
      ^bb0(%i: index):
        rise.yield %i : index
      }
      %l = rise.map local(0) %ids : !rise.array<16xindex> -> !rise.array<16xf32> {
      ^bb0(%i: index):
        %c15 = arith.constant 15 : index
        %j = arith.subi %c15, %i : index
        %v = rise.idx %sh[%j] : !rise.array<16xf32> -> f32
        %m = arith.mulf %v, %s : f32
        %t = arith.addf %m, %v : f32
        rise.yield %t : f32
      }
      rise.yield %l : !rise.array<16xf32>
    }
    rise.yield %w : !rise.array<4x16xf32>
  }
  rise.out %r, %y : !rise.array<4x16xf32>, memref<4x16xf32>
  return
}
