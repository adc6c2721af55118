// add1.mlir cut off in the middle of an op (no newline at the end).
func.func @add1(%a: memref<4xf32>, %o: memref<4xf32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %y = rise.map %x : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%e: f32):
    %one = arith.constant 1.0 : f32
    %r = arith.addf %e,