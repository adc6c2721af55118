// MLIR 22's canonicalize folds this index to the constant 2, though
// ((64 a + 8 b) mod 5) floordiv 2 is 0 at a = 1, b = 2 (80 mod 5 = 0).
// Used by ../affine-mod-bounds.mlir: when upstream fixes the fold, that
// test's UPSTREAM check fails, and the disabled patterns can come back.
func.func @f(%out: memref<8x8xindex>) {
  affine.for %a = 1 to 7 {
    affine.for %b = 0 to 8 {
      %r = affine.apply affine_map<(d0, d1) -> (((d0 * 64 + d1 * 8) mod 5) floordiv 2)>(%a, %b)
      memref.store %r, %out[%a, %b] : memref<8x8xindex>
    }
  }
  return
}
