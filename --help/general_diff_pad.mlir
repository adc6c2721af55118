// ProgGen seed (general): diff_pad. Written by test/proggen/make_seeds.py.

func.func @diff_pad(%x: memref<4096xf32>, %out: memref<4096xf32>) {
  %v1 = rise.in %x : memref<4096xf32> -> !rise.array<4096xf32>
  %v2 = arith.constant 0.000000000e+00 : f32
  %v3 = rise.pad_cst 1, 0 %v1, %v2 : !rise.array<4096xf32>, f32 -> !rise.array<4097xf32>
  %v4 = rise.slide 2, 1 %v3 : !rise.array<4097xf32> -> !rise.array<4096x2xf32>
  %v5 = rise.map %v4 : !rise.array<4096x2xf32> -> !rise.array<4096xf32> {
    ^bb0(%v6: !rise.array<2xf32>):
      %v7 = arith.constant 1 : index
      %v8 = rise.idx %v6[%v7] : !rise.array<2xf32> -> f32
      %v9 = arith.constant 0 : index
      %v10 = rise.idx %v6[%v9] : !rise.array<2xf32> -> f32
      %v11 = arith.subf %v8, %v10 : f32
      rise.yield %v11 : f32
  }
  rise.out %v5, %out : !rise.array<4096xf32>, memref<4096xf32>
  return
}
