// Every diagnostic of convert-rise-to-affine: the pass fails at the op it
// cannot lower, naming it, and never emits partial code silently.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-affine)' \
// RUN:   -split-input-file -verify-diagnostics

// Array accumulators live in buffers (one per array or scalar leaf); an
// array of pairs has no memref form.
func.func @pair_array_accumulator(%x: memref<4x3xf32>, %o: memref<3xf32>) {
  %a = rise.in %x : memref<4x3xf32> -> !rise.array<4x3xf32>
  %z = rise.generate : !rise.array<3xf32> {
  ^bb0(%i: index):
    %c = arith.constant 0.0 : f32
    rise.yield %c : f32
  }
  %zz = rise.zip %z, %z : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
  // expected-error @+1 {{convert-rise-to-affine: 'rise.reduce' with an accumulator holding arrays of pairs is not supported}}
  %r = rise.reduce seq %zz, %a : !rise.array<3x!rise.pair<f32, f32>>, !rise.array<4x3xf32> -> !rise.array<3x!rise.pair<f32, f32>> {
  ^bb0(%acc: !rise.array<3x!rise.pair<f32, f32>>, %row: !rise.array<3xf32>):
    rise.yield %acc : !rise.array<3x!rise.pair<f32, f32>>
  }
  %u:2 = rise.unzip %r : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32>, !rise.array<3xf32>
  rise.out %u#0, %o : !rise.array<3xf32>, memref<3xf32>
  return
}

// -----

// An array of pairs is stored as a pair of buffers
// (test/lower/programs/to_mem_pairs.mlir); an array of arrays of pairs,
// which that does not split, is not.
func.func @to_mem_pairs(%x: memref<2x4xf32>, %o: memref<2x4xf32>) {
  %a = rise.in %x : memref<2x4xf32> -> !rise.array<2x4xf32>
  %z = rise.map %a : !rise.array<2x4xf32> -> !rise.array<2x4x!rise.pair<f32, f32>> {
  ^bb0(%row: !rise.array<4xf32>):
    %p = rise.zip %row, %row : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
    rise.yield %p : !rise.array<4x!rise.pair<f32, f32>>
  }
  // expected-error @+1 {{convert-rise-to-affine: 'rise.to_mem' of an array of pairs is not supported}}
  %m = rise.to_mem global %z : !rise.array<2x4x!rise.pair<f32, f32>>
  %r = rise.map %m : !rise.array<2x4x!rise.pair<f32, f32>> -> !rise.array<2x4xf32> {
  ^bb0(%row: !rise.array<4x!rise.pair<f32, f32>>):
    %u:2 = rise.unzip %row : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32>, !rise.array<4xf32>
    rise.yield %u#0 : !rise.array<4xf32>
  }
  rise.out %r, %o : !rise.array<2x4xf32>, memref<2x4xf32>
  return
}

// -----

func.func @region_op(%x: memref<4xf32>, %c: i1, %o: memref<4xf32>) {
  %a = rise.in %x : memref<4xf32> -> !rise.array<4xf32>
  %m = rise.map %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%e: f32):
    // expected-error @+1 {{convert-rise-to-affine: 'scf.if' with regions inside a rise function is not supported}}
    %r = scf.if %c -> f32 {
      scf.yield %e : f32
    } else {
      %n = arith.negf %e : f32
      scf.yield %n : f32
    }
    rise.yield %r : f32
  }
  rise.out %m, %o : !rise.array<4xf32>, memref<4xf32>
  return
}

// -----

func.func @rise_in_map_vec(%x: memref<8xf32>, %o: memref<8xf32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  %v = rise.as_vector 4 %a : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
  %m = rise.map %v : !rise.array<2xvector<4xf32>> -> !rise.array<2xvector<4xf32>> {
  ^bb0(%e: vector<4xf32>):
    %w = rise.map vec %e : vector<4xf32> -> vector<4xf32> {
    ^bb0(%l: f32):
      %c = arith.constant 1 : index
      // expected-error @+1 {{convert-rise-to-affine: 'rise.idx' inside 'rise.map vec' is not supported}}
      %y = rise.idx %a[%c] : !rise.array<8xf32> -> f32
      %s = arith.addf %l, %y : f32
      rise.yield %s : f32
    }
    rise.yield %w : vector<4xf32>
  }
  %s = rise.as_scalar %m : !rise.array<2xvector<4xf32>> -> !rise.array<8xf32>
  rise.out %s, %o : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

func.func @multi_result_in_map_vec(%x: memref<4xi32>, %o: memref<4xi32>) {
  %a = rise.in %x : memref<4xi32> -> !rise.array<4xi32>
  %v = rise.as_vector 4 %a : !rise.array<4xi32> -> !rise.array<1xvector<4xi32>>
  %m = rise.map %v : !rise.array<1xvector<4xi32>> -> !rise.array<1xvector<4xi32>> {
  ^bb0(%e: vector<4xi32>):
    %w = rise.map vec %e : vector<4xi32> -> vector<4xi32> {
    ^bb0(%l: i32):
      // expected-error @+1 {{convert-rise-to-affine: 'arith.addui_extended' inside 'rise.map vec' is not supported}}
      %s, %c = arith.addui_extended %l, %l : i32, i1
      rise.yield %s : i32
    }
    rise.yield %w : vector<4xi32>
  }
  %s = rise.as_scalar %m : !rise.array<1xvector<4xi32>> -> !rise.array<4xi32>
  rise.out %s, %o : !rise.array<4xi32>, memref<4xi32>
  return
}

// -----

// expected-error @+1 {{convert-rise-to-affine: 'func.func' with more than one block is not supported}}
func.func @blocks(%x: memref<4xf32>, %o: memref<4xf32>) {
  %a = rise.in %x : memref<4xf32> -> !rise.array<4xf32>
  cf.br ^next
^next:
  rise.out %a, %o : !rise.array<4xf32>, memref<4xf32>
  return
}

// -----

// expected-error @+1 {{convert-rise-to-affine: 'func.func' with rise-typed arguments (pass memrefs and use rise.in) is not supported}}
func.func @rise_argument(%a: !rise.array<8xf32>, %o: memref<8xf32>) {
  rise.out %a, %o : !rise.array<8xf32>, memref<8xf32>
  return
}
