// Reductions whose accumulator is an array (the thesis's map/reduce
// interchange shapes: `reduce (\as ys. map g (zip as ys)) init (transpose
// ys)`), lowered with the accumulator in buffers. The lit twin is
// test/lit/Conversion/RiseToAffine/reduce_array_acc.mlir (which also runs
// each function natively and requires a bit-exact match).
//
// @acc_rank1: a row of 4 accumulators over 3 steps, updated in place.
// @acc_swap: a 3 x 3 tile read transposed (not element-wise: the
//   accumulator is double-buffered) over 5 steps (odd: the value ends in
//   the second buffer).
// @acc_tile: a 2 x 3 tile updated in place, two nested reductions (the
//   inner starting from the outer's accumulator).
// @acc_nested_copy: the same nesting, but the outer step also reads its
//   accumulator after the inner fold (not in place: copied, swapped).
// @acc_rows: a fold per row of the outer accumulator, starting from that
//   row (the matmul loopPerm shape): all in place on one buffer.
// @acc_vec: an array of vectors (as_vector rows), in place.
// @acc_vec_rows: rows read through as_vector / as_scalar (in place).
// @acc_pair: a pair of an array (running max) and a scalar (sum).
// @acc_unroll: reduce unroll over 3 steps, double-buffered (the update
//   reads the accumulator at another index).
// @acc_par: high-level reduce inside map par (per-thread stack buffers),
//   rank 1, in place.

func.func @acc_rank1(%x: memref<4xf32>, %y: memref<4x3xf32>, %o: memref<4xf32>) {
  %as = rise.in %x : memref<4xf32> -> !rise.array<4xf32>
  %ys = rise.in %y : memref<4x3xf32> -> !rise.array<4x3xf32>
  %yt = rise.transpose %ys : !rise.array<4x3xf32> -> !rise.array<3x4xf32>
  %r = rise.reduce seq %as, %yt : !rise.array<4xf32>, !rise.array<3x4xf32> -> !rise.array<4xf32> {
  ^bb0(%acc: !rise.array<4xf32>, %col: !rise.array<4xf32>):
    %z = rise.zip %acc, %col : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
    %m = rise.map seq %z : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
    ^bb0(%q: !rise.pair<f32, f32>):
      %a = rise.fst %q : !rise.pair<f32, f32> -> f32
      %b = rise.snd %q : !rise.pair<f32, f32> -> f32
      %bb = arith.mulf %b, %b : f32
      %s = arith.addf %a, %bb : f32
      rise.yield %s : f32
    }
    rise.yield %m : !rise.array<4xf32>
  }
  rise.out %r, %o : !rise.array<4xf32>, memref<4xf32>
  return
}

func.func @acc_swap(%x: memref<3x3xf32>, %y: memref<5x3x3xf32>, %o: memref<3x3xf32>) {
  %init = rise.in %x : memref<3x3xf32> -> !rise.array<3x3xf32>
  %ys = rise.in %y : memref<5x3x3xf32> -> !rise.array<5x3x3xf32>
  %half = arith.constant 0.5 : f32
  %r = rise.reduce seq %init, %ys : !rise.array<3x3xf32>, !rise.array<5x3x3xf32> -> !rise.array<3x3xf32> {
  ^bb0(%acc: !rise.array<3x3xf32>, %t: !rise.array<3x3xf32>):
    %at = rise.transpose %acc : !rise.array<3x3xf32> -> !rise.array<3x3xf32>
    %z = rise.zip %at, %t : !rise.array<3x3xf32>, !rise.array<3x3xf32> -> !rise.array<3x!rise.pair<!rise.array<3xf32>, !rise.array<3xf32>>>
    %m = rise.map seq %z : !rise.array<3x!rise.pair<!rise.array<3xf32>, !rise.array<3xf32>>> -> !rise.array<3x3xf32> {
    ^bb0(%q: !rise.pair<!rise.array<3xf32>, !rise.array<3xf32>>):
      %a = rise.fst %q : !rise.pair<!rise.array<3xf32>, !rise.array<3xf32>> -> !rise.array<3xf32>
      %b = rise.snd %q : !rise.pair<!rise.array<3xf32>, !rise.array<3xf32>> -> !rise.array<3xf32>
      %zz = rise.zip %a, %b : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
      %row = rise.map seq %zz : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
      ^bb0(%e: !rise.pair<f32, f32>):
        %u = rise.fst %e : !rise.pair<f32, f32> -> f32
        %v = rise.snd %e : !rise.pair<f32, f32> -> f32
        %uh = arith.mulf %u, %half : f32
        %s = arith.addf %uh, %v : f32
        rise.yield %s : f32
      }
      rise.yield %row : !rise.array<3xf32>
    }
    rise.yield %m : !rise.array<3x3xf32>
  }
  rise.out %r, %o : !rise.array<3x3xf32>, memref<3x3xf32>
  return
}

