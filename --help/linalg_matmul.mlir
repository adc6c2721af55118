// ProgGen seed (linalg): matmul. Written by test/proggen/make_seeds.py.

func.func @matmul(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %v1 = rise.in %a : memref<32x32xf32> -> !rise.array<32x32xf32>
  %v2 = rise.in %b : memref<32x32xf32> -> !rise.array<32x32xf32>
  %v3 = rise.transpose %v2 : !rise.array<32x32xf32> -> !rise.array<32x32xf32>
  %v4 = rise.map %v1 : !rise.array<32x32xf32> -> !rise.array<32x32xf32> {
    ^bb0(%v5: !rise.array<32xf32>):
      %v6 = rise.map %v3 : !rise.array<32x32xf32> -> !rise.array<32xf32> {
        ^bb0(%v7: !rise.array<32xf32>):
          %v8 = rise.zip %v5, %v7 : !rise.array<32xf32>, !rise.array<32xf32> -> !rise.array<32x!rise.pair<f32, f32>>
          %v9 = rise.map %v8 : !rise.array<32x!rise.pair<f32, f32>> -> !rise.array<32xf32> {
            ^bb0(%v10: !rise.pair<f32, f32>):
              %v11 = rise.fst %v10 : !rise.pair<f32, f32> -> f32
              %v12 = rise.snd %v10 : !rise.pair<f32, f32> -> f32
              %v13 = arith.mulf %v11, %v12 : f32
              rise.yield %v13 : f32
          }
          %v14 = arith.constant 0.000000000e+00 : f32
          %v15 = rise.reduce %v14, %v9 : f32, !rise.array<32xf32> -> f32 {
            ^bb0(%v16: f32, %v17: f32):
              %v18 = arith.addf %v16, %v17 : f32
              rise.yield %v18 : f32
          }
          rise.yield %v15 : f32
      }
      rise.yield %v6 : !rise.array<32xf32>
  }
  rise.out %v4, %out : !rise.array<32x32xf32>, memref<32x32xf32>
  return
}
