/*===- scalar_c.c - the C type of each MLIR scalar type compiled code uses -===*/

#include "runtime/codegen/scalar_c.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

static const AriScalarC kTable[] = {
    {"f32", "float", 4}, {"f64", "double", 8},   {"i1", "bool", 1},       {"i8", "int8_t", 1},
    {"i32", "int32_t", 4}, {"i64", "int64_t", 8}, {"index", "int64_t", 8},
};

static const AriScalarC *byTag(const char *tag) {
  for (size_t i = 0; i < sizeof kTable / sizeof kTable[0]; ++i)
    if (!strcmp(kTable[i].tag, tag))
      return &kTable[i];
  return NULL;
}

const AriScalarC *ariScalarCOf(MlirType t) {
  if (mlirTypeIsAF32(t))
    return byTag("f32");
  if (mlirTypeIsAF64(t))
    return byTag("f64");
  if (mlirTypeIsAIndex(t))
    return byTag("index");
  if (!mlirTypeIsAInteger(t))
    return NULL;
  switch (mlirIntegerTypeGetWidth(t)) {
  case 1:
    return byTag("i1");
  case 8:
    return byTag("i8");
  case 32:
    return byTag("i32");
  case 64:
    return byTag("i64");
  default:
    return NULL;
  }
}

const AriScalarC *ariScalarCTable(size_t *n) {
  *n = sizeof kTable / sizeof kTable[0];
  return kTable;
}

void ariScalarCList(char *buf, size_t cap) {
  size_t n = sizeof kTable / sizeof kTable[0], len = 0;
  buf[0] = 0;
  for (size_t i = 0; i < n && len < cap; ++i) {
    const char *sep = i == 0 ? "" : i + 1 == n ? " or " : ", ";
    int w = snprintf(buf + len, cap - len, "%s%s", sep, kTable[i].tag);
    len += w > 0 ? (size_t)w : 0;
  }
}
