// --vector-width: the widest vectors LLVM's vectorisers give the loops the
// lowering leaves scalar, on x86-64 (AriCompileOptions.vectorWidth).
// skylake-avx512 is a CPU on which LLVM alone prefers 256 bits.

// By default 512: every function says so, and the map runs on zmm.
// RUN: ariadne-compile %s --emit=llvm --cpu=skylake-avx512 | FileCheck %s --check-prefix=IR512
// IR512: attributes #{{[0-9]+}} = { {{.*}}"prefer-vector-width"="512"
// RUN: ariadne-compile %s --emit=asm --cpu=skylake-avx512 | FileCheck %s --check-prefix=ZMM
// ZMM: scale:
// ZMM: vmulps {{.*}}%zmm

// --vector-width=256 gives LLVM's own choice on this CPU: ymm, no zmm.
// RUN: ariadne-compile %s --emit=asm --cpu=skylake-avx512 --vector-width=256 | FileCheck %s --check-prefix=YMM
// YMM: scale:
// YMM-NOT: zmm
// YMM: vmulps {{.*}}%ymm
// YMM-NOT: zmm
// YMM: .Lfunc_end0:

// Other targets get no such attribute.
// RUN: ariadne-compile %s --emit=llvm --target=aarch64 --cpu=neoverse-v2 | FileCheck %s --check-prefix=A64
// A64-NOT: prefer-vector-width

// Any other width is a usage error (exit 2).
// RUN: %python %S/../Inputs/exit-status.py 2 ariadne-compile %s --emit=llvm --vector-width=384 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %python %S/../Inputs/exit-status.py 2 ariadne-run %s --vector-width=wide 2>&1 | FileCheck %s --check-prefix=BADOPT
// BAD: --vector-width must be 128, 256 or 512, got '384'
// BADOPT: --vector-width must be 128, 256 or 512, got 'wide'

func.func @scale(%k: f32, %a: memref<1024xf32>, %o: memref<1024xf32>) {
  %x = rise.in %a : memref<1024xf32> -> !rise.array<1024xf32>
  %m = rise.map seq %x : !rise.array<1024xf32> -> !rise.array<1024xf32> {
  ^bb0(%v: f32):
    %r = arith.mulf %v, %k : f32
    rise.yield %r : f32
  }
  rise.out %m, %o : !rise.array<1024xf32>, memref<1024xf32>
  return
}
