// Tiled matrix-matrix product (the thesis' blocking + array-packing goals):
// C[i][j] = sum_k A[i][k] * B[k][j] with exactly @matmul's rounding (the
// k-loop is a left fold from 0, fused with the multiplication).
// Rows and columns of C are split into t x t tiles; B is transposed into a
// global buffer (toMem global); each tile is computed with nested mapSeq in
// private memory; tiles of one row band are run by a mapPar.
//
// Arguments: (%A: m x k, %B: k x n, %C: m x n) -- %C is the output;
// t divides m and n.
// @matmul_lowlevel: 1024 x 1024 x 1024, t = 32;
// @matmul_lowlevel_small: m = 8, k = 9, n = 12, t = 4;
// @matmul_lowlevel_medium: m = 36, k = 23, n = 28, t = 4.

func.func @matmul_lowlevel(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>, %C: memref<1024x1024xf32>) {
  %a = rise.in %A : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %b = rise.in %B : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %zero = arith.constant 0.0 : f32
  // array packing: B transposed into a buffer
  %bt = rise.transpose %b : !rise.array<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %bp = rise.to_mem global %bt : !rise.array<1024x1024xf32>
  %ablk = rise.split 32 %a : !rise.array<1024x1024xf32> -> !rise.array<32x32x1024xf32>
  %bblk = rise.split 32 %bp : !rise.array<1024x1024xf32> -> !rise.array<32x32x1024xf32>
  %tiles = rise.map par %ablk : !rise.array<32x32x1024xf32> -> !rise.array<32x32x32x32xf32> {
  ^bb0(%arows: !rise.array<32x1024xf32>):
    %trow = rise.map seq %bblk : !rise.array<32x32x1024xf32> -> !rise.array<32x32x32xf32> {
    ^bb0(%bcols: !rise.array<32x1024xf32>):
      %tile = rise.map seq %arows : !rise.array<32x1024xf32> -> !rise.array<32x32xf32> {
      ^bb0(%arow: !rise.array<1024xf32>):
        %tline = rise.map seq %bcols : !rise.array<32x1024xf32> -> !rise.array<32xf32> {
        ^bb0(%bcol: !rise.array<1024xf32>):
          %dzip = rise.zip %arow, %bcol : !rise.array<1024xf32>, !rise.array<1024xf32> -> !rise.array<1024x!rise.pair<f32, f32>>
          %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<1024x!rise.pair<f32, f32>> -> f32 {
          ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
            %l = rise.fst %p : !rise.pair<f32, f32> -> f32
            %r = rise.snd %p : !rise.pair<f32, f32> -> f32
            %m = arith.mulf %l, %r : f32
            %s = arith.addf %acc, %m : f32
            rise.yield %s : f32
          }
          rise.yield %dsum : f32
        }
        rise.yield %tline : !rise.array<32xf32>
      }
      %ptile = rise.to_mem private %tile : !rise.array<32x32xf32>
      rise.yield %ptile : !rise.array<32x32xf32>
    }
    rise.yield %trow : !rise.array<32x32x32xf32>
  }
  // tiles[it][jt][ii][jj] -> C[it*32 + ii][jt*32 + jj]
  %bands = rise.map %tiles : !rise.array<32x32x32x32xf32> -> !rise.array<32x32x1024xf32> {
  ^bb0(%band: !rise.array<32x32x32xf32>):
    %bt2 = rise.transpose %band : !rise.array<32x32x32xf32> -> !rise.array<32x32x32xf32>
    %lines = rise.map %bt2 : !rise.array<32x32x32xf32> -> !rise.array<32x1024xf32> {
    ^bb0(%pieces: !rise.array<32x32xf32>):
      %line = rise.join %pieces : !rise.array<32x32xf32> -> !rise.array<1024xf32>
      rise.yield %line : !rise.array<1024xf32>
    }
    rise.yield %lines : !rise.array<32x1024xf32>
  }
  %c = rise.join %bands : !rise.array<32x32x1024xf32> -> !rise.array<1024x1024xf32>
  rise.out %c, %C : !rise.array<1024x1024xf32>, memref<1024x1024xf32>
  return
}

