// rise-eqsat with the thesis's Appendix C guides (search/sketch/guides/matmul.guides)
// on the high-level matmul (Listing C.11) at 64 x 64 x 64: the goals past
// `split`, all seven found with Ariadne's rule library. reorder1/reorder2 need
// mapReduceInterchangeAcc (the map/reduce interchange whose initial
// accumulator comes from the mapped element), lower1/lower2
// vectorizeBeforeMapZip (vectorising a map over zipped scalars with its
// arithmetic on vectors, Listing C.15). Each result has the loop nest its
// sketch asks for and computes bit for bit what the original computes on
// the interpreter.
//
// Lowering: the reorder guides put the reductions above the 32 x 32 tile,
// so their accumulators are arrays (32x32xf32, 32xf32). convert-rise-to-
// affine keeps them in one buffer updated in place (the bodies read the
// tile element-wise at the index they write; see
// passes/lower/rise_to_affine.h); each goal is compiled natively and
// its result checked against the interpreter (exactly: no fma, so the
// max abs error is 0).
//
// The store guide's rules are Ariadne's (the thesis does not list them):
// see its comment in matmul.guides.

// RUN: ariadne-interp %s --seed=3 --print > %t.ref.txt
// DEFINE: %{eqsat} = %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%ariadne_src/search/sketch/guides/matmul.guides nat=m=64,n=64,k=64 report=-

// blocking = split, reorder1 (Listing C.3): i/32, j/32, k/4, k%4, then the
// 32 x 32 tile. Both reductions carry the tile of C as accumulator.
// RUN: %{eqsat} goal=blocking})' -o %t.blocking.mlir | FileCheck %s --check-prefix=BLOCK-REPORT
// RUN: FileCheck %s --check-prefix=BLOCK < %t.blocking.mlir
// RUN: ariadne-interp %t.blocking.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.blocking.mlir --pass-pipeline='builtin.module(convert-rise-to-affine{unroll-array-reduce=0})' | FileCheck %s --check-prefix=LOWER
// RUN: ariadne-run %t.blocking.mlir --seed=3 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// BLOCK-REPORT:      rise-eqsat @mm split: found stop=goal
// BLOCK-REPORT-NEXT: rise-eqsat @mm reorder1: found stop=goal
// BLOCK-REPORT-NEXT: rise-eqsat @mm goal blocking: found 2/2 guides
// BLOCK:      rise.split 32 %{{.*}} : !rise.array<64x64xf32> -> !rise.array<2x32x64xf32>
// BLOCK:      rise.map %{{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x32x64xf32>
// BLOCK:        rise.map %{{.*}} : !rise.array<2x32x64xf32> -> !rise.array<2x32x32xf32>
// BLOCK:          rise.reduce seq %{{.*}} : !rise.array<32x32xf32>, !rise.array<16x32x32x4x!rise.pair<f32, f32>> -> !rise.array<32x32xf32>
// BLOCK:            rise.reduce seq %{{.*}} : !rise.array<32x32xf32>, !rise.array<4x32x32x!rise.pair<f32, f32>> -> !rise.array<32x32xf32>
// BLOCK:              rise.map %{{.*}} -> !rise.array<32x32xf32>
// BLOCK:                rise.map %{{.*}} : !rise.array<32x!rise.pair<f32, !rise.pair<f32, f32>>> -> !rise.array<32xf32>
// BLOCK:                  arith.mulf {{.*}} : f32
// BLOCK-NEXT:             arith.addf {{.*}} : f32

