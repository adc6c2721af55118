// circular_buffer whose slots are arrays (line buffers) becomes a ring of
// `alloc` lines indexed modulo alloc, and a chain of such buffers (as in
// Harris: gray lines, then product lines) streams each line once; as_vector
// through join/split/slide views of contiguous rows is one vector.load. The
// same functions run natively against the interpreter in test/lower
// (programs/rings.mlir, at these odd sizes).

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine,canonicalize,cse)' \
// RUN:   | FileCheck %s

// One ring of 4 lines of 7: 2 lines loaded before the loop, then in
// iteration i line i+2 goes to slot (i+2) mod 4 (canonicalised as
// i - ((i+2) floordiv 4) * 4 + 2), and the window reads slots i+k mod 4. The load lambda runs once per line (9 + 2
// times in all), not once per window element.
// CHECK-LABEL: func.func @line_ring
// CHECK: %[[R:.*]] = memref.alloca() : memref<4x7xf32>
// CHECK: affine.for %{{.*}} = 0 to 7 {
// CHECK:   affine.store %{{.*}}, %[[R]][0, %{{.*}}] : memref<4x7xf32>
// CHECK: affine.for %{{.*}} = 0 to 7 {
// CHECK:   affine.store %{{.*}}, %[[R]][1, %{{.*}}] : memref<4x7xf32>
// CHECK: affine.for %[[I:.*]] = 0 to 9 {
// CHECK:   affine.for %[[J:.*]] = 0 to 7 {
// CHECK:     affine.load %arg0[%[[I]] + 2, %[[J]]]
// CHECK:     affine.store %{{.*}}, %[[R]][%[[I]] - ((%[[I]] + 2) floordiv 4) * 4 + 2, %[[J]]] : memref<4x7xf32>
// CHECK:   affine.for %[[J2:.*]] = 0 to 7 {
// CHECK:     affine.for %[[K:.*]] = 0 to 3 iter_args
// CHECK:       affine.load %[[R]][(%[[I]] + %[[K]]) mod 4, %[[J2]]]
// CHECK:     affine.store %{{.*}}, %arg1[%[[I]], %[[J2]]] : memref<9x7xf32>
func.func @line_ring(%x: memref<11x7xf32>, %o: memref<9x7xf32>) {
  %a = rise.in %x : memref<11x7xf32> -> !rise.array<11x7xf32>
  %two = arith.constant 2.0 : f32
  %cb = rise.circular_buffer private 4, 3 %a : !rise.array<11x7xf32> -> !rise.array<9x3x7xf32> {
  ^bb0(%row: !rise.array<7xf32>):
    %l = rise.map seq %row : !rise.array<7xf32> -> !rise.array<7xf32> {
    ^bb0(%e: f32):
      %m = arith.mulf %e, %two : f32
      rise.yield %m : f32
    }
    rise.yield %l : !rise.array<7xf32>
  }
  %r = rise.map seq %cb : !rise.array<9x3x7xf32> -> !rise.array<9x7xf32> {
  ^bb0(%w: !rise.array<3x7xf32>):
    %t = rise.transpose %w : !rise.array<3x7xf32> -> !rise.array<7x3xf32>
    %s = rise.map seq %t : !rise.array<7x3xf32> -> !rise.array<7xf32> {
    ^bb0(%c: !rise.array<3xf32>):
      %z = arith.constant 0.0 : f32
      %sum = rise.reduce seq %z, %c : f32, !rise.array<3xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %n = arith.addf %acc, %v : f32
        rise.yield %n : f32
      }
      rise.yield %sum : f32
    }
    rise.yield %s : !rise.array<7xf32>
  }
  rise.out %r, %o : !rise.array<9x7xf32>, memref<9x7xf32>
  return
}

