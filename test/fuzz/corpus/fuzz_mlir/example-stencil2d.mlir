// 5-point 2-D Jacobi stencil:
// out[i][j] = ((((N + W) + C) + E) + S) * 0.2 with N = x[i-1][j],
// W = x[i][j-1], C = x[i][j], E = x[i][j+1], S = x[i+1][j].
// Borders: columns are padded with the constant 0 (padCst), then rows are
// clamped (padClamp), so x[-1][j] = x[0][j], x[h][j] = x[h-1][j] and
// x[i][-1] = x[i][w] = 0. The output keeps the input's size.
//
//   map (padCst 1 1 0) x |> padClamp 1 1 |> slide2d 3 1 3 1
//     |> map (map (\nbh. (N + W + C + E + S) * 0.2))
//
// Arguments: (%in: h x w, %out: h x w) -- %out is the output.
// @stencil2d: 1024 x 1024; @stencil2d_small: 7 x 13; @stencil2d_medium: 37 x 53.

func.func @stencil2d(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) {
  %x = rise.in %in : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %zero = arith.constant 0.0 : f32
  %fifth = arith.constant 0.2 : f32
  %padcols = rise.map %x : !rise.array<1024x1024xf32> -> !rise.array<1024x1026xf32> {
  ^bb0(%row: !rise.array<1024xf32>):
    %prow = rise.pad_cst 1, 1 %row, %zero : !rise.array<1024xf32>, f32 -> !rise.array<1026xf32>
    rise.yield %prow : !rise.array<1026xf32>
  }
  %pad = rise.pad_clamp 1, 1 %padcols : !rise.array<1024x1026xf32> -> !rise.array<1026x1026xf32>
  %nbh_rows = rise.map %pad : !rise.array<1026x1026xf32> -> !rise.array<1026x1024x3xf32> {
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
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %up = rise.idx %nb[%c0] : !rise.array<3x3xf32> -> !rise.array<3xf32>
      %mid = rise.idx %nb[%c1] : !rise.array<3x3xf32> -> !rise.array<3xf32>
      %down = rise.idx %nb[%c2] : !rise.array<3x3xf32> -> !rise.array<3xf32>
      %north = rise.idx %up[%c1] : !rise.array<3xf32> -> f32
      %west = rise.idx %mid[%c0] : !rise.array<3xf32> -> f32
      %centre = rise.idx %mid[%c1] : !rise.array<3xf32> -> f32
      %east = rise.idx %mid[%c2] : !rise.array<3xf32> -> f32
      %south = rise.idx %down[%c1] : !rise.array<3xf32> -> f32
      %s0 = arith.addf %north, %west : f32
      %s1 = arith.addf %s0, %centre : f32
      %s2 = arith.addf %s1, %east : f32
      %s3 = arith.addf %s2, %south : f32
      %avg = arith.mulf %s3, %fifth : f32
      rise.yield %avg : f32
    }
    rise.yield %inner : !rise.array<1024xf32>
  }
  rise.out %res, %out : !rise.array<1024x1024xf32>, memref<1024x1024xf32>
  return
}

func.func @stencil2d_small(%in: memref<7x13xf32>, %out: memref<7x13xf32>) {
  %x = rise.in %in : memref<7x13xf32> -> !rise.array<7x13xf32>
  %zero = arith.constant 0.0 : f32
  %fifth = arith.constant 0.2 : f32
  %padcols = rise.map %x : !rise.array<7x13xf32> -> !rise.array<7x15xf32> {
  ^bb0(%row: !rise.array<13xf32>):
    %prow = rise.pad_cst 1, 1 %row, %zero : !rise.array<13xf32>, f32 -> !rise.array<15xf32>
    rise.yield %prow : !rise.array<15xf32>
  }
  %pad = rise.pad_clamp 1, 1 %padcols : !rise.array<7x15xf32> -> !rise.array<9x15xf32>
  %nbh_rows = rise.map %pad : !rise.array<9x15xf32> -> !rise.array<9x13x3xf32> {
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
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %up = rise.idx %nb[%c0] : !rise.array<3x3xf32> -> !rise.array<3xf32>
      %mid = rise.idx %nb[%c1] : !rise.array<3x3xf32> -> !rise.array<3xf32>
      %down = rise.idx %nb[%c2] : !rise.array<3x3xf32> -> !rise.array<3xf32>
      %north = rise.idx %up[%c1] : !rise.array<3xf32> -> f32
      %west = rise.idx %mid[%c0] : !rise.array<3xf32> -> f32
      %centre = rise.idx %mid[%c1] : !rise.array<3xf32> -> f32
      %east = rise.idx %mid[%c2] : !rise.array<3xf32> -> f32
      %south = rise.idx %down[%c1] : !rise.array<3xf32> -> f32
      %s0 = arith.addf %north, %west : f32
      %s1 = arith.addf %s0, %centre : f32
      %s2 = arith.addf %s1, %east : f32
      %s3 = arith.addf %s2, %south : f32
      %avg = arith.mulf %s3, %fifth : f32
      rise.yield %avg : f32
    }
    rise.yield %inner : !rise.array<13xf32>
  }
  rise.out %res, %out : !rise.array<7x13xf32>, memref<7x13xf32>
  return
}

