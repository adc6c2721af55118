// Found by fuzz.mutate (seed 3, mutant 5 of knossos.mlir): nested maps of
// (2^32+1) x (2^32+1) elements. The trip count of the inner region
// overflows int64_t in rise-stats (passes/stats.c, walk), and so does the
// element count of the argument in ariHostArgNumScalars
// (dialect/interp/interp.c), which sizes the host buffer.
func.func @trips_overflow(%a: memref<4294967297x4294967297xf32>, %o: memref<4294967297x4294967297xf32>) {
  %x = rise.in %a : memref<4294967297x4294967297xf32> -> !rise.array<4294967297x4294967297xf32>
  %m = rise.map %x : !rise.array<4294967297x4294967297xf32> -> !rise.array<4294967297x4294967297xf32> {
  ^bb0(%r: !rise.array<4294967297xf32>):
    %n = rise.map %r : !rise.array<4294967297xf32> -> !rise.array<4294967297xf32> {
    ^bb0(%e: f32):
      %y = arith.addf %e, %e : f32
      rise.yield %y : f32
    }
    rise.yield %n : !rise.array<4294967297xf32>
  }
  rise.out %m, %o : !rise.array<4294967297x4294967297xf32>, memref<4294967297x4294967297xf32>
  return
}
