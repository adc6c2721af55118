// ariadne-compile lowers a rise program and emits each kind of output, in
// process, for x86-64 and AArch64.

// The optimised LLVM IR has the C interface and the packed entry.
// RUN: ariadne-compile %s --emit=llvm | FileCheck %s --check-prefix=LLVM
// LLVM: target triple = "x86_64-unknown-linux-gnu"
// LLVM: define void @_mlir_ciface_dot(ptr {{.*}}, ptr {{.*}}, ptr {{.*}})
// LLVM: define void @_ari_packed_dot(ptr

// The lowered module is in the LLVM dialect only.
// RUN: ariadne-compile %s --emit=mlir -o %t.ll.mlir
// RUN: FileCheck %s --check-prefix=MLIR < %t.ll.mlir
// MLIR: llvm.func @dot(
// MLIR: llvm.func @_mlir_ciface_dot(
// MLIR-NOT: rise.
// MLIR-NOT: func.func

// An x86-64 object for a named CPU, and an AArch64 one.
// RUN: ariadne-compile %s -o %t.x86.o --target=x86_64 --cpu=skylake-avx512
// RUN: llvm-objdump -d %t.x86.o | FileCheck %s --check-prefix=X86
// X86: file format elf64-x86-64
// X86: <_ari_packed_dot>:
// RUN: ariadne-compile %s -o %t.a64.o --target=aarch64 --cpu=neoverse-v2
// RUN: llvm-objdump -d %t.a64.o | FileCheck %s --check-prefix=A64
// A64: file format elf64-littleaarch64
// A64: <_mlir_ciface_dot>:

// Assembly, and --opt=0 keeps the loop unoptimised (fewer instructions).
// RUN: ariadne-compile %s --emit=asm --target=aarch64 --cpu=neoverse-v2 | FileCheck %s --check-prefix=ASM
// ASM: _ari_packed_dot:
// ASM: ret

// A vector program's AArch64 code uses NEON/SVE fmla.
// RUN: ariadne-compile %S/Inputs/vfma.mlir -o %t.vfma.o --target=aarch64 --cpu=neoverse-v2
// RUN: llvm-objdump -d %t.vfma.o | FileCheck %s --check-prefix=FMLA
// FMLA: <_mlir_ciface_vaxpy>:
// FMLA: fmla {{v[0-9]+\.4s|z[0-9]+\.s}}

// --pipeline runs Ariadne's passes first (rise-stats sees the rise form).
// RUN: ariadne-compile %s --emit=llvm --pipeline='rise-stats{output=-}' | FileCheck %s --check-prefix=PIPE
// RUN: ariadne-compile %s --emit=llvm --pipeline='builtin.module(rise-stats{output=-})' | FileCheck %s --check-prefix=PIPE
// PIPE: dot
// PIPE: define void @_ari_packed_dot

// --func drops the other functions.
// RUN: ariadne-compile %s --emit=llvm --func=twice | FileCheck %s --check-prefix=ONLY
// ONLY-NOT: @dot
// ONLY: define void @_mlir_ciface_twice
// ONLY-NOT: @dot

// The header declares both with memref descriptors and helpers; clang
// compiles it as C11 with every warning an error.
// RUN: ariadne-compile %s -o %t.o --header=%t.h
// RUN: FileCheck %s --check-prefix=HDR < %t.h
// RUN: echo '#include "%t.h"' | clang -std=c11 -Wall -Wextra -Werror -fsyntax-only -x c -
// HDR: typedef struct AriMemRef_f32_1d {
// HDR-NEXT:   float *allocated;
// HDR-NEXT:   float *aligned;
// HDR-NEXT:   int64_t offset;
// HDR-NEXT:   int64_t sizes[1];
// HDR-NEXT:   int64_t strides[1];
// HDR: static inline AriMemRef_f32_1d ariMemRef_f32_1d(float *data, int64_t s0)
// HDR: typedef struct AriMemRef_f32_0d {
// HDR-NOT: sizes
// HDR: } AriMemRef_f32_0d;
// HDR: void _mlir_ciface_dot(AriMemRef_f32_1d *in0, AriMemRef_f32_1d *in1, AriMemRef_f32_0d *out0);
// HDR: void _mlir_ciface_twice(float in0, AriMemRef_f32_1d *in1, AriMemRef_f32_1d *out0);

func.func @dot(%a: memref<37xf32>, %b: memref<37xf32>, %o: memref<f32>) {
  %x = rise.in %a : memref<37xf32> -> !rise.array<37xf32>
  %y = rise.in %b : memref<37xf32> -> !rise.array<37xf32>
  %z = rise.zip %x, %y : !rise.array<37xf32>, !rise.array<37xf32> -> !rise.array<37x!rise.pair<f32, f32>>
  %c0 = arith.constant 0.0 : f32
  %r = rise.reduce seq %c0, %z : f32, !rise.array<37x!rise.pair<f32, f32>> -> f32 {
  ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
    %f = rise.fst %p : !rise.pair<f32, f32> -> f32
    %s = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %f, %s : f32
    %n = arith.addf %acc, %m : f32
    rise.yield %n : f32
  }
  rise.out %r, %o : f32, memref<f32>
  return
}

func.func @twice(%k: f32, %a: memref<5xf32>, %o: memref<5xf32>) {
  %x = rise.in %a : memref<5xf32> -> !rise.array<5xf32>
  %m = rise.map seq %x : !rise.array<5xf32> -> !rise.array<5xf32> {
  ^bb0(%v: f32):
    %r = arith.mulf %v, %k : f32
    rise.yield %r : f32
  }
  rise.out %m, %o : !rise.array<5xf32>, memref<5xf32>
  return
}