func.func @matmul_lowlevel_small(%A: memref<8x9xf32>, %B: memref<9x12xf32>, %C: memref<8x12xf32>) {
  %a = rise.in %A : memref<8x9xf32> -> !rise.array<8x9xf32>
  %b = rise.in %B : memref<9x12xf32> -> !rise.array<9x12xf32>
  %zero = arith.constant 0.0 : f32
  // array packing: B transposed into a buffer
  %bt = rise.transpose %b : !rise.array<9x12xf32> -> !rise.array<12x9xf32>
  %bp = rise.to_mem global %bt : !rise.array<12x9xf32>
  %ablk = rise.split 4 %a : !rise.array<8x9xf32> -> !rise.array<2x4x9xf32>
  %bblk = rise.split 4 %bp : !rise.array<12x9xf32> -> !rise.array<3x4x9xf32>
  %tiles = rise.map par %ablk : !rise.array<2x4x9xf32> -> !rise.array<2x3x4x4xf32> {
  ^bb0(%arows: !rise.array<4x9xf32>):
    %trow = rise.map seq %bblk : !rise.array<3x4x9xf32> -> !rise.array<3x4x4xf32> {
    ^bb0(%bcols: !rise.array<4x9xf32>):
      %tile = rise.map seq %arows : !rise.array<4x9xf32> -> !rise.array<4x4xf32> {
      ^bb0(%arow: !rise.array<9xf32>):
        %tline = rise.map seq %bcols : !rise.array<4x9xf32> -> !rise.array<4xf32> {
        ^bb0(%bcol: !rise.array<9xf32>):
          %dzip = rise.zip %arow, %bcol : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
          %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<9x!rise.pair<f32, f32>> -> f32 {
          ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
            %l = rise.fst %p : !rise.pair<f32, f32> -> f32
            %r = rise.snd %p : !rise.pair<f32, f32> -> f32
            %m = arith.mulf %l, %r : f32
            %s = arith.addf %acc, %m : f32
            rise.yield %s : f32
          }
          rise.yield %dsum : f32
        }
        rise.yield %tline : !rise.array<4xf32>
      }
      %ptile = rise.to_mem private %tile : !rise.array<4x4xf32>
      rise.yield %ptile : !rise.array<4x4xf32>
    }
    rise.yield %trow : !rise.array<3x4x4xf32>
  }
  // tiles[it][jt][ii][jj] -> C[it*4 + ii][jt*4 + jj]
  %bands = rise.map %tiles : !rise.array<2x3x4x4xf32> -> !rise.array<2x4x12xf32> {
  ^bb0(%band: !rise.array<3x4x4xf32>):
    %bt2 = rise.transpose %band : !rise.array<3x4x4xf32> -> !rise.array<4x3x4xf32>
    %lines = rise.map %bt2 : !rise.array<4x3x4xf32> -> !rise.array<4x12xf32> {
    ^bb0(%pieces: !rise.array<3x4xf32>):
      %line = rise.join %pieces : !rise.array<3x4xf32> -> !rise.array<12xf32>
      rise.yield %line : !rise.array<12xf32>
    }
    rise.yield %lines : !rise.array<4x12xf32>
  }
  %c = rise.join %bands : !rise.array<2x4x12xf32> -> !rise.array<8x12xf32>
  rise.out %c, %C : !rise.array<8x12xf32>, memref<8x12xf32>
  return
}

func.func @matmul_lowlevel_medium(%A: memref<36x23xf32>, %B: memref<23x28xf32>, %C: memref<36x28xf32>) {
  %a = rise.in %A : memref<36x23xf32> -> !rise.array<36x23xf32>
  %b = rise.in %B : memref<23x28xf32> -> !rise.array<23x28xf32>
  %zero = arith.constant 0.0 : f32
  // array packing: B transposed into a buffer
  %bt = rise.transpose %b : !rise.array<23x28xf32> -> !rise.array<28x23xf32>
  %bp = rise.to_mem global %bt : !rise.array<28x23xf32>
  %ablk = rise.split 4 %a : !rise.array<36x23xf32> -> !rise.array<9x4x23xf32>
  %bblk = rise.split 4 %bp : !rise.array<28x23xf32> -> !rise.array<7x4x23xf32>
  %tiles = rise.map par %ablk : !rise.array<9x4x23xf32> -> !rise.array<9x7x4x4xf32> {
  ^bb0(%arows: !rise.array<4x23xf32>):
    %trow = rise.map seq %bblk : !rise.array<7x4x23xf32> -> !rise.array<7x4x4xf32> {
    ^bb0(%bcols: !rise.array<4x23xf32>):
      %tile = rise.map seq %arows : !rise.array<4x23xf32> -> !rise.array<4x4xf32> {
      ^bb0(%arow: !rise.array<23xf32>):
        %tline = rise.map seq %bcols : !rise.array<4x23xf32> -> !rise.array<4xf32> {
        ^bb0(%bcol: !rise.array<23xf32>):
          %dzip = rise.zip %arow, %bcol : !rise.array<23xf32>, !rise.array<23xf32> -> !rise.array<23x!rise.pair<f32, f32>>
          %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<23x!rise.pair<f32, f32>> -> f32 {
          ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
            %l = rise.fst %p : !rise.pair<f32, f32> -> f32
            %r = rise.snd %p : !rise.pair<f32, f32> -> f32
            %m = arith.mulf %l, %r : f32
            %s = arith.addf %acc, %m : f32
            rise.yield %s : f32
          }
          rise.yield %dsum : f32
        }
        rise.yield %tline : !rise.array<4xf32>
      }
      %ptile = rise.to_mem private %tile : !rise.array<4x4xf32>
      rise.yield %ptile : !rise.array<4x4xf32>
    }
    rise.yield %trow : !rise.array<7x4x4xf32>
  }
  // tiles[it][jt][ii][jj] -> C[it*4 + ii][jt*4 + jj]
  %bands = rise.map %tiles : !rise.array<9x7x4x4xf32> -> !rise.array<9x4x28xf32> {
  ^bb0(%band: !rise.array<7x4x4xf32>):
    %bt2 = rise.transpose %band : !rise.array<7x4x4xf32> -> !rise.array<4x7x4xf32>
    %lines = rise.map %bt2 : !rise.array<4x7x4xf32> -> !rise.array<4x28xf32> {
    ^bb0(%pieces: !rise.array<7x4xf32>):
      %line = rise.join %pieces : !rise.array<7x4xf32> -> !rise.array<28xf32>
      rise.yield %line : !rise.array<28xf32>
    }
    rise.yield %lines : !rise.array<4x28xf32>
  }
  %c = rise.join %bands : !rise.array<9x4x28xf32> -> !rise.array<36x28xf32>
  rise.out %c, %C : !rise.array<36x28xf32>, memref<36x28xf32>
  return
}