func.func @stencil2d_medium(%in: memref<37x53xf32>, %out: memref<37x53xf32>) {
  %x = rise.in %in : memref<37x53xf32> -> !rise.array<37x53xf32>
  %zero = arith.constant 0.0 : f32
  %fifth = arith.constant 0.2 : f32
  %padcols = rise.map %x : !rise.array<37x53xf32> -> !rise.array<37x55xf32> {
  ^bb0(%row: !rise.array<53xf32>):
    %prow = rise.pad_cst 1, 1 %row, %zero : !rise.array<53xf32>, f32 -> !rise.array<55xf32>
    rise.yield %prow : !rise.array<55xf32>
  }
  %pad = rise.pad_clamp 1, 1 %padcols : !rise.array<37x55xf32> -> !rise.array<39x55xf32>
  %nbh_rows = rise.map %pad : !rise.array<39x55xf32> -> !rise.array<39x53x3xf32> {
  ^bb0(%row: !rise.array<55xf32>):
    %win = rise.slide 3, 1 %row : !rise.array<55xf32> -> !rise.array<53x3xf32>
    rise.yield %win : !rise.array<53x3xf32>
  }
  %nbh_cols = rise.slide 3, 1 %nbh_rows : !rise.array<39x53x3xf32> -> !rise.array<37x3x53x3xf32>
  %nbh = rise.map %nbh_cols : !rise.array<37x3x53x3xf32> -> !rise.array<37x53x3x3xf32> {
  ^bb0(%band: !rise.array<3x53x3xf32>):
    %t = rise.transpose %band : !rise.array<3x53x3xf32> -> !rise.array<53x3x3xf32>
    rise.yield %t : !rise.array<53x3x3xf32>
  }
  %res = rise.map %nbh : !rise.array<37x53x3x3xf32> -> !rise.array<37x53xf32> {
  ^bb0(%line: !rise.array<53x3x3xf32>):
    %inner = rise.map %line : !rise.array<53x3x3xf32> -> !rise.array<53xf32> {
    ^bb0(%nb: !rise.array<3x3xf32>):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %up = rise.idx %nb[%c0] : !rise.array<3x3xf32> -> !rise.array<3xf32>
      %mid = rise.idx %nb[%c1] : !rise.array<3x3xf32> -> !rise.array<3xf32>
      %down = rise.idx %nb[%c2] : !rise.array<3x3xf32> -> !rise.array<3xf32>
      %north = rise.idx %up[%c1] : !rise.array<3xf32> -> f32
      %west = rise.idx %mid[%c0] : !rise.array<3xf32> -> f32
      %centre = rise.idx %mid[%c1] : !rise.array<3xf32> -> f32
      %east = rise.idx %mid[%c2] : !rise.array<3xf32> -> f32
      %south = rise.idx %down[%c1] : !rise.array<3xf32> -> f32
      %s0 = arith.addf %north, %west : f32
      %s1 = arith.addf %s0, %centre : f32
      %s2 = arith.addf %s1, %east : f32
      %s3 = arith.addf %s2, %south : f32
      %avg = arith.mulf %s3, %fifth : f32
      rise.yield %avg : f32
    }
    rise.yield %inner : !rise.array<53xf32>
  }
  rise.out %res, %out : !rise.array<37x53xf32>, memref<37x53xf32>
  return
}
