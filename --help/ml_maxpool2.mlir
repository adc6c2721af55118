// ProgGen seed (ml): maxpool2. Written by test/proggen/make_seeds.py.

func.func @maxpool2(%x: memref<48x64xf32>, %out: memref<24x32xf32>) {
  %v1 = rise.in %x : memref<48x64xf32> -> !rise.array<48x64xf32>
  %v2 = rise.split 2 %v1 : !rise.array<48x64xf32> -> !rise.array<24x2x64xf32>
  %v3 = rise.map %v2 : !rise.array<24x2x64xf32> -> !rise.array<24x32xf32> {
    ^bb0(%v4: !rise.array<2x64xf32>):
      %v5 = rise.transpose %v4 : !rise.array<2x64xf32> -> !rise.array<64x2xf32>
      %v6 = rise.split 2 %v5 : !rise.array<64x2xf32> -> !rise.array<32x2x2xf32>
      %v7 = rise.map %v6 : !rise.array<32x2x2xf32> -> !rise.array<32xf32> {
        ^bb0(%v8: !rise.array<2x2xf32>):
          %v9 = rise.join %v8 : !rise.array<2x2xf32> -> !rise.array<4xf32>
          %v10 = arith.constant -1.000000000e+30 : f32
          %v11 = rise.reduce %v10, %v9 : f32, !rise.array<4xf32> -> f32 {
            ^bb0(%v12: f32, %v13: f32):
              %v14 = arith.maximumf %v12, %v13 : f32
              rise.yield %v14 : f32
          }
          rise.yield %v11 : f32
      }
      rise.yield %v7 : !rise.array<32xf32>
  }
  rise.out %v3, %out : !rise.array<24x32xf32>, memref<24x32xf32>
  return
}
