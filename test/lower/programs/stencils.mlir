// Stencils for border peeling and the strength reduction of reduces over
// joins (rise_to_affine.h): pads of width 0 and 1, on one side and both,
// nested pads, windows larger than the array (no interior), slides with
// step > 1, odd sizes, map par, 2-D windows flattened with join (zipped
// with a flat array and with a join of another shape), and reads of pads
// outside map loops (a reduce over a padded array). lower.differential
// compares each with the interpreter; lower.differential.fma also with
// fma=true, where the map's mulf fuses into the reduce's addf.

// width 0: no border
func.func @pad0(%xm: memref<9xf32>, %wm: memref<3xf32>, %c: f32, %o: memref<7xf32>) {
  %x = rise.in %xm : memref<9xf32> -> !rise.array<9xf32>
  %wts = rise.in %wm : memref<3xf32> -> !rise.array<3xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_clamp 0, 0 %x : !rise.array<9xf32> -> !rise.array<9xf32>
  %nbh = rise.slide 3, 1 %pad1 : !rise.array<9xf32> -> !rise.array<7x3xf32>
  %res = rise.map %nbh : !rise.array<7x3xf32> -> !rise.array<7xf32> {
  ^bb0(%win: !rise.array<3xf32>):
    %z2 = rise.zip %win, %wts : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %prod3 = rise.map %z2 : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
    ^bb0(%p5: !rise.pair<f32, f32>):
      %l6 = rise.fst %p5 : !rise.pair<f32, f32> -> f32
      %r7 = rise.snd %p5 : !rise.pair<f32, f32> -> f32
      %m8 = arith.mulf %l6, %r7 : f32
      rise.yield %m8 : f32
    }
    %sum4 = rise.reduce %zero, %prod3 : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc9: f32, %v10: f32):
      %s11 = arith.addf %acc9, %v10 : f32
      rise.yield %s11 : f32
    }
    rise.yield %sum4 : f32
  }
  rise.out %res, %o : !rise.array<7xf32>, memref<7xf32>
  return
}

// pad_cst on the left only
func.func @cst_left1(%xm: memref<9xf32>, %wm: memref<2xf32>, %c: f32, %o: memref<9xf32>) {
  %x = rise.in %xm : memref<9xf32> -> !rise.array<9xf32>
  %wts = rise.in %wm : memref<2xf32> -> !rise.array<2xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_cst 1, 0 %x, %c : !rise.array<9xf32>, f32 -> !rise.array<10xf32>
  %nbh = rise.slide 2, 1 %pad1 : !rise.array<10xf32> -> !rise.array<9x2xf32>
  %res = rise.map %nbh : !rise.array<9x2xf32> -> !rise.array<9xf32> {
  ^bb0(%win: !rise.array<2xf32>):
    %z2 = rise.zip %win, %wts : !rise.array<2xf32>, !rise.array<2xf32> -> !rise.array<2x!rise.pair<f32, f32>>
    %prod3 = rise.map %z2 : !rise.array<2x!rise.pair<f32, f32>> -> !rise.array<2xf32> {
    ^bb0(%p5: !rise.pair<f32, f32>):
      %l6 = rise.fst %p5 : !rise.pair<f32, f32> -> f32
      %r7 = rise.snd %p5 : !rise.pair<f32, f32> -> f32
      %m8 = arith.mulf %l6, %r7 : f32
      rise.yield %m8 : f32
    }
    %sum4 = rise.reduce %zero, %prod3 : f32, !rise.array<2xf32> -> f32 {
    ^bb0(%acc9: f32, %v10: f32):
      %s11 = arith.addf %acc9, %v10 : f32
      rise.yield %s11 : f32
    }
    rise.yield %sum4 : f32
  }
  rise.out %res, %o : !rise.array<9xf32>, memref<9xf32>
  return
}

