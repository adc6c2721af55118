// ProgGen seed (ml): rmsnorm. Written by test/proggen/make_seeds.py.

func.func @rmsnorm(%x: memref<32x128xf32>, %g: memref<128xf32>, %out: memref<32x128xf32>) {
  %v1 = rise.in %x : memref<32x128xf32> -> !rise.array<32x128xf32>
  %v2 = rise.in %g : memref<128xf32> -> !rise.array<128xf32>
  %v3 = rise.map %v1 : !rise.array<32x128xf32> -> !rise.array<32x128xf32> {
    ^bb0(%v4: !rise.array<128xf32>):
      %v5 = rise.map %v4 : !rise.array<128xf32> -> !rise.array<128xf32> {
        ^bb0(%v6: f32):
          %v7 = arith.mulf %v6, %v6 : f32
          rise.yield %v7 : f32
      }
      %v8 = arith.constant 0.000000000e+00 : f32
      %v9 = rise.reduce %v8, %v5 : f32, !rise.array<128xf32> -> f32 {
        ^bb0(%v10: f32, %v11: f32):
          %v12 = arith.addf %v10, %v11 : f32
          rise.yield %v12 : f32
      }
      %v13 = arith.constant 1.280000000e+02 : f32
      %v14 = arith.divf %v9, %v13 : f32
      %v15 = arith.constant 1.000000000e+00 : f32
      %v16 = arith.constant 1.000000000e-05 : f32
      %v17 = arith.addf %v14, %v16 : f32
      %v18 = math.sqrt %v17 : f32
      %v19 = arith.divf %v15, %v18 : f32
      %v20 = rise.zip %v4, %v2 : !rise.array<128xf32>, !rise.array<128xf32> -> !rise.array<128x!rise.pair<f32, f32>>
      %v21 = rise.map %v20 : !rise.array<128x!rise.pair<f32, f32>> -> !rise.array<128xf32> {
        ^bb0(%v22: !rise.pair<f32, f32>):
          %v23 = rise.fst %v22 : !rise.pair<f32, f32> -> f32
          %v24 = rise.snd %v22 : !rise.pair<f32, f32> -> f32
          %v25 = arith.mulf %v23, %v19 : f32
          %v26 = arith.mulf %v25, %v24 : f32
          rise.yield %v26 : f32
      }
      rise.yield %v21 : !rise.array<128xf32>
  }
  rise.out %v3, %out : !rise.array<32x128xf32>, memref<32x128xf32>
  return
}