func.func @acc_tile(%x: memref<2x6xf32>, %y: memref<6x3xf32>, %o: memref<2x3xf32>) {
  %a = rise.in %x : memref<2x6xf32> -> !rise.array<2x6xf32>
  %b = rise.in %y : memref<6x3xf32> -> !rise.array<6x3xf32>
  %zero = arith.constant 0.0 : f32
  %init = rise.generate : !rise.array<2x3xf32> {
  ^bb0(%i: index):
    %row = rise.generate : !rise.array<3xf32> {
    ^bb0(%j: index):
      rise.yield %zero : f32
    }
    rise.yield %row : !rise.array<3xf32>
  }
  // k in blocks of 2: 3 blocks of (2 x [column of a, row of b]).
  %at = rise.transpose %a : !rise.array<2x6xf32> -> !rise.array<6x2xf32>
  %k = rise.zip %at, %b : !rise.array<6x2xf32>, !rise.array<6x3xf32> -> !rise.array<6x!rise.pair<!rise.array<2xf32>, !rise.array<3xf32>>>
  %kb = rise.split 2 %k : !rise.array<6x!rise.pair<!rise.array<2xf32>, !rise.array<3xf32>>> -> !rise.array<3x2x!rise.pair<!rise.array<2xf32>, !rise.array<3xf32>>>
  %r = rise.reduce seq %init, %kb : !rise.array<2x3xf32>, !rise.array<3x2x!rise.pair<!rise.array<2xf32>, !rise.array<3xf32>>> -> !rise.array<2x3xf32> {
  ^bb0(%acc: !rise.array<2x3xf32>, %blk: !rise.array<2x!rise.pair<!rise.array<2xf32>, !rise.array<3xf32>>>):
    %in = rise.reduce seq %acc, %blk : !rise.array<2x3xf32>, !rise.array<2x!rise.pair<!rise.array<2xf32>, !rise.array<3xf32>>> -> !rise.array<2x3xf32> {
    ^bb0(%c: !rise.array<2x3xf32>, %p: !rise.pair<!rise.array<2xf32>, !rise.array<3xf32>>):
      %acol = rise.fst %p : !rise.pair<!rise.array<2xf32>, !rise.array<3xf32>> -> !rise.array<2xf32>
      %brow = rise.snd %p : !rise.pair<!rise.array<2xf32>, !rise.array<3xf32>> -> !rise.array<3xf32>
      %z = rise.zip %c, %acol : !rise.array<2x3xf32>, !rise.array<2xf32> -> !rise.array<2x!rise.pair<!rise.array<3xf32>, f32>>
      %m = rise.map seq %z : !rise.array<2x!rise.pair<!rise.array<3xf32>, f32>> -> !rise.array<2x3xf32> {
      ^bb0(%q: !rise.pair<!rise.array<3xf32>, f32>):
        %crow = rise.fst %q : !rise.pair<!rise.array<3xf32>, f32> -> !rise.array<3xf32>
        %av = rise.snd %q : !rise.pair<!rise.array<3xf32>, f32> -> f32
        %zz = rise.zip %crow, %brow : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
        %row = rise.map seq %zz : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
        ^bb0(%e: !rise.pair<f32, f32>):
          %cv = rise.fst %e : !rise.pair<f32, f32> -> f32
          %bv = rise.snd %e : !rise.pair<f32, f32> -> f32
          %pr = arith.mulf %av, %bv : f32
          %s = arith.addf %cv, %pr : f32
          rise.yield %s : f32
        }
        rise.yield %row : !rise.array<3xf32>
      }
      rise.yield %m : !rise.array<2x3xf32>
    }
    rise.yield %in : !rise.array<2x3xf32>
  }
  rise.out %r, %o : !rise.array<2x3xf32>, memref<2x3xf32>
  return
}

