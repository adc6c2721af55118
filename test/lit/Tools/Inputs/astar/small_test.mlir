// Two expressions of Knossos' simplify set with their oracle costs, for
// ariadne-astar's tests (test/lit/Tools/ariadne-astar.test).

// knossos-oracle @factor 3 1
func.func @factor(%x: f32, %y: f32) -> f32 {
  %a = arith.mulf %x, %y : f32
  %b = arith.mulf %x, %x : f32
  %r = arith.addf %a, %b : f32
  return %r : f32
}

// knossos-oracle @mul1 0 1
func.func @mul1(%x: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %r = arith.mulf %one, %x : f32
  return %r : f32
}

// No oracle line: --eval skips it.
func.func @plain(%x: f32) -> f32 {
  return %x : f32
}
