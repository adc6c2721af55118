// A valid program for the command-line tests: o[i] = a[i] + 1.
func.func @add1(%a: memref<4xf32>, %o: memref<4xf32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %y = rise.map %x : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%e: f32):
    %one = arith.constant 1.0 : f32
    %r = arith.addf %e, %one : f32
    rise.yield %r : f32
  }
  rise.out %y, %o : !rise.array<4xf32>, memref<4xf32>
  return
}
