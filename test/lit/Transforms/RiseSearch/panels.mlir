// Matmul's column panels outside its rows (search.elv's
// actInterchangeStored): the row's as_scalar split off by fission, the map
// over rows and the map over B's panels interchanged, and the result
// stored in the order the output reads it (read through the transpose, the
// register blocks below would be folded again for every row of a block).
// These are the steps rise-search takes on matmul 1024^3 at 1 thread
// (docs/search.md, session 15: B's panel stays in L2 while the row blocks
// pass); here on 64^3, replayed, and checked natively against the
// interpreter.

// RUN: %rise-opt %S/Inputs/mm64.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv strategy="child(0, child(0, child(0, child(0, child(0, actFuse))))) ; actVectorizeReductions(32) ; child(0, actInterchangeStored) ; child(0, child(1, child(0, child(0, child(0, child(0, actRegisterBlock(8))))))) ; child(0, child(1, child(0, child(0, child(1, actStoreGlobal)))))" report=false})' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// B packed in its two panels, the map over them outermost, the row blocks
// inside, the result stored row-major before the output reads it:
// CHECK: %[[B:.+]] = rise.to_mem global %{{.*}} : !rise.array<2x64xvector<32xf32>>
// CHECK: %[[P:.+]] = rise.map %[[B]] : !rise.array<2x64xvector<32xf32>> -> !rise.array<2x64xvector<32xf32>> {
// CHECK:   rise.map %{{.*}} : !rise.array<8x8x64xf32> -> !rise.array<8x8xvector<32xf32>> {
// CHECK:     rise.reduce seq
// CHECK: %[[T:.+]] = rise.transpose %[[P]] : !rise.array<2x64xvector<32xf32>> -> !rise.array<64x2xvector<32xf32>>
// CHECK: rise.to_mem global %[[T]] : !rise.array<64x2xvector<32xf32>>

// RUN: ariadne-run %t.mlir --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @matmul64 argument 2 matches the interpreter: 4096 scalars, max abs error 0
