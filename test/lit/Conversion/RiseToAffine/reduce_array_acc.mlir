// Reductions with array accumulators (test/lower/programs/reduce_acc.mlir,
// also run by lower.differential): the accumulator lives in buffers; a
// body that reads it element-wise at the index it writes updates it in
// place, any other body writes the second buffer of a pair swapped through
// iter_args; a pair accumulator has a buffer per leaf (rank 0 for a
// scalar). Each function is also compiled natively and must match the
// interpreter bit for bit (max abs error 0).

// DEFINE: %{prog} = %ariadne_src/test/lower/programs/reduce_acc.mlir
// The loops below are pinned with unroll-array-reduce=0; by default a
// reduction of at most 4 steps is unrolled (UNROLL, last).
// RUN: %rise-opt %{prog} --pass-pipeline='builtin.module(convert-rise-to-affine{unroll-array-reduce=0})' | FileCheck %s
// RUN: %rise-opt %{prog} --pass-pipeline='builtin.module(convert-rise-to-affine)' | FileCheck %s --check-prefix=UNROLL
// RUN: not %rise-opt %{prog} --pass-pipeline='builtin.module(convert-rise-to-affine{unroll-array-reduce=65})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not %rise-opt %{prog} --pass-pipeline='builtin.module(convert-rise-to-affine{unroll-array-reduce=-1})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: error: convert-rise-to-affine: option unroll-array-reduce must be in [0, 64], got
// RUN: %rise-opt %{prog} --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// RUN: ariadne-run %{prog} --func=acc_rank1 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %{prog} --func=acc_swap --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %{prog} --func=acc_tile --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %{prog} --func=acc_nested_copy --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %{prog} --func=acc_rows --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %{prog} --func=acc_vec --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %{prog} --func=acc_vec_rows --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %{prog} --func=acc_pair --reps=1 --warmup=0 | FileCheck %s --check-prefix=PAIR
// RUN: ariadne-run %{prog} --func=acc_unroll --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// RUN: ariadne-run %{prog} --func=acc_par --threads=2 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// NATIVE: matches the interpreter: {{[0-9]+}} scalars, max abs error 0 (
// PAIR: argument 1 matches the interpreter: 4 scalars, max abs error 0 (
// PAIR: argument 2 matches the interpreter: 1 scalars, max abs error 0 (

