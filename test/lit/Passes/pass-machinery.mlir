// Ariadne's passes inside MLIR's pass machinery (passes/Registration.cpp):
// their options in --help, options kept by --dump-pass-pipeline and by
// crash reproducers (which then replay), passes nested where they cannot
// work fail with a diagnostic, and --mlir-pass-statistics shows the C
// passes' counters.

// Options, with their choices, under each pass and pipeline.
// RUN: %mlir_opt --load-pass-plugin=%plugin --help | FileCheck %s --check-prefix=HELP
// HELP:      --rise-astar {{.*}}- Lower the cost of rise functions by Knossos-style A* search over rewrites
// HELP:        --engine=<string> {{.*}}(astar|greedy|random)
// HELP:      --rise-eqsat {{.*}}- Optimise rise functions by sketch-guided equality saturation
// HELP:        --guides=<string> {{.*}}- the guide file
// HELP:        --iter-limit=<long>
// HELP:      --rise-stats {{.*}}- Report op counts
// HELP-NEXT:   --format=<string> {{.*}}(text|json)
// HELP-NEXT:   --output=<string>
// HELP:      --rise-to-nvvm {{.*}}- Lower rise kernels
// HELP-NEXT:   --chip=<string> {{.*}}(sm_80|sm_90)

// Every option prints, defaults included; a value with spaces in braces.
// RUN: %rise-opt %s -o /dev/null --dump-pass-pipeline 2>&1 \
// RUN:     --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(mapFusion) ; id" report=false},func.func(rise-stats{format=json output=%t.json}))' \
// RUN:   | FileCheck %s --check-prefix=DUMP -DJSON=%t.json
// DUMP:      builtin.module(
// DUMP-NEXT:   rise-rewrite{func= max-steps=100000 max-visits=100000000 output= progress=0 report=false report-format=text strategy={normalize(mapFusion) ; id} strategy-file= trace=false},
// DUMP-NEXT:   func.func(
// DUMP-NEXT:     rise-stats{format=json output=[[JSON]]}

// rise-eqsat too (it used to print with no options at all); the run then
// fails on the missing guide file.
// RUN: not %rise-opt %s -o /dev/null --dump-pass-pipeline 2>&1 \
// RUN:     --pass-pipeline='builtin.module(rise-eqsat{guides=g.guides goal=baseline nat=m=7,n=5})' \
// RUN:   | FileCheck %s --check-prefix=DUMP-EQ
// DUMP-EQ: rise-eqsat{allow-partial=false candidates=16 cost=size func= goal=baseline guide= guides=g.guides iter-limit=0 machine= memory-limit=4096 nat=m=7,n=5 node-limit=1000000 report=stderr report-format=text rules= time-limit=60}

// The printed form parses back to the same pipeline.
// RUN: %rise-opt %s -o /dev/null --dump-pass-pipeline 2>&1 \
// RUN:     --pass-pipeline='builtin.module(rise-rewrite{func= max-steps=100000 max-visits=100000000 output= report=false strategy={normalize(mapFusion) ; id} strategy-file= trace=false},func.func(rise-stats{format=json output=%t.json}))' \
// RUN:   | FileCheck %s --check-prefix=DUMP -DJSON=%t.json

// A failing pass leaves a reproducer with its options, and replaying it
// fails the same way.
// RUN: rm -f %t.repro.mlir
// RUN: not %rise-opt %s -o /dev/null --mlir-pass-pipeline-crash-reproducer=%t.repro.mlir \
// RUN:     --pass-pipeline='builtin.module(rise-rewrite{strategy="id ; fail" max-steps=7})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAIL
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro.mlir
// RUN: not %rise-opt --run-reproducer %t.repro.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: error: rise-rewrite: strategy failed on @scale: strategy:1:6: reached 'fail'
// REPRO: pipeline: "builtin.module(rise-rewrite{func= max-steps=7 max-visits=100000000 output= progress=0 report=true report-format=text strategy={id ; fail} strategy-file= trace=false})"

// Lowerings that work on a whole module refuse to be nested under a function.
// RUN: not %rise-opt %s -o /dev/null --pass-pipeline='builtin.module(func.func(convert-rise-to-affine))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST -DPASS=convert-rise-to-affine
// RUN: not %rise-opt %s -o /dev/null --pass-pipeline='builtin.module(func.func(convert-rise-to-gpu))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST -DPASS=convert-rise-to-gpu
// NEST: pass-machinery.mlir:{{[0-9]+}}:1: error: [[PASS]]: must run on a builtin.module, not on 'func.func' (it lowers the functions of a module: nest it as builtin.module([[PASS]]))
// NEST-NEXT: func.func @scale(
// So do the pipelines built on them.
// RUN: not %rise-opt %s -o /dev/null --pass-pipeline='builtin.module(func.func(rise-to-llvm))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-PIPE
// NEST-PIPE: error: failed to add `rise-to-llvm`
// Nested under the module they run.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s --check-prefix=LOWERED
// LOWERED: affine.for

// Statistics: the counters of rise-rewrite and rise-eqsat (rules fired,
// e-nodes, why each guide stopped), summed over functions.
// RUN: %rise-opt %s -o /dev/null --mlir-pass-statistics \
// RUN:     --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(mapFusion)" report=false})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RW-STATS
// RW-STATS:      Pass statistics report
// RW-STATS:      rise-rewrite
// RW-STATS-NEXT:   (S) 1 functions      - functions the strategy ran on
// RW-STATS-NEXT:   (S) 0 rules-fired    - rewrite rules that fired
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir -o /dev/null --mlir-pass-statistics \
// RUN:     --pass-pipeline='builtin.module(rise-eqsat{guides=%ariadne_src/search/sketch/guides/matmul.guides func=matmul_small nat=m=7,n=5,k=9 goal=baseline report=%t.report})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EQ-STATS
// EQ-STATS:      rise-eqsat
// EQ-STATS-NEXT:   (S)  1 functions {{ *}}- functions searched
// EQ-STATS-NEXT:   (S)  1 guides
// EQ-STATS-NEXT:   (S)  1 guides-found
// EQ-STATS-NEXT:   (S)  1 iterations
// EQ-STATS-NEXT:   (S) 28 e-nodes
// EQ-STATS-NEXT:   (S) 26 e-classes
// EQ-STATS-NEXT:   (S)  2 rule-matches
// EQ-STATS-NEXT:   (S)  2 rules-fired
// EQ-STATS-NEXT:   (S)  0 stop-saturated
// EQ-STATS-NEXT:   (S)  1 stop-goal
// Without the flag, no report.
// RUN: %rise-opt %s -o /dev/null --pass-pipeline='builtin.module(rise-rewrite{strategy=id report=false})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-STATS --allow-empty
// NO-STATS-NOT: (S)

func.func @scale(%m: memref<4xf32>) {
  %a = rise.in %m : memref<4xf32> -> !rise.array<4xf32>
  %b = rise.map seq %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
    rise.yield %y : f32
  }
  rise.out %b, %m : !rise.array<4xf32>, memref<4xf32>
  return
}
