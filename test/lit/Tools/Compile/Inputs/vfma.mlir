// y = a * x + y on vectors of 4 (math.fma), for code generation tests.
func.func @vaxpy(%a: f32, %x: memref<36xf32>, %y: memref<36xf32>, %out: memref<36xf32>) {
  %xs = rise.in %x : memref<36xf32> -> !rise.array<36xf32>
  %ys = rise.in %y : memref<36xf32> -> !rise.array<36xf32>
  %xv = rise.as_vector 4 %xs : !rise.array<36xf32> -> !rise.array<9xvector<4xf32>>
  %yv = rise.as_vector 4 %ys : !rise.array<36xf32> -> !rise.array<9xvector<4xf32>>
  %z = rise.zip %xv, %yv : !rise.array<9xvector<4xf32>>, !rise.array<9xvector<4xf32>> -> !rise.array<9x!rise.pair<vector<4xf32>, vector<4xf32>>>
  %m = rise.map seq %z : !rise.array<9x!rise.pair<vector<4xf32>, vector<4xf32>>> -> !rise.array<9xvector<4xf32>> {
  ^bb0(%p: !rise.pair<vector<4xf32>, vector<4xf32>>):
    %u = rise.fst %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %v = rise.snd %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %av = rise.vector_from_scalar %a : f32 -> vector<4xf32>
    %r = math.fma %av, %u, %v : vector<4xf32>
    rise.yield %r : vector<4xf32>
  }
  %s = rise.as_scalar %m : !rise.array<9xvector<4xf32>> -> !rise.array<36xf32>
  rise.out %s, %out : !rise.array<36xf32>, memref<36xf32>
  return
}
