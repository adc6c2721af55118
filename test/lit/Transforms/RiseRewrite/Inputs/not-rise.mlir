// A function outside the term language (memref.load): rise-rewrite cannot
// import it (errors.mlir).
func.func @weird(%a: memref<8xf32>) -> f32 {
  %c = arith.constant 0 : index
  %v = memref.load %a[%c] : memref<8xf32>
  return %v : f32
}
