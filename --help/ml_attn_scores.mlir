// ProgGen seed (ml): attn_scores. Written by test/proggen/make_seeds.py.

func.func @attn_scores(%q: memref<24x32xf32>, %k: memref<24x32xf32>, %out: memref<24x24xf32>) {
  %v1 = rise.in %q : memref<24x32xf32> -> !rise.array<24x32xf32>
  %v2 = rise.in %k : memref<24x32xf32> -> !rise.array<24x32xf32>
  %v3 = rise.map %v1 : !rise.array<24x32xf32> -> !rise.array<24x24xf32> {
    ^bb0(%v4: !rise.array<32xf32>):
      %v5 = rise.map %v2 : !rise.array<24x32xf32> -> !rise.array<24xf32> {
        ^bb0(%v6: !rise.array<32xf32>):
          %v7 = rise.zip %v4, %v6 : !rise.array<32xf32>, !rise.array<32xf32> -> !rise.array<32x!rise.pair<f32, f32>>
          %v8 = rise.map %v7 : !rise.array<32x!rise.pair<f32, f32>> -> !rise.array<32xf32> {
            ^bb0(%v9: !rise.pair<f32, f32>):
              %v10 = rise.fst %v9 : !rise.pair<f32, f32> -> f32
              %v11 = rise.snd %v9 : !rise.pair<f32, f32> -> f32
              %v12 = arith.mulf %v10, %v11 : f32
              rise.yield %v12 : f32
          }
          %v13 = arith.constant 0.000000000e+00 : f32
          %v14 = rise.reduce %v13, %v8 : f32, !rise.array<32xf32> -> f32 {
            ^bb0(%v15: f32, %v16: f32):
              %v17 = arith.addf %v15, %v16 : f32
              rise.yield %v17 : f32
          }
          rise.yield %v14 : f32
      }
      rise.yield %v5 : !rise.array<24xf32>
  }
  %v18 = rise.map %v3 : !rise.array<24x24xf32> -> !rise.array<24x24xf32> {
    ^bb0(%v19: !rise.array<24xf32>):
      %v20 = rise.map %v19 : !rise.array<24xf32> -> !rise.array<24xf32> {
        ^bb0(%v21: f32):
          %v22 = arith.constant 1.250000000e-01 : f32
          %v23 = arith.mulf %v22, %v21 : f32
          rise.yield %v23 : f32
      }
      rise.yield %v20 : !rise.array<24xf32>
  }
  %v24 = rise.map %v18 : !rise.array<24x24xf32> -> !rise.array<24x24xf32> {
    ^bb0(%v25: !rise.array<24xf32>):
      %v26 = arith.constant -1.000000000e+30 : f32
      %v27 = rise.reduce %v26, %v25 : f32, !rise.array<24xf32> -> f32 {
        ^bb0(%v28: f32, %v29: f32):
          %v30 = arith.maximumf %v28, %v29 : f32
          rise.yield %v30 : f32
      }
      %v31 = rise.map %v25 : !rise.array<24xf32> -> !rise.array<24xf32> {
        ^bb0(%v32: f32):
          %v33 = arith.subf %v32, %v27 : f32
          %v34 = math.exp %v33 : f32
          rise.yield %v34 : f32
      }
      %v35 = arith.constant 0.000000000e+00 : f32
      %v36 = rise.reduce %v35, %v31 : f32, !rise.array<24xf32> -> f32 {
        ^bb0(%v37: f32, %v38: f32):
          %v39 = arith.addf %v37, %v38 : f32
          rise.yield %v39 : f32
      }
      %v40 = rise.map %v31 : !rise.array<24xf32> -> !rise.array<24xf32> {
        ^bb0(%v41: f32):
          %v42 = arith.divf %v41, %v36 : f32
          rise.yield %v42 : f32
      }
      rise.yield %v40 : !rise.array<24xf32>
  }
  rise.out %v24, %out : !rise.array<24x24xf32>, memref<24x24xf32>
  return
}
