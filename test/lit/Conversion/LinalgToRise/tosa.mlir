// tosa-to-rise: upstream tosa-to-linalg-pipeline, then the import.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(tosa-to-rise)' | FileCheck %s

// CHECK-LABEL: func.func @dense_tanh(%arg0: memref<1x4x8xf32>, %arg1: memref<1x8x6xf32>, %arg2: memref<1x1x6xf32>, %arg3: memref<1x4x6xf32>)
// CHECK: rise.reduce
// CHECK: math.tanh
// CHECK: rise.out %{{.*}}, %arg3 : !rise.array<1x4x6xf32>, memref<1x4x6xf32>
// CHECK-NOT: tosa.
// CHECK-NOT: linalg.
func.func @dense_tanh(%x: tensor<1x4x8xf32>, %w: tensor<1x8x6xf32>, %b: tensor<1x1x6xf32>) -> tensor<1x4x6xf32> {
  %za = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %zb = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %m = tosa.matmul %x, %w, %za, %zb : (tensor<1x4x8xf32>, tensor<1x8x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x6xf32>
  %a = tosa.add %m, %b : (tensor<1x4x6xf32>, tensor<1x1x6xf32>) -> tensor<1x4x6xf32>
  %t = tosa.tanh %a : (tensor<1x4x6xf32>) -> tensor<1x4x6xf32>
  return %t : tensor<1x4x6xf32>
}
