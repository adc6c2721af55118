// ProgGen seed (general): max. Written by test/proggen/make_seeds.py.

func.func @max(%x: memref<4096xf32>, %out: memref<1xf32>) {
  %v1 = rise.in %x : memref<4096xf32> -> !rise.array<4096xf32>
  %v2 = arith.constant -1.000000000e+30 : f32
  %v3 = rise.reduce %v2, %v1 : f32, !rise.array<4096xf32> -> f32 {
    ^bb0(%v4: f32, %v5: f32):
      %v6 = arith.maximumf %v4, %v5 : f32
      rise.yield %v6 : f32
  }
  %v7 = rise.generate : !rise.array<1xf32> {
    ^bb0(%v8: index):
      rise.yield %v3 : f32
  }
  rise.out %v7, %out : !rise.array<1xf32>, memref<1xf32>
  return
}
