// Inputs of measure_test (runtime/measure.h): a correct matvec, a wrong one
// with its signature, and a reduction that cannot finish in the test's
// time-out (2^40 iterations over generated elements, no memory).

func.func @mv(%A: memref<7x13xf32>, %x: memref<13xf32>, %y: memref<7xf32>) {
  %mat = rise.in %A : memref<7x13xf32> -> !rise.array<7x13xf32>
  %vec = rise.in %x : memref<13xf32> -> !rise.array<13xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.map %mat : !rise.array<7x13xf32> -> !rise.array<7xf32> {
  ^bb0(%row: !rise.array<13xf32>):
    %z = rise.zip %row, %vec : !rise.array<13xf32>, !rise.array<13xf32> -> !rise.array<13x!rise.pair<f32, f32>>
    %pr = rise.map %z : !rise.array<13x!rise.pair<f32, f32>> -> !rise.array<13xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      rise.yield %m : f32
    }
    %s = rise.reduce %zero, %pr : f32, !rise.array<13xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %a = arith.addf %acc, %v : f32
      rise.yield %a : f32
    }
    rise.yield %s : f32
  }
  rise.out %res, %y : !rise.array<7xf32>, memref<7xf32>
  return
}

func.func @mv_wrong(%A: memref<7x13xf32>, %x: memref<13xf32>, %y: memref<7xf32>) {
  %mat = rise.in %A : memref<7x13xf32> -> !rise.array<7x13xf32>
  %vec = rise.in %x : memref<13xf32> -> !rise.array<13xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.map %mat : !rise.array<7x13xf32> -> !rise.array<7xf32> {
  ^bb0(%row: !rise.array<13xf32>):
    %z = rise.zip %row, %vec : !rise.array<13xf32>, !rise.array<13xf32> -> !rise.array<13x!rise.pair<f32, f32>>
    %pr = rise.map %z : !rise.array<13x!rise.pair<f32, f32>> -> !rise.array<13xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.addf %l, %r : f32
      rise.yield %m : f32
    }
    %s = rise.reduce %zero, %pr : f32, !rise.array<13xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %a = arith.addf %acc, %v : f32
      rise.yield %a : f32
    }
    rise.yield %s : f32
  }
  rise.out %res, %y : !rise.array<7xf32>, memref<7xf32>
  return
}

func.func @endless(%x: memref<1xf32>, %y: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  %g = rise.generate : !rise.array<1099511627776xf32> {
  ^bb0(%i: index):
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    rise.yield %f : f32
  }
  %s = rise.reduce %zero, %g : f32, !rise.array<1099511627776xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %a = arith.addf %acc, %v : f32
    rise.yield %a : f32
  }
  rise.out %s, %y : f32, memref<f32>
  return
}
