// The matmul strategies of search/strategy/strategies/matmul.elv derive TVM's
// versions from the high-level matmul (64 x 64 x 64 here, so that tiles of
// 32 and k split by 4 divide). Each result has the loop structure of its
// hand-written counterpart in test/bench/matmul.mlir, computes bit for bit
// what the original computes on the interpreter (the rules used are exact,
// vector lanes included), and lowers through the CPU pipeline.

// RUN: ariadne-interp %s --seed=3 --print > %t.ref.txt

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=baseline1})' -o %t.v1.mlir 2>%t.v1.err
// RUN: FileCheck %s --check-prefix=V1 < %t.v1.mlir
// RUN: FileCheck %s --check-prefix=V1-REPORT < %t.v1.err
// RUN: ariadne-interp %t.v1.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.v1.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// V1:      rise.map seq %{{.*}} : !rise.array<64x64xf32> -> !rise.array<64x64xf32>
// V1:        rise.map seq %{{.*}} : !rise.array<64x64xf32> -> !rise.array<64xf32>
// V1:          rise.zip
// V1-NEXT:     rise.reduce seq %{{.*}} : f32, !rise.array<64x!rise.pair<f32, f32>> -> f32
// V1-REPORT: rise-rewrite @mm: 3 rules fired

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=blocking})' -o %t.v2.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=V2 < %t.v2.mlir
// RUN: ariadne-interp %t.v2.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.v2.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// Loops it, jt, ii, jj, ko, ki (B's split uses no loop variable: export
// floats it to the top with A's):
// V2:      rise.split 32 {{.*}} -> !rise.array<2x32x64xf32>
// V2:      rise.split 32 {{.*}} -> !rise.array<2x32x64xf32>
// V2:      rise.map seq {{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x32x64xf32>
// V2:        rise.map seq {{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x32x32xf32>
// V2:          rise.map seq {{.*}} : !rise.array<32x64xf32> -> !rise.array<32x32xf32>
// V2:            rise.map seq {{.*}} : !rise.array<32x64xf32> -> !rise.array<32xf32>
// V2:              rise.split 4 {{.*}} -> !rise.array<16x4x!rise.pair<f32, f32>>
// V2-NEXT:         rise.reduce seq {{.*}} : f32, !rise.array<16x4x!rise.pair<f32, f32>> -> f32
// V2:                rise.reduce seq {{.*}} : f32, !rise.array<4x!rise.pair<f32, f32>> -> f32
// V2:        rise.transpose {{.*}} : !rise.array<2x32x32xf32> -> !rise.array<32x2x32xf32>
// V2-NOT:  rise.map {

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=vectorisation})' -o %t.v3.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=V3 < %t.v3.mlir
// RUN: ariadne-interp %t.v3.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.v3.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// Fully vectorised: each step of the k loop adds broadcast(a[k]) * B[k][32
// columns] to one accumulator; B's panel is a view (a high-level map),
// which export floats out of the row loop to the column-tile loop, and the
// accumulator's zero vector to the top.
// V3:      rise.vector_from_scalar
// V3:      rise.map seq {{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x32x64xf32>
// V3:        rise.map seq {{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x32x32xf32>
// V3:          rise.map {{.*}} : !rise.array<64x32xf32> -> !rise.array<64x1xvector<32xf32>>
// V3:            rise.as_vector 32 {{.*}} : !rise.array<32xf32> -> !rise.array<1xvector<32xf32>>
// V3:          rise.map seq {{.*}} : !rise.array<32x64xf32> -> !rise.array<32x32xf32>
// V3:            rise.zip {{.*}} : !rise.array<64xf32>, !rise.array<64xvector<32xf32>> -> !rise.array<64x!rise.pair<f32, vector<32xf32>>>
// V3-NEXT:       rise.split 4 {{.*}} -> !rise.array<16x4x!rise.pair<f32, vector<32xf32>>>
// V3-NEXT:       rise.reduce seq {{.*}} : vector<32xf32>, !rise.array<16x4x!rise.pair<f32, vector<32xf32>>> -> vector<32xf32>
// V3:              rise.reduce seq {{.*}} : vector<32xf32>, !rise.array<4x!rise.pair<f32, vector<32xf32>>> -> vector<32xf32>
// V3:                rise.vector_from_scalar {{.*}} : f32 -> vector<32xf32>
// V3:                arith.mulf {{.*}} : vector<32xf32>
// V3-NEXT:           arith.addf {{.*}} : vector<32xf32>
// V3:            rise.as_scalar {{.*}} : !rise.array<1xvector<32xf32>> -> !rise.array<32xf32>
// V3-NOT:  arith.mulf {{.*}} : f32

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=loopPermutation})' -o %t.v4.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=V4 < %t.v4.mlir
// RUN: ariadne-interp %t.v4.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.v4.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// The column-panel loop jt outermost, then it, ii, and the vector dot. B's
// vectorised panel floats to the jt loop, A's split to the top.
// V4:      rise.split 32 %{{.*}} -> !rise.array<2x32x64xf32>
// V4-NEXT: rise.split 32 %{{.*}} -> !rise.array<2x32x64xf32>
// V4-NEXT: rise.map seq {{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x2x32x32xf32>
// V4:        rise.map {{.*}} : !rise.array<64x32xf32> -> !rise.array<64x1xvector<32xf32>>
// V4:        rise.map seq {{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x32x32xf32>
// V4:          rise.map seq {{.*}} : !rise.array<32x64xf32> -> !rise.array<32x32xf32>
// V4:            rise.reduce seq {{.*}} : vector<32xf32>, !rise.array<16x4x!rise.pair<f32, vector<32xf32>>> -> vector<32xf32>
// V4:      rise.transpose {{.*}} : !rise.array<2x2x32x32xf32> -> !rise.array<2x2x32x32xf32>

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=arrayPacking})' -o %t.v5.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=V5 < %t.v5.mlir
// RUN: ariadne-interp %t.v5.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.v5.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// B's panels as vectors, moved out of the loops by mapFissionDeep and
// packed once (to_mem global); the jt loop runs over the packed panels.
// V5:      rise.map {{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x1x64xvector<32xf32>>
// V5:        rise.as_vector 32
// V5:      %[[P:.*]] = rise.to_mem global {{.*}} : !rise.array<2x1x64xvector<32xf32>>
// V5-NEXT: rise.map seq %[[P]] : !rise.array<2x1x64xvector<32xf32>> -> !rise.array<2x2x32x32xf32>
// V5-NOT:  rise.as_vector

