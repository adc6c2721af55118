// rise-search honours its limits and says which one stopped it, keeping
// the best program found so far (which still equals the input).

// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium budget=50})' -o %t.budget.mlir 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: ariadne-interp %ariadne_src/test/examples/matmul.mlir --func=matmul_medium --seed=3 --print > %t.ref.txt
// RUN: ariadne-interp %t.budget.mlir --func=matmul_medium --seed=3 --print | diff %t.ref.txt -
// BUDGET: stop=candidate-limit (candidate limit of 50 reached) rounds={{[0-9]}} candidates=50 

// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium depth=1})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEPTH
// DEPTH: stop=depth (1 rounds done) rounds=1

// A limit of a microsecond is always reached (no test depends on how fast
// the machine is): the search stops at its first check.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium time-limit=0.000001})' -o %t.time.mlir 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: ariadne-interp %t.time.mlir --func=matmul_medium --seed=3 --print | diff %t.ref.txt -
// TIME: stop=time-limit (time limit of 1e-06 s reached)

// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium memory-limit=1})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEM
// MEM: stop=memory-limit (term store over 1048576 bytes)
