// trace=true lists every rule that fired, in order, with the term path it
// fired at (child indices from the function node: root 0 is the first
// rise.out value) and the kinds of the term before and after. Rules that
// fired on a branch that was then abandoned are listed and counted too.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(mapFusion) ; splitJoin(6) @ outermost(isMap) ; splitJoin(2) @ innermost(isMap)" trace=true output=-})' \
// RUN:   | FileCheck %s
// CHECK:      rise-rewrite @three: #1 mapFusion at 0: map -> map
// CHECK-NEXT: rise-rewrite @three: #2 mapFusion at 0: map -> map
// CHECK-NEXT: rise-rewrite @three: #3 splitJoin(6) at 0: map -> join
// CHECK-NEXT: rise-rewrite @three: #4 splitJoin(2) at 0.0.0.0: map -> join
// CHECK-NEXT: rise-rewrite @three: 4 rules fired
// CHECK: func.func @three

// Backtracking: the fusions fire, then the choice abandons them.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="(normalize(mapFusion) ; fail) <+ id" trace=true})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BACK
// BACK:      rise-rewrite @three: #1 mapFusion at 0: map -> map
// BACK-NEXT: rise-rewrite @three: #2 mapFusion at 0: map -> map
// BACK-NEXT: rise-rewrite @three: 2 rules fired

func.func @three(%a: memref<12xf32>, %o: memref<12xf32>) {
  %x = rise.in %a : memref<12xf32> -> !rise.array<12xf32>
  %y = rise.map %x : !rise.array<12xf32> -> !rise.array<12xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  %z = rise.map %y : !rise.array<12xf32> -> !rise.array<12xf32> {
  ^bb0(%w: f32):
    %e = math.exp %w : f32
    rise.yield %e : f32
  }
  %t = rise.map %z : !rise.array<12xf32> -> !rise.array<12xf32> {
  ^bb0(%u: f32):
    %n = arith.negf %u : f32
    rise.yield %n : f32
  }
  rise.out %t, %o : !rise.array<12xf32>, memref<12xf32>
  return
}
