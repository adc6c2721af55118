// ariadne-compile rejects bad targets, bad pipelines, unlowered programs and
// unwritable outputs with a diagnostic and exit status 1 (2 for a bad
// command line), and leaves no output behind.

// RUN: rm -rf %t.dir && mkdir -p %t.dir/sub

// RUN: not ariadne-compile %s -o %t.dir/a.o --target=riscv64 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: unknown target 'riscv64' (expected x86_64, aarch64 or nvptx64)

// RUN: not ariadne-compile %s -o %t.dir/a.o --target=aarch64 --cpu=cortex-z99 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: invalid cpu or features for aarch64-unknown-linux-gnu: 'cortex-z99' is not a recognized processor

// RUN: not ariadne-compile %s -o %t.dir/a.o --features=+bogus 2>&1 | FileCheck %s --check-prefix=FEATURE
// FEATURE: error: invalid cpu or features for x86_64-unknown-linux-gnu: '+bogus' is not a recognized feature

// RUN: not ariadne-compile %s -o %t.dir/a.o --target=aarch64 --cpu=host 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: error: --cpu=host is only valid for the host's architecture

// A lowering that stops early leaves ops outside the LLVM dialect; the
// diagnostic points at the first one.
// RUN: not ariadne-compile %s -o %t.dir/a.o --lowering=convert-rise-to-affine 2>&1 | FileCheck %s --check-prefix=UNLOWERED
// (The check is next to the function.)

// RUN: not ariadne-compile %s -o %t.dir/a.o --pipeline=no-such-pass 2>&1 | FileCheck %s --check-prefix=PASS
// PASS: error: invalid pipeline element 'no-such-pass'
// RUN: not ariadne-compile %s -o %t.dir/a.o --pipeline='rise-stats{format=xml}' 2>&1 | FileCheck %s --check-prefix=OPTS
// OPTS: error: invalid options for pass 'rise-stats': {{.*}}got 'xml'
// RUN: not ariadne-compile %s -o %t.dir/a.o --func=nosuch 2>&1 | FileCheck %s --check-prefix=FUNC
// FUNC: error: no function named 'nosuch'

// Unwritable outputs: a missing directory, a directory in the way.
// RUN: not ariadne-compile %s -o %t.dir/missing/a.o 2>&1 | FileCheck %s --check-prefix=WRITE
// WRITE: error: cannot write '{{.*}}missing/a.o': No such file or directory
// RUN: not ariadne-compile %s -o %t.dir/sub 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: error: cannot write '{{.*}}sub': Is a directory
// An object to stdout is a bad command line: exit 2.
// RUN: %python %S/../Inputs/exit-status.py 2 ariadne-compile %s -o - 2>&1 | FileCheck %s --check-prefix=STDOUT
// STDOUT: ariadne-compile: an object file cannot be written to stdout

// Command-line errors exit with 2.
// RUN: not ariadne-compile %s 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: an object file needs -o OUT
// RUN: not ariadne-compile %s -o %t.dir/a.o --emit=exe 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: --emit must be obj, asm, llvm or mlir, got 'exe'
// RUN: not ariadne-compile %s -o %t.dir/a.o --opt=4 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: --opt needs 0, 1, 2 or 3, got '4'

// A header that cannot be written stops the object too.
// RUN: not ariadne-compile %S/Inputs/bf16.mlir -o %t.dir/b.o --header=%t.dir/b.h 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: error: argument 0 of @half has a type the C header cannot express

// Nothing was written: only the directory made above is there.
// RUN: ls -A %t.dir | FileCheck %s --check-prefix=LEFT --implicit-check-not={{.}}
// LEFT: sub

// UNLOWERED: errors.mlir{{"?}}:[[@LINE+1]]:1{{\)?}}: error: 'func.func' was not lowered to the LLVM dialect by the pipeline
func.func @neg(%a: memref<8xf32>, %o: memref<8xf32>) {
  %x = rise.in %a : memref<8xf32> -> !rise.array<8xf32>
  %m = rise.map seq %x : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%v: f32):
    %r = arith.negf %v : f32
    rise.yield %r : f32
  }
  rise.out %m, %o : !rise.array<8xf32>, memref<8xf32>
  return
}

// A literal too large to become an LLVM global is refused by the verifier
// at the op, with a clean exit status and no output (issue 13).
// RUN: not ariadne-compile %S/Inputs/huge-literal.mlir -o %t.dir/huge.o 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not test -e %t.dir/huge.o
// HUGE: huge-literal.mlir:5:10: error: 'rise.literal' op rule literal: value tensor<4000000000xf32> is 16000000000 bytes, more than the 1073741824 a literal may hold