// pad_clamp on the right, step 2
func.func @clamp_right1(%xm: memref<10xf32>, %wm: memref<3xf32>, %c: f32, %o: memref<5xf32>) {
  %x = rise.in %xm : memref<10xf32> -> !rise.array<10xf32>
  %wts = rise.in %wm : memref<3xf32> -> !rise.array<3xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_clamp 0, 1 %x : !rise.array<10xf32> -> !rise.array<11xf32>
  %nbh = rise.slide 3, 2 %pad1 : !rise.array<11xf32> -> !rise.array<5x3xf32>
  %res = rise.map %nbh : !rise.array<5x3xf32> -> !rise.array<5xf32> {
  ^bb0(%win: !rise.array<3xf32>):
    %z2 = rise.zip %win, %wts : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %prod3 = rise.map %z2 : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
    ^bb0(%p5: !rise.pair<f32, f32>):
      %l6 = rise.fst %p5 : !rise.pair<f32, f32> -> f32
      %r7 = rise.snd %p5 : !rise.pair<f32, f32> -> f32
      %m8 = arith.mulf %l6, %r7 : f32
      rise.yield %m8 : f32
    }
    %sum4 = rise.reduce %zero, %prod3 : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc9: f32, %v10: f32):
      %s11 = arith.addf %acc9, %v10 : f32
      rise.yield %s11 : f32
    }
    rise.yield %sum4 : f32
  }
  rise.out %res, %o : !rise.array<5xf32>, memref<5xf32>
  return
}

// the 7-tap zero-padded convolution, odd size
func.func @cst_both(%xm: memref<13xf32>, %wm: memref<7xf32>, %c: f32, %o: memref<13xf32>) {
  %x = rise.in %xm : memref<13xf32> -> !rise.array<13xf32>
  %wts = rise.in %wm : memref<7xf32> -> !rise.array<7xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_cst 3, 3 %x, %c : !rise.array<13xf32>, f32 -> !rise.array<19xf32>
  %nbh = rise.slide 7, 1 %pad1 : !rise.array<19xf32> -> !rise.array<13x7xf32>
  %res = rise.map %nbh : !rise.array<13x7xf32> -> !rise.array<13xf32> {
  ^bb0(%win: !rise.array<7xf32>):
    %z2 = rise.zip %win, %wts : !rise.array<7xf32>, !rise.array<7xf32> -> !rise.array<7x!rise.pair<f32, f32>>
    %prod3 = rise.map %z2 : !rise.array<7x!rise.pair<f32, f32>> -> !rise.array<7xf32> {
    ^bb0(%p5: !rise.pair<f32, f32>):
      %l6 = rise.fst %p5 : !rise.pair<f32, f32> -> f32
      %r7 = rise.snd %p5 : !rise.pair<f32, f32> -> f32
      %m8 = arith.mulf %l6, %r7 : f32
      rise.yield %m8 : f32
    }
    %sum4 = rise.reduce %zero, %prod3 : f32, !rise.array<7xf32> -> f32 {
    ^bb0(%acc9: f32, %v10: f32):
      %s11 = arith.addf %acc9, %v10 : f32
      rise.yield %s11 : f32
    }
    rise.yield %sum4 : f32
  }
  rise.out %res, %o : !rise.array<13xf32>, memref<13xf32>
  return
}

// window wider than the array: no interior
func.func @wide_window(%xm: memref<3xf32>, %wm: memref<9xf32>, %c: f32, %o: memref<3xf32>) {
  %x = rise.in %xm : memref<3xf32> -> !rise.array<3xf32>
  %wts = rise.in %wm : memref<9xf32> -> !rise.array<9xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_clamp 4, 4 %x : !rise.array<3xf32> -> !rise.array<11xf32>
  %nbh = rise.slide 9, 1 %pad1 : !rise.array<11xf32> -> !rise.array<3x9xf32>
  %res = rise.map %nbh : !rise.array<3x9xf32> -> !rise.array<3xf32> {
  ^bb0(%win: !rise.array<9xf32>):
    %z2 = rise.zip %win, %wts : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
    %prod3 = rise.map %z2 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
    ^bb0(%p5: !rise.pair<f32, f32>):
      %l6 = rise.fst %p5 : !rise.pair<f32, f32> -> f32
      %r7 = rise.snd %p5 : !rise.pair<f32, f32> -> f32
      %m8 = arith.mulf %l6, %r7 : f32
      rise.yield %m8 : f32
    }
    %sum4 = rise.reduce %zero, %prod3 : f32, !rise.array<9xf32> -> f32 {
    ^bb0(%acc9: f32, %v10: f32):
      %s11 = arith.addf %acc9, %v10 : f32
      rise.yield %s11 : f32
    }
    rise.yield %sum4 : f32
  }
  rise.out %res, %o : !rise.array<3xf32>, memref<3xf32>
  return
}

