// A program rise-search scheduled for aarch64 runs under qemu-aarch64
// (ariadne-run --target=aarch64) and matches the interpreter.
// REQUIRES: aarch64-cross-cc

// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium target=aarch64 depth=3 report=none})' -o %t.mlir
// RUN: ariadne-run %t.mlir --func=matmul_medium --target=aarch64 --reps=1 --warmup=0 2>&1 | FileCheck %s
// CHECK: @matmul_medium argument 2 matches the interpreter
