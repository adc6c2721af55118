// ProgGen seed (general): colsum. Written by test/proggen/make_seeds.py.

func.func @colsum(%x: memref<64x96xf32>, %out: memref<96xf32>) {
  %v1 = rise.in %x : memref<64x96xf32> -> !rise.array<64x96xf32>
  %v2 = rise.transpose %v1 : !rise.array<64x96xf32> -> !rise.array<96x64xf32>
  %v3 = rise.map %v2 : !rise.array<96x64xf32> -> !rise.array<96xf32> {
    ^bb0(%v4: !rise.array<64xf32>):
      %v5 = arith.constant 0.000000000e+00 : f32
      %v6 = rise.reduce %v5, %v4 : f32, !rise.array<64xf32> -> f32 {
        ^bb0(%v7: f32, %v8: f32):
          %v9 = arith.addf %v7, %v8 : f32
          rise.yield %v9 : f32
      }
      rise.yield %v6 : f32
  }
  rise.out %v3, %out : !rise.array<96xf32>, memref<96xf32>
  return
}
