// Every diagnostic of rise-eqsat (passes/eqsat.c). Options, the guide file,
// the chain of guides and every rule it uses are checked before any
// function is touched, so a mistake there is one error at the module; a
// guide that is not satisfied within the limits is an error at the function
// naming the guide and why its search stopped, and the function is left
// unchanged. Each case is a file of its own (split-file) so that
// -verify-diagnostics checks exactly the errors that run gives.

// RUN: rm -rf %t && split-file %s %t
// RUN: %python -c "import sys; sys.stdout.write('#' * (5 << 20))" > %t/big.guides

// Options.
// RUN: %rise-opt %t/module.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat)' -o /dev/null
// RUN: %rise-opt %t/both.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse guide=fuse})' -o /dev/null
// RUN: %rise-opt %t/neg-nodes.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides node-limit=-1})' -o /dev/null
// RUN: %rise-opt %t/neg-iters.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides iter-limit=-5})' -o /dev/null
// RUN: %rise-opt %t/neg-memory.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides memory-limit=-2})' -o /dev/null
// RUN: %rise-opt %t/big-iters.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides iter-limit=99999999999})' -o /dev/null
// RUN: %rise-opt %t/big-memory.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides memory-limit=99999999999999})' -o /dev/null
// RUN: %rise-opt %t/bad-time.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides time-limit=soon})' -o /dev/null
// RUN: %rise-opt %t/neg-time.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides time-limit=-0.5})' -o /dev/null
// RUN: %rise-opt %t/nat-entry.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides nat=n})' -o /dev/null
// RUN: %rise-opt %t/nat-zero.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides nat=n=0})' -o /dev/null
// RUN: %rise-opt %t/nat-name.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides nat=9=3})' -o /dev/null
// RUN: %rise-opt %t/nat-list.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides nat=n=32,,m=4})' -o /dev/null
// RUN: %rise-opt %t/report-file.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse report=%t/no-such-dir/report.txt})' -o /dev/null

// Options that do not parse are refused by the option parser (no location);
// an unknown cost by the pass (every cost model: cost.mlir).
// RUN: not %rise-opt %t/module.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides cost=fast})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COST
// COST: error: rise-eqsat: unknown cost 'fast' (expected size|weighted|knossos|analytic:MACHINE_FILE|model:MODEL_FILE)
// RUN: not %rise-opt %t/module.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides node-limit=many})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INT
// INT: error: rise-eqsat: option 'node-limit' needs an integer, got 'many'
// RUN: not %rise-opt %t/module.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides allow-partial=maybe})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOOL
// BOOL: error: rise-eqsat: option 'allow-partial' needs true or false, got 'maybe'
// RUN: not %rise-opt %t/module.mlir --pass-pipeline='builtin.module(rise-eqsat{guide-file=x})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: rise-eqsat: unknown option 'guide-file'

// The guide file: unreadable, too large, malformed (FILE:LINE:COL).
// RUN: %rise-opt %t/missing.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/no-such.guides})' -o /dev/null
// RUN: %rise-opt %t/directory.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t})' -o /dev/null
// RUN: %rise-opt %t/big.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/big.guides})' -o /dev/null
// RUN: %rise-opt %t/syntax.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/syntax.guides})' -o /dev/null
// RUN: %rise-opt %t/semicolon.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/semicolon.guides})' -o /dev/null
// RUN: %rise-opt %t/kind.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/kind.guides})' -o /dev/null
// A size the file does not bind (nat= would).
// RUN: %rise-opt %t/size.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/size.guides})' -o /dev/null
// RUN: %rise-opt %t/size-bound.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/size.guides nat=m=8})' -o /dev/null
// RUN: %rise-opt %t/goal-guide.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/goal-guide.guides})' -o /dev/null
// A size that does not divide with nat= is an error only for a chain that
// needs the guide (issue 13), at its line:column in the guide file.
// RUN: %rise-opt %t/size-bound.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/inexact.guides goal=plain nat=m=100})' -o /dev/null
// RUN: not %rise-opt %t/size-bound.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%t/inexact.guides goal=divided nat=m=100})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INEXACT
// INEXACT: inexact.guides:2:37: error: rise-eqsat: guide 'b' (of goal divided): 100 / 32 is not exact

// The chain: unknown goal or guide, no choice, too long.
// RUN: %rise-opt %t/goal.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fusion})' -o /dev/null
// RUN: %rise-opt %t/guide.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides guide=fuse,splitt})' -o /dev/null
// RUN: %rise-opt %t/guide-list.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides guide=fuse,,split})' -o /dev/null
// RUN: %rise-opt %t/no-goal.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides})' -o /dev/null
// RUN: %rise-opt %t/long.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/long.guides})' -o /dev/null
// RUN: %rise-opt %t/long-chain.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/long.guides guide=a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a})' -o /dev/null

