// Elementwise math (GELU with erf, tanh, exp): compared within 1e-6.
func.func @gelu(%a: tensor<8x5xf32>) -> tensor<8x5xf32> {
  %e = tensor.empty() : tensor<8x5xf32>
  %r = linalg.map ins(%a : tensor<8x5xf32>) outs(%e : tensor<8x5xf32>)
    (%x: f32, %o: f32) {
      %half = arith.constant 0.5 : f32
      %one = arith.constant 1.0 : f32
      %rs2 = arith.constant 0.70710678 : f32
      %t = arith.mulf %x, %rs2 : f32
      %er = math.erf %t : f32
      %p = arith.addf %er, %one : f32
      %h = arith.mulf %x, %half : f32
      %g = arith.mulf %h, %p : f32
      linalg.yield %g : f32
    }
  return %r : tensor<8x5xf32>
}
func.func @tanh_exp(%a: tensor<6xf32>) -> tensor<6xf32> {
  %e = tensor.empty() : tensor<6xf32>
  %r = linalg.map ins(%a : tensor<6xf32>) outs(%e : tensor<6xf32>)
    (%x: f32, %o: f32) {
      %t = math.tanh %x : f32
      %x2 = math.exp %t : f32
      linalg.yield %x2 : f32
    }
  return %r : tensor<6xf32>
}
