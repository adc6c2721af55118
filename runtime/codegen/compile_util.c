/*===- compile_util.c - what the CPU and GPU code generators share --------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/codegen/compile_util.h"
#include "runtime/codegen/compile.h"
#include "utils/arena.h"
#include "utils/file.h"

#include "mlir-c/Diagnostics.h"

#include "llvm-c/Core.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ariCompileError(MlirLocation loc, const char *fmt, ...) {
  char msg[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  mlirEmitError(loc, msg);
}

MlirLocation ariCompileModuleLoc(MlirModule m) {
  return mlirOperationGetLocation(mlirModuleGetOperation(m));
}

bool ariCompileStrRefEq(MlirStringRef s, const char *c) {
  return s.length == strlen(c) && !memcmp(s.data, c, s.length);
}

/*--- Writing files ----------------------------------------------------------*/

MlirLogicalResult ariCompileWriteFile(MlirLocation loc, const char *path, const void *data,
                                      size_t len) {
  if (!strcmp(path, "-")) {
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
      ariCompileError(loc, "cannot write to stdout: %s", strerror(errno));
      clearerr(stdout); /* reported: a tool's exit check need not repeat it */
      return mlirLogicalResultFailure();
    }
    return mlirLogicalResultSuccess();
  }
  /* The one atomic writer: it also keeps devices, FIFOs and symbolic
   * links (see utils/file.h). Every failure reads "cannot write". */
  AriFileError e = ariFileWriteAtomic(path, data, len);
  if (!ariFileOk(e)) {
    char msg[4600];
    if (e.step == ARI_FILE_OPEN)
      e.step = ARI_FILE_WRITE;
    ariFileErrorFormat(e, NULL, msg, sizeof msg);
    ariCompileError(loc, "%s", msg);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/*--- Module text --------------------------------------------------------------*/

/* Text printed by MLIR, gathered in an arena. `oom` is set, and later
 * appends are dropped, when the arena refuses to grow; buf is
 * NUL-terminated otherwise. */
typedef struct {
  AriArena *arena;
  char *buf;
  size_t len, cap;
  bool oom;
} Text;

static void textAppend(Text *t, const char *s, size_t n) {
  if (t->oom)
    return;
  if (t->len + n + 1 > t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 4096;
    while (cap < t->len + n + 1)
      cap *= 2;
    char *nb = ariArenaAlloc(t->arena, cap);
    if (!nb) {
      t->oom = true;
      return;
    }
    if (t->len)
      memcpy(nb, t->buf, t->len);
    t->buf = nb;
    t->cap = cap;
  }
  memcpy(t->buf + t->len, s, n);
  t->len += n;
  t->buf[t->len] = 0;
}

static void textCallback(MlirStringRef s, void *user) { textAppend(user, s.data, s.length); }

MlirLogicalResult ariCompileWriteModuleText(MlirModule module, const char *path) {
  MlirLocation loc = ariCompileModuleLoc(module);
  AriArena arena;
  ariArenaInit(&arena, 0);
  Text t = {&arena, NULL, 0, 0, false};
  mlirOperationPrint(mlirModuleGetOperation(module), textCallback, &t);
  textAppend(&t, "\n", 1);
  MlirLogicalResult r = mlirLogicalResultFailure();
  if (t.oom)
    ariCompileError(loc, "out of memory printing the module");
  else
    r = ariCompileWriteFile(loc, path, t.buf, t.len);
  ariArenaDestroy(&arena);
  return r;
}

/*--- LLVM target machines -----------------------------------------------------*/

static bool hasPrefix(const char *s, const char *prefix) {
  return !strncmp(s, prefix, strlen(prefix));
}

/* Only the backend in use is initialised: LLVM is linked with all of them,
 * and registering the rest would cost every run for nothing. */
bool ariCompileInitTarget(const char *triple) {
  if (hasPrefix(triple, "x86_64-")) {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
    LLVMInitializeX86Disassembler();
  } else if (hasPrefix(triple, "aarch64-")) {
    LLVMInitializeAArch64TargetInfo();
    LLVMInitializeAArch64Target();
    LLVMInitializeAArch64TargetMC();
    LLVMInitializeAArch64AsmPrinter();
    LLVMInitializeAArch64Disassembler();
  } else if (hasPrefix(triple, "nvptx64-")) {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  } else {
    return false;
  }
  return true;
}

LLVMTargetMachineRef ariCompileTargetMachine(const AriCompileMachineSpec *spec, char *err,
                                             size_t errCap) {
  if (!ariCompileInitTarget(spec->triple)) {
    snprintf(err, errCap, "no LLVM backend for target %s", spec->triple);
    return NULL;
  }
  LLVMTargetRef target;
  char *msg = NULL;
  if (LLVMGetTargetFromTriple(spec->triple, &target, &msg)) {
    snprintf(err, errCap, "target %s is not available in this LLVM: %s", spec->triple,
             msg ? msg : "");
    LLVMDisposeMessage(msg);
    return NULL;
  }
  LLVMCodeGenOptLevel lvl = spec->optLevel <= 0   ? LLVMCodeGenLevelNone
                            : spec->optLevel == 1 ? LLVMCodeGenLevelLess
                            : spec->optLevel == 2 ? LLVMCodeGenLevelDefault
                                                  : LLVMCodeGenLevelAggressive;
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, spec->triple, spec->cpu,
                                                    spec->features, lvl, spec->reloc,
                                                    spec->codeModel);
  if (!tm)
    snprintf(err, errCap, "cannot create a target machine for %s, cpu %s", spec->triple,
             spec->cpu);
  return tm;
}

void ariCompileSetModuleTarget(LLVMModuleRef mod, LLVMTargetMachineRef tm) {
  char *triple = LLVMGetTargetMachineTriple(tm);
  LLVMSetTarget(mod, triple);
  LLVMDisposeMessage(triple);
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
  LLVMSetModuleDataLayout(mod, td);
  LLVMDisposeTargetData(td);
}
