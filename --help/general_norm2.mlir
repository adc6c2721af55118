// ProgGen seed (general): norm2. Written by test/proggen/make_seeds.py.

func.func @norm2(%x: memref<4096xf32>, %out: memref<1xf32>) {
  %v1 = rise.in %x : memref<4096xf32> -> !rise.array<4096xf32>
  %v2 = rise.zip %v1, %v1 : !rise.array<4096xf32>, !rise.array<4096xf32> -> !rise.array<4096x!rise.pair<f32, f32>>
  %v3 = rise.map %v2 : !rise.array<4096x!rise.pair<f32, f32>> -> !rise.array<4096xf32> {
    ^bb0(%v4: !rise.pair<f32, f32>):
      %v5 = rise.fst %v4 : !rise.pair<f32, f32> -> f32
      %v6 = rise.snd %v4 : !rise.pair<f32, f32> -> f32
      %v7 = arith.mulf %v5, %v6 : f32
      rise.yield %v7 : f32
  }
  %v8 = arith.constant 0.000000000e+00 : f32
  %v9 = rise.reduce %v8, %v3 : f32, !rise.array<4096xf32> -> f32 {
    ^bb0(%v10: f32, %v11: f32):
      %v12 = arith.addf %v10, %v11 : f32
      rise.yield %v12 : f32
  }
  %v13 = math.sqrt %v9 : f32
  %v14 = rise.generate : !rise.array<1xf32> {
    ^bb0(%v15: index):
      rise.yield %v13 : f32
  }
  rise.out %v14, %out : !rise.array<1xf32>, memref<1xf32>
  return
}
