// The option fma of convert-rise-to-affine: an arith.mulf whose only use is
// an arith.addf becomes, with it, one vector.fma (vectors) or math.fma
// (scalars). Off by default: then mulf + addf stay as written. The same
// programs run natively against the interpreter in test/lower
// (lower.differential.fma, programs/fma.mlir).

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine{fma=true},cse)' \
// RUN:   | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine,cse)' \
// RUN:   | FileCheck %s --check-prefix=OFF
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine{fma=false},cse)' \
// RUN:   | FileCheck %s --check-prefix=OFF
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-to-llvm-fma)' \
// RUN:   | FileCheck %s --check-prefix=LLVM
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine{fma=maybe})' \
// RUN:   2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-to-llvm-fma{fma=1})' \
// RUN:   2>&1 | FileCheck %s --check-prefix=BADPIPE
// The tools: --fma selects rise-to-llvm-fma; NEON/SVE fmla on AArch64 only
// with it (LLVM does not contract mulf + addf without fast-math flags).
// RUN: ariadne-compile %s --fma --target=aarch64 --cpu=neoverse-v2 --emit=asm -o - \
// RUN:   | FileCheck %s --check-prefix=ARM
// RUN: ariadne-compile %s --target=aarch64 --cpu=neoverse-v2 --emit=asm -o - \
// RUN:   | FileCheck %s --check-prefix=ARMOFF
// RUN: ariadne-compile %s --fma --target=aarch64 --cpu=neoverse-v2 -o %t.arm.o
// RUN: llvm-objdump -d %t.arm.o | FileCheck %s --check-prefix=OBJ
// RUN: not ariadne-compile %s --fma --lowering=rise-to-llvm -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOTH
// RUN: not ariadne-run %s --lowering=rise-to-llvm --fma 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: ariadne-run %s --func=vec_body --fma --seed=3 | FileCheck %s --check-prefix=NATIVE

// OBJ: file format elf64-littleaarch64
// OBJ-LABEL: <vec_body>:
// OBJ: fmla {{(v[0-9]+\.4s|z[0-9]+\.s)}}
// BADOPT: option 'fma' needs true or false, got 'maybe'
// BADPIPE: rise-to-llvm-fma takes no options
// BOTH: --fma and --lowering exclude each other
// NATIVE: @vec_body argument 2 matches the interpreter

// map vec: the scalar body's mul + add, with a captured scalar broadcast.
// CHECK-LABEL: func.func @vec_body
// CHECK: %[[V:.*]] = vector.load %arg0
// CHECK: %[[S:.*]] = vector.broadcast %arg1 : f32 to vector<4xf32>
// CHECK-NOT: arith.mulf
// CHECK: %[[F:.*]] = vector.fma %[[V]], %[[S]], %[[V]] : vector<4xf32>
// CHECK-NOT: arith.addf
// CHECK: vector.store %[[F]], %arg2
// OFF-LABEL: func.func @vec_body
// OFF-NOT: fma
// OFF: arith.mulf %{{.*}} : vector<4xf32>
// OFF: arith.addf %{{.*}} : vector<4xf32>
// OFF-LABEL: func.func @vec_reduce
// LLVM-LABEL: llvm.func @vec_body(
// LLVM: llvm.intr.fmuladd(%{{.*}}) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// ARM-LABEL: vec_body:
// ARM: fmla
// ARMOFF-LABEL: vec_body:
// ARMOFF-NOT: fmla
// ARMOFF: fmul
// ARMOFF-LABEL: vec_reduce:
func.func @vec_body(%x: memref<5x28xf32>, %s: f32, %o: memref<5x28xf32>) {
  %a = rise.in %x : memref<5x28xf32> -> !rise.array<5x28xf32>
  %m = rise.map par %a : !rise.array<5x28xf32> -> !rise.array<5x28xf32> {
  ^bb0(%row: !rise.array<28xf32>):
    %v = rise.as_vector 4 %row : !rise.array<28xf32> -> !rise.array<7xvector<4xf32>>
    %w = rise.map seq %v : !rise.array<7xvector<4xf32>> -> !rise.array<7xvector<4xf32>> {
    ^bb0(%e: vector<4xf32>):
      %f = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
      ^bb0(%l: f32):
        %p = arith.mulf %l, %s : f32
        %q = arith.addf %p, %l : f32
        rise.yield %q : f32
      }
      rise.yield %f : vector<4xf32>
    }
    %sc = rise.as_scalar %w : !rise.array<7xvector<4xf32>> -> !rise.array<28xf32>
    rise.yield %sc : !rise.array<28xf32>
  }
  rise.out %m, %o : !rise.array<5x28xf32>, memref<5x28xf32>
  return
}

