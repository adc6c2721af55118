// Programs for the fma option (lower.differential.fma runs them with
// convert-rise-to-affine{fma=true}, lower.differential without): map vec
// bodies, a vector accumulator, scalar dot products, at sizes that are not
// powers of two (3 rows, 13 and 37 terms), and a row-blocked vector matmul
// (the shape of test/bench's v8) at 9x12 by 12x16.

func.func @vec_body(%x: memref<3x36xf32>, %s: f32, %o: memref<3x36xf32>) {
  %a = rise.in %x : memref<3x36xf32> -> !rise.array<3x36xf32>
  %m = rise.map par %a : !rise.array<3x36xf32> -> !rise.array<3x36xf32> {
  ^bb0(%row: !rise.array<36xf32>):
    %v = rise.as_vector 4 %row : !rise.array<36xf32> -> !rise.array<9xvector<4xf32>>
    %w = rise.map seq %v : !rise.array<9xvector<4xf32>> -> !rise.array<9xvector<4xf32>> {
    ^bb0(%e: vector<4xf32>):
      %f = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
      ^bb0(%l: f32):
        %p = arith.mulf %l, %s : f32
        %q = arith.addf %p, %l : f32
        rise.yield %q : f32
      }
      rise.yield %f : vector<4xf32>
    }
    %sc = rise.as_scalar %w : !rise.array<9xvector<4xf32>> -> !rise.array<36xf32>
    rise.yield %sc : !rise.array<36xf32>
  }
  rise.out %m, %o : !rise.array<3x36xf32>, memref<3x36xf32>
  return
}

func.func @vec_reduce(%x: memref<13xf32>, %y: memref<13x8xf32>, %o: memref<8xf32>) {
  %a = rise.in %x : memref<13xf32> -> !rise.array<13xf32>
  %b = rise.in %y : memref<13x8xf32> -> !rise.array<13x8xf32>
  %bv = rise.map seq %b : !rise.array<13x8xf32> -> !rise.array<13xvector<8xf32>> {
  ^bb0(%r: !rise.array<8xf32>):
    %v = rise.as_vector 8 %r : !rise.array<8xf32> -> !rise.array<1xvector<8xf32>>
    %c0 = arith.constant 0 : index
    %e = rise.idx %v[%c0] : !rise.array<1xvector<8xf32>> -> vector<8xf32>
    rise.yield %e : vector<8xf32>
  }
  %z = rise.zip %a, %bv : !rise.array<13xf32>, !rise.array<13xvector<8xf32>> -> !rise.array<13x!rise.pair<f32, vector<8xf32>>>
  %zero = arith.constant 0.0 : f32
  %vz = rise.vector_from_scalar %zero : f32 -> vector<8xf32>
  %acc = rise.reduce seq %vz, %z : vector<8xf32>, !rise.array<13x!rise.pair<f32, vector<8xf32>>> -> vector<8xf32> {
  ^bb0(%c: vector<8xf32>, %p: !rise.pair<f32, vector<8xf32>>):
    %l = rise.fst %p : !rise.pair<f32, vector<8xf32>> -> f32
    %r = rise.snd %p : !rise.pair<f32, vector<8xf32>> -> vector<8xf32>
    %lb = rise.vector_from_scalar %l : f32 -> vector<8xf32>
    %m = arith.mulf %lb, %r : vector<8xf32>
    %s = arith.addf %c, %m : vector<8xf32>
    rise.yield %s : vector<8xf32>
  }
  %one = rise.generate : !rise.array<1xvector<8xf32>> {
  ^bb0(%i: index):
    rise.yield %acc : vector<8xf32>
  }
  %out = rise.as_scalar %one : !rise.array<1xvector<8xf32>> -> !rise.array<8xf32>
  rise.out %out, %o : !rise.array<8xf32>, memref<8xf32>
  return
}

