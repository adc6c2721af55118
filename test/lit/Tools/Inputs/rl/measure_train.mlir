// Small rise programs for ariadne-rl's measured rewards (ariadne-rl-measure.test):
// the examples' small variants, compiled and timed in a few milliseconds.
func.func @dot_small(%a: memref<37xf32>, %b: memref<37xf32>, %out: memref<f32>) {
  %x = rise.in %a : memref<37xf32> -> !rise.array<37xf32>
  %y = rise.in %b : memref<37xf32> -> !rise.array<37xf32>
  %zero = arith.constant 0.0 : f32
  %dzip = rise.zip %x, %y : !rise.array<37xf32>, !rise.array<37xf32> -> !rise.array<37x!rise.pair<f32, f32>>
  %dprod = rise.map %dzip : !rise.array<37x!rise.pair<f32, f32>> -> !rise.array<37xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    rise.yield %m : f32
  }
  %dsum = rise.reduce %zero, %dprod : f32, !rise.array<37xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    rise.yield %s : f32
  }
  rise.out %dsum, %out : f32, memref<f32>
  return
}
func.func @matmul_small(%A: memref<7x9xf32>, %B: memref<9x5xf32>, %C: memref<7x5xf32>) {
  %a = rise.in %A : memref<7x9xf32> -> !rise.array<7x9xf32>
  %b = rise.in %B : memref<9x5xf32> -> !rise.array<9x5xf32>
  %bt = rise.transpose %b : !rise.array<9x5xf32> -> !rise.array<5x9xf32>
  %zero = arith.constant 0.0 : f32
  %c = rise.map %a : !rise.array<7x9xf32> -> !rise.array<7x5xf32> {
  ^bb0(%arow: !rise.array<9xf32>):
    %crow = rise.map %bt : !rise.array<5x9xf32> -> !rise.array<5xf32> {
    ^bb0(%bcol: !rise.array<9xf32>):
      %dzip = rise.zip %arow, %bcol : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %crow : !rise.array<5xf32>
  }
  rise.out %c, %C : !rise.array<7x5xf32>, memref<7x5xf32>
  return
}

