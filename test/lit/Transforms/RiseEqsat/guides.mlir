// rise-eqsat with the small guide file Inputs/small.guides: the goal
// fuseSplit first fuses the two maps of @f (guide fuse), then splits the
// fused map into 8 maps of 4 (guide split). Each result computes what the
// input computes on the interpreter and lowers through the CPU pipeline;
// func= leaves @g alone. The report has one line per guide and one for the
// chain (docs/eqsat.md).

// RUN: ariadne-interp %s --func=f --seed=3 --print > %t.ref.txt

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuseSplit func=f report=%t.report})' -o %t.split.mlir
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: ariadne-interp %t.split.mlir --func=f --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.split.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// SPLIT-LABEL: func.func @f
// SPLIT:       %[[IN:.*]] = rise.in
// SPLIT-NEXT:  %[[S:.*]] = rise.split 4 %[[IN]] : !rise.array<32xf32> -> !rise.array<8x4xf32>
// SPLIT-NEXT:  %[[M:.*]] = rise.map %[[S]] : !rise.array<8x4xf32> -> !rise.array<8x4xf32> {
// SPLIT:         rise.map %{{.*}} : !rise.array<4xf32> -> !rise.array<4xf32> {
// SPLIT-NEXT:    ^bb0(%[[V:.*]]: f32):
// SPLIT-NEXT:      %[[SQ:.*]] = arith.mulf %[[V]], %[[V]] : f32
// SPLIT-NEXT:      %[[D:.*]] = arith.addf %[[SQ]], %[[SQ]] : f32
// SPLIT-NEXT:      rise.yield %[[D]] : f32
// SPLIT:       %[[J:.*]] = rise.join %[[M]] : !rise.array<8x4xf32> -> !rise.array<32xf32>
// SPLIT-NEXT:  rise.out %[[J]]
// SPLIT-NOT:   rise.map
// SPLIT-LABEL: func.func @g
// SPLIT-NEXT:    rise.in
// SPLIT-NEXT:    rise.map %{{.*}} : !rise.array<32xf32> -> !rise.array<32xf32>
// SPLIT:         rise.map %{{.*}} : !rise.array<32xf32> -> !rise.array<32xf32>
// REPORT:      rise-eqsat @f fuse: found stop=goal iterations=1 e-nodes={{[0-9]+}} e-classes={{[0-9]+}} applied={{[1-9][0-9]*}} matches={{[1-9][0-9]*}} cost=10 peak-mb={{[0-9.]+}} seconds={{[0-9.]+}}
// REPORT-NEXT: rise-eqsat @f split: found stop=goal iterations=1 e-nodes={{[0-9]+}} e-classes={{[0-9]+}} applied={{[1-9][0-9]*}} matches={{[1-9][0-9]*}} cost=15 peak-mb={{[0-9.]+}} seconds={{[0-9.]+}}
// REPORT-NEXT: rise-eqsat @f goal fuseSplit: found 2/2 guides peak-mb={{[0-9.]+}} seconds={{[0-9.]+}}
// REPORT-NOT:  @g

// One guide; the report by default on stderr, with report=- on stdout
// (printed while the pass runs, so before the IR).
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse func=f})' -o %t.fuse.mlir 2>&1 | FileCheck %s --check-prefix=FUSE-REPORT
// RUN: FileCheck %s --check-prefix=FUSE < %t.fuse.mlir
// RUN: ariadne-interp %t.fuse.mlir --func=f --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse func=f report=-})' | FileCheck %s --check-prefix=STDOUT
// STDOUT:      rise-eqsat @f fuse: found stop=goal iterations=1
// STDOUT-NEXT: rise-eqsat @f goal fuse: found 1/1 guides
// STDOUT-NEXT: module {
// FUSE-LABEL: func.func @f
// FUSE:         %[[IN:.*]] = rise.in
// FUSE-NEXT:    rise.map %[[IN]] : !rise.array<32xf32> -> !rise.array<32xf32> {
// FUSE:           arith.mulf
// FUSE-NEXT:      arith.addf
// FUSE-NOT:     rise.map
// FUSE-LABEL: func.func @g
// FUSE-REPORT:      rise-eqsat @f fuse: found stop=goal iterations=1
// FUSE-REPORT-NEXT: rise-eqsat @f goal fuse: found 1/1 guides

// Without func= every function is searched: @g's two maps fuse as well.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse report=none})' | FileCheck %s --check-prefix=ALL
// ALL-LABEL: func.func @f
// ALL:       rise.map
// ALL-NOT:   rise.map
// ALL-LABEL: func.func @g
// ALL:       rise.map
// ALL-NOT:   rise.map

// Scheduled on each func.func instead of the module, it does the same.
// RUN: %rise-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse report=none}))' | FileCheck %s --check-prefix=ALL

