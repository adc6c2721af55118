// Found by fuzz.mutate (seed 3, mutant 172 of conv3x3.mlir): joining
// 2^32 arrays of 2^32 elements; n * m overflows int64_t in the join type
// rule (dialect/lib/verify.c, verifyJoin). Must be a diagnostic, not UB.
func.func @join_overflow(%a: !rise.array<4294967296x4294967296xf32>) {
  %j = rise.join %a : !rise.array<4294967296x4294967296xf32> -> !rise.array<16xf32>
  return
}
