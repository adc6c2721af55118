// An image pipeline whose output lines no chunk size divides (Harris at
// 37x53 -> 33x49; 33 = 3 x 11): actPadChunkLines (padPipeline, then
// splitPipeline) computes every stage on 40 lines, the input's last line
// repeated, and crops the output, so the lines are chunked, the chunks run
// in parallel and their windows go through circular buffers as for a
// number of lines the chunk divides. Without it the only chunks were 3 or
// 11 lines: the main job's 1532-line Harris ran in chunks of 4 with no
// circular buffers, 20.6 ms against 8.7-10.0 with chunks of 128 padded
// (workplace Xeon, 2026-11-29).

// RUN: %rise-opt %ariadne_src/test/examples/harris.mlir --pass-pipeline='builtin.module(rise-rewrite{func=harris_medium strategy-file=%ariadne_src/search/strategy/strategies/search.elv strategy="actFusePipeline ; child(0, actPadChunkLines(8)) ; actSeparate ; actSlidingWindow" report=false})' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// CHECK-LABEL: func.func @harris_medium
// CHECK: rise.pad_clamp 0, 7 %{{.*}} : !rise.array<37x3x53xf32> -> !rise.array<44x3x53xf32>
// CHECK: rise.slide 12, 8 %{{.*}} : !rise.array<44x3x53xf32> -> !rise.array<5x12x3x53xf32>
// CHECK: rise.map par %{{.*}} : !rise.array<5x12x3x53xf32> -> !rise.array<5x8x49xf32>
// CHECK: rise.circular_buffer global 3, 3
// CHECK: rise.join %{{.*}} : !rise.array<5x8x49xf32> -> !rise.array<40x49xf32>
// CHECK: rise.slide 33, 7 %{{.*}} : !rise.array<40x49xf32> -> !rise.array<2x33x49xf32>
// CHECK: rise.idx
// RUN: ariadne-run %t.mlir --func=harris_medium --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @harris_medium argument 1 matches the interpreter: 1617 scalars

// A chunk size that divides the lines: padPipeline does not apply (that
// is actChunkLines' case).
// RUN: not %rise-opt %ariadne_src/test/examples/harris.mlir --pass-pipeline='builtin.module(rise-rewrite{func=harris_medium strategy-file=%ariadne_src/search/strategy/strategies/search.elv strategy="actFusePipeline ; child(0, actPadChunkLines(11))" report=false})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIVIDES
// DIVIDES: rule 'padPipeline(p)' does not apply

// The search finds it by itself and what it returns matches the
// interpreter.
// RUN: ariadne-run %ariadne_src/test/examples/harris.mlir --func=harris_medium --pipeline='rise-search{func=harris_medium report=-}' --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=SEARCH
// SEARCH: rise-search @harris_medium: schedule ({{.*}}): {{.*}}actPadChunkLines(
// SEARCH: @harris_medium argument 1 matches the interpreter: 1617 scalars
