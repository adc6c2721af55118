// Views lower to index arithmetic on the input memref, never to copies:
// split/join rewrite the acceptor of rise.out, and so does a transpose
// under them (a transpose of memory written straight out is read in the
// output's order instead, transpose_copy), slide and zip are
// affine reads, pad_cst selects, pad_clamp clamps (scf-free arith, so the
// load is memref.load) unless the index's range lies on one side -- loops
// writing or mapping over pads are peeled for that (stencils.mlir), idx with a dynamic index is memref.load, literals
// become constant memref.globals.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine,cse)' \
// RUN:   | FileCheck %s

// CHECK-DAG: #[[DIV3:.*]] = affine_map<(d0) -> (d0 floordiv 3)>
// CHECK-DAG: #[[MOD3:.*]] = affine_map<(d0) -> (d0 mod 3)>
// CHECK-DAG: #[[MUL5:.*]] = affine_map<(d0) -> (d0 * 5)>
// CHECK-DAG: #[[ADD:.*]] = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-DAG: #[[MUL2:.*]] = affine_map<(d0) -> (d0 * 2)>

// join (transpose (split 3 x)) written to %o: the acceptor is rewritten
// (split's input writes o[(i mod 3) * 5 + i floordiv 3]); x is read once,
// in order, and nothing is buffered.
// CHECK-LABEL: func.func @split_transpose_join
// CHECK-SAME: attributes {llvm.emit_c_interface}
// CHECK-NOT: memref.alloc
// CHECK: affine.for %[[I:.*]] = 0 to 15 {
// CHECK:   %[[V:.*]] = affine.load %arg0[%[[I]]] : memref<15xf32>
// CHECK:   %[[Q:.*]] = affine.apply #[[DIV3]](%[[I]])
// CHECK:   %[[R:.*]] = affine.apply #[[MOD3]](%[[I]])
// CHECK:   %[[R5:.*]] = affine.apply #[[MUL5]](%[[R]])
// CHECK:   %[[K:.*]] = affine.apply #[[ADD]](%[[R5]], %[[Q]])
// CHECK:   affine.store %[[V]], %arg1[%[[K]]] : memref<15xf32>
// CHECK-NOT: rise.
// CHECK: return
func.func @split_transpose_join(%x: memref<15xf32>, %o: memref<15xf32>) {
  %a = rise.in %x : memref<15xf32> -> !rise.array<15xf32>
  %s = rise.split 3 %a : !rise.array<15xf32> -> !rise.array<5x3xf32>
  %t = rise.transpose %s : !rise.array<5x3xf32> -> !rise.array<3x5xf32>
  %j = rise.join %t : !rise.array<3x5xf32> -> !rise.array<15xf32>
  rise.out %j, %o : !rise.array<15xf32>, memref<15xf32>
  return
}

// A transpose of the input written straight out is copied in the output's
// order: the inner loop stores unit-stride and loads down a column (a
// transpose under join/split keeps the acceptor, as split_transpose_join
// above).
// CHECK-LABEL: func.func @transpose_copy
// CHECK-NOT: memref.alloc
// CHECK: affine.for %[[J:.*]] = 0 to 16 {
// CHECK:   affine.for %[[I:.*]] = 0 to 8 {
// CHECK:     %[[V:.*]] = affine.load %arg0[%[[I]], %[[J]]] : memref<8x16xf32>
// CHECK:     affine.store %[[V]], %arg1[%[[J]], %[[I]]] : memref<16x8xf32>
func.func @transpose_copy(%x: memref<8x16xf32>, %o: memref<16x8xf32>) {
  %a = rise.in %x : memref<8x16xf32> -> !rise.array<8x16xf32>
  %t = rise.transpose %a : !rise.array<8x16xf32> -> !rise.array<16x8xf32>
  rise.out %t, %o : !rise.array<16x8xf32>, memref<16x8xf32>
  return
}

// CHECK-LABEL: func.func @slide_zip
// CHECK: affine.for %[[I:.*]] = 0 to 5 {
// CHECK:   %[[B:.*]] = affine.apply #[[MUL2]](%[[I]])
// CHECK:   affine.for %[[J:.*]] = 0 to 3 iter_args
// CHECK:     %[[K:.*]] = affine.apply #[[ADD]](%[[B]], %[[J]])
// CHECK:     affine.load %arg0[%[[K]]] : memref<11xf32>
// CHECK:     affine.load %arg1[%[[J]]] : memref<3xf32>
// CHECK:     arith.mulf
// CHECK:     arith.addf
// CHECK:     affine.yield
// CHECK:   affine.store %{{.*}}, %arg2[%[[I]]] : memref<5xf32>
func.func @slide_zip(%x: memref<11xf32>, %w: memref<3xf32>, %o: memref<5xf32>) {
  %a = rise.in %x : memref<11xf32> -> !rise.array<11xf32>
  %b = rise.in %w : memref<3xf32> -> !rise.array<3xf32>
  %s = rise.slide 3, 2 %a : !rise.array<11xf32> -> !rise.array<5x3xf32>
  %z = arith.constant 0.0 : f32
  %m = rise.map %s : !rise.array<5x3xf32> -> !rise.array<5xf32> {
  ^bb0(%win: !rise.array<3xf32>):
    %zz = rise.zip %win, %b : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %r = rise.reduce seq %z, %zz : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %q = rise.snd %p : !rise.pair<f32, f32> -> f32
      %y = arith.mulf %l, %q : f32
      %t = arith.addf %acc, %y : f32
      rise.yield %t : f32
    }
    rise.yield %r : f32
  }
  rise.out %m, %o : !rise.array<5xf32>, memref<5xf32>
  return
}

