// linalg.matvec.
func.func @matvec(%a: tensor<7x13xf32>, %x: tensor<13xf32>, %y: tensor<7xf32>) -> tensor<7xf32> {
  %r = linalg.matvec ins(%a, %x : tensor<7x13xf32>, tensor<13xf32>) outs(%y : tensor<7xf32>) -> tensor<7xf32>
  return %r : tensor<7xf32>
}
