// A strategy that fails, or stops at a limit, is an error on the function
// that names the sub-strategy where it stopped (its position in the
// strategy text), what did not apply, and the term path; the function is
// left unchanged and mlir-opt fails.

// RUN: %rise-opt %s -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(rise-rewrite{strategy="try(topDown(mapFusion)) ; fissionReduceMap @ outermost(isReduce)" report=false})'

// A rule with no traversal is tried on the function node itself, where no
// rule matches.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="splitJoin(4)"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROOT
// ROOT: error: rise-rewrite: strategy failed on @f: strategy:1:1: rule 'splitJoin(4)' does not apply (at term path root; 0 rules fired before)

// `all` applies to every root; the rule after `try` fails on the map at 0.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="all(try(splitJoin(4)) ; reduceMapFusion)"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALL
// ALL: error: rise-rewrite: strategy failed on @f: strategy:1:25: rule 'reduceMapFusion' does not apply (at term path 0; 1 rule fired before)

// `one` on the map's children: neither the lambda nor the input splits.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="one(one(splitJoin(2)))"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONE
// ONE: error: rise-rewrite: strategy failed on @f: strategy:1:1: 'one(one(splitJoin(2)))' applies to no child (at term path root; 0 rules fired before)

// Limits: a strategy that would grow the term forever stops at max-steps;
// one that cycles between two terms too.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(splitJoin(2))" max-steps=3})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STEPS
// STEPS: error: rise-rewrite: strategy stopped on @f: strategy:1:11: stopped after 3 rule applications (max-steps) (at term path 0.0.0.0.0.0)
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="repeat(topDown(splitJoin(2) <+ joinSplitMap))" max-steps=50})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CYCLE
// CYCLE: error: rise-rewrite: strategy stopped on @f: {{.*}} stopped after 50 rule applications (max-steps)
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="repeat(try(topDown(splitJoin(2))))" max-visits=20})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VISITS
// VISITS: error: rise-rewrite: strategy stopped on @f: {{.*}} stopped after 20 evaluations (max-visits)

// A strategy that succeeds without rewriting is no failure, and neither is
// repeat reaching a fixpoint.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="repeat(id) ; normalize(try(mapFusion))"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIX
// FIX: rise-rewrite @f: 0 rules fired

// expected-error @+1 {{rise-rewrite: strategy failed on @f: strategy:1:46: 'outermost(isReduce, fissionReduceMap)' found no location where it applies (at term path root; 0 rules fired before)}}
func.func @f(%a: memref<8xf32>, %o: memref<8xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  %y = rise.map %x : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  rise.out %y, %o : !rise.array<8xf32>, memref<8xf32>
  return
}
