// rise-astar (passes/astar.c): Knossos-style A* over rewrites lowers the
// Knossos cost of each function's root and exports the best term; the
// report line names the steps. x*y + x*x factors to x*(y+x) in one step
// (kFactor, Knossos' simplify set); 1*x gives x; a function the rules
// cannot improve is left exactly as it was.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-astar{budget=500 horizon=4 output=%t.report})' | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-astar{budget=500 horizon=4 engine=greedy report=false})' | FileCheck %s
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-astar{budget=3000 horizon=4 engine=random seed=3 func=mul1 output=-})' | FileCheck %s --check-prefix=RANDOM

// The binding rules with two phases: let-introduction and lifting first
// (phase-1 rules marked '!'), then everything; the CSE of bind_t0_0 needs
// all six steps in the right order, so only the count and stop are checked.
// RUN: %rise-opt %S/../../../search/knossos/binding_test.mlir --pass-pipeline='builtin.module(rise-astar{rules=!kLetIntro,!kLetLift,kLetCSE budget=400 horizon=6 two-phase=true func=bind_t0_0 output=-})' -o /dev/null | FileCheck %s --check-prefix=TWO
// TWO: rise-astar @bind_t0_0 root 0: cost 9 -> {{[0-9.]+}}, {{[0-9]+}} steps, 400 evaluations, {{[0-9]+}} expanded, budget (astar)

// lets=true (Knossos' BLAS set): axpy's scaled vector, a value the body
// computes for the loop, is bound by a let and costs once (100.1, not
// 850); inlining it (beta) and indexing the generate (idxGenerate) fuse
// the two loops, and the export is one generate.
// RUN: %rise-opt %S/../../../search/knossos/blas/blas_train.mlir --pass-pipeline='builtin.module(rise-astar{rules=!idxGenerate,!beta,knossos,beta budget=2000 horizon=10 two-phase=true lets=true func=axpy output=-})' | FileCheck %s --check-prefix=LETS
// RUN: %rise-opt %S/../../../search/knossos/blas/blas_train.mlir --pass-pipeline='builtin.module(rise-astar{rules=!idxGenerate,!beta,knossos,beta budget=2000 horizon=10 two-phase=true func=axpy output=-})' -o /dev/null | FileCheck %s --check-prefix=NOLETS
// LETS: rise-astar @axpy root 0: cost 100.1 -> 82, 2 steps, {{.*}}: beta@[] idxGenerate@
// LETS-LABEL: func.func @axpy(
// LETS: rise.generate
// LETS-NOT: rise.generate
// LETS: rise.out
// NOLETS: rise-astar @axpy root 0: cost 850 -> 82, 1 steps

// REPORT: rise-astar @factor root 0: cost 5 -> 3, 1 steps, {{[0-9]+}} evaluations, {{[0-9]+}} expanded, {{exhausted|budget}} (astar): kFactor@[]
// REPORT: rise-astar @mul1 root 0: cost 2 -> 0, 1 steps, {{.*}}: kMul1@[]
// REPORT: rise-astar @keep root 0: cost 1 -> 1, 0 steps

// CHECK-LABEL: func.func @factor(
// CHECK-SAME: %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[Y]], %[[X]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[S]] : f32
// CHECK-NEXT: return %[[M]] : f32
func.func @factor(%x: f32, %y: f32) -> f32 {
  %a = arith.mulf %x, %y : f32
  %b = arith.mulf %x, %x : f32
  %r = arith.addf %a, %b : f32
  return %r : f32
}

// CHECK-LABEL: func.func @mul1(
// CHECK-SAME: %[[X:.*]]: f32)
// CHECK-NEXT: return %[[X]] : f32
// RANDOM: rise-astar @mul1 root 0: cost 2 -> 0, {{.*}} (random)
// RANDOM-LABEL: func.func @mul1(
// RANDOM-NEXT: return
func.func @mul1(%x: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %r = arith.mulf %one, %x : f32
  return %r : f32
}

// CHECK-LABEL: func.func @keep(
// CHECK-NEXT: arith.subf %arg0, %arg1
func.func @keep(%x: f32, %y: f32) -> f32 {
  %r = arith.subf %x, %y : f32
  return %r : f32
}
