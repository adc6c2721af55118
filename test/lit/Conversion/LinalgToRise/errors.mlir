// What convert-linalg-to-rise cannot import: each case is an error at the
// op that names it and the reason, mlir-opt exits non-zero, and nothing is
// imported (one case per split).

// RUN: not %rise-opt %s --split-input-file --pass-pipeline='builtin.module(convert-linalg-to-rise)' -o /dev/null 2>&1 | FileCheck %s

// CHECK: errors.mlir:{{[0-9]+}}:1: error: convert-linalg-to-rise: cannot import 'func.func': argument #0: dynamic shapes
// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'linalg.generic': operand #0: dynamic shapes are not imported
func.func @dynamic(%a: tensor<?xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'linalg.generic': indexing map #0 uses loop d0 twice (a diagonal is not a projected permutation)
func.func @diagonal(%a: tensor<4x4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i, i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<4x4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'linalg.generic': indexing map #0 (affine_map<(d0) -> (d0 * 2)>) is not a projected permutation
func.func @strided(%a: tensor<8xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i * 2)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'linalg.generic': the body op 'math.exp2' has no rise meaning
func.func @body_op(%a: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp2 %x : f32
    linalg.yield %e : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'linalg.generic': the body reads loop indices (linalg.index)
func.func @index(%o: tensor<4xindex>) -> tensor<4xindex> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%o : tensor<4xindex>) {
  ^bb0(%y: index):
    %i = linalg.index 0 : index
    linalg.yield %i : index
  } -> tensor<4xindex>
  return %r : tensor<4xindex>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'tensor.extract_slice': 'tensor.extract_slice' on tensors has no rise meaning
func.func @slice(%a: tensor<8xf32>) -> tensor<4xf32> {
  %s = tensor.extract_slice %a[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'linalg.generic': the body reads the output, whose tensor.empty contents are undefined
func.func @empty_read(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:10: error: convert-linalg-to-rise: cannot import 'linalg.generic': it has 2 outputs (one is imported)
func.func @two_outputs(%a: tensor<4xf32>, %o: tensor<4xf32>, %p: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%o, %p : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    linalg.yield %x, %x : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:1: error: convert-linalg-to-rise: cannot import 'func.func': argument #0: the element type is not a rise scalar
// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'linalg.generic': operand #0: the element type is not a rise scalar
func.func @f16(%a: tensor<4xf16>, %o: tensor<4xf16>) -> tensor<4xf16> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf16>) outs(%o : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16):
    linalg.yield %x : f16
  } -> tensor<4xf16>
  return %r : tensor<4xf16>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:3: error: convert-linalg-to-rise: cannot import 'memref.copy': 'memref.copy' on memrefs has no rise meaning
func.func @memref_copy(%a: memref<4xf32>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return
}

// -----

// A tensor function's results must be tensors.
// CHECK: errors.mlir:{{[0-9]+}}:1: error: convert-linalg-to-rise: cannot import 'func.func': result #1: a result that is not a tensor
// CHECK: errors.mlir:{{[0-9]+}}:3: error: convert-linalg-to-rise: cannot import 'func.return': result #1 is not a tensor
func.func @scalar_result(%a: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c = arith.constant 1.0 : f32
  return %a, %c : tensor<4xf32>, f32
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:5: error: convert-linalg-to-rise: cannot import 'linalg.fill': it is inside 'scf.for' (only the top-level ops of a function are imported)
func.func @in_loop(%b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c2 step %c1 {
    linalg.fill ins(%z : f32) outs(%b : memref<4xf32>)
  }
  return
}

// -----

// A named op is named in its diagnostic, though it was generalised first.
// CHECK: errors.mlir:{{[0-9]+}}:3: error: convert-linalg-to-rise: cannot import 'linalg.matmul': operand #0: dynamic shapes are not imported
func.func @named_dynamic(%a: memref<?x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) {
  linalg.matmul ins(%a, %b : memref<?x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  return
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'tensor.collapse_shape': a reshape to or from rank 0
func.func @rank0(%a: tensor<1x1xf32>) -> tensor<f32> {
  %s = tensor.collapse_shape %a [] : tensor<1x1xf32> into tensor<f32>
  return %s : tensor<f32>
}

// -----

// CHECK: errors.mlir:{{[0-9]+}}:8: error: convert-linalg-to-rise: cannot import 'tensor.pad': the padding value depends on the index
func.func @pad_by_index(%a: tensor<4xindex>) -> tensor<6xindex> {
  %p = tensor.pad %a low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<4xindex> to tensor<6xindex>
  return %p : tensor<6xindex>
}
