// NEGATIVE CONTROL -- deliberately wrong. The reduction starts at 1.0
// instead of 0.0, so @dot_small returns dot(a, b) + 1. examples_test must
// report it as a mismatch (see the examples.negative ctest); this file shows
// that a wrong program cannot pass the reference comparison.
//
// Arguments: (%a: 37, %b: 37, %out: rank-0) -- %out is the output.

func.func @dot_small(%a: memref<37xf32>, %b: memref<37xf32>, %out: memref<f32>) {
  %x = rise.in %a : memref<37xf32> -> !rise.array<37xf32>
  %y = rise.in %b : memref<37xf32> -> !rise.array<37xf32>
  %one = arith.constant 1.0 : f32
  %dzip = rise.zip %x, %y : !rise.array<37xf32>, !rise.array<37xf32> -> !rise.array<37x!rise.pair<f32, f32>>
  %dprod = rise.map %dzip : !rise.array<37x!rise.pair<f32, f32>> -> !rise.array<37xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    rise.yield %m : f32
  }
  %dsum = rise.reduce %one, %dprod : f32, !rise.array<37xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    rise.yield %s : f32
  }
  rise.out %dsum, %out : f32, memref<f32>
  return
}
