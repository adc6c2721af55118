// linalg.conv_2d_nchw_fchw with strides (2, 1) and dilations (1, 2).
func.func @conv_nchw(%i: tensor<1x3x9x10xf32>, %f: tensor<4x3x3x3xf32>, %o: tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32> {
  %r = linalg.conv_2d_nchw_fchw {strides = dense<[2, 1]> : tensor<2xi64>, dilations = dense<[1, 2]> : tensor<2xi64>} ins(%i, %f : tensor<1x3x9x10xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32>
  return %r : tensor<1x4x4x6xf32>
}
