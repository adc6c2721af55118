// A to_mem of an array of pairs (test/lower/programs/to_mem_pairs.mlir,
// also run by lower.differential) is stored as a pair of buffers, one per
// component, each written once; before, the lowering refused it, and
// rise-search's Harris schedules that stored the fused stages' pairs of
// lines did not lower. The native code matches the interpreter.

// RUN: %rise-opt %ariadne_src/test/lower/programs/to_mem_pairs.mlir --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s
// RUN: ariadne-run %ariadne_src/test/lower/programs/to_mem_pairs.mlir --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @to_mem_pairs argument 2 matches the interpreter: 16 scalars, max abs error 0 (

// CHECK-LABEL: func.func @to_mem_pairs
// CHECK:       %[[S:.+]] = memref.alloc() : memref<6xf32>
// CHECK:       %[[R:.+]] = memref.alloc() : memref<6x4xf32>
// CHECK:       affine.for %[[I:.+]] = 0 to 6 {
// CHECK:         affine.for %[[J:.+]] = 0 to 4 {
// CHECK:           affine.store %{{.*}}, %[[R]][%[[I]], %[[J]]] : memref<6x4xf32>
// CHECK:         affine.store %{{.*}}, %[[S]][%[[I]]] : memref<6xf32>
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK:         affine.load %[[S]]
// CHECK:         affine.for %{{.*}} = 0 to 4 {
// CHECK-NOT:       affine.for
// CHECK:           affine.load %[[R]]
// CHECK:           arith.mulf
// CHECK:       memref.dealloc %[[S]]
// CHECK:       memref.dealloc %[[R]]
