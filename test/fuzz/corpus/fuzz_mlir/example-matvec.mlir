// Matrix-vector product: y[i] = sum_j A[i][j] * x[j] (left fold from 0).
//
//   A |> map (\row. dot row x)
//
// Arguments: (%A: m x k, %x: k, %y: m) -- %y is the output.
// @matvec: 1024 x 1024; @matvec_small: 7 x 13.

func.func @matvec(%A: memref<1024x1024xf32>, %x: memref<1024xf32>, %y: memref<1024xf32>) {
  %mat = rise.in %A : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %vec = rise.in %x : memref<1024xf32> -> !rise.array<1024xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.map %mat : !rise.array<1024x1024xf32> -> !rise.array<1024xf32> {
  ^bb0(%row: !rise.array<1024xf32>):
    %dzip = rise.zip %row, %vec : !rise.array<1024xf32>, !rise.array<1024xf32> -> !rise.array<1024x!rise.pair<f32, f32>>
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
  rise.out %res, %y : !rise.array<1024xf32>, memref<1024xf32>
  return
}

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
