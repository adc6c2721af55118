// ProgGen seed (linalg): matvec. Written by test/proggen/make_seeds.py.

func.func @matvec(%a: memref<128x96xf32>, %x: memref<96xf32>, %out: memref<128xf32>) {
  %v1 = rise.in %a : memref<128x96xf32> -> !rise.array<128x96xf32>
  %v2 = rise.in %x : memref<96xf32> -> !rise.array<96xf32>
  %v3 = rise.map %v1 : !rise.array<128x96xf32> -> !rise.array<128xf32> {
    ^bb0(%v4: !rise.array<96xf32>):
      %v5 = rise.zip %v4, %v2 : !rise.array<96xf32>, !rise.array<96xf32> -> !rise.array<96x!rise.pair<f32, f32>>
      %v6 = rise.map %v5 : !rise.array<96x!rise.pair<f32, f32>> -> !rise.array<96xf32> {
        ^bb0(%v7: !rise.pair<f32, f32>):
          %v8 = rise.fst %v7 : !rise.pair<f32, f32> -> f32
          %v9 = rise.snd %v7 : !rise.pair<f32, f32> -> f32
          %v10 = arith.mulf %v8, %v9 : f32
          rise.yield %v10 : f32
      }
      %v11 = arith.constant 0.000000000e+00 : f32
      %v12 = rise.reduce %v11, %v6 : f32, !rise.array<96xf32> -> f32 {
        ^bb0(%v13: f32, %v14: f32):
          %v15 = arith.addf %v13, %v14 : f32
          rise.yield %v15 : f32
      }
      rise.yield %v12 : f32
  }
  rise.out %v3, %out : !rise.array<128xf32>, memref<128xf32>
  return
}