func.func @acc_nested_copy(%x: memref<4xf32>, %y: memref<3x2x4xf32>, %o: memref<4xf32>) {
  %init = rise.in %x : memref<4xf32> -> !rise.array<4xf32>
  %ys = rise.in %y : memref<3x2x4xf32> -> !rise.array<3x2x4xf32>
  %r = rise.reduce seq %init, %ys : !rise.array<4xf32>, !rise.array<3x2x4xf32> -> !rise.array<4xf32> {
  ^bb0(%acc: !rise.array<4xf32>, %blk: !rise.array<2x4xf32>):
    %in = rise.reduce seq %acc, %blk : !rise.array<4xf32>, !rise.array<2x4xf32> -> !rise.array<4xf32> {
    ^bb0(%c: !rise.array<4xf32>, %row: !rise.array<4xf32>):
      %z = rise.zip %c, %row : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
      %m = rise.map seq %z : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
      ^bb0(%q: !rise.pair<f32, f32>):
        %a = rise.fst %q : !rise.pair<f32, f32> -> f32
        %b = rise.snd %q : !rise.pair<f32, f32> -> f32
        %s = arith.addf %a, %b : f32
        rise.yield %s : f32
      }
      rise.yield %m : !rise.array<4xf32>
    }
    %z2 = rise.zip %in, %acc : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
    %d = rise.map seq %z2 : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
    ^bb0(%q: !rise.pair<f32, f32>):
      %a = rise.fst %q : !rise.pair<f32, f32> -> f32
      %b = rise.snd %q : !rise.pair<f32, f32> -> f32
      %h = arith.constant 0.5 : f32
      %bh = arith.mulf %b, %h : f32
      %s = arith.subf %a, %bh : f32
      rise.yield %s : f32
    }
    rise.yield %d : !rise.array<4xf32>
  }
  rise.out %r, %o : !rise.array<4xf32>, memref<4xf32>
  return
}

func.func @acc_rows(%x: memref<2x3xf32>, %y: memref<4x2x2x3xf32>, %o: memref<2x3xf32>) {
  %init = rise.in %x : memref<2x3xf32> -> !rise.array<2x3xf32>
  %ys = rise.in %y : memref<4x2x2x3xf32> -> !rise.array<4x2x2x3xf32>
  %r = rise.reduce seq %init, %ys : !rise.array<2x3xf32>, !rise.array<4x2x2x3xf32> -> !rise.array<2x3xf32> {
  ^bb0(%acc: !rise.array<2x3xf32>, %blk: !rise.array<2x2x3xf32>):
    %z = rise.zip %acc, %blk : !rise.array<2x3xf32>, !rise.array<2x2x3xf32> -> !rise.array<2x!rise.pair<!rise.array<3xf32>, !rise.array<2x3xf32>>>
    %m = rise.map seq %z : !rise.array<2x!rise.pair<!rise.array<3xf32>, !rise.array<2x3xf32>>> -> !rise.array<2x3xf32> {
    ^bb0(%q: !rise.pair<!rise.array<3xf32>, !rise.array<2x3xf32>>):
      %row = rise.fst %q : !rise.pair<!rise.array<3xf32>, !rise.array<2x3xf32>> -> !rise.array<3xf32>
      %steps = rise.snd %q : !rise.pair<!rise.array<3xf32>, !rise.array<2x3xf32>> -> !rise.array<2x3xf32>
      %in = rise.reduce seq %row, %steps : !rise.array<3xf32>, !rise.array<2x3xf32> -> !rise.array<3xf32> {
      ^bb0(%c: !rise.array<3xf32>, %s: !rise.array<3xf32>):
        %zz = rise.zip %c, %s : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
        %mm = rise.map seq %zz : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
        ^bb0(%e: !rise.pair<f32, f32>):
          %a = rise.fst %e : !rise.pair<f32, f32> -> f32
          %b = rise.snd %e : !rise.pair<f32, f32> -> f32
          %p = arith.mulf %b, %b : f32
          %t = arith.subf %a, %p : f32
          rise.yield %t : f32
        }
        rise.yield %mm : !rise.array<3xf32>
      }
      rise.yield %in : !rise.array<3xf32>
    }
    rise.yield %m : !rise.array<2x3xf32>
  }
  rise.out %r, %o : !rise.array<2x3xf32>, memref<2x3xf32>
  return
}

