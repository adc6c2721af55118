// A depthwise-separable convolution block in tosa (MobileNet): a 3x3
// depthwise convolution with 'same' padding, bias and ReLU6, then a 1x1
// pointwise convolution to 16 channels, bias and ReLU6.
//
// Import: mlir-opt --pass-pipeline='builtin.module(tosa-to-rise)'; the
// imported @dwsep takes (x, wd, bd, wp, bp, out) as memrefs.
// test/lit/Conversion/LinalgToRise/model-dwsep.test and the ctest
// import.model.dwsep check it as for the other models.

func.func @dwsep(%x: tensor<1x10x10x8xf32>, %wd: tensor<3x3x8x1xf32>, %bd: tensor<8xf32>,
                 %wp: tensor<16x1x1x8xf32>, %bp: tensor<16xf32>) -> tensor<1x10x10x16xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %d = tosa.depthwise_conv2d %x, %wd, %bd, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x10x10x8xf32>, tensor<3x3x8x1xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x10x10x8xf32>
  %r = tosa.clamp %d {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x10x10x8xf32>) -> tensor<1x10x10x8xf32>
  %p = tosa.conv2d %r, %wp, %bp, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x10x10x8xf32>, tensor<16x1x1x8xf32>, tensor<16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x10x10x16xf32>
  %q = tosa.clamp %p {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x10x10x16xf32>) -> tensor<1x10x10x16xf32>
  return %q : tensor<1x10x10x16xf32>
}
