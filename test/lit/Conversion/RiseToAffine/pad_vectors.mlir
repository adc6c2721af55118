// Vectors read through a pad (pad_clamp, pad_cst): a matmul row of 77
// columns padded to 80 and vectorised by 16 in chunks (rise-search's
// actPadVectorizeReductions; B's columns are the lanes, read through the
// transpose, the pad and the chunk). Where every lane of a chunk reads the
// input -- the interior of the peeled chunk loop, chunks 0..3 -- the lanes
// are one vector.load of B's row; only the border chunk (columns 64..79,
// of which 77..79 are the clamped padding) reads them one by one. The
// program runs natively with the interpreter's results.

// RUN: %rise-opt %S/../../Transforms/RiseSearch/Inputs/mm_odd.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv report=false strategy="child(0, child(0, child(0, child(0, child(0, actFuse))))) ; child(0, child(0, child(0, actPadVectorizeReductions(16))))"})' -o %t.mlir
// RUN: %rise-opt %t.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s
// CHECK:      affine.for %{{.*}} = 0 to 4 {
// CHECK:        affine.for %{{.*}} = 0 to 123 iter_args
// CHECK-NOT:    vector.from_elements
// CHECK:          vector.load %arg1[%{{.*}}, %{{.*}}] : memref<123x77xf32>, vector<16xf32>
// CHECK:      affine.for %{{.*}} = 4 to 5 {
// CHECK:        affine.for %{{.*}} = 0 to 123 iter_args
// CHECK-NOT:    vector.load %arg1
// CHECK:          vector.from_elements
// RUN: ariadne-run %t.mlir --func=mm_odd --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @mm_odd argument 2 matches the interpreter: 7700 scalars
