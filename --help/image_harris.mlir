// ProgGen seed (image): harris. Written by test/proggen/make_seeds.py.

func.func @harris(%x: memref<48x64xf32>, %out: memref<48x64xf32>) {
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
  %v60 = rise.zip %v15, %v15 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v61 = rise.map %v60 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v62: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v63 = rise.fst %v62 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v64 = rise.snd %v62 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v65 = rise.zip %v63, %v64 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v66 = rise.map %v65 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v67: !rise.pair<f32, f32>):
          %v68 = rise.fst %v67 : !rise.pair<f32, f32> -> f32
          %v69 = rise.snd %v67 : !rise.pair<f32, f32> -> f32
          %v70 = arith.mulf %v68, %v69 : f32
          rise.yield %v70 : f32
      }
      rise.yield %v66 : !rise.array<64xf32>
  }
  %v71 = rise.literal dense<[[1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %v72 = rise.join %v71 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %v73 = rise.map %v61 : !rise.array<48x64xf32> -> !rise.array<48x66xf32> {
    ^bb0(%v74: !rise.array<64xf32>):
      %v75 = rise.pad_clamp 1, 1 %v74 : !rise.array<64xf32> -> !rise.array<66xf32>
      rise.yield %v75 : !rise.array<66xf32>
  }
  %v76 = rise.pad_clamp 1, 1 %v73 : !rise.array<48x66xf32> -> !rise.array<50x66xf32>
  %v77 = rise.slide 3, 1 %v76 : !rise.array<50x66xf32> -> !rise.array<48x3x66xf32>
  %v78 = rise.map %v77 : !rise.array<48x3x66xf32> -> !rise.array<48x64x3x3xf32> {
    ^bb0(%v79: !rise.array<3x66xf32>):
      %v80 = rise.map %v79 : !rise.array<3x66xf32> -> !rise.array<3x64x3xf32> {
        ^bb0(%v81: !rise.array<66xf32>):
          %v82 = rise.slide 3, 1 %v81 : !rise.array<66xf32> -> !rise.array<64x3xf32>
          rise.yield %v82 : !rise.array<64x3xf32>
      }
      %v83 = rise.transpose %v80 : !rise.array<3x64x3xf32> -> !rise.array<64x3x3xf32>
      rise.yield %v83 : !rise.array<64x3x3xf32>
  }
  %v84 = rise.map %v78 : !rise.array<48x64x3x3xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v85: !rise.array<64x3x3xf32>):
      %v86 = rise.map %v85 : !rise.array<64x3x3xf32> -> !rise.array<64xf32> {
        ^bb0(%v87: !rise.array<3x3xf32>):
          %v88 = rise.join %v87 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v89 = rise.zip %v88, %v72 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
          %v90 = rise.map %v89 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
            ^bb0(%v91: !rise.pair<f32, f32>):
              %v92 = rise.fst %v91 : !rise.pair<f32, f32> -> f32
              %v93 = rise.snd %v91 : !rise.pair<f32, f32> -> f32
              %v94 = arith.mulf %v92, %v93 : f32
              rise.yield %v94 : f32
          }
          %v95 = arith.constant 0.000000000e+00 : f32
          %v96 = rise.reduce %v95, %v90 : f32, !rise.array<9xf32> -> f32 {
            ^bb0(%v97: f32, %v98: f32):
              %v99 = arith.addf %v97, %v98 : f32
              rise.yield %v99 : f32
          }
          rise.yield %v96 : f32
      }
      rise.yield %v86 : !rise.array<64xf32>
  }
  %v100 = rise.zip %v44, %v44 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v101 = rise.map %v100 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v102: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v103 = rise.fst %v102 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v104 = rise.snd %v102 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v105 = rise.zip %v103, %v104 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v106 = rise.map %v105 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v107: !rise.pair<f32, f32>):
          %v108 = rise.fst %v107 : !rise.pair<f32, f32> -> f32
          %v109 = rise.snd %v107 : !rise.pair<f32, f32> -> f32
          %v110 = arith.mulf %v108, %v109 : f32
          rise.yield %v110 : f32
      }
      rise.yield %v106 : !rise.array<64xf32>
  }
  %v111 = rise.literal dense<[[1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %v112 = rise.join %v111 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %v113 = rise.map %v101 : !rise.array<48x64xf32> -> !rise.array<48x66xf32> {
    ^bb0(%v114: !rise.array<64xf32>):
      %v115 = rise.pad_clamp 1, 1 %v114 : !rise.array<64xf32> -> !rise.array<66xf32>
      rise.yield %v115 : !rise.array<66xf32>
  }
  %v116 = rise.pad_clamp 1, 1 %v113 : !rise.array<48x66xf32> -> !rise.array<50x66xf32>
  %v117 = rise.slide 3, 1 %v116 : !rise.array<50x66xf32> -> !rise.array<48x3x66xf32>
  %v118 = rise.map %v117 : !rise.array<48x3x66xf32> -> !rise.array<48x64x3x3xf32> {
    ^bb0(%v119: !rise.array<3x66xf32>):
      %v120 = rise.map %v119 : !rise.array<3x66xf32> -> !rise.array<3x64x3xf32> {
        ^bb0(%v121: !rise.array<66xf32>):
          %v122 = rise.slide 3, 1 %v121 : !rise.array<66xf32> -> !rise.array<64x3xf32>
          rise.yield %v122 : !rise.array<64x3xf32>
      }
      %v123 = rise.transpose %v120 : !rise.array<3x64x3xf32> -> !rise.array<64x3x3xf32>
      rise.yield %v123 : !rise.array<64x3x3xf32>
  }
  %v124 = rise.map %v118 : !rise.array<48x64x3x3xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v125: !rise.array<64x3x3xf32>):
      %v126 = rise.map %v125 : !rise.array<64x3x3xf32> -> !rise.array<64xf32> {
        ^bb0(%v127: !rise.array<3x3xf32>):
          %v128 = rise.join %v127 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v129 = rise.zip %v128, %v112 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
          %v130 = rise.map %v129 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
            ^bb0(%v131: !rise.pair<f32, f32>):
              %v132 = rise.fst %v131 : !rise.pair<f32, f32> -> f32
              %v133 = rise.snd %v131 : !rise.pair<f32, f32> -> f32
              %v134 = arith.mulf %v132, %v133 : f32
              rise.yield %v134 : f32
          }
          %v135 = arith.constant 0.000000000e+00 : f32
          %v136 = rise.reduce %v135, %v130 : f32, !rise.array<9xf32> -> f32 {
            ^bb0(%v137: f32, %v138: f32):
              %v139 = arith.addf %v137, %v138 : f32
              rise.yield %v139 : f32
          }
          rise.yield %v136 : f32
      }
      rise.yield %v126 : !rise.array<64xf32>
  }
  %v140 = rise.zip %v15, %v44 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v141 = rise.map %v140 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v142: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v143 = rise.fst %v142 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v144 = rise.snd %v142 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v145 = rise.zip %v143, %v144 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v146 = rise.map %v145 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v147: !rise.pair<f32, f32>):
          %v148 = rise.fst %v147 : !rise.pair<f32, f32> -> f32
          %v149 = rise.snd %v147 : !rise.pair<f32, f32> -> f32
          %v150 = arith.mulf %v148, %v149 : f32
          rise.yield %v150 : f32
      }
      rise.yield %v146 : !rise.array<64xf32>
  }
  %v151 = rise.literal dense<[[1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01], [1.111111111e-01, 1.111111111e-01, 1.111111111e-01]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %v152 = rise.join %v151 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %v153 = rise.map %v141 : !rise.array<48x64xf32> -> !rise.array<48x66xf32> {
    ^bb0(%v154: !rise.array<64xf32>):
      %v155 = rise.pad_clamp 1, 1 %v154 : !rise.array<64xf32> -> !rise.array<66xf32>
      rise.yield %v155 : !rise.array<66xf32>
  }
  %v156 = rise.pad_clamp 1, 1 %v153 : !rise.array<48x66xf32> -> !rise.array<50x66xf32>
  %v157 = rise.slide 3, 1 %v156 : !rise.array<50x66xf32> -> !rise.array<48x3x66xf32>
  %v158 = rise.map %v157 : !rise.array<48x3x66xf32> -> !rise.array<48x64x3x3xf32> {
    ^bb0(%v159: !rise.array<3x66xf32>):
      %v160 = rise.map %v159 : !rise.array<3x66xf32> -> !rise.array<3x64x3xf32> {
        ^bb0(%v161: !rise.array<66xf32>):
          %v162 = rise.slide 3, 1 %v161 : !rise.array<66xf32> -> !rise.array<64x3xf32>
          rise.yield %v162 : !rise.array<64x3xf32>
      }
      %v163 = rise.transpose %v160 : !rise.array<3x64x3xf32> -> !rise.array<64x3x3xf32>
      rise.yield %v163 : !rise.array<64x3x3xf32>
  }
  %v164 = rise.map %v158 : !rise.array<48x64x3x3xf32> -> !rise.array<48x64xf32> {
    ^bb0(%v165: !rise.array<64x3x3xf32>):
      %v166 = rise.map %v165 : !rise.array<64x3x3xf32> -> !rise.array<64xf32> {
        ^bb0(%v167: !rise.array<3x3xf32>):
          %v168 = rise.join %v167 : !rise.array<3x3xf32> -> !rise.array<9xf32>
          %v169 = rise.zip %v168, %v152 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
          %v170 = rise.map %v169 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
            ^bb0(%v171: !rise.pair<f32, f32>):
              %v172 = rise.fst %v171 : !rise.pair<f32, f32> -> f32
              %v173 = rise.snd %v171 : !rise.pair<f32, f32> -> f32
              %v174 = arith.mulf %v172, %v173 : f32
              rise.yield %v174 : f32
          }
          %v175 = arith.constant 0.000000000e+00 : f32
          %v176 = rise.reduce %v175, %v170 : f32, !rise.array<9xf32> -> f32 {
            ^bb0(%v177: f32, %v178: f32):
              %v179 = arith.addf %v177, %v178 : f32
              rise.yield %v179 : f32
          }
          rise.yield %v176 : f32
      }
      rise.yield %v166 : !rise.array<64xf32>
  }
  %v180 = rise.zip %v84, %v124 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v181 = rise.map %v180 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v182: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v183 = rise.fst %v182 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v184 = rise.snd %v182 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v185 = rise.zip %v183, %v184 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v186 = rise.map %v185 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v187: !rise.pair<f32, f32>):
          %v188 = rise.fst %v187 : !rise.pair<f32, f32> -> f32
          %v189 = rise.snd %v187 : !rise.pair<f32, f32> -> f32
          %v190 = arith.mulf %v188, %v189 : f32
          rise.yield %v190 : f32
      }
      rise.yield %v186 : !rise.array<64xf32>
  }
  %v191 = rise.zip %v164, %v164 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v192 = rise.map %v191 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v193: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v194 = rise.fst %v193 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v195 = rise.snd %v193 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v196 = rise.zip %v194, %v195 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v197 = rise.map %v196 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v198: !rise.pair<f32, f32>):
          %v199 = rise.fst %v198 : !rise.pair<f32, f32> -> f32
          %v200 = rise.snd %v198 : !rise.pair<f32, f32> -> f32
          %v201 = arith.mulf %v199, %v200 : f32
          rise.yield %v201 : f32
      }
      rise.yield %v197 : !rise.array<64xf32>
  }
  %v202 = rise.zip %v181, %v192 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v203 = rise.map %v202 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v204: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v205 = rise.fst %v204 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v206 = rise.snd %v204 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v207 = rise.zip %v205, %v206 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v208 = rise.map %v207 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v209: !rise.pair<f32, f32>):
          %v210 = rise.fst %v209 : !rise.pair<f32, f32> -> f32
          %v211 = rise.snd %v209 : !rise.pair<f32, f32> -> f32
          %v212 = arith.subf %v210, %v211 : f32
          rise.yield %v212 : f32
      }
      rise.yield %v208 : !rise.array<64xf32>
  }
  %v213 = rise.zip %v84, %v124 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v214 = rise.map %v213 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v215: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v216 = rise.fst %v215 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v217 = rise.snd %v215 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v218 = rise.zip %v216, %v217 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v219 = rise.map %v218 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v220: !rise.pair<f32, f32>):
          %v221 = rise.fst %v220 : !rise.pair<f32, f32> -> f32
          %v222 = rise.snd %v220 : !rise.pair<f32, f32> -> f32
          %v223 = arith.addf %v221, %v222 : f32
          rise.yield %v223 : f32
      }
      rise.yield %v219 : !rise.array<64xf32>
  }
  %v224 = rise.zip %v214, %v214 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v225 = rise.map %v224 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v226: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v227 = rise.fst %v226 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v228 = rise.snd %v226 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v229 = rise.zip %v227, %v228 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v230 = rise.map %v229 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v231: !rise.pair<f32, f32>):
          %v232 = rise.fst %v231 : !rise.pair<f32, f32> -> f32
          %v233 = rise.snd %v231 : !rise.pair<f32, f32> -> f32
          %v234 = arith.mulf %v232, %v233 : f32
          rise.yield %v234 : f32
      }
      rise.yield %v230 : !rise.array<64xf32>
  }
  %v235 = rise.zip %v203, %v225 : !rise.array<48x64xf32>, !rise.array<48x64xf32> -> !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>>
  %v236 = rise.map %v235 : !rise.array<48x!rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>> -> !rise.array<48x64xf32> {
    ^bb0(%v237: !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>>):
      %v238 = rise.fst %v237 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v239 = rise.snd %v237 : !rise.pair<!rise.array<64xf32>, !rise.array<64xf32>> -> !rise.array<64xf32>
      %v240 = rise.zip %v238, %v239 : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %v241 = rise.map %v240 : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
        ^bb0(%v242: !rise.pair<f32, f32>):
          %v243 = rise.fst %v242 : !rise.pair<f32, f32> -> f32
          %v244 = rise.snd %v242 : !rise.pair<f32, f32> -> f32
          %v245 = arith.constant 4.000000000e-02 : f32
          %v246 = arith.mulf %v245, %v244 : f32
          %v247 = arith.subf %v243, %v246 : f32
          rise.yield %v247 : f32
      }
      rise.yield %v241 : !rise.array<64xf32>
  }
  rise.out %v236, %out : !rise.array<48x64xf32>, memref<48x64xf32>
  return
}
