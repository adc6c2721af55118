// A CNN stack in tosa: three layers of 3x3 convolution ('same' padding,
// so tensor.pad, imported as rise.pad_cst), bias, ReLU (tosa.clamp) and
// 2x2 max pooling with stride 2: 16x16x3 -> 8x8x8 -> 4x4x16 -> 2x2x16.
//
// Import: mlir-opt --pass-pipeline='builtin.module(tosa-to-rise)'; the
// imported @cnn takes (x, w1, b1, w2, b2, w3, b3, out) as memrefs.
// test/lit/Conversion/LinalgToRise/model-cnn.test imports, verifies,
// interprets, runs natively and counts it; the ctest import.model.cnn
// compares the import with upstream MLIR's execution.

func.func @cnn(%x: tensor<1x16x16x3xf32>, %w1: tensor<8x3x3x3xf32>, %b1: tensor<8xf32>,
               %w2: tensor<16x3x3x8xf32>, %b2: tensor<16xf32>,
               %w3: tensor<16x3x3x16xf32>, %b3: tensor<16xf32>) -> tensor<1x2x2x16xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c1 = tosa.conv2d %x, %w1, %b1, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x16x16x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x8xf32>
  %r1 = tosa.clamp %c1 {min_val = 0.0 : f32, max_val = 3.4028235e38 : f32} : (tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %p1 = tosa.max_pool2d %r1 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x16x16x8xf32>) -> tensor<1x8x8x8xf32>
  %c2 = tosa.conv2d %p1, %w2, %b2, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x8x8x8xf32>, tensor<16x3x3x8xf32>, tensor<16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x16xf32>
  %r2 = tosa.clamp %c2 {min_val = 0.0 : f32, max_val = 3.4028235e38 : f32} : (tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %p2 = tosa.max_pool2d %r2 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x8x8x16xf32>) -> tensor<1x4x4x16xf32>
  %c3 = tosa.conv2d %p2, %w3, %b3, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x4x4x16xf32>, tensor<16x3x3x16xf32>, tensor<16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x16xf32>
  %r3 = tosa.clamp %c3 {min_val = 0.0 : f32, max_val = 3.4028235e38 : f32} : (tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %p3 = tosa.max_pool2d %r3 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x4x4x16xf32>) -> tensor<1x2x2x16xf32>
  return %p3 : tensor<1x2x2x16xf32>
}
