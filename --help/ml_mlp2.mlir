// ProgGen seed (ml): mlp2. Written by test/proggen/make_seeds.py.

func.func @mlp2(%x: memref<16x32xf32>, %w1: memref<64x32xf32>, %w2: memref<16x64xf32>, %out: memref<16x16xf32>) {
  %v1 = rise.in %x : memref<16x32xf32> -> !rise.array<16x32xf32>
  %v2 = rise.in %w1 : memref<64x32xf32> -> !rise.array<64x32xf32>
  %v3 = rise.in %w2 : memref<16x64xf32> -> !rise.array<16x64xf32>
  %v4 = rise.map %v1 : !rise.array<16x32xf32> -> !rise.array<16x64xf32> {
    ^bb0(%v5: !rise.array<32xf32>):
      %v6 = rise.map %v2 : !rise.array<64x32xf32> -> !rise.array<64xf32> {
        ^bb0(%v7: !rise.array<32xf32>):
          %v8 = rise.zip %v5, %v7 : !rise.array<32xf32>, !rise.array<32xf32> -> !rise.array<32x!rise.pair<f32, f32>>
          %v9 = rise.map %v8 : !rise.array<32x!rise.pair<f32, f32>> -> !rise.array<32xf32> {
            ^bb0(%v10: !rise.pair<f32, f32>):
              %v11 = rise.fst %v10 : !rise.pair<f32, f32> -> f32
              %v12 = rise.snd %v10 : !rise.pair<f32, f32> -> f32
              %v13 = arith.mulf %v11, %v12 : f32
              rise.yield %v13 : f32
          }
          %v14 = arith.constant 0.000000000e+00 : f32
          %v15 = rise.reduce %v14, %v9 : f32, !rise.array<32xf32> -> f32 {
            ^bb0(%v16: f32, %v17: f32):
              %v18 = arith.addf %v16, %v17 : f32
              rise.yield %v18 : f32
          }
          rise.yield %v15 : f32
      }
      rise.yield %v6 : !rise.array<64xf32>
  }
  %v19 = rise.map %v4 : !rise.array<16x64xf32> -> !rise.array<16x64xf32> {
    ^bb0(%v20: !rise.array<64xf32>):
      %v21 = rise.map %v20 : !rise.array<64xf32> -> !rise.array<64xf32> {
        ^bb0(%v22: f32):
          %v23 = arith.constant 0.000000000e+00 : f32
          %v24 = arith.maximumf %v23, %v22 : f32
          rise.yield %v24 : f32
      }
      rise.yield %v21 : !rise.array<64xf32>
  }
  %v25 = rise.map %v19 : !rise.array<16x64xf32> -> !rise.array<16x16xf32> {
    ^bb0(%v26: !rise.array<64xf32>):
      %v27 = rise.map %v3 : !rise.array<16x64xf32> -> !rise.array<16xf32> {
        ^bb0(%v28: !rise.array<64xf32>):
          %v29 = rise.zip %v26, %v28 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
          %v30 = rise.map %v29 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
            ^bb0(%v31: !rise.pair<f32, f32>):
              %v32 = rise.fst %v31 : !rise.pair<f32, f32> -> f32
              %v33 = rise.snd %v31 : !rise.pair<f32, f32> -> f32
              %v34 = arith.mulf %v32, %v33 : f32
              rise.yield %v34 : f32
          }
          %v35 = arith.constant 0.000000000e+00 : f32
          %v36 = rise.reduce %v35, %v30 : f32, !rise.array<64xf32> -> f32 {
            ^bb0(%v37: f32, %v38: f32):
              %v39 = arith.addf %v37, %v38 : f32
              rise.yield %v39 : f32
          }
          rise.yield %v36 : f32
      }
      rise.yield %v27 : !rise.array<16xf32>
  }
  rise.out %v25, %out : !rise.array<16x16xf32>, memref<16x16xf32>
  return
}
