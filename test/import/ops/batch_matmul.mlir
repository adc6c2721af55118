// linalg.batch_matmul.
func.func @batch_matmul(%a: tensor<3x6x8xf32>, %b: tensor<3x8x5xf32>, %c: tensor<3x6x5xf32>) -> tensor<3x6x5xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x6x8xf32>, tensor<3x8x5xf32>) outs(%c : tensor<3x6x5xf32>) -> tensor<3x6x5xf32>
  return %r : tensor<3x6x5xf32>
}
