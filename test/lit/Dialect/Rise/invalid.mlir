// One case for every diagnostic of the rise type checker (dialect/lib/verify.c).
// RUN: %rise-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Results of every rise op are data
//===----------------------------------------------------------------------===//

func.func @result_not_data(%p: !rise.pair<f32, f32>) {
  // expected-error @+1 {{'rise.fst' op result must be a rise data type (scalar, 1-D vector, pair or array), got tensor<f32>}}
  %0 = rise.fst %p : !rise.pair<f32, f32> -> tensor<f32>
  return
}

// -----

// f16 is not one of the rise scalars (f32 f64 i1 i32 i64 index): the array
// type itself is rejected where it is written.
// expected-error @+1 {{rise array elements must be data (scalar, 1-D vector, pair or array), got 'f16'}}
func.func @array_of_f16(%a: !rise.array<8xf16>) {
  return
}

// -----

func.func @result_2d_vector(%a: f32) {
  // expected-error @+1 {{'rise.vector_from_scalar' op result must be a rise data type (scalar, 1-D vector, pair or array), got vector<2x2xf32>}}
  %0 = rise.vector_from_scalar %a : f32 -> vector<2x2xf32>
  return
}

// -----

func.func @result_pair_with_memref(%a: f32, %m: memref<2xf32>) {
  // expected-error @+1 {{rise pair components must be data (scalar, 1-D vector, pair or array), got 'memref<2xf32>'}}
  %0 = rise.pair %a, %m : f32, memref<2xf32> -> !rise.pair<f32, memref<2xf32>>
  return
}

// -----

// expected-error @+1 {{rise array elements must be data (scalar, 1-D vector, pair or array), got 'ui32'}}
func.func @array_of_unsigned(%a: !rise.array<4xui32>, %i: index) {
  return
}

// -----

// A scalar result that is not a rise scalar is caught by the op.
func.func @result_unsigned(%a: !rise.pair<f32, f32>) {
  // expected-error @+1 {{'rise.fst' op result must be a rise data type (scalar, 1-D vector, pair or array), got ui32}}
  %0 = rise.fst %a : !rise.pair<f32, f32> -> ui32
  return
}

// -----

// Only the first result of unzip is bad: the check covers every result.
func.func @second_result_not_data(%a: !rise.array<4x!rise.pair<f32, f32>>) {
  // expected-error @+1 {{rise array elements must be data (scalar, 1-D vector, pair or array), got 'i8'}}
  %0:2 = rise.unzip %a : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32>, !rise.array<4xi8>
  return
}

//===----------------------------------------------------------------------===//
// rise.in / rise.out: rule memref-view and the function boundary
//===----------------------------------------------------------------------===//

// -----

func.func @in_dynamic_shape(%m: memref<?xf32>) {
  // expected-error @+1 {{'rise.in' op rule memref-view: memref memref<?xf32> must have a static shape}}
  %0 = rise.in %m : memref<?xf32> -> !rise.array<4xf32>
  return
}

// -----

func.func @out_dynamic_shape(%a: !rise.array<4x4xf32>, %m: memref<4x?xf32>) {
  // expected-error @+1 {{'rise.out' op rule memref-view: memref memref<4x?xf32> must have a static shape}}
  rise.out %a, %m : !rise.array<4x4xf32>, memref<4x?xf32>
  return
}

// -----

func.func @in_strided(%m: memref<4xf32, strided<[2]>>) {
  // expected-error @+1 {{'rise.in' op rule memref-view: memref memref<4xf32, strided<[2]>> must have the identity layout}}
  %0 = rise.in %m : memref<4xf32, strided<[2]>> -> !rise.array<4xf32>
  return
}

// -----

func.func @out_permuted(%a: !rise.array<4x8xf32>, %m: memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error @+1 {{'rise.out' op rule memref-view: memref memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>> must have the identity layout}}
  rise.out %a, %m : !rise.array<4x8xf32>, memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>
  return
}

// -----

func.func @in_bad_element(%m: memref<4xf16>) {
  // expected-error @+1 {{'rise.in' op rule memref-view: memref element type must be a scalar or 1-D vector, got f16}}
  %0 = rise.in %m : memref<4xf16> -> !rise.array<4xf32>
  return
}

// -----

func.func @out_bad_element(%a: !rise.array<4xf32>, %m: memref<4xvector<2x2xf32>>) {
  // expected-error @+1 {{'rise.out' op rule memref-view: memref element type must be a scalar or 1-D vector, got vector<2x2xf32>}}
  rise.out %a, %m : !rise.array<4xf32>, memref<4xvector<2x2xf32>>
  return
}

// -----

func.func @in_shape_mismatch(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'rise.in' op rule memref-view: the rise value for this memref must be !rise.array<4x8xf32>, got !rise.array<8x4xf32>}}
  %0 = rise.in %m : memref<4x8xf32> -> !rise.array<8x4xf32>
  return
}

// -----

func.func @in_rank0_as_array(%m: memref<f32>) {
  // expected-error @+1 {{'rise.in' op rule memref-view: the rise value for this memref must be f32, got !rise.array<1xf32>}}
  %0 = rise.in %m : memref<f32> -> !rise.array<1xf32>
  return
}

// -----

func.func @out_element_mismatch(%a: !rise.array<4xf64>, %m: memref<4xf32>) {
  // expected-error @+1 {{'rise.out' op rule memref-view: the rise value for this memref must be !rise.array<4xf32>, got !rise.array<4xf64>}}
  rise.out %a, %m : !rise.array<4xf64>, memref<4xf32>
  return
}

// -----

func.func @in_inside_lambda(%a: !rise.array<4xf32>, %m: memref<f32>) {
  %0 = rise.map %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    // expected-error @+1 {{'rise.in' op memory is only read and written at the function boundary, not inside a rise pattern}}
    %y = rise.in %m : memref<f32> -> f32
    rise.yield %y : f32
  }
  return
}

// -----

func.func @out_inside_nested_lambda(%a: !rise.array<4x4xf32>, %m: memref<f32>) {
  %0 = rise.map %a : !rise.array<4x4xf32> -> !rise.array<4x4xf32> {
  ^bb0(%row: !rise.array<4xf32>):
    %r = rise.map seq %row : !rise.array<4xf32> -> !rise.array<4xf32> {
    ^bb0(%x: f32):
      // expected-error @+1 {{'rise.out' op memory is only read and written at the function boundary, not inside a rise pattern}}
      rise.out %x, %m : f32, memref<f32>
      rise.yield %x : f32
    }
    rise.yield %r : !rise.array<4xf32>
  }
  return
}

