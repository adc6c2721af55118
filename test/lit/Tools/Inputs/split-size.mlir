// split 3 of a 4-element array: 3 does not divide 4.
func.func @split_size(%a: memref<4xf32>, %o: memref<4xf32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %s = rise.split 3 %x : !rise.array<4xf32> -> !rise.array<1x3xf32>
  %j = rise.join %s : !rise.array<1x3xf32> -> !rise.array<3xf32>
  rise.out %x, %o : !rise.array<4xf32>, memref<4xf32>
  return
}