// vectorisation = split, reorder1, lower1 (Listing C.5): the tile's
// innermost 32 columns are one vector<32xf32> (a map over 1 vector).
// RUN: %{eqsat} goal=vectorisation})' -o %t.vec.mlir | FileCheck %s --check-prefix=VEC-REPORT
// RUN: FileCheck %s --check-prefix=VEC < %t.vec.mlir
// RUN: ariadne-interp %t.vec.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.vec.mlir --pass-pipeline='builtin.module(convert-rise-to-affine{unroll-array-reduce=0})' | FileCheck %s --check-prefix=LOWER
// RUN: ariadne-run %t.vec.mlir --seed=3 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// VEC-REPORT:      rise-eqsat @mm lower1: found stop=goal
// VEC-REPORT-NEXT: rise-eqsat @mm goal vectorisation: found 3/3 guides
// VEC:      rise.reduce seq %{{.*}} : !rise.array<32x32xf32>, !rise.array<16x32x32x4x!rise.pair<f32, f32>> -> !rise.array<32x32xf32>
// VEC:        rise.reduce seq %{{.*}} : !rise.array<32x32xf32>, !rise.array<4x32x32x!rise.pair<f32, f32>> -> !rise.array<32x32xf32>
// VEC:          rise.map %{{.*}} -> !rise.array<32x32xf32>
// VEC:            rise.as_vector 32 %{{.*}} : !rise.array<32xf32> -> !rise.array<1xvector<32xf32>>
// VEC:            rise.map %{{.*}} : !rise.array<1x!rise.pair<vector<32xf32>, !rise.pair<vector<32xf32>, vector<32xf32>>>> -> !rise.array<1xvector<32xf32>>
// VEC:              arith.mulf {{.*}} : vector<32xf32>
// VEC-NEXT:         arith.addf {{.*}} : vector<32xf32>
// VEC:            rise.as_scalar %{{.*}} : !rise.array<1xvector<32xf32>> -> !rise.array<32xf32>
// VEC-NOT:  arith.mulf {{.*}} : f32

// loopPerm = split, reorder2, lower2 (Listings C.4, C.6): the reduction
// over 4 inside the map over the tile's 32 rows, its accumulator a row.
// RUN: %{eqsat} goal=loopPerm})' -o %t.perm.mlir | FileCheck %s --check-prefix=PERM-REPORT
// RUN: FileCheck %s --check-prefix=PERM < %t.perm.mlir
// RUN: ariadne-interp %t.perm.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: %rise-opt %t.perm.mlir --pass-pipeline='builtin.module(convert-rise-to-affine{unroll-array-reduce=0})' | FileCheck %s --check-prefix=LOWER
// RUN: ariadne-run %t.perm.mlir --seed=3 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// PERM-REPORT:      rise-eqsat @mm reorder2: found stop=goal
// PERM-REPORT-NEXT: rise-eqsat @mm lower2: found stop=goal
// PERM-REPORT-NEXT: rise-eqsat @mm goal loopPerm: found 3/3 guides
// PERM:      rise.reduce seq %{{.*}} : !rise.array<32x32xf32>, !rise.array<16x32x32x4x!rise.pair<f32, f32>> -> !rise.array<32x32xf32>
// PERM:        rise.map %{{.*}} -> !rise.array<32x32xf32>
// PERM:          rise.reduce seq %{{.*}} : !rise.array<32xf32>, !rise.array<4x32x!rise.pair<f32, f32>> -> !rise.array<32xf32>
// PERM:            rise.as_vector 32 %{{.*}} : !rise.array<32xf32> -> !rise.array<1xvector<32xf32>>
// PERM:            rise.map %{{.*}} : !rise.array<1x!rise.pair<vector<32xf32>, !rise.pair<vector<32xf32>, vector<32xf32>>>> -> !rise.array<1xvector<32xf32>>
// PERM:              arith.mulf {{.*}} : vector<32xf32>
// PERM-NEXT:         arith.addf {{.*}} : vector<32xf32>
// PERM-NOT:  arith.mulf {{.*}} : f32

// Every goal (loops pinned with unroll-array-reduce=0; by default the
// reduction over 4 is unrolled): both reductions update one tile buffer in
// place (the outer only shapes the inner one's input with its accumulator
// and hands the accumulator to it), so no copies and no second buffer.
// LOWER:     memref.alloc() : memref<32x32xf32>
// LOWER-NOT: memref.alloc() : memref<32x32xf32>
// LOWER:     affine.for %{{.*}} = 0 to 16 {
// LOWER:       affine.for %{{.*}} = 0 to 4 {
// LOWER-NOT: iter_args
// LOWER-NOT: rise.
// NATIVE: @mm argument 2 matches the interpreter: 4096 scalars, max abs error 0 (