// -----

func.func @in_inside_kernel(%m: memref<4xf32>) {
  %0 = rise.kernel local [4] global [4] : !rise.array<4xf32> {
    // expected-error @+1 {{'rise.in' op memory is only read and written at the function boundary, not inside a rise pattern}}
    %a = rise.in %m : memref<4xf32> -> !rise.array<4xf32>
    rise.yield %a : !rise.array<4xf32>
  }
  return
}

//===----------------------------------------------------------------------===//
// Lambda regions (checked the same way for every op that has one)
//===----------------------------------------------------------------------===//

// -----

func.func @lambda_arg_count(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule map: the function takes 1 parameter(s) but the region has 2}}
  %0 = rise.map %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32, %y: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @lambda_no_args(%a: !rise.array<4xf32>, %c: f32) {
  // expected-error @+1 {{'rise.map' op rule map: the function takes 1 parameter(s) but the region has 0}}
  %0 = rise.map %a : !rise.array<4xf32> -> !rise.array<4xf32> {
    rise.yield %c : f32
  }
  return
}

// -----

func.func @lambda_arg_type(%a: !rise.array<4x8xf32>) {
  // expected-error @+1 {{'rise.map' op rule map: parameter 0 must have type !rise.array<8xf32>, got f32}}
  %0 = rise.map %a : !rise.array<4x8xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @lambda_yield_type(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule map: the function must yield f64, yields f32}}
  %0 = rise.map %a : !rise.array<4xf32> -> !rise.array<4xf64> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @lambda_yield_memref(%a: !rise.array<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule map: the function must yield f32, yields memref<4xf32>}}
  %0 = rise.map %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %m : memref<4xf32>
  }
  return
}

// -----

func.func @lambda_missing_yield(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule map: the function region must end with rise.yield}}
  %0 = rise.map %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
  }
  return
}

// -----

// A terminator of another dialect is not a lambda's result.
func.func @lambda_foreign_terminator(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule map: the function region must end with rise.yield}}
  %0 = rise.map %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    llvm.unreachable
  }
  return
}

// -----

func.func @yield_outside_lambda(%x: f32) {
  // expected-error @+1 {{'rise.yield' op expects parent op to be one of 'rise.map, rise.reduce, rise.generate, rise.circular_buffer, rise.rotate_values, rise.kernel'}}
  rise.yield %x : f32
}

//===----------------------------------------------------------------------===//
// rise.map
//===----------------------------------------------------------------------===//

// -----

func.func @map_global_without_dim(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule mapglobal(dim): a GPU map needs a dimension, e.g. global(0)}}
  %0 = rise.map global %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_workgroup_without_dim(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule mapworkgroup(dim): a GPU map needs a dimension, e.g. workgroup(0)}}
  %0 = rise.map workgroup %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_local_without_dim(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule maplocal(dim): a GPU map needs a dimension, e.g. local(0)}}
  %0 = rise.map local %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_seq_with_dim(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op only global, workgroup and local maps take a dimension}}
  %0 = rise.map seq(0) %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

// A dimension without any kind can only be written in the generic form.
func.func @map_plain_with_dim(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op only global, workgroup and local maps take a dimension}}
  %0 = "rise.map"(%a) <{dim = 0 : i32}> ({
  ^bb0(%x: f32):
    rise.yield %x : f32
  }) : (!rise.array<4xf32>) -> !rise.array<4xf32>
  return
}

// -----

func.func @map_global_dim_3(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule mapglobal(dim): dimension must be 0, 1 or 2, got 3}}
  %0 = rise.map global(3) %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_local_dim_negative(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule maplocal(dim): dimension must be 0, 1 or 2, got -1}}
  %0 = rise.map local(-1) %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_input_not_array(%a: !rise.pair<f32, f32>) {
  // expected-error @+1 {{'rise.map' op rule map: input must be a !rise.array, got !rise.pair<f32, f32>}}
  %0 = rise.map %a : !rise.pair<f32, f32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_result_not_array(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule map: result must be a !rise.array, got f32}}
  %0 = rise.map par %a : !rise.array<4xf32> -> f32 {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_length_changes(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule map: (s -> t) -> n.s -> n.t keeps n, but input has 4 elements and result 5}}
  %0 = rise.map seq %a : !rise.array<4xf32> -> !rise.array<5xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

// mapVec works on vectors, not arrays.
func.func @map_vec_on_array(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule mapVec: (s -> t) -> <n>s -> <n>t needs 1-D vectors, got !rise.array<4xf32> -> !rise.array<4xf32>}}
  %0 = rise.map vec %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_vec_2d(%a: vector<2x4xf32>) {
  // expected-error @+1 {{'rise.map' op rule mapVec: (s -> t) -> <n>s -> <n>t needs 1-D vectors, got vector<2x4xf32> -> vector<8xf32>}}
  %0 = rise.map vec %a : vector<2x4xf32> -> vector<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_vec_lanes(%a: vector<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule mapVec: lane counts differ: 4 vs 8}}
  %0 = rise.map vec %a : vector<4xf32> -> vector<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_vec_lambda(%a: vector<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule mapVec: parameter 0 must have type f32, got vector<4xf32>}}
  %0 = rise.map vec %a : vector<4xf32> -> vector<4xf32> {
  ^bb0(%x: vector<4xf32>):
    rise.yield %x : vector<4xf32>
  }
  return
}

// -----

func.func @map_vec_yield(%a: vector<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule mapVec: the function must yield i1, yields f32}}
  %0 = rise.map vec %a : vector<4xf32> -> vector<4xi1> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// rise.reduce
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_par(%a: !rise.array<4xf32>, %z: f32) {
  // expected-error @+1 {{'rise.reduce' op reduce has no 'par' form; its low-level forms are seq and unroll}}
  %0 = rise.reduce par %z, %a : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %x: f32):
    rise.yield %acc : f32
  }
  return
}

// -----

func.func @reduce_global(%a: !rise.array<4xf32>, %z: f32) {
  // expected-error @+1 {{'rise.reduce' op reduce has no 'global' form; its low-level forms are seq and unroll}}
  %0 = rise.reduce global %z, %a : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %x: f32):
    rise.yield %acc : f32
  }
  return
}

// -----

