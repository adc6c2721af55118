// Matrix-matrix product: C[i][j] = sum_k A[i][k] * B[k][j] (left fold from 0).
//
//   A |> map (\arow. transpose B |> map (\bcol. dot arow bcol))
//
// Arguments: (%A: m x k, %B: k x n, %C: m x n) -- %C is the output.
// @matmul: 1024 x 1024 x 1024; @matmul_small: m = 7, k = 9, n = 5;
// @matmul_medium: m = 33, k = 47, n = 29.

func.func @matmul(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>, %C: memref<1024x1024xf32>) {
  %a = rise.in %A : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %b = rise.in %B : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %bt = rise.transpose %b : !rise.array<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %zero = arith.constant 0.0 : f32
  %c = rise.map %a : !rise.array<1024x1024xf32> -> !rise.array<1024x1024xf32> {
  ^bb0(%arow: !rise.array<1024xf32>):
    %crow = rise.map %bt : !rise.array<1024x1024xf32> -> !rise.array<1024xf32> {
    ^bb0(%bcol: !rise.array<1024xf32>):
      %dzip = rise.zip %arow, %bcol : !rise.array<1024xf32>, !rise.array<1024xf32> -> !rise.array<1024x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<1024x!rise.pair<f32, f32>> -> !rise.array<1024xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<1024xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %crow : !rise.array<1024xf32>
  }
  rise.out %c, %C : !rise.array<1024x1024xf32>, memref<1024x1024xf32>
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

func.func @matmul_medium(%A: memref<33x47xf32>, %B: memref<47x29xf32>, %C: memref<33x29xf32>) {
  %a = rise.in %A : memref<33x47xf32> -> !rise.array<33x47xf32>
  %b = rise.in %B : memref<47x29xf32> -> !rise.array<47x29xf32>
  %bt = rise.transpose %b : !rise.array<47x29xf32> -> !rise.array<29x47xf32>
  %zero = arith.constant 0.0 : f32
  %c = rise.map %a : !rise.array<33x47xf32> -> !rise.array<33x29xf32> {
  ^bb0(%arow: !rise.array<47xf32>):
    %crow = rise.map %bt : !rise.array<29x47xf32> -> !rise.array<29xf32> {
    ^bb0(%bcol: !rise.array<47xf32>):
      %dzip = rise.zip %arow, %bcol : !rise.array<47xf32>, !rise.array<47xf32> -> !rise.array<47x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<47x!rise.pair<f32, f32>> -> !rise.array<47xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<47xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %crow : !rise.array<29xf32>
  }
  rise.out %c, %C : !rise.array<33x29xf32>, memref<33x29xf32>
  return
}