func.func @acc_vec(%y: memref<5x12xf32>, %o: memref<12xf32>) {
  %ys = rise.in %y : memref<5x12xf32> -> !rise.array<5x12xf32>
  %vs = rise.map seq %ys : !rise.array<5x12xf32> -> !rise.array<5x3xvector<4xf32>> {
  ^bb0(%row: !rise.array<12xf32>):
    %v = rise.as_vector 4 %row : !rise.array<12xf32> -> !rise.array<3xvector<4xf32>>
    rise.yield %v : !rise.array<3xvector<4xf32>>
  }
  %c0 = arith.constant 0 : index
  %init = rise.idx %vs[%c0] : !rise.array<5x3xvector<4xf32>> -> !rise.array<3xvector<4xf32>>
  %r = rise.reduce seq %init, %vs : !rise.array<3xvector<4xf32>>, !rise.array<5x3xvector<4xf32>> -> !rise.array<3xvector<4xf32>> {
  ^bb0(%acc: !rise.array<3xvector<4xf32>>, %v: !rise.array<3xvector<4xf32>>):
    %z = rise.zip %acc, %v : !rise.array<3xvector<4xf32>>, !rise.array<3xvector<4xf32>> -> !rise.array<3x!rise.pair<vector<4xf32>, vector<4xf32>>>
    %m = rise.map seq %z : !rise.array<3x!rise.pair<vector<4xf32>, vector<4xf32>>> -> !rise.array<3xvector<4xf32>> {
    ^bb0(%q: !rise.pair<vector<4xf32>, vector<4xf32>>):
      %a = rise.fst %q : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
      %b = rise.snd %q : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
      %p = arith.mulf %b, %b : vector<4xf32>
      %s = arith.subf %a, %p : vector<4xf32>
      rise.yield %s : vector<4xf32>
    }
    rise.yield %m : !rise.array<3xvector<4xf32>>
  }
  %flat = rise.as_scalar %r : !rise.array<3xvector<4xf32>> -> !rise.array<12xf32>
  rise.out %flat, %o : !rise.array<12xf32>, memref<12xf32>
  return
}