// The weighted cost (a lambda weighs 0.5) changes the reported costs, not
// the program here.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuseSplit func=f cost=weighted report=-})' | FileCheck %s --check-prefix=WEIGHTED
// WEIGHTED: rise-eqsat @f fuse: found stop=goal {{.*}} cost=9.5 peak-mb
// WEIGHTED: rise-eqsat @f split: found stop=goal {{.*}} cost=14 peak-mb
// WEIGHTED: rise.split 4

// guide= runs an explicit chain: split alone splits one of the two maps.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides guide=split func=f report=-})' -o %t.chain.mlir | FileCheck %s --check-prefix=CHAIN-REPORT
// RUN: FileCheck %s --check-prefix=CHAIN < %t.chain.mlir
// RUN: ariadne-interp %t.chain.mlir --func=f --seed=3 --print | diff %t.ref.txt -
// CHAIN-REPORT: rise-eqsat @f split: found stop=goal
// CHAIN-REPORT-NEXT: rise-eqsat @f guides split: found 1/1 guides
// CHAIN-LABEL: func.func @f
// CHAIN:       rise.split 4 %{{.*}} : !rise.array<32xf32> -> !rise.array<8x4xf32>
// CHAIN-LABEL: func.func @g

// rules= replaces every guide's rules: with splitJoin(8) the split guide
// can only make maps of 8, never 8 maps of 4, and its e-graph saturates.
// With mapFusion alone, fuse is still found.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides guide=split func=f rules=splitJoin(8) report=none})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RULES
// RULES: error: rise-eqsat: guide 'split' not satisfied on @f: the e-graph saturated after
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse func=f rules=mapFusion report=-})' -o /dev/null | FileCheck %s --check-prefix=RULES-OK
// RULES-OK: rise-eqsat @f fuse: found stop=goal iterations=1 {{.*}} applied=1 matches=1

// allow-partial=true: when a later guide is not satisfied, the function
// gets the program of the last guide that was, and the pass succeeds.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides guide=fuse,never func=f allow-partial=true report=%t.partial})' -o %t.partial.mlir
// RUN: FileCheck %s --check-prefix=FUSE < %t.partial.mlir
// RUN: FileCheck %s --check-prefix=PARTIAL < %t.partial
// RUN: ariadne-interp %t.partial.mlir --func=f --seed=3 --print | diff %t.ref.txt -
// PARTIAL:      rise-eqsat @f fuse: found stop=goal
// PARTIAL-NEXT: rise-eqsat @f never: not-found stop=saturated
// PARTIAL-NEXT: rise-eqsat @f guides fuse,never: not-found 1/2 guides
// PARTIAL-NEXT: rise-eqsat @f: guide 'never' not satisfied: the e-graph saturated after {{[0-9]+}} iterations ({{[0-9]+}} e-nodes) without a program satisfying the sketch; kept the program of guide 'fuse'
// When no guide was satisfied the function is left as it was.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=never func=f allow-partial=true report=-})' | FileCheck %s --check-prefix=NONE
// NONE:  rise-eqsat @f: guide 'never' not satisfied: {{.*}}; kept the original
// NONE-LABEL: func.func @f
// NONE-COUNT-2: rise.map

// A guide file with a single guide and no goal needs neither goal= nor
// guide=; nat= binds the file's sizes (here n = 32, which the file leaves
// open).
// RUN: %python -c "print('guide split rules(splitJoin(4)) = containsMap(n / 4, containsMap(4, ?));')" > %t.one.guides
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%t.one.guides nat=n=32 func=f report=-})' -o /dev/null | FileCheck %s --check-prefix=ONE
// ONE: rise-eqsat @f split: found stop=goal
// ONE-NEXT: rise-eqsat @f guides split: found 1/1 guides

func.func @f(%a: memref<32xf32>, %o: memref<32xf32>) {
  %x = rise.in %a : memref<32xf32> -> !rise.array<32xf32>
  %y = rise.map %x : !rise.array<32xf32> -> !rise.array<32xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  %z = rise.map %y : !rise.array<32xf32> -> !rise.array<32xf32> {
  ^bb0(%v: f32):
    %d = arith.addf %v, %v : f32
    rise.yield %d : f32
  }
  rise.out %z, %o : !rise.array<32xf32>, memref<32xf32>
  return
}

func.func @g(%a: memref<32xf32>, %o: memref<32xf32>) {
  %x = rise.in %a : memref<32xf32> -> !rise.array<32xf32>
  %y = rise.map %x : !rise.array<32xf32> -> !rise.array<32xf32> {
  ^bb0(%v: f32):
    %m = arith.subf %v, %v : f32
    rise.yield %m : f32
  }
  %z = rise.map %y : !rise.array<32xf32> -> !rise.array<32xf32> {
  ^bb0(%v: f32):
    %d = arith.mulf %v, %v : f32
    rise.yield %d : f32
  }
  rise.out %z, %o : !rise.array<32xf32>, memref<32xf32>
  return
}
