// Sizes that tiles do not divide (issue 18): the tiling actions of
// search.elv fall back to the tail rules (padSplitJoin pads a map to a
// multiple of the tile and crops; peelReduce runs the whole chunks, then
// the remainder), so rise-search tiles a 100 x 77 x 123 matmul as it tiles
// 1024^3, and what it returns matches the interpreter.

// RUN: %rise-opt %S/Inputs/mm_odd.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv strategy="topDown(actTileReduce(4)) ; topDown(actSplit(32))" report=false})' | FileCheck %s
// CHECK: rise.pad_clamp 0, 28 %{{.*}} : !rise.array<100x123xf32> -> !rise.array<128x123xf32>
// CHECK: rise.split 32 %{{.*}} : !rise.array<128x123xf32> -> !rise.array<4x32x123xf32>
// CHECK: rise.split 4 %{{.*}} : !rise.array<120xf32> -> !rise.array<30x4xf32>
// CHECK: rise.reduce {{.*}} : f32, !rise.array<3xf32> -> f32

// The search itself, natively against the interpreter. No vector width
// divides 77 columns or 100 rows: the search pads the rows of a matmul row
// to a multiple of the vector width and vectorises each chunk
// (actPadVectorizeReductions), and blocks the rows in registers: blocks
// that divide 100 (4) or the rows padded to a multiple of the block
// (actPadRegisterBlock, the pick until session 30's model read view-only
// maps in place); 0.56 -> 0.017 ms on the workplace Xeon. A budget
// of 20,000 candidates finds both in about 2 s (the default 200,000 takes
// 36: the padded register blocks make big terms).
// RUN: ariadne-run %S/Inputs/mm_odd.mlir --pipeline='rise-search{report=- budget=20000 vectors=8,16}' --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=SEARCH
// SEARCH: rise-search @mm_odd: cost {{.*}} -> {{.*}} (analytic), {{[1-9][0-9]*}} steps
// SEARCH: rise-search @mm_odd: schedule ({{.*}}): {{.*}}actPadVectorizeReductions({{8|16}}){{.*}}act{{(Pad)?}}RegisterBlock(
// SEARCH: @mm_odd argument 2 matches the interpreter: 7700 scalars

// A dot product of 1,003 (no vector width divides it): actVectorizeReduce
// peels the tail off (peelTail, pushed into the zip) and vectorises the
// head of 1,000 (8 lanes) or 992 (16), checked natively.
// RUN: %rise-opt %S/Inputs/dot_odd.mlir --pass-pipeline='builtin.module(rise-search{func=dot_odd vectors=8,16})' -o %t.dot.mlir 2>%t.dot.err
// RUN: FileCheck %s --check-prefix=DOT < %t.dot.err
// DOT: rise-search @dot_odd: schedule ({{.*}}): {{.*}}actVectorizeReduce({{8|16}})
// RUN: FileCheck %s --check-prefix=DOT-IR < %t.dot.mlir
// DOT-IR-DAG: rise.slide {{1000, 3|992, 11}}
// DOT-IR-DAG: rise.as_vector
// RUN: ariadne-run %t.dot.mlir --func=dot_odd --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=DOT-NATIVE
// DOT-NATIVE: @dot_odd argument 2 matches the interpreter: 1 scalars
