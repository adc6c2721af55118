// rise-rewrite applies a strategy to each function and exports the result:
// map fusion, then splitting the fused map into chunks of 2 at the
// outermost map. The report line (stderr) counts the rules that fired.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFusion)"})' 2>%t.fuse.err \
// RUN:   | FileCheck %s --check-prefix=FUSE
// RUN: FileCheck %s --check-prefix=FUSE-REPORT < %t.fuse.err

// FUSE-LABEL: func.func @twomaps
// FUSE:         %[[X:.*]] = rise.in %arg0
// FUSE-NEXT:    %[[M:.*]] = rise.map %[[X]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// FUSE-NEXT:    ^bb0(%[[V:.*]]: f32):
// FUSE-NEXT:      %[[SQ:.*]] = arith.mulf %[[V]], %[[V]] : f32
// FUSE-NEXT:      %[[E:.*]] = math.exp %[[SQ]] : f32
// FUSE-NEXT:      rise.yield %[[E]] : f32
// FUSE-NEXT:    }
// FUSE-NEXT:    rise.out %[[M]], %arg1
// FUSE-NOT:     rise.map
// FUSE-LABEL: func.func @other
// FUSE-REPORT: rise-rewrite @twomaps: 1 rule fired (2 tried, {{[0-9]+}} strategy steps)
// FUSE-REPORT: rise-rewrite @other: 1 rule fired

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(mapFusion) ; splitJoin(2) @ outermost(isMap)" report=false})' 2>%t.split.err \
// RUN:   | FileCheck %s --check-prefix=SPLIT
// RUN: not test -s %t.split.err
// SPLIT-LABEL: func.func @twomaps
// SPLIT:         %[[X:.*]] = rise.in %arg0
// SPLIT-NEXT:    %[[S:.*]] = rise.split 2 %[[X]] : !rise.array<8xf32> -> !rise.array<4x2xf32>
// SPLIT-NEXT:    %[[O:.*]] = rise.map %[[S]] : !rise.array<4x2xf32> -> !rise.array<4x2xf32> {
// SPLIT-NEXT:    ^bb0(%[[ROW:.*]]: !rise.array<2xf32>):
// SPLIT-NEXT:      %[[I:.*]] = rise.map %[[ROW]] : !rise.array<2xf32> -> !rise.array<2xf32> {
// SPLIT:             arith.mulf
// SPLIT-NEXT:        math.exp
// SPLIT:         %[[J:.*]] = rise.join %[[O]] : !rise.array<4x2xf32> -> !rise.array<8xf32>
// SPLIT-NEXT:    rise.out %[[J]], %arg1
// SPLIT-LABEL: func.func @other
// SPLIT:         rise.split 2 {{.*}} : !rise.array<6xf32> -> !rise.array<3x2xf32>

// ';;' inserts the predefined normalForm (beta-eta normal form) between
// the two strategies.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFusion) ;; try(topDown(mapFusion))" func=twomaps})' 2>&1 -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=NF
// NF: rise-rewrite @twomaps: 1 rule fired

// func= rewrites one function only; the other prints as it was.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFusion)" func=other report=false})' \
// RUN:   | FileCheck %s --check-prefix=ONE
// ONE-LABEL: func.func @twomaps
// ONE-COUNT-2: rise.map
// ONE-LABEL: func.func @other
// ONE-COUNT-1: rise.map
// ONE-NOT: rise.map

// A strategy that succeeds without changing anything leaves the IR as it
// was, op for op.
// RUN: %rise-opt %s | FileCheck %s --check-prefix=SAME
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="try(topDown(reduceMapFusion))"})' \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=SAME
// SAME-LABEL: func.func @twomaps
// SAME-COUNT-2: rise.map
// SAME-LABEL: func.func @other
// SAME-COUNT-2: rise.map

func.func @twomaps(%a: memref<8xf32>, %o: memref<8xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  %y = rise.map %x : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  %z = rise.map %y : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%w: f32):
    %e = math.exp %w : f32
    rise.yield %e : f32
  }
  rise.out %z, %o : !rise.array<8xf32>, memref<8xf32>
  return
}

func.func @other(%a: memref<6xf32>, %o: memref<6xf32>) {
  %x = rise.in %a : memref<6xf32> -> !rise.array<6xf32>
  %y = rise.map %x : !rise.array<6xf32> -> !rise.array<6xf32> {
  ^bb0(%v: f32):
    %m = arith.addf %v, %v : f32
    rise.yield %m : f32
  }
  %z = rise.map %y : !rise.array<6xf32> -> !rise.array<6xf32> {
  ^bb0(%w: f32):
    %e = math.sqrt %w : f32
    rise.yield %e : f32
  }
  rise.out %z, %o : !rise.array<6xf32>, memref<6xf32>
  return
}