// Rules: unknown, bad arguments, in the file or in rules=. (Every rule of
// the library has an e-graph pattern: search.egraph_rules checks it.)
// RUN: %rise-opt %t/rule.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/rule.guides})' -o /dev/null
// RUN: %rise-opt %t/rule-args.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/rule-args.guides})' -o /dev/null
// RUN: %rise-opt %t/rules-option.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse rules=mapFusion,mapFuzion})' -o /dev/null
// RUN: %rise-opt %t/rules-natural.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse rules=splitJoin(0)})' -o /dev/null
// RUN: %rise-opt %t/rules-many.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse rules=beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta,beta})' -o /dev/null
// RUN: %rise-opt %t/rules-list.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse rules=beta,})' -o /dev/null

// Functions: not in the term language; not one result.
// RUN: %rise-opt %t/import.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse report=none})' -o /dev/null
// RUN: %rise-opt %t/results.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse report=none})' -o /dev/null
// func= names no function: an error at the module, as the tools say it.
// RUN: %rise-opt %t/no-func.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuse func=g report=none})' -o /dev/null

// A sketch that can never be satisfied ends at saturation or at a limit,
// with the reason. None of these depends on timing: the time limit of one
// nanosecond has passed by the time the runner first looks at the clock.
// RUN: %rise-opt %t/saturated.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=never report=none})' -o /dev/null
// A guide written for other sizes (issue 13): the error says which size
// of its sketch the e-graph never had, and where the guide is.
// RUN: %rise-opt %t/sizes.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%t/sizes.guides report=none})' -o /dev/null
// RUN: %rise-opt %t/node-limit.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=never node-limit=40 report=none})' -o /dev/null
// RUN: %rise-opt %t/iter-limit.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=never iter-limit=2 report=none})' -o /dev/null
// RUN: %rise-opt %t/memory-limit.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=grow node-limit=0 memory-limit=1 report=none})' -o /dev/null
// RUN: %rise-opt %t/time-limit.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=grow node-limit=0 time-limit=0.000000001 report=none})' -o /dev/null
// The second guide of a chain fails: the error names it, the function
// keeps its original body, and the report says how far the chain got.
// RUN: not %rise-opt %t/chain.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides guide=fuse,never})' -o %t/chain.out 2>%t/chain.err
// RUN: FileCheck %s --check-prefix=CHAIN-ERR < %t/chain.err
// CHAIN-ERR: rise-eqsat @f fuse: found stop=goal
// CHAIN-ERR: rise-eqsat @f never: not-found stop=saturated
// CHAIN-ERR: rise-eqsat @f guides fuse,never: not-found 1/2 guides
// CHAIN-ERR: chain.mlir:2:1: error: rise-eqsat: guide 'never' not satisfied on @f: the e-graph saturated after {{[0-9]+}} iterations ({{[0-9]+}} e-nodes) without a program satisfying the sketch
// CHAIN-ERR-NOT: error:

//--- module.mlir
// expected-error@+1 {{rise-eqsat: needs guides=PATH, a guide file (docs/sketches.md)}}
module {
}

//--- both.mlir
// expected-error@+1 {{rise-eqsat: goal= and guide= exclude each other}}
module {
}

//--- neg-nodes.mlir
// expected-error@+1 {{rise-eqsat: node-limit must not be negative, got -1}}
module {
}

//--- neg-iters.mlir
// expected-error@+1 {{rise-eqsat: iter-limit must not be negative, got -5}}
module {
}

//--- neg-memory.mlir
// expected-error@+1 {{rise-eqsat: memory-limit must not be negative, got -2}}
module {
}

//--- big-iters.mlir
// expected-error@+1 {{rise-eqsat: iter-limit must be at most 4294967295, got 99999999999}}
module {
}

//--- big-memory.mlir
// expected-error@+1 {{rise-eqsat: memory-limit is too large: 99999999999999 MB}}
module {
}

//--- bad-time.mlir
// expected-error@+1 {{rise-eqsat: time-limit needs a number of seconds, got 'soon'}}
module {
}

//--- neg-time.mlir
// expected-error@+1 {{rise-eqsat: time-limit must not be negative, got '-0.5'}}
module {
}

//--- nat-entry.mlir
// expected-error@+1 {{rise-eqsat: nat: bad entry 'n' (want NAME=POSITIVE, e.g. nat=m=64,n=64)}}
module {
}

