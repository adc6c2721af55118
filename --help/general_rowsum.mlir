// ProgGen seed (general): rowsum. Written by test/proggen/make_seeds.py.

func.func @rowsum(%x: memref<64x96xf32>, %out: memref<64xf32>) {
  %v1 = rise.in %x : memref<64x96xf32> -> !rise.array<64x96xf32>
  %v2 = rise.map %v1 : !rise.array<64x96xf32> -> !rise.array<64xf32> {
    ^bb0(%v3: !rise.array<96xf32>):
      %v4 = arith.constant 0.000000000e+00 : f32
      %v5 = rise.reduce %v4, %v3 : f32, !rise.array<96xf32> -> f32 {
        ^bb0(%v6: f32, %v7: f32):
          %v8 = arith.addf %v6, %v7 : f32
          rise.yield %v8 : f32
      }
      rise.yield %v5 : f32
  }
  rise.out %v2, %out : !rise.array<64xf32>, memref<64xf32>
  return
}
