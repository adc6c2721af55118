// The region depth limit of the term import (500, search/mlir/term_mlir.h)
// keeps a fourth of an 8 MiB stack free for the passes that import: at the
// limit, rise-rewrite and rise-eqsat (import, traversal, e-graph, export,
// printing) run on a 2 MiB stack. A frame grown past that margin fails
// here before it overflows an 8 MiB stack. ASan's frames are larger by
// design; its build runs deep-regions.mlir on the ordinary stack.
// UNSUPPORTED: asan

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %ariadne_src/test/lit/Inputs/deep_regions.py 500 > %t/limit.mlir
// RUN: sh -c "ulimit -s 2048 && exec %rise-opt %t/limit.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy=\"try(topDown(mapFusion))\"})' -o %t/rewritten.mlir"
// RUN: sh -c "ulimit -s 2048 && exec %rise-opt %t/limit.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%ariadne_src/test/lit/Transforms/RiseEqsat/Inputs/small.guides goal=fuse iter-limit=2 allow-partial=true})' -o /dev/null"
// RUN: FileCheck %s < %t/rewritten.mlir
// CHECK-COUNT-500: rise.map
