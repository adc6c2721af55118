// ariadne-run --target=aarch64 writes the arguments to argK.bin in a
// scratch directory under $TMPDIR for the remote driver; when the run
// command fails (here --exec=false instead of qemu, so no emulator is
// needed, only the cross compiler that builds the driver), the scratch
// directory is still removed: rmdir of TMPDIR succeeds only when empty.

// REQUIRES: aarch64-cross-cc
// RUN: rm -rf %t.tmp && mkdir %t.tmp
// RUN: not env TMPDIR=%t.tmp ariadne-run %s --func=add1 --target=aarch64 --exec=false 2>&1 \
// RUN:   | FileCheck %s
// CHECK: error: running {{.*}} failed
// RUN: rmdir %t.tmp

func.func @add1(%a: memref<4xf32>, %o: memref<4xf32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  rise.out %x, %o : !rise.array<4xf32>, memref<4xf32>
  return
}
