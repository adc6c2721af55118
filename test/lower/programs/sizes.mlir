// The same ops at other sizes: 1-element arrays, a single vector, widths
// of 8 lanes, odd row counts for par, and a circular buffer whose alloc is
// a power of two larger than the window.

func.func @par_odd_rows(%x: memref<7x8xf32>, %o: memref<7x8xf32>) {
  %a = rise.in %x : memref<7x8xf32> -> !rise.array<7x8xf32>
  %m = rise.map par %a : !rise.array<7x8xf32> -> !rise.array<7x8xf32> {
  ^bb0(%row: !rise.array<8xf32>):
    %v = rise.as_vector 8 %row : !rise.array<8xf32> -> !rise.array<1xvector<8xf32>>
    %w = rise.map %v : !rise.array<1xvector<8xf32>> -> !rise.array<1xvector<8xf32>> {
    ^bb0(%e: vector<8xf32>):
      %f = rise.map vec %e : vector<8xf32> -> vector<8xf32> {
      ^bb0(%l: f32):
        %c = arith.constant 0.0 : f32
        %p = arith.cmpf ogt, %l, %c : f32
        %q = arith.select %p, %l, %c : f32
        rise.yield %q : f32
      }
      rise.yield %f : vector<8xf32>
    }
    %sc = rise.as_scalar %w : !rise.array<1xvector<8xf32>> -> !rise.array<8xf32>
    rise.yield %sc : !rise.array<8xf32>
  }
  rise.out %m, %o : !rise.array<7x8xf32>, memref<7x8xf32>
  return
}

func.func @one_element(%x: memref<1xf32>, %o: memref<1xf32>) {
  %a = rise.in %x : memref<1xf32> -> !rise.array<1xf32>
  %p = rise.pad_clamp 0, 0 %a : !rise.array<1xf32> -> !rise.array<1xf32>
  %s = rise.slide 1, 1 %p : !rise.array<1xf32> -> !rise.array<1x1xf32>
  %j = rise.join %s : !rise.array<1x1xf32> -> !rise.array<1xf32>
  rise.out %j, %o : !rise.array<1xf32>, memref<1xf32>
  return
}

func.func @circular_pow2(%x: memref<33xf32>, %o: memref<29xf32>) {
  %a = rise.in %x : memref<33xf32> -> !rise.array<33xf32>
  %z = arith.constant 0.0 : f32
  %nb = rise.circular_buffer global 8, 5 %a : !rise.array<33xf32> -> !rise.array<29x5xf32> {
  ^bb0(%e: f32):
    rise.yield %e : f32
  }
  %r = rise.map seq %nb : !rise.array<29x5xf32> -> !rise.array<29xf32> {
  ^bb0(%w: !rise.array<5xf32>):
    %s = rise.reduce unroll %z, %w : f32, !rise.array<5xf32> -> f32 {
    ^bb0(%acc: f32, %e: f32):
      %h = arith.constant 0.75 : f32
      %m = arith.mulf %acc, %h : f32
      %t = arith.addf %m, %e : f32
      rise.yield %t : f32
    }
    rise.yield %s : f32
  }
  rise.out %r, %o : !rise.array<29xf32>, memref<29xf32>
  return
}

func.func @rotate_two(%x: memref<6xi32>, %o: memref<5xi32>) {
  %a = rise.in %x : memref<6xi32> -> !rise.array<6xi32>
  %nb = rise.rotate_values private 2 %a : !rise.array<6xi32> -> !rise.array<5x2xi32> {
  ^bb0(%e: i32):
    rise.yield %e : i32
  }
  %r = rise.map seq %nb : !rise.array<5x2xi32> -> !rise.array<5xi32> {
  ^bb0(%w: !rise.array<2xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %p = rise.idx %w[%c0] : !rise.array<2xi32> -> i32
    %q = rise.idx %w[%c1] : !rise.array<2xi32> -> i32
    %d = arith.subi %q, %p : i32
    rise.yield %d : i32
  }
  rise.out %r, %o : !rise.array<5xi32>, memref<5xi32>
  return
}

func.func @stencil_2d_f64(%x: memref<5x6xf64>, %o: memref<5x6xf64>) {
  %a = rise.in %x : memref<5x6xf64> -> !rise.array<5x6xf64>
  %z = arith.constant 0.0 : f64
  %pr = rise.pad_clamp 1, 1 %a : !rise.array<5x6xf64> -> !rise.array<7x6xf64>
  %w = rise.slide 3, 1 %pr : !rise.array<7x6xf64> -> !rise.array<5x3x6xf64>
  %m = rise.map %w : !rise.array<5x3x6xf64> -> !rise.array<5x6xf64> {
  ^bb0(%band: !rise.array<3x6xf64>):
    %t = rise.transpose %band : !rise.array<3x6xf64> -> !rise.array<6x3xf64>
    %r = rise.map %t : !rise.array<6x3xf64> -> !rise.array<6xf64> {
    ^bb0(%col: !rise.array<3xf64>):
      %s = rise.reduce %z, %col : f64, !rise.array<3xf64> -> f64 {
      ^bb0(%acc: f64, %e: f64):
        %u = arith.addf %acc, %e : f64
        rise.yield %u : f64
      }
      rise.yield %s : f64
    }
    rise.yield %r : !rise.array<6xf64>
  }
  rise.out %m, %o : !rise.array<5x6xf64>, memref<5x6xf64>
  return
}
