// The term import refuses regions nested deeper than 500
// (ARI_TERM_MAX_REGION_DEPTH, search/mlir/term_mlir.h) with an error at the
// op that opens region 501, instead of overflowing the stack in the passes
// and tools that import (issue 13). A program at the limit goes through
// import, the strategy or e-graph, export and printing.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %ariadne_src/test/lit/Inputs/deep_regions.py 501 500 > %t/over.mlir
// RUN: %python %ariadne_src/test/lit/Inputs/deep_regions.py 500 > %t/limit.mlir
// RUN: %python %ariadne_src/test/lit/Inputs/deep_regions.py 2600 500 > %t/far.mlir

// RUN: %rise-opt %t/over.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-rewrite{strategy="id"})' -o /dev/null
// RUN: %rise-opt %t/over.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%ariadne_src/test/lit/Transforms/RiseEqsat/Inputs/small.guides goal=fuse})' -o /dev/null
// Far past the old overflow (about 2,400 levels): still a diagnostic.
// RUN: %rise-opt %t/far.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-rewrite{strategy="id"})' -o /dev/null
// RUN: %rise-opt %t/far.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%ariadne_src/test/lit/Transforms/RiseEqsat/Inputs/small.guides goal=fuse})' -o /dev/null

// The tools report it too: ariadne-eqsat as an error (exit 1),
// ariadne-sketch --match in its report of the functions it cannot match.
// RUN: not ariadne-eqsat --guides %ariadne_src/test/lit/Transforms/RiseEqsat/Inputs/small.guides --goal fuse --func deep %t/far.mlir 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL: far.mlir:1004:{{[0-9]+}}: error: {{.*}}regions nested deeper than 500
// RUN: ariadne-sketch --match %ariadne_src/test/lit/Transforms/RiseEqsat/Inputs/small.guides %t/far.mlir 2>&1 | FileCheck %s --check-prefix=SKETCH
// SKETCH: @deep: not in the term language
// SKETCH: far.mlir:1004:{{[0-9]+}}: note: @deep is not in the term language: {{.*}}regions nested deeper than 500

// At the limit: every traversal after the import copes.
// RUN: %rise-opt %t/limit.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy="try(topDown(mapFusion))"})' | FileCheck %s
// RUN: %rise-opt %t/limit.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%ariadne_src/test/lit/Transforms/RiseEqsat/Inputs/small.guides goal=fuse iter-limit=2 allow-partial=true})' -o /dev/null
// CHECK-LABEL: func.func @deep
// CHECK-COUNT-500: rise.map
// CHECK: rise.out
