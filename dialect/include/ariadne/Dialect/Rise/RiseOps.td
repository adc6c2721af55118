//===- RiseOps.td - rise operations ------------------------*- tablegen -*-===//
//
// Every op forwards verify() to the C type checker (dialect/lib/verify.c),
// which implements the RISE type signatures of thesis chapter 3 and names
// the violated rule in its diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef RISE_OPS_TD
#define RISE_OPS_TD

include "ariadne/Dialect/Rise/RiseTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

class Rise_Op<string mnemonic, list<Trait> traits = []>
    : Op<Rise_Dialect, mnemonic, traits> {
  let hasVerifier = 1;
}

// Regions of rise patterns are lambdas: one block, parameters as block
// arguments, ended by rise.yield. They may capture values from above.
defvar Rise_Lambda = SizedRegion<1>;

//===----------------------------------------------------------------------===//
// Function boundary
//===----------------------------------------------------------------------===//

def Rise_InOp : Rise_Op<"in", [MemoryEffects<[MemRead]>]> {
  let summary = "view a memref as a rise value";
  let description = [{
    `rise.in %m : memref<4x8xf32> -> !rise.array<4x8xf32>` reads a memref as
    a (nested) rise array of the same shape and element type. A rank-0 memref
    gives a scalar.
  }];
  let arguments = (ins AnyMemRef:$memref);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$memref attr-dict `:` type($memref) `->` type($result)";
}

def Rise_OutOp : Rise_Op<"out", [MemoryEffects<[MemWrite]>]> {
  let summary = "write a rise value into a memref";
  let description = [{
    `rise.out %v, %m : !rise.array<4xf32>, memref<4xf32>` stores an array (or
    a scalar, into a rank-0 memref) whose shape matches the memref.
  }];
  let arguments = (ins AnyType:$value, AnyMemRef:$memref);
  let assemblyFormat = "$value `,` $memref attr-dict `:` type($value) `,` type($memref)";
}

//===----------------------------------------------------------------------===//
// High-level patterns
//===----------------------------------------------------------------------===//

def Rise_MapOp : Rise_Op<"map", [Pure]> {
  let summary = "map : (s -> t) -> n.s -> n.t, and its low-level forms";
  let description = [{
    Applies the region to every element. The optional kind selects a
    low-level form without changing the meaning: `seq`, `unroll`, `par`,
    `vec` (over the lanes of a builtin vector), `global(d)`, `workgroup(d)`,
    `local(d)` (GPU dimension d in 0..2), `stream` (mapStream) and `iterate`
    (iterateStream).

    ```mlir
    %r = rise.map par %a : !rise.array<4xf32> -> !rise.array<4xf32> {
    ^bb0(%x: f32):
      %y = arith.mulf %x, %x : f32
      rise.yield %y : f32
    }
    ```
  }];
  let arguments = (ins AnyType:$input, OptionalAttr<Rise_PatternKind>:$kind,
                       OptionalAttr<I32Attr>:$dim);
  let results = (outs AnyType:$result);
  let regions = (region Rise_Lambda:$body);
  let assemblyFormat = [{
    custom<PatternKind>($kind, $dim) `` $input attr-dict `:` type($input) `->` type($result) $body
  }];
}

def Rise_ReduceOp : Rise_Op<"reduce", [Pure]> {
  let summary = "reduce : (t -> t -> t) -> t -> n.t -> t; reduceSeq : (s -> t -> s) -> s -> n.t -> s";
  let description = [{
    Folds the array from the left: `acc = init; acc = f(acc, x_i)` for i in
    order. The region's arguments are `(acc, x)`. The high-level form needs
    an accumulator of the element type; `seq` and `unroll` allow any.
  }];
  let arguments = (ins AnyType:$init, AnyType:$input,
                       OptionalAttr<Rise_PatternKind>:$kind);
  let results = (outs AnyType:$result);
  let regions = (region Rise_Lambda:$body);
  let assemblyFormat = [{
    custom<ReduceKind>($kind) `` $init `,` $input attr-dict `:` type($init) `,` type($input) `->` type($result) $body
  }];
}

def Rise_ZipOp : Rise_Op<"zip", [Pure]> {
  let summary = "zip : n.s -> n.t -> n.(s x t)";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
}

def Rise_UnzipOp : Rise_Op<"unzip", [Pure]> {
  let summary = "unzip : n.(s x t) -> n.s x n.t, as two results";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$first, AnyType:$second);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($first) `,` type($second)";
}

def Rise_PairOp : Rise_Op<"pair", [Pure]> {
  let summary = "pair : s -> t -> s x t";
  let arguments = (ins AnyType:$first, AnyType:$second);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$first `,` $second attr-dict `:` type($first) `,` type($second) `->` type($result)";
}

