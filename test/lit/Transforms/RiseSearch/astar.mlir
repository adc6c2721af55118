// rise-search{engine=astar}: search/astar's A* over the same actions as the
// beam (every action of search.elv at every position), the same cost as
// the heuristic (V = 0 without value=). The result equals the input on the
// interpreter (up to the rounding of reassociated sums), lowers, replays with rise-rewrite to the same program, is
// the same for the same seed, and the limits stop it with a reason.

// RUN: ariadne-interp %ariadne_src/test/examples/matmul.mlir --func=matmul_medium --seed=3 --print > %t.ref.txt

// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=astar func=matmul_medium budget=3000 seed=7})' -o %t.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=REPORT < %t.err
// RUN: ariadne-interp %t.mlir --func=matmul_medium --seed=3 --print > %t.out.txt
// RUN: %python %S/Inputs/close.py %t.out.txt %t.ref.txt
// RUN: %rise-opt %t.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// REPORT: rise-search @matmul_medium: engine=astar stop=budget (budget of 3000 evaluations spent) horizon=6 evaluations=3000 expanded={{[0-9]+}}
// REPORT: rise-search @matmul_medium: cost [[IN:[0-9.e+-]+]] -> {{[0-9.e+-]+}} (analytic), {{[1-9]}} step
// REPORT: rise-search @matmul_medium: schedule (rise-rewrite{strategy-file=search/strategy/strategies/search.elv strategy="..."}): child(

// Same seed, same program.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=astar func=matmul_medium budget=3000 seed=7 report=none})' -o %t.again.mlir
// RUN: diff %t.mlir %t.again.mlir

// The schedule replays: the actions file plus `main = SCHEDULE;` (the
// search's rise.fma mark aside: option fma, a lowering choice).
// RUN: cat %ariadne_src/search/strategy/strategies/search.elv > %t.elv
// RUN: sed -n 's/.*: schedule ([^)]*): \(.*\)$/main = \1;/p' %t.err >> %t.elv
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%t.elv func=matmul_medium report=false})' -o %t.replay.mlir
// RUN: sed 's/ attributes {rise.fma}//' %t.mlir | diff - %t.replay.mlir

// The horizon is depth=; a search of one step stops when no state is left.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=astar func=matmul_small depth=1 cost=size})' -o %t.size.mlir 2>&1 | FileCheck %s --check-prefix=DEPTH
// RUN: ariadne-interp %t.size.mlir --func=matmul_small --seed=3 --print > %t.size.txt
// RUN: ariadne-interp %ariadne_src/test/examples/matmul.mlir --func=matmul_small --seed=3 --print | diff - %t.size.txt
// DEPTH: rise-search @matmul_small: engine=astar stop=exhausted (no open state left) horizon=1
// DEPTH: cost {{[0-9.e+-]+}} -> {{[0-9.e+-]+}} (size)

// Limits, with the best so far (the input at worst) kept.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=astar func=matmul_medium time-limit=0.000001})' -o %t.time.mlir 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: ariadne-interp %t.time.mlir --func=matmul_medium --seed=3 --print | diff %t.ref.txt -
// TIME: engine=astar stop=time-limit (time limit of 1e-06 s reached)
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=astar func=matmul_medium memory-limit=1})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEM
// MEM: engine=astar stop=memory-limit (term store over 1048576 bytes)

// value= is the A*'s: with another engine, or a file that is not a network, it is an error.
// RUN: not %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{value=%t.elv})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=VALUE-ENGINE
// VALUE-ENGINE: error: rise-search: value='{{.*}}' is the A*'s learned value function: it needs engine=astar
// RUN: not %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=astar value=%t.elv})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=VALUE-BAD
// VALUE-BAD: error: rise-search: value='{{.*}}':

// value=FILE: a network ariadne-astar --train wrote (a tiny one here) gives V.
// RUN: ariadne-astar --eval %ariadne_src/test/lit/Tools/Inputs/astar/small_test.mlir --train %t.net --epochs 1 --dim 8 --steps 2 --budget 50 --horizon 3 --no-progress > /dev/null
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=astar func=matmul_small budget=300 cost=size value=%t.net})' -o %t.value.mlir 2>&1 | FileCheck %s --check-prefix=LEARNED
// RUN: ariadne-interp %t.value.mlir --func=matmul_small --seed=3 --print | diff - %t.size.txt
// LEARNED: rise-search @matmul_small: engine=astar stop=budget (budget of 300 evaluations spent) horizon=6 evaluations=300 {{.*}} value=learned
