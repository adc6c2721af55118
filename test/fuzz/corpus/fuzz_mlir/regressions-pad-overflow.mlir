// Found by fuzz.mutate (seed 2, mutant 133 of stencil2d.mlir): a padding so
// large that l + n + r overflows int64_t in the pad_clamp type rule
// (dialect/lib/verify.c, verifyPad). Must be a diagnostic, not UB.
func.func @pad_overflow(%a: memref<4xf32>, %o: memref<6xf32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %p = rise.pad_clamp 9223372036854775807, 1 %x : !rise.array<4xf32> -> !rise.array<6xf32>
  rise.out %p, %o : !rise.array<6xf32>, memref<6xf32>
  return
}
