// Inputs of codefeat_test (runtime/codefeat.h): small programs whose code
// features are counted by hand from their lowered form (the test's
// comments show the loops ariCodeFeatPipeline() leaves).

func.func @dot(%a: memref<64xf32>, %b: memref<64xf32>, %y: memref<f32>) {
  %x = rise.in %a : memref<64xf32> -> !rise.array<64xf32>
  %w = rise.in %b : memref<64xf32> -> !rise.array<64xf32>
  %zero = arith.constant 0.0 : f32
  %z = rise.zip %x, %w : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
  %pr = rise.map %z : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    rise.yield %m : f32
  }
  %s = rise.reduce %zero, %pr : f32, !rise.array<64xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %n = arith.addf %acc, %v : f32
    rise.yield %n : f32
  }
  rise.out %s, %y : f32, memref<f32>
  return
}

func.func @mv(%A: memref<8x16xf32>, %x: memref<16xf32>, %y: memref<8xf32>) {
  %mat = rise.in %A : memref<8x16xf32> -> !rise.array<8x16xf32>
  %vec = rise.in %x : memref<16xf32> -> !rise.array<16xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.map %mat : !rise.array<8x16xf32> -> !rise.array<8xf32> {
  ^bb0(%row: !rise.array<16xf32>):
    %z = rise.zip %row, %vec : !rise.array<16xf32>, !rise.array<16xf32> -> !rise.array<16x!rise.pair<f32, f32>>
    %pr = rise.map %z : !rise.array<16x!rise.pair<f32, f32>> -> !rise.array<16xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      rise.yield %m : f32
    }
    %s = rise.reduce %zero, %pr : f32, !rise.array<16xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %n = arith.addf %acc, %v : f32
      rise.yield %n : f32
    }
    rise.yield %s : f32
  }
  rise.out %res, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

func.func @tr(%A: memref<8x16xf32>, %B: memref<16x8xf32>) {
  %a = rise.in %A : memref<8x16xf32> -> !rise.array<8x16xf32>
  %t = rise.transpose %a : !rise.array<8x16xf32> -> !rise.array<16x8xf32>
  rise.out %t, %B : !rise.array<16x8xf32>, memref<16x8xf32>
  return
}

func.func @par(%A: memref<8x16xf32>, %B: memref<8x16xf32>) {
  %a = rise.in %A : memref<8x16xf32> -> !rise.array<8x16xf32>
  %r = rise.map par %a : !rise.array<8x16xf32> -> !rise.array<8x16xf32> {
  ^bb0(%row: !rise.array<16xf32>):
    %e = rise.map %row : !rise.array<16xf32> -> !rise.array<16xf32> {
    ^bb0(%v: f32):
      %d = arith.divf %v, %v : f32
      rise.yield %d : f32
    }
    rise.yield %e : !rise.array<16xf32>
  }
  rise.out %r, %B : !rise.array<8x16xf32>, memref<8x16xf32>
  return
}

func.func @vec(%A: memref<32xf32>, %B: memref<32xf32>) {
  %a = rise.in %A : memref<32xf32> -> !rise.array<32xf32>
  %v = rise.as_vector 4 %a : !rise.array<32xf32> -> !rise.array<8xvector<4xf32>>
  %m = rise.map %v : !rise.array<8xvector<4xf32>> -> !rise.array<8xvector<4xf32>> {
  ^bb0(%e: vector<4xf32>):
    %s = math.exp %e : vector<4xf32>
    %p = arith.mulf %s, %e : vector<4xf32>
    rise.yield %p : vector<4xf32>
  }
  %r = rise.as_scalar %m : !rise.array<8xvector<4xf32>> -> !rise.array<32xf32>
  rise.out %r, %B : !rise.array<32xf32>, memref<32xf32>
  return
}

func.func @tomem(%A: memref<8x16xf32>, %y: memref<8xf32>) {
  %a = rise.in %A : memref<8x16xf32> -> !rise.array<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.map par %a : !rise.array<8x16xf32> -> !rise.array<8xf32> {
  ^bb0(%row: !rise.array<16xf32>):
    %sq = rise.map %row : !rise.array<16xf32> -> !rise.array<16xf32> {
    ^bb0(%v: f32):
      %q = arith.mulf %v, %v : f32
      rise.yield %q : f32
    }
    %p = rise.to_mem private %sq : !rise.array<16xf32>
    %s = rise.reduce %zero, %p : f32, !rise.array<16xf32> -> f32 {
    ^bb0(%acc: f32, %e: f32):
      %n = arith.addf %acc, %e : f32
      rise.yield %n : f32
    }
    rise.yield %s : f32
  }
  rise.out %res, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// The same reduction of private copies in a sequential map: LICM hoists
// the alloca out of the loop, so nothing is allocated inside one.
func.func @tomem_seq(%A: memref<8x16xf32>, %y: memref<8xf32>) {
  %a = rise.in %A : memref<8x16xf32> -> !rise.array<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.map %a : !rise.array<8x16xf32> -> !rise.array<8xf32> {
  ^bb0(%row: !rise.array<16xf32>):
    %sq = rise.map %row : !rise.array<16xf32> -> !rise.array<16xf32> {
    ^bb0(%v: f32):
      %q = arith.mulf %v, %v : f32
      rise.yield %q : f32
    }
    %p = rise.to_mem private %sq : !rise.array<16xf32>
    %s = rise.reduce %zero, %p : f32, !rise.array<16xf32> -> f32 {
    ^bb0(%acc: f32, %e: f32):
      %n = arith.addf %acc, %e : f32
      rise.yield %n : f32
    }
    rise.yield %s : f32
  }
  rise.out %res, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// Does not lower: convert-rise-to-affine takes no rise value out of a
// function but through rise.out.
func.func @bad(%A: memref<8xf32>) -> !rise.array<8xf32> {
  %a = rise.in %A : memref<8xf32> -> !rise.array<8xf32>
  return %a : !rise.array<8xf32>
}
