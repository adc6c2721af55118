// Knossos simplify expressions in two families for ariadne-astar --train
// --validate (test/lit/Tools/ariadne-astar.test): the family of a name is
// the name without its trailing _N, and f0's hash holds it out (one family
// in 8), so @f0_0 and @f0_1 are searched at each checkpoint, never trained
// on; @factor and @mul1 are trained on.

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

// knossos-oracle @f0_0 3 1
func.func @f0_0(%x: f32, %y: f32) -> f32 {
  %a = arith.mulf %y, %x : f32
  %b = arith.mulf %y, %y : f32
  %r = arith.addf %a, %b : f32
  return %r : f32
}

// knossos-oracle @f0_1 0 1
func.func @f0_1(%y: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %r = arith.mulf %y, %one : f32
  return %r : f32
}