// A chain: rows -> ring A (alloc 4, size 3, 5 wide) -> windows of 3 lines
// -> ring B (alloc 5, not a power of two, global) of 3-line sums -> pairs of
// sums. Each ring is allocated once, both prologues come before the loop,
// and the loop body advances A then B.
// CHECK-LABEL: func.func @ring_chain
// CHECK-DAG: %[[B:.*]] = memref.alloc() : memref<5x5xf32>
// CHECK-DAG: %[[A:.*]] = memref.alloca() : memref<4x5xf32>
// CHECK: affine.store %{{.*}}, %[[A]][2, %{{.*}}]
// CHECK: affine.store %{{.*}}, %[[B]][0, %{{.*}}]
// CHECK: affine.for %[[I:.*]] = 0 to 8 {
// CHECK:   affine.store %{{.*}}, %[[A]][%[[I]] - ((%[[I]] + 3) floordiv 4) * 4 + 3, %{{.*}}]
// CHECK:   affine.store %{{.*}}, %[[B]][%[[I]] - ((%[[I]] + 1) floordiv 5) * 5 + 1, %{{.*}}]
// CHECK:   affine.load %[[B]][%[[I]] mod 5, %{{.*}}]
// CHECK:   affine.store %{{.*}}, %arg1[%[[I]], %{{.*}}] : memref<8x5xf32>
// CHECK: memref.dealloc %[[B]]
func.func @ring_chain(%x: memref<11x5xf32>, %o: memref<8x5xf32>) {
  %a = rise.in %x : memref<11x5xf32> -> !rise.array<11x5xf32>
  %ra = rise.circular_buffer private 4, 3 %a : !rise.array<11x5xf32> -> !rise.array<9x3x5xf32> {
  ^bb0(%row: !rise.array<5xf32>):
    rise.yield %row : !rise.array<5xf32>
  }
  %rb = rise.circular_buffer global 5, 2 %ra : !rise.array<9x3x5xf32> -> !rise.array<8x2x5xf32> {
  ^bb0(%w: !rise.array<3x5xf32>):
    %t = rise.transpose %w : !rise.array<3x5xf32> -> !rise.array<5x3xf32>
    %s = rise.map seq %t : !rise.array<5x3xf32> -> !rise.array<5xf32> {
    ^bb0(%c: !rise.array<3xf32>):
      %z = arith.constant 0.0 : f32
      %sum = rise.reduce seq %z, %c : f32, !rise.array<3xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %n = arith.addf %acc, %v : f32
        rise.yield %n : f32
      }
      rise.yield %sum : f32
    }
    rise.yield %s : !rise.array<5xf32>
  }
  %r = rise.map seq %rb : !rise.array<8x2x5xf32> -> !rise.array<8x5xf32> {
  ^bb0(%p: !rise.array<2x5xf32>):
    %t = rise.transpose %p : !rise.array<2x5xf32> -> !rise.array<5x2xf32>
    %d = rise.map seq %t : !rise.array<5x2xf32> -> !rise.array<5xf32> {
    ^bb0(%c: !rise.array<2xf32>):
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %u = rise.idx %c[%k0] : !rise.array<2xf32> -> f32
      %v = rise.idx %c[%k1] : !rise.array<2xf32> -> f32
      %q = arith.subf %v, %u : f32
      rise.yield %q : f32
    }
    rise.yield %d : !rise.array<5xf32>
  }
  rise.out %r, %o : !rise.array<8x5xf32>, memref<8x5xf32>
  return
}

// as_vector 4 of join(3x8): each vector lies within one row of 8, so it is
// one vector.load at [i floordiv 2, (i mod 2) * 4]; no scalar lanes.
// CHECK-LABEL: func.func @vec_join
// CHECK-NOT: vector.from_elements
// CHECK: affine.for %[[I:.*]] = 0 to 6 {
// CHECK:   vector.load %arg0[%{{.*}}, %{{.*}}] : memref<3x8xf32>, vector<4xf32>
// CHECK-NOT: vector.from_elements
// CHECK-LABEL: func.func @vec_split_slide
func.func @vec_join(%x: memref<3x8xf32>, %o: memref<24xf32>) {
  %a = rise.in %x : memref<3x8xf32> -> !rise.array<3x8xf32>
  %j = rise.join %a : !rise.array<3x8xf32> -> !rise.array<24xf32>
  %v = rise.as_vector 4 %j : !rise.array<24xf32> -> !rise.array<6xvector<4xf32>>
  %m = rise.map seq %v : !rise.array<6xvector<4xf32>> -> !rise.array<6xvector<4xf32>> {
  ^bb0(%e: vector<4xf32>):
    %f = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
    ^bb0(%l: f32):
      %n = math.absf %l : f32
      rise.yield %n : f32
    }
    rise.yield %f : vector<4xf32>
  }
  %s = rise.as_scalar %m : !rise.array<6xvector<4xf32>> -> !rise.array<24xf32>
  rise.out %s, %o : !rise.array<24xf32>, memref<24xf32>
  return
}