// zero padding wider than the array
func.func @wide_cst(%xm: memref<2xf32>, %wm: memref<7xf32>, %c: f32, %o: memref<6xf32>) {
  %x = rise.in %xm : memref<2xf32> -> !rise.array<2xf32>
  %wts = rise.in %wm : memref<7xf32> -> !rise.array<7xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_cst 5, 5 %x, %c : !rise.array<2xf32>, f32 -> !rise.array<12xf32>
  %nbh = rise.slide 7, 1 %pad1 : !rise.array<12xf32> -> !rise.array<6x7xf32>
  %res = rise.map %nbh : !rise.array<6x7xf32> -> !rise.array<6xf32> {
  ^bb0(%win: !rise.array<7xf32>):
    %z2 = rise.zip %win, %wts : !rise.array<7xf32>, !rise.array<7xf32> -> !rise.array<7x!rise.pair<f32, f32>>
    %prod3 = rise.map %z2 : !rise.array<7x!rise.pair<f32, f32>> -> !rise.array<7xf32> {
    ^bb0(%p5: !rise.pair<f32, f32>):
      %l6 = rise.fst %p5 : !rise.pair<f32, f32> -> f32
      %r7 = rise.snd %p5 : !rise.pair<f32, f32> -> f32
      %m8 = arith.mulf %l6, %r7 : f32
      rise.yield %m8 : f32
    }
    %sum4 = rise.reduce %zero, %prod3 : f32, !rise.array<7xf32> -> f32 {
    ^bb0(%acc9: f32, %v10: f32):
      %s11 = arith.addf %acc9, %v10 : f32
      rise.yield %s11 : f32
    }
    rise.yield %sum4 : f32
  }
  rise.out %res, %o : !rise.array<6xf32>, memref<6xf32>
  return
}

// step 3 over a padded array
func.func @step3(%xm: memref<10xf32>, %wm: memref<3xf32>, %c: f32, %o: memref<5xf32>) {
  %x = rise.in %xm : memref<10xf32> -> !rise.array<10xf32>
  %wts = rise.in %wm : memref<3xf32> -> !rise.array<3xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_cst 2, 3 %x, %c : !rise.array<10xf32>, f32 -> !rise.array<15xf32>
  %nbh = rise.slide 3, 3 %pad1 : !rise.array<15xf32> -> !rise.array<5x3xf32>
  %res = rise.map %nbh : !rise.array<5x3xf32> -> !rise.array<5xf32> {
  ^bb0(%win: !rise.array<3xf32>):
    %z2 = rise.zip %win, %wts : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %prod3 = rise.map %z2 : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
    ^bb0(%p5: !rise.pair<f32, f32>):
      %l6 = rise.fst %p5 : !rise.pair<f32, f32> -> f32
      %r7 = rise.snd %p5 : !rise.pair<f32, f32> -> f32
      %m8 = arith.mulf %l6, %r7 : f32
      rise.yield %m8 : f32
    }
    %sum4 = rise.reduce %zero, %prod3 : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc9: f32, %v10: f32):
      %s11 = arith.addf %acc9, %v10 : f32
      rise.yield %s11 : f32
    }
    rise.yield %sum4 : f32
  }
  rise.out %res, %o : !rise.array<5xf32>, memref<5xf32>
  return
}

