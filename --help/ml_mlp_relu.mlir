// ProgGen seed (ml): mlp_relu. Written by test/proggen/make_seeds.py.

func.func @mlp_relu(%x: memref<16x64xf32>, %w: memref<48x64xf32>, %b: memref<48xf32>, %out: memref<16x48xf32>) {
  %v1 = rise.in %x : memref<16x64xf32> -> !rise.array<16x64xf32>
  %v2 = rise.in %w : memref<48x64xf32> -> !rise.array<48x64xf32>
  %v3 = rise.in %b : memref<48xf32> -> !rise.array<48xf32>
  %v4 = rise.map %v1 : !rise.array<16x64xf32> -> !rise.array<16x48xf32> {
    ^bb0(%v5: !rise.array<64xf32>):
      %v6 = rise.map %v2 : !rise.array<48x64xf32> -> !rise.array<48xf32> {
        ^bb0(%v7: !rise.array<64xf32>):
          %v8 = rise.zip %v5, %v7 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
          %v9 = rise.map %v8 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
            ^bb0(%v10: !rise.pair<f32, f32>):
              %v11 = rise.fst %v10 : !rise.pair<f32, f32> -> f32
              %v12 = rise.snd %v10 : !rise.pair<f32, f32> -> f32
              %v13 = arith.mulf %v11, %v12 : f32
              rise.yield %v13 : f32
          }
          %v14 = arith.constant 0.000000000e+00 : f32
          %v15 = rise.reduce %v14, %v9 : f32, !rise.array<64xf32> -> f32 {
            ^bb0(%v16: f32, %v17: f32):
              %v18 = arith.addf %v16, %v17 : f32
              rise.yield %v18 : f32
          }
          rise.yield %v15 : f32
      }
      rise.yield %v6 : !rise.array<48xf32>
  }
  %v19 = rise.map %v4 : !rise.array<16x48xf32> -> !rise.array<16x48xf32> {
    ^bb0(%v20: !rise.array<48xf32>):
      %v21 = rise.zip %v20, %v3 : !rise.array<48xf32>, !rise.array<48xf32> -> !rise.array<48x!rise.pair<f32, f32>>
      %v22 = rise.map %v21 : !rise.array<48x!rise.pair<f32, f32>> -> !rise.array<48xf32> {
        ^bb0(%v23: !rise.pair<f32, f32>):
          %v24 = rise.fst %v23 : !rise.pair<f32, f32> -> f32
          %v25 = rise.snd %v23 : !rise.pair<f32, f32> -> f32
          %v26 = arith.constant 0.000000000e+00 : f32
          %v27 = arith.addf %v24, %v25 : f32
          %v28 = arith.maximumf %v26, %v27 : f32
          rise.yield %v28 : f32
      }
      rise.yield %v22 : !rise.array<48xf32>
  }
  rise.out %v19, %out : !rise.array<16x48xf32>, memref<16x48xf32>
  return
}
