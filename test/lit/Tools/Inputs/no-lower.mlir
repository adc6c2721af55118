// A function convert-rise-to-affine does not lower (an accumulator of
// arrays of pairs): ariadne-rl --env=upstream names it at the op.
func.func @pair_array_accumulator(%x: memref<4x3xf32>, %o: memref<3xf32>) {
  %a = rise.in %x : memref<4x3xf32> -> !rise.array<4x3xf32>
  %z = rise.generate : !rise.array<3xf32> {
  ^bb0(%i: index):
    %c = arith.constant 0.0 : f32
    rise.yield %c : f32
  }
  %zz = rise.zip %z, %z : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
  %r = rise.reduce seq %zz, %a : !rise.array<3x!rise.pair<f32, f32>>, !rise.array<4x3xf32> -> !rise.array<3x!rise.pair<f32, f32>> {
  ^bb0(%acc: !rise.array<3x!rise.pair<f32, f32>>, %row: !rise.array<3xf32>):
    rise.yield %acc : !rise.array<3x!rise.pair<f32, f32>>
  }
  %u:2 = rise.unzip %r : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32>, !rise.array<3xf32>
  rise.out %u#0, %o : !rise.array<3xf32>, memref<3xf32>
  return
}

