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

// The search itself, natively against the interpreter.
// RUN: ariadne-run %S/Inputs/mm_odd.mlir --pipeline='rise-search{report=-}' --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=SEARCH
// SEARCH: rise-search @mm_odd: cost {{.*}} -> {{.*}} (analytic), {{[1-9][0-9]*}} steps
// SEARCH: @mm_odd argument 2 matches the interpreter: 7700 scalars
