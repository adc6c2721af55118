// The thesis's binomial filter (Table 5.3's third goal, Figure 5.14) on
// the production engine: sketch-guided equality saturation with the
// library's slide rules and separateConvKernel turns the 3x3 binomial
// stencil over 2D windows into the separated filter (a vertical dot per
// column, computed once, then a horizontal dot per window of those), the
// guides of Inputs/binomial.guides. The image is whole numbers, so every
// sum is exact in f32 and the separated program must print the same
// output. One guide with all the rules saturates without the goal (see
// the guide file and docs/eqsat.md).

// RUN: ariadne-interp %s --func=binomial --input=0:%S/Inputs/binomial-img.txt --print > %t.ref.txt
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/binomial.guides goal=binomial report=%t.report})' -o %t.sep.mlir
// RUN: FileCheck %s < %t.sep.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: ariadne-interp %t.sep.mlir --func=binomial --input=0:%S/Inputs/binomial-img.txt --print | diff %t.ref.txt -
// RUN: %rise-opt %t.sep.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null

// REPORT:      rise-eqsat @binomial separate: found stop=goal iterations={{[0-9]+}} e-nodes={{[0-9]+}} e-classes={{[0-9]+}} applied={{[1-9][0-9]*}}
// REPORT-NEXT: rise-eqsat @binomial share: found stop=goal iterations=1 e-nodes={{[0-9]+}} e-classes={{[0-9]+}} applied=1
// REPORT-NEXT: rise-eqsat @binomial goal binomial: found 2/2 guides

// CHECK-LABEL: func.func @binomial
// CHECK:       %[[IMG:.*]] = rise.in %arg0 : memref<10x12xf32> -> !rise.array<10x12xf32>
// The separated weights are constants: export floats them to the top.
// CHECK:       %[[WH:.*]] = rise.literal dense<[5.000000e-01, 1.000000e+00, 5.000000e-01]> : tensor<3xf32>
// CHECK-NEXT:  %[[WV:.*]] = rise.literal dense<[1.250000e-01, 2.500000e-01, 1.250000e-01]> : tensor<3xf32>
// CHECK:       %[[ROWS:.*]] = rise.slide 3, 1 %[[IMG]] : !rise.array<10x12xf32> -> !rise.array<8x3x12xf32>
// CHECK-NEXT:  rise.map %[[ROWS]] : !rise.array<8x3x12xf32> -> !rise.array<8x10xf32> {
// CHECK-NEXT:  ^bb0(%[[R:.*]]: !rise.array<3x12xf32>):
// CHECK-NEXT:    %[[COLS:.*]] = rise.transpose %[[R]] : !rise.array<3x12xf32> -> !rise.array<12x3xf32>
// CHECK-NEXT:    %[[V:.*]] = rise.map %[[COLS]] : !rise.array<12x3xf32> -> !rise.array<12xf32> {
// CHECK:           rise.zip %[[WV]]
// CHECK:           rise.reduce
// CHECK:         %[[H:.*]] = rise.slide 3, 1 %[[V]] : !rise.array<12xf32> -> !rise.array<10x3xf32>
// CHECK-NEXT:    rise.map %[[H]] : !rise.array<10x3xf32> -> !rise.array<10xf32> {
// CHECK:           rise.zip %[[WH]]
// CHECK:           rise.reduce
// CHECK-NOT:   tensor<3x3xf32>
// CHECK:       rise.out

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/binomial.guides goal=together report=-})' -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=TOGETHER
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/binomial.guides goal=together report=none})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOGETHER-ERR
// TOGETHER:      rise-eqsat @binomial together: not-found stop=saturated
// TOGETHER-NEXT: rise-eqsat @binomial goal together: not-found 0/1 guides
// TOGETHER-ERR:  error: rise-eqsat: guide 'together' not satisfied on @binomial: the e-graph saturated

func.func @binomial(%in: memref<10x12xf32>, %out: memref<8x10xf32>) {
  %img = rise.in %in : memref<10x12xf32> -> !rise.array<10x12xf32>
  %wts = rise.literal dense<[[6.250000e-02, 1.250000e-01, 6.250000e-02], [1.250000e-01, 2.500000e-01, 1.250000e-01], [6.250000e-02, 1.250000e-01, 6.250000e-02]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %wflat = rise.join %wts : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %zero = arith.constant 0.0 : f32
  %nbh_rows = rise.map %img : !rise.array<10x12xf32> -> !rise.array<10x10x3xf32> {
  ^bb0(%row: !rise.array<12xf32>):
    %win = rise.slide 3, 1 %row : !rise.array<12xf32> -> !rise.array<10x3xf32>
    rise.yield %win : !rise.array<10x3xf32>
  }
  %nbh_cols = rise.slide 3, 1 %nbh_rows : !rise.array<10x10x3xf32> -> !rise.array<8x3x10x3xf32>
  %nbh = rise.map %nbh_cols : !rise.array<8x3x10x3xf32> -> !rise.array<8x10x3x3xf32> {
  ^bb0(%band: !rise.array<3x10x3xf32>):
    %t = rise.transpose %band : !rise.array<3x10x3xf32> -> !rise.array<10x3x3xf32>
    rise.yield %t : !rise.array<10x3x3xf32>
  }
  %res = rise.map %nbh : !rise.array<8x10x3x3xf32> -> !rise.array<8x10xf32> {
  ^bb0(%line: !rise.array<10x3x3xf32>):
    %inner = rise.map %line : !rise.array<10x3x3xf32> -> !rise.array<10xf32> {
    ^bb0(%nb: !rise.array<3x3xf32>):
      %nflat = rise.join %nb : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %dzip = rise.zip %wflat, %nflat : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %inner : !rise.array<10xf32>
  }
  rise.out %res, %out : !rise.array<8x10xf32>, memref<8x10xf32>
  return
}
