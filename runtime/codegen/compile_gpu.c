/*===- compile_gpu.c - gpu/NVVM modules to PTX, cubin and C host stubs ----===*\
 *
 * The nvptx64 half of runtime/codegen/compile.h. After the GPU lowering, a module
 * holds gpu.module ops whose bodies are in the LLVM/NVVM dialects, and host
 * func.func ops that launch their kernels (gpu.launch_func). Here:
 *  - every gpu.module is translated to LLVM IR and linked into one module
 *    (with libdevice's functions when __nv_* math is called), optimised
 *    and printed as PTX by LLVM's NVPTX target machine;
 *  - ptxas (the one external process) turns the PTX into a cubin;
 *  - the host functions are read as launch plans and printed as C code
 *    calling runtime/cuda.h, so that the host side needs no LLVM or MLIR.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "passes/gpu/rise_to_gpu.h"
#include "runtime/codegen/compile.h"
#include "runtime/codegen/compile_util.h"
#include "runtime/cuda.h"
#include "utils/arena.h"
#include "utils/file.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Support.h"
#include "mlir-c/Target/LLVMIR.h"

#include "llvm-c/BitReader.h"
#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/Linker.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#ifndef ARIADNE_PTXAS
#define ARIADNE_PTXAS "/usr/local/cuda/bin/ptxas"
#endif
#ifndef ARIADNE_LIBDEVICE
#define ARIADNE_LIBDEVICE "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
#endif

static const char kTriple[] = "nvptx64-nvidia-cuda";

/* For modules already in the gpu dialect (gpu.launch or gpu.module with
 * gpu.func over memrefs and scf/affine loops): kernels are outlined and
 * lowered to NVVM; host functions stay as they are (see the stub). */
static const char kGpuUpstreamLowering[] =
    "gpu-kernel-outlining,"
    "gpu.module(lower-affine,convert-vector-to-scf,convert-scf-to-cf,convert-vector-to-llvm,"
    "expand-strided-metadata,lower-affine,convert-gpu-to-nvvm{index-bitwidth=64},"
    "reconcile-unrealized-casts),"
    "canonicalize";

/* Architectures ptxas of CUDA 12/13 and LLVM 22 both know, and the
 * oldest PTX ISA for each (LLVM stops with a fatal error below it). */
static const char *const kArchs[] = {"sm_75", "sm_80", "sm_86", "sm_87",
                                     "sm_89", "sm_90", "sm_90a"};
static const int kMinPtx[] = {63, 70, 71, 74, 78, 78, 80};
enum { kMaxPtx = 88 };

bool ariCompileIsGpuTarget(const char *target) { return target && !strcmp(target, "nvptx64"); }

const char *ariCompileGpuUpstreamLowering(void) { return kGpuUpstreamLowering; }

static MlirStringRef opName(MlirOperation op) {
  return mlirIdentifierStr(mlirOperationGetName(op));
}

static bool isOp(MlirOperation op, const char *name) { return ariCompileStrRefEq(opName(op), name); }

static bool hasDialect(MlirStringRef n, const char *d) {
  size_t l = strlen(d);
  return n.length > l && !memcmp(n.data, d, l) && n.data[l] == '.';
}

/* --features for NVPTX: only "+ptxNN" (PTX ISA N.N) that the architecture
 * accepts; LLVM would ignore or abort on anything else. */
static bool checkFeatures(const char *arch, const char *features, MlirLocation loc) {
  int minPtx = 0;
  for (size_t i = 0; i < sizeof kArchs / sizeof kArchs[0]; ++i)
    if (!strcmp(arch, kArchs[i]))
      minPtx = kMinPtx[i];
  int seen = 0;
  for (const char *p = features; *p;) {
    size_t n = strcspn(p, ",");
    int v = 0, used = 0;
    if (n < 6 || strncmp(p, "+ptx", 4) || sscanf(p + 4, "%d%n", &v, &used) != 1 ||
        (size_t)used != n - 4) {
      ariCompileError(loc, "invalid NVPTX features '%s': expected one +ptxNN (a PTX ISA version)",
                features);
      return false;
    }
    if (v < minPtx || v > kMaxPtx) {
      ariCompileError(loc, "PTX ISA %d.%d cannot target %s (supported: %d.%d to %d.%d)", v / 10, v % 10,
                arch, minPtx / 10, minPtx % 10, kMaxPtx / 10, kMaxPtx % 10);
      return false;
    }
    seen++;
    p += n;
    if (*p == ',')
      p++;
  }
  if (seen > 1) {
    ariCompileError(loc, "invalid NVPTX features '%s': expected one +ptxNN", features);
    return false;
  }
  return true;
}

