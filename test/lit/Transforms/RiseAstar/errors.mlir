// Every diagnostic of rise-astar (passes/astar.c): options and the rule
// list are checked before any function is touched (one error at the
// module); a function named by func= that does not exist is an error at
// the module. Each case is a file of its own (split-file).

// RUN: rm -rf %t && split-file %s %t
// RUN: %rise-opt %t/value.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{value=net.bin})' -o /dev/null
// RUN: %rise-opt %t/budget.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{budget=0})' -o /dev/null
// RUN: %rise-opt %t/horizon.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{horizon=2000})' -o /dev/null
// RUN: %rise-opt %t/seed.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{seed=-1})' -o /dev/null
// RUN: %rise-opt %t/rules.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{rules=kAdd0,noSuchRule})' -o /dev/null
// RUN: %rise-opt %t/param.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{rules=splitJoin})' -o /dev/null
// RUN: %rise-opt %t/nats.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{rules=splitJoin nats=4,x})' -o /dev/null
// RUN: %rise-opt %t/two.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{two-phase=true})' -o /dev/null
// RUN: %rise-opt %t/time.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{time-limit=soon})' -o /dev/null
// RUN: %rise-opt %t/func.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{func=nosuch})' -o /dev/null
// RUN: %rise-opt %t/output.mlir -verify-diagnostics --pass-pipeline='builtin.module(rise-astar{output=%t/no-such-dir/r.txt})' -o /dev/null

// Choices are refused by the option parser.
// RUN: not %rise-opt %t/value.mlir --pass-pipeline='builtin.module(rise-astar{engine=beam})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ENGINE
// ENGINE: error: rise-astar: {{.*}}engine{{.*}}beam
// RUN: not %rise-opt %t/value.mlir --pass-pipeline='builtin.module(rise-astar{cost=fast})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=COST
// COST: error: rise-astar: {{.*}}cost{{.*}}fast

//--- value.mlir
// expected-error @+1 {{rise-astar: value='net.bin': cannot open parameter file 'net.bin': No such file or directory}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- budget.mlir
// expected-error @+1 {{rise-astar: budget must be positive, got 0}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- horizon.mlir
// expected-error @+1 {{rise-astar: horizon must be 1 to 1024, got 2000}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- seed.mlir
// expected-error @+1 {{rise-astar: seed must not be negative}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- rules.mlir
// expected-error @+1 {{rise-astar: rules='kAdd0,noSuchRule': column 7: unknown rule 'noSuchRule'}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- param.mlir
// expected-error @+1 {{rise-astar: rules='splitJoin': column 1: rule 'splitJoin' takes 1 parameter(s)}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- nats.mlir
// expected-error @+1 {{rise-astar: nats needs at most 16 positive integers, comma-separated, got '4,x'}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- two.mlir
// expected-error @+1 {{rise-astar: two-phase needs phase-1 rules (marked '!' in rules=)}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- time.mlir
// expected-error @+1 {{rise-astar: time-limit needs non-negative seconds, got 'soon'}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- func.mlir
// expected-error @+1 {{rise-astar: no function named 'nosuch'}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
//--- output.mlir
// expected-error @+1 {{rise-astar: cannot open output file}}
module {
  func.func @f(%x: f32) -> f32 { return %x : f32 }
}