// Written whole, a pad is a loop per side (border peeling): the constant
// (pad_cst) or the edge element (pad_clamp) on the borders, plain loads
// in between.
// CHECK-LABEL: func.func @pad_cst
// CHECK: affine.for %[[I:.*]] = 0 to 2 {
// CHECK-NEXT:   affine.store %arg1, %arg2[%[[I]]] : memref<10xf32>
// CHECK: affine.for %[[J:.*]] = 2 to 9 {
// CHECK:   %[[V:.*]] = affine.load %arg0[%{{.*}}] : memref<7xf32>
// CHECK:   affine.store %[[V]], %arg2[%[[J]]] : memref<10xf32>
// CHECK: affine.for %[[K:.*]] = 9 to 10 {
// CHECK-NEXT:   affine.store %arg1, %arg2[%[[K]]] : memref<10xf32>
func.func @pad_cst(%x: memref<7xf32>, %c: f32, %o: memref<10xf32>) {
  %a = rise.in %x : memref<7xf32> -> !rise.array<7xf32>
  %p = rise.pad_cst 2, 1 %a, %c : !rise.array<7xf32>, f32 -> !rise.array<10xf32>
  rise.out %p, %o : !rise.array<10xf32>, memref<10xf32>
  return
}

// CHECK-LABEL: func.func @pad_clamp
// CHECK: affine.for %[[I:.*]] = 0 to 1 {
// CHECK:   %[[E0:.*]] = affine.load %arg0[%c0] : memref<7xf32>
// CHECK:   affine.store %[[E0]], %arg1[%[[I]]]
// CHECK: affine.for %[[J:.*]] = 1 to 8 {
// CHECK:   %[[M:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK:   %[[V:.*]] = affine.load %arg0[%[[M]]] : memref<7xf32>
// CHECK:   affine.store %[[V]], %arg1[%[[J]]]
// CHECK: affine.for %[[K:.*]] = 8 to 9 {
// CHECK:   %[[E6:.*]] = affine.load %arg0[%c6] : memref<7xf32>
// CHECK:   affine.store %[[E6]], %arg1[%[[K]]]
func.func @pad_clamp(%x: memref<7xf32>, %o: memref<9xf32>) {
  %a = rise.in %x : memref<7xf32> -> !rise.array<7xf32>
  %p = rise.pad_clamp 1, 1 %a : !rise.array<7xf32> -> !rise.array<9xf32>
  rise.out %p, %o : !rise.array<9xf32>, memref<9xf32>
  return
}

// Read where the index's range straddles a border (here by a reduce, whose
// loop is not peeled), pad_cst reads a clamped element and selects the
// constant outside, and pad_clamp clamps.
// CHECK-LABEL: func.func @pad_reduce
// CHECK: affine.for %[[I:.*]] = 0 to 12 iter_args
// CHECK:   arith.minsi
// CHECK:   arith.maxsi
// CHECK:   arith.cmpi sge
// CHECK:   arith.cmpi slt
// CHECK:   %[[IN:.*]] = arith.andi
// CHECK:   %[[V:.*]] = memref.load %arg0[%{{.*}}] : memref<7xf32>
// CHECK:   %[[S:.*]] = arith.select %[[IN]], %[[V]], %arg1 : f32
func.func @pad_reduce(%x: memref<7xf32>, %c: f32, %o: memref<f32>) {
  %a = rise.in %x : memref<7xf32> -> !rise.array<7xf32>
  %p = rise.pad_cst 2, 1 %a, %c : !rise.array<7xf32>, f32 -> !rise.array<10xf32>
  %q = rise.pad_clamp 1, 1 %p : !rise.array<10xf32> -> !rise.array<12xf32>
  %s = rise.reduce %c, %q : f32, !rise.array<12xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %t = arith.addf %acc, %v : f32
    rise.yield %t : f32
  }
  rise.out %s, %o : f32, memref<f32>
  return
}

