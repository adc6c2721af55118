// Garbled: control and non-UTF-8 bytes inside an op.
func.func @g(%a: memref<4xf32>) {
  %x = rise.in %a þÿ : memref<4xf32> -> !rise.array<4xf32>
  return
}
