// Low-level forms: par, vec, unroll, to_mem, materialisation,
// circular_buffer, rotate_values and kernel. The same programs run natively
// in test/lower (programs/forms.mlir) and match the interpreter.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine,cse)' \
// RUN:   | FileCheck %s

// map par -> scf.parallel; map vec on vectors -> vector arith with the
// captured scalar broadcast; as_vector of a row -> vector.load; as_scalar
// written through its acceptor -> vector.store.
// CHECK-LABEL: func.func @par_vec
// CHECK: scf.parallel (%[[R:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK:   affine.for %[[I:.*]] = 0 to 7 {
// CHECK:     %[[K:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK:     %[[V:.*]] = vector.load %arg0[%[[R]], %[[K]]] : memref<5x28xf32>, vector<4xf32>
// CHECK:     %[[S:.*]] = vector.broadcast %arg1 : f32 to vector<4xf32>
// CHECK:     %[[M:.*]] = arith.mulf %[[V]], %[[S]] : vector<4xf32>
// CHECK:     %[[A:.*]] = arith.addf %[[M]], %{{.*}} : vector<4xf32>
// CHECK:     %[[B:.*]] = math.absf %[[A]] : vector<4xf32>
// CHECK:     vector.store %[[B]], %arg2[%[[R]], %[[K]]] : memref<5x28xf32>, vector<4xf32>
// CHECK:   scf.reduce
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

// reduce seq with a vector accumulator in iter_args; reduce unroll and
// map unroll are fully unrolled (no loop, constant lanes and indices).
// CHECK-LABEL: func.func @vec_dot_unroll
// CHECK: %[[ACC:.*]] = affine.for %{{.*}} = 0 to 5 iter_args(%[[C:.*]] = %{{.*}}) -> (vector<4xf32>) {
// CHECK:   vector.load %arg0
// CHECK:   vector.load %arg1
// CHECK:   arith.mulf %{{.*}} : vector<4xf32>
// CHECK:   arith.addf %[[C]], %{{.*}} : vector<4xf32>
// CHECK:   affine.yield
// CHECK: vector.extract %[[ACC]][0] : f32 from vector<4xf32>
// CHECK: vector.extract %[[ACC]][1] : f32 from vector<4xf32>
// CHECK: vector.extract %[[ACC]][2] : f32 from vector<4xf32>
// CHECK: vector.extract %[[ACC]][3] : f32 from vector<4xf32>
// CHECK-NOT: affine.for
// CHECK: affine.store %{{.*}}, %arg2[%{{.*}}] : memref<3xf32>
// CHECK: affine.store %{{.*}}, %arg2[%{{.*}}] : memref<3xf32>
// CHECK: affine.store %{{.*}}, %arg2[%{{.*}}] : memref<3xf32>
// CHECK-NEXT: return
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

// a pair accumulator is two iter_args.
// CHECK-LABEL: func.func @pair_acc
// CHECK: %{{.*}}:2 = affine.for %{{.*}} = 0 to 13 iter_args(%[[S:.*]] = %{{.*}}, %[[M:.*]] = %{{.*}}) -> (f32, f32) {
// CHECK:   arith.addf %[[S]]
// CHECK:   arith.maximumf %[[M]]
// CHECK:   affine.yield
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

// a map read by slide is buffered once (alloc at the function start,
// dealloc at the end); a map par read by another map is buffered too, so
// its loop stays parallel.
// CHECK-LABEL: func.func @materialise
// CHECK-DAG: %[[P:.*]] = memref.alloc() : memref<7xf32>
// CHECK-DAG: %[[SQ:.*]] = memref.alloc() : memref<9xf32>
// CHECK: affine.for %[[I:.*]] = 0 to 9 {
// CHECK:   arith.mulf
// CHECK:   affine.store %{{.*}}, %[[SQ]][%[[I]]]
// CHECK: scf.parallel
// CHECK:   affine.for %{{.*}} = 0 to 3 iter_args
// CHECK:     memref.load %[[SQ]]
// CHECK:   memref.store %{{.*}}, %[[P]]
// CHECK: affine.for %[[J:.*]] = 0 to 7 {
// CHECK:   affine.load %[[P]][%[[J]]]
// CHECK:   arith.divf
// CHECK-DAG: memref.dealloc %[[P]]
// CHECK-DAG: memref.dealloc %[[SQ]]
// CHECK: return
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