// split 12 of a row, then as_vector 4 of each piece, and slide 8 by 4 (a
// step that is a multiple of the width) then as_vector 4: vector loads.
// CHECK: vector.load %arg0[%{{.*}}] : memref<24xf32>, vector<4xf32>
// CHECK: vector.load %arg0[%{{.*}}] : memref<24xf32>, vector<4xf32>
// CHECK-NOT: vector.from_elements
// CHECK-LABEL: func.func @vec_straddle
func.func @vec_split_slide(%x: memref<24xf32>, %o: memref<2x12xf32>, %o2: memref<5x8xf32>) {
  %a = rise.in %x : memref<24xf32> -> !rise.array<24xf32>
  %sp = rise.split 12 %a : !rise.array<24xf32> -> !rise.array<2x12xf32>
  %m = rise.map seq %sp : !rise.array<2x12xf32> -> !rise.array<2x12xf32> {
  ^bb0(%r: !rise.array<12xf32>):
    %v = rise.as_vector 4 %r : !rise.array<12xf32> -> !rise.array<3xvector<4xf32>>
    %w = rise.map seq %v : !rise.array<3xvector<4xf32>> -> !rise.array<3xvector<4xf32>> {
    ^bb0(%e: vector<4xf32>):
      %f = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
      ^bb0(%l: f32):
        %n = arith.negf %l : f32
        rise.yield %n : f32
      }
      rise.yield %f : vector<4xf32>
    }
    %s = rise.as_scalar %w : !rise.array<3xvector<4xf32>> -> !rise.array<12xf32>
    rise.yield %s : !rise.array<12xf32>
  }
  rise.out %m, %o : !rise.array<2x12xf32>, memref<2x12xf32>
  %sl = rise.slide 8, 4 %a : !rise.array<24xf32> -> !rise.array<5x8xf32>
  %m2 = rise.map seq %sl : !rise.array<5x8xf32> -> !rise.array<5x8xf32> {
  ^bb0(%r: !rise.array<8xf32>):
    %v = rise.as_vector 4 %r : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
    %w = rise.map seq %v : !rise.array<2xvector<4xf32>> -> !rise.array<2xvector<4xf32>> {
    ^bb0(%e: vector<4xf32>):
      %f = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
      ^bb0(%l: f32):
        %n = math.absf %l : f32
        rise.yield %n : f32
      }
      rise.yield %f : vector<4xf32>
    }
    %s = rise.as_scalar %w : !rise.array<2xvector<4xf32>> -> !rise.array<8xf32>
    rise.yield %s : !rise.array<8xf32>
  }
  rise.out %m2, %o2 : !rise.array<5x8xf32>, memref<5x8xf32>
  return
}

// join of rows of 6 read as vectors of 4: lanes straddle two rows, so the
// vector is built from scalar loads (vector.from_elements).
// CHECK: vector.from_elements
func.func @vec_straddle(%x: memref<2x6xf32>, %o: memref<12xf32>) {
  %a = rise.in %x : memref<2x6xf32> -> !rise.array<2x6xf32>
  %j = rise.join %a : !rise.array<2x6xf32> -> !rise.array<12xf32>
  %v = rise.as_vector 4 %j : !rise.array<12xf32> -> !rise.array<3xvector<4xf32>>
  %m = rise.map seq %v : !rise.array<3xvector<4xf32>> -> !rise.array<3xvector<4xf32>> {
  ^bb0(%e: vector<4xf32>):
    %f = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
    ^bb0(%l: f32):
      %n = math.absf %l : f32
      rise.yield %n : f32
    }
    rise.yield %f : vector<4xf32>
  }
  %s = rise.as_scalar %m : !rise.array<3xvector<4xf32>> -> !rise.array<12xf32>
  rise.out %s, %o : !rise.array<12xf32>, memref<12xf32>
  return
}

