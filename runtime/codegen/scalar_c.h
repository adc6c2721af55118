/*===- scalar_c.h - the C type of each MLIR scalar type compiled code uses -===*\
 *
 * One table for everything that writes C for compiled code: the header of
 * CPU objects (header.c: descriptor structs and _mlir_ciface_ declarations)
 * and the GPU host stubs (gpu_stub.c: kernel parameters, AriGpuArgInfo). A
 * memref element and a scalar argument of type T are both T's C type.
 *
 * i1 is C `bool`, one byte: MLIR lowers memref<...xi1> to LLVM i1
 * elements, whose data-layout size is one byte, so an element is a byte at
 * a one-byte stride (the runtime and the interpreter also hold i1 data one
 * byte per element); LLVM stores an i1 as 0 or 1, and compiled code reads
 * bit 0 only. `bool` has that size and exactly those values, and C passes
 * a bool argument zero-extended, as an LLVM i1 parameter expects (on the
 * GPU an i1 kernel parameter is a .u8). int8_t, which i8 maps to, has the
 * size but not the values: a 2 written through it would read as false.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_CODEGEN_SCALAR_C_H
#define ARIADNE_RUNTIME_CODEGEN_SCALAR_C_H

#include "mlir-c/IR.h"

#include <stddef.h>

typedef struct AriScalarC {
  const char *tag;   /* the MLIR spelling: "f32", "i1", "index", ... (names
                        descriptor types, AriMemRef_f32_2d, and is
                        AriGpuArgInfo.elem) */
  const char *ctype; /* "float", "bool", "int64_t", ...: needs <stdbool.h>
                        and <stdint.h> */
  size_t bytes;      /* sizeof(ctype): the element's size in memory */
} AriScalarC;

/* The C view of the scalar type `t` (f32, f64, i1, i8, i32, i64 or
 * index), or NULL if compiled code's C interface has no type for it. */
const AriScalarC *ariScalarCOf(MlirType t);

/* The table itself, in a fixed order, for tests and for messages listing
 * what is supported; *n receives its length. */
const AriScalarC *ariScalarCTable(size_t *n);

/* "f32, f64, i1, i8, i32, i64 or index": the supported types, for
 * messages; truncated to fit cap (> 0). */
void ariScalarCList(char *buf, size_t cap);

#endif /* ARIADNE_RUNTIME_CODEGEN_SCALAR_C_H */
