// Held-out programs of ariadne-rl-measure.test (the examples' small variants).
func.func @matvec_small(%A: memref<7x13xf32>, %x: memref<13xf32>, %y: memref<7xf32>) {
  %mat = rise.in %A : memref<7x13xf32> -> !rise.array<7x13xf32>
  %vec = rise.in %x : memref<13xf32> -> !rise.array<13xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.map %mat : !rise.array<7x13xf32> -> !rise.array<7xf32> {
  ^bb0(%row: !rise.array<13xf32>):
    %dzip = rise.zip %row, %vec : !rise.array<13xf32>, !rise.array<13xf32> -> !rise.array<13x!rise.pair<f32, f32>>
    %dprod = rise.map %dzip : !rise.array<13x!rise.pair<f32, f32>> -> !rise.array<13xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      rise.yield %m : f32
    }
    %dsum = rise.reduce %zero, %dprod : f32, !rise.array<13xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %s = arith.addf %acc, %v : f32
      rise.yield %s : f32
    }
    rise.yield %dsum : f32
  }
  rise.out %res, %y : !rise.array<7xf32>, memref<7xf32>
  return
}
func.func @outer_small(%x: memref<7xf32>, %y: memref<13xf32>, %out: memref<7x13xf32>) {
  %xs = rise.in %x : memref<7xf32> -> !rise.array<7xf32>
  %ys = rise.in %y : memref<13xf32> -> !rise.array<13xf32>
  %res = rise.map %xs : !rise.array<7xf32> -> !rise.array<7x13xf32> {
  ^bb0(%xi: f32):
    %row = rise.map %ys : !rise.array<13xf32> -> !rise.array<13xf32> {
    ^bb0(%yj: f32):
      %r = arith.mulf %xi, %yj : f32
      rise.yield %r : f32
    }
    rise.yield %row : !rise.array<13xf32>
  }
  rise.out %res, %out : !rise.array<7x13xf32>, memref<7x13xf32>
  return
}
