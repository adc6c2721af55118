// ProgGen seed (image): sobel_mag. Written by test/proggen/make_seeds.py.

func.func @sobel_mag(%x: memref<48x64xf32>, %out: memref<48x64xf32>) {
  %v1 = rise.in %x : memref<48x64xf32> -> !rise.array<48x64xf32>
  %v2 = rise.literal dense<[[-1.000000000e+00, 0.000000000e+00, 1.000000000e+00], [-2.000000000e+00, 0.000000000e+00, 2.000000000e+00], [-1.000000000e+00, 0.000000000e+00, 1.000000000e+00]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %v3 = rise.join %v2 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %v4 = rise.map %v1 : !rise.array<48x64xf32> -> !rise.array<48x66xf32> {
    ^bb0(%v5: !rise.array<64xf32>):
      %v6 = rise.pad_clamp 1, 1 %v5 : !rise.array<64xf32> -> !rise.array<66xf32>
      rise.yield %v6 : !rise.array<66xf32>
  }
  %v7 = rise.pad_clamp 1, 1 %v4 : !rise.array<48x66xf32> -> !rise.array<50x66xf32>
  %v8 = rise.slide 3, 1 %v7 : !rise.array<50x66xf32> -> !rise.array<48x3x66xf32>
  %v9 = rise.map %v8 : !rise.array<48x3x66xf32> -> !rise.array<48x64x3x3xf32> {
    ^bb0(%v10: !rise.array<3x66xf32>):
      %v11 = rise.map %v10 : !rise.array<3x66xf32> -> !rise.array<3x64x3xf32> {
        ^bb0(%v12: !rise.array<66xf32>):
          %v13 = rise.slide 3, 1 %v12 : !rise.array<66xf32> -> !rise.array<64x3xf32>
          rise.yield %v13 : !rise.array<64x3xf32>
      }
      %v14 = rise.transpose %v11 : !rise.array<3x64x3xf32> -> !rise.array<64x3x3xf32>
      rise.yield %v14 : !rise.array<64x3x3xf32>
  }
  %v15 = rise.map %v9 : !rise.array<48x64x3x3xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v16: !rise.array<64x3x3xf32>):
      %v17 = rise.map %v16 : !rise.array<64x3x3xf32> -> !rise.array<64xf32> {
        ^bb0(%v18: !rise.array<3x3xf32>):
          %v19 = rise.join %v18 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v20 = rise.zip %v19, %v3 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
          %v21 = rise.map %v20 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
            ^bb0(%v22: !rise.pair<f32, f32>):
              %v23 = rise.fst %v22 : !rise.pair<f32, f32> -> f32
              %v24 = rise.snd %v22 : !rise.pair<f32, f32> -> f32
              %v25 = arith.mulf %v23, %v24 : f32
              rise.yield %v25 : f32
          }
          %v26 = arith.constant 0.000000000e+00 : f32
          %v27 = rise.reduce %v26, %v21 : f32, !rise.array<9xf32> -> f32 {
            ^bb0(%v28: f32, %v29: f32):
              %v30 = arith.addf %v28, %v29 : f32
              rise.yield %v30 : f32
          }
          rise.yield %v27 : f32
      }
      rise.yield %v17 : !rise.array<64xf32>
  }
  %v31 = rise.literal dense<[[-1.000000000e+00, -2.000000000e+00, -1.000000000e+00], [0.000000000e+00, 0.000000000e+00, 0.000000000e+00], [1.000000000e+00, 2.000000000e+00, 1.000000000e+00]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %v32 = rise.join %v31 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %v33 = rise.map %v1 : !rise.array<48x64xf32> -> !rise.array<48x66xf32> {
    ^bb0(%v34: !rise.array<64xf32>):
      %v35 = rise.pad_clamp 1, 1 %v34 : !rise.array<64xf32> -> !rise.array<66xf32>
      rise.yield %v35 : !rise.array<66xf32>
  }
  %v36 = rise.pad_clamp 1, 1 %v33 : !rise.array<48x66xf32> -> !rise.array<50x66xf32>
  %v37 = rise.slide 3, 1 %v36 : !rise.array<50x66xf32> -> !rise.array<48x3x66xf32>
  %v38 = rise.map %v37 : !rise.array<48x3x66xf32> -> !rise.array<48x64x3x3xf32> {
    ^bb0(%v39: !rise.array<3x66xf32>):
      %v40 = rise.map %v39 : !rise.array<3x66xf32> -> !rise.array<3x64x3xf32> {
        ^bb0(%v41: !rise.array<66xf32>):
          %v42 = rise.slide 3, 1 %v41 : !rise.array<66xf32> -> !rise.array<64x3xf32>
          rise.yield %v42 : !rise.array<64x3xf32>
      }
      %v43 = rise.transpose %v40 : !rise.array<3x64x3xf32> -> !rise.array<64x3x3xf32>
      rise.yield %v43 : !rise.array<64x3x3xf32>
  }
  %v44 = rise.map %v38 : !rise.array<48x64x3x3xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v45: !rise.array<64x3x3xf32>):
      %v46 = rise.map %v45 : !rise.array<64x3x3xf32> -> !rise.array<64xf32> {
        ^bb0(%v47: !rise.array<3x3xf32>):
          %v48 = rise.join %v47 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v49 = rise.zip %v48, %v32 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
          %v50 = rise.map %v49 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
            ^bb0(%v51: !rise.pair<f32, f32>):
              %v52 = rise.fst %v51 : !rise.pair<f32, f32> -> f32
              %v53 = rise.snd %v51 : !rise.pair<f32, f32> -> f32
              %v54 = arith.mulf %v52, %v53 : f32
              rise.yield %v54 : f32
          }
          %v55 = arith.constant 0.000000000e+00 : f32
          %v56 = rise.reduce %v55, %v50 : f32, !rise.array<9xf32> -> f32 {
            ^bb0(%v57: f32, %v58: f32):
              %v59 = arith.addf %v57, %v58 : f32
              rise.yield %v59 : f32
          }
          rise.yield %v56 : f32
      }
      rise.yield %v46 : !rise.array<64xf32>
  }
  %v60 = rise.zip %v15, %v44 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v61 = rise.map %v60 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v62: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v63 = rise.fst %v62 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v64 = rise.snd %v62 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v65 = rise.zip %v63, %v64 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v66 = rise.map %v65 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v67: !rise.pair<f32, f32>):
          %v68 = rise.fst %v67 : !rise.pair<f32, f32> -> f32
          %v69 = rise.snd %v67 : !rise.pair<f32, f32> -> f32
          %v70 = arith.mulf %v68, %v68 : f32
          %v71 = arith.mulf %v69, %v69 : f32
          %v72 = arith.addf %v70, %v71 : f32
          %v73 = arith.constant 1.000000000e-06 : f32
          %v74 = arith.addf %v72, %v73 : f32
          %v75 = math.sqrt %v74 : f32
          rise.yield %v75 : f32
      }
      rise.yield %v66 : !rise.array<64xf32>
  }
  rise.out %v61, %out : !rise.array<48x64xf32>, memref<48x64xf32>
  return
}
