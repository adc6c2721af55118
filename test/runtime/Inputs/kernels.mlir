// Kernels already in affine/scf/memref/arith/vector form: they need only
// upstream lowering, so they test the code generator and the runtime
// independently of the rise lowering. Known results are in harness.c.
func.func @saxpy(%a: f32, %x: memref<37xf32>, %y: memref<37xf32>, %o: memref<37xf32>) {
  affine.for %i = 0 to 37 {
    %xv = affine.load %x[%i] : memref<37xf32>
    %yv = affine.load %y[%i] : memref<37xf32>
    %m = arith.mulf %a, %xv : f32
    %s = arith.addf %m, %yv : f32
    affine.store %s, %o[%i] : memref<37xf32>
  }
  return
}

func.func @sum2d(%x: memref<3x5xf64>, %o: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0.0 : f64
  %buf = memref.alloca() : memref<f64>
  memref.store %z, %buf[] : memref<f64>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %v = memref.load %x[%i, %j] : memref<3x5xf64>
      %acc = memref.load %buf[] : memref<f64>
      %s = arith.addf %acc, %v : f64
      memref.store %s, %buf[] : memref<f64>
    }
  }
  %r = memref.load %buf[] : memref<f64>
  memref.store %r, %o[] : memref<f64>
  return
}

// Parallel (OpenMP) and vector FMA: o = x * 2 + x.
func.func @vfma(%x: memref<16xf32>, %o: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant dense<2.0> : vector<4xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c4) {
    %v = vector.load %x[%i] : memref<16xf32>, vector<4xf32>
    %r = vector.fma %v, %two, %v : vector<4xf32>
    vector.store %r, %o[%i] : memref<16xf32>, vector<4xf32>
    scf.reduce
  }
  return
}

// Integers and a scalar index argument: o[i][j] = x[i][j] * 3 + n.
func.func @iaffine(%n: index, %x: memref<2x3xi32>, %o: memref<2x3xi32>) {
  %n32 = arith.index_cast %n : index to i32
  %c3 = arith.constant 3 : i32
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %v = affine.load %x[%i, %j] : memref<2x3xi32>
      %m = arith.muli %v, %c3 : i32
      %s = arith.addi %m, %n32 : i32
      affine.store %s, %o[%i, %j] : memref<2x3xi32>
    }
  }
  return
}
