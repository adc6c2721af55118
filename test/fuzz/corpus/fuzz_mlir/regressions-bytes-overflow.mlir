// Found by fuzz.mutate (seed 3, mutant 945 of dot.mlir): a memref of
// 2^63-1 f32, whose size in bytes overflows int64_t in rise-stats
// (dialect/lib/work.c, riseTypeBytes, and passes/stats.c, walk).
func.func @bytes_overflow(%a: memref<9223372036854775807xf32>, %o: memref<f32>) {
  %x = rise.in %a : memref<9223372036854775807xf32> -> !rise.array<9223372036854775807xf32>
  %z = arith.constant 0.0 : f32
  %s = rise.reduce %z, %x : f32, !rise.array<9223372036854775807xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %t = arith.addf %acc, %v : f32
    rise.yield %t : f32
  }
  rise.out %s, %o : f32, memref<f32>
  return
}
