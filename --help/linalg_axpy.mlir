// ProgGen seed (linalg): axpy. Written by test/proggen/make_seeds.py.

func.func @axpy(%alpha: f32, %x: memref<4096xf32>, %y: memref<4096xf32>, %out: memref<4096xf32>) {
  %v1 = rise.in %x : memref<4096xf32> -> !rise.array<4096xf32>
  %v2 = rise.in %y : memref<4096xf32> -> !rise.array<4096xf32>
  %v3 = rise.zip %v1, %v2 : !rise.array<4096xf32>, !rise.array<4096xf32> -> !rise.array<4096x!rise.pair<f32, f32>>
  %v4 = rise.map %v3 : !rise.array<4096x!rise.pair<f32, f32>> -> !rise.array<4096xf32> {
    ^bb0(%v5: !rise.pair<f32, f32>):
      %v6 = rise.fst %v5 : !rise.pair<f32, f32> -> f32
      %v7 = rise.snd %v5 : !rise.pair<f32, f32> -> f32
      %v8 = arith.mulf %alpha, %v6 : f32
      %v9 = arith.addf %v8, %v7 : f32
      rise.yield %v9 : f32
  }
  rise.out %v4, %out : !rise.array<4096xf32>, memref<4096xf32>
  return
}