func.func @reduce_input_not_array(%a: f32, %z: f32) {
  // expected-error @+1 {{'rise.reduce' op rule reduce: input must be a !rise.array, got f32}}
  %0 = rise.reduce seq %z, %a : f32, f32 -> f32 {
  ^bb0(%acc: f32, %x: f32):
    rise.yield %acc : f32
  }
  return
}

// -----

func.func @reduce_acc_not_data(%a: !rise.array<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{'rise.reduce' op accumulator must be a rise data type (scalar, 1-D vector, pair or array), got tensor<f32>}}
  %0 = rise.reduce seq %z, %a : tensor<f32>, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %x: f32):
    rise.yield %acc : f32
  }
  return
}

// -----

func.func @reduce_result_not_acc(%a: !rise.array<4xf32>, %z: f64) {
  // expected-error @+1 {{'rise.reduce' op rule reduce: result must be f64, got f32}}
  %0 = rise.reduce seq %z, %a : f64, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f64, %x: f32):
    rise.yield %acc : f64
  }
  return
}

// -----

// The high-level reduce folds with a t -> t -> t operator: the accumulator
// has the element type. Only reduceSeq may change it.
func.func @reduce_high_level_acc(%a: !rise.array<4xf32>, %z: f64) {
  // expected-error @+1 {{'rise.reduce' op rule reduce : (t -> t -> t) -> t -> n.t -> t: the initial value must be f32, got f64}}
  %0 = rise.reduce %z, %a : f64, !rise.array<4xf32> -> f64 {
  ^bb0(%acc: f64, %x: f32):
    rise.yield %acc : f64
  }
  return
}

// -----