const char *ariCompileGpuArchCheck(const char *arch) {
  const char *a = arch && *arch ? arch : "sm_90";
  for (size_t i = 0; i < sizeof kArchs / sizeof kArchs[0]; ++i)
    if (!strcmp(a, kArchs[i]))
      return kArchs[i];
  return NULL;
}

/*--- After lowering: what must be left ---------------------------------------*/

/* Host ops the stub generator understands (see ariCompileGpuRenderStub). */
static bool isHostOp(MlirStringRef n) {
  static const char *const ok[] = {"func.func",
                                   "func.return",
                                   "gpu.launch_func",
                                   "arith.constant",
                                   "memref.alloc",
                                   "memref.dealloc",
                                   "memref.cast",
                                   "memref.reinterpret_cast",
                                   "memref.collapse_shape",
                                   "memref.expand_shape",
                                   "gpu.alloc",
                                   "gpu.dealloc",
                                   "memref.get_global"};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; ++i)
    if (ariCompileStrRefEq(n, ok[i]))
      return true;
  return false;
}

typedef struct {
  MlirOperation bad;
} BadOp;

static MlirWalkResult findBadKernelOp(MlirOperation op, void *user) {
  BadOp *b = user;
  MlirStringRef n = opName(op);
  if (ariCompileStrRefEq(n, "gpu.module") || hasDialect(n, "llvm") || hasDialect(n, "nvvm"))
    return MlirWalkResultAdvance;
  b->bad = op;
  return MlirWalkResultInterrupt;
}

MlirLogicalResult ariCompileGpuCheckLowered(MlirModule module) {
  MlirBlock body = mlirModuleGetBody(module);
  int kernels = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    kernels += isOp(op, "gpu.module");
  if (!kernels) {
    ariCompileError(ariCompileModuleLoc(module), "no gpu.module after lowering: nothing runs on the GPU "
                                 "(use rise.kernel, or gpu.launch/gpu.launch_func)");
    return mlirLogicalResultFailure();
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef n = opName(op);
    if (ariCompileStrRefEq(n, "gpu.module")) {
      BadOp b = {{NULL}};
      mlirOperationWalk(op, findBadKernelOp, &b, MlirWalkPreOrder);
      if (!mlirOperationIsNull(b.bad)) {
        MlirStringRef bn = opName(b.bad);
        ariCompileError(mlirOperationGetLocation(b.bad),
                  "'%.*s' in a gpu.module was not lowered to the LLVM/NVVM dialects by the "
                  "pipeline",
                  (int)bn.length, bn.data);
        return mlirLogicalResultFailure();
      }
    } else if (ariCompileStrRefEq(n, "func.func")) {
      MlirRegion r = mlirOperationGetRegion(op, 0);
      MlirBlock bb = mlirRegionGetFirstBlock(r);
      if (mlirBlockIsNull(bb))
        continue;
      if (!mlirBlockIsNull(mlirBlockGetNextInRegion(bb))) {
        ariCompileError(mlirOperationGetLocation(op),
                  "host function with control flow: the GPU host stub supports a straight "
                  "sequence of kernel launches");
        return mlirLogicalResultFailure();
      }
      for (MlirOperation h = mlirBlockGetFirstOperation(bb); !mlirOperationIsNull(h);
           h = mlirOperationGetNextInBlock(h)) {
        MlirStringRef hn = opName(h);
        if (!isHostOp(hn)) {
          ariCompileError(mlirOperationGetLocation(h),
                    "'%.*s' left in a host function: the GPU host stub supports only "
                    "gpu.launch_func, constants, memref.alloc/dealloc and whole-buffer views "
                    "(was the module lowered with the GPU pipeline?)",
                    (int)hn.length, hn.data);
          return mlirLogicalResultFailure();
        }
      }
    } else if (!ariCompileStrRefEq(n, "memref.global")) {
      ariCompileError(mlirOperationGetLocation(op),
                "'%.*s' at the top level: a GPU module holds only gpu.module, memref.global and "
                "host func.func ops after lowering",
                (int)n.length, n.data);
      return mlirLogicalResultFailure();
    }
  }
  return mlirLogicalResultSuccess();
}

/*--- PTX ----------------------------------------------------------------------*/

