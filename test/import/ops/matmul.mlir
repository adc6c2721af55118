// linalg.matmul (accumulating into C), two shapes.
func.func @matmul(%a: tensor<7x9xf32>, %b: tensor<9x5xf32>, %c: tensor<7x5xf32>) -> tensor<7x5xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<7x9xf32>, tensor<9x5xf32>) outs(%c : tensor<7x5xf32>) -> tensor<7x5xf32>
  return %r : tensor<7x5xf32>
}
func.func @matmul_zero_init(%a: tensor<16x33xf32>, %b: tensor<33x12xf32>) -> tensor<16x12xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x12xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<16x12xf32>) -> tensor<16x12xf32>
  %r = linalg.matmul ins(%a, %b : tensor<16x33xf32>, tensor<33x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %r : tensor<16x12xf32>
}