// arrayPacking, cacheBlocks, parallel = split, reorder2, store, lower3|4|5
// (Listings C.7-C.10): mapFission takes the data preparation out of the
// compute map into its input, where B's transpose is stored through
// C.14's copy nest (a map over the column blocks, one over k, one over a
// block's 32 elements); the stored value is loop-invariant, so it is
// exported (and computed) once at the top of the function. cacheBlocks
// makes the copy's block map parallel and unrolls the reduction over 4;
// parallel also makes the compute map over the row blocks parallel.
// RUN: %{eqsat} goal=arrayPacking})' -o %t.pack.mlir | FileCheck %s --check-prefix=PACK-REPORT
// RUN: FileCheck %s --check-prefixes=STORE,PACK < %t.pack.mlir
// RUN: ariadne-interp %t.pack.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-run %t.pack.mlir --seed=3 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: %{eqsat} goal=cacheBlocks})' -o %t.cache.mlir | FileCheck %s --check-prefix=CACHE-REPORT
// RUN: FileCheck %s --check-prefixes=STORE,CACHE < %t.cache.mlir
// RUN: ariadne-interp %t.cache.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-run %t.cache.mlir --seed=3 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: %{eqsat} goal=parallel})' -o %t.par.mlir | FileCheck %s --check-prefix=PAR-REPORT
// RUN: FileCheck %s --check-prefixes=STORE,PAR < %t.par.mlir
// RUN: ariadne-interp %t.par.mlir --seed=3 --print | diff %t.ref.txt -
// RUN: ariadne-run %t.par.mlir --seed=3 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// PACK-REPORT:      rise-eqsat @mm reorder2: found stop=goal
// PACK-REPORT-NEXT: rise-eqsat @mm store: found stop=goal
// PACK-REPORT-NEXT: rise-eqsat @mm lower3: found stop=goal
// PACK-REPORT-NEXT: rise-eqsat @mm goal arrayPacking: found 4/4 guides
// CACHE-REPORT:      rise-eqsat @mm lower4: found stop=goal
// CACHE-REPORT-NEXT: rise-eqsat @mm goal cacheBlocks: found 4/4 guides
// PAR-REPORT:      rise-eqsat @mm lower5: found stop=goal
// PAR-REPORT-NEXT: rise-eqsat @mm goal parallel: found 4/4 guides
// STORE:      func.func @mm(
// STORE:        %[[B:.*]] = rise.in %arg1
// STORE-NEXT:   %[[BT:.*]] = rise.transpose %[[B]]
// STORE:        %[[BLK:.*]] = rise.split 32 %[[BT]] : !rise.array<64x64xf32> -> !rise.array<2x32x64xf32>
// PACK-NEXT:    rise.map %[[BLK]] : !rise.array<2x32x64xf32> -> !rise.array<2x32x64xf32> {
// CACHE-NEXT:   rise.map par %[[BLK]] : !rise.array<2x32x64xf32> -> !rise.array<2x32x64xf32> {
// PAR-NEXT:     rise.map par %[[BLK]] : !rise.array<2x32x64xf32> -> !rise.array<2x32x64xf32> {
// STORE:          rise.map %{{.*}} : !rise.array<64x32xf32> -> !rise.array<64x32xf32> {
// STORE:            rise.as_vector 32 %{{.*}} : !rise.array<32xf32> -> !rise.array<1xvector<32xf32>>
// STORE-NEXT:       rise.map %{{.*}} : !rise.array<1xvector<32xf32>> -> !rise.array<1xvector<32xf32>> {
// STORE:        %[[PACKED:.*]] = rise.to_mem global %{{.*}} : !rise.array<64x64xf32>
// STORE:        rise.split 32 %[[PACKED]]
// PACK:         rise.map %{{.*}} : !rise.array<2x2x16x32x32x4x!rise.pair<f32, f32>>
// CACHE:        rise.map %{{.*}} : !rise.array<2x2x16x32x32x4x!rise.pair<f32, f32>>
// PAR:          rise.map par %{{.*}} : !rise.array<2x2x16x32x32x4x!rise.pair<f32, f32>>
// STORE:          rise.reduce seq %{{.*}} : !rise.array<32x32xf32>, !rise.array<16x32x32x4x!rise.pair<f32, f32>> -> !rise.array<32x32xf32>
// PACK:             rise.reduce seq %{{.*}} : !rise.array<32xf32>, !rise.array<4x32x!rise.pair<f32, f32>> -> !rise.array<32xf32>
// CACHE:            rise.reduce unroll %{{.*}} : !rise.array<32xf32>, !rise.array<4x32x!rise.pair<f32, f32>> -> !rise.array<32xf32>
// PAR:              rise.reduce unroll %{{.*}} : !rise.array<32xf32>, !rise.array<4x32x!rise.pair<f32, f32>> -> !rise.array<32xf32>
// STORE:              arith.mulf {{.*}} : vector<32xf32>
// STORE-NEXT:         arith.addf {{.*}} : vector<32xf32>

func.func @mm(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
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
