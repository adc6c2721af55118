// The 3-point stencil of stencil1d.mlir in its storage-folded low-level
// forms (thesis section 3.4); both compute exactly what @stencil1d does:
// out[i] = ((0 + x[i-1]*0.25) + x[i]*0.5) + x[i+1]*0.25, clamped borders.
//
// @stencil1d_lowlevel: the windows come from a circular buffer in global
//   memory (4 slots for windows of 3, identity load) and are consumed by a
//   mapStream with a fused reduceSeq.
//     padClamp 1 1 x |> circularBuffer global 4 3 id
//       |> mapStream (\w. reduceSeq (\acc p. acc + fst p * snd p) 0 (zip w wts))
// @stencil1d_lowlevel_rrot: the windows are rotated through private
//   variables (rotateValues) and consumed by iterateStream with an unrolled
//   reduction.
//
// Arguments: (%in: n, %out: n) -- %out is the output.
// Full: n = 1048576; _small: n = 37.

func.func @stencil1d_lowlevel(%in: memref<1048576xf32>, %out: memref<1048576xf32>) {
  %x = rise.in %in : memref<1048576xf32> -> !rise.array<1048576xf32>
  %wts = rise.literal dense<[0.25, 0.5, 0.25]> : tensor<3xf32> -> !rise.array<3xf32>
  %zero = arith.constant 0.0 : f32
  %pad = rise.pad_clamp 1, 1 %x : !rise.array<1048576xf32> -> !rise.array<1048578xf32>
  %nbh = rise.circular_buffer global 4, 3 %pad : !rise.array<1048578xf32> -> !rise.array<1048576x3xf32> {
  ^bb0(%e: f32):
    rise.yield %e : f32
  }
  %res = rise.map stream %nbh : !rise.array<1048576x3xf32> -> !rise.array<1048576xf32> {
  ^bb0(%w: !rise.array<3xf32>):
    %dzip = rise.zip %w, %wts : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      %s = arith.addf %acc, %m : f32
      rise.yield %s : f32
    }
    rise.yield %dsum : f32
  }
  rise.out %res, %out : !rise.array<1048576xf32>, memref<1048576xf32>
  return
}

func.func @stencil1d_lowlevel_small(%in: memref<37xf32>, %out: memref<37xf32>) {
  %x = rise.in %in : memref<37xf32> -> !rise.array<37xf32>
  %wts = rise.literal dense<[0.25, 0.5, 0.25]> : tensor<3xf32> -> !rise.array<3xf32>
  %zero = arith.constant 0.0 : f32
  %pad = rise.pad_clamp 1, 1 %x : !rise.array<37xf32> -> !rise.array<39xf32>
  %nbh = rise.circular_buffer global 4, 3 %pad : !rise.array<39xf32> -> !rise.array<37x3xf32> {
  ^bb0(%e: f32):
    rise.yield %e : f32
  }
  %res = rise.map stream %nbh : !rise.array<37x3xf32> -> !rise.array<37xf32> {
  ^bb0(%w: !rise.array<3xf32>):
    %dzip = rise.zip %w, %wts : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %dsum = rise.reduce seq %zero, %dzip : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      %s = arith.addf %acc, %m : f32
      rise.yield %s : f32
    }
    rise.yield %dsum : f32
  }
  rise.out %res, %out : !rise.array<37xf32>, memref<37xf32>
  return
}

func.func @stencil1d_lowlevel_rrot(%in: memref<1048576xf32>, %out: memref<1048576xf32>) {
  %x = rise.in %in : memref<1048576xf32> -> !rise.array<1048576xf32>
  %wts = rise.literal dense<[0.25, 0.5, 0.25]> : tensor<3xf32> -> !rise.array<3xf32>
  %zero = arith.constant 0.0 : f32
  %pad = rise.pad_clamp 1, 1 %x : !rise.array<1048576xf32> -> !rise.array<1048578xf32>
  %nbh = rise.rotate_values private 3 %pad : !rise.array<1048578xf32> -> !rise.array<1048576x3xf32> {
  ^bb0(%e: f32):
    rise.yield %e : f32
  }
  %res = rise.map iterate %nbh : !rise.array<1048576x3xf32> -> !rise.array<1048576xf32> {
  ^bb0(%w: !rise.array<3xf32>):
    %dzip = rise.zip %w, %wts : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %dsum = rise.reduce unroll %zero, %dzip : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      %s = arith.addf %acc, %m : f32
      rise.yield %s : f32
    }
    rise.yield %dsum : f32
  }
  rise.out %res, %out : !rise.array<1048576xf32>, memref<1048576xf32>
  return
}

func.func @stencil1d_lowlevel_rrot_small(%in: memref<37xf32>, %out: memref<37xf32>) {
  %x = rise.in %in : memref<37xf32> -> !rise.array<37xf32>
  %wts = rise.literal dense<[0.25, 0.5, 0.25]> : tensor<3xf32> -> !rise.array<3xf32>
  %zero = arith.constant 0.0 : f32
  %pad = rise.pad_clamp 1, 1 %x : !rise.array<37xf32> -> !rise.array<39xf32>
  %nbh = rise.rotate_values private 3 %pad : !rise.array<39xf32> -> !rise.array<37x3xf32> {
  ^bb0(%e: f32):
    rise.yield %e : f32
  }
  %res = rise.map iterate %nbh : !rise.array<37x3xf32> -> !rise.array<37xf32> {
  ^bb0(%w: !rise.array<3xf32>):
    %dzip = rise.zip %w, %wts : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
    %dsum = rise.reduce unroll %zero, %dzip : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
      %l = rise.fst %p : !rise.pair<f32, f32> -> f32
      %r = rise.snd %p : !rise.pair<f32, f32> -> f32
      %m = arith.mulf %l, %r : f32
      %s = arith.addf %acc, %m : f32
      rise.yield %s : f32
    }
    rise.yield %dsum : f32
  }
  rise.out %res, %out : !rise.array<37xf32>, memref<37xf32>
  return
}
