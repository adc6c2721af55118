// Held-out programs for ariadne-rl's tests (test/lit/Tools/ariadne-rl.test):
// two expressions of Knossos' simplify set; the training programs are
// Inputs/astar/small_test.mlir's.

func.func @add0(%x: f32) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = arith.addf %x, %zero : f32
  return %r : f32
}

func.func @factor2(%x: f32, %y: f32) -> f32 {
  %a = arith.mulf %y, %x : f32
  %b = arith.mulf %y, %y : f32
  %r = arith.addf %a, %b : f32
  return %r : f32
}
