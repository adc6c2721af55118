// Low-level forms: par, unroll, vec, as_vector/as_scalar, reduce unroll,
// pair accumulators, to_mem, circular_buffer, rotate_values, kernel and
// GPU maps, and maps that must be materialised. Odd sizes: 7 or 5 vectors
// of 4 lanes, lengths that are not multiples of anything.

// map par over rows, map vec inside, as_scalar written through the acceptor
func.func @par_vec(%x: memref<5x28xf32>, %s: f32, %o: memref<5x28xf32>) {
  %a = rise.in %x : memref<5x28xf32> -> !rise.array<5x28xf32>
  %m = rise.map par %a : !rise.array<5x28xf32> -> !rise.array<5x28xf32> {
  ^bb0(%row: !rise.array<28xf32>):
    %v = rise.as_vector 4 %row : !rise.array<28xf32> -> !rise.array<7xvector<4xf32>>
    %w = rise.map seq %v : !rise.array<7xvector<4xf32>> -> !rise.array<7xvector<4xf32>> {
    ^bb0(%e: vector<4xf32>):
      %f = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
      ^bb0(%l: f32):
        %p = arith.mulf %l, %s : f32
        %one = arith.constant 1.0 : f32
        %q = arith.addf %p, %one : f32
        %r = math.absf %q : f32
        rise.yield %r : f32
      }
      rise.yield %f : vector<4xf32>
    }
    %sc = rise.as_scalar %w : !rise.array<7xvector<4xf32>> -> !rise.array<28xf32>
    rise.yield %sc : !rise.array<28xf32>
  }
  rise.out %m, %o : !rise.array<5x28xf32>, memref<5x28xf32>
  return
}

// as_vector of a view that is not contiguous (a transposed matrix), and
// as_scalar read element-wise by a map (dynamic lane extraction)
func.func @vec_views(%x: memref<8x3xf32>, %o: memref<3x8xf32>) {
  %a = rise.in %x : memref<8x3xf32> -> !rise.array<8x3xf32>
  %t = rise.transpose %a : !rise.array<8x3xf32> -> !rise.array<3x8xf32>
  %m = rise.map %t : !rise.array<3x8xf32> -> !rise.array<3x8xf32> {
  ^bb0(%row: !rise.array<8xf32>):
    %v = rise.as_vector 4 %row : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
    %d = rise.map %v : !rise.array<2xvector<4xf32>> -> !rise.array<2xvector<4xf32>> {
    ^bb0(%e: vector<4xf32>):
      %s = arith.addf %e, %e : vector<4xf32>
      rise.yield %s : vector<4xf32>
    }
    %sc = rise.as_scalar %d : !rise.array<2xvector<4xf32>> -> !rise.array<8xf32>
    %n = rise.map %sc : !rise.array<8xf32> -> !rise.array<8xf32> {
    ^bb0(%l: f32):
      %c = arith.constant 0.5 : f32
      %y = arith.subf %l, %c : f32
      rise.yield %y : f32
    }
    rise.yield %n : !rise.array<8xf32>
  }
  rise.out %m, %o : !rise.array<3x8xf32>, memref<3x8xf32>
  return
}