// CHECK-LABEL: func.func @idx_generate
// CHECK: affine.for %[[I:.*]] = 0 to 3 {
// CHECK:   %[[J:.*]] = arith.subi %{{.*}}, %[[I]] : index
// CHECK:   %[[V:.*]] = memref.load %arg0[%arg1, %[[J]]] : memref<9x3xf32>
// CHECK:   affine.store %[[V]], %arg2[%[[I]]] : memref<3xf32>
func.func @idx_generate(%x: memref<9x3xf32>, %k: index, %o: memref<3xf32>) {
  %a = rise.in %x : memref<9x3xf32> -> !rise.array<9x3xf32>
  %r = rise.idx %a[%k] : !rise.array<9x3xf32> -> !rise.array<3xf32>
  %g = rise.generate : !rise.array<3xf32> {
  ^bb0(%i: index):
    %c2 = arith.constant 2 : index
    %j = arith.subi %c2, %i : index
    %e = rise.idx %r[%j] : !rise.array<3xf32> -> f32
    rise.yield %e : f32
  }
  rise.out %g, %o : !rise.array<3xf32>, memref<3xf32>
  return
}

// CHECK-LABEL: func.func @literal
// CHECK: %[[G:.*]] = memref.get_global @__rise_literal_0 : memref<2x3xi32>
// CHECK: affine.for %[[I:.*]] = 0 to 2 {
// CHECK:   affine.for %[[J:.*]] = 0 to 3 {
// CHECK:     %[[A:.*]] = affine.load %arg0[%[[I]], %[[J]]] : memref<2x3xi32>
// CHECK:     %[[B:.*]] = affine.load %[[G]][%[[I]], %[[J]]] : memref<2x3xi32>
// CHECK:     %[[M:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK:     affine.store %[[M]], %arg1[%[[I]], %[[J]]] : memref<2x3xi32>
func.func @literal(%x: memref<2x3xi32>, %o: memref<2x3xi32>) {
  %a = rise.in %x : memref<2x3xi32> -> !rise.array<2x3xi32>
  %l = rise.literal dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32> -> !rise.array<2x3xi32>
  %z = rise.zip %a, %l : !rise.array<2x3xi32>, !rise.array<2x3xi32> -> !rise.array<2x!rise.pair<!rise.array<3xi32>, !rise.array<3xi32>>>
  %m = rise.map %z : !rise.array<2x!rise.pair<!rise.array<3xi32>, !rise.array<3xi32>>> -> !rise.array<2x3xi32> {
  ^bb0(%p: !rise.pair<!rise.array<3xi32>, !rise.array<3xi32>>):
    %f = rise.fst %p : !rise.pair<!rise.array<3xi32>, !rise.array<3xi32>> -> !rise.array<3xi32>
    %s = rise.snd %p : !rise.pair<!rise.array<3xi32>, !rise.array<3xi32>> -> !rise.array<3xi32>
    %zz = rise.zip %f, %s : !rise.array<3xi32>, !rise.array<3xi32> -> !rise.array<3x!rise.pair<i32, i32>>
    %row = rise.map %zz : !rise.array<3x!rise.pair<i32, i32>> -> !rise.array<3xi32> {
    ^bb0(%q: !rise.pair<i32, i32>):
      %u = rise.fst %q : !rise.pair<i32, i32> -> i32
      %v = rise.snd %q : !rise.pair<i32, i32> -> i32
      %w = arith.muli %u, %v : i32
      rise.yield %w : i32
    }
    rise.yield %row : !rise.array<3xi32>
  }
  rise.out %m, %o : !rise.array<2x3xi32>, memref<2x3xi32>
  return
}

// unzip of a map of pairs: each component reads the fused pair.
// CHECK-LABEL: func.func @unzip_pair
// CHECK: affine.for %[[I:.*]] = 0 to 4 {
// CHECK:   %[[X:.*]] = affine.load %arg0[%[[I]]] : memref<4xf32>
// CHECK:   %[[N:.*]] = arith.negf %[[X]] : f32
// CHECK:   affine.store %[[N]], %arg1[%[[I]]] : memref<4xf32>
func.func @unzip_pair(%x: memref<4xf32>, %o: memref<4xf32>) {
  %a = rise.in %x : memref<4xf32> -> !rise.array<4xf32>
  %m = rise.map %a : !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>> {
  ^bb0(%e: f32):
    %n = arith.negf %e : f32
    %p = rise.pair %e, %n : f32, f32 -> !rise.pair<f32, f32>
    rise.yield %p : !rise.pair<f32, f32>
  }
  %u:2 = rise.unzip %m : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32>, !rise.array<4xf32>
  rise.out %u#1, %o : !rise.array<4xf32>, memref<4xf32>
  return
}

// The literal is a constant global of the module.
// CHECK: memref.global "private" constant @__rise_literal_0 : memref<2x3xi32> = dense<{{\[}}[1, 2, 3], [4, 5, 6]]>

