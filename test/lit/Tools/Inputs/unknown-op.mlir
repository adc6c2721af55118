// rise has no op named frobnicate.
func.func @unknown_op(%a: memref<4xf32>, %o: memref<4xf32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %y = rise.frobnicate %x : !rise.array<4xf32> -> !rise.array<4xf32>
  rise.out %y, %o : !rise.array<4xf32>, memref<4xf32>
  return
}
