// A report that cannot be written (/dev/full: "No space left on device") is
// an error naming the output, and mlir-opt exits non-zero: rise-stats
// output=, rise-eqsat report=, rise-rewrite output=, files and stdout alike.

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{output=/dev/full})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STATS
// STATS: write-errors.mlir:0:0: error: rise-stats: cannot write output file '/dev/full': No space left on device
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-stats{format=json output=-})' -o /dev/null > /dev/full 2> %t.stdout.err
// RUN: FileCheck %s --check-prefix=STDOUT --input-file=%t.stdout.err
// STDOUT: error: rise-stats: cannot write output file '<stdout>': No space left on device

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-eqsat{guides=%S/../Transforms/RiseEqsat/Inputs/binomial.guides goal=binomial allow-partial=true report=/dev/full})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EQSAT
// EQSAT-NOT: error
// EQSAT: write-errors.mlir:0:0: error: rise-eqsat: cannot write report file '/dev/full': No space left on device

// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy=id trace=true output=/dev/full})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REWRITE
// REWRITE: write-errors.mlir:0:0: error: rise-rewrite: cannot write output file '/dev/full': No space left on device

// A device is written through, not replaced.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-stats{output=/dev/null})' -o /dev/null && test -c /dev/null

func.func @f(%m: memref<4xf32>) {
  %a = rise.in %m : memref<4xf32> -> !rise.array<4xf32>
  rise.out %a, %m : !rise.array<4xf32>, memref<4xf32>
  return
}
