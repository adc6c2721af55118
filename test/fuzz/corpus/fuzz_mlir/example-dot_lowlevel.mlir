// Vectorised dot product (thesis vectorizeReductions): four lane-wise
// partial sums, then the lanes are summed.
//   part[l] = left fold from 0 of a[4i+l]*b[4i+l] over i      (l = 0..3)
//   out     = ((((0 + part[0]) + part[1]) + part[2]) + part[3])
// This reassociates @dot's sum, so it equals @dot only up to rounding; the
// reference test mirrors this exact order.
//
//   zip (asVector 4 a) (asVector 4 b)
//     |> reduceSeq (\acc p. acc + fst p * snd p) (vectorFromScalar 0)
//     |> (\v. generate (\_. v)) |> asScalar |> reduceSeqUnroll (+) 0
//
// Arguments: (%a: n, %b: n, %out: rank-0) -- %out is the output; n % 4 == 0.
// @dot_lowlevel: n = 1048576; @dot_lowlevel_small: n = 36.

func.func @dot_lowlevel(%a: memref<1048576xf32>, %b: memref<1048576xf32>, %out: memref<f32>) {
  %x = rise.in %a : memref<1048576xf32> -> !rise.array<1048576xf32>
  %y = rise.in %b : memref<1048576xf32> -> !rise.array<1048576xf32>
  %zero = arith.constant 0.0 : f32
  %xv = rise.as_vector 4 %x : !rise.array<1048576xf32> -> !rise.array<262144xvector<4xf32>>
  %yv = rise.as_vector 4 %y : !rise.array<1048576xf32> -> !rise.array<262144xvector<4xf32>>
  %xy = rise.zip %xv, %yv : !rise.array<262144xvector<4xf32>>, !rise.array<262144xvector<4xf32>> -> !rise.array<262144x!rise.pair<vector<4xf32>, vector<4xf32>>>
  %vzero = rise.vector_from_scalar %zero : f32 -> vector<4xf32>
  %lanes = rise.reduce seq %vzero, %xy : vector<4xf32>, !rise.array<262144x!rise.pair<vector<4xf32>, vector<4xf32>>> -> vector<4xf32> {
  ^bb0(%acc: vector<4xf32>, %p: !rise.pair<vector<4xf32>, vector<4xf32>>):
    %l = rise.fst %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %r = rise.snd %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %m = arith.mulf %l, %r : vector<4xf32>
    %s = arith.addf %acc, %m : vector<4xf32>
    rise.yield %s : vector<4xf32>
  }
  %one = rise.generate : !rise.array<1xvector<4xf32>> {
  ^bb0(%i: index):
    rise.yield %lanes : vector<4xf32>
  }
  %flat = rise.as_scalar %one : !rise.array<1xvector<4xf32>> -> !rise.array<4xf32>
  %sum = rise.reduce unroll %zero, %flat : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    rise.yield %s : f32
  }
  rise.out %sum, %out : f32, memref<f32>
  return
}

func.func @dot_lowlevel_small(%a: memref<36xf32>, %b: memref<36xf32>, %out: memref<f32>) {
  %x = rise.in %a : memref<36xf32> -> !rise.array<36xf32>
  %y = rise.in %b : memref<36xf32> -> !rise.array<36xf32>
  %zero = arith.constant 0.0 : f32
  %xv = rise.as_vector 4 %x : !rise.array<36xf32> -> !rise.array<9xvector<4xf32>>
  %yv = rise.as_vector 4 %y : !rise.array<36xf32> -> !rise.array<9xvector<4xf32>>
  %xy = rise.zip %xv, %yv : !rise.array<9xvector<4xf32>>, !rise.array<9xvector<4xf32>> -> !rise.array<9x!rise.pair<vector<4xf32>, vector<4xf32>>>
  %vzero = rise.vector_from_scalar %zero : f32 -> vector<4xf32>
  %lanes = rise.reduce seq %vzero, %xy : vector<4xf32>, !rise.array<9x!rise.pair<vector<4xf32>, vector<4xf32>>> -> vector<4xf32> {
  ^bb0(%acc: vector<4xf32>, %p: !rise.pair<vector<4xf32>, vector<4xf32>>):
    %l = rise.fst %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %r = rise.snd %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %m = arith.mulf %l, %r : vector<4xf32>
    %s = arith.addf %acc, %m : vector<4xf32>
    rise.yield %s : vector<4xf32>
  }
  %one = rise.generate : !rise.array<1xvector<4xf32>> {
  ^bb0(%i: index):
    rise.yield %lanes : vector<4xf32>
  }
  %flat = rise.as_scalar %one : !rise.array<1xvector<4xf32>> -> !rise.array<4xf32>
  %sum = rise.reduce unroll %zero, %flat : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    rise.yield %s : f32
  }
  rise.out %sum, %out : f32, memref<f32>
  return
}
