// ariCodeOpCount's input (test/runtime/passorder_test.c): loops already
// lowered to scf, with the executions of every op worked out by hand.

// A tiled loop: 4 tiles of 16, the inner bound min(i + 16, 64) above i.
//   loop iterations 4 + 4 * 16 = 68; the tile's addi and minsi: 4 each
//   (int_arith 8); per element (64): a load, a mulf, an exp, a store.
func.func @tiled(%a: memref<64xf32>, %b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c16 {
    %e = arith.addi %i, %c16 : index
    %ub = arith.minsi %e, %c64 : index
    scf.for %j = %i to %ub step %c1 {
      %x = memref.load %a[%j] : memref<64xf32>
      %y = arith.mulf %x, %x : f32
      %z = math.exp %y : f32
      memref.store %z, %b[%j] : memref<64xf32>
    }
  }
  return
}

// A bound that is an argument: 1 trip (loop iterations 1), its body once;
// a vector body: 8 iterations of a vector load, an fma, a reduction and a
// cmpf + select, and an index_cast outside.
func.func @mixed(%a: memref<64xf32>, %n: index, %o: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %f0 = arith.constant 0.0 : f32
  scf.for %k = %c0 to %n step %c1 {
    %v = vector.load %a[%k] : memref<64xf32>, vector<8xf32>
    vector.store %v, %a[%k] : memref<64xf32>, vector<8xf32>
  }
  %s = scf.for %i = %c0 to %c64 step %c8 iter_args(%acc = %f0) -> (f32) {
    %v = vector.load %a[%i] : memref<64xf32>, vector<8xf32>
    %w = vector.fma %v, %v, %v : vector<8xf32>
    %r = vector.reduction <add>, %w : vector<8xf32> into f32
    %c = arith.cmpf ogt, %r, %acc : f32
    %m = arith.select %c, %r, %acc : f32
    scf.yield %m : f32
  }
  %ii = arith.index_cast %n : index to i64
  memref.store %s, %o[] : memref<f32>
  return
}
