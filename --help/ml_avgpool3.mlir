// ProgGen seed (ml): avgpool3. Written by test/proggen/make_seeds.py.

func.func @avgpool3(%x: memref<48x64xf32>, %out: memref<46x62xf32>) {
  %v1 = rise.in %x : memref<48x64xf32> -> !rise.array<48x64xf32>
  %v2 = rise.slide 3, 1 %v1 : !rise.array<48x64xf32> -> !rise.array<46x3x64xf32>
  %v3 = rise.map %v2 : !rise.array<46x3x64xf32> -> !rise.array<46x62x3x3xf32> {
    ^bb0(%v4: !rise.array<3x64xf32>):
      %v5 = rise.map %v4 : !rise.array<3x64xf32> -> !rise.array<3x62x3xf32> {
        ^bb0(%v6: !rise.array<64xf32>):
          %v7 = rise.slide 3, 1 %v6 : !rise.array<64xf32> -> !rise.array<62x3xf32>
          rise.yield %v7 : !rise.array<62x3xf32>
      }
      %v8 = rise.transpose %v5 : !rise.array<3x62x3xf32> -> !rise.array<62x3x3xf32>
      rise.yield %v8 : !rise.array<62x3x3xf32>
  }
  %v9 = rise.map %v3 : !rise.array<46x62x3x3xf32> -> !rise.array<46x62xf32> {
    ^bb0(%v10: !rise.array<62x3x3xf32>):
      %v11 = rise.map %v10 : !rise.array<62x3x3xf32> -> !rise.array<62xf32> {
        ^bb0(%v12: !rise.array<3x3xf32>):
          %v13 = arith.constant 1.111111111e-01 : f32
          %v14 = rise.join %v12 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v15 = arith.constant 0.000000000e+00 : f32
          %v16 = rise.reduce %v15, %v14 : f32, !rise.array<9xf32> -> f32 {
            ^bb0(%v17: f32, %v18: f32):
              %v19 = arith.addf %v17, %v18 : f32
              rise.yield %v19 : f32
          }
          %v20 = arith.mulf %v13, %v16 : f32
          rise.yield %v20 : f32
      }
      rise.yield %v11 : !rise.array<62xf32>
  }
  rise.out %v9, %out : !rise.array<46x62xf32>, memref<46x62xf32>
  return
}