def Rise_FstOp : Rise_Op<"fst", [Pure]> {
  let summary = "fst : s x t -> s";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Rise_SndOp : Rise_Op<"snd", [Pure]> {
  let summary = "snd : s x t -> t";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Rise_SplitOp : Rise_Op<"split", [Pure]> {
  let summary = "split n : (m*n).t -> m.n.t";
  let arguments = (ins AnyType:$input, I64Attr:$n);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$n $input attr-dict `:` type($input) `->` type($result)";
}

def Rise_JoinOp : Rise_Op<"join", [Pure]> {
  let summary = "join : n.m.t -> (n*m).t";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Rise_TransposeOp : Rise_Op<"transpose", [Pure]> {
  let summary = "transpose : n.m.t -> m.n.t";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Rise_SlideOp : Rise_Op<"slide", [Pure]> {
  let summary = "slide sz sp : (sp*n + sz - sp).t -> n.sz.t";
  let arguments = (ins AnyType:$input, I64Attr:$size, I64Attr:$step);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$size `,` $step $input attr-dict `:` type($input) `->` type($result)";
}

def Rise_PadCstOp : Rise_Op<"pad_cst", [Pure]> {
  let summary = "padCst l r c : n.t -> (l+n+r).t, padding with the value c";
  let arguments = (ins AnyType:$input, AnyType:$value, I64Attr:$left, I64Attr:$right);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$left `,` $right $input `,` $value attr-dict `:` type($input) `,` type($value) `->` type($result)";
}

def Rise_PadClampOp : Rise_Op<"pad_clamp", [Pure]> {
  let summary = "padClamp l r : n.t -> (l+n+r).t, repeating the edge elements";
  let arguments = (ins AnyType:$input, I64Attr:$left, I64Attr:$right);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$left `,` $right $input attr-dict `:` type($input) `->` type($result)";
}

def Rise_GenerateOp : Rise_Op<"generate", [Pure]> {
  let summary = "generate : (idx[n] -> t) -> n.t";
  let description = [{
    Builds an array by calling the region with each index (an `index` block
    argument in 0..n-1).
  }];
  let results = (outs AnyType:$result);
  let regions = (region Rise_Lambda:$body);
  let assemblyFormat = "attr-dict `:` type($result) $body";
}

def Rise_IdxOp : Rise_Op<"idx", [Pure]> {
  let summary = "idx : idx[n] -> n.t -> t";
  let description = [{
    Reads element `index` of the array. An index outside 0..n-1 is undefined
    behaviour in compiled code; the reference interpreter reports it.
  }];
  let arguments = (ins AnyType:$input, Index:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input `[` $index `]` attr-dict `:` type($input) `->` type($result)";
}

def Rise_LiteralOp : Rise_Op<"literal", [Pure]> {
  let summary = "an array literal";
  let description = [{
    `rise.literal dense<[1.0, 2.0]> : tensor<2xf32> -> !rise.array<2xf32>`;
    the tensor's shape and element type must match the array's.
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$value attr-dict `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Low-level patterns
//===----------------------------------------------------------------------===//

def Rise_ToMemOp : Rise_Op<"to_mem", [Pure, SameOperandsAndResultType]> {
  let summary = "toMem : (a: addr) -> t -> t, materialise in an address space";
  let arguments = (ins AnyType:$input, Rise_AddressSpace:$addr);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$addr $input attr-dict `:` type($input)";
}

def Rise_AsVectorOp : Rise_Op<"as_vector", [Pure]> {
  let summary = "asVector m : (n*m).t -> n.<m>t";
  let arguments = (ins AnyType:$input, I64Attr:$width);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$width $input attr-dict `:` type($input) `->` type($result)";
}

def Rise_AsScalarOp : Rise_Op<"as_scalar", [Pure]> {
  let summary = "asScalar : n.<m>t -> (n*m).t";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Rise_VectorFromScalarOp : Rise_Op<"vector_from_scalar", [Pure]> {
  let summary = "vectorFromScalar : t -> <m>t, a broadcast";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Rise_CircularBufferOp : Rise_Op<"circular_buffer", [Pure]> {
  let summary = "circularBuffer a alloc m load : (n+m-1).s -> n.m.t";
  let description = [{
    Sliding windows of `size` loaded elements, kept in a buffer of `alloc`
    (>= size) slots in address space `addr`. Means `slide size 1` of the
    input mapped through the `load` region.
  }];
  let arguments = (ins AnyType:$input, Rise_AddressSpace:$addr, I64Attr:$alloc, I64Attr:$size);
  let results = (outs AnyType:$result);
  let regions = (region Rise_Lambda:$load);
  let assemblyFormat = [{
    $addr $alloc `,` $size $input attr-dict `:` type($input) `->` type($result) $load
  }];
}

def Rise_RotateValuesOp : Rise_Op<"rotate_values", [Pure]> {
  let summary = "rotateValues a m write : (n+m-1).t -> n.m.t";
  let description = [{
    Sliding windows of `size` elements rotated through variables of address
    space `addr`; `write` must be the identity. Means `slide size 1`.
  }];
  let arguments = (ins AnyType:$input, Rise_AddressSpace:$addr, I64Attr:$size);
  let results = (outs AnyType:$result);
  let regions = (region Rise_Lambda:$write);
  let assemblyFormat = [{
    $addr $size $input attr-dict `:` type($input) `->` type($result) $write
  }];
}

def Rise_KernelOp : Rise_Op<"kernel", [Pure]> {
  let summary = "oclRun: run the region as a device kernel";
  let description = [{
    `rise.kernel local [16, 16] global [1024, 1024] : T { ... rise.yield %v : T }`
    evaluates its region on a device with the given work-group (local) and
    global sizes, 1 to 3 dimensions; each global size is a multiple of the
    local one. Its value is the region's.
  }];
  let arguments = (ins DenseI64ArrayAttr:$local, DenseI64ArrayAttr:$global);
  let results = (outs AnyType:$result);
  let regions = (region Rise_Lambda:$body);
  let assemblyFormat = "`local` $local `global` $global attr-dict `:` type($result) $body";
}

def Rise_YieldOp : Rise_Op<"yield", [Pure, Terminator,
    ParentOneOf<["MapOp", "ReduceOp", "GenerateOp", "CircularBufferOp",
                 "RotateValuesOp", "KernelOp"]>]> {
  let summary = "the value of a rise lambda";
  let arguments = (ins AnyType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

#endif // RISE_OPS_TD