// In place: init copied in, the fold updates the one buffer.
// CHECK-LABEL: func.func @acc_rank1
// CHECK:       %[[A:.+]] = memref.alloc() : memref<4xf32>
// CHECK-NOT:   memref.alloc
// CHECK:       affine.store %{{.*}}, %[[A]][%{{.*}}] : memref<4xf32>
// CHECK:       affine.for %{{.*}} = 0 to 3 {
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 4 {
// CHECK-NEXT:      %[[OLD:.+]] = affine.load %[[A]][%[[I]]]
// CHECK:           %[[NEW:.+]] = arith.addf %[[OLD]], %{{.*}} : f32
// CHECK-NEXT:      affine.store %[[NEW]], %[[A]][%[[I]]]
// CHECK:       affine.load %[[A]]
// CHECK:       memref.dealloc %[[A]]

// Read transposed: two buffers, swapped; 5 steps end in the second.
// CHECK-LABEL: func.func @acc_swap
// CHECK-DAG:   %[[B1:.+]] = memref.alloc() : memref<3x3xf32>
// CHECK-DAG:   %[[B0:.+]] = memref.alloc() : memref<3x3xf32>
// CHECK:       affine.for %{{.*}} = 0 to 5 iter_args(%[[CUR:.+]] = %[[B0]], %[[NXT:.+]] = %[[B1]]) -> (memref<3x3xf32>, memref<3x3xf32>) {
// CHECK:           affine.load %[[CUR]][%[[J:.+]], %[[I:.+]]] : memref<3x3xf32>
// CHECK:           affine.store %{{.*}}, %[[NXT]][%[[I]], %[[J]]] : memref<3x3xf32>
// CHECK:         affine.yield %[[NXT]], %[[CUR]]
// CHECK:       affine.load %[[B1]]

// Nested: the inner fold starts from the outer's accumulator, its only
// use: both run in place on one buffer.
// CHECK-LABEL: func.func @acc_tile
// CHECK:       %[[T:.+]] = memref.alloc() : memref<2x3xf32>
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   iter_args
// CHECK:       affine.for %{{.*}} = 0 to 3 {
// CHECK:         affine.for %{{.*}} = 0 to 2 {
// CHECK:           affine.load %[[T]][
// CHECK:           affine.store %{{.*}}, %[[T]][

// The outer accumulator is read again after the inner fold: the outer is
// double-buffered and the inner fold copies it into its own buffer.
// CHECK-LABEL: func.func @acc_nested_copy
// CHECK-COUNT-3: memref.alloc() : memref<4xf32>
// CHECK:       affine.for %{{.*}} = 0 to 3 iter_args({{.*}}) -> (memref<4xf32>, memref<4xf32>) {
// CHECK:         affine.for %{{.*}} = 0 to 2 {

// A fold per row of the outer accumulator, from that row: it runs on the
// row in place, the outer map's write of it is a no-op.
// CHECK-LABEL: func.func @acc_rows
// CHECK:       %[[W:.+]] = memref.alloc() : memref<2x3xf32>
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   iter_args
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 2 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:        affine.for %[[J:.+]] = 0 to 3 {
// CHECK-NEXT:          affine.load %[[W]][%[[I]], %[[J]]]
// CHECK:               affine.store %{{.*}}, %[[W]][%[[I]], %[[J]]]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// Vectors: memref<3xvector<4xf32>>, in place.
// CHECK-LABEL: func.func @acc_vec
// CHECK:       %[[V:.+]] = memref.alloc() : memref<3xvector<4xf32>>
// CHECK-NOT:   memref.alloc
// CHECK:       affine.for %{{.*}} = 0 to 5 {
// CHECK:         affine.load %[[V]]
// CHECK:         arith.subf {{.*}} : vector<4xf32>
// CHECK:         affine.store %{{.*}}, %[[V]]

// Rows through as_vector/as_scalar: vector loads and stores, in place.
// CHECK-LABEL: func.func @acc_vec_rows
// CHECK:       %[[R:.+]] = memref.alloc() : memref<2x8xf32>
// CHECK-NOT:   memref.alloc
// CHECK:       vector.load %[[R]]
// CHECK:       vector.store %{{.*}}, %[[R]]

// A pair: a buffer per leaf (memref<f32> for the sum), each doubled.
// CHECK-LABEL: func.func @acc_pair
// CHECK:       affine.for %{{.*}} = 0 to 6 iter_args({{.*}}) -> (memref<4xf32>, memref<f32>, memref<4xf32>, memref<f32>)

// unroll: three copies of the step, alternating buffers.
// CHECK-LABEL: func.func @acc_unroll
// CHECK-NOT:   iter_args
// CHECK:       affine.store %{{.*}}, %[[U1:alloc[_0-9]*]][
// CHECK:       affine.store %{{.*}}, %[[U0:alloc[_0-9]*]][
// CHECK:       affine.store %{{.*}}, %[[U1]][
// CHECK:       affine.store %{{.*}}, %[[U0]][
// CHECK:       affine.load %[[U0]]

// Inside map par: a per-thread stack buffer.
// CHECK-LABEL: func.func @acc_par
// CHECK:       scf.parallel
// CHECK-NEXT:    %[[P:.+]] = memref.alloca() : memref<5xf32>
// CHECK:         affine.for %{{.*}} = 0 to 4 {
// CHECK:           affine.store %{{.*}}, %[[P]]

// Default: acc_rank1's 3-step fold is unrolled (three in-place updates of
// the one buffer, no loop over the steps); acc_swap's 5 steps stay a loop.
// UNROLL-LABEL: func.func @acc_rank1
// UNROLL:       %[[A:.+]] = memref.alloc() : memref<4xf32>
// UNROLL-NOT:   affine.for %{{.*}} = 0 to 3 {
// UNROLL-COUNT-3: affine.store %{{.*}}, %[[A]][%{{.*}}] : memref<4xf32>
// UNROLL-LABEL: func.func @acc_swap
// UNROLL:       affine.for %{{.*}} = 0 to 5 iter_args(
