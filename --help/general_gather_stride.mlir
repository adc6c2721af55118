// ProgGen seed (general): gather_stride. Written by test/proggen/make_seeds.py.

func.func @gather_stride(%x: memref<4096xf32>, %out: memref<4xf32>) {
  %v1 = rise.in %x : memref<4096xf32> -> !rise.array<4096xf32>
  %v2 = rise.split 4 %v1 : !rise.array<4096xf32> -> !rise.array<1024x4xf32>
  %v3 = rise.transpose %v2 : !rise.array<1024x4xf32> -> !rise.array<4x1024xf32>
  %v4 = rise.map %v3 : !rise.array<4x1024xf32> -> !rise.array<4xf32> {
    ^bb0(%v5: !rise.array<1024xf32>):
      %v6 = arith.constant 0.000000000e+00 : f32
      %v7 = rise.reduce %v6, %v5 : f32, !rise.array<1024xf32> -> f32 {
        ^bb0(%v8: f32, %v9: f32):
          %v10 = arith.addf %v8, %v9 : f32
          rise.yield %v10 : f32
      }
      rise.yield %v7 : f32
  }
  rise.out %v4, %out : !rise.array<4xf32>, memref<4xf32>
  return
}
