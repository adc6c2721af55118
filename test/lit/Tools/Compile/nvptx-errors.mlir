// ariadne-compile --target=nvptx64 rejects bad options, unlowered code,
// host code the stub cannot express, a missing or failing ptxas and
// unwritable outputs with a diagnostic and a non-zero exit (2 for a bad
// command line), and leaves no output behind.

// RUN: rm -rf %t && mkdir -p %t/sub && split-file %s %t

// Command-line errors exit with 2.
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --gpu-arch=sm_99 -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: unknown GPU architecture 'sm_99' (expected sm_75, sm_80, sm_86, sm_87, sm_89, sm_90 or sm_90a)
// RUN: not ariadne-compile %t/kernel.mlir --gpu-arch=sm_90 -o %t/a.o 2>&1 | FileCheck %s --check-prefix=NOTGPU
// NOTGPU: --stub, --gpu-arch and --ptxas need --target=nvptx64
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --stub=%t/s.c -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=PAIR
// PAIR: --stub and --header go together for --target=nvptx64
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --stub=%t/a.cubin --header=%t/s.h -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: the stub, the header and the output must be different files

// Target errors.
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --cpu=sm_90 -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: --cpu does not apply to nvptx64; use --gpu-arch
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --features=+ptx60 -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=PTXVER
// PTXVER: error: PTX ISA 6.0 cannot target sm_90 (supported: 7.8 to 8.8)
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --features=+avx2 -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=FEAT
// FEAT: error: invalid NVPTX features '+avx2': expected one +ptxNN
// RUN: %python %S/../Inputs/exit-status.py 2 ariadne-compile %t/kernel.mlir --target=nvptx64 -o - 2>&1 | FileCheck %s --check-prefix=STDOUT
// STDOUT: ariadne-compile: a cubin cannot be written to stdout

// A program with no kernel has nothing for the GPU.
// RUN: not ariadne-compile %t/nokernel.mlir --target=nvptx64 -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// NOKERNEL: error: no gpu.module after lowering: nothing runs on the GPU

// A lowering that stops early leaves the kernel in the gpu dialect.
// RUN: not ariadne-compile %t/launch.mlir --target=nvptx64 --lowering=gpu-kernel-outlining -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=UNLOWERED
// UNLOWERED: launch.mlir:5:3: error: 'gpu.func' in a gpu.module was not lowered to the LLVM/NVVM dialects by the pipeline

// Host code other than launches (here a host loop) cannot go into a stub.
// RUN: not ariadne-compile %t/hostloop.mlir --target=nvptx64 -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=HOSTOP
// HOSTOP: hostloop.mlir:7:5: error: 'memref.store' left in a host function: the GPU host stub supports only gpu.launch_func

// Launch sizes must be constants for the stub.
// RUN: not ariadne-compile %t/dynsize.mlir --target=nvptx64 -o %t/a.cubin --stub=%t/s.c --header=%t/s.h 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: dynsize.mlir:4:3: error: grid and block sizes must be positive constants for the host stub

// Arguments a stub cannot pass, and a missing function.
// RUN: not ariadne-compile %t/dynarg.mlir --target=nvptx64 -o %t/a.cubin --stub=%t/s.c --header=%t/s.h 2>&1 | FileCheck %s --check-prefix=DYNARG
// DYNARG: dynarg.mlir:1:1: error: argument 0 of @f cannot be passed by a GPU host stub (expected a statically shaped memref, or a scalar f32, f64, i1, i8, i32, i64 or index)
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --func=nosuch -o %t/a.cubin --stub=%t/s.c --header=%t/s.h 2>&1 | FileCheck %s --check-prefix=NOFUNC
// NOFUNC: error: no public function of that name for the host stub

// ptxas missing or failing: a diagnostic, and neither cubin nor stub left.
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --ptxas=%t/no-ptxas -o %t/a.cubin --stub=%t/s.c --header=%t/s.h 2>&1 | FileCheck %s --check-prefix=NOPTXAS
// NOPTXAS: error: ptxas not found at '{{.*}}no-ptxas' (No such file or directory): install the CUDA toolkit or pass --ptxas=PATH
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --ptxas=false -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=BADPTXAS
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --ptxas=/bin/false -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=BADPTXAS
// BADPTXAS: error: {{ptxas not found at 'false'|ptxas -arch=sm_90 rejected the PTX: \(no message\)}}

// Unwritable outputs.
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 -o %t/missing/a.cubin --stub=%t/s.c --header=%t/s.h 2>&1 | FileCheck %s --check-prefix=WRITE
// WRITE: error: cannot write '{{.*}}missing/a.cubin': No such file or directory
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 --emit=asm -o %t/sub 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: error: cannot write '{{.*}}sub': Is a directory

// The cubin reaches -o through the one atomic writer (utils/file.h), not a
// rename of ptxas's output: a symbolic link stays a link, /dev/null a device.
// RUN: rm -f %t/link.cubin && echo ARIADNE-OLD-CONTENTS > %t/target.cubin && ln -s target.cubin %t/link.cubin
// RUN: ariadne-compile %t/kernel.mlir --target=nvptx64 -o %t/link.cubin
// RUN: test -L %t/link.cubin && not grep -q ARIADNE-OLD-CONTENTS %t/target.cubin
// RUN: ariadne-compile %t/kernel.mlir --target=nvptx64 -o /dev/null && test -c /dev/null
// RUN: not ariadne-compile %t/kernel.mlir --target=nvptx64 -o %t/a.cubin --stub=%t/missing/s.c --header=%t/s.h 2>&1 | FileCheck %s --check-prefix=WSTUB
// WSTUB: error: cannot write '{{.*}}missing/s.c': No such file or directory

// Nothing half-written is left behind.
// RUN: ls %t | FileCheck %s --check-prefix=LEFT
// LEFT-NOT: a.cubin
// LEFT-NOT: s.c
// LEFT-NOT: s.h
// LEFT-NOT: tmp

//--- kernel.mlir
func.func @twice(%a: memref<16xf32>, %b: memref<16xf32>) {
  %x = rise.in %a : memref<16xf32> -> !rise.array<16xf32>
  %y = rise.kernel local [4] global [16] : !rise.array<16xf32> {
    %g = rise.map global(0) %x : !rise.array<16xf32> -> !rise.array<16xf32> {
    ^bb0(%e: f32):
      %d = arith.addf %e, %e : f32
      rise.yield %d : f32
    }
    rise.yield %g : !rise.array<16xf32>
  }
  rise.out %y, %b : !rise.array<16xf32>, memref<16xf32>
  return
}

//--- nokernel.mlir
func.func @neg(%a: memref<8xf32>, %b: memref<8xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  %y = rise.map seq %x : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%e: f32):
    %n = arith.negf %e : f32
    rise.yield %n : f32
  }
  rise.out %y, %b : !rise.array<8xf32>, memref<8xf32>
  return
}

//--- launch.mlir
func.func @f(%a: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // The kernel body.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%tx] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %a[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

//--- hostloop.mlir
func.func @f(%a: memref<64xf32>, %b: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  // A host-side store next to the kernel.
    memref.store %z, %b[%c0] : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%tx] : memref<64xf32>
    memref.store %v, %b[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

//--- dynsize.mlir
func.func @f(%a: memref<64xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  // Threads per block from an argument.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%tx] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %a[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

//--- dynarg.mlir
func.func @f(%a: memref<?xf32>) {
  return
}
