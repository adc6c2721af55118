// Sizes that tiles do not divide (issue 18): a 100 x 77 x 123 matmul tiled
// 32 x 32 with k split by 4 (matmul.elv's tilingAnySize: padTileMaps, then
// peelReduce), and a 1000 x 1000 map tiled 32 x 32 (padTileMaps) or split
// by 32 (padSplitJoin). Each result computes bit for bit what the original
// computes on the interpreter, lowers through the CPU pipeline, and runs
// natively with the interpreter's results (ariadne-run checks them). The
// crops are written through acceptors: no temporary buffer, no copy, and
// the cut-off iterations are peeled away (the row tiles 0..3 are the
// interior, tile 3 is rows 96..99).

// RUN: ariadne-interp %s --func=mm --seed=3 --print > %t.ref.txt
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{func=mm strategy-file=%ariadne_src/search/strategy/strategies/matmul.elv strategy=tilingAnySize})' -o %t.mm.mlir 2>%t.mm.err
// RUN: FileCheck %s --check-prefix=MM < %t.mm.mlir
// RUN: FileCheck %s --check-prefix=MM-REPORT < %t.mm.err
// RUN: ariadne-interp %t.mm.mlir --func=mm --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.mm.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s --check-prefix=MM-LOW
// RUN: %rise-opt %t.mm.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// RUN: ariadne-run %t.mm.mlir --func=mm --seed=3 --reps=1 --warmup=0 | FileCheck %s --check-prefix=MM-NATIVE
// MM-REPORT: rise-rewrite @mm: 3 rules fired
// MM-DAG: rise.pad_clamp 0, 28 {{.*}} : !rise.array<100x123xf32> -> !rise.array<128x123xf32>
// MM-DAG: rise.pad_clamp 0, 19 {{.*}} : !rise.array<77x123xf32> -> !rise.array<96x123xf32>
// MM: rise.split 4 {{.*}} : !rise.array<120x!rise.pair<f32, f32>> -> !rise.array<30x4x!rise.pair<f32, f32>>
// MM: rise.slide 3, 120 {{.*}} : !rise.array<123x!rise.pair<f32, f32>> -> !rise.array<2x3x!rise.pair<f32, f32>>
// MM: rise.reduce seq {{.*}} : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32
// MM: rise.slide 100, 28 {{.*}} : !rise.array<128x96xf32> -> !rise.array<2x100x96xf32>
// MM: rise.slide 77, 19 {{.*}} : !rise.array<96x100xf32> -> !rise.array<2x77x100xf32>
// MM-LOW-NOT: memref.alloc
// MM-LOW:     affine.for %{{.*}} = 0 to 3 {
// MM-LOW:       affine.store %{{.*}}, %arg2[%{{.*}}, %{{.*}}] : memref<100x77xf32>
// MM-LOW:     affine.for %{{.*}} = 3 to 4 {
// MM-LOW:       affine.for %{{.*}} = 0 to 4 {
// MM-LOW-NOT: memref.alloc
// MM-LOW-NOT: scf.if
// MM-NATIVE: @mm argument 2 matches the interpreter: 7700 scalars

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{func=map1000 strategy="padTileMaps(32, 32) @ outermost(isMap)"})' -o %t.map.mlir 2>/dev/null
// RUN: %rise-opt %t.map.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s --check-prefix=MAP-LOW
// RUN: ariadne-run %t.map.mlir --func=map1000 --reps=1 --warmup=0 | FileCheck %s --check-prefix=MAP-NATIVE
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{func=map1000 strategy="(splitJoin(32) <+ padSplitJoin(32)) @ outermost(isMap)"})' -o %t.sj.mlir 2>/dev/null
// RUN: %rise-opt %t.sj.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s --check-prefix=MAP-LOW
// RUN: ariadne-run %t.sj.mlir --func=map1000 --reps=1 --warmup=0 | FileCheck %s --check-prefix=MAP-NATIVE
// MAP-LOW-LABEL: func.func @map1000
// MAP-LOW-NOT: memref.alloc
// MAP-LOW:     affine.for %{{.*}} = 0 to 31 {
// MAP-LOW:       affine.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : memref<1000x1000xf32>
// MAP-LOW:     affine.for %{{.*}} = 31 to 32 {
// MAP-LOW:       affine.for %{{.*}} = 0 to 8 {
// MAP-LOW-NOT: memref.alloc
// MAP-LOW-NOT: scf.if
// MAP-NATIVE: @map1000 argument 1 matches the interpreter: 1000000 scalars

