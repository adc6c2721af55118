// ProgGen seed (image): box5_separable. Written by test/proggen/make_seeds.py.

func.func @box5_separable(%x: memref<48x64xf32>, %out: memref<48x64xf32>) {
  %v1 = rise.in %x : memref<48x64xf32> -> !rise.array<48x64xf32>
  %v2 = rise.literal dense<[2.000000000e-01, 2.000000000e-01, 2.000000000e-01, 2.000000000e-01, 2.000000000e-01]> : tensor<5xf32> -> !rise.array<5xf32>
  %v3 = rise.map %v1 : !rise.array<48x64xf32> -> !rise.array<48x68xf32> {
    ^bb0(%v4: !rise.array<64xf32>):
      %v5 = rise.pad_clamp 2, 2 %v4 : !rise.array<64xf32> -> !rise.array<68xf32>
      rise.yield %v5 : !rise.array<68xf32>
  }
  %v6 = rise.pad_clamp 2, 2 %v3 : !rise.array<48x68xf32> -> !rise.array<52x68xf32>
  %v7 = rise.map %v6 : !rise.array<52x68xf32> -> !rise.array<52x64xf32> {
    ^bb0(%v8: !rise.array<68xf32>):
      %v9 = rise.slide 5, 1 %v8 : !rise.array<68xf32> -> !rise.array<64x5xf32>
      %v10 = rise.map %v9 : !rise.array<64x5xf32> -> !rise.array<64xf32> {
        ^bb0(%v11: !rise.array<5xf32>):
          %v12 = rise.zip %v11, %v2 : !rise.array<5xf32>, !rise.array<5xf32> -> !rise.array<5x!rise.pair<f32, f32>>
          %v13 = rise.map %v12 : !rise.array<5x!rise.pair<f32, f32>> -> !rise.array<5xf32> {
            ^bb0(%v14: !rise.pair<f32, f32>):
              %v15 = rise.fst %v14 : !rise.pair<f32, f32> -> f32
              %v16 = rise.snd %v14 : !rise.pair<f32, f32> -> f32
              %v17 = arith.mulf %v15, %v16 : f32
              rise.yield %v17 : f32
          }
          %v18 = arith.constant 0.000000000e+00 : f32
          %v19 = rise.reduce %v18, %v13 : f32, !rise.array<5xf32> -> f32 {
            ^bb0(%v20: f32, %v21: f32):
              %v22 = arith.addf %v20, %v21 : f32
              rise.yield %v22 : f32
          }
          rise.yield %v19 : f32
      }
      rise.yield %v10 : !rise.array<64xf32>
  }
  %v23 = rise.transpose %v7 : !rise.array<52x64xf32> -> !rise.array<64x52xf32>
  %v24 = rise.map %v23 : !rise.array<64x52xf32> -> !rise.array<64x48xf32> {
    ^bb0(%v25: !rise.array<52xf32>):
      %v26 = rise.slide 5, 1 %v25 : !rise.array<52xf32> -> !rise.array<48x5xf32>
      %v27 = rise.map %v26 : !rise.array<48x5xf32> -> !rise.array<48xf32> {
        ^bb0(%v28: !rise.array<5xf32>):
          %v29 = rise.zip %v28, %v2 : !rise.array<5xf32>, !rise.array<5xf32> -> !rise.array<5x!rise.pair<f32, f32>>
          %v30 = rise.map %v29 : !rise.array<5x!rise.pair<f32, f32>> -> !rise.array<5xf32> {
            ^bb0(%v31: !rise.pair<f32, f32>):
              %v32 = rise.fst %v31 : !rise.pair<f32, f32> -> f32
              %v33 = rise.snd %v31 : !rise.pair<f32, f32> -> f32
              %v34 = arith.mulf %v32, %v33 : f32
              rise.yield %v34 : f32
          }
          %v35 = arith.constant 0.000000000e+00 : f32
          %v36 = rise.reduce %v35, %v30 : f32, !rise.array<5xf32> -> f32 {
            ^bb0(%v37: f32, %v38: f32):
              %v39 = arith.addf %v37, %v38 : f32
              rise.yield %v39 : f32
          }
          rise.yield %v36 : f32
      }
      rise.yield %v27 : !rise.array<48xf32>
  }
  %v40 = rise.transpose %v24 : !rise.array<64x48xf32> -> !rise.array<48x64xf32>
  rise.out %v40, %out : !rise.array<48x64xf32>, memref<48x64xf32>
  return
}
