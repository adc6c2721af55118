// linalg.conv_2d_nhwc_hwcf: unit strides, and strides 2 with dilations 2
// (windows: rise.slide, with generate/idx for the dilation).
func.func @conv_nhwc(%i: tensor<1x8x9x3xf32>, %f: tensor<3x3x3x4xf32>, %o: tensor<1x6x7x4xf32>) -> tensor<1x6x7x4xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %f : tensor<1x8x9x3xf32>, tensor<3x3x3x4xf32>) outs(%o : tensor<1x6x7x4xf32>) -> tensor<1x6x7x4xf32>
  return %r : tensor<1x6x7x4xf32>
}
func.func @conv_nhwc_s2_d2(%i: tensor<2x10x9x2xf32>, %f: tensor<3x2x2x3xf32>, %o: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>} ins(%i, %f : tensor<2x10x9x2xf32>, tensor<3x2x2x3xf32>) outs(%o : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}
