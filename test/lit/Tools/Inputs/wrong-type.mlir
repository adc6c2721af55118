// An f32 array written into an i32 memref.
func.func @wrong_type(%a: memref<4xf32>, %o: memref<4xi32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  rise.out %x, %o : !rise.array<4xf32>, memref<4xi32>
  return
}
