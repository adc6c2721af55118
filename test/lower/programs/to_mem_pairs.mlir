// A to_mem of an array of pairs: no single memref holds
// array<6 x pair<array<4>, f32>>, so the lowering stores it as a pair of
// buffers, one per component (as it does for arrays of pairs it
// materialises), written once and read through a window of 3 rows.
// Rise-search's Harris (fused stages yielding a pair of lines, stored
// global, then chunked with circular buffers) needs it
// (test/lit/Conversion/RiseToAffine/to_mem_pairs.mlir checks the buffers).
func.func @to_mem_pairs(%x: memref<6x4xf32>, %y: memref<6xf32>, %out: memref<4x4xf32>) {
  %in = rise.in %x : memref<6x4xf32> -> !rise.array<6x4xf32>
  %ys = rise.in %y : memref<6xf32> -> !rise.array<6xf32>
  %z = rise.zip %in, %ys : !rise.array<6x4xf32>, !rise.array<6xf32> -> !rise.array<6x!rise.pair<!rise.array<4xf32>, f32>>
  %m = rise.to_mem global %z : !rise.array<6x!rise.pair<!rise.array<4xf32>, f32>>
  %win = rise.slide 3, 1 %m : !rise.array<6x!rise.pair<!rise.array<4xf32>, f32>> -> !rise.array<4x3x!rise.pair<!rise.array<4xf32>, f32>>
  %res = rise.map %win : !rise.array<4x3x!rise.pair<!rise.array<4xf32>, f32>> -> !rise.array<4x4xf32> {
  ^bb0(%w3: !rise.array<3x!rise.pair<!rise.array<4xf32>, f32>>):
    %i0 = arith.constant 0 : index
    %i2 = arith.constant 2 : index
    %top = rise.idx %w3[%i0] : !rise.array<3x!rise.pair<!rise.array<4xf32>, f32>> -> !rise.pair<!rise.array<4xf32>, f32>
    %bot = rise.idx %w3[%i2] : !rise.array<3x!rise.pair<!rise.array<4xf32>, f32>> -> !rise.pair<!rise.array<4xf32>, f32>
    %row = rise.fst %top : !rise.pair<!rise.array<4xf32>, f32> -> !rise.array<4xf32>
    %s = rise.snd %bot : !rise.pair<!rise.array<4xf32>, f32> -> f32
    %r = rise.map %row : !rise.array<4xf32> -> !rise.array<4xf32> {
    ^bb0(%e: f32):
      %t = arith.mulf %e, %s : f32
      rise.yield %t : f32
    }
    rise.yield %r : !rise.array<4xf32>
  }
  rise.out %res, %out : !rise.array<4x4xf32>, memref<4x4xf32>
  return
}
