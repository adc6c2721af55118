// ProgGen seed (linalg): gemv_ab. Written by test/proggen/make_seeds.py.

func.func @gemv_ab(%alpha: f32, %beta: f32, %a: memref<96x64xf32>, %x: memref<64xf32>, %y: memref<96xf32>, %out: memref<96xf32>) {
  %v1 = rise.in %a : memref<96x64xf32> -> !rise.array<96x64xf32>
  %v2 = rise.in %x : memref<64xf32> -> !rise.array<64xf32>
  %v3 = rise.in %y : memref<96xf32> -> !rise.array<96xf32>
  %v4 = rise.map %v1 : !rise.array<96x64xf32> -> !rise.array<96xf32> {
    ^bb0(%v5: !rise.array<64xf32>):
      %v6 = rise.zip %v5, %v2 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v7 = rise.map %v6 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v8: !rise.pair<f32, f32>):
          %v9 = rise.fst %v8 : !rise.pair<f32, f32> -> f32
          %v10 = rise.snd %v8 : !rise.pair<f32, f32> -> f32
          %v11 = arith.mulf %v9, %v10 : f32
          rise.yield %v11 : f32
      }
      %v12 = arith.constant 0.000000000e+00 : f32
      %v13 = rise.reduce %v12, %v7 : f32, !rise.array<64xf32> -> f32 {
        ^bb0(%v14: f32, %v15: f32):
          %v16 = arith.addf %v14, %v15 : f32
          rise.yield %v16 : f32
      }
      rise.yield %v13 : f32
  }
  %v17 = rise.zip %v4, %v3 : !rise.array<96xf32>, !rise.array<96xf32> -> !rise.array<96x!rise.pair<f32, f32>>
  %v18 = rise.map %v17 : !rise.array<96x!rise.pair<f32, f32>> -> !rise.array<96xf32> {
    ^bb0(%v19: !rise.pair<f32, f32>):
      %v20 = rise.fst %v19 : !rise.pair<f32, f32> -> f32
      %v21 = rise.snd %v19 : !rise.pair<f32, f32> -> f32
      %v22 = arith.mulf %alpha, %v20 : f32
      %v23 = arith.mulf %beta, %v21 : f32
      %v24 = arith.addf %v22, %v23 : f32
      rise.yield %v24 : f32
  }
  rise.out %v18, %out : !rise.array<96xf32>, memref<96xf32>
  return
}
