// An array of pairs of lines read through a window
// (test/lower/programs/pair_lines.mlir, also run by lower.differential) is
// materialised as a pair of buffers, one per component, each line computed
// once; before, no memref could hold it and every element read recomputed
// its whole line (Harris fused by harris.elv's fuseOperators ran 1,400x
// slower than as written). The native code matches the interpreter.

// RUN: %rise-opt %ariadne_src/test/lower/programs/pair_lines.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s
// RUN: ariadne-run %ariadne_src/test/lower/programs/pair_lines.mlir --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @pair_lines argument 1 matches the interpreter: 16 scalars, max abs error 0 (

// CHECK-LABEL: func.func @pair_lines
// CHECK:       %[[P:.+]] = memref.alloc() : memref<6x4xf32>
// CHECK:       %[[S:.+]] = memref.alloc() : memref<6x4xf32>
// CHECK:       affine.for %[[R:.+]] = 0 to 6 {
// CHECK:         affine.store %{{.*}}, %[[S]][%[[R]], %{{.*}}] : memref<6x4xf32>
// CHECK:         affine.store %{{.*}}, %[[P]][%[[R]], %{{.*}}] : memref<6x4xf32>
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK:         affine.for %{{.*}} = 0 to 4 {
// CHECK-NOT:       affine.for
// CHECK:           affine.load %[[S]]
// CHECK:           affine.load %[[P]]
// CHECK:           arith.subf