// pad_clamp of pad_cst
func.func @nested(%xm: memref<11xf32>, %wm: memref<4xf32>, %c: f32, %o: memref<14xf32>) {
  %x = rise.in %xm : memref<11xf32> -> !rise.array<11xf32>
  %wts = rise.in %wm : memref<4xf32> -> !rise.array<4xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_cst 2, 1 %x, %c : !rise.array<11xf32>, f32 -> !rise.array<14xf32>
  %pad2 = rise.pad_clamp 1, 2 %pad1 : !rise.array<14xf32> -> !rise.array<17xf32>
  %nbh = rise.slide 4, 1 %pad2 : !rise.array<17xf32> -> !rise.array<14x4xf32>
  %res = rise.map %nbh : !rise.array<14x4xf32> -> !rise.array<14xf32> {
  ^bb0(%win: !rise.array<4xf32>):
    %z3 = rise.zip %win, %wts : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
    %prod4 = rise.map %z3 : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
    ^bb0(%p6: !rise.pair<f32, f32>):
      %l7 = rise.fst %p6 : !rise.pair<f32, f32> -> f32
      %r8 = rise.snd %p6 : !rise.pair<f32, f32> -> f32
      %m9 = arith.mulf %l7, %r8 : f32
      rise.yield %m9 : f32
    }
    %sum5 = rise.reduce %zero, %prod4 : f32, !rise.array<4xf32> -> f32 {
    ^bb0(%acc10: f32, %v11: f32):
      %s12 = arith.addf %acc10, %v11 : f32
      rise.yield %s12 : f32
    }
    rise.yield %sum5 : f32
  }
  rise.out %res, %o : !rise.array<14xf32>, memref<14xf32>
  return
}

// three nested pads, step 2
func.func @nested_cst(%xm: memref<6xf32>, %wm: memref<5xf32>, %c: f32, %o: memref<5xf32>) {
  %x = rise.in %xm : memref<6xf32> -> !rise.array<6xf32>
  %wts = rise.in %wm : memref<5xf32> -> !rise.array<5xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_clamp 1, 1 %x : !rise.array<6xf32> -> !rise.array<8xf32>
  %pad2 = rise.pad_cst 2, 2 %pad1, %c : !rise.array<8xf32>, f32 -> !rise.array<12xf32>
  %pad3 = rise.pad_cst 1, 0 %pad2, %c : !rise.array<12xf32>, f32 -> !rise.array<13xf32>
  %nbh = rise.slide 5, 2 %pad3 : !rise.array<13xf32> -> !rise.array<5x5xf32>
  %res = rise.map %nbh : !rise.array<5x5xf32> -> !rise.array<5xf32> {
  ^bb0(%win: !rise.array<5xf32>):
    %z4 = rise.zip %win, %wts : !rise.array<5xf32>, !rise.array<5xf32> -> !rise.array<5x!rise.pair<f32, f32>>
    %prod5 = rise.map %z4 : !rise.array<5x!rise.pair<f32, f32>> -> !rise.array<5xf32> {
    ^bb0(%p7: !rise.pair<f32, f32>):
      %l8 = rise.fst %p7 : !rise.pair<f32, f32> -> f32
      %r9 = rise.snd %p7 : !rise.pair<f32, f32> -> f32
      %m10 = arith.mulf %l8, %r9 : f32
      rise.yield %m10 : f32
    }
    %sum6 = rise.reduce %zero, %prod5 : f32, !rise.array<5xf32> -> f32 {
    ^bb0(%acc11: f32, %v12: f32):
      %s13 = arith.addf %acc11, %v12 : f32
      rise.yield %s13 : f32
    }
    rise.yield %sum6 : f32
  }
  rise.out %res, %o : !rise.array<5xf32>, memref<5xf32>
  return
}

// map par: the peeled loops are scf.parallel
func.func @par1(%xm: memref<17xf32>, %wm: memref<5xf32>, %c: f32, %o: memref<17xf32>) {
  %x = rise.in %xm : memref<17xf32> -> !rise.array<17xf32>
  %wts = rise.in %wm : memref<5xf32> -> !rise.array<5xf32>
  %zero = arith.constant 0.0 : f32
  %pad1 = rise.pad_cst 2, 2 %x, %c : !rise.array<17xf32>, f32 -> !rise.array<21xf32>
  %nbh = rise.slide 5, 1 %pad1 : !rise.array<21xf32> -> !rise.array<17x5xf32>
  %res = rise.map par %nbh : !rise.array<17x5xf32> -> !rise.array<17xf32> {
  ^bb0(%win: !rise.array<5xf32>):
    %z2 = rise.zip %win, %wts : !rise.array<5xf32>, !rise.array<5xf32> -> !rise.array<5x!rise.pair<f32, f32>>
    %prod3 = rise.map %z2 : !rise.array<5x!rise.pair<f32, f32>> -> !rise.array<5xf32> {
    ^bb0(%p5: !rise.pair<f32, f32>):
      %l6 = rise.fst %p5 : !rise.pair<f32, f32> -> f32
      %r7 = rise.snd %p5 : !rise.pair<f32, f32> -> f32
      %m8 = arith.mulf %l6, %r7 : f32
      rise.yield %m8 : f32
    }
    %sum4 = rise.reduce %zero, %prod3 : f32, !rise.array<5xf32> -> f32 {
    ^bb0(%acc9: f32, %v10: f32):
      %s11 = arith.addf %acc9, %v10 : f32
      rise.yield %s11 : f32
    }
    rise.yield %sum4 : f32
  }
  rise.out %res, %o : !rise.array<17xf32>, memref<17xf32>
  return
}

