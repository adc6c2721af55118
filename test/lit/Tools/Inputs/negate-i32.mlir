// A valid i32 program for the input-file tests: o[i] = -a[i].
func.func @negate(%a: memref<4xi32>, %o: memref<4xi32>) {
  %x = rise.in %a : memref<4xi32> -> !rise.array<4xi32>
  %y = rise.map %x : !rise.array<4xi32> -> !rise.array<4xi32> {
  ^bb0(%e: i32):
    %zero = arith.constant 0 : i32
    %r = arith.subi %zero, %e : i32
    rise.yield %r : i32
  }
  rise.out %y, %o : !rise.array<4xi32>, memref<4xi32>
  return
}
