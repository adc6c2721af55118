// ProgGen seed (image): blur_chain3. Written by test/proggen/make_seeds.py.

func.func @blur_chain3(%x: memref<48x64xf32>, %out: memref<48x64xf32>) {
  %v1 = rise.in %x : memref<48x64xf32> -> !rise.array<48x64xf32>
  %v2 = rise.literal dense<[[1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
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
  %v31 = rise.literal dense<[[6.250000000e-02, 1.250000000e-01, 6.250000000e-02], [1.250000000e-01, 2.500000000e-01, 1.250000000e-01], [6.250000000e-02, 1.250000000e-01, 6.250000000e-02]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %v32 = rise.join %v31 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %v33 = rise.map %v15 : !rise.array<48x64xf32> -> !rise.array<48x66xf32> {
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
  %v60 = rise.literal dense<[[1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %v61 = rise.join %v60 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %v62 = rise.map %v44 : !rise.array<48x64xf32> -> !rise.array<48x66xf32> {
    ^bb0(%v63: !rise.array<64xf32>):
      %v64 = rise.pad_clamp 1, 1 %v63 : !rise.array<64xf32> -> !rise.array<66xf32>
      rise.yield %v64 : !rise.array<66xf32>
  }
  %v65 = rise.pad_clamp 1, 1 %v62 : !rise.array<48x66xf32> -> !rise.array<50x66xf32>
  %v66 = rise.slide 3, 1 %v65 : !rise.array<50x66xf32> -> !rise.array<48x3x66xf32>
  %v67 = rise.map %v66 : !rise.array<48x3x66xf32> -> !rise.array<48x64x3x3xf32> {
    ^bb0(%v68: !rise.array<3x66xf32>):
      %v69 = rise.map %v68 : !rise.array<3x66xf32> -> !rise.array<3x64x3xf32> {
        ^bb0(%v70: !rise.array<66xf32>):
          %v71 = rise.slide 3, 1 %v70 : !rise.array<66xf32> -> !rise.array<64x3xf32>
          rise.yield %v71 : !rise.array<64x3xf32>
      }
      %v72 = rise.transpose %v69 : !rise.array<3x64x3xf32> -> !rise.array<64x3x3xf32>
      rise.yield %v72 : !rise.array<64x3x3xf32>
  }
  %v73 = rise.map %v67 : !rise.array<48x64x3x3xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v74: !rise.array<64x3x3xf32>):
      %v75 = rise.map %v74 : !rise.array<64x3x3xf32> -> !rise.array<64xf32> {
        ^bb0(%v76: !rise.array<3x3xf32>):
          %v77 = rise.join %v76 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v78 = rise.zip %v77, %v61 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
          %v79 = rise.map %v78 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
            ^bb0(%v80: !rise.pair<f32, f32>):
              %v81 = rise.fst %v80 : !rise.pair<f32, f32> -> f32
              %v82 = rise.snd %v80 : !rise.pair<f32, f32> -> f32
              %v83 = arith.mulf %v81, %v82 : f32
              rise.yield %v83 : f32
          }
          %v84 = arith.constant 0.000000000e+00 : f32
          %v85 = rise.reduce %v84, %v79 : f32, !rise.array<9xf32> -> f32 {
            ^bb0(%v86: f32, %v87: f32):
              %v88 = arith.addf %v86, %v87 : f32
              rise.yield %v88 : f32
          }
          rise.yield %v85 : f32
      }
      rise.yield %v75 : !rise.array<64xf32>
  }
  rise.out %v73, %out : !rise.array<48x64xf32>, memref<48x64xf32>
  return
}
