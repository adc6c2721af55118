// Fuzz seed: the low-level patterns (to_mem, as_vector, as_scalar,
// vector_from_scalar, map vec, circular_buffer, rotate_values, kernel and the
// GPU/stream map kinds).
func.func @vectors(%a: memref<8xf32>, %o: memref<8xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  %m = rise.to_mem global %x : !rise.array<8xf32>
  %v = rise.as_vector 4 %m : !rise.array<8xf32> -> !rise.array<2xvector<4xf32>>
  %c = arith.constant 1.5 : f32
  %b = rise.vector_from_scalar %c : f32 -> vector<4xf32>
  %r = rise.map par %v : !rise.array<2xvector<4xf32>> -> !rise.array<2xvector<4xf32>> {
  ^bb0(%e: vector<4xf32>):
    %s = arith.mulf %e, %b : vector<4xf32>
    %t = rise.map vec %s : vector<4xf32> -> vector<4xf32> {
    ^bb0(%l: f32):
      %q = math.sqrt %l : f32
      rise.yield %q : f32
    }
    rise.yield %t : vector<4xf32>
  }
  %y = rise.as_scalar %r : !rise.array<2xvector<4xf32>> -> !rise.array<8xf32>
  rise.out %y, %o : !rise.array<8xf32>, memref<8xf32>
  return
}

func.func @windows(%a: memref<6xf64>, %o: memref<4xf64>) {
  %x = rise.in %a : memref<6xf64> -> !rise.array<6xf64>
  %cb = rise.circular_buffer local 4, 3 %x : !rise.array<6xf64> -> !rise.array<4x3xf64> {
  ^bb0(%e: f64):
    %n = arith.negf %e : f64
    rise.yield %n : f64
  }
  %rv = rise.rotate_values private 1 %x : !rise.array<6xf64> -> !rise.array<6x1xf64> {
  ^bb0(%e: f64):
    rise.yield %e : f64
  }
  %r = rise.map stream %cb : !rise.array<4x3xf64> -> !rise.array<4xf64> {
  ^bb0(%w: !rise.array<3xf64>):
    %z = arith.constant 0.0 : f64
    %s = rise.reduce unroll %z, %w : f64, !rise.array<3xf64> -> f64 {
    ^bb0(%acc: f64, %v: f64):
      %u = arith.maximumf %acc, %v : f64
      rise.yield %u : f64
    }
    rise.yield %s : f64
  }
  %j = rise.join %rv : !rise.array<6x1xf64> -> !rise.array<6xf64>
  %d = rise.map iterate %r : !rise.array<4xf64> -> !rise.array<4xf64> {
  ^bb0(%e: f64):
    %q = math.exp %e : f64
    rise.yield %q : f64
  }
  rise.out %d, %o : !rise.array<4xf64>, memref<4xf64>
  return
}

func.func @gpu(%a: memref<4x4xf32>, %o: memref<4x4xf32>) {
  %x = rise.in %a : memref<4x4xf32> -> !rise.array<4x4xf32>
  %k = rise.kernel local [2, 2] global [4, 4] : !rise.array<4x4xf32> {
    %r = rise.map global(1) %x : !rise.array<4x4xf32> -> !rise.array<4x4xf32> {
    ^bb0(%row: !rise.array<4xf32>):
      %w = rise.map workgroup(0) %row : !rise.array<4xf32> -> !rise.array<4xf32> {
      ^bb0(%e: f32):
        %p = rise.to_mem private %e : f32
        %l = rise.map local(2) %x : !rise.array<4x4xf32> -> !rise.array<4xf32> {
        ^bb0(%r2: !rise.array<4xf32>):
          rise.yield %p : f32
        }
        %z = arith.constant 0.0 : f32
        %s = rise.reduce seq %z, %l : f32, !rise.array<4xf32> -> f32 {
        ^bb0(%acc: f32, %v: f32):
          %u = arith.addf %acc, %v : f32
          rise.yield %u : f32
        }
        rise.yield %s : f32
      }
      rise.yield %w : !rise.array<4xf32>
    }
    rise.yield %r : !rise.array<4x4xf32>
  }
  rise.out %k, %o : !rise.array<4x4xf32>, memref<4x4xf32>
  return
}