func.func @acc_vec_rows(%x: memref<2x8xf32>, %y: memref<3x2x8xf32>, %o: memref<2x8xf32>) {
  %init = rise.in %x : memref<2x8xf32> -> !rise.array<2x8xf32>
  %ys = rise.in %y : memref<3x2x8xf32> -> !rise.array<3x2x8xf32>
  %r = rise.reduce seq %init, %ys : !rise.array<2x8xf32>, !rise.array<3x2x8xf32> -> !rise.array<2x8xf32> {
  ^bb0(%acc: !rise.array<2x8xf32>, %t: !rise.array<2x8xf32>):
    %z = rise.zip %acc, %t : !rise.array<2x8xf32>, !rise.array<2x8xf32> -> !rise.array<2x!rise.pair<!rise.array<8xf32>, !rise.array<8xf32>>>
    %m = rise.map seq %z : !rise.array<2x!rise.pair<!rise.array<8xf32>, !rise.array<8xf32>>> -> !rise.array<2x8xf32> {
    ^bb0(%q: !rise.pair<!rise.array<8xf32>, !rise.array<8xf32>>):
      %a = rise.fst %q : !rise.pair<!rise.array<8xf32>, !rise.array<8xf32>> -> !rise.array<8xf32>
      %av = rise.as_vector 4 %a : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
      %b = rise.snd %q : !rise.pair<!rise.array<8xf32>, !rise.array<8xf32>> -> !rise.array<8xf32>
      %bv = rise.as_vector 4 %b : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
      %zz = rise.zip %av, %bv : !rise.array<2xvector<4xf32>>, !rise.array<2xvector<4xf32>> -> !rise.array<2x!rise.pair<vector<4xf32>, vector<4xf32>>>
      %mm = rise.map seq %zz : !rise.array<2x!rise.pair<vector<4xf32>, vector<4xf32>>> -> !rise.array<2xvector<4xf32>> {
      ^bb0(%e: !rise.pair<vector<4xf32>, vector<4xf32>>):
        %u = rise.fst %e : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
        %v = rise.snd %e : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
        %p = arith.mulf %v, %u : vector<4xf32>
        %s = arith.addf %u, %p : vector<4xf32>
        rise.yield %s : vector<4xf32>
      }
      %row = rise.as_scalar %mm : !rise.array<2xvector<4xf32>> -> !rise.array<8xf32>
      rise.yield %row : !rise.array<8xf32>
    }
    rise.yield %m : !rise.array<2x8xf32>
  }
  rise.out %r, %o : !rise.array<2x8xf32>, memref<2x8xf32>
  return
}

func.func @acc_pair(%y: memref<6x4xf32>, %o: memref<4xf32>, %s: memref<1xf32>) {
  %ys = rise.in %y : memref<6x4xf32> -> !rise.array<6x4xf32>
  %lo = arith.constant -2.0 : f32
  %zero = arith.constant 0.0 : f32
  %g = rise.generate : !rise.array<4xf32> {
  ^bb0(%i: index):
    rise.yield %lo : f32
  }
  %init = rise.pair %g, %zero : !rise.array<4xf32>, f32 -> !rise.pair<!rise.array<4xf32>, f32>
  %r = rise.reduce seq %init, %ys : !rise.pair<!rise.array<4xf32>, f32>, !rise.array<6x4xf32> -> !rise.pair<!rise.array<4xf32>, f32> {
  ^bb0(%acc: !rise.pair<!rise.array<4xf32>, f32>, %row: !rise.array<4xf32>):
    %mx = rise.fst %acc : !rise.pair<!rise.array<4xf32>, f32> -> !rise.array<4xf32>
    %sm = rise.snd %acc : !rise.pair<!rise.array<4xf32>, f32> -> f32
    %z = rise.zip %mx, %row : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
    %m = rise.map seq %z : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
    ^bb0(%q: !rise.pair<f32, f32>):
      %a = rise.fst %q : !rise.pair<f32, f32> -> f32
      %b = rise.snd %q : !rise.pair<f32, f32> -> f32
      %c = arith.maximumf %a, %b : f32
      rise.yield %c : f32
    }
    %k0 = arith.constant 0 : index
    %first = rise.idx %row[%k0] : !rise.array<4xf32> -> f32
    %sum = arith.addf %sm, %first : f32
    %p = rise.pair %m, %sum : !rise.array<4xf32>, f32 -> !rise.pair<!rise.array<4xf32>, f32>
    rise.yield %p : !rise.pair<!rise.array<4xf32>, f32>
  }
  %rm = rise.fst %r : !rise.pair<!rise.array<4xf32>, f32> -> !rise.array<4xf32>
  %rs = rise.snd %r : !rise.pair<!rise.array<4xf32>, f32> -> f32
  %one = rise.generate : !rise.array<1xf32> {
  ^bb0(%i: index):
    rise.yield %rs : f32
  }
  rise.out %rm, %o : !rise.array<4xf32>, memref<4xf32>
  rise.out %one, %s : !rise.array<1xf32>, memref<1xf32>
  return
}

