// rise-eqsat's cost= option with the cost models (docs/costmodel.md, "Use
// in the search"): cost=analytic:MACHINE_FILE and cost=model:MODEL_FILE
// extract up to candidates= programs of the last guide under the weighted
// size and keep the one the model scores lowest; the report says how many
// candidates there were, which was picked and its score. Every bad cost is
// one error at the module before any function is touched.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/machine.py %t/m.txt
// RUN: %python %S/Inputs/machine.py %t/damaged.txt damage
// RUN: ariadne-cost dataset --synthetic -o %t/s.ards --programs 3 --variants 4 --seed 1
// RUN: ariadne-cost train --data %t/s.ards --objective rank --seed 1 --rounds 2 -o %t/synthetic.model
// RUN: echo "not a model" > %t/junk.model

// The analytic model on matmul 1024's cacheBlocks goal, whose last guide
// (unroll: reduceSeqUnroll, mapPar) leaves two programs: sequential or
// with parallel maps.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%ariadne_src/search/sketch/guides/matmul_eqsat.guides goal=cacheBlocks func=matmul cost=analytic:%t/m.txt report=-})' -o %t/analytic.mlir | FileCheck %s --check-prefix=ANALYTIC
// ANALYTIC:      rise-eqsat @matmul baseline: found stop=goal {{.*}} cost={{[0-9.]+}} peak-mb
// ANALYTIC:      rise-eqsat @matmul unroll: found stop=goal {{.*}} cost={{[0-9.]+}} candidates=2 picked={{[01]}} score={{[0-9.e-]+}} peak-mb
// ANALYTIC-NEXT: rise-eqsat @matmul goal cacheBlocks: found 7/7 guides
// With one candidate the ranking has nothing to choose: the weighted pick.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%ariadne_src/search/sketch/guides/matmul_eqsat.guides goal=cacheBlocks func=matmul cost=analytic:%t/m.txt candidates=1 report=-})' -o %t/one.mlir | FileCheck %s --check-prefix=ONE
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%ariadne_src/search/sketch/guides/matmul_eqsat.guides goal=cacheBlocks func=matmul cost=weighted report=none})' -o %t/weighted.mlir
// RUN: diff %t/one.mlir %t/weighted.mlir
// ONE: rise-eqsat @matmul unroll: found stop=goal {{.*}} candidates=1 picked=0 score=

// Errors: located at the module, non-zero exit.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=fast})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: cost.mlir:[[# @LINE + 22]]:1: error: rise-eqsat: unknown cost 'fast' (expected size|weighted|knossos|analytic:MACHINE_FILE|model:MODEL_FILE)
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=analytic})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: cost.mlir:{{[0-9]+}}:1: error: rise-eqsat: cost='analytic': cost 'analytic' needs a machine file: analytic:FILE (made by `ariadne-cost machine -o FILE`)
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=model})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOMODEL
// NOMODEL: error: rise-eqsat: cost='model': cost 'model' needs a model file: model:FILE
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=analytic:%t/none.txt})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: cost.mlir:{{[0-9]+}}:1: error: rise-eqsat: cost='analytic:{{.*}}none.txt': cannot open machine file '{{.*}}none.txt': No such file or directory
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=analytic:%t/damaged.txt})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DAMAGED
// DAMAGED: error: rise-eqsat: cost='analytic:{{.*}}damaged.txt': {{.*}}damaged.txt:{{[0-9]+}}: no crc32 line
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=model:%t/none.model})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL-MISSING
// MODEL-MISSING: error: rise-eqsat: cost='model:{{.*}}none.model': {{.*}}none.model
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=model:%t/junk.model})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=JUNK
// JUNK: error: rise-eqsat: cost='model:{{.*}}junk.model': model file '{{.*}}junk.model': not an Ariadne model file (bad magic)
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=model:%t/synthetic.model})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAYOUT
// LAYOUT: error: rise-eqsat: cost='model:{{.*}}synthetic.model': model '{{.*}}synthetic.model' was trained on feature layout 0 with 6 features; the search gives layout 1 (137 features), 1001 (140 features) or 1201 (171 features, `ariadne-cost measure`'s)
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=model:%t/synthetic.model machine=%t/none.txt})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MACHINE
// MACHINE: error: rise-eqsat: cost='model:{{.*}}synthetic.model': cannot open machine file '{{.*}}none.txt'
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=analytic:%t/m.txt candidates=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CANDIDATES
// CANDIDATES: error: rise-eqsat: candidates must be from 1 to 256, got 0
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=analytic:%t/m.txt candidates=257})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CANDIDATES2
// CANDIDATES2: error: rise-eqsat: candidates must be from 1 to 256, got 257

module {
}
