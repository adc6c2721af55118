// Line buffers and vector loads through views (the lit twin is
// test/lit/Conversion/RiseToAffine/rings.mlir): a circular_buffer of lines
// (a ring of alloc lines), a chain of two (alloc 4 private, alloc 5
// global), as_vector through join, split and slide, and a join whose rows
// (6) the vectors (4) straddle. Sizes: 11 rows of 7 and 5, 9 and 8 windows.

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

// Slots holding pairs of a line and a pair of a line and a scalar: a ring
// per component.
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
