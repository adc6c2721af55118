// Dot product: out = sum_i a[i] * b[i], folded from the left starting at 0.
//
//   zip a b |> map (\p. fst p * snd p) |> reduce (+) 0
//
// Arguments: (%a: n, %b: n, %out: rank-0) -- %out is the output.
// @dot: n = 1048576; @dot_small: n = 37.

func.func @dot(%a: memref<1048576xf32>, %b: memref<1048576xf32>, %out: memref<f32>) {
  %x = rise.in %a : memref<1048576xf32> -> !rise.array<1048576xf32>
  %y = rise.in %b : memref<1048576xf32> -> !rise.array<1048576xf32>
  %zero = arith.constant 0.0 : f32
  %dzip = rise.zip %x, %y : !rise.array<1048576xf32>, !rise.array<1048576xf32> -> !rise.array<1048576x!rise.pair<f32, f32>>
  %dprod = rise.map %dzip : !rise.array<1048576x!rise.pair<f32, f32>> -> !rise.array<1048576xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    rise.yield %m : f32
  }
  %dsum = rise.reduce %zero, %dprod : f32, !rise.array<1048576xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    rise.yield %s : f32
  }
  rise.out %dsum, %out : f32, memref<f32>
  return
}

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
