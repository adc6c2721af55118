// Bad strategies and options are reported before any function is touched,
// with the position in the strategy text (strategy:LINE:COL) or file.

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFusion"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PAREN
// PAREN: error: rise-rewrite: strategy:1:18: expected ',' or ')', got end of input

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="mapFusion ; ; id"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SEMI
// SEMI: error: rise-rewrite: strategy:1:13: expected a strategy, got ';'

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="mapFusion <- id"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHOICE
// CHOICE: error: rise-rewrite: strategy:1:11: expected '<+'

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFuzion)"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: rise-rewrite: strategy:1:9: unknown strategy, rule or predicate 'mapFuzion'

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="splitJoin @ topDown"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARITY
// ARITY: error: rise-rewrite: strategy:1:1: rule 'splitJoin' takes 1 argument (p), got 0

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="id ; splitJoin(0) @ topDown"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARG
// ARG: error: rise-rewrite: strategy:1:6: rule 'splitJoin' expects positive naturals

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="mapFusion @ outermost(isMapp)"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PRED
// PRED: error: rise-rewrite: strategy:1:23: unknown strategy, rule or predicate 'isMapp'

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="try(mapFusion, id)"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRY
// TRY: error: rise-rewrite: strategy:1:1: 'try' takes 1 strategy, got 2 arguments

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="try(3)"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NUM
// NUM: error: rise-rewrite: strategy:1:5: expected a strategy, got the number 3

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="a = mapFusion"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEF
// DEF: error: rise-rewrite: strategy:1:3: definitions ('name = ...;') belong in a strategy file, not in a strategy expression

// Options.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite)' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONE
// NONE: error: rise-rewrite: needs strategy="..." or a strategy-file=PATH that defines 'main'
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy=id max-steps=-1})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEG
// NEG: error: rise-rewrite: max-steps, max-visits and progress must not be negative
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy=id max-steps=many})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INT
// INT: rise-rewrite: option 'max-steps' needs an integer, got 'many'
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{stratgy=id})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPT
// OPT: rise-rewrite: unknown option 'stratgy'
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy=id trace=maybe})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOOL
// BOOL: rise-rewrite: option 'trace' needs true or false, got 'maybe'
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy=id output=%t.missing/x})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OUT
// OUT: error: rise-rewrite: cannot open output file '{{.*}}missing/x'

// A function that is not in the term language is an error at the op that
// is not; func= picks the functions to rewrite.
// RUN: not %rise-opt %S/Inputs/not-rise.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy=id})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IMPORT
// IMPORT: not-rise.mlir:5:8: error: rise-rewrite: cannot import @weird: op memref.load is not part of the term language

// No function is touched when the strategy is bad.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy="topDown(mapFuzion)"})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONCE
// ONCE-COUNT-1: error:
// ONCE-NOT: error:

func.func @f(%a: memref<8xf32>, %o: memref<8xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  %y = rise.map %x : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%v: f32):
    %m = arith.mulf %v, %v : f32
    rise.yield %m : f32
  }
  rise.out %y, %o : !rise.array<8xf32>, memref<8xf32>
  return
}

func.func @g(%a: memref<8xf32>, %o: memref<8xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  rise.out %x, %o : !rise.array<8xf32>, memref<8xf32>
  return
}
