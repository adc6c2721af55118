// linalg.transpose: 2-D and a 3-D rotation.
func.func @transpose2(%a: tensor<5x7xf32>) -> tensor<7x5xf32> {
  %e = tensor.empty() : tensor<7x5xf32>
  %r = linalg.transpose ins(%a : tensor<5x7xf32>) outs(%e : tensor<7x5xf32>) permutation = [1, 0]
  return %r : tensor<7x5xf32>
}
func.func @transpose3(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %e = tensor.empty() : tensor<4x2x3xf32>
  %r = linalg.transpose ins(%a : tensor<2x3x4xf32>) outs(%e : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  return %r : tensor<4x2x3xf32>
}
