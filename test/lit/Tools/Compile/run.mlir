// ariadne-run compiles one function in process, links and loads it, checks
// it against the interpreter and times it.

// Random inputs: the native result matches the interpreter's.
// RUN: ariadne-run %s --func=dot4 --reps=3 --warmup=1 | FileCheck %s --check-prefix=RUN-CHECK
// RUN-CHECK: @dot4 argument 2 matches the interpreter: 1 scalars, max abs error {{.*}} (tolerance |a-b| <= 1e-05 + 0.0001*|b| + 1e-05*max|b|)
// RUN-CHECK: @dot4 native time: median {{[0-9.]+}} ms, min {{[0-9.]+}} ms over 3 runs (1 warm-up)

// File inputs and --print: 1*0.5 - 2 + 6 + 40.
// RUN: ariadne-run %s --func=dot4 --input=0:%S/Inputs/a4.txt --input=1:%S/Inputs/b4.txt --print \
// RUN:   | FileCheck %s --check-prefix=PRINT
// PRINT: arg 2:
// PRINT-NEXT: 44.5

// Negative control: with reassociation allowed, LLVM vectorises the sum and
// rounds differently from the interpreter's left fold. The default
// tolerance accepts that; a zero tolerance must report it.
// RUN: ariadne-run %s --func=sum --reps=1
// RUN: not ariadne-run %s --func=sum --rtol=0 --atol=0 --stol=0 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: error: @sum argument 1 differs from the interpreter at []: native {{.*}}, interpreter {{.*}} (1 of 1 scalars outside |a-b| <= 0 + 0*|b| + 0*max|b|; max abs error {{.*}})
// MISMATCH-NOT: native time

// The same through MLIR's ExecutionEngine JIT instead of a shared object.
// RUN: ariadne-run %s --func=dot4 --jit --input=0:%S/Inputs/a4.txt --input=1:%S/Inputs/b4.txt --print \
// RUN:   | FileCheck %s --check-prefixes=PRINT,JIT
// JIT: @dot4 JIT time: median
// RUN: not ariadne-run %s --func=sum --jit --rtol=0 --atol=0 --stol=0 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not ariadne-run %s --jit --target=aarch64 2>&1 | FileCheck %s --check-prefix=JITCROSS
// JITCROSS: --jit runs on the host only

// Inputs that do not fit the argument.
// RUN: not ariadne-run %s --func=dot4 --input=0:%S/Inputs/three.txt 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: three.txt:2:1: error: too few numbers: argument 0 takes 4, the file has 3
// RUN: not ariadne-run %s --func=dot4 --input=1:%S/Inputs/bytes15.bin 2>&1 | FileCheck %s --check-prefix=BYTES
// BYTES: bytes15.bin: error: argument 1 takes 16 bytes of binary data, the file has 15
// RUN: not ariadne-run %s --func=dot4 --input=3:%S/Inputs/a4.txt 2>&1 | FileCheck %s --check-prefix=NOARG
// NOARG: --input=3:... names an argument the function does not have (it has 3)
// RUN: not ariadne-run %s --func=dot4 --input=0:%t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot open: No such file or directory

// Bad functions, CPUs and command lines.
// RUN: not ariadne-run %s --func=nosuch 2>&1 | FileCheck %s --check-prefix=NOFUNC
// NOFUNC: error: no function named 'nosuch'
// RUN: not ariadne-run %s --func=dot4 --target-cpu=pentium-9000 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: invalid cpu or features {{.*}}'pentium-9000' is not a recognized processor
// RUN: not ariadne-run %s --reps=0 2>&1 | FileCheck %s --check-prefix=REPS
// REPS: --reps needs an integer from 1 to 1000000, got '0'
// RUN: not ariadne-run %s --threads=0 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: --threads needs an integer from 1 to 4096, got '0'
// RUN: not ariadne-run %s --rtol=-1 2>&1 | FileCheck %s --check-prefix=RTOL
// RTOL: --rtol needs a non-negative number, got '-1'
// RUN: not ariadne-run %s --stol=x 2>&1 | FileCheck %s --check-prefix=STOL
// STOL: --stol needs a non-negative number, got 'x'

func.func @dot4(%a: memref<4xf32>, %b: memref<4xf32>, %o: memref<f32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %y = rise.in %b : memref<4xf32> -> !rise.array<4xf32>
  %z = rise.zip %x, %y : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
  %m = rise.map seq %z : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %f = rise.fst %p : !rise.pair<f32, f32> -> f32
    %s = rise.snd %p : !rise.pair<f32, f32> -> f32
    %r = arith.mulf %f, %s : f32
    rise.yield %r : f32
  }
  %c0 = arith.constant 0.0 : f32
  %r = rise.reduce seq %c0, %m : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    rise.yield %s : f32
  }
  rise.out %r, %o : f32, memref<f32>
  return
}

func.func @sum(%a: memref<4099xf32>, %o: memref<f32>) {
  %x = rise.in %a : memref<4099xf32> -> !rise.array<4099xf32>
  %c0 = arith.constant 0.0 : f32
  %r = rise.reduce seq %c0, %x : f32, !rise.array<4099xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v fastmath<fast> : f32
    rise.yield %s : f32
  }
  rise.out %r, %o : f32, memref<f32>
  return
}
