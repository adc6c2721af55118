// ProgGen seed (ml): conv_relu. Written by test/proggen/make_seeds.py.

func.func @conv_relu(%x: memref<48x64xf32>, %out: memref<48x64xf32>) {
  %v1 = rise.in %x : memref<48x64xf32> -> !rise.array<48x64xf32>
  %v2 = rise.literal dense<[[6.250000000e-02, 1.250000000e-01, 6.250000000e-02], [1.250000000e-01, 2.500000000e-01, 1.250000000e-01], [6.250000000e-02, 1.250000000e-01, 6.250000000e-02]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %v3 = rise.join %v2 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %v4 = rise.map %v1 : !rise.array<48x64xf32> -> !rise.array<48x66xf32> {
    ^bb0(%v5: !rise.array<64xf32>):
      %v6 = rise.pad_clamp 1, 1 %v5 : !rise.array<64xf32> -> !rise.array<66xf32>
      rise.yield %v6 : !rise.array<66xf32>
  }
  %v7 = rise.pad_clamp 1, 1 %v4 : !rise.array<48x66xf32> -> !rise.array<50x66xf32>
  %v8 = rise.slide 3, 1 %v7 : !rise.array<50x66xf32> -> !rise.array<48x3x66xf32>
  %v9 = rise.map %v8 : !rise.array<48x3x66xf32> -> !rise.array<48x64x3x3xf32> {
    ^bb0(%v10: !rise.array<3x66xf32>):
      %v11 = rise.map %v10 : !rise.array<3x66xf32> -> !rise.array<3x64x3xf32> {
        ^bb0(%v12: !rise.array<66xf32>):
          %v13 = rise.slide 3, 1 %v12 : !rise.array<66xf32> -> !rise.array<64x3xf32>
          rise.yield %v13 : !rise.array<64x3xf32>
      }
      %v14 = rise.transpose %v11 : !rise.array<3x64x3xf32> -> !rise.array<64x3x3xf32>
      rise.yield %v14 : !rise.array<64x3x3xf32>
  }
  %v15 = rise.map %v9 : !rise.array<48x64x3x3xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v16: !rise.array<64x3x3xf32>):
      %v17 = rise.map %v16 : !rise.array<64x3x3xf32> -> !rise.array<64xf32> {
        ^bb0(%v18: !rise.array<3x3xf32>):
          %v19 = rise.join %v18 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v20 = rise.zip %v19, %v3 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
          %v21 = rise.map %v20 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
            ^bb0(%v22: !rise.pair<f32, f32>):
              %v23 = rise.fst %v22 : !rise.pair<f32, f32> -> f32
              %v24 = rise.snd %v22 : !rise.pair<f32, f32> -> f32
              %v25 = arith.mulf %v23, %v24 : f32
              rise.yield %v25 : f32
          }
          %v26 = arith.constant 0.000000000e+00 : f32
          %v27 = rise.reduce %v26, %v21 : f32, !rise.array<9xf32> -> f32 {
            ^bb0(%v28: f32, %v29: f32):
              %v30 = arith.addf %v28, %v29 : f32
              rise.yield %v30 : f32
          }
          rise.yield %v27 : f32
      }
      rise.yield %v17 : !rise.array<64xf32>
  }
  %v31 = rise.map %v15 : !rise.array<48x64xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v32: !rise.array<64xf32>):
      %v33 = rise.map %v32 : !rise.array<64xf32> -> !rise.array<64xf32> {
        ^bb0(%v34: f32):
          %v35 = arith.constant 0.000000000e+00 : f32
          %v36 = arith.maximumf %v35, %v34 : f32
          rise.yield %v36 : f32
      }
      rise.yield %v33 : !rise.array<64xf32>
  }
  rise.out %v31, %out : !rise.array<48x64xf32>, memref<48x64xf32>
  return
}
