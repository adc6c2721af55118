// A rewrite that only fuses must not multiply work. Export places every
// term the rewrite made at the outermost block that binds its free
// variables (let-floating, search/mlir/term_export.c), so a row's
// statistic that reduceMapFusion rebuilt is computed once per row, not once
// per element of the map that uses it. Before let-floating, softmax went
// from 64,000 to 64,064,000 transcendentals and layer norm's FLOPs grew
// 400x (its sqrt ran per element). rise-stats counts the interpreter's
// work, so the figures are exact.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-stats{format=json output=-})' -o /dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(reduceMapFusion)" report=false},rise-stats{format=json output=-})' -o %t.mlir | FileCheck %s --check-prefix=AFTER
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: ariadne-interp %s --func=layernorm --seed=5 --print > %t.ln.before
// RUN: ariadne-interp %t.mlir --func=layernorm --seed=5 --print | diff %t.ln.before -
// RUN: ariadne-interp %s --func=softmax --seed=5 --print > %t.sm.before
// RUN: ariadne-interp %t.mlir --func=softmax --seed=5 --print | diff %t.sm.before -

// Layer norm: the variance's map (x - mean)^2 has one consumer; fused into
// its reduce, the work is exactly what it was.
// BEFORE: "function": "layernorm"{{.*}}"flops": 320192, "transcendentals": 64,
// AFTER:  "function": "layernorm"{{.*}}"flops": 320192, "transcendentals": 64,
// IR-LABEL: func.func @layernorm
// IR:         rise.map %{{.*}} : !rise.array<64x1000xf32> -> !rise.array<64x1000xf32> {
// IR-NEXT:    ^bb0(%{{.*}}: !rise.array<1000xf32>):
// IR:           rise.reduce seq
// IR:           math.sqrt
// IR:           rise.map %{{.*}} : !rise.array<1000xf32> -> !rise.array<1000xf32> {
// IR-NEXT:      ^bb0(%{{.*}}: f32):
// IR-NEXT:        arith.divf
// IR-NEXT:        rise.yield
func.func @layernorm(%X: memref<64x1000xf32>, %Y: memref<64x1000xf32>) {
  %x = rise.in %X : memref<64x1000xf32> -> !rise.array<64x1000xf32>
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 1000.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %res = rise.map %x : !rise.array<64x1000xf32> -> !rise.array<64x1000xf32> {
  ^bb0(%row: !rise.array<1000xf32>):
    %s = rise.reduce %zero, %row : f32, !rise.array<1000xf32> -> f32 {
    ^bb0(%a: f32, %v: f32):
      %t = arith.addf %a, %v : f32
      rise.yield %t : f32
    }
    %mean = arith.divf %s, %n : f32
    %c = rise.map %row : !rise.array<1000xf32> -> !rise.array<1000xf32> {
    ^bb0(%v: f32):
      %d = arith.subf %v, %mean : f32
      rise.yield %d : f32
    }
    %sq = rise.map %c : !rise.array<1000xf32> -> !rise.array<1000xf32> {
    ^bb0(%d: f32):
      %q = arith.mulf %d, %d : f32
      rise.yield %q : f32
    }
    %ss = rise.reduce %zero, %sq : f32, !rise.array<1000xf32> -> f32 {
    ^bb0(%a: f32, %v: f32):
      %t = arith.addf %a, %v : f32
      rise.yield %t : f32
    }
    %var = arith.divf %ss, %n : f32
    %ve = arith.addf %var, %eps : f32
    %sd = math.sqrt %ve : f32
    %out = rise.map %c : !rise.array<1000xf32> -> !rise.array<1000xf32> {
    ^bb0(%d: f32):
      %o = arith.divf %d, %sd : f32
      rise.yield %o : f32
    }
    rise.yield %out : !rise.array<1000xf32>
  }
  rise.out %res, %Y : !rise.array<64x1000xf32>, memref<64x1000xf32>
  return
}

// Softmax: the exp map has two consumers (the sum and the division), so
// fusing it into the sum computes exp twice per element: 2x, the price of
// that fusion, which a cost model must weigh. The sum itself stays once
// per row: 128,000 transcendentals, not 64,064,000.
// BEFORE: "function": "softmax"{{.*}}"flops": 256000, "transcendentals": 64000,
// AFTER:  "function": "softmax"{{.*}}"flops": 320000, "transcendentals": 128000,
// IR-LABEL: func.func @softmax
// IR:         ^bb0(%{{.*}}: !rise.array<1000xf32>):
// IR:           %[[SUM:.*]] = rise.reduce seq
// IR:           math.exp
// IR:           math.exp
// IR:           rise.map %{{.*}} : !rise.array<1000xf32> -> !rise.array<1000xf32> {
// IR-NEXT:      ^bb0(%{{.*}}: f32):
// IR-NEXT:        arith.divf %{{.*}}, %[[SUM]] : f32
// IR-NEXT:        rise.yield
func.func @softmax(%X: memref<64x1000xf32>, %Y: memref<64x1000xf32>) {
  %x = rise.in %X : memref<64x1000xf32> -> !rise.array<64x1000xf32>
  %ninf = arith.constant -1.0e30 : f32
  %zero = arith.constant 0.0 : f32
  %res = rise.map %x : !rise.array<64x1000xf32> -> !rise.array<64x1000xf32> {
  ^bb0(%row: !rise.array<1000xf32>):
    %mx = rise.reduce %ninf, %row : f32, !rise.array<1000xf32> -> f32 {
    ^bb0(%a: f32, %v: f32):
      %m = arith.maximumf %a, %v : f32
      rise.yield %m : f32
    }
    %ex = rise.map %row : !rise.array<1000xf32> -> !rise.array<1000xf32> {
    ^bb0(%v: f32):
      %d = arith.subf %v, %mx : f32
      %e = math.exp %d : f32
      rise.yield %e : f32
    }
    %sum = rise.reduce %zero, %ex : f32, !rise.array<1000xf32> -> f32 {
    ^bb0(%a: f32, %v: f32):
      %s = arith.addf %a, %v : f32
      rise.yield %s : f32
    }
    %out = rise.map %ex : !rise.array<1000xf32> -> !rise.array<1000xf32> {
    ^bb0(%v: f32):
      %q = arith.divf %v, %sum : f32
      rise.yield %q : f32
    }
    rise.yield %out : !rise.array<1000xf32>
  }
  rise.out %res, %Y : !rise.array<64x1000xf32>, memref<64x1000xf32>
  return
}
