// func= naming no function of the module is an error at the module, in the
// words of the tools (and of rise-eqsat), not a silent success.

// RUN: %rise-opt %s -verify-diagnostics --pass-pipeline='builtin.module(rise-rewrite{strategy=id func=g report=false})' -o /dev/null

// expected-error@+1 {{rise-rewrite: no function named 'g'}}
module {
  func.func @f(%a: memref<8xf32>, %o: memref<8xf32>) {
    %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
    rise.out %x, %o : !rise.array<8xf32>, memref<8xf32>
    return
  }
}
