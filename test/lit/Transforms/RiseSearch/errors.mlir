// Bad options and action files are one diagnostic each, before any
// function is searched.



// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{engine=genetic})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ENGINE
// ENGINE: genetic

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{target=riscv64})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: rise-search: option 'target' must be one of host|aarch64, got 'riscv64'

// mlir-opt cannot run code: measuring needs the runtime's pipelines.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{measure=2})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEASURE
// MEASURE: error: rise-search: measure=2 needs the runtime's measurer, which this driver does not provide (mlir-opt cannot run code)

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{tiles=4,x})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TILES
// TILES: error: rise-search: tiles='4,x': expected numbers from 1 to 4096 separated by commas

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{vectors=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=VECTORS
// VECTORS: error: rise-search: vectors='0': expected numbers from 1 to 4096

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{time-limit=soon})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMELIMIT
// TIMELIMIT: error: rise-search: time-limit='soon': expected seconds (0 for none)

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{beam=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEAM
// BEAM: error: rise-search: beam=0: expected 1 to 4096

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{depth=99})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEPTH
// DEPTH: error: rise-search: depth=99: expected 1 to 32

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{threads=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: error: rise-search: threads=0: expected 1 to 1024

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{budget=-1})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: rise-search: budget, memory-limit, measure and seed must not be negative

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{cost=fastest})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=COST
// COST: error: rise-search: cost='fastest': expected analytic, analytic:MACHINE_FILE, model:MODEL_FILE, size or weighted

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{cost=model:%t.nonexistent})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: error: rise-search: cost='model:{{.*}}nonexistent':

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{actions-file=%t.nonexistent})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: rise-search: cannot {{.*}}actions file{{.*}}nonexistent

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{actions-file=%S/Inputs/noactions.elv})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOACT
// NOACT: error: rise-search: {{.*}}noactions.elv: no definition is an action (named act<Name>)

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{actions-file=%S/Inputs/badsyntax.elv})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: rise-search: {{.*}}badsyntax.elv:1:23: expected a strategy

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{actions-file=%S/Inputs/threeparams.elv})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARAMS
// PARAMS: error: rise-search: {{.*}}threeparams.elv: action 'actTooMany' takes 3 parameters; actions take at most 2

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-search{func=nothere})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC
// FUNC: error: rise-search: no function named 'nothere'

func.func @neg(%a: memref<8xf32>, %out: memref<8xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  %y = rise.map %x : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%e: f32):
    %n = arith.negf %e : f32
    rise.yield %n : f32
  }
  rise.out %y, %out : !rise.array<8xf32>, memref<8xf32>
  return
}
