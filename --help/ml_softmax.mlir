// ProgGen seed (ml): softmax. Written by test/proggen/make_seeds.py.

func.func @softmax(%x: memref<32x128xf32>, %out: memref<32x128xf32>) {
  %v1 = rise.in %x : memref<32x128xf32> -> !rise.array<32x128xf32>
  %v2 = rise.map %v1 : !rise.array<32x128xf32> -> !rise.array<32x128xf32> {
    ^bb0(%v3: !rise.array<128xf32>):
      %v4 = arith.constant -1.000000000e+30 : f32
      %v5 = rise.reduce %v4, %v3 : f32, !rise.array<128xf32> -> f32 {
        ^bb0(%v6: f32, %v7: f32):
          %v8 = arith.maximumf %v6, %v7 : f32
          rise.yield %v8 : f32
      }
      %v9 = rise.map %v3 : !rise.array<128xf32> -> !rise.array<128xf32> {
        ^bb0(%v10: f32):
          %v11 = arith.subf %v10, %v5 : f32
          %v12 = math.exp %v11 : f32
          rise.yield %v12 : f32
      }
      %v13 = arith.constant 0.000000000e+00 : f32
      %v14 = rise.reduce %v13, %v9 : f32, !rise.array<128xf32> -> f32 {
        ^bb0(%v15: f32, %v16: f32):
          %v17 = arith.addf %v15, %v16 : f32
          rise.yield %v17 : f32
      }
      %v18 = rise.map %v9 : !rise.array<128xf32> -> !rise.array<128xf32> {
        ^bb0(%v19: f32):
          %v20 = arith.divf %v19, %v14 : f32
          rise.yield %v20 : f32
      }
      rise.yield %v18 : !rise.array<128xf32>
  }
  rise.out %v2, %out : !rise.array<32x128xf32>, memref<32x128xf32>
  return
}