// Array packing on the scalar blocks of 2: B's transposed panels copied.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=arrayPackingBlocking})' -o %t.v5s.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=V5S < %t.v5s.mlir
// RUN: ariadne-interp %t.v5s.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.v5s.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// V5S:      rise.to_mem global {{.*}} : !rise.array<2x32x64xf32>

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=cacheBlocks})' -o %t.v6.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=V6 < %t.v6.mlir
// RUN: ariadne-interp %t.v6.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.v6.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// V6:      rise.to_mem global {{.*}} : !rise.array<2x1x64xvector<32xf32>>
// V6:            rise.reduce unroll {{.*}} : vector<32xf32>, !rise.array<4x!rise.pair<f32, vector<32xf32>>> -> vector<32xf32>
// V6:          rise.to_mem private {{.*}} : !rise.array<32x32xf32>
// V6:      rise.to_mem global {{.*}} : !rise.array<2x2x32x32xf32>

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=parallel})' -o %t.v7.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=V7 < %t.v7.mlir
// RUN: ariadne-interp %t.v7.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.v7.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// V7:      rise.to_mem global {{.*}} : !rise.array<2x1x64xvector<32xf32>>
// V7-NEXT: rise.map par {{.*}} : !rise.array<2x1x64xvector<32xf32>> -> !rise.array<2x2x32x32xf32>
// V7:          rise.reduce unroll
// V7:        rise.to_mem private {{.*}} : !rise.array<32x32xf32>
// V7:      rise.map par {{.*}} : !rise.array<2x32x2x32xf32> -> !rise.array<2x32x64xf32>

// The same on the scalar blocks of 2.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=parallelBlocking})' -o %t.v7s.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=V7S < %t.v7s.mlir
// RUN: ariadne-interp %t.v7s.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.v7s.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// V7S:      rise.map par {{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x32x64xf32>
// V7S-COUNT-4: rise.map seq
// V7S-NOT: rise.map

// The default (main) is blocking.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv report=false})' | diff %t.v2.mlir -

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
