// linalg.generic forms: a transposed input plus a broadcast row, a
// constant index, and a reduction whose body is not a plain combiner
// (acc * 0.5 + x: a `reduce seq`, which keeps linalg's order).
#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
#row = affine_map<(i, j) -> (j)>
#c1 = affine_map<(i, j) -> (1, j)>
#red_in = affine_map<(i, k) -> (i, k)>
#red_out = affine_map<(i, k) -> (i)>
func.func @transpose_broadcast(%a: tensor<5x4xf32>, %b: tensor<5xf32>, %c: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %e = tensor.empty() : tensor<4x5xf32>
  %r = linalg.generic {indexing_maps = [#tr, #row, #c1, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %c : tensor<5x4xf32>, tensor<5xf32>, tensor<3x5xf32>) outs(%e : tensor<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.mulf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}
func.func @reduce_seq(%a: tensor<6x7xf32>, %init: tensor<6xf32>) -> tensor<6xf32> {
  %r = linalg.generic {indexing_maps = [#red_in, #red_out], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x7xf32>) outs(%init : tensor<6xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %h = arith.constant 0.5 : f32
    %m = arith.mulf %acc, %h : f32
    %s = arith.addf %m, %x : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}
func.func @int_ops(%a: tensor<4x3xi32>, %b: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %e = tensor.empty() : tensor<4x3xi32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x3xi32>, tensor<4x3xi32>) outs(%e : tensor<4x3xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %m = arith.muli %x, %y : i32
    %s = arith.maxsi %m, %x : i32
    linalg.yield %s : i32
  } -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}
