// ariadne-compile's outputs are never renamed over what is not a regular
// file (utils/file.h ariFileWriteAtomic): a device such as /dev/null is
// written through and stays a device (as root, renaming over it would
// destroy it), and a symbolic link stays a link whose target gets the
// output. A dangling link is refused, not replaced.

// RUN: ariadne-compile %s --emit=asm -o /dev/null && test -c /dev/null
// RUN: ariadne-compile %s -o %t.o --header=/dev/null && test -c /dev/null

// RUN: rm -rf %t.dir && mkdir -p %t.dir && echo old > %t.dir/target.s
// RUN: ln -s target.s %t.dir/link.s
// RUN: ariadne-compile %s --emit=asm -o %t.dir/link.s
// RUN: test -L %t.dir/link.s
// RUN: FileCheck %s --check-prefix=ASM --input-file=%t.dir/target.s
// ASM: scale

// RUN: ln -s nowhere/x.s %t.dir/dangling.s
// RUN: not ariadne-compile %s --emit=asm -o %t.dir/dangling.s 2>&1 | FileCheck %s --check-prefix=DANGLING
// DANGLING: error: cannot write '{{.*}}dangling.s': No such file or directory
// RUN: test -L %t.dir/dangling.s

func.func @scale(%a: memref<4xf32>, %o: memref<4xf32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  rise.out %x, %o : !rise.array<4xf32>, memref<4xf32>
  return
}