func.func @reduce_arg_count(%a: !rise.array<4xf32>, %z: f32) {
  // expected-error @+1 {{'rise.reduce' op rule reduce: the function takes 2 parameter(s) but the region has 1}}
  %0 = rise.reduce %z, %a : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

// Arguments are (acc, x): here they are swapped.
func.func @reduce_seq_arg_order(%a: !rise.array<4xf32>, %z: f64) {
  // expected-error @+1 {{'rise.reduce' op rule reduceSeq: parameter 0 must have type f64, got f32}}
  %0 = rise.reduce seq %z, %a : f64, !rise.array<4xf32> -> f64 {
  ^bb0(%x: f32, %acc: f64):
    rise.yield %acc : f64
  }
  return
}

// -----

func.func @reduce_unroll_element_arg(%a: !rise.array<4x2xf32>, %z: f32) {
  // expected-error @+1 {{'rise.reduce' op rule reduceSeq: parameter 1 must have type !rise.array<2xf32>, got f32}}
  %0 = rise.reduce unroll %z, %a : f32, !rise.array<4x2xf32> -> f32 {
  ^bb0(%acc: f32, %x: f32):
    rise.yield %acc : f32
  }
  return
}

// -----

func.func @reduce_yield(%a: !rise.array<4xf32>, %z: f64) {
  // expected-error @+1 {{'rise.reduce' op rule reduceSeq: the function must yield f64, yields f32}}
  %0 = rise.reduce seq %z, %a : f64, !rise.array<4xf32> -> f64 {
  ^bb0(%acc: f64, %x: f32):
    rise.yield %x : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// zip, unzip, pair, fst, snd
//===----------------------------------------------------------------------===//

// -----

func.func @zip_first_not_array(%a: f32, %b: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.zip' op rule zip: first input must be a !rise.array, got f32}}
  %0 = rise.zip %a, %b : f32, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
  return
}

// -----

func.func @zip_second_not_array(%a: !rise.array<4xf32>, %b: vector<4xf32>) {
  // expected-error @+1 {{'rise.zip' op rule zip: second input must be a !rise.array, got vector<4xf32>}}
  %0 = rise.zip %a, %b : !rise.array<4xf32>, vector<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
  return
}

// -----

func.func @zip_lengths(%a: !rise.array<4xf32>, %b: !rise.array<5xf32>) {
  // expected-error @+1 {{'rise.zip' op rule zip : n.s -> n.t -> n.(s x t): lengths differ: 4 vs 5}}
  %0 = rise.zip %a, %b : !rise.array<4xf32>, !rise.array<5xf32> -> !rise.array<4x!rise.pair<f32, f32>>
  return
}

// -----

func.func @zip_result(%a: !rise.array<4xf32>, %b: !rise.array<4xi32>) {
  // expected-error @+1 {{'rise.zip' op rule zip: result must be !rise.array<4x!rise.pair<f32, i32>>, got !rise.array<4x!rise.pair<i32, f32>>}}
  %0 = rise.zip %a, %b : !rise.array<4xf32>, !rise.array<4xi32> -> !rise.array<4x!rise.pair<i32, f32>>
  return
}

// -----

func.func @unzip_not_array(%a: !rise.pair<f32, f32>) {
  // expected-error @+1 {{'rise.unzip' op rule unzip: input must be a !rise.array, got !rise.pair<f32, f32>}}
  %0:2 = rise.unzip %a : !rise.pair<f32, f32> -> f32, f32
  return
}

// -----

func.func @unzip_not_pairs(%a: !rise.array<4x2xf32>) {
  // expected-error @+1 {{'rise.unzip' op rule unzip : n.(s x t) -> (n.s x n.t): elements must be pairs, got !rise.array<2xf32>}}
  %0:2 = rise.unzip %a : !rise.array<4x2xf32> -> !rise.array<4xf32>, !rise.array<4xf32>
  return
}

// -----

func.func @unzip_first(%a: !rise.array<4x!rise.pair<f32, i32>>) {
  // expected-error @+1 {{'rise.unzip' op rule unzip: first result must be !rise.array<4xf32>, got !rise.array<4xi32>}}
  %0:2 = rise.unzip %a : !rise.array<4x!rise.pair<f32, i32>> -> !rise.array<4xi32>, !rise.array<4xi32>
  return
}

// -----

func.func @unzip_second(%a: !rise.array<4x!rise.pair<f32, i32>>) {
  // expected-error @+1 {{'rise.unzip' op rule unzip: second result must be !rise.array<4xi32>, got !rise.array<2xi32>}}
  %0:2 = rise.unzip %a : !rise.array<4x!rise.pair<f32, i32>> -> !rise.array<4xf32>, !rise.array<2xi32>
  return
}

// -----

func.func @pair_first_not_data(%a: tensor<2xf32>, %b: f32) {
  // expected-error @+1 {{'rise.pair' op first component must be a rise data type (scalar, 1-D vector, pair or array), got tensor<2xf32>}}
  %0 = rise.pair %a, %b : tensor<2xf32>, f32 -> !rise.pair<f32, f32>
  return
}

// -----

func.func @pair_second_not_data(%a: f32, %b: memref<f32>) {
  // expected-error @+1 {{'rise.pair' op second component must be a rise data type (scalar, 1-D vector, pair or array), got memref<f32>}}
  %0 = rise.pair %a, %b : f32, memref<f32> -> !rise.pair<f32, f32>
  return
}

// -----

func.func @pair_result(%a: f32, %b: i32) {
  // expected-error @+1 {{'rise.pair' op rule pair: result must be !rise.pair<f32, i32>, got !rise.pair<i32, f32>}}
  %0 = rise.pair %a, %b : f32, i32 -> !rise.pair<i32, f32>
  return
}

// -----

func.func @fst_not_pair(%a: !rise.array<2xf32>) {
  // expected-error @+1 {{'rise.fst' op rule fst : (s x t) -> s: input must be a !rise.pair, got !rise.array<2xf32>}}
  %0 = rise.fst %a : !rise.array<2xf32> -> f32
  return
}

// -----

func.func @fst_result(%p: !rise.pair<f32, i32>) {
  // expected-error @+1 {{'rise.fst' op rule fst : (s x t) -> s: result must be f32, got i32}}
  %0 = rise.fst %p : !rise.pair<f32, i32> -> i32
  return
}

// -----

func.func @snd_not_pair(%a: f32) {
  // expected-error @+1 {{'rise.snd' op rule snd : (s x t) -> t: input must be a !rise.pair, got f32}}
  %0 = rise.snd %a : f32 -> f32
  return
}

// -----

func.func @snd_result(%p: !rise.pair<f32, i32>) {
  // expected-error @+1 {{'rise.snd' op rule snd : (s x t) -> t: result must be i32, got f32}}
  %0 = rise.snd %p : !rise.pair<f32, i32> -> f32
  return
}

//===----------------------------------------------------------------------===//
// split, join, transpose
//===----------------------------------------------------------------------===//

// -----

func.func @split_not_array(%a: vector<8xf32>) {
  // expected-error @+1 {{'rise.split' op rule split: input must be a !rise.array, got vector<8xf32>}}
  %0 = rise.split 4 %a : vector<8xf32> -> !rise.array<2x4xf32>
  return
}

// -----

func.func @split_zero(%a: !rise.array<8xf32>) {
  // expected-error @+1 {{'rise.split' op rule split n : (m*n).t -> m.n.t: n must be positive, got 0}}
  %0 = rise.split 0 %a : !rise.array<8xf32> -> !rise.array<2x4xf32>
  return
}

// -----

func.func @split_negative(%a: !rise.array<8xf32>) {
  // expected-error @+1 {{'rise.split' op rule split n : (m*n).t -> m.n.t: n must be positive, got -2}}
  %0 = rise.split -2 %a : !rise.array<8xf32> -> !rise.array<2x4xf32>
  return
}

// -----

func.func @split_divisibility(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.split' op rule split n : (m*n).t -> m.n.t: input size 10 is not divisible by n = 4}}
  %0 = rise.split 4 %a : !rise.array<10xf32> -> !rise.array<2x4xf32>
  return
}

// -----

// split n makes the inner dimension n, not the outer one.
func.func @split_result(%a: !rise.array<12xf32>) {
  // expected-error @+1 {{'rise.split' op rule split: result must be !rise.array<3x4xf32>, got !rise.array<4x3xf32>}}
  %0 = rise.split 4 %a : !rise.array<12xf32> -> !rise.array<4x3xf32>
  return
}

// -----

func.func @join_not_array(%a: !rise.pair<f32, f32>) {
  // expected-error @+1 {{'rise.join' op rule join : n.m.t -> (n*m).t: input must be a !rise.array, got !rise.pair<f32, f32>}}
  %0 = rise.join %a : !rise.pair<f32, f32> -> !rise.array<2xf32>
  return
}

// -----

func.func @join_flat(%a: !rise.array<8xf32>) {
  // expected-error @+1 {{'rise.join' op rule join : n.m.t -> (n*m).t: input element must be a !rise.array, got f32}}
  %0 = rise.join %a : !rise.array<8xf32> -> !rise.array<8xf32>
  return
}

// -----

func.func @join_result(%a: !rise.array<3x4xf32>) {
  // expected-error @+1 {{'rise.join' op rule join : n.m.t -> (n*m).t: result must be !rise.array<12xf32>, got !rise.array<7xf32>}}
  %0 = rise.join %a : !rise.array<3x4xf32> -> !rise.array<7xf32>
  return
}

// -----

func.func @transpose_not_array(%a: f32) {
  // expected-error @+1 {{'rise.transpose' op rule transpose : n.m.t -> m.n.t: input must be a !rise.array, got f32}}
  %0 = rise.transpose %a : f32 -> f32
  return
}

// -----

func.func @transpose_flat(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.transpose' op rule transpose : n.m.t -> m.n.t: input element must be a !rise.array, got f32}}
  %0 = rise.transpose %a : !rise.array<4xf32> -> !rise.array<4xf32>
  return
}

// -----

func.func @transpose_result(%a: !rise.array<3x4x2xf32>) {
  // expected-error @+1 {{'rise.transpose' op rule transpose : n.m.t -> m.n.t: result must be !rise.array<4x3x2xf32>, got !rise.array<2x4x3xf32>}}
  %0 = rise.transpose %a : !rise.array<3x4x2xf32> -> !rise.array<2x4x3xf32>
  return
}

//===----------------------------------------------------------------------===//
// slide
//===----------------------------------------------------------------------===//

// -----

func.func @slide_not_array(%a: f32) {
  // expected-error @+1 {{'rise.slide' op rule slide sz sp : (sp*n+sz-sp).t -> n.sz.t: input must be a !rise.array, got f32}}
  %0 = rise.slide 3, 1 %a : f32 -> !rise.array<1x3xf32>
  return
}

// -----

func.func @slide_zero_size(%a: !rise.array<8xf32>) {
  // expected-error @+1 {{'rise.slide' op rule slide sz sp : (sp*n+sz-sp).t -> n.sz.t: window size and step must be positive, got 0 and 1}}
  %0 = rise.slide 0, 1 %a : !rise.array<8xf32> -> !rise.array<9x1xf32>
  return
}

// -----

func.func @slide_zero_step(%a: !rise.array<8xf32>) {
  // expected-error @+1 {{'rise.slide' op rule slide sz sp : (sp*n+sz-sp).t -> n.sz.t: window size and step must be positive, got 3 and 0}}
  %0 = rise.slide 3, 0 %a : !rise.array<8xf32> -> !rise.array<6x3xf32>
  return
}

// -----

func.func @slide_window_too_big(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.slide' op rule slide sz sp : (sp*n+sz-sp).t -> n.sz.t: input size 4 is smaller than the window size 5}}
  %0 = rise.slide 5, 1 %a : !rise.array<4xf32> -> !rise.array<1x5xf32>
  return
}

// -----

// 10 = sp*n + sz - sp has no solution for sz = 3, sp = 2.
func.func @slide_step_divisibility(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.slide' op rule slide sz sp : (sp*n+sz-sp).t -> n.sz.t: input size 10 minus window size 3 is not divisible by the step 2}}
  %0 = rise.slide 3, 2 %a : !rise.array<10xf32> -> !rise.array<4x3xf32>
  return
}

// -----

// (12 - 4) / 2 + 1 = 5 windows.
func.func @slide_result(%a: !rise.array<12xf32>) {
  // expected-error @+1 {{'rise.slide' op rule slide sz sp : (sp*n+sz-sp).t -> n.sz.t: result must be !rise.array<5x4xf32>, got !rise.array<4x4xf32>}}
  %0 = rise.slide 4, 2 %a : !rise.array<12xf32> -> !rise.array<4x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// pad_cst, pad_clamp
//===----------------------------------------------------------------------===//

// -----

func.func @pad_cst_not_array(%a: f32, %c: f32) {
  // expected-error @+1 {{'rise.pad_cst' op rule padCst l r c : n.t -> (l+n+r).t: input must be a !rise.array, got f32}}
  %0 = rise.pad_cst 1, 1 %a, %c : f32, f32 -> !rise.array<3xf32>
  return
}

// -----

func.func @pad_cst_negative(%a: !rise.array<4xf32>, %c: f32) {
  // expected-error @+1 {{'rise.pad_cst' op rule padCst l r c : n.t -> (l+n+r).t: padding must not be negative, got -1 and 2}}
  %0 = rise.pad_cst -1, 2 %a, %c : !rise.array<4xf32>, f32 -> !rise.array<5xf32>
  return
}

// -----

func.func @pad_cst_value(%a: !rise.array<4x2xf32>, %c: f32) {
  // expected-error @+1 {{'rise.pad_cst' op rule padCst l r c : n.t -> (l+n+r).t: the padding value must be !rise.array<2xf32>, got f32}}
  %0 = rise.pad_cst 1, 1 %a, %c : !rise.array<4x2xf32>, f32 -> !rise.array<6x2xf32>
  return
}

// -----

func.func @pad_cst_result(%a: !rise.array<4xf32>, %c: f32) {
  // expected-error @+1 {{'rise.pad_cst' op rule padCst l r c : n.t -> (l+n+r).t: result must be !rise.array<7xf32>, got !rise.array<6xf32>}}
  %0 = rise.pad_cst 1, 2 %a, %c : !rise.array<4xf32>, f32 -> !rise.array<6xf32>
  return
}

// -----

func.func @pad_clamp_not_array(%a: !rise.pair<f32, f32>) {
  // expected-error @+1 {{'rise.pad_clamp' op rule padClamp l r : n.t -> (l+n+r).t: input must be a !rise.array, got !rise.pair<f32, f32>}}
  %0 = rise.pad_clamp 1, 1 %a : !rise.pair<f32, f32> -> !rise.array<2xf32>
  return
}

// -----

func.func @pad_clamp_negative(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.pad_clamp' op rule padClamp l r : n.t -> (l+n+r).t: padding must not be negative, got 0 and -3}}
  %0 = rise.pad_clamp 0, -3 %a : !rise.array<4xf32> -> !rise.array<1xf32>
  return
}

// -----

func.func @pad_clamp_result(%a: !rise.array<4x3xf32>) {
  // expected-error @+1 {{'rise.pad_clamp' op rule padClamp l r : n.t -> (l+n+r).t: result must be !rise.array<6x3xf32>, got !rise.array<4x5xf32>}}
  %0 = rise.pad_clamp 1, 1 %a : !rise.array<4x3xf32> -> !rise.array<4x5xf32>
  return
}

//===----------------------------------------------------------------------===//
// generate, idx, literal
//===----------------------------------------------------------------------===//

// -----

func.func @generate_not_array() {
  // expected-error @+1 {{'rise.generate' op rule generate : (idx[n] -> t) -> n.t: result must be a !rise.array, got f32}}
  %0 = rise.generate : f32 {
  ^bb0(%i: index):
    %c = arith.constant 0.0 : f32
    rise.yield %c : f32
  }
  return
}

// -----

func.func @generate_arg_type() {
  // expected-error @+1 {{'rise.generate' op rule generate : (idx[n] -> t) -> n.t: parameter 0 must have type index, got i64}}
  %0 = rise.generate : !rise.array<4xi64> {
  ^bb0(%i: i64):
    rise.yield %i : i64
  }
  return
}

// -----

func.func @generate_arg_count(%c: f32) {
  // expected-error @+1 {{'rise.generate' op rule generate : (idx[n] -> t) -> n.t: the function takes 1 parameter(s) but the region has 0}}
  %0 = rise.generate : !rise.array<4xf32> {
    rise.yield %c : f32
  }
  return
}

// -----

func.func @generate_yield() {
  // expected-error @+1 {{'rise.generate' op rule generate : (idx[n] -> t) -> n.t: the function must yield f32, yields index}}
  %0 = rise.generate : !rise.array<4xf32> {
  ^bb0(%i: index):
    rise.yield %i : index
  }
  return
}

// -----

func.func @idx_not_array(%a: !rise.pair<f32, f32>, %i: index) {
  // expected-error @+1 {{'rise.idx' op rule idx : idx[n] -> n.t -> t: input must be a !rise.array, got !rise.pair<f32, f32>}}
  %0 = rise.idx %a[%i] : !rise.pair<f32, f32> -> f32
  return
}

// -----

func.func @idx_result(%a: !rise.array<4x2xf32>, %i: index) {
  // expected-error @+1 {{'rise.idx' op rule idx : idx[n] -> n.t -> t: result must be !rise.array<2xf32>, got f32}}
  %0 = rise.idx %a[%i] : !rise.array<4x2xf32> -> f32
  return
}

// -----

func.func @literal_sparse() {
  // expected-error @+1 {{'rise.literal' op rule literal: the value must be a dense elements attribute}}
  %0 = rise.literal sparse<[[0]], [1.0]> : tensor<2xf32> -> !rise.array<2xf32>
  return
}

// -----

func.func @literal_not_array() {
  // expected-error @+1 {{'rise.literal' op rule literal: result must be a !rise.array, got f32}}
  %0 = rise.literal dense<1.0> : tensor<1xf32> -> f32
  return
}

// -----

func.func @literal_rank0() {
  // expected-error @+1 {{'rise.literal' op rule literal: the value must be a statically shaped tensor of rank >= 1, got tensor<f32>}}
  %0 = rise.literal dense<1.0> : tensor<f32> -> !rise.array<1xf32>
  return
}

// -----

func.func @literal_shape() {
  // expected-error @+1 {{'rise.literal' op rule literal: a value of type tensor<2x3xf32> gives !rise.array<2x3xf32>, but the result is !rise.array<3x2xf32>}}
  %0 = rise.literal dense<1.0> : tensor<2x3xf32> -> !rise.array<3x2xf32>
  return
}

// -----

func.func @literal_element() {
  // expected-error @+1 {{'rise.literal' op rule literal: a value of type tensor<2xi32> gives !rise.array<2xi32>, but the result is !rise.array<2xi64>}}
  %0 = rise.literal dense<[1, 2]> : tensor<2xi32> -> !rise.array<2xi64>
  return
}

// -----

// A literal becomes an LLVM global of its size: at most 1 GiB
// (RISE_MAX_STATIC_BYTES, include/ariadne-c/Work.h).
func.func @literal_huge() {
  // expected-error @+1 {{'rise.literal' op rule literal: value tensor<4000000000xf32> is 16000000000 bytes, more than the 1073741824 a literal may hold}}
  %0 = rise.literal dense<1.0> : tensor<4000000000xf32> -> !rise.array<4000000000xf32>
  return
}

// -----

func.func @literal_huge_2d() {
  // expected-error @+1 {{'rise.literal' op rule literal: value tensor<4294967296x4294967296xi64> is more than 2^63-1 bytes, more than the 1073741824 a literal may hold}}
  %0 = rise.literal dense<1> : tensor<4294967296x4294967296xi64> -> !rise.array<4294967296x4294967296xi64>
  return
}

// -----

// Exactly 1 GiB is accepted.
func.func @literal_limit() {
  %0 = rise.literal dense<1> : tensor<268435456xi32> -> !rise.array<268435456xi32>
  return
}

//===----------------------------------------------------------------------===//
// to_mem, as_vector, as_scalar, vector_from_scalar
//===----------------------------------------------------------------------===//

// -----

func.func @to_mem_not_data(%a: tensor<4xf32>) {
  // expected-error @+1 {{'rise.to_mem' op result must be a rise data type (scalar, 1-D vector, pair or array), got tensor<4xf32>}}
  %0 = rise.to_mem local %a : tensor<4xf32>
  return
}

// -----

func.func @to_mem_bad_space(%a: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'addr' [global, local, private]}}
  %0 = rise.to_mem shared %a : f32
  return
}

// -----

func.func @as_vector_not_array(%a: vector<8xf32>) {
  // expected-error @+1 {{'rise.as_vector' op rule asVector m : (n*m).t -> n.<m>t: input must be a !rise.array, got vector<8xf32>}}
  %0 = rise.as_vector 4 %a : vector<8xf32> -> !rise.array<2xvector<4xf32>>
  return
}

// -----

func.func @as_vector_nested(%a: !rise.array<8x4xf32>) {
  // expected-error @+1 {{'rise.as_vector' op rule asVector m : (n*m).t -> n.<m>t: elements must be scalars, got !rise.array<4xf32>}}
  %0 = rise.as_vector 4 %a : !rise.array<8x4xf32> -> !rise.array<2xvector<4xf32>>
  return
}

// -----

func.func @as_vector_of_vectors(%a: !rise.array<8xvector<2xf32>>) {
  // expected-error @+1 {{'rise.as_vector' op rule asVector m : (n*m).t -> n.<m>t: elements must be scalars, got vector<2xf32>}}
  %0 = rise.as_vector 2 %a : !rise.array<8xvector<2xf32>> -> !rise.array<4xvector<2xf32>>
  return
}

// -----

func.func @as_vector_zero_width(%a: !rise.array<8xf32>) {
  // expected-error @+1 {{'rise.as_vector' op rule asVector m : (n*m).t -> n.<m>t: width must be positive, got 0}}
  %0 = rise.as_vector 0 %a : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
  return
}

// -----

func.func @as_vector_divisibility(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.as_vector' op rule asVector m : (n*m).t -> n.<m>t: input size 10 is not divisible by the vector width 4}}
  %0 = rise.as_vector 4 %a : !rise.array<10xf32> -> !rise.array<2xvector<4xf32>>
  return
}

// -----

func.func @as_vector_result(%a: !rise.array<8xf32>) {
  // expected-error @+1 {{'rise.as_vector' op rule asVector m : (n*m).t -> n.<m>t: result must be !rise.array<2xvector<4xf32>>, got !rise.array<4xvector<2xf32>>}}
  %0 = rise.as_vector 4 %a : !rise.array<8xf32> -> !rise.array<4xvector<2xf32>>
  return
}

// -----

func.func @as_scalar_not_array(%a: vector<8xf32>) {
  // expected-error @+1 {{'rise.as_scalar' op rule asScalar : n.<m>t -> (n*m).t: input must be a !rise.array, got vector<8xf32>}}
  %0 = rise.as_scalar %a : vector<8xf32> -> !rise.array<8xf32>
  return
}

// -----

func.func @as_scalar_of_scalars(%a: !rise.array<8xf32>) {
  // expected-error @+1 {{'rise.as_scalar' op rule asScalar : n.<m>t -> (n*m).t: elements must be 1-D vectors, got f32}}
  %0 = rise.as_scalar %a : !rise.array<8xf32> -> !rise.array<8xf32>
  return
}

// -----

func.func @as_scalar_result(%a: !rise.array<3xvector<4xi32>>) {
  // expected-error @+1 {{'rise.as_scalar' op rule asScalar : n.<m>t -> (n*m).t: result must be !rise.array<12xi32>, got !rise.array<12xf32>}}
  %0 = rise.as_scalar %a : !rise.array<3xvector<4xi32>> -> !rise.array<12xf32>
  return
}

// -----

func.func @vector_from_scalar_input(%a: vector<4xf32>) {
  // expected-error @+1 {{'rise.vector_from_scalar' op rule vectorFromScalar : t -> <m>t: input must be a scalar, got vector<4xf32>}}
  %0 = rise.vector_from_scalar %a : vector<4xf32> -> vector<4xf32>
  return
}

// -----

func.func @vector_from_scalar_element(%a: f32) {
  // expected-error @+1 {{'rise.vector_from_scalar' op rule vectorFromScalar : t -> <m>t: result must be a 1-D vector of f32, got vector<4xf64>}}
  %0 = rise.vector_from_scalar %a : f32 -> vector<4xf64>
  return
}

// -----

func.func @vector_from_scalar_not_vector(%a: f32) {
  // expected-error @+1 {{'rise.vector_from_scalar' op rule vectorFromScalar : t -> <m>t: result must be a 1-D vector of f32, got !rise.array<4xf32>}}
  %0 = rise.vector_from_scalar %a : f32 -> !rise.array<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// circular_buffer, rotate_values
//===----------------------------------------------------------------------===//

// -----

func.func @cbuf_result_not_array(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: result must be a !rise.array, got f32}}
  %0 = rise.circular_buffer global 3, 3 %a : !rise.array<10xf32> -> f32 {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @cbuf_result_flat(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: result element must be a !rise.array, got f32}}
  %0 = rise.circular_buffer global 3, 3 %a : !rise.array<10xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

// The ring of alloc slots is at most 1 GiB (RISE_MAX_STATIC_BYTES), and
// its byte count must not overflow int64.
func.func @cbuf_alloc_overflow(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: a ring of 9223372036854775807 slots of f32 is more than 2^63-1 bytes, more than the 1073741824 a circular buffer may hold}}
  %0 = rise.circular_buffer global 9223372036854775807, 3 %a : !rise.array<10xf32> -> !rise.array<8x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @cbuf_alloc_huge(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: a ring of 4294967295 slots of f32 is 17179869180 bytes, more than the 1073741824 a circular buffer may hold}}
  %0 = rise.circular_buffer private 4294967295, 3 %a : !rise.array<10xf32> -> !rise.array<8x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @cbuf_alloc_huge_lines(%a: !rise.array<10x1024xf64>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: a ring of 131073 slots of !rise.array<1024xf64> is 1073750016 bytes, more than the 1073741824 a circular buffer may hold}}
  %0 = rise.circular_buffer global 131073, 3 %a : !rise.array<10x1024xf64> -> !rise.array<8x3x1024xf64> {
  ^bb0(%x: !rise.array<1024xf64>):
    rise.yield %x : !rise.array<1024xf64>
  }
  return
}

