// Upstream MLIR 22 only (no plugin): mlir-opt use-after-free.mlir
// A forward reference (%win) is resolved by a value inside the region of
// an op whose parsing then fails; the region is freed, the use is not.
// valgrind: invalid write in Operation::dropAllReferences, block freed by
// tensor::GenerateOp::parse. See README.md.
func.return %win : f32
%t = tensor.generate {
%win = arith.constant 1.0 : f32
^bb1:
