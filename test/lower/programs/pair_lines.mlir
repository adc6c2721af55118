// An array of pairs of lines read through a window: each 3-row window of
// the output reads three (sum, product) line pairs that a map computes
// from the input's rows. No single memref holds array<6 x pair<array<4>,
// array<4>>>, so the lowering materialises it as a pair of buffers (one per
// component) instead of recomputing each whole line once per element read
// (test/lit/Conversion/RiseToAffine/pair_lines.mlir checks the buffers).
func.func @pair_lines(%x: memref<6x5xf32>, %out: memref<4x4xf32>) {
  %in = rise.in %x : memref<6x5xf32> -> !rise.array<6x5xf32>
  %lines = rise.map %in : !rise.array<6x5xf32> -> !rise.array<6x!rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>> {
  ^bb0(%row: !rise.array<5xf32>):
    %w = rise.slide 2, 1 %row : !rise.array<5xf32> -> !rise.array<4x2xf32>
    %s = rise.map %w : !rise.array<4x2xf32> -> !rise.array<4xf32> {
    ^bb0(%p: !rise.array<2xf32>):
      %z = arith.constant 0.0 : f32
      %r = rise.reduce %z, %p : f32, !rise.array<2xf32> -> f32 {
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        rise.yield %t : f32
      }
      rise.yield %r : f32
    }
    %m = rise.map %w : !rise.array<4x2xf32> -> !rise.array<4xf32> {
    ^bb0(%p: !rise.array<2xf32>):
      %o = arith.constant 1.0 : f32
      %r = rise.reduce %o, %p : f32, !rise.array<2xf32> -> f32 {
      ^bb0(%a: f32, %b: f32):
        %t = arith.mulf %a, %b : f32
        rise.yield %t : f32
      }
      rise.yield %r : f32
    }
    %pr = rise.pair %s, %m : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>
    rise.yield %pr : !rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>
  }
  %win = rise.slide 3, 1 %lines : !rise.array<6x!rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>> -> !rise.array<4x3x!rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>>
  %res = rise.map %win : !rise.array<4x3x!rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>> -> !rise.array<4x4xf32> {
  ^bb0(%w3: !rise.array<3x!rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>>):
    %i0 = arith.constant 0 : index
    %i2 = arith.constant 2 : index
    %top = rise.idx %w3[%i0] : !rise.array<3x!rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>> -> !rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>
    %bot = rise.idx %w3[%i2] : !rise.array<3x!rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>> -> !rise.pair<!rise.array<4xf32>, !rise.array<4xf32>>
    %a = rise.fst %top : !rise.pair<!rise.array<4xf32>, !rise.array<4xf32>> -> !rise.array<4xf32>
    %b = rise.snd %bot : !rise.pair<!rise.array<4xf32>, !rise.array<4xf32>> -> !rise.array<4xf32>
    %ab = rise.zip %a, %b : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
    %r = rise.map %ab : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
    ^bb0(%q: !rise.pair<f32, f32>):
      %u = rise.fst %q : !rise.pair<f32, f32> -> f32
      %v = rise.snd %q : !rise.pair<f32, f32> -> f32
      %t = arith.subf %u, %v : f32
      rise.yield %t : f32
    }
    rise.yield %r : !rise.array<4xf32>
  }
  rise.out %res, %out : !rise.array<4x4xf32>, memref<4x4xf32>
  return
}
