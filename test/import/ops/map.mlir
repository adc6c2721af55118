// linalg.map (elementwise, two inputs) and linalg.add.
func.func @map(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %e = tensor.empty() : tensor<6x5xf32>
  %r = linalg.map ins(%a, %b : tensor<6x5xf32>, tensor<6x5xf32>) outs(%e : tensor<6x5xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %m = arith.mulf %x, %y : f32
      %s = arith.subf %m, %x : f32
      linalg.yield %s : f32
    }
  return %r : tensor<6x5xf32>
}
func.func @add(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %r = linalg.add ins(%a, %b : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