// to_mem global -> memref.alloc hoisted to the function; private and
// local inside a par body -> memref.alloca at the start of that body
// (buffers stay per-thread).
// CHECK-LABEL: func.func @to_mem
// CHECK: %[[G:.*]] = memref.alloc() : memref<6x5xf32>
// CHECK: affine.for
// CHECK:   affine.for
// CHECK:     affine.store %{{.*}}, %[[G]]
// CHECK: scf.parallel
// CHECK-NEXT: memref.alloca() : memref<5xf32>
// CHECK-NEXT: memref.alloca() : memref<5xf32>
// CHECK: scf.reduce
// CHECK: memref.dealloc %[[G]]
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

// circular_buffer: a ring of 5 slots; size-1 = 2 slots are loaded before
// the loop, iteration i loads slot (i + 2) mod 5 and window element j is
// slot (i + j) mod 5.
// CHECK-LABEL: func.func @circular
// CHECK: %[[RING:.*]] = memref.alloc() : memref<5xf32>
// CHECK: affine.store %{{.*}}, %[[RING]][%{{.*}}] : memref<5xf32>
// CHECK: affine.store %{{.*}}, %[[RING]][%{{.*}}] : memref<5xf32>
// CHECK: affine.for %[[I:.*]] = 0 to 15 {
// CHECK:   %[[K:.*]] = affine.apply #[[PLUS2:.*]](%[[I]])
// CHECK:   affine.load %arg0[%[[K]]] : memref<17xf32>
// CHECK:   %[[SLOT:.*]] = affine.apply #[[MOD5:.*]](%[[K]])
// CHECK:   affine.store %{{.*}}, %[[RING]][%[[SLOT]]] : memref<5xf32>
// CHECK:   affine.for %[[J:.*]] = 0 to 3 iter_args
// CHECK:     %[[IJ:.*]] = affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK:     %[[S2:.*]] = affine.apply #[[MOD5]](%[[IJ]])
// CHECK:     affine.load %[[RING]][%[[S2]]] : memref<5xf32>
// CHECK: memref.dealloc %[[RING]]
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

// rotate_values: the 3 older values ride in iter_args, one load per
// iteration.
// CHECK-LABEL: func.func @rotate
// CHECK: %{{.*}}:3 = affine.for %[[I:.*]] = 0 to 9 iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}, %[[C:.*]] = %{{.*}}) -> (f32, f32, f32) {
// CHECK:   %[[N:.*]] = affine.load %arg0[%{{.*}}] : memref<12xf32>
// CHECK-NOT: affine.load %arg0
// CHECK:   affine.store %{{.*}}, %arg1[%[[I]]] : memref<9xf32>
// CHECK:   affine.yield %[[B]], %[[C]], %[[N]] : f32, f32, f32
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

// kernel and GPU maps lower like seq on the CPU.
// CHECK-LABEL: func.func @kernel
// CHECK: affine.for %{{.*}} = 0 to 3 {
// CHECK:   affine.for %{{.*}} = 0 to 2 {
// CHECK:     affine.for %{{.*}} = 0 to 4 {
// CHECK:       math.exp
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

// Past 64 trips, unroll keeps a loop marked for unrolling.
// CHECK-LABEL: func.func @long_unroll
// CHECK: affine.for %{{.*}} = 0 to 100 iter_args
// CHECK: } {rise.unroll}
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

// A circular buffer read by a par map is not streamed (iterations are
// independent): each window element is loaded through `load` directly.
// CHECK-LABEL: func.func @circular_par
// CHECK-NOT: memref.alloc
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK:   memref.load %arg0[%[[I]]] : memref<10xf32>
// CHECK:   math.absf
// CHECK:   arith.addi %[[I]], %{{.*}} : index
// CHECK:   math.absf
// CHECK:   math.absf
// CHECK:   memref.store %{{.*}}, %arg1[%[[I]]] : memref<8xf32>
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

// CHECK-LABEL: func.func @materialise_rules
// CHECK: %[[SQ:.*]] = memref.alloc() : memref<4x6xf32>
// CHECK-NOT: memref.alloc
// CHECK: affine.for
// CHECK:   affine.for
// CHECK:     arith.mulf
// CHECK:     affine.store %{{.*}}, %[[SQ]]
// CHECK: affine.for
// CHECK:   affine.for
// CHECK:     affine.for %{{.*}} = 0 to 3 iter_args
// CHECK:       affine.load %[[SQ]]
// CHECK-NOT: memref.alloc
// CHECK: memref.dealloc %[[SQ]]
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
