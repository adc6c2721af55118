// ProgGen seed (image): conv3x3_w. Written by test/proggen/make_seeds.py.

func.func @conv3x3_w(%x: memref<50x66xf32>, %w: memref<3x3xf32>, %out: memref<48x64xf32>) {
  %v1 = rise.in %x : memref<50x66xf32> -> !rise.array<50x66xf32>
  %v2 = rise.in %w : memref<3x3xf32> -> !rise.array<3x3xf32>
  %v3 = rise.slide 3, 1 %v1 : !rise.array<50x66xf32> -> !rise.array<48x3x66xf32>
  %v4 = rise.map %v3 : !rise.array<48x3x66xf32> -> !rise.array<48x64x3x3xf32> {
    ^bb0(%v5: !rise.array<3x66xf32>):
      %v6 = rise.map %v5 : !rise.array<3x66xf32> -> !rise.array<3x64x3xf32> {
        ^bb0(%v7: !rise.array<66xf32>):
          %v8 = rise.slide 3, 1 %v7 : !rise.array<66xf32> -> !rise.array<64x3xf32>
          rise.yield %v8 : !rise.array<64x3xf32>
      }
      %v9 = rise.transpose %v6 : !rise.array<3x64x3xf32> -> !rise.array<64x3x3xf32>
      rise.yield %v9 : !rise.array<64x3x3xf32>
  }
  %v10 = rise.map %v4 : !rise.array<48x64x3x3xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v11: !rise.array<64x3x3xf32>):
      %v12 = rise.map %v11 : !rise.array<64x3x3xf32> -> !rise.array<64xf32> {
        ^bb0(%v13: !rise.array<3x3xf32>):
          %v14 = rise.join %v13 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v15 = rise.join %v2 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v16 = rise.zip %v14, %v15 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
          %v17 = rise.map %v16 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
            ^bb0(%v18: !rise.pair<f32, f32>):
              %v19 = rise.fst %v18 : !rise.pair<f32, f32> -> f32
              %v20 = rise.snd %v18 : !rise.pair<f32, f32> -> f32
              %v21 = arith.mulf %v19, %v20 : f32
              rise.yield %v21 : f32
          }
          %v22 = arith.constant 0.000000000e+00 : f32
          %v23 = rise.reduce %v22, %v17 : f32, !rise.array<9xf32> -> f32 {
            ^bb0(%v24: f32, %v25: f32):
              %v26 = arith.addf %v24, %v25 : f32
              rise.yield %v26 : f32
          }
          rise.yield %v23 : f32
      }
      rise.yield %v12 : !rise.array<64xf32>
  }
  rise.out %v10, %out : !rise.array<48x64xf32>, memref<48x64xf32>
  return
}