//--- nat-zero.mlir
// expected-error@+1 {{rise-eqsat: nat: bad entry 'n=0' (want NAME=POSITIVE, e.g. nat=m=64,n=64)}}
module {
}

//--- nat-name.mlir
// expected-error@+1 {{rise-eqsat: nat: bad size name '9'}}
module {
}

//--- nat-list.mlir
// expected-error@+1 {{rise-eqsat: nat='n=32,,m=4': an empty entry (want NAME=POSITIVE,.., e.g. nat=m=64,n=64)}}
module {
}

//--- report-file.mlir
// expected-error-re@+1 {{rise-eqsat: cannot open report file '{{.*}}no-such-dir/report.txt': No such file or directory}}
module {
}

//--- missing.mlir
// expected-error-re@+1 {{rise-eqsat: cannot open guide file '{{.*}}no-such.guides': No such file or directory}}
module {
}

//--- directory.mlir
// expected-error@+1 {{rise-eqsat: cannot read guide file}}
module {
}

//--- big.mlir
// expected-error-re@+1 {{rise-eqsat: guide file '{{.*}}big.guides' is larger than 4194304 bytes}}
module {
}

//--- syntax.guides
guide a rules(beta) = map(?, in);
goal x = ;

//--- syntax.mlir
// expected-error-re@+1 {{rise-eqsat: {{.*}}syntax.guides:2:10: expected a guide name}}
module {
}

//--- semicolon.guides
guide a rules(beta) = map(?, in)

//--- semicolon.mlir
// expected-error-re@+1 {{rise-eqsat: {{.*}}semicolon.guides:3:1: expected ';' after the guide's sketch, got end of input}}
module {
}

//--- kind.guides
# a comment, then a typo in a node kind
guide a rules(beta) =
  contains(mapp(?, in));

//--- kind.mlir
// expected-error-re@+1 {{rise-eqsat: {{.*}}kind.guides:3:12: unknown node kind 'mapp'}}
module {
}

//--- size.guides
guide a rules(splitJoin(4)) = containsMap(m, ?);

//--- size.mlir
// expected-error-re@+1 {{rise-eqsat: {{.*}}size.guides:1:43: unknown type or size 'm'}}
module {
}

//--- size-bound.mlir
// With nat=m=8 the file parses; no function, nothing to do, no error.
module {
}

//--- inexact.guides
guide a rules(beta) = map(?, in);
guide b rules(beta) = containsMap(m / 32, ?);
goal plain = a;
goal divided = b;

//--- goal-guide.guides
guide a rules(beta) = map(?, in);
goal x = b;

//--- goal-guide.mlir
// expected-error-re@+1 {{rise-eqsat: {{.*}}goal-guide.guides:2:10: unknown guide 'b'}}
module {
}

//--- goal.mlir
// expected-error-re@+1 {{rise-eqsat: guide file '{{.*}}small.guides' has no goal 'fusion' (goals: fuseSplit, fuse, never, grow)}}
module {
}

//--- guide.mlir
// expected-error-re@+1 {{rise-eqsat: guide file '{{.*}}small.guides' has no guide 'splitt' (guides: fuse, split, never, grow)}}
module {
}

//--- guide-list.mlir
// expected-error@+1 {{rise-eqsat: guide='fuse,,split': an empty entry (want a comma-separated chain of at most 16 guides)}}
module {
}

//--- no-goal.mlir
// expected-error-re@+1 {{rise-eqsat: needs goal=NAME or guide=A,B,..: guide file '{{.*}}small.guides' has 4 goals (fuseSplit, fuse, never, grow)}}
module {
}

//--- long.guides
guide a rules(beta) = map(?, in);
goal long = a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a;

//--- long.mlir
// expected-error@+1 {{rise-eqsat: goal 'long' has 17 guides; at most 16 are supported}}
module {
}

//--- long-chain.mlir
// expected-error@+1 {{rise-eqsat: guide='a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a': too many entries (want a comma-separated chain of at most 16 guides)}}
module {
}

//--- rule.guides
guide a rules(beta, mapFuzion) = map(?, in);

//--- rule.mlir
// expected-error-re@+1 {{rise-eqsat: {{.*}}rule.guides:1: guide 'a': rule 'mapFuzion': unknown rule 'mapFuzion'}}
module {
}

//--- rule-args.guides
guide a rules(splitJoin) = map(?, in);

//--- rule-args.mlir
// expected-error-re@+1 {{rise-eqsat: {{.*}}rule-args.guides:1: guide 'a': rule 'splitJoin': rule 'splitJoin' takes 1..1 arguments (p), got 0}}
module {
}

//--- rules-option.mlir
// expected-error@+1 {{rise-eqsat: rules=: rule 'mapFuzion': unknown rule 'mapFuzion'}}
module {
}

