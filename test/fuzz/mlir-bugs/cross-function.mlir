// Upstream MLIR 22 only: the forward reference crosses functions (@f's %p
// is resolved by a block argument of @g's tensor.generate, whose parsing
// then fails on the duplicate block name). See README.md.
func.func @f() -> index {
  func.return %p : index
}
func.func @g() {
  %t = tensor.generate {
  ^bb0(%p: index):
    %c = arith.constant 1.0 : f32
  ^bb0(%q: index):
    tensor.yield %c : f32
  } : tensor<4xf32>
  return
}
