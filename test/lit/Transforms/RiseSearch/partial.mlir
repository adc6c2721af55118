// A reduction in partial results (the rule partialReduce, Halide's
// rfactor; search.elv's actPartialReduce): a reduction that no loop around
// it varies -- here the whole of a dot product -- split in p chunks folded
// independently, in parallel, and combined at the end. On the lit test
// machine (2 cores; the analytic model on a fixed machine file) rise-search
// takes it for the dot product of 2^20 at 2 threads, where the chunks'
// threads bring the inputs in together, and not at 1 thread.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../RiseEqsat/Inputs/machine.py %t/m.txt
// RUN: %rise-opt %ariadne_src/test/examples/dot.mlir --pass-pipeline='builtin.module(rise-search{func=dot threads=2 cost=analytic:%t/m.txt})' -o %t/t2.mlir 2>%t/t2.err
// RUN: FileCheck %s --check-prefix=T2 < %t/t2.err
// T2: rise-search @dot: schedule ({{.*}}): {{.*}}actPartialReduce(
// RUN: FileCheck %s --check-prefix=T2IR < %t/t2.mlir
// T2IR: rise.split
// T2IR: rise.map par
// T2IR: rise.reduce
// RUN: ariadne-run %t/t2.mlir --func=dot --threads=2 --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @dot argument 2 matches the interpreter: 1 scalars

// RUN: %rise-opt %ariadne_src/test/examples/dot.mlir --pass-pipeline='builtin.module(rise-search{func=dot threads=1 cost=analytic:%t/m.txt})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=T1
// T1: rise-search @dot: schedule
// T1-NOT: actPartialReduce

// The rule on its own, on the fused (scalar) reduction: 8 partial results,
// each from -0.0 (addf's neutral element), combined by an unrolled
// reduction from the original 0.0; checked natively against the
// interpreter.
// RUN: %rise-opt %ariadne_src/test/examples/dot.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv func=dot strategy="child(0, actFuse) ; child(0, partialReduce(8))" report=false})' -o %t/rule.mlir
// RUN: FileCheck %s --check-prefix=RULE < %t/rule.mlir
// RULE: rise.split 131072 %{{.*}} : !rise.array<1048576x!rise.pair<f32, f32>> -> !rise.array<8x131072x!rise.pair<f32, f32>>
// RULE: rise.map %{{.*}} : !rise.array<8x131072x!rise.pair<f32, f32>> -> !rise.array<8xf32>
// RULE: rise.reduce seq %cst{{.*}} : f32, !rise.array<131072x!rise.pair<f32, f32>> -> f32
// RULE: rise.reduce unroll %{{.*}} : f32, !rise.array<8xf32> -> f32
// RUN: ariadne-run %t/rule.mlir --func=dot --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE

// A matvec's row reductions are not closed (each uses its row): the
// action does not apply there, the rule does.
// RUN: not %rise-opt %ariadne_src/test/examples/matvec.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv func=matvec strategy="child(0, child(0, child(0, actPartialReduce(4))))" report=false})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPEN
// OPEN: error: rise-rewrite: strategy failed on @matvec: {{.*}}predicate 'isClosed' does not hold (at term path 0.0.0;
// RUN: %rise-opt %ariadne_src/test/examples/matvec.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv func=matvec strategy="child(0, child(0, child(0, partialReduce(4))))" report=false})' -o %t/mv.mlir
// RUN: ariadne-run %t/mv.mlir --func=matvec --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=MV
// MV: @matvec argument 2 matches the interpreter
