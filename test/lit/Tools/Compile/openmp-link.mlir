// What to link for `map par` objects (LLVM's libomp), said by --help and by
// the --header of a module that needs it, and the two link commands it
// gives work.

// RUN: ariadne-compile --help | FileCheck %s --check-prefix=HELP
// HELP: Linking: objects of modules with `map par` call LLVM's OpenMP runtime
// HELP:   clang-22 -fopenmp app.c OUT.o
// HELP:   gcc app.c OUT.o -L/usr/lib/llvm-22/lib -lomp -Wl,-rpath,/usr/lib/llvm-22/lib

// RUN: ariadne-compile %s -o %t.o --header=%t.h --func=double_par
// RUN: FileCheck %s --check-prefix=HDR < %t.h
// HDR: /* OpenMP: these functions run `map par` loops through LLVM's OpenMP
// HDR:  *   clang-22 -fopenmp app.c OBJ.o
// HDR:  *   gcc app.c OBJ.o -L/usr/lib/llvm-22/lib -lomp -Wl,-rpath,/usr/lib/llvm-22/lib
// HDR: void _mlir_ciface_double_par(

// A module without parallel loops gets no such note.
// RUN: ariadne-compile %s -o %t.seq.o --header=%t.seq.h --func=double_seq
// RUN: FileCheck %s --check-prefix=SEQ < %t.seq.h
// SEQ-NOT: OpenMP
// SEQ: void _mlir_ciface_double_seq(

// The commands link and run; GCC's own -fopenmp (libgomp) does not link.
// RUN: %cc -fopenmp -DOPENMP_HEADER='"%t.h"' %S/Inputs/openmp_app.c %t.o -o %t.clang.exe
// RUN: %t.clang.exe | FileCheck %s --check-prefix=EXE
// RUN: gcc -DOPENMP_HEADER='"%t.h"' %S/Inputs/openmp_app.c %t.o -L/usr/lib/llvm-22/lib -lomp \
// RUN:   -Wl,-rpath,/usr/lib/llvm-22/lib -o %t.gcc.exe
// RUN: env OMP_NUM_THREADS=2 %t.gcc.exe | FileCheck %s --check-prefix=EXE
// RUN: not gcc -fopenmp -DOPENMP_HEADER='"%t.h"' %S/Inputs/openmp_app.c %t.o -o %t.gomp.exe 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GOMP
// EXE: ok 126
// GOMP: undefined reference to `__kmpc_

func.func @double_par(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = rise.in %x : memref<64xf32> -> !rise.array<64xf32>
  %b = rise.map par %a : !rise.array<64xf32> -> !rise.array<64xf32> {
  ^bb0(%v: f32):
    %w = arith.addf %v, %v : f32
    rise.yield %w : f32
  }
  rise.out %b, %y : !rise.array<64xf32>, memref<64xf32>
  return
}

func.func @double_seq(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = rise.in %x : memref<64xf32> -> !rise.array<64xf32>
  %b = rise.map seq %a : !rise.array<64xf32> -> !rise.array<64xf32> {
  ^bb0(%v: f32):
    %w = arith.addf %v, %v : f32
    rise.yield %w : f32
  }
  rise.out %b, %y : !rise.array<64xf32>, memref<64xf32>
  return
}