/* Links libdevice when the module calls __nv_* functions. Its definitions
 * become linkonce_odr so that the optimiser drops what is not called. */
static MlirLogicalResult linkLibdevice(LLVMModuleRef mod, MlirLocation loc) {
  bool needed = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && !needed; f = LLVMGetNextFunction(f)) {
    size_t n = 0;
    const char *name = LLVMGetValueName2(f, &n);
    needed = LLVMIsDeclaration(f) && n > 5 && !strncmp(name, "__nv_", 5);
  }
  if (!needed)
    return mlirLogicalResultSuccess();
  LLVMMemoryBufferRef buf = NULL;
  char *err = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(ARIADNE_LIBDEVICE, &buf, &err)) {
    ariCompileError(loc,
              "the kernels call CUDA math functions (__nv_*) but libdevice cannot be read "
              "at %s: %s",
              ARIADNE_LIBDEVICE, err ? err : "");
    LLVMDisposeMessage(err);
    return mlirLogicalResultFailure();
  }
  LLVMModuleRef dev = NULL;
  bool bad = LLVMParseBitcodeInContext2(LLVMGetModuleContext(mod), buf, &dev);
  LLVMDisposeMemoryBuffer(buf);
  if (bad || !dev) {
    ariCompileError(loc, "cannot parse libdevice at %s", ARIADNE_LIBDEVICE);
    return mlirLogicalResultFailure();
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(dev); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
  LLVMSetTarget(dev, LLVMGetTarget(mod));
  LLVMSetDataLayout(dev, LLVMGetDataLayoutStr(mod));
  if (LLVMLinkModules2(mod, dev)) {
    ariCompileError(loc, "linking libdevice failed");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/* Translates and links every gpu.module of `module` into one LLVM module. */
static LLVMModuleRef translateKernels(MlirModule module, LLVMContextRef c, MlirLocation loc) {
  LLVMModuleRef linked = NULL;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isOp(op, "gpu.module"))
      continue;
    LLVMModuleRef m = mlirTranslateModuleToLLVMIR(op, c);
    if (!m) {
      ariCompileError(mlirOperationGetLocation(op), "translation of the gpu.module to LLVM IR failed");
      if (linked)
        LLVMDisposeModule(linked);
      return NULL;
    }
    if (!linked) {
      linked = m;
      continue;
    }
    /* Kernels keep their names in the PTX, so two with one name clash. */
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
      size_t n = 0;
      const char *name = LLVMGetValueName2(f, &n);
      LLVMValueRef g = LLVMGetNamedFunction(linked, name);
      if (g && !LLVMIsDeclaration(f) && !LLVMIsDeclaration(g) &&
          LLVMGetLinkage(f) == LLVMExternalLinkage) {
        ariCompileError(mlirOperationGetLocation(op),
                  "kernel '%.*s' is defined in two gpu.modules; kernel names must be unique",
                  (int)n, name);
        LLVMDisposeModule(m);
        LLVMDisposeModule(linked);
        return NULL;
      }
    }
    if (LLVMLinkModules2(linked, m)) {
      ariCompileError(mlirOperationGetLocation(op), "linking the gpu.modules failed");
      LLVMDisposeModule(linked);
      return NULL;
    }
  }
  if (!linked)
    ariCompileError(loc, "the module has no gpu.module to compile");
  return linked;
}


/* Runs ptxas on `ptx`, writing the cubin to `out` through a temporary
 * file in its directory and a rename. ptxas's messages become the
 * diagnostic. */
