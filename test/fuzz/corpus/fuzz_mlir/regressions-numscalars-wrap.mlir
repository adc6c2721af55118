// An argument of 2^32 x 2^32 f32: its element count wraps to 0 in 64 bits
// (ariHostArgNumScalars, dialect/interp/interp.c), so a 1-byte host buffer
// would stand for the whole memref unless the overflow is caught.
func.func @numscalars_wrap(%a: memref<4294967296x4294967296xf32>, %o: memref<4294967296x4294967296xf32>) {
  %x = rise.in %a : memref<4294967296x4294967296xf32> -> !rise.array<4294967296x4294967296xf32>
  rise.out %x, %o : !rise.array<4294967296x4294967296xf32>, memref<4294967296x4294967296xf32>
  return
}
