// MLIR 22 reports the lexer error after the dialect type and then parses
// the op all the same (test/fuzz/mlir-bugs/README.md): Ariadne's tools must
// still reject the file. Found by the fuzz_mlir harness.
func.func @f(%a: !rise.array<4xf32>) {
  %b = rise.split 2 %a : !rise.array<4xf32> @-> !rise.array<2x2xf32>
  return
}
