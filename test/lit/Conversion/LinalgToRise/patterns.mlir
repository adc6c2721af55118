// How convert-linalg-to-rise writes each linalg construct in rise; the
// differential tests (test/import) check that the meaning is kept.

// RUN: %rise-opt %s --split-input-file --pass-pipeline='builtin.module(convert-linalg-to-rise)' | FileCheck %s

// Parallel loops -> map over zipped operands; a transposed input ->
// rise.transpose (once, before the loops); a reduction with `acc + f(x)` -> reduce (+) acc (map f);
// the output (C) is the fold's initial value; tensor arguments -> rise.in
// of memrefs, the result -> an appended memref written by rise.out.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.*]]: memref<4x5xf32>, %[[B:.*]]: memref<5x3xf32>, %[[C:.*]]: memref<4x3xf32>, %[[R:.*]]: memref<4x3xf32>)
// CHECK: %[[a:.*]] = rise.in %[[A]]
// CHECK: %[[b:.*]] = rise.in %[[B]]
// CHECK: %[[c:.*]] = rise.in %[[C]]
// CHECK: %[[bt:.*]] = rise.transpose %[[b]] : !rise.array<5x3xf32> -> !rise.array<3x5xf32>
// CHECK: rise.zip %[[a]], %[[c]]
// CHECK: rise.map
// CHECK: rise.zip %[[bt]]
// CHECK: rise.map
// CHECK: arith.mulf
// CHECK: rise.reduce %{{.*}}, %{{.*}} : f32, !rise.array<5xf32> -> f32
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.addf
// CHECK: rise.out %{{.*}}, %[[R]] : !rise.array<4x3xf32>, memref<4x3xf32>
// CHECK-NEXT: return
// CHECK-NOT: linalg.
func.func @matmul(%a: tensor<4x5xf32>, %b: tensor<5x3xf32>, %c: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<5x3xf32>) outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// A loop no operand varies along (a broadcast) -> rise.generate; the
// scalar is captured.
// CHECK-LABEL: func.func @fill(
// CHECK: rise.generate : !rise.array<2x3xf32>
// CHECK: rise.generate : !rise.array<3xf32>
// CHECK-NEXT: ^bb0(%{{.*}}: index):
// CHECK-NEXT: rise.yield %arg0 : f32
func.func @fill(%x: f32) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.fill ins(%x : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// A reduction body that is not `acc OP f(x)` -> reduce seq over the
// inputs, with the body as the lambda (linalg's order kept).
// CHECK-LABEL: func.func @reduce_seq(
// CHECK: rise.reduce seq %{{.*}}, %{{.*}} : f32, !rise.array<7xf32> -> f32
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @reduce_seq(%a: tensor<6x7xf32>, %init: tensor<6xf32>) -> tensor<6xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x7xf32>) outs(%init : tensor<6xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %h = arith.constant 0.5 : f32
    %m = arith.mulf %acc, %h : f32
    %s = arith.addf %m, %x : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

// A constant index in an indexing map -> rise.idx.
// CHECK-LABEL: func.func @row1(
// CHECK: %[[one:.*]] = arith.constant 1 : index
// CHECK: rise.idx %{{.*}}[%[[one]]] : !rise.array<3x5xf32> -> !rise.array<5xf32>
func.func @row1(%a: tensor<3x5xf32>) -> tensor<5xf32> {
  %e = tensor.empty() : tensor<5xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(j) -> (1, j)>, affine_map<(j) -> (j)>], iterator_types = ["parallel"]}
      ins(%a : tensor<3x5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

// A window `s*p + d*r` -> rise.slide (size (R-1)*d+1, step s); a dilation
// picks every d-th element with generate/idx.
// CHECK-LABEL: func.func @conv1d(
// CHECK: rise.slide 3, 1 %{{.*}} : !rise.array<10x1xf32> -> !rise.array<8x3x1xf32>
// CHECK-LABEL: func.func @conv1d_s2_d2(
// CHECK: rise.slide 5, 2 %{{.*}} : !rise.array<11x1xf32> -> !rise.array<4x5x1xf32>
// CHECK: rise.generate : !rise.array<3x1xf32>
// CHECK: arith.muli
func.func @conv1d(%i: tensor<1x10x1xf32>, %f: tensor<3x1x1xf32>, %o: tensor<1x8x1xf32>) -> tensor<1x8x1xf32> {
  %r = linalg.conv_1d_nwc_wcf {strides = dense<1> : tensor<1xi64>, dilations = dense<1> : tensor<1xi64>} ins(%i, %f : tensor<1x10x1xf32>, tensor<3x1x1xf32>) outs(%o : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
  return %r : tensor<1x8x1xf32>
}
func.func @conv1d_s2_d2(%i: tensor<1x11x1xf32>, %f: tensor<3x1x1xf32>, %o: tensor<1x4x1xf32>) -> tensor<1x4x1xf32> {
  %r = linalg.conv_1d_nwc_wcf {strides = dense<2> : tensor<1xi64>, dilations = dense<2> : tensor<1xi64>} ins(%i, %f : tensor<1x11x1xf32>, tensor<3x1x1xf32>) outs(%o : tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  return %r : tensor<1x4x1xf32>
}

// -----

// Reshapes -> rise.join / rise.split; a dense constant -> rise.literal.
// CHECK-LABEL: func.func @reshape(
// CHECK: rise.literal dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32> -> !rise.array<2xf32>
// CHECK: rise.join %{{.*}} : !rise.array<2x3xf32> -> !rise.array<6xf32>
// CHECK: rise.split 2 %{{.*}} : !rise.array<6xf32> -> !rise.array<3x2xf32>
func.func @reshape(%a: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2xf32>) {
  %k = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %f = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %g = tensor.expand_shape %f [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  return %g, %k : tensor<3x2xf32>, tensor<2xf32>
}

// -----

// A memref function keeps its signature: each op reads with rise.in right
// before it and writes with rise.out, in order.
// CHECK-LABEL: func.func @memref_fn(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
// CHECK: rise.generate
// CHECK: rise.out %{{.*}}, %arg1
// CHECK: rise.in %arg0
// CHECK: rise.in %arg1
// CHECK: rise.map
// CHECK: rise.out %{{.*}}, %arg1
func.func @memref_fn(%a: memref<4xf32>, %b: memref<4xf32>) {
  %z = arith.constant 1.0 : f32
  linalg.fill ins(%z : f32) outs(%b : memref<4xf32>)
  linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

// tensor.pad with one value -> rise.pad_cst per padded dimension,
// innermost first; an outer dimension is padded with a whole inner row of
// the value (a rise.generate).
// CHECK-LABEL: func.func @pad(
// CHECK: rise.map
// CHECK: rise.pad_cst 0, 1 %{{.*}}, %{{.*}} : !rise.array<4xf32>, f32 -> !rise.array<5xf32>
// CHECK: %[[row:.*]] = rise.generate : !rise.array<5xf32>
// CHECK: rise.pad_cst 1, 2 %{{.*}}, %[[row]] : !rise.array<3x5xf32>, !rise.array<5xf32> -> !rise.array<6x5xf32>
func.func @pad(%a: tensor<3x4xf32>) -> tensor<6x5xf32> {
  %z = arith.constant 0.5 : f32
  %p = tensor.pad %a low[1, 0] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<3x4xf32> to tensor<6x5xf32>
  return %p : tensor<6x5xf32>
}