// -----

func.func @cbuf_alloc_too_small(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: alloc 2 must be at least the window size 3}}
  %0 = rise.circular_buffer local 2, 3 %a : !rise.array<10xf32> -> !rise.array<8x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @cbuf_input_not_array(%a: f32) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: input must be a !rise.array, got f32}}
  %0 = rise.circular_buffer global 3, 3 %a : f32 -> !rise.array<8x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @cbuf_zero_size(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: window size and step must be positive, got 0 and 1}}
  %0 = rise.circular_buffer global 3, 0 %a : !rise.array<10xf32> -> !rise.array<8x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @cbuf_window_too_big(%a: !rise.array<2xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: input size 2 is smaller than the window size 3}}
  %0 = rise.circular_buffer global 4, 3 %a : !rise.array<2xf32> -> !rise.array<1x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

// 10 = n + 3 - 1 gives n = 8 windows.
func.func @cbuf_result(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: result must be !rise.array<8x3xf32>, got !rise.array<10x3xf32>}}
  %0 = rise.circular_buffer global 3, 3 %a : !rise.array<10xf32> -> !rise.array<10x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @cbuf_load_arg(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: parameter 0 must have type f32, got f64}}
  %0 = rise.circular_buffer global 3, 3 %a : !rise.array<10xf32> -> !rise.array<8x3xf64> {
  ^bb0(%x: f64):
    rise.yield %x : f64
  }
  return
}

