// 3-point 1-D stencil with clamped borders:
// out[i] = ((0 + x[i-1]*0.25) + x[i]*0.5) + x[i+1]*0.25, where an index
// outside 0..n-1 reads the nearest edge element (padClamp).
//
//   padClamp 1 1 x |> slide 3 1 |> map (\w. dot w [0.25, 0.5, 0.25])
//
// Arguments: (%in: n, %out: n) -- %out is the output.
// @stencil1d: n = 1048576; @stencil1d_small: n = 37.

func.func @stencil1d(%in: memref<1048576xf32>, %out: memref<1048576xf32>) {
  %x = rise.in %in : memref<1048576xf32> -> !rise.array<1048576xf32>
  %wts = rise.literal dense<[0.25, 0.5, 0.25]> : tensor<3xf32> -> !rise.array<3xf32>
  %zero = arith.constant 0.0 : f32
  %pad = rise.pad_clamp 1, 1 %x : !rise.array<1048576xf32> -> !rise.array<1048578xf32>
  %nbh = rise.slide 3, 1 %pad : !rise.array<1048578xf32> -> !rise.array<1048576x3xf32>
  %res = rise.map %nbh : !rise.array<1048576x3xf32> -> !rise.array<1048576xf32> {
  ^bb0(%w: !rise.array<3xf32>):
    %dzip = rise.zip %w, %wts : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %dprod = rise.map %dzip : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      rise.yield %m : f32
    }
    %dsum = rise.reduce %zero, %dprod : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %s = arith.addf %acc, %v : f32
      rise.yield %s : f32
    }
    rise.yield %dsum : f32
  }
  rise.out %res, %out : !rise.array<1048576xf32>, memref<1048576xf32>
  return
}

func.func @stencil1d_small(%in: memref<37xf32>, %out: memref<37xf32>) {
  %x = rise.in %in : memref<37xf32> -> !rise.array<37xf32>
  %wts = rise.literal dense<[0.25, 0.5, 0.25]> : tensor<3xf32> -> !rise.array<3xf32>
  %zero = arith.constant 0.0 : f32
  %pad = rise.pad_clamp 1, 1 %x : !rise.array<37xf32> -> !rise.array<39xf32>
  %nbh = rise.slide 3, 1 %pad : !rise.array<39xf32> -> !rise.array<37x3xf32>
  %res = rise.map %nbh : !rise.array<37x3xf32> -> !rise.array<37xf32> {
  ^bb0(%w: !rise.array<3xf32>):
    %dzip = rise.zip %w, %wts : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %dprod = rise.map %dzip : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      rise.yield %m : f32
    }
    %dsum = rise.reduce %zero, %dprod : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %s = arith.addf %acc, %v : f32
      rise.yield %s : f32
    }
    rise.yield %dsum : f32
  }
  rise.out %res, %out : !rise.array<37xf32>, memref<37xf32>
  return
}
