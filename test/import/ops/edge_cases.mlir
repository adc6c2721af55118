// Edge cases: a rank-0 tensor input (a scalar), a result that is an
// argument, a reduction to a rank-0 tensor, i1 and i64 elements.
func.func @rank0(%a: tensor<4xf32>, %s: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a, %s : tensor<4xf32>, tensor<f32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %r, %a : tensor<4xf32>, tensor<4xf32>
}
func.func @scalar_out(%a: tensor<4x3xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%a : tensor<4x3xf32>) outs(%f : tensor<f32>) dimensions = [0, 1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}
func.func @i1_select(%c: tensor<5xi1>, %a: tensor<5xi64>, %b: tensor<5xi64>) -> tensor<5xi64> {
  %e = tensor.empty() : tensor<5xi64>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%c, %a, %b : tensor<5xi1>, tensor<5xi64>, tensor<5xi64>) outs(%e : tensor<5xi64>) {
  ^bb0(%x: i1, %y: i64, %z: i64, %o: i64):
    %m = arith.select %x, %y, %z : i64
    linalg.yield %m : i64
  } -> tensor<5xi64>
  return %r : tensor<5xi64>
}
