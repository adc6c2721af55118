// The --header a clang build can trust: every parameter named by its role
// (inK read, outK written, ioK both), a comment giving each role and MLIR
// type, and for static shapes a checked wrapper over plain pointers that
// refuses a NULL, a wrong length or a misaligned vector buffer (returning
// K+1 for parameter K, with a message on stderr) and otherwise calls the
// function. A C program using all of it compiles with -Wall -Wextra -Werror.

// RUN: rm -rf %t && mkdir -p %t && split-file %s %t
// RUN: ariadne-compile %t/k.mlir -o %t/k.o --header=%t/k.h
// RUN: FileCheck %s --check-prefix=HDR < %t/k.h
// HDR:      /* dot: compiled from func.func @dot.
// HDR-NEXT:  *   in0    input            memref<3xf32>
// HDR-NEXT:  *   in1    input            memref<3xf32>
// HDR-NEXT:  *   out0   output           memref<f32>
// HDR-NEXT:  */
// HDR-NEXT: void _mlir_ciface_dot(AriMemRef_f32_1d *in0, AriMemRef_f32_1d *in1, AriMemRef_f32_0d *out0);
// HDR:      static inline int dot_checked(const float *in0, size_t in0_len, const float *in1, size_t in1_len, float *out0, size_t out0_len) {
// HDR:      /* vscale: compiled from func.func @vscale.
// HDR-NEXT:  *   in0    input            f32
// HDR-NEXT:  *   in1    input            memref<2xvector<4xf32>>
// HDR-NEXT:  *   out0   output           memref<2xvector<4xf32>>
// HDR:      void _mlir_ciface_vscale(float in0, AriMemRef_v4f32_1d *in1, AriMemRef_v4f32_1d *out0);
// HDR:      static inline int vscale_checked(float in0, const float *in1, size_t in1_len, float *out0, size_t out0_len) {
// Read and written (lowered code): io0. A dynamic shape cannot be checked:
// no wrapper.
// HDR:      void _mlir_ciface_dyn(AriMemRef_f32_1d *io0);
// HDR-NOT:  dyn_checked

// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%t %t/main.c %t/k.o -o %t/main
// RUN: %t/main 2>%t/err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t/err
// OUT: dot 14 rc 0
// OUT: short rc 2
// OUT: null rc 3
// OUT: vscale 8 rc 0
// OUT: misaligned rc 3
// ERR: dot_checked: in1 has 2 elements, expected 3
// ERR: dot_checked: out0 is NULL
// ERR: vscale_checked: out0 is not aligned to 16 bytes (one vector)

//--- k.mlir
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

func.func @vscale(%k: f32, %a: memref<2xvector<4xf32>>, %o: memref<2xvector<4xf32>>) {
  %x = rise.in %a : memref<2xvector<4xf32>> -> !rise.array<2xvector<4xf32>>
  %m = rise.map seq %x : !rise.array<2xvector<4xf32>> -> !rise.array<2xvector<4xf32>> {
  ^bb0(%v: vector<4xf32>):
    %kv = vector.broadcast %k : f32 to vector<4xf32>
    %r = arith.mulf %v, %kv : vector<4xf32>
    rise.yield %r : vector<4xf32>
  }
  rise.out %m, %o : !rise.array<2xvector<4xf32>>, memref<2xvector<4xf32>>
  return
}

func.func @dyn(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %v = memref.load %a[%c0] : memref<?xf32>
  %w = arith.addf %v, %one : f32
  memref.store %w, %a[%c0] : memref<?xf32>
  return
}

//--- main.c
#include "k.h"

#include <stdalign.h>
#include <stdio.h>

int main(void) {
  float a[3] = {1, 2, 3}, b[3] = {1, 2, 3}, r = 0;
  int rc = dot_checked(a, 3, b, 3, &r, 1);
  printf("dot %g rc %d\n", r, rc);
  printf("short rc %d\n", dot_checked(a, 3, b, 2, &r, 1));
  printf("null rc %d\n", dot_checked(a, 3, b, 3, NULL, 1));
  alignas(16) float v[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  alignas(16) float w[9];
  rc = vscale_checked(1.0f, v, 8, w, 8);
  float s = 0;
  for (int i = 0; i < 8; ++i)
    s += w[i];
  printf("vscale %g rc %d\n", s, rc);
  printf("misaligned rc %d\n", vscale_checked(1.0f, v, 8, w + 1, 8));
  return 0;
}
