// ProgGen seed (linalg): matmul_bt. Written by test/proggen/make_seeds.py.

func.func @matmul_bt(%a: memref<32x48xf32>, %bt: memref<24x48xf32>, %out: memref<32x24xf32>) {
  %v1 = rise.in %a : memref<32x48xf32> -> !rise.array<32x48xf32>
  %v2 = rise.in %bt : memref<24x48xf32> -> !rise.array<24x48xf32>
  %v3 = rise.map %v1 : !rise.array<32x48xf32> -> !rise.array<32x24xf32> {
    ^bb0(%v4: !rise.array<48xf32>):
      %v5 = rise.map %v2 : !rise.array<24x48xf32> -> !rise.array<24xf32> {
        ^bb0(%v6: !rise.array<48xf32>):
          %v7 = rise.zip %v4, %v6 : !rise.array<48xf32>, !rise.array<48xf32> -> !rise.array<48x!rise.pair<f32, f32>>
          %v8 = rise.map %v7 : !rise.array<48x!rise.pair<f32, f32>> -> !rise.array<48xf32> {
            ^bb0(%v9: !rise.pair<f32, f32>):
              %v10 = rise.fst %v9 : !rise.pair<f32, f32> -> f32
              %v11 = rise.snd %v9 : !rise.pair<f32, f32> -> f32
              %v12 = arith.mulf %v10, %v11 : f32
              rise.yield %v12 : f32
          }
          %v13 = arith.constant 0.000000000e+00 : f32
          %v14 = rise.reduce %v13, %v8 : f32, !rise.array<48xf32> -> f32 {
            ^bb0(%v15: f32, %v16: f32):
              %v17 = arith.addf %v15, %v16 : f32
              rise.yield %v17 : f32
          }
          rise.yield %v14 : f32
      }
      rise.yield %v5 : !rise.array<24xf32>
  }
  rise.out %v3, %out : !rise.array<32x24xf32>, memref<32x24xf32>
  return
}
