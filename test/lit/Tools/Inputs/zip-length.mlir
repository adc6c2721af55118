// zip of arrays of 4 and 5 elements.
func.func @zip_length(%a: memref<4xf32>, %b: memref<5xf32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %y = rise.in %b : memref<5xf32> -> !rise.array<5xf32>
  %z = rise.zip %x, %y : !rise.array<4xf32>, !rise.array<5xf32> -> !rise.array<4x!rise.pair<f32, f32>>
  return
}
