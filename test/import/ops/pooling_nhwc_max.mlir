// linalg.pooling_nhwc_max, 3x3 windows with stride 2, from -inf.
func.func @pool_max(%i: tensor<1x9x9x2xf32>) -> tensor<1x4x4x2xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x4x4x2xf32>
  %o = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x9x9x2xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  return %r : tensor<1x4x4x2xf32>
}