// A crop below four peeled loops (border peeling stops there): its
// stores are guarded by scf.if, and the result is still right.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{func=deep strategy="padSplitJoin(2) @ innermost(isMap)"})' -o %t.deep.mlir 2>/dev/null
// RUN: %rise-opt %t.deep.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s --check-prefix=DEEP-LOW
// RUN: ariadne-run %t.deep.mlir --func=deep --reps=1 --warmup=0 | FileCheck %s --check-prefix=DEEP-NATIVE
// DEEP-LOW-LABEL: func.func @deep
// DEEP-LOW-NOT: memref.alloc
// DEEP-LOW: scf.if
// DEEP-LOW-NEXT: memref.store {{.*}} : memref<2x2x3x2x5xf32>
// DEEP-NATIVE: @deep argument 1 matches the interpreter: 120 scalars

// Without the tail rules, tiling fails: 32 divides neither 100 nor 77.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{func=mm strategy="tileMaps(32, 32) @ outermost(isMap)"})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTILE
// NOTILE: found no location where it applies

func.func @mm(%A: memref<100x123xf32>, %B: memref<123x77xf32>, %C: memref<100x77xf32>) {
  %a = rise.in %A : memref<100x123xf32> -> !rise.array<100x123xf32>
  %b = rise.in %B : memref<123x77xf32> -> !rise.array<123x77xf32>
  %bt = rise.transpose %b : !rise.array<123x77xf32> -> !rise.array<77x123xf32>
  %zero = arith.constant 0.0 : f32
  %c = rise.map %a : !rise.array<100x123xf32> -> !rise.array<100x77xf32> {
  ^bb0(%arow: !rise.array<123xf32>):
    %crow = rise.map %bt : !rise.array<77x123xf32> -> !rise.array<77xf32> {
    ^bb0(%bcol: !rise.array<123xf32>):
      %dzip = rise.zip %arow, %bcol : !rise.array<123xf32>, !rise.array<123xf32> -> !rise.array<123x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<123x!rise.pair<f32, f32>> -> !rise.array<123xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<123xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %crow : !rise.array<77xf32>
  }
  rise.out %c, %C : !rise.array<100x77xf32>, memref<100x77xf32>
  return
}

func.func @map1000(%X: memref<1000x1000xf32>, %Y: memref<1000x1000xf32>) {
  %x = rise.in %X : memref<1000x1000xf32> -> !rise.array<1000x1000xf32>
  %y = rise.map %x : !rise.array<1000x1000xf32> -> !rise.array<1000x1000xf32> {
  ^bb0(%r: !rise.array<1000xf32>):
    %s = rise.map %r : !rise.array<1000xf32> -> !rise.array<1000xf32> {
    ^bb0(%v: f32):
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %v, %c : f32
      %e = math.exp %m : f32
      rise.yield %e : f32
    }
    rise.yield %s : !rise.array<1000xf32>
  }
  rise.out %y, %Y : !rise.array<1000x1000xf32>, memref<1000x1000xf32>
  return
}

func.func @deep(%X: memref<2x2x3x2x5xf32>, %Y: memref<2x2x3x2x5xf32>) {
  %x = rise.in %X : memref<2x2x3x2x5xf32> -> !rise.array<2x2x3x2x5xf32>
  %y = rise.map %x : !rise.array<2x2x3x2x5xf32> -> !rise.array<2x2x3x2x5xf32> {
  ^bb0(%z: !rise.array<2x3x2x5xf32>):
    %a1 = rise.map %z : !rise.array<2x3x2x5xf32> -> !rise.array<2x3x2x5xf32> {
    ^bb0(%a: !rise.array<3x2x5xf32>):
      %b = rise.map %a : !rise.array<3x2x5xf32> -> !rise.array<3x2x5xf32> {
      ^bb0(%c: !rise.array<2x5xf32>):
        %d = rise.map %c : !rise.array<2x5xf32> -> !rise.array<2x5xf32> {
        ^bb0(%r: !rise.array<5xf32>):
          %s = rise.map %r : !rise.array<5xf32> -> !rise.array<5xf32> {
          ^bb0(%v: f32):
            %k = arith.constant 3.0 : f32
            %m = arith.mulf %v, %k : f32
            rise.yield %m : f32
          }
          rise.yield %s : !rise.array<5xf32>
        }
        rise.yield %d : !rise.array<2x5xf32>
      }
      rise.yield %b : !rise.array<3x2x5xf32>
    }
    rise.yield %a1 : !rise.array<2x3x2x5xf32>
  }
  rise.out %y, %Y : !rise.array<2x2x3x2x5xf32>, memref<2x2x3x2x5xf32>
  return
}
