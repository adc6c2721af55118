//===- RiseTypes.td - rise data types ----------------------*- tablegen -*-===//

#ifndef RISE_TYPES_TD
#define RISE_TYPES_TD

include "ariadne/Dialect/Rise/RiseBase.td"

class Rise_Type<string name, string typeMnemonic> : TypeDef<Rise_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Rise_ArrayType : Rise_Type<"Array", "array"> {
  let summary = "the RISE array type n.t";
  let description = [{
    An array of `size` elements of a data type. Nested arrays print in a
    shorthand like memref shapes: `!rise.array<4x8xf32>` is `4.8.f32`, i.e.
    an array of 4 arrays of 8 f32.

    The size is stored as an attribute (today an `index` IntegerAttr) so that
    symbolic nat expressions can later be admitted as another attribute kind,
    written as a bracketed dimension (`[n*4]x`), without changing how static
    sizes are spelled.
  }];
  let parameters = (ins "::mlir::IntegerAttr":$size, "::mlir::Type":$elementType);
  let builders = [
    TypeBuilderWithInferredContext<(ins "int64_t":$size, "::mlir::Type":$elementType), [{
      auto *ctx = elementType.getContext();
      return $_get(ctx, ::mlir::IntegerAttr::get(::mlir::IndexType::get(ctx), size), elementType);
    }]>
  ];
  let extraClassDeclaration = [{
    /// The static number of elements.
    int64_t getStaticSize() const { return getSize().getInt(); }
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Rise_PairType : Rise_Type<"Pair", "pair"> {
  let summary = "the RISE pair type s x t";
  let parameters = (ins "::mlir::Type":$first, "::mlir::Type":$second);
  let assemblyFormat = "`<` $first `,` $second `>`";
  let genVerifyDecl = 1;
}

#endif // RISE_TYPES_TD
