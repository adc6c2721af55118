//===- RiseDialect.h - rise dialect declarations (C++) ----------*- C++ -*-===//
//
// The only C++ view of the dialect. Everything else in Ariadne uses the C API
// in include/ariadne-c/Rise.h.
//
//===----------------------------------------------------------------------===//

#ifndef ARIADNE_DIALECT_RISE_RISEDIALECT_H
#define ARIADNE_DIALECT_RISE_RISEDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ariadne/Dialect/Rise/RiseOpsDialect.h.inc"
#include "ariadne/Dialect/Rise/RiseOpsEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ariadne/Dialect/Rise/RiseOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "ariadne/Dialect/Rise/RiseOps.h.inc"

#endif // ARIADNE_DIALECT_RISE_RISEDIALECT_H
