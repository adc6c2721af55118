// `mlir-opt error-after-dialect-type.mlir` reports the error twice and then
// prints the module and exits 0: the error token after a dialect type is
// skipped.
llvm.func @f(%a: !llvm.ptr) -> i64 {
  %b = llvm.load %a : !llvm.ptr @-> i64
  llvm.return %b : i64
}
