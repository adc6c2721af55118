// Bad rise-stats options and an unwritable output: each gives an error that
// names the problem, and mlir-opt exits non-zero.

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{frmat=json})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: rise-stats: unknown option 'frmat'

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{format=xml})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FORMAT
// FORMAT: error: rise-stats: option 'format' must be one of text|json, got 'xml'

// Choices are matched exactly, not by prefix or case.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{format=JSON})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CASE
// CASE: error: rise-stats: option 'format' must be one of text|json, got 'JSON'
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{format=jso})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PREFIX
// PREFIX: error: rise-stats: option 'format' must be one of text|json, got 'jso'

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{output})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: error: rise-stats: option 'output' needs a value

// RUN: not %rise-opt %s --pass-pipeline="builtin.module(rise-stats{output='%t.unterminated})" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUOTE
// QUOTE: error: rise-stats: unterminated quote in option 'output'

// An output file in a missing directory, and an output that is a directory.
// RUN: rm -rf %t.missing && mkdir -p %t.dir
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{output=%t.missing/stats.txt})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NODIR -DPATH=%t.missing/stats.txt
// NODIR: rise-stats-errors.mlir:0:0: error: rise-stats: cannot open output file '[[PATH]]'
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{output=%t.dir})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ISDIR -DPATH=%t.dir
// ISDIR: error: rise-stats: cannot open output file '[[PATH]]'

// Nothing is printed for the function when the output cannot be opened.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{output=%t.missing/stats.txt})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOSTATS
// NOSTATS-NOT: rise-stats @f

func.func @f(%m: memref<4xf32>) {
  %a = rise.in %m : memref<4xf32> -> !rise.array<4xf32>
  rise.out %a, %m : !rise.array<4xf32>, memref<4xf32>
  return
}
