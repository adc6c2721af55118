// stripColumns on a scheduled Harris (test/bench's 68 x 100 input, 64 x 48
// out): each parallel chunk of 8 lines, with its circular buffers and
// rotations, computed in 4 strips of 12 columns (16 in: the halo of 4),
// lowered natively and checked against the interpreter.
// RUN: %rise-opt %ariadne_src/test/bench/harris.mlir --pass-pipeline='builtin.module(rise-rewrite{func=harris_naive_small strategy-file=%ariadne_src/search/strategy/strategies/search.elv strategy="actFusePipeline ; actChunkLines(8) ; actSeparate ; actSlidingWindow ; stripColumns(4) @ outermost(isMapPar)" report=false})' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: ariadne-run %t.mlir --func=harris_naive_small --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE
// 5 strips do not divide the 48 columns: no location.
// RUN: not %rise-opt %ariadne_src/test/bench/harris.mlir --pass-pipeline='builtin.module(rise-rewrite{func=harris_naive_small strategy="stripColumns(5) @ outermost(isMapPar)" report=false})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSTRIP

// CHECK-LABEL: func.func @harris_naive_small
// CHECK: rise.map par {{.*}} -> !rise.array<8x8x48xf32>
// CHECK: rise.slide 16, 12 {{.*}} -> !rise.array<4x16xf32>
// CHECK: rise.circular_buffer global 3, 3 {{.*}} : !rise.array<12x3x16xf32>
// CHECK: rise.join {{.*}} : !rise.array<4x12x8xf32> -> !rise.array<48x8xf32>

// NATIVE: @harris_naive_small argument 1 matches the interpreter
// NOSTRIP: found no location
