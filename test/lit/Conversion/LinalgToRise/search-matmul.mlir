// Imported programs feed the rewrite search: a linalg.fill + linalg.matmul
// imports to the same term as test/examples/matmul.mlir (the fill's zero
// is the fold's initial value, nothing is zipped with C), so the hand-
// derived matmul strategies apply to it unchanged; here v7 ('parallel':
// blocks, packing, vectors, par) of matmul.elv, checked natively against
// the interpreter.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-linalg-to-rise)' | FileCheck %s --check-prefix=IMPORT
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-linalg-to-rise,rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=parallel})' -o %t.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REWRITE
// RUN: ariadne-run %t.mlir --func=mm --reps=1 --warmup=0 --threads=2 | FileCheck %s --check-prefix=NATIVE

// IMPORT-LABEL: func.func @mm(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>, %arg2: memref<64x64xf32>)
// IMPORT: %[[a:.*]] = rise.in %arg0
// IMPORT-NEXT: %[[b:.*]] = rise.in %arg1
// IMPORT-NEXT: %[[zero:.*]] = arith.constant 0.000000e+00 : f32
// IMPORT-NEXT: %[[bt:.*]] = rise.transpose %[[b]]
// IMPORT-NEXT: rise.map %[[a]] : !rise.array<64x64xf32> -> !rise.array<64x64xf32>
// IMPORT: rise.map %[[bt]]
// IMPORT: rise.zip
// IMPORT: rise.map
// IMPORT: arith.mulf
// IMPORT: rise.reduce %[[zero]], %{{.*}} : f32, !rise.array<64xf32> -> f32
// IMPORT-NOT: rise.generate
// REWRITE: rise-rewrite @mm: 20 rules fired
// NATIVE: @mm argument 2 matches the interpreter: 4096 scalars
func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
