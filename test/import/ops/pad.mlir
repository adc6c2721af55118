// tensor.pad with a constant (rise.pad_cst, padding outer dimensions with
// whole arrays of the constant), feeding a convolution, as tosa's 'same'
// padding does.
func.func @pad(%a: tensor<3x4xf32>) -> tensor<6x5xf32> {
  %z = arith.constant 0.5 : f32
  %p = tensor.pad %a low[1, 0] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<3x4xf32> to tensor<6x5xf32>
  return %p : tensor<6x5xf32>
}
func.func @pad_conv(%i: tensor<1x5x5x2xf32>, %f: tensor<3x3x2x3xf32>, %o: tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32> {
  %p = tensor.pad %i low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    %z = arith.constant 0.0 : f32
    tensor.yield %z : f32
  } : tensor<1x5x5x2xf32> to tensor<1x7x7x2xf32>
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p, %f : tensor<1x7x7x2xf32>, tensor<3x3x2x3xf32>) outs(%o : tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32>
  return %r : tensor<1x5x5x3xf32>
}
