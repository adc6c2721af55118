// allow-partial=true: what cannot be imported stays, marked with the
// reason; the rest of a memref function is imported around it; a tensor
// function with anything unimportable is left whole.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-linalg-to-rise{allow-partial=true})' | FileCheck %s

// CHECK-LABEL: func.func @memref_mixed(
// CHECK: rise.out
// CHECK: memref.copy %arg0, %arg1 {rise.unimported = "'memref.copy' on memrefs has no rise meaning"}
// CHECK: rise.in %arg1
// CHECK: rise.out
func.func @memref_mixed(%a: memref<4xf32>, %b: memref<4xf32>) {
  %z = arith.constant 1.0 : f32
  linalg.fill ins(%z : f32) outs(%a : memref<4xf32>)
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  linalg.map outs(%b : memref<4xf32>) (%x: f32) {
    %m = arith.addf %x, %z : f32
    linalg.yield %m : f32
  }
  return
}

// CHECK-LABEL: func.func @tensor_left(%arg0: tensor<8xf32>) -> tensor<4xf32>
// CHECK: tensor.extract_slice {{.*}}rise.unimported
func.func @tensor_left(%a: tensor<8xf32>) -> tensor<4xf32> {
  %s = tensor.extract_slice %a[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}
