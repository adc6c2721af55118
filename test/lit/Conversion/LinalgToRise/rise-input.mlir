// A program that is already rise (the examples) passes through unchanged,
// and importing twice is importing once.

// RUN: %rise-opt %ariadne_src/test/examples/matvec.mlir --pass-pipeline='builtin.module(convert-linalg-to-rise)' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-linalg-to-rise)' \
// RUN:   | %rise-opt --pass-pipeline='builtin.module(convert-linalg-to-rise)' | FileCheck %s --check-prefix=TWICE

// CHECK-LABEL: func.func @matvec(
// CHECK: rise.in
// CHECK: rise.out

// TWICE-LABEL: func.func @add(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: memref<4xf32>)
// TWICE: rise.zip
// TWICE: rise.out %{{.*}}, %arg2
func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