// 5x5 clamped blur, flattened window
func.func @blur2d(%xm: memref<7x9xf32>, %wm: memref<5x5xf32>, %c: f32, %o: memref<7x9xf32>) {
  %x = rise.in %xm : memref<7x9xf32> -> !rise.array<7x9xf32>
  %w2 = rise.in %wm : memref<5x5xf32> -> !rise.array<5x5xf32>
  %wts = rise.join %w2 : !rise.array<5x5xf32> -> !rise.array<25xf32>
  %zero = arith.constant 0.0 : f32
  %pc = rise.map %x : !rise.array<7x9xf32> -> !rise.array<7x13xf32> {
  ^bb0(%row: !rise.array<9xf32>):
    %pad1 = rise.pad_clamp 2, 2 %row : !rise.array<9xf32> -> !rise.array<13xf32>
    rise.yield %pad1 : !rise.array<13xf32>
  }
  %rpad2 = rise.pad_clamp 2, 2 %pc : !rise.array<7x13xf32> -> !rise.array<11x13xf32>
  %nr = rise.map %rpad2 : !rise.array<11x13xf32> -> !rise.array<11x9x5xf32> {
  ^bb0(%r2: !rise.array<13xf32>):
    %sl = rise.slide 5, 1 %r2 : !rise.array<13xf32> -> !rise.array<9x5xf32>
    rise.yield %sl : !rise.array<9x5xf32>
  }
  %nc = rise.slide 5, 1 %nr : !rise.array<11x9x5xf32> -> !rise.array<7x5x9x5xf32>
  %nb = rise.map %nc : !rise.array<7x5x9x5xf32> -> !rise.array<7x9x5x5xf32> {
  ^bb0(%band: !rise.array<5x9x5xf32>):
    %t = rise.transpose %band : !rise.array<5x9x5xf32> -> !rise.array<9x5x5xf32>
    rise.yield %t : !rise.array<9x5x5xf32>
  }
  %res = rise.map %nb : !rise.array<7x9x5x5xf32> -> !rise.array<7x9xf32> {
  ^bb0(%line: !rise.array<9x5x5xf32>):
    %in = rise.map %line : !rise.array<9x5x5xf32> -> !rise.array<9xf32> {
    ^bb0(%win: !rise.array<5x5xf32>):
      %fl = rise.join %win : !rise.array<5x5xf32> -> !rise.array<25xf32>
      %z3 = rise.zip %fl, %wts : !rise.array<25xf32>, !rise.array<25xf32> -> !rise.array<25x!rise.pair<f32, f32>>
      %prod4 = rise.map %z3 : !rise.array<25x!rise.pair<f32, f32>> -> !rise.array<25xf32> {
      ^bb0(%p6: !rise.pair<f32, f32>):
        %l7 = rise.fst %p6 : !rise.pair<f32, f32> -> f32
        %r8 = rise.snd %p6 : !rise.pair<f32, f32> -> f32
        %m9 = arith.mulf %l7, %r8 : f32
        rise.yield %m9 : f32
      }
      %sum5 = rise.reduce %zero, %prod4 : f32, !rise.array<25xf32> -> f32 {
      ^bb0(%acc10: f32, %v11: f32):
        %s12 = arith.addf %acc10, %v11 : f32
        rise.yield %s12 : f32
      }
      rise.yield %sum5 : f32
    }
    rise.yield %in : !rise.array<9xf32>
  }
  rise.out %res, %o : !rise.array<7x9xf32>, memref<7x9xf32>
  return
}