func.func @acc_unroll(%x: memref<4xf32>, %y: memref<3x4xf32>, %o: memref<4xf32>) {
  %as = rise.in %x : memref<4xf32> -> !rise.array<4xf32>
  %ys = rise.in %y : memref<3x4xf32> -> !rise.array<3x4xf32>
  %r = rise.reduce unroll %as, %ys : !rise.array<4xf32>, !rise.array<3x4xf32> -> !rise.array<4xf32> {
  ^bb0(%acc: !rise.array<4xf32>, %row: !rise.array<4xf32>):
    // Each element adds its left neighbour (clamped): not element-wise.
    %pc = rise.pad_clamp 1, 0 %acc : !rise.array<4xf32> -> !rise.array<5xf32>
    %sl = rise.slide 4, 1 %pc : !rise.array<5xf32> -> !rise.array<2x4xf32>
    %k0 = arith.constant 0 : index
    %sh = rise.idx %sl[%k0] : !rise.array<2x4xf32> -> !rise.array<4xf32>
    %z = rise.zip %acc, %row : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
    %z2 = rise.zip %z, %sh : !rise.array<4x!rise.pair<f32, f32>>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<!rise.pair<f32, f32>, f32>>
    %m = rise.map seq %z2 : !rise.array<4x!rise.pair<!rise.pair<f32, f32>, f32>> -> !rise.array<4xf32> {
    ^bb0(%q: !rise.pair<!rise.pair<f32, f32>, f32>):
      %ab = rise.fst %q : !rise.pair<!rise.pair<f32, f32>, f32> -> !rise.pair<f32, f32>
      %l = rise.snd %q : !rise.pair<!rise.pair<f32, f32>, f32> -> f32
      %a = rise.fst %ab : !rise.pair<f32, f32> -> f32
      %b = rise.snd %ab : !rise.pair<f32, f32> -> f32
      %h = arith.constant 0.25 : f32
      %lh = arith.mulf %l, %h : f32
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %lh : f32
      rise.yield %t : f32
    }
    rise.yield %m : !rise.array<4xf32>
  }
  rise.out %r, %o : !rise.array<4xf32>, memref<4xf32>
  return
}

func.func @acc_par(%x: memref<3x4x5xf32>, %o: memref<3x5xf32>) {
  %xs = rise.in %x : memref<3x4x5xf32> -> !rise.array<3x4x5xf32>
  %m = rise.map par %xs : !rise.array<3x4x5xf32> -> !rise.array<3x5xf32> {
  ^bb0(%blk: !rise.array<4x5xf32>):
    %k0 = arith.constant 0 : index
    %init = rise.idx %blk[%k0] : !rise.array<4x5xf32> -> !rise.array<5xf32>
    %r = rise.reduce %init, %blk : !rise.array<5xf32>, !rise.array<4x5xf32> -> !rise.array<5xf32> {
    ^bb0(%acc: !rise.array<5xf32>, %row: !rise.array<5xf32>):
      %z = rise.zip %acc, %row : !rise.array<5xf32>, !rise.array<5xf32> -> !rise.array<5x!rise.pair<f32, f32>>
      %mm = rise.map seq %z : !rise.array<5x!rise.pair<f32, f32>> -> !rise.array<5xf32> {
      ^bb0(%q: !rise.pair<f32, f32>):
        %a = rise.fst %q : !rise.pair<f32, f32> -> f32
        %b = rise.snd %q : !rise.pair<f32, f32> -> f32
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %p, %b : f32
        rise.yield %s : f32
      }
      rise.yield %mm : !rise.array<5xf32>
    }
    rise.yield %r : !rise.array<5xf32>
  }
  rise.out %m, %o : !rise.array<3x5xf32>, memref<3x5xf32>
  return
}
