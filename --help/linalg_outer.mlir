// ProgGen seed (linalg): outer. Written by test/proggen/make_seeds.py.

func.func @outer(%x: memref<96xf32>, %y: memref<80xf32>, %out: memref<96x80xf32>) {
  %v1 = rise.in %x : memref<96xf32> -> !rise.array<96xf32>
  %v2 = rise.in %y : memref<80xf32> -> !rise.array<80xf32>
  %v3 = rise.map %v1 : !rise.array<96xf32> -> !rise.array<96x80xf32> {
    ^bb0(%v4: f32):
      %v5 = rise.map %v2 : !rise.array<80xf32> -> !rise.array<80xf32> {
        ^bb0(%v6: f32):
          %v7 = arith.mulf %v4, %v6 : f32
          rise.yield %v7 : f32
      }
      rise.yield %v5 : !rise.array<80xf32>
  }
  rise.out %v3, %out : !rise.array<96x80xf32>, memref<96x80xf32>
  return
}