// 3x3: rows clamped, columns zero, row step 2
func.func @mixed2d(%xm: memref<5x8xf32>, %wm: memref<3x3xf32>, %c: f32, %o: memref<3x8xf32>) {
  %x = rise.in %xm : memref<5x8xf32> -> !rise.array<5x8xf32>
  %w2 = rise.in %wm : memref<3x3xf32> -> !rise.array<3x3xf32>
  %wts = rise.join %w2 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %zero = arith.constant 0.0 : f32
  %pc = rise.map %x : !rise.array<5x8xf32> -> !rise.array<5x10xf32> {
  ^bb0(%row: !rise.array<8xf32>):
    %pad1 = rise.pad_cst 1, 1 %row, %c : !rise.array<8xf32>, f32 -> !rise.array<10xf32>
    rise.yield %pad1 : !rise.array<10xf32>
  }
  %rpad2 = rise.pad_clamp 1, 1 %pc : !rise.array<5x10xf32> -> !rise.array<7x10xf32>
  %nr = rise.map %rpad2 : !rise.array<7x10xf32> -> !rise.array<7x8x3xf32> {
  ^bb0(%r2: !rise.array<10xf32>):
    %sl = rise.slide 3, 1 %r2 : !rise.array<10xf32> -> !rise.array<8x3xf32>
    rise.yield %sl : !rise.array<8x3xf32>
  }
  %nc = rise.slide 3, 2 %nr : !rise.array<7x8x3xf32> -> !rise.array<3x3x8x3xf32>
  %nb = rise.map %nc : !rise.array<3x3x8x3xf32> -> !rise.array<3x8x3x3xf32> {
  ^bb0(%band: !rise.array<3x8x3xf32>):
    %t = rise.transpose %band : !rise.array<3x8x3xf32> -> !rise.array<8x3x3xf32>
    rise.yield %t : !rise.array<8x3x3xf32>
  }
  %res = rise.map %nb : !rise.array<3x8x3x3xf32> -> !rise.array<3x8xf32> {
  ^bb0(%line: !rise.array<8x3x3xf32>):
    %in = rise.map %line : !rise.array<8x3x3xf32> -> !rise.array<8xf32> {
    ^bb0(%win: !rise.array<3x3xf32>):
      %fl = rise.join %win : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %z3 = rise.zip %fl, %wts : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
      %prod4 = rise.map %z3 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
      ^bb0(%p6: !rise.pair<f32, f32>):
        %l7 = rise.fst %p6 : !rise.pair<f32, f32> -> f32
        %r8 = rise.snd %p6 : !rise.pair<f32, f32> -> f32
        %m9 = arith.mulf %l7, %r8 : f32
        rise.yield %m9 : f32
      }
      %sum5 = rise.reduce %zero, %prod4 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc10: f32, %v11: f32):
        %s12 = arith.addf %acc10, %v11 : f32
        rise.yield %s12 : f32
      }
      rise.yield %sum5 : f32
    }
    rise.yield %in : !rise.array<8xf32>
  }
  rise.out %res, %o : !rise.array<3x8xf32>, memref<3x8xf32>
  return
}