func.func @scalar(%x: memref<37xf32>, %y: memref<37xf32>, %o: memref<f32>, %o2: memref<f32>, %o3: memref<f32>) {
  %a = rise.in %x : memref<37xf32> -> !rise.array<37xf32>
  %b = rise.in %y : memref<37xf32> -> !rise.array<37xf32>
  %z = rise.zip %a, %b : !rise.array<37xf32>, !rise.array<37xf32> -> !rise.array<37x!rise.pair<f32, f32>>
  %zero = arith.constant 0.0 : f32
  %s = rise.reduce seq %zero, %z : f32, !rise.array<37x!rise.pair<f32, f32>> -> f32 {
  ^bb0(%c: f32, %p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    %t = arith.addf %c, %m : f32
    rise.yield %t : f32
  }
  %sq = arith.mulf %s, %s : f32
  %twice = arith.addf %sq, %sq : f32
  %m2 = arith.mulf %s, %twice : f32
  %d = arith.subf %m2, %s : f32
  rise.out %s, %o : f32, memref<f32>
  rise.out %twice, %o2 : f32, memref<f32>
  rise.out %d, %o3 : f32, memref<f32>
  return
}

// C = A B, 9x12 by 12x16: 3 rows at once, each a vector<16xf32>
// accumulator over k (a pair of pairs in iter_args), map par over blocks.
func.func @blocked_matmul(%x: memref<9x12xf32>, %y: memref<12x16xf32>, %o: memref<9x16xf32>) {
  %a = rise.in %x : memref<9x12xf32> -> !rise.array<9x12xf32>
  %b = rise.in %y : memref<12x16xf32> -> !rise.array<12x16xf32>
  %bv = rise.map seq %b : !rise.array<12x16xf32> -> !rise.array<12xvector<16xf32>> {
  ^bb0(%r: !rise.array<16xf32>):
    %v = rise.as_vector 16 %r : !rise.array<16xf32> -> !rise.array<1xvector<16xf32>>
    %c0 = arith.constant 0 : index
    %e = rise.idx %v[%c0] : !rise.array<1xvector<16xf32>> -> vector<16xf32>
    rise.yield %e : vector<16xf32>
  }
  %zero = arith.constant 0.0 : f32
  %g = rise.split 3 %a : !rise.array<9x12xf32> -> !rise.array<3x3x12xf32>
  %blocks = rise.map par %g : !rise.array<3x3x12xf32> -> !rise.array<3x3xvector<16xf32>> {
  ^bb0(%grp: !rise.array<3x12xf32>):
    %gt = rise.transpose %grp : !rise.array<3x12xf32> -> !rise.array<12x3xf32>
    %z = rise.zip %gt, %bv : !rise.array<12x3xf32>, !rise.array<12xvector<16xf32>> -> !rise.array<12x!rise.pair<!rise.array<3xf32>, vector<16xf32>>>
    %vz = rise.vector_from_scalar %zero : f32 -> vector<16xf32>
    %p2 = rise.pair %vz, %vz : vector<16xf32>, vector<16xf32> -> !rise.pair<vector<16xf32>, vector<16xf32>>
    %i3 = rise.pair %p2, %vz : !rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32> -> !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>>
    %s = rise.reduce seq %i3, %z : !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>>, !rise.array<12x!rise.pair<!rise.array<3xf32>, vector<16xf32>>> -> !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>> {
    ^bb0(%acc: !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>>, %p: !rise.pair<!rise.array<3xf32>, vector<16xf32>>):
      %a3 = rise.fst %p : !rise.pair<!rise.array<3xf32>, vector<16xf32>> -> !rise.array<3xf32>
      %bk = rise.snd %p : !rise.pair<!rise.array<3xf32>, vector<16xf32>> -> vector<16xf32>
      %lo = rise.fst %acc : !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>> -> !rise.pair<vector<16xf32>, vector<16xf32>>
      %c2v = rise.snd %acc : !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>> -> vector<16xf32>
      %c0v = rise.fst %lo : !rise.pair<vector<16xf32>, vector<16xf32>> -> vector<16xf32>
      %c1v = rise.snd %lo : !rise.pair<vector<16xf32>, vector<16xf32>> -> vector<16xf32>
      %i0 = arith.constant 0 : index
      %i1 = arith.constant 1 : index
      %i2 = arith.constant 2 : index
      %a0 = rise.idx %a3[%i0] : !rise.array<3xf32> -> f32
      %a1 = rise.idx %a3[%i1] : !rise.array<3xf32> -> f32
      %a2 = rise.idx %a3[%i2] : !rise.array<3xf32> -> f32
      %b0 = rise.vector_from_scalar %a0 : f32 -> vector<16xf32>
      %b1 = rise.vector_from_scalar %a1 : f32 -> vector<16xf32>
      %b2 = rise.vector_from_scalar %a2 : f32 -> vector<16xf32>
      %m0 = arith.mulf %b0, %bk : vector<16xf32>
      %n0 = arith.addf %c0v, %m0 : vector<16xf32>
      %m1 = arith.mulf %b1, %bk : vector<16xf32>
      %n1 = arith.addf %m1, %c1v : vector<16xf32>
      %m2 = arith.mulf %b2, %bk : vector<16xf32>
      %n2 = arith.addf %c2v, %m2 : vector<16xf32>
      %q2 = rise.pair %n0, %n1 : vector<16xf32>, vector<16xf32> -> !rise.pair<vector<16xf32>, vector<16xf32>>
      %q3 = rise.pair %q2, %n2 : !rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32> -> !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>>
      rise.yield %q3 : !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>>
    }
    %rows = rise.generate : !rise.array<3xvector<16xf32>> {
    ^bb0(%t: index):
      %lo = rise.fst %s : !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>> -> !rise.pair<vector<16xf32>, vector<16xf32>>
      %r2 = rise.snd %s : !rise.pair<!rise.pair<vector<16xf32>, vector<16xf32>>, vector<16xf32>> -> vector<16xf32>
      %r0 = rise.fst %lo : !rise.pair<vector<16xf32>, vector<16xf32>> -> vector<16xf32>
      %r1 = rise.snd %lo : !rise.pair<vector<16xf32>, vector<16xf32>> -> vector<16xf32>
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %e0 = arith.cmpi eq, %t, %k0 : index
      %e1 = arith.cmpi eq, %t, %k1 : index
      %s1 = arith.select %e1, %r1, %r2 : vector<16xf32>
      %s0 = arith.select %e0, %r0, %s1 : vector<16xf32>
      rise.yield %s0 : vector<16xf32>
    }
    rise.yield %rows : !rise.array<3xvector<16xf32>>
  }
  %rowsv = rise.join %blocks : !rise.array<3x3xvector<16xf32>> -> !rise.array<9xvector<16xf32>>
  %c = rise.map seq %rowsv : !rise.array<9xvector<16xf32>> -> !rise.array<9x16xf32> {
  ^bb0(%rv: vector<16xf32>):
    %one = rise.generate : !rise.array<1xvector<16xf32>> {
    ^bb0(%u: index):
      rise.yield %rv : vector<16xf32>
    }
    %sc = rise.as_scalar %one : !rise.array<1xvector<16xf32>> -> !rise.array<16xf32>
    rise.yield %sc : !rise.array<16xf32>
  }
  rise.out %c, %o : !rise.array<9x16xf32>, memref<9x16xf32>
  return
}
