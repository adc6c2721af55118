/*===- compile_impl.h - helpers shared by compile.c and compile_gpu.c -----===*\
 *
 * Internal to AriadneRuntime: the CPU and GPU code-generation paths report
 * errors the same way (an MLIR diagnostic at a location, which the tools'
 * diagnostic sink prints as file:line:col: error: ...).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_COMPILE_IMPL_H
#define ARIADNE_RUNTIME_COMPILE_IMPL_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stddef.h>

struct AriArena;

/* Emits a printf-formatted error diagnostic at `loc`. */
void ariCompileError(MlirLocation loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The location of a module's operation, for errors about the whole input. */
MlirLocation ariCompileModuleLoc(MlirModule m);

/* True if `s` equals the C string `c`. */
bool ariCompileStrRefEq(MlirStringRef s, const char *c);

/* Text printed by MLIR, gathered in an arena (e.g. a module's text before
 * it is written out). `oom` is set, and later appends are dropped, when the
 * arena refuses to grow; buf is NUL-terminated otherwise. */
typedef struct AriCompileText {
  struct AriArena *arena;
  char *buf;
  size_t len, cap;
  bool oom;
} AriCompileText;

void ariCompileTextAppend(AriCompileText *t, const char *s, size_t n);

/* An MlirStringCallback appending to the AriCompileText `user`. */
void ariCompileTextCallback(MlirStringRef s, void *user);

#endif /* ARIADNE_RUNTIME_COMPILE_IMPL_H */
