// ProgGen seed (linalg): gemm_ab. Written by test/proggen/make_seeds.py.

func.func @gemm_ab(%alpha: f32, %beta: f32, %a: memref<32x32xf32>, %b: memref<32x32xf32>, %c: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %v1 = rise.in %a : memref<32x32xf32> -> !rise.array<32x32xf32>
  %v2 = rise.in %b : memref<32x32xf32> -> !rise.array<32x32xf32>
  %v3 = rise.in %c : memref<32x32xf32> -> !rise.array<32x32xf32>
  %v4 = rise.transpose %v2 : !rise.array<32x32xf32> -> !rise.array<32x32xf32>
  %v5 = rise.map %v1 : !rise.array<32x32xf32> -> !rise.array<32x32xf32> {
    ^bb0(%v6: !rise.array<32xf32>):
      %v7 = rise.map %v4 : !rise.array<32x32xf32> -> !rise.array<32xf32> {
        ^bb0(%v8: !rise.array<32xf32>):
          %v9 = rise.zip %v6, %v8 : !rise.array<32xf32>, !rise.array<32xf32> -> !rise.array<32x!rise.pair<f32, f32>>
          %v10 = rise.map %v9 : !rise.array<32x!rise.pair<f32, f32>> -> !rise.array<32xf32> {
            ^bb0(%v11: !rise.pair<f32, f32>):
              %v12 = rise.fst %v11 : !rise.pair<f32, f32> -> f32
              %v13 = rise.snd %v11 : !rise.pair<f32, f32> -> f32
              %v14 = arith.mulf %v12, %v13 : f32
              rise.yield %v14 : f32
          }
          %v15 = arith.constant 0.000000000e+00 : f32
          %v16 = rise.reduce %v15, %v10 : f32, !rise.array<32xf32> -> f32 {
            ^bb0(%v17: f32, %v18: f32):
              %v19 = arith.addf %v17, %v18 : f32
              rise.yield %v19 : f32
          }
          rise.yield %v16 : f32
      }
      rise.yield %v7 : !rise.array<32xf32>
  }
  %v20 = rise.zip %v5, %v3 : !rise.array<32x32xf32>, !rise.array<32x32xf32> -> !rise.array<32x!rise.pair<!rise.array<32xf32>, !rise.array<32xf32>>>
  %v21 = rise.map %v20 : !rise.array<32x!rise.pair<!rise.array<32xf32>, !rise.array<32xf32>>> -> !rise.array<32x32xf32> {
    ^bb0(%v22: !rise.pair<!rise.array<32xf32>, !rise.array<32xf32>>):
      %v23 = rise.fst %v22 : !rise.pair<!rise.array<32xf32>, !rise.array<32xf32>> -> !rise.array<32xf32>
      %v24 = rise.snd %v22 : !rise.pair<!rise.array<32xf32>, !rise.array<32xf32>> -> !rise.array<32xf32>
      %v25 = rise.zip %v23, %v24 : !rise.array<32xf32>, !rise.array<32xf32> -> !rise.array<32x!rise.pair<f32, f32>>
      %v26 = rise.map %v25 : !rise.array<32x!rise.pair<f32, f32>> -> !rise.array<32xf32> {
        ^bb0(%v27: !rise.pair<f32, f32>):
          %v28 = rise.fst %v27 : !rise.pair<f32, f32> -> f32
          %v29 = rise.snd %v27 : !rise.pair<f32, f32> -> f32
          %v30 = arith.mulf %alpha, %v28 : f32
          %v31 = arith.mulf %beta, %v29 : f32
          %v32 = arith.addf %v30, %v31 : f32
          rise.yield %v32 : f32
      }
      rise.yield %v26 : !rise.array<32xf32>
  }
  rise.out %v21, %out : !rise.array<32x32xf32>, memref<32x32xf32>
  return
}
