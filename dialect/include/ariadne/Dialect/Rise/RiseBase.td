//===- RiseBase.td - rise dialect and enums ----------------*- tablegen -*-===//
//
// The rise dialect mirrors the RISE functional array IR (Steuwer et al.;
// thesis chapter 3). Type rules are checked by the C verifier in
// dialect/lib/verify.c, which every op's verify() forwards to.
//
//===----------------------------------------------------------------------===//

#ifndef RISE_BASE_TD
#define RISE_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Rise_Dialect : Dialect {
  let name = "rise";
  let cppNamespace = "::ariadne::rise";
  let summary = "The RISE functional array language as an MLIR dialect";
  let description = [{
    Values of `!rise.array`, `!rise.pair` and builtin scalar/vector types are
    immutable data. Patterns that take functions (map, reduce, generate, ...)
    take them as single-block regions whose block arguments are the lambda's
    parameters. `rise.in` and `rise.out` are the only ops that touch memory:
    they connect a `func.func` over memrefs to the functional world.
  }];
  let useDefaultTypePrinterParser = 1;
}

// How a map or reduce is implemented. `none` (absent) is the high-level
// pattern; every other kind means exactly the same as the high-level form
// and only steers lowering.
def Rise_PatternKind : I32EnumAttr<"PatternKind", "implementation of a map or reduce", [
    I32EnumAttrCase<"seq", 1>,
    I32EnumAttrCase<"unroll", 2>,
    I32EnumAttrCase<"par", 3>,
    I32EnumAttrCase<"vec", 4>,
    I32EnumAttrCase<"global", 5>,
    I32EnumAttrCase<"workgroup", 6>,
    I32EnumAttrCase<"local", 7>,
    I32EnumAttrCase<"stream", 8>,
    I32EnumAttrCase<"iterate", 9>
  ]> {
  let cppNamespace = "::ariadne::rise";
}

def Rise_AddressSpace : I32EnumAttr<"AddressSpace", "memory address space", [
    I32EnumAttrCase<"Global", 0, "global">,
    I32EnumAttrCase<"Local", 1, "local">,
    I32EnumAttrCase<"Private", 2, "private">
  ]> {
  let cppNamespace = "::ariadne::rise";
}

#endif // RISE_BASE_TD
