// -g: DWARF line tables from the ops' locations, so a debugger or a
// profiler names lines of this .mlir file; without -g there are none.

// RUN: ariadne-compile %s -g -o %t.o
// RUN: llvm-dwarfdump --debug-line %t.o | FileCheck %s --check-prefix=LINE
// LINE: name: "debug-info.mlir"
// RUN: llvm-objdump -d -l %t.o | FileCheck %s --check-prefix=OBJ
// RUN: ariadne-compile %s -g --emit=llvm | FileCheck %s --check-prefix=LLVM
// LLVM: !DICompileUnit(
// LLVM-SAME: emissionKind: LineTablesOnly
// LLVM: !DIFile(filename: "{{.*}}debug-info.mlir"

// RUN: ariadne-compile %s -o %t.nodebug.o
// RUN: llvm-dwarfdump --debug-line %t.nodebug.o | FileCheck %s --check-prefix=NONE
// NONE: .debug_line contents:
// NONE-NOT: file_names

func.func @axpy(%k: f32, %a: memref<16xf32>, %b: memref<16xf32>, %o: memref<16xf32>) {
  %x = rise.in %a : memref<16xf32> -> !rise.array<16xf32>
  %y = rise.in %b : memref<16xf32> -> !rise.array<16xf32>
  %z = rise.zip %x, %y : !rise.array<16xf32>, !rise.array<16xf32> -> !rise.array<16x!rise.pair<f32, f32>>
  %m = rise.map seq %z : !rise.array<16x!rise.pair<f32, f32>> -> !rise.array<16xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %f = rise.fst %p : !rise.pair<f32, f32> -> f32
    %s = rise.snd %p : !rise.pair<f32, f32> -> f32
    // The multiplication's line is in the object's line table.
    // OBJ: debug-info.mlir:[[@LINE+1]]
    %r = arith.mulf %f, %k : f32
    %t = arith.addf %r, %s : f32
    rise.yield %t : f32
  }
  rise.out %m, %o : !rise.array<16xf32>, memref<16xf32>
  return
}
