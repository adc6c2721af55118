// Fuzz seed in MLIR's generic op form, so that mutants reach the
// ODS-generated invariants (operand counts, attribute kinds, region counts)
// that the custom assembly formats would reject while parsing.
"func.func"() <{function_type = (memref<4xf32>, memref<2x2xf32>) -> (), sym_name = "g"}> ({
^bb0(%a: memref<4xf32>, %o: memref<2x2xf32>):
  %x = "rise.in"(%a) : (memref<4xf32>) -> !rise.array<4xf32>
  %s = "rise.split"(%x) <{n = 2 : i64}> : (!rise.array<4xf32>) -> !rise.array<2x2xf32>
  %m = "rise.map"(%s) <{kind = 1 : i32}> ({
  ^bb0(%r: !rise.array<2xf32>):
    %c = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
    %t = "rise.pad_cst"(%r, %c) <{left = 0 : i64, right = 0 : i64}> : (!rise.array<2xf32>, f32) -> !rise.array<2xf32>
    %u = "rise.to_mem"(%t) <{addr = 1 : i32}> : (!rise.array<2xf32>) -> !rise.array<2xf32>
    "rise.yield"(%u) : (!rise.array<2xf32>) -> ()
  }) : (!rise.array<2x2xf32>) -> !rise.array<2x2xf32>
  "rise.out"(%m, %o) : (!rise.array<2x2xf32>, memref<2x2xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()
