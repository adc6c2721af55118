// Knossos Table 4's tuple arithmetic, `add (tuple x y) (tuple a b) |-> tuple
// (add x a) (add y b)` and `mul (tuple x y) z |-> tuple (mul x z) (mul y z)`,
// needs no rule of its own in rise: rise has no arithmetic on pairs, so the
// tuple add is the function \t u. pair (fst t + fst u) (snd t + snd u) (and
// the tuple mul \s k. pair (fst s * k) (snd s * k)). Applied to tuples (a
// beta-redex in the term store, already reduced in an imported program),
// beta and fstPair/sndPair leave exactly Knossos' right-hand side:
//   pair ((x + v) * k) ((y + w) * k), no projection left.
// The second strategy first binds the tuple (x, y) with a let (kLetIntro,
// the beta-redex (\t. t) (pair x y)), so that beta fires as well.
// Written by hand (not a rule of the catalogue; update_rule_tests.py leaves it).

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(beta <+ fstPair <+ sndPair)" trace=true report=true})' 2>&1 | FileCheck %s --check-prefixes=TRACE,CHECK
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(beta <+ fstPair <+ sndPair)" report=false})' | FileCheck %s --check-prefix=NOPROJ
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="kLetIntro @ innermost(isPair) ; normalize(beta <+ fstPair <+ sndPair)" trace=true report=false})' 2>&1 | FileCheck %s --check-prefixes=LET,CHECK
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="kLetIntro @ innermost(isPair) ; normalize(beta <+ fstPair <+ sndPair)" report=false})' | FileCheck %s --check-prefix=NOPROJ
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(beta <+ fstPair <+ sndPair)" report=false})' > %t.mlir
// RUN: ariadne-interp %s --seed=7 --print > %t.before
// RUN: ariadne-interp %t.mlir --seed=7 --print > %t.after
// RUN: %python %S/compare_outputs.py %t.before %t.after

// TRACE: rise-rewrite @example: #1 fstPair
// TRACE: rise-rewrite @example: 12 rules fired
// LET: rise-rewrite @example: #1 kLetIntro at {{.*}}: pair -> app
// LET: rise-rewrite @example: #{{[0-9]+}} beta at {{.*}}: app -> pair

// CHECK-LABEL: func.func @example
// CHECK-DAG: %[[A:.+]] = rise.in %arg0
// CHECK-DAG: %[[B:.+]] = rise.in %arg1
// CHECK-DAG: %[[C:.+]] = rise.in %arg2
// CHECK-DAG: %[[D:.+]] = rise.in %arg3
// CHECK-DAG: %[[Z:.+]] = rise.in %arg4
// CHECK: rise.generate : !rise.array<4x!rise.pair<f32, f32>>
// CHECK-DAG: %[[X:.+]] = rise.idx %[[A]][
// CHECK-DAG: %[[V:.+]] = rise.idx %[[C]][
// CHECK-DAG: %[[Y:.+]] = rise.idx %[[B]][
// CHECK-DAG: %[[W:.+]] = rise.idx %[[D]][
// CHECK-DAG: %[[K:.+]] = rise.idx %[[Z]][
// CHECK-DAG: %[[S0:.+]] = arith.addf %[[X]], %[[V]] : f32
// CHECK-DAG: %[[S1:.+]] = arith.addf %[[Y]], %[[W]] : f32
// CHECK-DAG: %[[M0:.+]] = arith.mulf %[[S0]], %[[K]] : f32
// CHECK-DAG: %[[M1:.+]] = arith.mulf %[[S1]], %[[K]] : f32
// CHECK-DAG: %[[P:.+]] = rise.pair %[[M0]], %[[M1]] : f32, f32 -> !rise.pair<f32, f32>
// CHECK: rise.yield %[[P]]
// CHECK: rise.unzip

// NOPROJ-LABEL: func.func @example
// NOPROJ-NOT: rise.fst
// NOPROJ-NOT: rise.snd
// NOPROJ: return

func.func @example(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>, %d: memref<4xf32>, %z: memref<4xf32>, %o1: memref<4xf32>, %o2: memref<4xf32>) {
  %xa = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %xb = rise.in %b : memref<4xf32> -> !rise.array<4xf32>
  %xc = rise.in %c : memref<4xf32> -> !rise.array<4xf32>
  %xd = rise.in %d : memref<4xf32> -> !rise.array<4xf32>
  %xz = rise.in %z : memref<4xf32> -> !rise.array<4xf32>
  %g = rise.generate : !rise.array<4x!rise.pair<f32, f32>> {
  ^bb0(%j: index):
    %x = rise.idx %xa[%j] : !rise.array<4xf32> -> f32
    %y = rise.idx %xb[%j] : !rise.array<4xf32> -> f32
    %v = rise.idx %xc[%j] : !rise.array<4xf32> -> f32
    %w = rise.idx %xd[%j] : !rise.array<4xf32> -> f32
    %k = rise.idx %xz[%j] : !rise.array<4xf32> -> f32
    %t = rise.pair %x, %y : f32, f32 -> !rise.pair<f32, f32>
    %u = rise.pair %v, %w : f32, f32 -> !rise.pair<f32, f32>
    // add t u, the tuple add (\t u. pair (fst t + fst u) (snd t + snd u)) applied
    %t0 = rise.fst %t : !rise.pair<f32, f32> -> f32
    %u0 = rise.fst %u : !rise.pair<f32, f32> -> f32
    %s0 = arith.addf %t0, %u0 : f32
    %t1 = rise.snd %t : !rise.pair<f32, f32> -> f32
    %u1 = rise.snd %u : !rise.pair<f32, f32> -> f32
    %s1 = arith.addf %t1, %u1 : f32
    %s = rise.pair %s0, %s1 : f32, f32 -> !rise.pair<f32, f32>
    // mul s k, the tuple-scalar mul (\s k. pair (fst s * k) (snd s * k)) applied
    %s0b = rise.fst %s : !rise.pair<f32, f32> -> f32
    %m0 = arith.mulf %s0b, %k : f32
    %s1b = rise.snd %s : !rise.pair<f32, f32> -> f32
    %m1 = arith.mulf %s1b, %k : f32
    %m = rise.pair %m0, %m1 : f32, f32 -> !rise.pair<f32, f32>
    rise.yield %m : !rise.pair<f32, f32>
  }
  %first, %second = rise.unzip %g : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32>, !rise.array<4xf32>
  rise.out %first, %o1 : !rise.array<4xf32>, memref<4xf32>
  rise.out %second, %o2 : !rise.array<4xf32>, memref<4xf32>
  return
}
