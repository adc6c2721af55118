// rise-search{engine=eqsat}: an e-graph grown from the input with the
// high-level rules (eqsat-rules=), the k cheapest-by-size programs
// extracted and scored whole by the search's cost, the cheapest that
// lowers kept, then the beam from it. The result equals the input on the
// interpreter, lowers, and is the same for the same seed.

// RUN: ariadne-interp %ariadne_src/test/examples/matmul.mlir --func=matmul_medium --seed=3 --print > %t.ref.txt
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=eqsat func=matmul_medium depth=2 seed=7})' -o %t.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=REPORT < %t.err
// RUN: ariadne-interp %t.mlir --func=matmul_medium --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=eqsat func=matmul_medium depth=2 seed=7 report=none})' -o %t.again.mlir
// RUN: diff %t.mlir %t.again.mlir
// REPORT: rise-search @matmul_medium: engine=eqsat eqsat stop={{[a-z-]+}} iterations={{[0-9]+}} e-nodes={{[0-9]+}} applied={{[0-9]+}} candidates={{[0-9]+}} not-lowered={{[0-9]+}} picked={{[0-9]+}} (cost [[IN:[0-9.e+-]+]] -> {{[0-9.e+-]+}})
// REPORT: rise-search @matmul_medium: engine=eqsat stop=depth (2 rounds done)
// REPORT: rise-search @matmul_medium: cost [[IN]] -> {{[0-9.e+-]+}} (analytic)
// REPORT: rise-search @matmul_medium: schedule, from eqsat's program, (rise-rewrite{strategy-file=search/strategy/strategies/search.elv strategy="..."}):

// The e-graph's limits: one iteration.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=eqsat func=matmul_small depth=1 eqsat-iters=1})' -o %t.small.mlir 2>&1 | FileCheck %s --check-prefix=ITERS
// RUN: ariadne-interp %t.small.mlir --func=matmul_small --seed=3 --print > %t.small.txt
// RUN: ariadne-interp %ariadne_src/test/examples/matmul.mlir --func=matmul_small --seed=3 --print | diff - %t.small.txt
// ITERS: engine=eqsat eqsat stop={{iter-limit|saturated}} iterations=1

// Bad rules and limits are one diagnostic.
// RUN: not %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=eqsat eqsat-rules=mapFusion,noSuchRule})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RULE
// RULE: error: rise-search: eqsat-rules: rule 'noSuchRule':
// RUN: not %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{engine=eqsat eqsat-nodes=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODES
// NODES: error: rise-search: eqsat-nodes and eqsat-iters must be positive