// -----

func.func @cbuf_load_yield(%a: !rise.array<10xf32>) {
  // expected-error @+1 {{'rise.circular_buffer' op rule circularBuffer a alloc m load : (n+m-1).s -> n.m.t: the function must yield f64, yields f32}}
  %0 = rise.circular_buffer global 3, 3 %a : !rise.array<10xf32> -> !rise.array<8x3xf64> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @rotate_not_array(%a: vector<4xf32>) {
  // expected-error @+1 {{'rise.rotate_values' op rule rotateValues a m write : (n+m-1).t -> n.m.t: input must be a !rise.array, got vector<4xf32>}}
  %0 = rise.rotate_values private 3 %a : vector<4xf32> -> !rise.array<2x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @rotate_zero_size(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.rotate_values' op rule rotateValues a m write : (n+m-1).t -> n.m.t: window size and step must be positive, got 0 and 1}}
  %0 = rise.rotate_values private 0 %a : !rise.array<4xf32> -> !rise.array<2x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @rotate_window_too_big(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{'rise.rotate_values' op rule rotateValues a m write : (n+m-1).t -> n.m.t: input size 4 is smaller than the window size 5}}
  %0 = rise.rotate_values private 5 %a : !rise.array<4xf32> -> !rise.array<1x5xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @rotate_result(%a: !rise.array<6xf32>) {
  // expected-error @+1 {{'rise.rotate_values' op rule rotateValues a m write : (n+m-1).t -> n.m.t: result must be !rise.array<4x3xf32>, got !rise.array<4x3xf64>}}
  %0 = rise.rotate_values private 3 %a : !rise.array<6xf32> -> !rise.array<4x3xf64> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

// The write function is t -> t: it cannot change the element type.
func.func @rotate_write_type(%a: !rise.array<6xf32>) {
  // expected-error @+1 {{'rise.rotate_values' op rule rotateValues a m write : (n+m-1).t -> n.m.t: the function must yield f32, yields f64}}
  %0 = rise.rotate_values private 3 %a : !rise.array<6xf32> -> !rise.array<4x3xf32> {
  ^bb0(%x: f32):
    %y = arith.extf %x : f32 to f64
    rise.yield %y : f64
  }
  return
}

// -----

func.func @rotate_write_args(%a: !rise.array<6xf32>) {
  // expected-error @+1 {{'rise.rotate_values' op rule rotateValues a m write : (n+m-1).t -> n.m.t: the function takes 1 parameter(s) but the region has 2}}
  %0 = rise.rotate_values private 3 %a : !rise.array<6xf32> -> !rise.array<4x3xf32> {
  ^bb0(%x: f32, %y: f32):
    rise.yield %x : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// kernel
//===----------------------------------------------------------------------===//

// -----

func.func @kernel_no_dims(%s: f32) {
  // expected-error @+1 {{'rise.kernel' op rule oclRun(local, global): local and global sizes need the same number of dimensions, 1 to 3; got 0 and 0}}
  %0 = rise.kernel local [] global [] : f32 {
    rise.yield %s : f32
  }
  return
}

// -----

func.func @kernel_four_dims(%s: f32) {
  // expected-error @+1 {{'rise.kernel' op rule oclRun(local, global): local and global sizes need the same number of dimensions, 1 to 3; got 4 and 4}}
  %0 = rise.kernel local [1, 1, 1, 1] global [1, 1, 1, 1] : f32 {
    rise.yield %s : f32
  }
  return
}

// -----

func.func @kernel_rank_mismatch(%s: f32) {
  // expected-error @+1 {{'rise.kernel' op rule oclRun(local, global): local and global sizes need the same number of dimensions, 1 to 3; got 2 and 1}}
  %0 = rise.kernel local [16, 16] global [256] : f32 {
    rise.yield %s : f32
  }
  return
}

// -----

func.func @kernel_zero_local(%s: f32) {
  // expected-error @+1 {{'rise.kernel' op rule oclRun(local, global): sizes must be positive, dimension 1 has local 0 and global 16}}
  %0 = rise.kernel local [4, 0] global [16, 16] : f32 {
    rise.yield %s : f32
  }
  return
}

// -----

func.func @kernel_negative_global(%s: f32) {
  // expected-error @+1 {{'rise.kernel' op rule oclRun(local, global): sizes must be positive, dimension 0 has local 4 and global -16}}
  %0 = rise.kernel local [4] global [-16] : f32 {
    rise.yield %s : f32
  }
  return
}

// -----

func.func @kernel_not_multiple(%s: f32) {
  // expected-error @+1 {{'rise.kernel' op rule oclRun(local, global): global size 100 is not a multiple of local size 16 in dimension 2}}
  %0 = rise.kernel local [1, 1, 16] global [8, 8, 100] : f32 {
    rise.yield %s : f32
  }
  return
}

// -----

func.func @kernel_with_params(%s: f32) {
  // expected-error @+1 {{'rise.kernel' op rule oclRun(local, global): the function takes 0 parameter(s) but the region has 1}}
  %0 = rise.kernel local [1] global [1] : f32 {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @kernel_yield(%s: f32) {
  // expected-error @+1 {{'rise.kernel' op rule oclRun(local, global): the function must yield !rise.array<4xf32>, yields f32}}
  %0 = rise.kernel local [1] global [1] : !rise.array<4xf32> {
    rise.yield %s : f32
  }
  return
}

// -----

func.func @kernel_result_not_data(%s: f32) {
  // expected-error @+1 {{'rise.kernel' op result must be a rise data type (scalar, 1-D vector, pair or array), got none}}
  %0 = rise.kernel local [1] global [1] : none {
    rise.yield %s : f32
  }
  return
}

// -----

// A literal's value must be a tensor, not a vector.
func.func @literal_vector_value() {
  // expected-error @+1 {{'rise.literal' op rule literal: the value must be a statically shaped tensor of rank >= 1, got vector<2xf32>}}
  %0 = rise.literal dense<[1.0, 2.0]> : vector<2xf32> -> !rise.array<2xf32>
  return
}

// -----

func.func @in_empty_dimension(%m: memref<0x4xf32>) {
  // expected-error @+1 {{'rise.in' op rule memref-view: memref memref<0x4xf32> has an empty dimension, but rise arrays have at least one element}}
  %0 = rise.in %m : memref<0x4xf32> -> !rise.array<4xf32>
  return
}

// -----

func.func @map_over_vector_needs_vec(%a: vector<4xf32>) {
  // expected-error @+1 {{'rise.map' op rule map: input vector<4xf32> is a vector; map over vector lanes is 'rise.map vec'}}
  %0 = rise.map %a : vector<4xf32> -> vector<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

// rotateValues' write rotates values between iterations: it must be the
// identity (thesis 3.4), not any t -> t function.
func.func @rotate_values_write_not_identity(%a: !rise.array<6xf32>) {
  // expected-error @+1 {{'rise.rotate_values' op rule rotateValues a m write : (n+m-1).t -> n.m.t: write must be the identity function (yield its parameter)}}
  %0 = rise.rotate_values private 3 %a : !rise.array<6xf32> -> !rise.array<4x3xf32> {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
    rise.yield %y : f32
  }
  return
}

// -----

// Sizes computed from operand sizes must not overflow (found by fuzz.mutate).
func.func @join_overflow(%a: !rise.array<4294967297x4294967297xf32>) {
  // expected-error @+1 {{'rise.join' op rule join : n.m.t -> (n*m).t: the result size 4294967297 * 4294967297 does not fit in 64 bits}}
  %0 = rise.join %a : !rise.array<4294967297x4294967297xf32> -> !rise.array<4xf32>
  return
}

// -----

func.func @pad_overflow(%a: !rise.array<9223372036854775807xf32>) {
  // expected-error @+1 {{'rise.pad_clamp' op rule padClamp l r : n.t -> (l+n+r).t: the result size 1 + 9223372036854775807 + 0 does not fit in 64 bits}}
  %0 = rise.pad_clamp 1, 0 %a : !rise.array<9223372036854775807xf32> -> !rise.array<4xf32>
  return
}

// -----

func.func @as_scalar_overflow(%a: !rise.array<4611686018427387904xvector<4xf32>>) {
  // expected-error @+1 {{'rise.as_scalar' op rule asScalar : n.<m>t -> (n*m).t: the result size 4611686018427387904 * 4 does not fit in 64 bits}}
  %0 = rise.as_scalar %a : !rise.array<4611686018427387904xvector<4xf32>> -> !rise.array<4xf32>
  return
}
