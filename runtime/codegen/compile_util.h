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

#include "llvm-c/Core.h"
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

/*--- LLVM target machines -----------------------------------------------------
 * Both paths make their LLVM target machine here, from one spec; what
 * differs (the CPU path's PIC objects and host CPU, the GPU path's sm_NN
 * and PTX ISA) is in the spec, and each path checks its own CPU and
 * feature names first (LLVM would only warn, or abort). */

typedef struct AriCompileMachineSpec {
  const char *triple;     /* x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu
                             or nvptx64-nvidia-cuda */
  const char *cpu;        /* a CPU name; for NVPTX the architecture, sm_NN */
  const char *features;   /* "+a,-b"; "" for none */
  int optLevel;           /* 0..3 (clamped): LLVM's code generation level */
  LLVMRelocMode reloc;    /* e.g. LLVMRelocPIC for objects linked into a
                             shared library */
  LLVMCodeModel codeModel;
} AriCompileMachineSpec;

/* Initialises LLVM's backend for `triple`, and only that one (target info,
 * target, MC layer, asm printer, and a disassembler where the backend has
 * one: the CPU path checks CPU names through it). Idempotent. False if no
 * backend of this module serves the triple. */
bool ariCompileInitTarget(const char *triple);

/* Initialises the backend of spec->triple and creates a target machine;
 * the caller disposes of it (LLVMDisposeTargetMachine). NULL on failure,
 * with the reason in err[0..errCap). */
LLVMTargetMachineRef ariCompileTargetMachine(const AriCompileMachineSpec *spec, char *err,
                                             size_t errCap);

/* Gives `mod` the triple and data layout of `tm`, before it is optimised
 * or emitted with it. */
void ariCompileSetModuleTarget(LLVMModuleRef mod, LLVMTargetMachineRef tm);

#endif /* ARIADNE_RUNTIME_CODEGEN_COMPILE_UTIL_H */
