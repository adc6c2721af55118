// The lowered baseline and the blocked matmul that search/strategy/strategies/
// matmul.elv derives from the high-level matmul (thesis Listing C.11,
// 64 x 64 x 64) satisfy the goal sketches v1 and v2 of
// search/sketch/guides/matmul_ariadne.guides, as the hand-written versions of
// test/bench/matmul.mlir do. The input itself satisfies no sketch (its
// reduce is high-level and the multiplication sits in a separate map); of
// the thesis's Appendix C sketches the lowered baseline meets the baseline,
// and the blocked version none (its reductions are innermost, under the
// 32 x 32 tile loops, while Appendix C's guides put them above).

// RUN: ariadne-sketch --nat=m=64 --nat=n=64 --nat=k=64 --match %ariadne_src/search/sketch/guides/matmul.guides %s | FileCheck %s --check-prefix=INIT
// RUN: ariadne-sketch --nat=m=64 --nat=n=64 --nat=k=64 --match %ariadne_src/search/sketch/guides/matmul_ariadne.guides %s | FileCheck %s --check-prefix=INIT
// INIT: @mm: (no guide)

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=baseline1})' -o %t.v1.mlir 2>/dev/null
// RUN: ariadne-sketch --nat=m=64 --nat=n=64 --nat=k=64 --match %ariadne_src/search/sketch/guides/matmul_ariadne.guides %t.v1.mlir | FileCheck %s --check-prefix=V1
// RUN: ariadne-sketch --nat=m=64 --nat=n=64 --nat=k=64 --match %ariadne_src/search/sketch/guides/matmul.guides %t.v1.mlir | FileCheck %s --check-prefix=V1-APPC
// V1: @mm: v1{{$}}
// V1-APPC: @mm: baseline{{$}}

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=blocking})' -o %t.v2.mlir 2>/dev/null
// RUN: ariadne-sketch --nat=m=64 --nat=n=64 --nat=k=64 --match %ariadne_src/search/sketch/guides/matmul_ariadne.guides %t.v2.mlir | FileCheck %s --check-prefix=V2
// RUN: ariadne-sketch --nat=m=64 --nat=n=64 --nat=k=64 --match %ariadne_src/search/sketch/guides/matmul.guides %t.v2.mlir | FileCheck %s --check-prefix=V2-APPC
// V2: @mm: v2{{$}}
// V2-APPC: @mm: (no guide)

func.func @mm(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %a = rise.in %A : memref<64x64xf32> -> !rise.array<64x64xf32>
  %b = rise.in %B : memref<64x64xf32> -> !rise.array<64x64xf32>
  %bt = rise.transpose %b : !rise.array<64x64xf32> -> !rise.array<64x64xf32>
  %zero = arith.constant 0.0 : f32
  %c = rise.map %a : !rise.array<64x64xf32> -> !rise.array<64x64xf32> {
  ^bb0(%arow: !rise.array<64xf32>):
    %crow = rise.map %bt : !rise.array<64x64xf32> -> !rise.array<64xf32> {
    ^bb0(%bcol: !rise.array<64xf32>):
      %dzip = rise.zip %arow, %bcol : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<64xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %crow : !rise.array<64xf32>
  }
  rise.out %c, %C : !rise.array<64x64xf32>, memref<64x64xf32>
  return
}
