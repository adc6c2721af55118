// A valid MLIR function that the rise interpreter does not run: scf.for.
func.func @loop(%a: memref<4xf32>, %o: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<4xf32>
    memref.store %v, %o[%i] : memref<4xf32>
  }
  return
}
