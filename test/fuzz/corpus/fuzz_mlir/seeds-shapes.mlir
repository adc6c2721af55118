// Fuzz seed: the shape-changing patterns (split, join, transpose, slide,
// pad_cst, pad_clamp) and array sources (generate, idx, literal).
func.func @stencil(%a: memref<8xf32>, %o: memref<6xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  %c = arith.constant 0.0 : f32
  %p = rise.pad_cst 1, 1 %x, %c : !rise.array<8xf32>, f32 -> !rise.array<10xf32>
  %q = rise.pad_clamp 1, 0 %p : !rise.array<10xf32> -> !rise.array<11xf32>
  %w = rise.slide 3, 2 %q : !rise.array<11xf32> -> !rise.array<5x3xf32>
  %s = rise.map %w : !rise.array<5x3xf32> -> !rise.array<5xf32> {
  ^bb0(%win: !rise.array<3xf32>):
    %z = arith.constant 0.0 : f32
    %t = rise.reduce %z, %win : f32, !rise.array<3xf32> -> f32 {
    ^bb0(%acc: f32, %v: f32):
      %u = arith.addf %acc, %v : f32
      rise.yield %u : f32
    }
    rise.yield %t : f32
  }
  %l = rise.literal dense<[2.5]> : tensor<1xf32> -> !rise.array<1xf32>
  %i0 = arith.constant 0 : index
  %k = rise.idx %l[%i0] : !rise.array<1xf32> -> f32
  %g = rise.generate : !rise.array<1xf32> {
  ^bb0(%i: index):
    rise.yield %k : f32
  }
  %sg = rise.pad_cst 0, 0 %s, %k : !rise.array<5xf32>, f32 -> !rise.array<5xf32>
  %all = rise.pad_cst 0, 1 %sg, %k : !rise.array<5xf32>, f32 -> !rise.array<6xf32>
  rise.out %all, %o : !rise.array<6xf32>, memref<6xf32>
  return
}

func.func @tiles(%a: memref<4x6xi32>, %o: memref<24xi32>) {
  %x = rise.in %a : memref<4x6xi32> -> !rise.array<4x6xi32>
  %t = rise.transpose %x : !rise.array<4x6xi32> -> !rise.array<6x4xi32>
  %j = rise.join %t : !rise.array<6x4xi32> -> !rise.array<24xi32>
  %s = rise.split 8 %j : !rise.array<24xi32> -> !rise.array<3x8xi32>
  %m = rise.map seq %s : !rise.array<3x8xi32> -> !rise.array<3x8xi32> {
  ^bb0(%row: !rise.array<8xi32>):
    %r = rise.map unroll %row : !rise.array<8xi32> -> !rise.array<8xi32> {
    ^bb0(%v: i32):
      %two = arith.constant 2 : i32
      %y = arith.muli %v, %two : i32
      rise.yield %y : i32
    }
    rise.yield %r : !rise.array<8xi32>
  }
  %out = rise.join %m : !rise.array<3x8xi32> -> !rise.array<24xi32>
  rise.out %out, %o : !rise.array<24xi32>, memref<24xi32>
  return
}
