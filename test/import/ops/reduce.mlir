// linalg.reduce: sum over the inner and over the outer dimension, max to a scalar.
func.func @reduce_inner(%a: tensor<4x9xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.reduce ins(%a : tensor<4x9xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}
func.func @reduce_outer(%a: tensor<4x9xf32>, %init: tensor<9xf32>) -> tensor<9xf32> {
  %r = linalg.reduce ins(%a : tensor<4x9xf32>) outs(%init : tensor<9xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<9xf32>
}
func.func @reduce_all_max(%a: tensor<4x9xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce ins(%a : tensor<4x9xf32>) outs(%init : tensor<f32>) dimensions = [0, 1]
    (%x: f32, %acc: f32) {
      %s = arith.maximumf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}
