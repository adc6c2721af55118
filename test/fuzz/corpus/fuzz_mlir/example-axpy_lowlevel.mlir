// Vectorised axpy: out[i] = a*x[i] + y[i], exactly what knossos.mlir's @axpy
// computes (the same two roundings per element).
//
//   asVector 4 x |> mapPar (mapVec (\xi. a * xi))
//     |> zip _ (asVector 4 y) |> mapPar (\p. fst p + snd p) |> asScalar
//
// Arguments: (%a: f32, %x: n, %y: n, %out: n) -- %out is the output; n % 4 == 0.
// @axpy_lowlevel: n = 1048576; @axpy_lowlevel_small: n = 36.

func.func @axpy_lowlevel(%a: f32, %x: memref<1048576xf32>, %y: memref<1048576xf32>, %out: memref<1048576xf32>) {
  %xs = rise.in %x : memref<1048576xf32> -> !rise.array<1048576xf32>
  %ys = rise.in %y : memref<1048576xf32> -> !rise.array<1048576xf32>
  %xv = rise.as_vector 4 %xs : !rise.array<1048576xf32> -> !rise.array<262144xvector<4xf32>>
  %yv = rise.as_vector 4 %ys : !rise.array<1048576xf32> -> !rise.array<262144xvector<4xf32>>
  %ax = rise.map par %xv : !rise.array<262144xvector<4xf32>> -> !rise.array<262144xvector<4xf32>> {
  ^bb0(%v: vector<4xf32>):
    %av = rise.map vec %v : vector<4xf32> -> vector<4xf32> {
    ^bb0(%lane: f32):
      %al = arith.mulf %a, %lane : f32
      rise.yield %al : f32
    }
    rise.yield %av : vector<4xf32>
  }
  %axy = rise.zip %ax, %yv : !rise.array<262144xvector<4xf32>>, !rise.array<262144xvector<4xf32>> -> !rise.array<262144x!rise.pair<vector<4xf32>, vector<4xf32>>>
  %sum = rise.map par %axy : !rise.array<262144x!rise.pair<vector<4xf32>, vector<4xf32>>> -> !rise.array<262144xvector<4xf32>> {
  ^bb0(%p: !rise.pair<vector<4xf32>, vector<4xf32>>):
    %l = rise.fst %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %r = rise.snd %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %s = arith.addf %l, %r : vector<4xf32>
    rise.yield %s : vector<4xf32>
  }
  %res = rise.as_scalar %sum : !rise.array<262144xvector<4xf32>> -> !rise.array<1048576xf32>
  rise.out %res, %out : !rise.array<1048576xf32>, memref<1048576xf32>
  return
}

func.func @axpy_lowlevel_small(%a: f32, %x: memref<36xf32>, %y: memref<36xf32>, %out: memref<36xf32>) {
  %xs = rise.in %x : memref<36xf32> -> !rise.array<36xf32>
  %ys = rise.in %y : memref<36xf32> -> !rise.array<36xf32>
  %xv = rise.as_vector 4 %xs : !rise.array<36xf32> -> !rise.array<9xvector<4xf32>>
  %yv = rise.as_vector 4 %ys : !rise.array<36xf32> -> !rise.array<9xvector<4xf32>>
  %ax = rise.map par %xv : !rise.array<9xvector<4xf32>> -> !rise.array<9xvector<4xf32>> {
  ^bb0(%v: vector<4xf32>):
    %av = rise.map vec %v : vector<4xf32> -> vector<4xf32> {
    ^bb0(%lane: f32):
      %al = arith.mulf %a, %lane : f32
      rise.yield %al : f32
    }
    rise.yield %av : vector<4xf32>
  }
  %axy = rise.zip %ax, %yv : !rise.array<9xvector<4xf32>>, !rise.array<9xvector<4xf32>> -> !rise.array<9x!rise.pair<vector<4xf32>, vector<4xf32>>>
  %sum = rise.map par %axy : !rise.array<9x!rise.pair<vector<4xf32>, vector<4xf32>>> -> !rise.array<9xvector<4xf32>> {
  ^bb0(%p: !rise.pair<vector<4xf32>, vector<4xf32>>):
    %l = rise.fst %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %r = rise.snd %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %s = arith.addf %l, %r : vector<4xf32>
    rise.yield %s : vector<4xf32>
  }
  %res = rise.as_scalar %sum : !rise.array<9xvector<4xf32>> -> !rise.array<36xf32>
  rise.out %res, %out : !rise.array<36xf32>, memref<36xf32>
  return
}
