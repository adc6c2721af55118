// ProgGen seed (general): prefix_sum. Written by test/proggen/make_seeds.py.

func.func @prefix_sum(%x: memref<96xf32>, %out: memref<96xf32>) {
  %v1 = rise.in %x : memref<96xf32> -> !rise.array<96xf32>
  %v2 = rise.generate : !rise.array<96xf32> {
    ^bb0(%v3: index):
      %v4 = rise.generate : !rise.array<96xf32> {
        ^bb0(%v5: index):
          %v6 = rise.idx %v1[%v5] : !rise.array<96xf32> -> f32
          %v7 = arith.cmpi ule, %v5, %v3 : index
          %v8 = arith.constant 1.000000000e+00 : f32
          %v9 = arith.constant 0.000000000e+00 : f32
          %v10 = arith.select %v7, %v8, %v9 : f32
          %v11 = arith.mulf %v6, %v10 : f32
          rise.yield %v11 : f32
      }
      %v12 = arith.constant 0.000000000e+00 : f32
      %v13 = rise.reduce %v12, %v4 : f32, !rise.array<96xf32> -> f32 {
        ^bb0(%v14: f32, %v15: f32):
          %v16 = arith.addf %v14, %v15 : f32
          rise.yield %v16 : f32
      }
      rise.yield %v13 : f32
  }
  rise.out %v2, %out : !rise.array<96xf32>, memref<96xf32>
  return
}
