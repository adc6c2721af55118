// Views: every element read is index arithmetic on the input memref.
// Odd sizes throughout. Run by lower_test against the interpreter.

// split 3 then transpose then join: out[j*5 + i] = x[i*3 + j]
func.func @split_transpose_join(%x: memref<15xf32>, %o: memref<15xf32>) {
  %a = rise.in %x : memref<15xf32> -> !rise.array<15xf32>
  %s = rise.split 3 %a : !rise.array<15xf32> -> !rise.array<5x3xf32>
  %t = rise.transpose %s : !rise.array<5x3xf32> -> !rise.array<3x5xf32>
  %j = rise.join %t : !rise.array<3x5xf32> -> !rise.array<15xf32>
  rise.out %j, %o : !rise.array<15xf32>, memref<15xf32>
  return
}

// 2-D transpose read through a map (no acceptor rewrite for the read side)
func.func @transpose_map(%x: memref<3x7xf32>, %o: memref<7x3xf32>) {
  %a = rise.in %x : memref<3x7xf32> -> !rise.array<3x7xf32>
  %t = rise.transpose %a : !rise.array<3x7xf32> -> !rise.array<7x3xf32>
  %m = rise.map %t : !rise.array<7x3xf32> -> !rise.array<7x3xf32> {
  ^bb0(%row: !rise.array<3xf32>):
    %r = rise.map %row : !rise.array<3xf32> -> !rise.array<3xf32> {
    ^bb0(%e: f32):
      %c = arith.constant 3.0 : f32
      %y = arith.mulf %e, %c : f32
      rise.yield %y : f32
    }
    rise.yield %r : !rise.array<3xf32>
  }
  rise.out %m, %o : !rise.array<7x3xf32>, memref<7x3xf32>
  return
}

// slide 3 2 with a sum per window: 11 = 2*4 + 3
func.func @slide_sum(%x: memref<11xf32>, %o: memref<5xf32>) {
  %a = rise.in %x : memref<11xf32> -> !rise.array<11xf32>
  %w = rise.slide 3, 2 %a : !rise.array<11xf32> -> !rise.array<5x3xf32>
  %z = arith.constant 0.0 : f32
  %m = rise.map %w : !rise.array<5x3xf32> -> !rise.array<5xf32> {
  ^bb0(%win: !rise.array<3xf32>):
    %s = rise.reduce %z, %win : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc: f32, %e: f32):
      %t = arith.addf %acc, %e : f32
      rise.yield %t : f32
    }
    rise.yield %s : f32
  }
  rise.out %m, %o : !rise.array<5xf32>, memref<5xf32>
  return
}

// pad_cst and pad_clamp of odd lengths, written directly
func.func @pads(%x: memref<7xf32>, %c: f32, %o: memref<12xf32>) {
  %a = rise.in %x : memref<7xf32> -> !rise.array<7xf32>
  %p = rise.pad_cst 2, 1 %a, %c : !rise.array<7xf32>, f32 -> !rise.array<10xf32>
  %q = rise.pad_clamp 1, 1 %p : !rise.array<10xf32> -> !rise.array<12xf32>
  rise.out %q, %o : !rise.array<12xf32>, memref<12xf32>
  return
}

// pad_cst of rows (array elements padded with a generated row)
func.func @pad_rows(%x: memref<3x5xf32>, %o: memref<5x5xf32>) {
  %a = rise.in %x : memref<3x5xf32> -> !rise.array<3x5xf32>
  %zrow = rise.generate : !rise.array<5xf32> {
  ^bb0(%i: index):
    %c = arith.constant -2.0 : f32
    rise.yield %c : f32
  }
  %p = rise.pad_cst 1, 1 %a, %zrow : !rise.array<3x5xf32>, !rise.array<5xf32> -> !rise.array<5x5xf32>
  rise.out %p, %o : !rise.array<5x5xf32>, memref<5x5xf32>
  return
}

// zip, unzip, pair, fst, snd
func.func @zip_unzip(%x: memref<9xf32>, %y: memref<9xf32>, %o: memref<9xf32>) {
  %a = rise.in %x : memref<9xf32> -> !rise.array<9xf32>
  %b = rise.in %y : memref<9xf32> -> !rise.array<9xf32>
  %z = rise.zip %a, %b : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
  %sw = rise.map %z : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9x!rise.pair<f32, f32>> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %f = rise.fst %p : !rise.pair<f32, f32> -> f32
    %s = rise.snd %p : !rise.pair<f32, f32> -> f32
    %d = arith.subf %f, %s : f32
    %q = rise.pair %d, %f : f32, f32 -> !rise.pair<f32, f32>
    rise.yield %q : !rise.pair<f32, f32>
  }
  %u:2 = rise.unzip %sw : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32>, !rise.array<9xf32>
  %z2 = rise.zip %u#1, %u#0 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
  %m = rise.map %z2 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %f = rise.fst %p : !rise.pair<f32, f32> -> f32
    %s = rise.snd %p : !rise.pair<f32, f32> -> f32
    %d = arith.mulf %f, %s : f32
    rise.yield %d : f32
  }
  rise.out %m, %o : !rise.array<9xf32>, memref<9xf32>
  return
}

// idx with a dynamic index (a function argument in 0..7) and a computed one
func.func @idx_dynamic(%x: memref<9x3xf32>, %k: index, %o: memref<3xf32>) {
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

// a 2-D literal and generate over i32
func.func @literal_generate(%x: memref<2x3xi32>, %o: memref<2x3xi32>) {
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