// vectorised dot with a vector accumulator (vector_from_scalar), odd count
// of vectors, and an unrolled lane sum; map unroll too
func.func @vec_dot_unroll(%x: memref<20xf32>, %y: memref<20xf32>, %o: memref<3xf32>) {
  %a = rise.in %x : memref<20xf32> -> !rise.array<20xf32>
  %b = rise.in %y : memref<20xf32> -> !rise.array<20xf32>
  %zero = arith.constant 0.0 : f32
  %va = rise.as_vector 4 %a : !rise.array<20xf32> -> !rise.array<5xvector<4xf32>>
  %vb = rise.as_vector 4 %b : !rise.array<20xf32> -> !rise.array<5xvector<4xf32>>
  %z = rise.zip %va, %vb : !rise.array<5xvector<4xf32>>, !rise.array<5xvector<4xf32>> -> !rise.array<5x!rise.pair<vector<4xf32>, vector<4xf32>>>
  %vz = rise.vector_from_scalar %zero : f32 -> vector<4xf32>
  %acc = rise.reduce seq %vz, %z : vector<4xf32>, !rise.array<5x!rise.pair<vector<4xf32>, vector<4xf32>>> -> vector<4xf32> {
  ^bb0(%c: vector<4xf32>, %p: !rise.pair<vector<4xf32>, vector<4xf32>>):
    %l = rise.fst %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %r = rise.snd %p : !rise.pair<vector<4xf32>, vector<4xf32>> -> vector<4xf32>
    %m = arith.mulf %l, %r : vector<4xf32>
    %s = arith.addf %c, %m : vector<4xf32>
    rise.yield %s : vector<4xf32>
  }
  %one = rise.generate : !rise.array<1xvector<4xf32>> {
  ^bb0(%i: index):
    rise.yield %acc : vector<4xf32>
  }
  %flat = rise.as_scalar %one : !rise.array<1xvector<4xf32>> -> !rise.array<4xf32>
  %sum = rise.reduce unroll %zero, %flat : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%c: f32, %v: f32):
    %s = arith.addf %c, %v : f32
    rise.yield %s : f32
  }
  %three = rise.generate : !rise.array<3xf32> {
  ^bb0(%i: index):
    rise.yield %sum : f32
  }
  %u = rise.map unroll %three : !rise.array<3xf32> -> !rise.array<3xf32> {
  ^bb0(%e: f32):
    %t = arith.mulf %e, %e : f32
    rise.yield %t : f32
  }
  rise.out %u, %o : !rise.array<3xf32>, memref<3xf32>
  return
}

// reduce with a pair accumulator (sum and max), seq and unroll
func.func @pair_acc(%x: memref<13xf32>, %o: memref<2xf32>) {
  %a = rise.in %x : memref<13xf32> -> !rise.array<13xf32>
  %z = arith.constant 0.0 : f32
  %lo = arith.constant -100.0 : f32
  %init = rise.pair %z, %lo : f32, f32 -> !rise.pair<f32, f32>
  %r = rise.reduce seq %init, %a : !rise.pair<f32, f32>, !rise.array<13xf32> -> !rise.pair<f32, f32> {
  ^bb0(%acc: !rise.pair<f32, f32>, %e: f32):
    %s = rise.fst %acc : !rise.pair<f32, f32> -> f32
    %m = rise.snd %acc : !rise.pair<f32, f32> -> f32
    %s2 = arith.addf %s, %e : f32
    %m2 = arith.maximumf %m, %e : f32
    %p = rise.pair %s2, %m2 : f32, f32 -> !rise.pair<f32, f32>
    rise.yield %p : !rise.pair<f32, f32>
  }
  %two = rise.generate : !rise.array<2xf32> {
  ^bb0(%i: index):
    %c0 = arith.constant 0 : index
    %is0 = arith.cmpi eq, %i, %c0 : index
    %f = rise.fst %r : !rise.pair<f32, f32> -> f32
    %s = rise.snd %r : !rise.pair<f32, f32> -> f32
    %v = arith.select %is0, %f, %s : f32
    rise.yield %v : f32
  }
  rise.out %two, %o : !rise.array<2xf32>, memref<2xf32>
  return
}

// a map read by a slide is materialised (each element is read 3 times);
// a map par read by another map is materialised so the parallel loop stays
func.func @materialise(%x: memref<9xf32>, %o: memref<7xf32>) {
  %a = rise.in %x : memref<9xf32> -> !rise.array<9xf32>
  %sq = rise.map %a : !rise.array<9xf32> -> !rise.array<9xf32> {
  ^bb0(%e: f32):
    %t = arith.mulf %e, %e : f32
    rise.yield %t : f32
  }
  %w = rise.slide 3, 1 %sq : !rise.array<9xf32> -> !rise.array<7x3xf32>
  %z = arith.constant 0.0 : f32
  %s = rise.map par %w : !rise.array<7x3xf32> -> !rise.array<7xf32> {
  ^bb0(%win: !rise.array<3xf32>):
    %r = rise.reduce seq %z, %win : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc: f32, %e: f32):
      %t = arith.addf %acc, %e : f32
      rise.yield %t : f32
    }
    rise.yield %r : f32
  }
  %n = rise.map seq %s : !rise.array<7xf32> -> !rise.array<7xf32> {
  ^bb0(%e: f32):
    %c = arith.constant 2.0 : f32
    %t = arith.divf %e, %c : f32
    rise.yield %t : f32
  }
  rise.out %n, %o : !rise.array<7xf32>, memref<7xf32>
  return
}

