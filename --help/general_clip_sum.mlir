// ProgGen seed (general): clip_sum. Written by test/proggen/make_seeds.py.

func.func @clip_sum(%x: memref<4096xf32>, %out: memref<1xf32>) {
  %v1 = rise.in %x : memref<4096xf32> -> !rise.array<4096xf32>
  %v2 = rise.map %v1 : !rise.array<4096xf32> -> !rise.array<4096xf32> {
    ^bb0(%v3: f32):
      %v4 = arith.constant -5.000000000e-01 : f32
      %v5 = arith.constant 0.000000000e+00 : f32
      %v6 = arith.constant -5.000000000e-01 : f32
      %v7 = arith.constant 0.000000000e+00 : f32
      %v8 = arith.subf %v7, %v3 : f32
      %v9 = arith.maximumf %v6, %v8 : f32
      %v10 = arith.subf %v5, %v9 : f32
      %v11 = arith.maximumf %v4, %v10 : f32
      rise.yield %v11 : f32
  }
  %v12 = arith.constant 0.000000000e+00 : f32
  %v13 = rise.reduce %v12, %v2 : f32, !rise.array<4096xf32> -> f32 {
    ^bb0(%v14: f32, %v15: f32):
      %v16 = arith.addf %v14, %v15 : f32
      rise.yield %v16 : f32
  }
  %v17 = rise.generate : !rise.array<1xf32> {
    ^bb0(%v18: index):
      rise.yield %v13 : f32
  }
  rise.out %v17, %out : !rise.array<1xf32>, memref<1xf32>
  return
}