// A vector accumulator (acc + broadcast(a) * b, as in matmul v8): the mul
// is the addf's second operand, the accumulator stays in iter_args.
// CHECK-LABEL: func.func @vec_reduce
// CHECK: affine.for %{{.*}} = 0 to 6 iter_args(%[[C:.*]] = %{{.*}}) -> (vector<8xf32>) {
// CHECK:   %[[L:.*]] = vector.load %arg1
// CHECK:   %[[B:.*]] = vector.broadcast %{{.*}} : f32 to vector<8xf32>
// CHECK:   %[[F:.*]] = vector.fma %[[B]], %[[L]], %[[C]] : vector<8xf32>
// CHECK:   affine.yield %[[F]] : vector<8xf32>
// OFF: arith.mulf %{{.*}} : vector<8xf32>
// OFF: arith.addf %{{.*}} : vector<8xf32>
// ARM-LABEL: vec_reduce:
// ARM: fmla
// ARMOFF-NOT: fmla
func.func @vec_reduce(%x: memref<6xf32>, %y: memref<6x8xf32>, %o: memref<8xf32>) {
  %a = rise.in %x : memref<6xf32> -> !rise.array<6xf32>
  %b = rise.in %y : memref<6x8xf32> -> !rise.array<6x8xf32>
  %bv = rise.map seq %b : !rise.array<6x8xf32> -> !rise.array<6xvector<8xf32>> {
  ^bb0(%r: !rise.array<8xf32>):
    %v = rise.as_vector 8 %r : !rise.array<8xf32> -> !rise.array<1xvector<8xf32>>
    %c0 = arith.constant 0 : index
    %e = rise.idx %v[%c0] : !rise.array<1xvector<8xf32>> -> vector<8xf32>
    rise.yield %e : vector<8xf32>
  }
  %z = rise.zip %a, %bv : !rise.array<6xf32>, !rise.array<6xvector<8xf32>> -> !rise.array<6x!rise.pair<f32, vector<8xf32>>>
  %zero = arith.constant 0.0 : f32
  %vz = rise.vector_from_scalar %zero : f32 -> vector<8xf32>
  %acc = rise.reduce seq %vz, %z : vector<8xf32>, !rise.array<6x!rise.pair<f32, vector<8xf32>>> -> vector<8xf32> {
  ^bb0(%c: vector<8xf32>, %p: !rise.pair<f32, vector<8xf32>>):
    %l = rise.fst %p : !rise.pair<f32, vector<8xf32>> -> f32
    %r = rise.snd %p : !rise.pair<f32, vector<8xf32>> -> vector<8xf32>
    %lb = rise.vector_from_scalar %l : f32 -> vector<8xf32>
    %m = arith.mulf %lb, %r : vector<8xf32>
    %s = arith.addf %c, %m : vector<8xf32>
    rise.yield %s : vector<8xf32>
  }
  %one = rise.generate : !rise.array<1xvector<8xf32>> {
  ^bb0(%i: index):
    rise.yield %acc : vector<8xf32>
  }
  %out = rise.as_scalar %one : !rise.array<1xvector<8xf32>> -> !rise.array<8xf32>
  rise.out %out, %o : !rise.array<8xf32>, memref<8xf32>
  return
}

// Scalars: a dot product's acc + a * b becomes math.fma; a mul with two
// uses, and a mul feeding a subf, are left alone.
// CHECK-LABEL: func.func @scalar
// CHECK: affine.for %{{.*}} = 0 to 7 iter_args(%[[C:.*]] = %{{.*}}) -> (f32) {
// CHECK:   %[[F:.*]] = math.fma %{{.*}}, %{{.*}}, %[[C]] : f32
// CHECK:   affine.yield %[[F]] : f32
// CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: arith.addf %[[M]], %[[M]] : f32
// CHECK: %[[M2:.*]] = arith.mulf
// CHECK: arith.subf %[[M2]]
// OFF-LABEL: func.func @scalar
// OFF-NOT: fma
func.func @scalar(%x: memref<7xf32>, %y: memref<7xf32>, %o: memref<f32>, %o2: memref<f32>, %o3: memref<f32>) {
  %a = rise.in %x : memref<7xf32> -> !rise.array<7xf32>
  %b = rise.in %y : memref<7xf32> -> !rise.array<7xf32>
  %z = rise.zip %a, %b : !rise.array<7xf32>, !rise.array<7xf32> -> !rise.array<7x!rise.pair<f32, f32>>
  %zero = arith.constant 0.0 : f32
  %s = rise.reduce seq %zero, %z : f32, !rise.array<7x!rise.pair<f32, f32>> -> f32 {
  ^bb0(%c: f32, %p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    %t = arith.addf %c, %m : f32
    rise.yield %t : f32
  }
  %sq = arith.mulf %s, %s : f32
  %twice = arith.addf %sq, %sq : f32
  %m2 = arith.mulf %s, %twice : f32
  %d = arith.subf %m2, %s : f32
  rise.out %s, %o : f32, memref<f32>
  rise.out %twice, %o2 : f32, memref<f32>
  rise.out %d, %o3 : f32, memref<f32>
  return
}