// Slots holding pairs (of pairs) are a ring per component (Harris's
// product triples): here lines of 7, lines of 6 and scalars, three rings of
// 4 slots, each loaded in the prologue and once per iteration, and the
// window's elements read from all three.
// CHECK-LABEL: func.func @pair_ring
// CHECK-DAG: %[[S:.*]] = memref.alloca() : memref<4xf32>
// CHECK-DAG: %[[D:.*]] = memref.alloca() : memref<4x6xf32>
// CHECK-DAG: %[[L:.*]] = memref.alloca() : memref<4x7xf32>
// CHECK: affine.store %{{.*}}, %[[L]][1, %{{.*}}] : memref<4x7xf32>
// CHECK: affine.store %{{.*}}, %[[D]][1, %{{.*}}] : memref<4x6xf32>
// CHECK: affine.store %{{.*}}, %[[S]][1] : memref<4xf32>
// CHECK: affine.for %[[I:.*]] = 0 to 9 {
// CHECK:   affine.store %{{.*}}, %[[L]][%[[I]] - ((%[[I]] + 2) floordiv 4) * 4 + 2, %{{.*}}] : memref<4x7xf32>
// CHECK:   affine.store %{{.*}}, %[[D]][%[[I]] - ((%[[I]] + 2) floordiv 4) * 4 + 2, %{{.*}}] : memref<4x6xf32>
// CHECK:   affine.store %{{.*}}, %[[S]][%[[I]] - ((%[[I]] + 2) floordiv 4) * 4 + 2] : memref<4xf32>
// CHECK:   affine.load %[[L]][%[[I]] mod 4, %{{.*}}] : memref<4x7xf32>
func.func @pair_ring(%x: memref<11x7xf32>, %o: memref<9x6xf32>) {
  %a = rise.in %x : memref<11x7xf32> -> !rise.array<11x7xf32>
  %two = arith.constant 2.0 : f32
  %cb = rise.circular_buffer private 4, 3 %a : !rise.array<11x7xf32> -> !rise.array<9x3x!rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>>> {
  ^bb0(%row: !rise.array<7xf32>):
    %l = rise.map seq %row : !rise.array<7xf32> -> !rise.array<7xf32> {
    ^bb0(%e: f32):
      %m = arith.mulf %e, %two : f32
      rise.yield %m : f32
    }
    %w = rise.slide 2, 1 %row : !rise.array<7xf32> -> !rise.array<6x2xf32>
    %d = rise.map seq %w : !rise.array<6x2xf32> -> !rise.array<6xf32> {
    ^bb0(%p: !rise.array<2xf32>):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %p0 = rise.idx %p[%c0] : !rise.array<2xf32> -> f32
      %p1 = rise.idx %p[%c1] : !rise.array<2xf32> -> f32
      %df = arith.subf %p1, %p0 : f32
      rise.yield %df : f32
    }
    %c3 = arith.constant 3 : index
    %s = rise.idx %row[%c3] : !rise.array<7xf32> -> f32
    %in = rise.pair %d, %s : !rise.array<6xf32>, f32 -> !rise.pair<!rise.array<6xf32>, f32>
    %pr = rise.pair %l, %in : !rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32> -> !rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>>
    rise.yield %pr : !rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>>
  }
  %r = rise.map seq %cb : !rise.array<9x3x!rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>>> -> !rise.array<9x6xf32> {
  ^bb0(%w3: !rise.array<3x!rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>>>):
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %top = rise.idx %w3[%c0] : !rise.array<3x!rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>>> -> !rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>>
    %bot = rise.idx %w3[%c2] : !rise.array<3x!rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>>> -> !rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>>
    %tl = rise.fst %top : !rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>> -> !rise.array<7xf32>
    %bi = rise.snd %bot : !rise.pair<!rise.array<7xf32>, !rise.pair<!rise.array<6xf32>, f32>> -> !rise.pair<!rise.array<6xf32>, f32>
    %bd = rise.fst %bi : !rise.pair<!rise.array<6xf32>, f32> -> !rise.array<6xf32>
    %bs = rise.snd %bi : !rise.pair<!rise.array<6xf32>, f32> -> f32
    %tl6 = rise.slide 6, 1 %tl : !rise.array<7xf32> -> !rise.array<2x6xf32>
    %t0 = rise.idx %tl6[%c0] : !rise.array<2x6xf32> -> !rise.array<6xf32>
    %z = rise.zip %t0, %bd : !rise.array<6xf32>, !rise.array<6xf32> -> !rise.array<6x!rise.pair<f32, f32>>
    %o6 = rise.map seq %z : !rise.array<6x!rise.pair<f32, f32>> -> !rise.array<6xf32> {
    ^bb0(%q: !rise.pair<f32, f32>):
      %q0 = rise.fst %q : !rise.pair<f32, f32> -> f32
      %q1 = rise.snd %q : !rise.pair<f32, f32> -> f32
      %qm = arith.mulf %q0, %q1 : f32
      %qa = arith.addf %qm, %bs : f32
      rise.yield %qa : f32
    }
    rise.yield %o6 : !rise.array<6xf32>
  }
  rise.out %r, %o : !rise.array<9x6xf32>, memref<9x6xf32>
  return
}
