// The PTX of the GPU example programs (test/examples/*_gpu.mlir): one
// kernel each, the barriers rise-insert-barriers placed around the staged
// workgroup tiles (bar.sync), shared-memory loads; --fma turns mul+add into
// fma.rn, and without it there is none (bit-identical with the interpreter).

// RUN: ariadne-compile %ariadne_src/test/examples/matmul_gpu.mlir --func=matmul_gpu_medium --target=nvptx64 --emit=asm -o - | FileCheck %s --check-prefixes=MM,NOFMA
// RUN: ariadne-compile %ariadne_src/test/examples/matmul_gpu.mlir --func=matmul_gpu_medium --target=nvptx64 --fma --gpu-arch=sm_80 --emit=asm -o - | FileCheck %s --check-prefixes=MM,FMA
// MM: .visible .entry matmul_gpu_medium_kernel(
// MM-COUNT-3: .param .u64 .ptr .align 1
// MM-NOT: .param
// MM: .shared .align
// MM: st.shared
// MM: bar.sync 0;
// MM: ld.shared.v4
// FMA: fma.rn.f32
// NOFMA-NOT: fma.rn
// MM: bar.sync 0;
// MM: ret;

// RUN: ariadne-compile %ariadne_src/test/examples/harris_gpu.mlir --func=harris_gpu_small --target=nvptx64 --emit=asm -o - | FileCheck %s --check-prefix=HARRIS
// HARRIS: .visible .entry harris_gpu_small_kernel(
// HARRIS: st.shared
// HARRIS: bar.sync 0;
// HARRIS: ld.shared
// HARRIS: bar.sync 0;
// HARRIS: ld.shared
// HARRIS: ret;
