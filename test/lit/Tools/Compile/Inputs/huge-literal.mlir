// An unused splat literal of 4e9 f32 (16 GB): once an LLVM global that
// MLIR's translation ran out of memory on (std::bad_alloc). Now the
// verifier refuses it (more than RISE_MAX_STATIC_BYTES, 1 GiB).
func.func @huge(%a: memref<4xf32>, %o: memref<4xf32>) {
  %big = rise.literal dense<1.0> : tensor<4000000000xf32> -> !rise.array<4000000000xf32>
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  rise.out %x, %o : !rise.array<4xf32>, memref<4xf32>
  return
}
