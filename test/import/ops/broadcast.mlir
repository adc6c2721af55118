// linalg.broadcast: a new inner and a new outer dimension.
func.func @broadcast_inner(%a: tensor<4x3xf32>) -> tensor<4x3x2xf32> {
  %e = tensor.empty() : tensor<4x3x2xf32>
  %r = linalg.broadcast ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3x2xf32>) dimensions = [2]
  return %r : tensor<4x3x2xf32>
}
func.func @broadcast_outer(%a: tensor<3xf32>) -> tensor<5x3xf32> {
  %e = tensor.empty() : tensor<5x3xf32>
  %r = linalg.broadcast ins(%a : tensor<3xf32>) outs(%e : tensor<5x3xf32>) dimensions = [0]
  return %r : tensor<5x3xf32>
}