// to_mem in each address space, inside and outside a par loop
func.func @to_mem(%x: memref<6x5xf32>, %o: memref<6x5xf32>) {
  %a = rise.in %x : memref<6x5xf32> -> !rise.array<6x5xf32>
  %g = rise.to_mem global %a : !rise.array<6x5xf32>
  %m = rise.map par %g : !rise.array<6x5xf32> -> !rise.array<6x5xf32> {
  ^bb0(%row: !rise.array<5xf32>):
    %r = rise.map seq %row : !rise.array<5xf32> -> !rise.array<5xf32> {
    ^bb0(%e: f32):
      %c = arith.constant 1.5 : f32
      %t = arith.mulf %e, %c : f32
      rise.yield %t : f32
    }
    %p = rise.to_mem private %r : !rise.array<5xf32>
    %rev = rise.generate : !rise.array<5xf32> {
    ^bb0(%i: index):
      %c4 = arith.constant 4 : index
      %j = arith.subi %c4, %i : index
      %e = rise.idx %p[%j] : !rise.array<5xf32> -> f32
      rise.yield %e : f32
    }
    %l = rise.to_mem local %rev : !rise.array<5xf32>
    rise.yield %l : !rise.array<5xf32>
  }
  rise.out %m, %o : !rise.array<6x5xf32>, memref<6x5xf32>
  return
}

// circular buffer with a non-identity load and an alloc that is not the size
func.func @circular(%x: memref<17xf32>, %o: memref<15xf32>) {
  %a = rise.in %x : memref<17xf32> -> !rise.array<17xf32>
  %z = arith.constant 0.0 : f32
  %nb = rise.circular_buffer global 5, 3 %a : !rise.array<17xf32> -> !rise.array<15x3xf32> {
  ^bb0(%e: f32):
    %c = arith.constant 2.0 : f32
    %t = arith.mulf %e, %c : f32
    rise.yield %t : f32
  }
  %r = rise.map stream %nb : !rise.array<15x3xf32> -> !rise.array<15xf32> {
  ^bb0(%w: !rise.array<3xf32>):
    %c0 = arith.constant 0 : index
    %e0 = rise.idx %w[%c0] : !rise.array<3xf32> -> f32
    %s = rise.reduce seq %z, %w : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc: f32, %e: f32):
      %t = arith.subf %e, %acc : f32
      rise.yield %t : f32
    }
    %u = arith.addf %s, %e0 : f32
    rise.yield %u : f32
  }
  rise.out %r, %o : !rise.array<15xf32>, memref<15xf32>
  return
}

// the same circular buffer read by a par map: no streaming, slide semantics
func.func @circular_par(%x: memref<10xf32>, %o: memref<8xf32>) {
  %a = rise.in %x : memref<10xf32> -> !rise.array<10xf32>
  %z = arith.constant 0.0 : f32
  %nb = rise.circular_buffer private 4, 3 %a : !rise.array<10xf32> -> !rise.array<8x3xf32> {
  ^bb0(%e: f32):
    %t = math.absf %e : f32
    rise.yield %t : f32
  }
  %r = rise.map par %nb : !rise.array<8x3xf32> -> !rise.array<8xf32> {
  ^bb0(%w: !rise.array<3xf32>):
    %s = rise.reduce unroll %z, %w : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc: f32, %e: f32):
      %t = arith.addf %acc, %e : f32
      rise.yield %t : f32
    }
    rise.yield %s : f32
  }
  rise.out %r, %o : !rise.array<8xf32>, memref<8xf32>
  return
}

// rotate_values of 4 values with a seq reduction (dynamic window index)
func.func @rotate(%x: memref<12xf32>, %o: memref<9xf32>) {
  %a = rise.in %x : memref<12xf32> -> !rise.array<12xf32>
  %z = arith.constant 0.0 : f32
  %nb = rise.rotate_values private 4 %a : !rise.array<12xf32> -> !rise.array<9x4xf32> {
  ^bb0(%e: f32):
    rise.yield %e : f32
  }
  %r = rise.map iterate %nb : !rise.array<9x4xf32> -> !rise.array<9xf32> {
  ^bb0(%w: !rise.array<4xf32>):
    %s = rise.reduce seq %z, %w : f32, !rise.array<4xf32> -> f32 {
    ^bb0(%acc: f32, %e: f32):
      %h = arith.constant 0.5 : f32
      %m = arith.mulf %acc, %h : f32
      %t = arith.addf %m, %e : f32
      rise.yield %t : f32
    }
    rise.yield %s : f32
  }
  rise.out %r, %o : !rise.array<9xf32>, memref<9xf32>
  return
}

