// ProgGen seed (ml): gelu. Written by test/proggen/make_seeds.py.

func.func @gelu(%x: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %v1 = rise.in %x : memref<64x64xf32> -> !rise.array<64x64xf32>
  %v2 = rise.map %v1 : !rise.array<64x64xf32> -> !rise.array<64x64xf32> {
    ^bb0(%v3: !rise.array<64xf32>):
      %v4 = rise.map %v3 : !rise.array<64xf32> -> !rise.array<64xf32> {
        ^bb0(%v5: f32):
          %v6 = arith.constant 5.000000000e-01 : f32
          %v7 = arith.mulf %v6, %v5 : f32
          %v8 = arith.constant 1.000000000e+00 : f32
          %v9 = arith.constant 7.978845608e-01 : f32
          %v10 = arith.constant 4.471500000e-02 : f32
          %v11 = arith.mulf %v5, %v5 : f32
          %v12 = arith.mulf %v5, %v11 : f32
          %v13 = arith.mulf %v10, %v12 : f32
          %v14 = arith.addf %v5, %v13 : f32
          %v15 = arith.mulf %v9, %v14 : f32
          %v16 = math.tanh %v15 : f32
          %v17 = arith.addf %v8, %v16 : f32
          %v18 = arith.mulf %v7, %v17 : f32
          rise.yield %v18 : f32
      }
      rise.yield %v4 : !rise.array<64xf32>
  }
  rise.out %v2, %out : !rise.array<64x64xf32>, memref<64x64xf32>
  return
}