MlirLogicalResult ariCompileGpuPtxas(const char *ptxas, const char *arch, const char *ptx,
                                     size_t ptxLen, const char *out, MlirLocation loc) {
  if (!ptxas || !*ptxas)
    ptxas = ARIADNE_PTXAS;
  if (access(ptxas, X_OK) != 0) {
    ariCompileError(loc, "ptxas not found at '%s' (%s): install the CUDA toolkit or pass --ptxas=PATH",
              ptxas, strerror(errno));
    return mlirLogicalResultFailure();
  }
  char dir[4096] = "/tmp/ari-ptxXXXXXX";
  if (!mkdtemp(dir)) {
    ariCompileError(loc, "cannot create a temporary directory: %s", strerror(errno));
    return mlirLogicalResultFailure();
  }
  /* ptxas writes the cubin inside the temporary directory; it reaches
   * `out` through ariCompileWriteFile, the one writer that never renames
   * over a device, FIFO or symbolic link (utils/file.h). */
  char inPath[4200], logPath[4200], tmpOut[4200];
  snprintf(inPath, sizeof inPath, "%s/in.ptx", dir);
  snprintf(logPath, sizeof logPath, "%s/log", dir);
  snprintf(tmpOut, sizeof tmpOut, "%s/out.cubin", dir);
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (mlirLogicalResultIsSuccess(r)) {
    FILE *f = fopen(inPath, "wb");
    if (!f || fwrite(ptx, 1, ptxLen, f) != ptxLen || fclose(f) != 0) {
      ariCompileError(loc, "cannot write a temporary PTX file in %s", dir);
      r = mlirLogicalResultFailure();
    }
  }
  if (mlirLogicalResultIsSuccess(r)) {
    char archOpt[64];
    snprintf(archOpt, sizeof archOpt, "-arch=%s", arch);
    char *argv[] = {(char *)ptxas, archOpt, "-O3", inPath, "-o", tmpOut, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int e = posix_spawn(&pid, ptxas, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    if (e != 0) {
      ariCompileError(loc, "cannot run ptxas '%s': %s", ptxas, strerror(e));
      r = mlirLogicalResultFailure();
    } else {
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char log[3000] = "";
        FILE *lf = fopen(logPath, "rb");
        if (lf) {
          size_t n = fread(log, 1, sizeof log - 1, lf);
          log[n] = 0;
          fclose(lf);
        }
        size_t n = strlen(log);
        while (n && (log[n - 1] == '\n' || log[n - 1] == ' '))
          log[--n] = 0;
        ariCompileError(loc, "ptxas -arch=%s rejected the PTX: %s", arch, n ? log : "(no message)");
        r = mlirLogicalResultFailure();
      }
    }
  }
  if (mlirLogicalResultIsSuccess(r)) {
    char *cubin = NULL;
    size_t cubinLen = 0;
    AriFileError fe = ariFileRead(tmpOut, NULL, 0, &cubin, &cubinLen);
    if (!ariFileOk(fe)) {
      char msg[4600];
      ariFileErrorFormat(fe, "ptxas output", msg, sizeof msg);
      ariCompileError(loc, "%s", msg);
      r = mlirLogicalResultFailure();
    } else {
      r = ariCompileWriteFile(loc, out, cubin, cubinLen);
      free(cubin);
    }
  }
  unlink(tmpOut);
  unlink(inPath);
  unlink(logPath);
  rmdir(dir);
  return r;
}

MlirLogicalResult ariCompileGpuEmit(MlirModule module, const AriCompileOptions *o, AriEmitKind kind,
                                    const char *path, AriArena *arena, char **ptxOut,
                                    size_t *ptxLenOut) {
  MlirLocation loc = ariCompileModuleLoc(module);
  if (ptxOut)
    *ptxOut = NULL, *ptxLenOut = 0;
  const char *arch = ariCompileGpuArchCheck(o->gpuArch);
  if (!arch) {
    ariCompileError(loc,
              "unknown GPU architecture '%s' (expected sm_75, sm_80, sm_86, sm_87, sm_89, "
              "sm_90 or sm_90a)",
              o->gpuArch);
    return mlirLogicalResultFailure();
  }
  if (o->cpu && *o->cpu) {
    ariCompileError(loc, "--cpu does not apply to nvptx64; use --gpu-arch");
    return mlirLogicalResultFailure();
  }
  if (kind == ARI_EMIT_OBJ && path && !strcmp(path, "-")) {
    ariCompileError(loc, "a cubin cannot be written to stdout");
    return mlirLogicalResultFailure();
  }
  if (kind == ARI_EMIT_MLIR)
    return ariCompileWriteModuleText(module, path);
  const char *features = o->features && *o->features ? o->features : "+ptx80";
  if (!checkFeatures(arch, features, loc))
    return mlirLogicalResultFailure();
  AriCompileMachineSpec spec = {kTriple, arch, features, o->optLevel, LLVMRelocDefault,
                                LLVMCodeModelDefault};
  char err[512];
  LLVMTargetMachineRef tm = ariCompileTargetMachine(&spec, err, sizeof err);
  if (!tm) {
    ariCompileError(loc, "%s", err);
    return mlirLogicalResultFailure();
  }
  LLVMContextRef c = LLVMContextCreate();
  MlirLogicalResult r = mlirLogicalResultSuccess();
  LLVMModuleRef mod = translateKernels(module, c, loc);
  if (!mod)
    r = mlirLogicalResultFailure();
  if (mlirLogicalResultIsSuccess(r)) {
    ariCompileSetModuleTarget(mod, tm);
    r = linkLibdevice(mod, loc);
  }
  if (mlirLogicalResultIsSuccess(r)) {
    char passes[32];
    snprintf(passes, sizeof passes, "default<O%d>",
             o->optLevel < 0   ? 0
             : o->optLevel > 3 ? 3
                               : o->optLevel);
    LLVMPassBuilderOptionsRef pbo = LLVMCreatePassBuilderOptions();
    LLVMPassBuilderOptionsSetLoopUnrolling(pbo, o->optLevel >= 2);
    LLVMErrorRef e = LLVMRunPasses(mod, passes, tm, pbo);
    LLVMDisposePassBuilderOptions(pbo);
    if (e) {
      char *msg = LLVMGetErrorMessage(e);
      ariCompileError(loc, "LLVM optimisation failed: %s", msg);
      LLVMDisposeErrorMessage(msg);
      r = mlirLogicalResultFailure();
    }
  }
  if (mlirLogicalResultIsSuccess(r) && kind == ARI_EMIT_LLVM) {
    char *text = LLVMPrintModuleToString(mod);
    r = ariCompileWriteFile(loc, path, text, strlen(text));
    LLVMDisposeMessage(text);
  } else if (mlirLogicalResultIsSuccess(r)) {
    LLVMMemoryBufferRef buf = NULL;
    char *cerr = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMAssemblyFile, &cerr, &buf)) {
      ariCompileError(loc, "PTX generation failed: %s", cerr ? cerr : "");
      r = mlirLogicalResultFailure();
    } else {
      const char *ptx = LLVMGetBufferStart(buf);
      size_t len = LLVMGetBufferSize(buf);
      /* The buffer may end in NULs; the text is what precedes them. */
      while (len && ptx[len - 1] == 0)
        len--;
      if (kind == ARI_EMIT_ASM && path)
        r = ariCompileWriteFile(loc, path, ptx, len);
      else if (kind == ARI_EMIT_OBJ && path)
        r = ariCompileGpuPtxas(o->ptxas, arch, ptx, len, path, loc);
      if (mlirLogicalResultIsSuccess(r) && ptxOut) {
        *ptxOut = ariArenaStrndup(arena, ptx, len);
        *ptxLenOut = len;
        if (!*ptxOut) {
          ariCompileError(loc, "out of memory");
          r = mlirLogicalResultFailure();
        }
      }
    }
    if (cerr)
      LLVMDisposeMessage(cerr);
    if (buf)
      LLVMDisposeMemoryBuffer(buf);
  }
  if (mod)
    LLVMDisposeModule(mod);
  LLVMContextDispose(c);
  LLVMDisposeTargetMachine(tm);
  return r;
}

