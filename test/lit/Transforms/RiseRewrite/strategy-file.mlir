// Strategies from a file: definitions (with parameters, comments, the
// optional `strategy` keyword), `main` as the default, any definition by
// name with strategy=, and errors with the file's line and column.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs/lib.elv trace=true})' 2>%t.main.err \
// RUN:   | FileCheck %s --check-prefix=MAIN
// RUN: FileCheck %s --check-prefix=MAIN-TRACE < %t.main.err
// MAIN:      %[[S:.*]] = rise.split 2 %{{.*}} : !rise.array<8xf32> -> !rise.array<4x2xf32>
// MAIN-NEXT: rise.map %[[S]]
// MAIN-TRACE:      rise-rewrite @f: #1 mapFusion at 0: map -> map
// MAIN-TRACE-NEXT: rise-rewrite @f: #2 splitJoin(2) at 0: map -> join
// MAIN-TRACE-NEXT: rise-rewrite @f: 2 rules fired

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs/lib.elv strategy=tiles report=false})' \
// RUN:   | FileCheck %s --check-prefix=TILES
// TILES:      rise.split 2 %{{.*}} : !rise.array<8xf32> -> !rise.array<4x2xf32>
// TILES:      rise.split 2 %{{.*}} : !rise.array<4x2xf32> -> !rise.array<2x2x2xf32>

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs/lib.elv strategy="lowered ; twice(try(mapFusion))" report=false})' \
// RUN:   | FileCheck %s --check-prefix=LOWERED
// LOWERED:     rise.map seq

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs/bad.elv})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: error: rise-rewrite: {{.*}}Inputs/bad.elv:3:26: the right of '@' must name a traversal, such as outermost(p)

// An unknown name inside a file's definition points into the file.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs/typo.elv})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPO
// TYPO: error: rise-rewrite: {{.*}}Inputs/typo.elv:3:4: unknown strategy, rule or predicate 'chunk'

// A failure inside definitions names the calls it was in.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs/lib.elv strategy="twice(chunk(5))"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHAIN
// CHAIN: error: rise-rewrite: strategy failed on @f: {{.*}}Inputs/lib.elv:7:27: 'outermost(isMap, splitJoin(n))' found no location where it applies (at term path root; 0 rules fired before; in chunk(5) at strategy:1:7, twice(chunk(5)) at strategy:1:1)

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs/nomain.elv})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOMAIN
// NOMAIN: error: rise-rewrite: {{.*}}Inputs/nomain.elv defines no 'main' strategy; name one with strategy="..."

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs/missing.elv})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: error: rise-rewrite: cannot open strategy file '{{.*}}Inputs/missing.elv'

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIR
// DIR: error: rise-rewrite: cannot read strategy file '{{.*}}Inputs'

// The file's definitions reach the strategy option; arity is checked.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%S/Inputs/lib.elv strategy=chunk})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CALL
// CALL: error: rise-rewrite: strategy:1:1: 'chunk' (defined at {{.*}}Inputs/lib.elv:7:1) takes 1 argument, got 0

func.func @f(%a: memref<8xf32>, %o: memref<8xf32>) {
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
