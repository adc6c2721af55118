// linalg.depthwise_conv_2d_nhwc_hwc with strides 1 and 2.
func.func @dwconv(%i: tensor<1x7x8x4xf32>, %f: tensor<3x3x4xf32>, %o: tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %f : tensor<1x7x8x4xf32>, tensor<3x3x4xf32>) outs(%o : tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
  return %r : tensor<1x5x6x4xf32>
}
func.func @dwconv_s2(%i: tensor<1x9x9x2xf32>, %f: tensor<3x3x2xf32>, %o: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %f : tensor<1x9x9x2xf32>, tensor<3x3x2xf32>) outs(%o : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  return %r : tensor<1x4x4x2xf32>
}
