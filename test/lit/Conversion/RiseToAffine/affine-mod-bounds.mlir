// A miscompile ProgGen found on 2026-11-27 (a sampled schedule of
// proggen/000000006 from the seeds at scale 5: "startVectorization(8),
// vectorizeBeforeMap,toMem(global),padSplitJoin(5),padSplitJoin(8),mapSeq,
// padTileMaps(32, 2),mapSeq"), reduced by hand: the native code differed
// from the interpreter on 76 of 480 outputs. convert-rise-to-affine was
// right; MLIR 22's canonicalization of affine ops, which simplifies maps
// with the bounds of the enclosing loops, bounds `x mod c` wrongly when x's
// range spans several periods, and folded a lane's index
// ((64 a + 8 b) mod 5) floordiv 2, a in [1, 7), b in [0, 8), to the
// constant 2. The rise-to-llvm pipeline now runs canonicalize with those
// patterns (SimplifyAffineOp) disabled (passes/lower/rise_to_affine.c).
// The upstream fold itself, still there, is shown by the second RUN line.

// RUN: ariadne-run %s --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @miscompile native time
// RUN: %rise-opt --canonicalize %S/Inputs/affine-mod-bounds-upstream.mlir | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: arith.constant 2 : index

func.func @miscompile(%arg0: memref<480xf32>, %argx: memref<3x3x32x2xf32>) {
  %cst = arith.constant 5.000000e-01 : f32
  %c0 = arith.constant 0 : index
  %8 = rise.in %argx : memref<3x3x32x2xf32> -> !rise.array<3x3x32x2xf32>
  %9 = rise.map %8 : !rise.array<3x3x32x2xf32> -> !rise.array<3x32x6xf32> {
  ^bb0(%arg2: !rise.array<3x32x2xf32>):
    %27 = rise.transpose %arg2 : !rise.array<3x32x2xf32> -> !rise.array<32x3x2xf32>
    %28 = rise.map %27 : !rise.array<32x3x2xf32> -> !rise.array<32x6xf32> {
    ^bb0(%arg3: !rise.array<3x2xf32>):
      %29 = rise.join %arg3 : !rise.array<3x2xf32> -> !rise.array<6xf32>
      rise.yield %29 : !rise.array<6xf32>
    }
    rise.yield %28 : !rise.array<32x6xf32>
  }
  %10 = rise.join %9 : !rise.array<3x32x6xf32> -> !rise.array<96x6xf32>
  %11 = rise.transpose %10 : !rise.array<96x6xf32> -> !rise.array<6x96xf32>
  %12 = rise.slide 5, 1 %11 : !rise.array<6x96xf32> -> !rise.array<2x5x96xf32>
  %13 = rise.idx %12[%c0] : !rise.array<2x5x96xf32> -> !rise.array<5x96xf32>
  %14 = rise.transpose %13 : !rise.array<5x96xf32> -> !rise.array<96x5xf32>
  %15 = rise.join %14 : !rise.array<96x5xf32> -> !rise.array<480xf32>
  %16 = rise.slide 478, 2 %15 : !rise.array<480xf32> -> !rise.array<2x478xf32>
  %17 = rise.idx %16[%c0] : !rise.array<2x478xf32> -> !rise.array<478xf32>
  %18 = rise.pad_clamp 1, 1 %17 : !rise.array<478xf32> -> !rise.array<480xf32>
  %19 = rise.as_vector 8 %18 : !rise.array<480xf32> -> !rise.array<60xvector<8xf32>>
  %20 = rise.pad_clamp 0, 4 %19 : !rise.array<60xvector<8xf32>> -> !rise.array<64xvector<8xf32>>
  %21 = rise.split 8 %20 : !rise.array<64xvector<8xf32>> -> !rise.array<8x8xvector<8xf32>>
  %22 = rise.map seq %21 : !rise.array<8x8xvector<8xf32>> -> !rise.array<8x8xvector<8xf32>> {
  ^bb0(%arg2: !rise.array<8xvector<8xf32>>):
    %27 = rise.map seq %arg2 : !rise.array<8xvector<8xf32>> -> !rise.array<8xvector<8xf32>> {
    ^bb0(%arg3: vector<8xf32>):
      %28 = rise.map vec %arg3 : vector<8xf32> -> vector<8xf32> {
      ^bb0(%arg4: f32):
        %29 = arith.addf %cst, %arg4 : f32
        rise.yield %29 : f32
      }
      rise.yield %28 : vector<8xf32>
    }
    rise.yield %27 : !rise.array<8xvector<8xf32>>
  }
  %23 = rise.join %22 : !rise.array<8x8xvector<8xf32>> -> !rise.array<64xvector<8xf32>>
  %24 = rise.slide 60, 4 %23 : !rise.array<64xvector<8xf32>> -> !rise.array<2x60xvector<8xf32>>
  %25 = rise.idx %24[%c0] : !rise.array<2x60xvector<8xf32>> -> !rise.array<60xvector<8xf32>>
  %26 = rise.as_scalar %25 : !rise.array<60xvector<8xf32>> -> !rise.array<480xf32>
  rise.out %26, %arg0 : !rise.array<480xf32>, memref<480xf32>
  return
}
