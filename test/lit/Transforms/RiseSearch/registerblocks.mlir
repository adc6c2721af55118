// Register blocks (search.elv's actRegisterBlock): the rows of a matmul in
// groups of 4, each group's map of rows moved down to its reduction
// (fission, interchange), where reduceJam makes the 4 reductions over the
// same B panel one fold with 4 vector accumulators (a tuple), read back by
// a generate and stored once per group. The steps are those rise-search
// takes on matmul 1024^3 (docs/search.md); here on 64^3, replayed, and
// checked natively against the interpreter.

// RUN: %rise-opt %S/Inputs/mm64.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv strategy="child(0, child(0, child(0, child(0, child(0, actFuse))))) ; actVectorizeReductions(32) ; child(0, actRegisterBlock(4))" report=false})' | FileCheck %s
// CHECK: rise.split 4 %{{.*}} : !rise.array<64x64xf32> -> !rise.array<16x4x64xf32>
// CHECK: rise.transpose %{{.*}} : !rise.array<4x64xf32> -> !rise.array<64x4xf32>
// CHECK: rise.reduce seq %{{.*}} : !rise.pair<!rise.pair<vector<32xf32>, vector<32xf32>>, !rise.pair<vector<32xf32>, vector<32xf32>>>, !rise.array<64x!rise.pair<!rise.array<4xf32>, vector<32xf32>>>
// CHECK: rise.generate : !rise.array<4xvector<32xf32>>
// CHECK: rise.to_mem private %{{.*}} : !rise.array<2x4xvector<32xf32>>

// RUN: ariadne-run %S/Inputs/mm64.mlir --pipeline='rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv strategy="child(0, child(0, child(0, child(0, child(0, actFuse))))) ; actVectorizeReductions(32) ; child(0, actRegisterBlock(4))" report=false}' --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @matmul64 argument 2 matches the interpreter: 4096 scalars, max abs error 0

// Blocks of 8 rows (what rise-search picks for 1024^3 now): 8 accumulators
// of 32 lanes, a tuple of pairs of pairs of pairs; with the search's
// rise.fma mark, checked natively within the tolerance.
// RUN: %rise-opt %S/Inputs/mm64.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv strategy="child(0, child(0, child(0, child(0, child(0, actFuse))))) ; actVectorizeReductions(32) ; child(0, actRegisterBlock(8))" report=false})' -o %t.rb8.mlir
// RUN: FileCheck %s --check-prefix=RB8 < %t.rb8.mlir
// RB8: rise.split 8 %{{.*}} : !rise.array<64x64xf32> -> !rise.array<8x8x64xf32>
// RB8: rise.reduce seq %{{.*}} : !rise.pair<!rise.pair<!rise.pair<vector<32xf32>, vector<32xf32>>, !rise.pair<vector<32xf32>, vector<32xf32>>>, !rise.pair<!rise.pair<vector<32xf32>, vector<32xf32>>, !rise.pair<vector<32xf32>, vector<32xf32>>>>
// RB8: rise.generate : !rise.array<8xvector<32xf32>>
// RUN: sed 's/func.func @matmul64(\(.*\)) {/func.func @matmul64(\1) attributes {rise.fma} {/' %t.rb8.mlir > %t.rb8fma.mlir
// RUN: ariadne-run %t.rb8fma.mlir --reps=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=NATIVE8
// NATIVE8: @matmul64 argument 2 matches the interpreter: 4096 scalars

// Blocks of 3 rows: 3 divides no 64, and reduceJam takes 2, 4 or 8 rows.
// RUN: not %rise-opt %S/Inputs/mm64.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/search.elv strategy="child(0, child(0, child(0, child(0, child(0, actFuse))))) ; actVectorizeReductions(32) ; child(0, actRegisterBlock(3))" report=false})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: rise-rewrite: strategy failed on @matmul64: {{.*}}search.elv:{{[0-9]+}}:{{[0-9]+}}: rule 'splitJoin(p)' does not apply
