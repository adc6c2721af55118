// ProgGen seed (image): brighten_clamp. Written by test/proggen/make_seeds.py.

func.func @brighten_clamp(%x: memref<48x64xf32>, %out: memref<48x64xf32>) {
  %v1 = rise.in %x : memref<48x64xf32> -> !rise.array<48x64xf32>
  %v2 = rise.map %v1 : !rise.array<48x64xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v3: !rise.array<64xf32>):
      %v4 = rise.map %v3 : !rise.array<64xf32> -> !rise.array<64xf32> {
        ^bb0(%v5: f32):
          %v6 = arith.constant 0.000000000e+00 : f32
          %v7 = arith.constant 1.000000000e+00 : f32
          %v8 = arith.constant 0.000000000e+00 : f32
          %v9 = arith.constant 1.000000000e+00 : f32
          %v10 = arith.constant 1.200000000e+00 : f32
          %v11 = arith.mulf %v10, %v5 : f32
          %v12 = arith.constant 1.000000000e-01 : f32
          %v13 = arith.addf %v11, %v12 : f32
          %v14 = arith.subf %v9, %v13 : f32
          %v15 = arith.maximumf %v8, %v14 : f32
          %v16 = arith.subf %v7, %v15 : f32
          %v17 = arith.maximumf %v6, %v16 : f32
          rise.yield %v17 : f32
      }
      rise.yield %v4 : !rise.array<64xf32>
  }
  rise.out %v2, %out : !rise.array<48x64xf32>, memref<48x64xf32>
  return
}
