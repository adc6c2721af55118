// ProgGen seed (general): gather_reverse. Written by test/proggen/make_seeds.py.

func.func @gather_reverse(%x: memref<4096xf32>, %out: memref<4096xf32>) {
  %v1 = rise.in %x : memref<4096xf32> -> !rise.array<4096xf32>
  %v2 = arith.constant 4095 : index
  %v3 = rise.generate : !rise.array<4096xf32> {
    ^bb0(%v4: index):
      %v5 = arith.subi %v2, %v4 : index
      %v6 = rise.idx %v1[%v5] : !rise.array<4096xf32> -> f32
      rise.yield %v6 : f32
  }
  rise.out %v3, %out : !rise.array<4096xf32>, memref<4096xf32>
  return
}
