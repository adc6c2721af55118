// tensor.collapse_shape / expand_shape (rise.join / rise.split) and a
// dense constant (rise.literal): what tosa-to-linalg leaves between ops.
func.func @bias_reshape(%a: tensor<2x3x4xf32>) -> tensor<3x2x4xf32> {
  %bias = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %flat = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%flat, %bias : tensor<6x4xf32>, tensor<6xf32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<6x4xf32>
  %out = tensor.expand_shape %s [[0, 1], [2]] output_shape [3, 2, 4] : tensor<6x4xf32> into tensor<3x2x4xf32>
  return %out : tensor<3x2x4xf32>
}
