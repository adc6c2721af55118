// A 100x123 by 123x77 matmul: no tile size of rise-search divides its sizes.
func.func @mm_odd(%A: memref<100x123xf32>, %B: memref<123x77xf32>, %C: memref<100x77xf32>) {
  %a = rise.in %A : memref<100x123xf32> -> !rise.array<100x123xf32>
  %b = rise.in %B : memref<123x77xf32> -> !rise.array<123x77xf32>
  %bt = rise.transpose %b : !rise.array<123x77xf32> -> !rise.array<77x123xf32>
  %c = rise.map %a : !rise.array<100x123xf32> -> !rise.array<100x77xf32> {
  ^bb0(%row: !rise.array<123xf32>):
    %r = rise.map %bt : !rise.array<77x123xf32> -> !rise.array<77xf32> {
    ^bb0(%col: !rise.array<123xf32>):
      %z = rise.zip %row, %col : !rise.array<123xf32>, !rise.array<123xf32> -> !rise.array<123x!rise.pair<f32, f32>>
      %m = rise.map %z : !rise.array<123x!rise.pair<f32, f32>> -> !rise.array<123xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %x = rise.fst %p : !rise.pair<f32, f32> -> f32
        %y = rise.snd %p : !rise.pair<f32, f32> -> f32
        %t = arith.mulf %x, %y : f32
        rise.yield %t : f32
      }
      %zero = arith.constant 0.0 : f32
      %s = rise.reduce %zero, %m : f32, !rise.array<123xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %t = arith.addf %acc, %v : f32
        rise.yield %t : f32
      }
      rise.yield %s : f32
    }
    rise.yield %r : !rise.array<77xf32>
  }
  rise.out %c, %C : !rise.array<100x77xf32>, memref<100x77xf32>
  return
}
