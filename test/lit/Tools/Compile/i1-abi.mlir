// One C view of i1 (and of every scalar) for both generated interfaces:
// the CPU header (--header) and the GPU host stub (--target=nvptx64
// --stub/--header) give the same signature the same C types, from one
// table (runtime/codegen/scalar_c.h). An i1 is a C bool: one byte per
// memref element, 0 or 1, as the compiled code stores and reads it; the
// C program below checks that on the CPU, both ways.

// RUN: rm -rf %t && mkdir -p %t && split-file %s %t

// On the CPU: the header, and a C program calling the object through it.
// RUN: ariadne-compile %t/cpu.mlir -o %t/cpu.o --header=%t/cpu.h
// RUN: FileCheck %s --check-prefix=CHDR < %t/cpu.h
// CHDR:      /* A rank-1 memref of bool. */
// CHDR-NEXT: typedef struct AriMemRef_i1_1d {
// CHDR-NEXT:   bool *allocated;
// CHDR-NEXT:   bool *aligned;
// CHDR:      static inline AriMemRef_i1_1d ariMemRef_i1_1d(bool *data, int64_t s0)
// CHDR:      void _mlir_ciface_pick(AriMemRef_i1_1d *in0, AriMemRef_f32_1d *in1, bool in2, AriMemRef_f32_1d *out0, AriMemRef_i1_1d *out1);
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%t %t/main.c %t/cpu.o -o %t/main
// RUN: %t/main | FileCheck %s --check-prefix=COUT
// y = x where mask xor flip, else 0; the i1 output as the bytes C sees.
// COUT: 0:0 2:1 0:0 0:0 5:1 6:1 0:0 8:1

// On the GPU: the same signature in the host stub, and i1 kernel
// parameters as one byte (.u8) in the PTX, the size of the bool the stub
// passes.
// RUN: ariadne-compile %t/gpu.mlir --target=nvptx64 --emit=asm -o %t/gpu.ptx --stub=%t/gpu.c --header=%t/gpu.h
// RUN: FileCheck %s --check-prefix=GHDR < %t/gpu.h
// GHDR: #include <stdbool.h>
// GHDR: a0: memref<8xi1>, 8 bytes,
// GHDR: a2: i1
// GHDR: AriCudaStatus pick_host(AriCuda *cu, const gpu_program *p, bool *a0, float *a1, bool a2, float *a3, bool *a4);
// RUN: FileCheck %s --check-prefix=GSTUB < %t/gpu.c
// GSTUB:      bool p10 = a2;
// GSTUB:      bool p21 = true;
// GSTUB:      {"memref<8xi1>", "i1", 1, 1, pick_shape0, 8u, 0xcu},
// GSTUB-NEXT: {"memref<8xf32>", "f32", 1, 1, pick_shape1, 32u, 0xcu},
// GSTUB-NEXT: {"i1", "i1", 0, 0, NULL, 1u, 0x0u},
// GSTUB:      *(const bool *)args[2]
// RUN: FileCheck %s --check-prefix=GPTX < %t/gpu.ptx
// GPTX: .param .u8 pick_param_10,
// GPTX: .param .u8 pick_param_21
// RUN: %cc -std=c11 -Wall -Wextra -Werror -Wmissing-prototypes -I%ariadne_src -I%t -c %t/gpu.c -o %t/gpu.o

//--- cpu.mlir
func.func @pick(%m: memref<8xi1>, %x: memref<8xf32>, %flip: i1, %y: memref<8xf32>, %n: memref<8xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %b = memref.load %m[%i] : memref<8xi1>
    %c = arith.xori %b, %flip : i1
    %v = memref.load %x[%i] : memref<8xf32>
    %r = arith.select %c, %v, %z : f32
    memref.store %r, %y[%i] : memref<8xf32>
    memref.store %c, %n[%i] : memref<8xi1>
  }
  return
}

//--- gpu.mlir
module attributes {gpu.container_module} {
  func.func @pick(%m: memref<8xi1>, %x: memref<8xf32>, %flip: i1, %y: memref<8xf32>, %n: memref<8xi1>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %on = arith.constant true
    gpu.launch_func @k::@pick blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%m : memref<8xi1>, %x : memref<8xf32>, %flip : i1, %y : memref<8xf32>, %n : memref<8xi1>, %on : i1)
    return
  }
  gpu.module @k {
    gpu.func @pick(%m: memref<8xi1>, %x: memref<8xf32>, %flip: i1, %y: memref<8xf32>, %n: memref<8xi1>, %on: i1) kernel {
      %i = gpu.thread_id x
      %b = memref.load %m[%i] : memref<8xi1>
      %f = arith.xori %b, %flip : i1
      %c = arith.andi %f, %on : i1
      %v = memref.load %x[%i] : memref<8xf32>
      %z = arith.constant 0.0 : f32
      %r = arith.select %c, %v, %z : f32
      memref.store %r, %y[%i] : memref<8xf32>
      memref.store %c, %n[%i] : memref<8xi1>
      gpu.return
    }
  }
}

//--- main.c
#include "cpu.h"

#include <stdio.h>

int main(void) {
  bool m[8] = {1, 0, 1, 1, 0, 0, 1, 0}, n[8];
  float x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, y[8];
  AriMemRef_i1_1d dm = ariMemRef_i1_1d(m, 8), dn = ariMemRef_i1_1d(n, 8);
  AriMemRef_f32_1d dx = ariMemRef_f32_1d(x, 8), dy = ariMemRef_f32_1d(y, 8);
  _mlir_ciface_pick(&dm, &dx, true, &dy, &dn);
  for (int i = 0; i < 8; ++i)
    printf("%g:%u%s", y[i], *(const unsigned char *)&n[i], i == 7 ? "\n" : " ");
  return 0;
}
