// --symbol-prefix=P renames every function the object defines (PNAME,
// _mlir_ciface_PNAME, _ari_packed_PNAME) and the header's declarations, so
// a C program with its own `dot` links with the compiled one; without the
// prefix the two clash.

// RUN: rm -rf %t && mkdir -p %t && split-file %s %t
// RUN: ariadne-compile %t/dot.mlir -o %t/dot.o --header=%t/dot.h --symbol-prefix=lib_
// RUN: llvm-nm %t/dot.o | FileCheck %s --check-prefix=NM
// NM-DAG: T _ari_packed_lib_dot
// NM-DAG: T _mlir_ciface_lib_dot
// NM-DAG: T lib_dot
// NM-DAG: T _mlir_ciface_lib_scale
// NM-NOT: {{ T (_mlir_ciface_|_ari_packed_)?(dot|scale)$}}
// RUN: FileCheck %s --check-prefix=HDR < %t/dot.h
// HDR: void _mlir_ciface_lib_dot(
// HDR: static inline int lib_dot_checked(
// HDR: void _mlir_ciface_lib_scale(
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%t %t/main.c %t/dot.o -o %t/main
// RUN: %t/main | FileCheck %s --check-prefix=OUT
// OUT: mine 3 compiled 3 scaled 6

// Unprefixed, the object's `dot` clashes with the program's.
// RUN: ariadne-compile %t/dot.mlir -o %t/plain.o
// RUN: not %cc %t/main_plain.c %t/plain.o -o %t/clash 2>&1 | FileCheck %s --check-prefix=CLASH
// CLASH: multiple definition of {{.}}dot

// --emit=mlir shows the renamed functions; both functions are renamed.
// RUN: ariadne-compile %t/dot.mlir --emit=mlir --symbol-prefix=m_ | FileCheck %s --check-prefix=MLIR
// MLIR-DAG: llvm.func @m_dot(
// MLIR-DAG: llvm.func @_mlir_ciface_m_scale(

// A prefix that cannot start a C identifier, or one for the GPU: exit 2.
// RUN: %python %S/../Inputs/exit-status.py 2 ariadne-compile %t/dot.mlir -o %t/x.o --symbol-prefix=1x 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: ariadne-compile: --symbol-prefix needs [A-Za-z_][A-Za-z0-9_]*, got '1x'
// RUN: %python %S/../Inputs/exit-status.py 2 ariadne-compile %t/dot.mlir --target=nvptx64 --emit=asm --symbol-prefix=p 2>&1 | FileCheck %s --check-prefix=NVPTX
// NVPTX: ariadne-compile: --symbol-prefix and -g are for CPU targets

//--- dot.mlir
func.func @dot(%a: memref<3xf32>, %b: memref<3xf32>, %o: memref<f32>) {
  %x = rise.in %a : memref<3xf32> -> !rise.array<3xf32>
  %y = rise.in %b : memref<3xf32> -> !rise.array<3xf32>
  %z = rise.zip %x, %y : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
  %c0 = arith.constant 0.0 : f32
  %r = rise.reduce seq %c0, %z : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
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

func.func @scale(%k: f32, %a: memref<3xf32>, %o: memref<3xf32>) {
  %x = rise.in %a : memref<3xf32> -> !rise.array<3xf32>
  %m = rise.map seq %x : !rise.array<3xf32> -> !rise.array<3xf32> {
  ^bb0(%v: f32):
    %r = arith.mulf %v, %k : f32
    rise.yield %r : f32
  }
  rise.out %m, %o : !rise.array<3xf32>, memref<3xf32>
  return
}

//--- main.c
#include "dot.h"

#include <stdio.h>

/* The program's own dot, which the compiled one must not replace. */
float dot(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

int main(void) {
  float a[3] = {1, 1, 1}, b[3] = {1, 1, 1}, r = 0, y[3];
  AriMemRef_f32_1d A = ariMemRef_f32_1d(a, 3), B = ariMemRef_f32_1d(b, 3);
  AriMemRef_f32_0d R = ariMemRef_f32_0d(&r);
  _mlir_ciface_lib_dot(&A, &B, &R);
  if (lib_scale_checked(2.0f, a, 3, y, 3))
    return 1;
  printf("mine %g compiled %g scaled %g\n", dot(a, b, 3), r, y[0] + y[1] + y[2]);
  return 0;
}

//--- main_plain.c
float dot(const float *a, const float *b, int n);
float dot(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}
int main(void) { return 0; }