//--- rules-natural.mlir
// expected-error@+1 {{rise-eqsat: rules=: rule 'splitJoin(0)': rule 'splitJoin' expects positive naturals}}
module {
}

//--- rules-list.mlir
// expected-error@+1 {{rise-eqsat: rules='beta,': an empty entry (want a comma-separated list of rules)}}
module {
}

//--- rules-many.mlir
// expected-error-re@+1 {{rise-eqsat: rules='beta,{{.*}}': too many entries (want a comma-separated list of rules)}}
module {
}

//--- import.mlir
func.func @weird(%a: memref<8xf32>, %o: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{rise-eqsat: cannot import @weird: op memref.load is not part of the term language}}
  %v = memref.load %a[%c0] : memref<8xf32>
  return
}

//--- results.mlir
// expected-error@+1 {{rise-eqsat: @two has 2 results (rise.out writes and returned values); rise-eqsat optimises functions with exactly one}}
func.func @two(%a: memref<8xf32>, %o: memref<8xf32>, %p: memref<8xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  rise.out %x, %o : !rise.array<8xf32>, memref<8xf32>
  rise.out %x, %p : !rise.array<8xf32>, memref<8xf32>
  return
}

//--- no-func.mlir
// expected-error@+1 {{rise-eqsat: no function named 'g'}}
module {
  func.func @f(%a: memref<32xf32>, %o: memref<32xf32>) {
    %x = rise.in %a : memref<32xf32> -> !rise.array<32xf32>
    rise.out %x, %o : !rise.array<32xf32>, memref<32xf32>
    return
  }
}

//--- sizes.guides
# written for 64 elements
guide wide rules(splitJoin(2)) = containsMap(64, ?);

//--- sizes.mlir
// expected-error-re@+1 {{rise-eqsat: guide 'wide' not satisfied on @f: the e-graph saturated after {{[0-9]+}} iterations ({{[0-9]+}} e-nodes) without a program satisfying the sketch; its sketch ({{.*}}sizes.guides:2) names arrays of size 64 and no array of that size was in the e-graph}}
func.func @f(%a: memref<32xf32>, %o: memref<32xf32>) {
  %x = rise.in %a : memref<32xf32> -> !rise.array<32xf32>
  %y = rise.map %x : !rise.array<32xf32> -> !rise.array<32xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  rise.out %y, %o : !rise.array<32xf32>, memref<32xf32>
  return
}

//--- saturated.mlir
// expected-error@+1 {{rise-eqsat: guide 'never' not satisfied on @f: the e-graph saturated after}}
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

//--- node-limit.mlir
// expected-error@+1 {{rise-eqsat: guide 'never' not satisfied on @f: node-limit (40 e-nodes) reached after}}
func.func @f(%a: memref<32xf32>, %o: memref<32xf32>) {
  %x = rise.in %a : memref<32xf32> -> !rise.array<32xf32>
  %y = rise.map %x : !rise.array<32xf32> -> !rise.array<32xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  rise.out %y, %o : !rise.array<32xf32>, memref<32xf32>
  return
}

//--- iter-limit.mlir
// expected-error@+1 {{rise-eqsat: guide 'never' not satisfied on @f: iter-limit (2 iterations) reached with}}
func.func @f(%a: memref<32xf32>, %o: memref<32xf32>) {
  %x = rise.in %a : memref<32xf32> -> !rise.array<32xf32>
  %y = rise.map %x : !rise.array<32xf32> -> !rise.array<32xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  rise.out %y, %o : !rise.array<32xf32>, memref<32xf32>
  return
}

//--- memory-limit.mlir
// expected-error@+1 {{rise-eqsat: guide 'grow' not satisfied on @f: memory-limit (1 MB) reached after}}
func.func @f(%a: memref<32xf32>, %o: memref<32xf32>) {
  %x = rise.in %a : memref<32xf32> -> !rise.array<32xf32>
  %y = rise.map %x : !rise.array<32xf32> -> !rise.array<32xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  rise.out %y, %o : !rise.array<32xf32>, memref<32xf32>
  return
}

//--- time-limit.mlir
// expected-error@+1 {{rise-eqsat: guide 'grow' not satisfied on @f: time-limit (1e-09 s) reached after}}
func.func @f(%a: memref<32xf32>, %o: memref<32xf32>) {
  %x = rise.in %a : memref<32xf32> -> !rise.array<32xf32>
  %y = rise.map %x : !rise.array<32xf32> -> !rise.array<32xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  rise.out %y, %o : !rise.array<32xf32>, memref<32xf32>
  return
}

//--- chain.mlir
// (the function of saturated.mlir)
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

