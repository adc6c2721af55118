// rise-search schedules the high-level matmul of test/examples by itself:
// the result equals the input on the interpreter (up to the rounding of
// reassociated sums: a pick may vectorise the k loop of 47, its tail
// peeled), lowers, is reported with why the search stopped (here the
// candidate budget, which keeps the test short) and a schedule that
// rise-rewrite replays to the same program, and is the same for the same
// seed.

// RUN: ariadne-interp %ariadne_src/test/examples/matmul.mlir --func=matmul_medium --seed=3 --print > %t.ref.txt

// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium seed=7 budget=20000})' -o %t.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=REPORT < %t.err
// RUN: ariadne-interp %t.mlir --func=matmul_medium --seed=3 --print > %t.out.txt
// RUN: %python %S/Inputs/close.py %t.out.txt %t.ref.txt
// RUN: %rise-opt %t.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// REPORT: rise-search @matmul_medium: engine=beam stop=candidate-limit (candidate limit of 20000 reached) rounds={{[0-9]+}} candidates=20000
// REPORT: rise-search @matmul_medium: cost [[IN:[0-9.e+-]+]] -> {{[0-9.e+-]+}} (analytic), {{[1-9]}} step
// REPORT: rise-search @matmul_medium: schedule (rise-rewrite{strategy-file=search/strategy/strategies/search.elv strategy="..."}): child(

// Same seed, same program.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium seed=7 budget=20000 report=none})' -o %t.again.mlir
// RUN: diff %t.mlir %t.again.mlir

// The schedule replays: the actions file plus `main = SCHEDULE;` (the
// search's rise.fma mark aside: option fma, a lowering choice).
// RUN: cat %ariadne_src/search/strategy/strategies/search.elv > %t.elv
// RUN: sed -n 's/.*: schedule ([^)]*): \(.*\)$/main = \1;/p' %t.err >> %t.elv
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%t.elv func=matmul_medium report=false})' -o %t.replay.mlir
// RUN: sed 's/ attributes {rise.fma}//' %t.mlir | diff - %t.replay.mlir

// Other costs: term size, and the analytic model on a machine file.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_small cost=size depth=2})' -o %t.size.mlir 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: ariadne-interp %t.size.mlir --func=matmul_small --seed=3 --print > %t.size.txt
// RUN: ariadne-interp %ariadne_src/test/examples/matmul.mlir --func=matmul_small --seed=3 --print | diff - %t.size.txt
// SIZE: rise-search @matmul_small: engine=beam stop={{depth|exhausted}}
// SIZE: cost {{[0-9.e+-]+}} -> {{[0-9.e+-]+}} (size)
