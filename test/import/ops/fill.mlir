// linalg.fill: a broadcast of a scalar (rise.generate).
func.func @fill(%x: f32) -> tensor<4x6xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %r = linalg.fill ins(%x : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
