// linalg.pooling_nhwc_sum, 2x2 windows, unit strides, into a given output.
func.func @pool_sum(%i: tensor<2x6x5x3xf32>, %o: tensor<2x5x4x3xf32>) -> tensor<2x5x4x3xf32> {
  %w = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nhwc_sum {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<2x6x5x3xf32>, tensor<2x2xf32>) outs(%o : tensor<2x5x4x3xf32>) -> tensor<2x5x4x3xf32>
  return %r : tensor<2x5x4x3xf32>
}