static MlirWalkResult findRise(MlirOperation op, void *user) {
  if (hasDialect(opName(op), "rise")) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* rise programs take rise-to-nvvm with host=gpu (host functions stay at
 * the gpu level: the host stub replaces MLIR's gpu-to-llvm host lowering);
 * modules already in the gpu dialect take the upstream lowering. */
MlirLogicalResult ariCompileGpuDefaultLowering(MlirModule module, const AriCompileOptions *o,
                                               char *buf, size_t cap) {
  MlirLocation loc = ariCompileModuleLoc(module);
  bool rise = false;
  mlirOperationWalk(mlirModuleGetOperation(module), findRise, &rise, MlirWalkPreOrder);
  const char *p = kGpuUpstreamLowering;
  if (rise) {
    const char *arch = ariCompileGpuArchCheck(o->gpuArch);
    char err[512] = "";
    /* The chip only matters to MLIR's own serialisation, which is not used. */
    bool sm9 = arch && !strncmp(arch, "sm_9", 4);
    char opts[64];
    snprintf(opts, sizeof opts, "chip=%s host=gpu%s", sm9 ? "sm_90" : "sm_80",
             o->gpuFma ? " fma=true" : "");
    p = ariRiseToNVVMPipeline(opts, err, sizeof err);
    if (!p) {
      ariCompileError(loc, "rise-to-nvvm: %s", err);
      return mlirLogicalResultFailure();
    }
  }
  size_t n = strlen(p);
  if (n >= cap) {
    ariCompileError(loc, "GPU lowering pipeline too long");
    return mlirLogicalResultFailure();
  }
  memcpy(buf, p, n + 1);
  return mlirLogicalResultSuccess();
}
