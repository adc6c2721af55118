// rise-astar with a cost model as its cost (cost=analytic): the analytic
// model estimates the seconds of the whole function with the root being
// searched replaced by each state, so A* takes the rewrites that make the
// code faster, not smaller. On a dot product of 4096 it fuses the
// multiplication into the reduction and vectorises it 8 lanes wide
// (vectorizeReduce(8) makes the term larger: cost=size stops after the
// fusion). The result, compiled and run, matches the interpreter.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-astar{cost=analytic rules=vectorizeReduce,mapFusion,reduceMapFusion nats=8 budget=200 horizon=3 output=%t.analytic})' | FileCheck %s
// RUN: FileCheck %s --check-prefix=ANALYTIC < %t.analytic
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-astar{cost=size rules=vectorizeReduce,mapFusion,reduceMapFusion nats=8 budget=200 horizon=3 output=%t.size})' | FileCheck %s --check-prefix=SIZE
// RUN: FileCheck %s --check-prefix=SIZEREPORT < %t.size
// RUN: ariadne-run %s --func=dot --pipeline='rise-astar{cost=analytic rules=vectorizeReduce,mapFusion,reduceMapFusion nats=8 budget=200 horizon=3 report=false}' | FileCheck %s --check-prefix=NATIVE
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-astar{cost=model:%t.none})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE

// NATIVE: @dot argument 2 matches the interpreter
// NOFILE: error: rise-astar: cost='model:{{.*}}none': cannot open model file

// ANALYTIC: rise-astar @dot root 0: cost {{[0-9.e-]+}} -> {{[0-9.e-]+}}, 2 steps, {{.*}}: reduceMapFusion@[] vectorizeReduce(8)@[]
// CHECK-LABEL: func.func @dot
// CHECK: rise.as_vector 8
// CHECK: rise.reduce seq {{.*}} : vector<8xf32>

// SIZEREPORT: rise-astar @dot root 0: cost 17 -> 14, 1 steps, {{.*}}: reduceMapFusion@[]
// SIZE-LABEL: func.func @dot
// SIZE-NOT: rise.as_vector

func.func @dot(%a: memref<4096xf32>, %b: memref<4096xf32>, %out: memref<f32>) {
  %x = rise.in %a : memref<4096xf32> -> !rise.array<4096xf32>
  %y = rise.in %b : memref<4096xf32> -> !rise.array<4096xf32>
  %zero = arith.constant 0.0 : f32
  %dzip = rise.zip %x, %y : !rise.array<4096xf32>, !rise.array<4096xf32> -> !rise.array<4096x!rise.pair<f32, f32>>
  %dprod = rise.map %dzip : !rise.array<4096x!rise.pair<f32, f32>> -> !rise.array<4096xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    rise.yield %m : f32
  }
  %dsum = rise.reduce %zero, %dprod : f32, !rise.array<4096xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    rise.yield %s : f32
  }
  rise.out %dsum, %out : f32, memref<f32>
  return
}