// window larger than the image, nested column pads, map par
func.func @tiny2d(%xm: memref<2x3xf32>, %wm: memref<5x5xf32>, %c: f32, %o: memref<2x3xf32>) {
  %x = rise.in %xm : memref<2x3xf32> -> !rise.array<2x3xf32>
  %w2 = rise.in %wm : memref<5x5xf32> -> !rise.array<5x5xf32>
  %wts = rise.join %w2 : !rise.array<5x5xf32> -> !rise.array<25xf32>
  %zero = arith.constant 0.0 : f32
  %pc = rise.map %x : !rise.array<2x3xf32> -> !rise.array<2x9xf32> {
  ^bb0(%row: !rise.array<3xf32>):
    %pad1 = rise.pad_cst 2, 2 %row, %c : !rise.array<3xf32>, f32 -> !rise.array<7xf32>
    %pad2 = rise.pad_clamp 1, 1 %pad1 : !rise.array<7xf32> -> !rise.array<9xf32>
    rise.yield %pad2 : !rise.array<9xf32>
  }
  %rpad3 = rise.pad_clamp 2, 2 %pc : !rise.array<2x9xf32> -> !rise.array<6x9xf32>
  %nr = rise.map %rpad3 : !rise.array<6x9xf32> -> !rise.array<6x3x5xf32> {
  ^bb0(%r2: !rise.array<9xf32>):
    %sl = rise.slide 5, 2 %r2 : !rise.array<9xf32> -> !rise.array<3x5xf32>
    rise.yield %sl : !rise.array<3x5xf32>
  }
  %nc = rise.slide 5, 1 %nr : !rise.array<6x3x5xf32> -> !rise.array<2x5x3x5xf32>
  %nb = rise.map %nc : !rise.array<2x5x3x5xf32> -> !rise.array<2x3x5x5xf32> {
  ^bb0(%band: !rise.array<5x3x5xf32>):
    %t = rise.transpose %band : !rise.array<5x3x5xf32> -> !rise.array<3x5x5xf32>
    rise.yield %t : !rise.array<3x5x5xf32>
  }
  %res = rise.map par %nb : !rise.array<2x3x5x5xf32> -> !rise.array<2x3xf32> {
  ^bb0(%line: !rise.array<3x5x5xf32>):
    %in = rise.map %line : !rise.array<3x5x5xf32> -> !rise.array<3xf32> {
    ^bb0(%win: !rise.array<5x5xf32>):
      %fl = rise.join %win : !rise.array<5x5xf32> -> !rise.array<25xf32>
      %z4 = rise.zip %fl, %wts : !rise.array<25xf32>, !rise.array<25xf32> -> !rise.array<25x!rise.pair<f32, f32>>
      %prod5 = rise.map %z4 : !rise.array<25x!rise.pair<f32, f32>> -> !rise.array<25xf32> {
      ^bb0(%p7: !rise.pair<f32, f32>):
        %l8 = rise.fst %p7 : !rise.pair<f32, f32> -> f32
        %r9 = rise.snd %p7 : !rise.pair<f32, f32> -> f32
        %m10 = arith.mulf %l8, %r9 : f32
        rise.yield %m10 : f32
      }
      %sum6 = rise.reduce %zero, %prod5 : f32, !rise.array<25xf32> -> f32 {
      ^bb0(%acc11: f32, %v12: f32):
        %s13 = arith.addf %acc11, %v12 : f32
        rise.yield %s13 : f32
      }
      rise.yield %sum6 : f32
    }
    rise.yield %in : !rise.array<3xf32>
  }
  rise.out %res, %o : !rise.array<2x3xf32>, memref<2x3xf32>
  return
}

// no pads: only the strength reduction
func.func @nopad2d(%xm: memref<6x6xf32>, %wm: memref<3x3xf32>, %c: f32, %o: memref<4x4xf32>) {
  %x = rise.in %xm : memref<6x6xf32> -> !rise.array<6x6xf32>
  %w2 = rise.in %wm : memref<3x3xf32> -> !rise.array<3x3xf32>
  %wts = rise.join %w2 : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %zero = arith.constant 0.0 : f32
  %pc = rise.map %x : !rise.array<6x6xf32> -> !rise.array<6x6xf32> {
  ^bb0(%row: !rise.array<6xf32>):
    rise.yield %row : !rise.array<6xf32>
  }
  %nr = rise.map %pc : !rise.array<6x6xf32> -> !rise.array<6x4x3xf32> {
  ^bb0(%r2: !rise.array<6xf32>):
    %sl = rise.slide 3, 1 %r2 : !rise.array<6xf32> -> !rise.array<4x3xf32>
    rise.yield %sl : !rise.array<4x3xf32>
  }
  %nc = rise.slide 3, 1 %nr : !rise.array<6x4x3xf32> -> !rise.array<4x3x4x3xf32>
  %nb = rise.map %nc : !rise.array<4x3x4x3xf32> -> !rise.array<4x4x3x3xf32> {
  ^bb0(%band: !rise.array<3x4x3xf32>):
    %t = rise.transpose %band : !rise.array<3x4x3xf32> -> !rise.array<4x3x3xf32>
    rise.yield %t : !rise.array<4x3x3xf32>
  }
  %res = rise.map %nb : !rise.array<4x4x3x3xf32> -> !rise.array<4x4xf32> {
  ^bb0(%line: !rise.array<4x3x3xf32>):
    %in = rise.map %line : !rise.array<4x3x3xf32> -> !rise.array<4xf32> {
    ^bb0(%win: !rise.array<3x3xf32>):
      %fl = rise.join %win : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %z1 = rise.zip %fl, %wts : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
      %prod2 = rise.map %z1 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
      ^bb0(%p4: !rise.pair<f32, f32>):
        %l5 = rise.fst %p4 : !rise.pair<f32, f32> -> f32
        %r6 = rise.snd %p4 : !rise.pair<f32, f32> -> f32
        %m7 = arith.mulf %l5, %r6 : f32
        rise.yield %m7 : f32
      }
      %sum3 = rise.reduce %zero, %prod2 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc8: f32, %v9: f32):
        %s10 = arith.addf %acc8, %v9 : f32
        rise.yield %s10 : f32
      }
      rise.yield %sum3 : f32
    }
    rise.yield %in : !rise.array<4xf32>
  }
  rise.out %res, %o : !rise.array<4x4xf32>, memref<4x4xf32>
  return
}

