// Matrix-vector product in GPU form (oclRun kernels); both compute exactly
// what @matvec does: y[i] = sum_j A[i][j] * x[j], a left fold from 0.
//
// @matvec_gpu: rows are split into blocks of t; each work-group (mapWorkGroup 0)
//   stages x in local memory and each work-item (mapLocal 0) computes one row.
//     oclRun(local [t], global [m]) (split t A |> mapWorkGroup0 (\rows.
//       let xl = toMem local x in rows |> mapLocal0 (\row. dotSeq row xl)))
//     |> join
// @matvec_gpu_global: one work-item per row (mapGlobal 0), the result kept
//   in private memory before it is written.
//
// Arguments: (%A: m x k, %x: k, %y: m) -- %y is the output.
// @matvec_gpu: 1024 x 1024, t = 64; @matvec_gpu_small: 8 x 13, t = 4.
// @matvec_gpu_global: 1024 x 1024, local size 64; _small: 7 x 13, local size 1.

func.func @matvec_gpu(%A: memref<1024x1024xf32>, %x: memref<1024xf32>, %y: memref<1024xf32>) {
  %mat = rise.in %A : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %vec = rise.in %x : memref<1024xf32> -> !rise.array<1024xf32>
  %zero = arith.constant 0.0 : f32
  %blocks = rise.split 64 %mat : !rise.array<1024x1024xf32> -> !rise.array<16x64x1024xf32>
  %res = rise.kernel local [64] global [1024] : !rise.array<16x64xf32> {
    %wg = rise.map workgroup(0) %blocks : !rise.array<16x64x1024xf32> -> !rise.array<16x64xf32> {
    ^bb0(%rows: !rise.array<64x1024xf32>):
      %xl = rise.to_mem local %vec : !rise.array<1024xf32>
      %lo = rise.map local(0) %rows : !rise.array<64x1024xf32> -> !rise.array<64xf32> {
      ^bb0(%row: !rise.array<1024xf32>):
        %dzip = rise.zip %row, %xl : !rise.array<1024xf32>, !rise.array<1024xf32> -> !rise.array<1024x!rise.pair<f32, f32>>
        %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<1024x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
          %l = rise.fst %p : !rise.pair<f32, f32> -> f32
          %r = rise.snd %p : !rise.pair<f32, f32> -> f32
          %m = arith.mulf %l, %r : f32
          %s = arith.addf %acc, %m : f32
          rise.yield %s : f32
        }
        rise.yield %dsum : f32
      }
      rise.yield %lo : !rise.array<64xf32>
    }
    rise.yield %wg : !rise.array<16x64xf32>
  }
  %y2 = rise.join %res : !rise.array<16x64xf32> -> !rise.array<1024xf32>
  rise.out %y2, %y : !rise.array<1024xf32>, memref<1024xf32>
  return
}

func.func @matvec_gpu_small(%A: memref<8x13xf32>, %x: memref<13xf32>, %y: memref<8xf32>) {
  %mat = rise.in %A : memref<8x13xf32> -> !rise.array<8x13xf32>
  %vec = rise.in %x : memref<13xf32> -> !rise.array<13xf32>
  %zero = arith.constant 0.0 : f32
  %blocks = rise.split 4 %mat : !rise.array<8x13xf32> -> !rise.array<2x4x13xf32>
  %res = rise.kernel local [4] global [8] : !rise.array<2x4xf32> {
    %wg = rise.map workgroup(0) %blocks : !rise.array<2x4x13xf32> -> !rise.array<2x4xf32> {
    ^bb0(%rows: !rise.array<4x13xf32>):
      %xl = rise.to_mem local %vec : !rise.array<13xf32>
      %lo = rise.map local(0) %rows : !rise.array<4x13xf32> -> !rise.array<4xf32> {
      ^bb0(%row: !rise.array<13xf32>):
        %dzip = rise.zip %row, %xl : !rise.array<13xf32>, !rise.array<13xf32> -> !rise.array<13x!rise.pair<f32, f32>>
        %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<13x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
          %l = rise.fst %p : !rise.pair<f32, f32> -> f32
          %r = rise.snd %p : !rise.pair<f32, f32> -> f32
          %m = arith.mulf %l, %r : f32
          %s = arith.addf %acc, %m : f32
          rise.yield %s : f32
        }
        rise.yield %dsum : f32
      }
      rise.yield %lo : !rise.array<4xf32>
    }
    rise.yield %wg : !rise.array<2x4xf32>
  }
  %y2 = rise.join %res : !rise.array<2x4xf32> -> !rise.array<8xf32>
  rise.out %y2, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

func.func @matvec_gpu_global(%A: memref<1024x1024xf32>, %x: memref<1024xf32>, %y: memref<1024xf32>) {
  %mat = rise.in %A : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %vec = rise.in %x : memref<1024xf32> -> !rise.array<1024xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.kernel local [64] global [1024] : !rise.array<1024xf32> {
    %g = rise.map global(0) %mat : !rise.array<1024x1024xf32> -> !rise.array<1024xf32> {
    ^bb0(%row: !rise.array<1024xf32>):
      %dzip = rise.zip %row, %vec : !rise.array<1024xf32>, !rise.array<1024xf32> -> !rise.array<1024x!rise.pair<f32, f32>>
      %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<1024x!rise.pair<f32, f32>> -> f32 {
      ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        %s = arith.addf %acc, %m : f32
        rise.yield %s : f32
      }
      %ps = rise.to_mem private %dsum : f32
      rise.yield %ps : f32
    }
    rise.yield %g : !rise.array<1024xf32>
  }
  rise.out %res, %y : !rise.array<1024xf32>, memref<1024xf32>
  return
}

func.func @matvec_gpu_global_small(%A: memref<7x13xf32>, %x: memref<13xf32>, %y: memref<7xf32>) {
  %mat = rise.in %A : memref<7x13xf32> -> !rise.array<7x13xf32>
  %vec = rise.in %x : memref<13xf32> -> !rise.array<13xf32>
  %zero = arith.constant 0.0 : f32
  %res = rise.kernel local [1] global [7] : !rise.array<7xf32> {
    %g = rise.map global(0) %mat : !rise.array<7x13xf32> -> !rise.array<7xf32> {
    ^bb0(%row: !rise.array<13xf32>):
      %dzip = rise.zip %row, %vec : !rise.array<13xf32>, !rise.array<13xf32> -> !rise.array<13x!rise.pair<f32, f32>>
      %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<13x!rise.pair<f32, f32>> -> f32 {
      ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        %s = arith.addf %acc, %m : f32
        rise.yield %s : f32
      }
      %ps = rise.to_mem private %dsum : f32
      rise.yield %ps : f32
    }
    rise.yield %g : !rise.array<7xf32>
  }
  rise.out %res, %y : !rise.array<7xf32>, memref<7xf32>
  return
}