// a kernel with GPU maps, lowered like seq on the CPU
func.func @kernel(%x: memref<6x4xf32>, %o: memref<6x4xf32>) {
  %a = rise.in %x : memref<6x4xf32> -> !rise.array<6x4xf32>
  %k = rise.kernel local [2] global [6] : !rise.array<6x4xf32> {
    %s = rise.split 2 %a : !rise.array<6x4xf32> -> !rise.array<3x2x4xf32>
    %m = rise.map workgroup(0) %s : !rise.array<3x2x4xf32> -> !rise.array<3x2x4xf32> {
    ^bb0(%blk: !rise.array<2x4xf32>):
      %l = rise.map local(0) %blk : !rise.array<2x4xf32> -> !rise.array<2x4xf32> {
      ^bb0(%row: !rise.array<4xf32>):
        %r = rise.map seq %row : !rise.array<4xf32> -> !rise.array<4xf32> {
        ^bb0(%e: f32):
          %t = math.exp %e : f32
          rise.yield %t : f32
        }
        rise.yield %r : !rise.array<4xf32>
      }
      rise.yield %l : !rise.array<2x4xf32>
    }
    %j = rise.join %m : !rise.array<3x2x4xf32> -> !rise.array<6x4xf32>
    rise.yield %j : !rise.array<6x4xf32>
  }
  rise.out %k, %o : !rise.array<6x4xf32>, memref<6x4xf32>
  return
}

// unroll beyond the full-unrolling limit (64): a loop marked rise.unroll
func.func @long_unroll(%x: memref<100xf32>, %o: memref<f32>) {
  %a = rise.in %x : memref<100xf32> -> !rise.array<100xf32>
  %z = arith.constant 0.0 : f32
  %s = rise.reduce unroll %z, %a : f32, !rise.array<100xf32> -> f32 {
  ^bb0(%acc: f32, %e: f32):
    %t = arith.addf %acc, %e : f32
    rise.yield %t : f32
  }
  rise.out %s, %o : f32, memref<f32>
  return
}

// Materialisation rules: %sq (computed) is buffered because the consumer's
// lambda slides over each of its rows; %rows (view-only: a transpose per
// element) is not; %pairs' scalar elements are used twice but computed once.
func.func @materialise_rules(%x: memref<4x6xf32>, %o: memref<4x4xf32>) {
  %a = rise.in %x : memref<4x6xf32> -> !rise.array<4x6xf32>
  %sq = rise.map %a : !rise.array<4x6xf32> -> !rise.array<4x6xf32> {
  ^bb0(%row: !rise.array<6xf32>):
    %r = rise.map %row : !rise.array<6xf32> -> !rise.array<6xf32> {
    ^bb0(%e: f32):
      %t = arith.mulf %e, %e : f32
      rise.yield %t : f32
    }
    rise.yield %r : !rise.array<6xf32>
  }
  %z = arith.constant 0.0 : f32
  %sums = rise.map %sq : !rise.array<4x6xf32> -> !rise.array<4x4xf32> {
  ^bb0(%row: !rise.array<6xf32>):
    %w = rise.slide 3, 1 %row : !rise.array<6xf32> -> !rise.array<4x3xf32>
    %rows = rise.map %w : !rise.array<4x3xf32> -> !rise.array<4x3xf32> {
    ^bb0(%win: !rise.array<3xf32>):
      %s = rise.split 1 %win : !rise.array<3xf32> -> !rise.array<3x1xf32>
      %t = rise.transpose %s : !rise.array<3x1xf32> -> !rise.array<1x3xf32>
      %j = rise.join %t : !rise.array<1x3xf32> -> !rise.array<3xf32>
      rise.yield %j : !rise.array<3xf32>
    }
    %r = rise.map %rows : !rise.array<4x3xf32> -> !rise.array<4xf32> {
    ^bb0(%win: !rise.array<3xf32>):
      %s = rise.reduce seq %z, %win : f32, !rise.array<3xf32> -> f32 {
      ^bb0(%acc: f32, %e: f32):
        %p = arith.mulf %e, %acc : f32
        %t = arith.addf %p, %e : f32
        rise.yield %t : f32
      }
      rise.yield %s : f32
    }
    rise.yield %r : !rise.array<4xf32>
  }
  rise.out %sums, %o : !rise.array<4x4xf32>, memref<4x4xf32>
  return
}
