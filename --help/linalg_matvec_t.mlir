// ProgGen seed (linalg): matvec_t. Written by test/proggen/make_seeds.py.

func.func @matvec_t(%a: memref<96x128xf32>, %x: memref<96xf32>, %out: memref<128xf32>) {
  %v1 = rise.in %a : memref<96x128xf32> -> !rise.array<96x128xf32>
  %v2 = rise.in %x : memref<96xf32> -> !rise.array<96xf32>
  %v3 = rise.transpose %v1 : !rise.array<96x128xf32> -> !rise.array<128x96xf32>
  %v4 = rise.map %v3 : !rise.array<128x96xf32> -> !rise.array<128xf32> {
    ^bb0(%v5: !rise.array<96xf32>):
      %v6 = rise.zip %v5, %v2 : !rise.array<96xf32>, !rise.array<96xf32> -> !rise.array<96x!rise.pair<f32, f32>>
      %v7 = rise.map %v6 : !rise.array<96x!rise.pair<f32, f32>> -> !rise.array<96xf32> {
        ^bb0(%v8: !rise.pair<f32, f32>):
          %v9 = rise.fst %v8 : !rise.pair<f32, f32> -> f32
          %v10 = rise.snd %v8 : !rise.pair<f32, f32> -> f32
          %v11 = arith.mulf %v9, %v10 : f32
          rise.yield %v11 : f32
      }
      %v12 = arith.constant 0.000000000e+00 : f32
      %v13 = rise.reduce %v12, %v7 : f32, !rise.array<96xf32> -> f32 {
        ^bb0(%v14: f32, %v15: f32):
          %v16 = arith.addf %v14, %v15 : f32
          rise.yield %v16 : f32
      }
      rise.yield %v13 : f32
  }
  rise.out %v4, %out : !rise.array<128xf32>, memref<128xf32>
  return
}