// a reduce over a padded array (not peeled: the pad reads stay clamped and
// selected, resolved where the range allows), and a map straight over one
func.func @reduce_pad(%xm: memref<6xf32>, %c: f32, %o: memref<f32>, %o2: memref<11xf32>) {
  %x = rise.in %xm : memref<6xf32> -> !rise.array<6xf32>
  %zero = arith.constant 0.0 : f32
  %p = rise.pad_cst 2, 3 %x, %c : !rise.array<6xf32>, f32 -> !rise.array<11xf32>
  %q = rise.pad_clamp 1, 1 %p : !rise.array<11xf32> -> !rise.array<13xf32>
  %s = rise.reduce %zero, %q : f32, !rise.array<13xf32> -> f32 {
  ^bb0(%a: f32, %v: f32):
    %t = arith.addf %a, %v : f32
    rise.yield %t : f32
  }
  %m = rise.map %p : !rise.array<11xf32> -> !rise.array<11xf32> {
  ^bb0(%v: f32):
    %t = arith.mulf %v, %c : f32
    rise.yield %t : f32
  }
  rise.out %s, %o : f32, memref<f32>
  rise.out %m, %o2 : !rise.array<11xf32>, memref<11xf32>
  return
}

// joins of different shapes zipped: the reduce is split by the first (3),
// the second (inner size 6) divides its index as before
func.func @join_shapes(%am: memref<4x3xf32>, %bm: memref<2x6xf32>, %cm: memref<12xf32>, %o: memref<f32>) {
  %a = rise.in %am : memref<4x3xf32> -> !rise.array<4x3xf32>
  %b = rise.in %bm : memref<2x6xf32> -> !rise.array<2x6xf32>
  %cc = rise.in %cm : memref<12xf32> -> !rise.array<12xf32>
  %aj = rise.join %a : !rise.array<4x3xf32> -> !rise.array<12xf32>
  %bj = rise.join %b : !rise.array<2x6xf32> -> !rise.array<12xf32>
  %zero = arith.constant 0.0 : f32
  %z = rise.zip %aj, %bj : !rise.array<12xf32>, !rise.array<12xf32> -> !rise.array<12x!rise.pair<f32, f32>>
  %z2 = rise.zip %z, %cc : !rise.array<12x!rise.pair<f32, f32>>, !rise.array<12xf32> -> !rise.array<12x!rise.pair<!rise.pair<f32, f32>, f32>>
  %pr = rise.map %z2 : !rise.array<12x!rise.pair<!rise.pair<f32, f32>, f32>> -> !rise.array<12xf32> {
  ^bb0(%e: !rise.pair<!rise.pair<f32, f32>, f32>):
    %ab = rise.fst %e : !rise.pair<!rise.pair<f32, f32>, f32> -> !rise.pair<f32, f32>
    %cv = rise.snd %e : !rise.pair<!rise.pair<f32, f32>, f32> -> f32
    %av = rise.fst %ab : !rise.pair<f32, f32> -> f32
    %bv = rise.snd %ab : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %av, %bv : f32
    %m2 = arith.mulf %m, %cv : f32
    rise.yield %m2 : f32
  }
  %s = rise.reduce %zero, %pr : f32, !rise.array<12xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %t = arith.addf %v, %acc : f32
    rise.yield %t : f32
  }
  rise.out %s, %o : f32, memref<f32>
  return
}
