// ProgGen seed (ml): layernorm. Written by test/proggen/make_seeds.py.

func.func @layernorm(%x: memref<32x128xf32>, %out: memref<32x128xf32>) {
  %v1 = rise.in %x : memref<32x128xf32> -> !rise.array<32x128xf32>
  %v2 = rise.map %v1 : !rise.array<32x128xf32> -> !rise.array<32x128xf32> {
    ^bb0(%v3: !rise.array<128xf32>):
      %v4 = arith.constant 0.000000000e+00 : f32
      %v5 = rise.reduce %v4, %v3 : f32, !rise.array<128xf32> -> f32 {
        ^bb0(%v6: f32, %v7: f32):
          %v8 = arith.addf %v6, %v7 : f32
          rise.yield %v8 : f32
      }
      %v9 = arith.constant 1.280000000e+02 : f32
      %v10 = arith.divf %v5, %v9 : f32
      %v11 = rise.map %v3 : !rise.array<128xf32> -> !rise.array<128xf32> {
        ^bb0(%v12: f32):
          %v13 = arith.subf %v12, %v10 : f32
          %v14 = arith.subf %v12, %v10 : f32
          %v15 = arith.mulf %v13, %v14 : f32
          rise.yield %v15 : f32
      }
      %v16 = arith.constant 0.000000000e+00 : f32
      %v17 = rise.reduce %v16, %v11 : f32, !rise.array<128xf32> -> f32 {
        ^bb0(%v18: f32, %v19: f32):
          %v20 = arith.addf %v18, %v19 : f32
          rise.yield %v20 : f32
      }
      %v21 = arith.constant 1.280000000e+02 : f32
      %v22 = arith.divf %v17, %v21 : f32
      %v23 = arith.constant 1.000000000e+00 : f32
      %v24 = arith.constant 1.000000000e-05 : f32
      %v25 = arith.addf %v22, %v24 : f32
      %v26 = math.sqrt %v25 : f32
      %v27 = arith.divf %v23, %v26 : f32
      %v28 = rise.map %v3 : !rise.array<128xf32> -> !rise.array<128xf32> {
        ^bb0(%v29: f32):
          %v30 = arith.subf %v29, %v10 : f32
          %v31 = arith.mulf %v30, %v27 : f32
          rise.yield %v31 : f32
      }
      rise.yield %v28 : !rise.array<128xf32>
  }
  rise.out %v2, %out : !rise.array<32x128xf32>, memref<32x128xf32>
  return
}
