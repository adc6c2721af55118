/*===- compile_util.h - what the CPU and GPU code generators share --------===*\
 *
 * Internal to AriadneRuntime. The two code-generation paths, compile.c
 * (x86_64/aarch64 objects) and compile_gpu.c (nvptx64 PTX and cubins),
 * both build on this module and never call each other's helpers. The one
 * call between them goes from compile.c to compile_gpu.c: the public entry
 * points ariCompileLower and ariCompileEmit dispatch on the target
 * (ariCompileIsGpuTarget) to the ariCompileGpu* functions. compile_gpu.c
 * calls nothing defined in compile.c.
 *
 * Both paths report errors the same way: an MLIR diagnostic at a location,
 * which the tools' diagnostic sink prints as file:line:col: error: ...
 * (ariCompileWriteFile, the public file writer, is declared in compile.h
 * and defined in compile_util.c.)
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_CODEGEN_COMPILE_UTIL_H
#define ARIADNE_RUNTIME_CODEGEN_COMPILE_UTIL_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "llvm-c/TargetMachine.h"

#include <stdbool.h>
#include <stddef.h>

/* Emits a printf-formatted error diagnostic at `loc`. */
void ariCompileError(MlirLocation loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The location of a module's operation, for errors about the whole input. */
MlirLocation ariCompileModuleLoc(MlirModule m);

/* True if `s` equals the C string `c`. */
bool ariCompileStrRefEq(MlirStringRef s, const char *c);

/* Writes `module` as MLIR text (the --emit=mlir output) to `path` ("-" is
 * stdout); errors (out of memory, the file) are reported at the module. */
MlirLogicalResult ariCompileWriteModuleText(MlirModule module, const char *path);

#endif /* ARIADNE_RUNTIME_CODEGEN_COMPILE_UTIL_H */
