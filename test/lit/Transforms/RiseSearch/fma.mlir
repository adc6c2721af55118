// rise-search marks each function it schedules `rise.fma` (option fma,
// default true): the lowering then fuses a multiply feeding an add into
// one FMA (Conversion/RiseToAffine/fma-attr.mlir), and the result matches
// the interpreter within the tolerance.
// fma=false leaves the function unmarked (bit-identical lowering).

// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium budget=20000 report=none})' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: ariadne-run %t.mlir --func=matmul_medium --seed=5 | FileCheck %s --check-prefix=NATIVE
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium budget=20000 report=none fma=false})' | FileCheck %s --check-prefix=OFF
// RUN: not %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{fma=perhaps})' 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: func.func @matmul_small(
// CHECK-NOT: rise.fma
// CHECK: func.func @matmul_medium({{.*}}) attributes {rise.fma}
// NATIVE: @matmul_medium argument 2 matches the interpreter
// OFF-NOT: rise.fma
// BAD: fma
