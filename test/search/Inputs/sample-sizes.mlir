// Vectorisable sizes (multiples of 4, 8 and 16) for sample_test: the examples'
// *_small functions have odd sizes, where no vector width divides.

func.func @matvec_vec_small(%A: memref<8x32xf32>, %x: memref<32xf32>, %y: memref<8xf32>) {
  %mat = rise.in %A : memref<8x32xf32> -> !rise.array<8x32xf32>
  %vec = rise.in %x : memref<32xf32> -> !rise.array<32xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.map %mat : !rise.array<8x32xf32> -> !rise.array<8xf32> {
  ^bb0(%row: !rise.array<32xf32>):
    %dzip = rise.zip %row, %vec : !rise.array<32xf32>, !rise.array<32xf32> -> !rise.array<32x!rise.pair<f32, f32>>
    %dprod = rise.map %dzip : !rise.array<32x!rise.pair<f32, f32>> -> !rise.array<32xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      rise.yield %m : f32
    }
    %dsum = rise.reduce %zero, %dprod : f32, !rise.array<32xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %s = arith.addf %acc, %v : f32
      rise.yield %s : f32
    }
    rise.yield %dsum : f32
  }
  rise.out %res, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

func.func @dot_vec_small(%a: memref<64xf32>, %b: memref<64xf32>, %out: memref<f32>) {
  %x = rise.in %a : memref<64xf32> -> !rise.array<64xf32>
  %y = rise.in %b : memref<64xf32> -> !rise.array<64xf32>
  %zero = arith.constant 0.0 : f32
  %dzip = rise.zip %x, %y : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
  %dprod = rise.map %dzip : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %l = rise.fst %p : !rise.pair<f32, f32> -> f32
    %r = rise.snd %p : !rise.pair<f32, f32> -> f32
    %m = arith.mulf %l, %r : f32
    rise.yield %m : f32
  }
  %dsum = rise.reduce %zero, %dprod : f32, !rise.array<64xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    rise.yield %s : f32
  }
  rise.out %dsum, %out : f32, memref<f32>
  return
}
