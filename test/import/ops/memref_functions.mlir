// Functions on memrefs (after bufferisation): each linalg op reads its
// operands with rise.in and writes with rise.out; ops run in order.
func.func @memref_matmul_relu(%a: memref<6x8xf32>, %b: memref<8x5xf32>, %c: memref<6x5xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<6x5xf32>)
  linalg.matmul ins(%a, %b : memref<6x8xf32>, memref<8x5xf32>) outs(%c : memref<6x5xf32>)
  linalg.map outs(%c : memref<6x5xf32>) (%x: f32) {
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  }
  return
}
