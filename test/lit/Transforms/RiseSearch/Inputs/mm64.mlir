// matmul 64 x 64 x 64 as written (test/examples/matmul.mlir's form).
func.func @matmul64(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %a = rise.in %A : memref<64x64xf32> -> !rise.array<64x64xf32>
  %b = rise.in %B : memref<64x64xf32> -> !rise.array<64x64xf32>
  %bt = rise.transpose %b : !rise.array<64x64xf32> -> !rise.array<64x64xf32>
  %zero = arith.constant 0.0 : f32
  %c = rise.map %a : !rise.array<64x64xf32> -> !rise.array<64x64xf32> {
  ^bb0(%arow: !rise.array<64xf32>):
    %crow = rise.map %bt : !rise.array<64x64xf32> -> !rise.array<64xf32> {
    ^bb0(%bcol: !rise.array<64xf32>):
      %dzip = rise.zip %arow, %bcol : !rise.array<64xf32>, !rise.array<64xf32> -> !rise.array<64x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<64x!rise.pair<f32, f32>> -> !rise.array<64xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<64xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %crow : !rise.array<64xf32>
  }
  rise.out %c, %C : !rise.array<64x64xf32>, memref<64x64xf32>
  return
}
