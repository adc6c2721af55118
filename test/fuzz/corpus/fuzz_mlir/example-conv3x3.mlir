// 2-D 3x3 convolution without padding (thesis listing 4.5, conv3x3):
// out[i][j] = sum_{r,c in 0..2, row-major} weights[r][c] * in[i+r][j+c],
// a left fold from 0. The output is 2 smaller than the input in each
// dimension, as in the thesis (no border handling).
//
//   slide2d 3 1 3 1 in |> map (map (\nbh. dot (join weights) (join nbh)))
//   where slide2d = map (slide 3 1) |> slide 3 1 |> map transpose
//
// Arguments: (%in: (h+2) x (w+2), %weights: 3 x 3, %out: h x w) -- %out is
// the output.
// @conv3x3: 1026 x 1026 -> 1024 x 1024; @conv3x3_small: 9 x 15 -> 7 x 13;
// @conv3x3_medium: 35 x 51 -> 33 x 49.

func.func @conv3x3(%in: memref<1026x1026xf32>, %weights: memref<3x3xf32>, %out: memref<1024x1024xf32>) {
  %img = rise.in %in : memref<1026x1026xf32> -> !rise.array<1026x1026xf32>
  %wts = rise.in %weights : memref<3x3xf32> -> !rise.array<3x3xf32>
  %wflat = rise.join %wts : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %zero = arith.constant 0.0 : f32
  %nbh_rows = rise.map %img : !rise.array<1026x1026xf32> -> !rise.array<1026x1024x3xf32> {
  ^bb0(%row: !rise.array<1026xf32>):
    %win = rise.slide 3, 1 %row : !rise.array<1026xf32> -> !rise.array<1024x3xf32>
    rise.yield %win : !rise.array<1024x3xf32>
  }
  %nbh_cols = rise.slide 3, 1 %nbh_rows : !rise.array<1026x1024x3xf32> -> !rise.array<1024x3x1024x3xf32>
  %nbh = rise.map %nbh_cols : !rise.array<1024x3x1024x3xf32> -> !rise.array<1024x1024x3x3xf32> {
  ^bb0(%band: !rise.array<3x1024x3xf32>):
    %t = rise.transpose %band : !rise.array<3x1024x3xf32> -> !rise.array<1024x3x3xf32>
    rise.yield %t : !rise.array<1024x3x3xf32>
  }
  %res = rise.map %nbh : !rise.array<1024x1024x3x3xf32> -> !rise.array<1024x1024xf32> {
  ^bb0(%line: !rise.array<1024x3x3xf32>):
    %inner = rise.map %line : !rise.array<1024x3x3xf32> -> !rise.array<1024xf32> {
    ^bb0(%nb: !rise.array<3x3xf32>):
      %nflat = rise.join %nb : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %dzip = rise.zip %wflat, %nflat : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
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
    rise.yield %inner : !rise.array<1024xf32>
  }
  rise.out %res, %out : !rise.array<1024x1024xf32>, memref<1024x1024xf32>
  return
}

func.func @conv3x3_small(%in: memref<9x15xf32>, %weights: memref<3x3xf32>, %out: memref<7x13xf32>) {
  %img = rise.in %in : memref<9x15xf32> -> !rise.array<9x15xf32>
  %wts = rise.in %weights : memref<3x3xf32> -> !rise.array<3x3xf32>
  %wflat = rise.join %wts : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %zero = arith.constant 0.0 : f32
  %nbh_rows = rise.map %img : !rise.array<9x15xf32> -> !rise.array<9x13x3xf32> {
  ^bb0(%row: !rise.array<15xf32>):
    %win = rise.slide 3, 1 %row : !rise.array<15xf32> -> !rise.array<13x3xf32>
    rise.yield %win : !rise.array<13x3xf32>
  }
  %nbh_cols = rise.slide 3, 1 %nbh_rows : !rise.array<9x13x3xf32> -> !rise.array<7x3x13x3xf32>
  %nbh = rise.map %nbh_cols : !rise.array<7x3x13x3xf32> -> !rise.array<7x13x3x3xf32> {
  ^bb0(%band: !rise.array<3x13x3xf32>):
    %t = rise.transpose %band : !rise.array<3x13x3xf32> -> !rise.array<13x3x3xf32>
    rise.yield %t : !rise.array<13x3x3xf32>
  }
  %res = rise.map %nbh : !rise.array<7x13x3x3xf32> -> !rise.array<7x13xf32> {
  ^bb0(%line: !rise.array<13x3x3xf32>):
    %inner = rise.map %line : !rise.array<13x3x3xf32> -> !rise.array<13xf32> {
    ^bb0(%nb: !rise.array<3x3xf32>):
      %nflat = rise.join %nb : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %dzip = rise.zip %wflat, %nflat : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
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
    rise.yield %inner : !rise.array<13xf32>
  }
  rise.out %res, %out : !rise.array<7x13xf32>, memref<7x13xf32>
  return
}

func.func @conv3x3_medium(%in: memref<35x51xf32>, %weights: memref<3x3xf32>, %out: memref<33x49xf32>) {
  %img = rise.in %in : memref<35x51xf32> -> !rise.array<35x51xf32>
  %wts = rise.in %weights : memref<3x3xf32> -> !rise.array<3x3xf32>
  %wflat = rise.join %wts : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %zero = arith.constant 0.0 : f32
  %nbh_rows = rise.map %img : !rise.array<35x51xf32> -> !rise.array<35x49x3xf32> {
  ^bb0(%row: !rise.array<51xf32>):
    %win = rise.slide 3, 1 %row : !rise.array<51xf32> -> !rise.array<49x3xf32>
    rise.yield %win : !rise.array<49x3xf32>
  }
  %nbh_cols = rise.slide 3, 1 %nbh_rows : !rise.array<35x49x3xf32> -> !rise.array<33x3x49x3xf32>
  %nbh = rise.map %nbh_cols : !rise.array<33x3x49x3xf32> -> !rise.array<33x49x3x3xf32> {
  ^bb0(%band: !rise.array<3x49x3xf32>):
    %t = rise.transpose %band : !rise.array<3x49x3xf32> -> !rise.array<49x3x3xf32>
    rise.yield %t : !rise.array<49x3x3xf32>
  }
  %res = rise.map %nbh : !rise.array<33x49x3x3xf32> -> !rise.array<33x49xf32> {
  ^bb0(%line: !rise.array<49x3x3xf32>):
    %inner = rise.map %line : !rise.array<49x3x3xf32> -> !rise.array<49xf32> {
    ^bb0(%nb: !rise.array<3x3xf32>):
      %nflat = rise.join %nb : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %dzip = rise.zip %wflat, %nflat : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
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
    rise.yield %inner : !rise.array<49xf32>
  }
  rise.out %res, %out : !rise.array<33x49xf32>, memref<33x49xf32>
  return
}
