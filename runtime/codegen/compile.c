/*===- compile.c - rise/MLIR module to native code, in process ------------===*\
 *
 * The CPU half of runtime/codegen/compile.h, and its public entry points:
 * ariCompileLower and ariCompileEmit hand target nvptx64 to compile_gpu.c
 * (the one call from one path into the other; compile_gpu.c never calls
 * back). What both paths need is in compile_util.c.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/codegen/compile.h"
#include "runtime/codegen/compile_util.h"
#include "runtime/search_hooks.h"
#include "passes/search.h"
#include "passes/lower/rise_to_affine.h"
#include "ariadne-c/Pass.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Support.h"
#include "mlir-c/Target/LLVMIR.h"

#include "llvm-c/Core.h"
#include "llvm-c/Disassembler.h"
#include "llvm-c/Error.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* For modules already in affine/scf/memref/arith/vector form, without the
 * rise lowering: scf.parallel becomes OpenMP, everything else LLVM. lower-affine runs twice because
 * expand-strided-metadata introduces affine.apply. */
static const char kUpstreamLowering[] =
    "lower-affine,convert-scf-to-openmp,convert-vector-to-scf,convert-scf-to-cf,"
    "convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,"
    "convert-to-llvm,reconcile-unrealized-casts";

void ariCompileOptionsInit(AriCompileOptions *o) {
  memset(o, 0, sizeof *o);
  o->optLevel = 3;
}

static bool vectorWidthOk(unsigned long bits) {
  return bits == 128 || bits == 256 || bits == 512;
}

bool ariCompileParseVectorWidth(const char *s, unsigned *bits) {
  char *end;
  unsigned long v = s[0] >= '1' && s[0] <= '9' ? strtoul(s, &end, 10) : 0;
  if (!v || *end || !vectorWidthOk(v))
    return false;
  *bits = (unsigned)v;
  return true;
}

const char *ariCompileDefaultLowering(void) { return "rise-to-llvm"; }

const char *ariCompileUpstreamLowering(void) { return kUpstreamLowering; }

void ariCompileRegister(MlirContext ctx) {
  mlirRegisterAllPasses();
  mlirRegisterAllLLVMTranslations(ctx);
}

static bool isFunc(MlirOperation op) {
  return ariCompileStrRefEq(mlirIdentifierStr(mlirOperationGetName(op)), "func.func");
}

static MlirStringRef funcName(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
  return mlirAttributeIsNull(a) ? mlirStringRefCreate(NULL, 0) : mlirStringAttrGetValue(a);
}

/* Public = no sym_visibility, or "public"; declarations have no body. */
static bool isPublicDefinition(MlirOperation op) {
  MlirAttribute v =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_visibility"));
  if (!mlirAttributeIsNull(v) && !ariCompileStrRefEq(mlirStringAttrGetValue(v), "public"))
    return false;
  MlirRegion body = mlirOperationGetRegion(op, 0);
  return !mlirBlockIsNull(mlirRegionGetFirstBlock(body));
}

/*--- Pipelines ------------------------------------------------------------*/

/* Where a pipeline's text came from, so that an error in an element is
 * located in that text as "NAME:1:COL" (NAME "<pipeline>" for --pipeline,
 * "<lowering>" for --lowering), not at the module the text is run on.
 * NULL: a pipeline of Ariadne's own (rise-to-llvm's), whose errors take
 * the location of the element that expanded into it. */
typedef struct {
  const char *name;
  size_t col; /* the 1-based column of the text's first character */
} PipeSrc;

static MlirLogicalResult addPipeline(MlirOpPassManager pm, const char *p, MlirLocation loc,
                                     const PipeSrc *src);
static MlirLogicalResult addRiseToLLVM(MlirOpPassManager pm, MlirLocation loc);
static MlirLogicalResult addTopPipeline(MlirOpPassManager pm, const char *p, MlirLocation loc,
                                        const PipeSrc *src);

typedef struct {
  char *buf;
  size_t cap, len;
} MsgBuf;

static void toMsg(MlirStringRef s, void *user) {
  MsgBuf *b = user;
  for (size_t i = 0; i < s.length && b->len + 1 < b->cap; ++i)
    b->buf[b->len++] = s.data[i];
  b->buf[b->len] = 0;
}

/* Adds one element "name" or "name{opts}" of a textual pipeline. Ariadne's
 * passes cannot be parsed by MLIR's registry from C (they are registered by
 * name only in the mlir-opt plugin), so they are created directly. */
static MlirLogicalResult addElement(MlirOpPassManager pm, const char *el, size_t n,
                                    MlirLocation loc) {
  char text[2048];
  if (n >= sizeof text) {
    ariCompileError(loc, "pipeline element too long");
    return mlirLogicalResultFailure();
  }
  memcpy(text, el, n);
  text[n] = 0;
  size_t nameLen = strcspn(text, "{(");
  char name[256];
  if (nameLen == 0 || nameLen >= sizeof name) {
    ariCompileError(loc, "invalid pipeline element '%s'", text);
    return mlirLogicalResultFailure();
  }
  memcpy(name, text, nameLen);
  name[nameLen] = 0;
  if (!strcmp(text, "rise-to-llvm"))
    return addRiseToLLVM(pm, loc);
  if (!strcmp(text, "rise-to-llvm-fma"))
    return addTopPipeline(pm, ariRiseToLLVMFmaPipeline(), loc, NULL);
  const AriPassInfo *info = ariPassLookup(name);
  if (info) {
    char opts[2048] = "", err[512] = "";
    if (text[nameLen] == '{') {
      size_t len = strlen(text);
      if (text[len - 1] != '}') {
        ariCompileError(loc, "invalid pipeline element '%s': unbalanced '{'", text);
        return mlirLogicalResultFailure();
      }
      memcpy(opts, text + nameLen + 1, len - nameLen - 2);
      opts[len - nameLen - 2] = 0;
    } else if (text[nameLen]) {
      ariCompileError(loc, "invalid pipeline element '%s'", text);
      return mlirLogicalResultFailure();
    }
    /* rise-search gets the runtime's measurer here (measure=K). */
    MlirPass p = info == &ariSearchPass
                     ? ariPassCreateHooked(info, opts, ariRtSearchHooks(), err, sizeof err)
                     : ariPassCreate(info, opts, err, sizeof err);
    if (!p.ptr) {
      ariCompileError(loc, "invalid options for pass '%s': %s", name, err);
      return mlirLogicalResultFailure();
    }
    mlirOpPassManagerAddOwnedPass(pm, p);
    return mlirLogicalResultSuccess();
  }
  char msg[1024] = "";
  MsgBuf mb = {msg, sizeof msg, 0};
  if (mlirLogicalResultIsFailure(
          mlirOpPassManagerAddPipeline(pm, mlirStringRefCreate(text, n), toMsg, &mb))) {
    /* The parser's message repeats the text with a caret below it. */
    msg[strcspn(msg, "\n")] = 0;
    ariCompileError(loc, "invalid pipeline element '%s': %s", text, msg);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/* `rise-to-llvm` is registered by name only in the mlir-opt plugin; its
 * text comes from C, as "builtin.module(...)". */
static MlirLogicalResult addRiseToLLVM(MlirOpPassManager pm, MlirLocation loc) {
  return addTopPipeline(pm, ariRiseToLLVMPipeline(), loc, NULL);
}

/* Splits at top-level commas (not inside {}, () or quotes). */
static MlirLogicalResult addPipeline(MlirOpPassManager pm, const char *p, MlirLocation loc,
                                     const PipeSrc *src) {
  int depth = 0;
  bool quoted = false;
  const char *start = p;
  for (const char *c = p;; ++c) {
    if (*c == '"')
      quoted = !quoted;
    else if (!quoted && (*c == '{' || *c == '('))
      depth++;
    else if (!quoted && (*c == '}' || *c == ')'))
      depth--;
    if (*c == 0 || (*c == ',' && depth == 0 && !quoted)) {
      const char *b = start, *e = c;
      while (b < e && (*b == ' ' || *b == '\n' || *b == '\t'))
        b++;
      while (e > b && (e[-1] == ' ' || e[-1] == '\n' || e[-1] == '\t'))
        e--;
      MlirLocation eloc =
          src ? mlirLocationFileLineColGet(mlirLocationGetContext(loc),
                                           mlirStringRefCreateFromCString(src->name), 1,
                                           (unsigned)(src->col + (size_t)(b - p)))
              : loc;
      if (e > b && mlirLogicalResultIsFailure(addElement(pm, b, (size_t)(e - b), eloc)))
        return mlirLogicalResultFailure();
      if (*c == 0)
        break;
      start = c + 1;
    }
  }
  if (depth != 0 || quoted) {
    ariCompileError(src ? mlirLocationFileLineColGet(mlirLocationGetContext(loc),
                                                     mlirStringRefCreateFromCString(src->name),
                                                     1, (unsigned)src->col)
                        : loc,
                    "invalid pipeline '%s': unbalanced brackets or quotes", p);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/* Accepts mlir-opt's spelling "builtin.module(a,b)" as well as "a,b": the
 * pass manager here is already anchored on the module. */
static MlirLogicalResult addTopPipeline(MlirOpPassManager pm, const char *p, MlirLocation loc,
                                        const PipeSrc *src) {
  static const char open[] = "builtin.module(";
  size_t n = strlen(p);
  if (n == 0 || strncmp(p, open, sizeof open - 1) || p[n - 1] != ')')
    return addPipeline(pm, p, loc, src);
  char inner[65536]; /* an order of 64 passes, canonicalize among them (docs/rl.md) */
  if (n >= sizeof inner) {
    ariCompileError(loc, "pipeline too long");
    return mlirLogicalResultFailure();
  }
  memcpy(inner, p + sizeof open - 1, n - sizeof open);
  inner[n - sizeof open] = 0;
  PipeSrc in = src ? (PipeSrc){src->name, src->col + sizeof open - 1} : (PipeSrc){NULL, 0};
  return addPipeline(pm, inner, loc, src ? &in : NULL);
}

/*--- Lowering -------------------------------------------------------------*/

static MlirLogicalResult keepOnly(MlirModule module, const char *name) {
  MlirBlock body = mlirModuleGetBody(module);
  bool found = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (isFunc(op)) {
      if (ariCompileStrRefEq(funcName(op), name))
        found = true;
      else
        mlirOperationDestroy(op);
    }
    op = next;
  }
  if (!found) {
    ariCompileError(ariCompileModuleLoc(module), "no function named '%s'", name);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

bool ariCompileSymbolPrefixValid(const char *prefix) {
  for (const char *c = prefix; *c; ++c)
    if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
          (c > prefix && *c >= '0' && *c <= '9')))
      return false;
  return true;
}

/* Prepends `prefix` to every func.func defined here (declarations name
 * functions defined elsewhere, so they keep their names) and to the uses of
 * those symbols, before lowering: the C interface and packed wrappers are
 * then derived from the new names. */
static MlirLogicalResult prefixSymbols(MlirModule module, const char *prefix) {
  MlirOperation mop = mlirModuleGetOperation(module);
  MlirContext ctx = mlirModuleGetContext(module);
  MlirStringRef symAttr = mlirStringRefCreateFromCString("sym_name");
  MlirBlock body = mlirModuleGetBody(module);
  size_t pl = strlen(prefix);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isFunc(op) || mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
      continue;
    MlirStringRef old = funcName(op);
    char name[512];
    if (pl + old.length >= sizeof name) {
      ariCompileError(mlirOperationGetLocation(op), "symbol name too long with prefix '%s'",
                      prefix);
      return mlirLogicalResultFailure();
    }
    memcpy(name, prefix, pl);
    memcpy(name + pl, old.data, old.length);
    name[pl + old.length] = 0;
    char oldName[512];
    snprintf(oldName, sizeof oldName, "%.*s", (int)old.length, old.data);
    MlirStringRef nr = mlirStringRefCreate(name, pl + old.length);
    if (mlirLogicalResultIsFailure(mlirSymbolTableReplaceAllSymbolUses(
            mlirStringRefCreateFromCString(oldName), nr, mop))) {
      ariCompileError(mlirOperationGetLocation(op), "cannot rename the uses of @%s", oldName);
      return mlirLogicalResultFailure();
    }
    mlirOperationSetAttributeByName(op, symAttr, mlirStringAttrGet(ctx, nr));
  }
  return mlirLogicalResultSuccess();
}

static void requestCInterfaces(MlirModule module) {
  MlirContext ctx = mlirModuleGetContext(module);
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (isFunc(op) && isPublicDefinition(op))
      mlirOperationSetDiscardableAttributeByName(
          op, mlirStringRefCreateFromCString("llvm.emit_c_interface"), mlirUnitAttrGet(ctx));
}

/* builtin.unrealized_conversion_cast is usually a symptom (a conversion
 * that gave up at a boundary), so another op is named when there is one. */
typedef struct {
  MlirOperation first, firstReal;
  long count;
} Unlowered;

static MlirWalkResult findUnlowered(MlirOperation op, void *user) {
  Unlowered *u = user;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (ariCompileStrRefEq(n, "builtin.module"))
    return MlirWalkResultAdvance;
  size_t dot = 0;
  while (dot < n.length && n.data[dot] != '.')
    dot++;
  bool ok = (dot == 4 && !memcmp(n.data, "llvm", 4)) || (dot == 3 && !memcmp(n.data, "omp", 3));
  if (!ok) {
    if (!u->count)
      u->first = op;
    if (mlirOperationIsNull(u->firstReal) && !(dot == 7 && !memcmp(n.data, "builtin", 7)))
      u->firstReal = op;
    u->count++;
  }
  return MlirWalkResultAdvance;
}

MlirLogicalResult ariCompileRunPipeline(MlirModule module, const char *pipeline) {
  MlirLocation loc = ariCompileModuleLoc(module);
  MlirPassManager pm = mlirPassManagerCreate(mlirModuleGetContext(module));
  const PipeSrc src = {"<pipeline>", 1};
  MlirLogicalResult r =
      addTopPipeline(mlirPassManagerGetAsOpPassManager(pm), pipeline, loc, &src);
  if (mlirLogicalResultIsSuccess(r)) {
    r = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
    if (mlirLogicalResultIsFailure(r))
      ariCompileError(loc, "the pipeline failed");
  }
  mlirPassManagerDestroy(pm);
  return r;
}

MlirLogicalResult ariCompileLower(MlirModule module, const AriCompileOptions *o) {
  MlirContext ctx = mlirModuleGetContext(module);
  MlirLocation loc = ariCompileModuleLoc(module);
  if (o->onlyFunc && *o->onlyFunc && mlirLogicalResultIsFailure(keepOnly(module, o->onlyFunc)))
    return mlirLogicalResultFailure();
  bool gpu = ariCompileIsGpuTarget(o->target);
  if (o->symbolPrefix && *o->symbolPrefix) {
    if (gpu) {
      ariCompileError(loc, "a symbol prefix is for CPU targets only");
      return mlirLogicalResultFailure();
    }
    if (!ariCompileSymbolPrefixValid(o->symbolPrefix)) {
      ariCompileError(loc, "invalid symbol prefix '%s' (expected [A-Za-z_][A-Za-z0-9_]*)",
                      o->symbolPrefix);
      return mlirLogicalResultFailure();
    }
    if (mlirLogicalResultIsFailure(prefixSymbols(module, o->symbolPrefix)))
      return mlirLogicalResultFailure();
  }
  requestCInterfaces(module);
  const char *lowering = o->lowering ? o->lowering : ariCompileDefaultLowering();
  char gpuLowering[4096];
  if (gpu && !o->lowering) {
    if (mlirLogicalResultIsFailure(
            ariCompileGpuDefaultLowering(module, o, gpuLowering, sizeof gpuLowering)))
      return mlirLogicalResultFailure();
    lowering = gpuLowering;
  }

  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult r = mlirLogicalResultSuccess();
  const PipeSrc pipeSrc = {"<pipeline>", 1}, lowerSrc = {"<lowering>", 1};
  if (o->pipeline && *o->pipeline)
    r = addTopPipeline(opm, o->pipeline, loc, &pipeSrc);
  /* The default lowerings are Ariadne's own text: their errors are at the module. */
  if (mlirLogicalResultIsSuccess(r))
    r = addTopPipeline(opm, lowering, loc, o->lowering ? &lowerSrc : NULL);
  /* A DISubprogram per llvm.func, from its location, lets the translation
   * keep every op's FileLineColLoc as a DILocation. */
  if (mlirLogicalResultIsSuccess(r) && o->debugInfo && !gpu)
    r = addTopPipeline(opm, "ensure-debug-info-scope-on-llvm-func{emission-kind=LineTablesOnly}",
                       loc, NULL);
  if (mlirLogicalResultIsSuccess(r)) {
    r = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
    if (mlirLogicalResultIsFailure(r))
      ariCompileError(loc, "the compilation pipeline failed");
  }
  mlirPassManagerDestroy(pm);
  if (mlirLogicalResultIsFailure(r))
    return r;
  if (gpu)
    return ariCompileGpuCheckLowered(module);

  Unlowered u = {{NULL}, {NULL}, 0};
  mlirOperationWalk(mlirModuleGetOperation(module), findUnlowered, &u, MlirWalkPreOrder);
  if (u.count) {
    if (!mlirOperationIsNull(u.firstReal))
      u.first = u.firstReal;
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(u.first));
    ariCompileError(mlirOperationGetLocation(u.first),
              "'%.*s' was not lowered to the LLVM dialect by the pipeline (%ld op%s left "
              "outside llvm/omp)",
              (int)n.length, n.data, u.count, u.count == 1 ? "" : "s");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/*--- Target machines --------------------------------------------------------*/

typedef struct {
  const char *name;
  const char *triple;
} TargetName;

static const TargetName kTargets[] = {
    {"x86_64", "x86_64-unknown-linux-gnu"},
    {"aarch64", "aarch64-unknown-linux-gnu"},
};

static const char *hostArch(void) {
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#else
  return "";
#endif
}

/* LLVM only warns on stderr about an unknown CPU or feature and then
 * ignores it (x86-64 then even stops the process with a fatal error, as the
 * "CPU" lacks 64-bit mode). So the CPU and features are first tried on an
 * MC-level subtarget (a disassembler, which builds one and nothing else)
 * with stderr captured, and such a warning becomes a diagnostic. */
typedef struct {
  int saved;
  FILE *tmp;
} StderrCapture;

static bool captureBegin(StderrCapture *c) {
  fflush(stderr);
  c->tmp = tmpfile();
  c->saved = c->tmp ? dup(2) : -1;
  if (c->saved < 0 || dup2(fileno(c->tmp), 2) < 0) {
    if (c->saved >= 0)
      close(c->saved);
    if (c->tmp)
      fclose(c->tmp);
    return false;
  }
  return true;
}

static void captureEnd(StderrCapture *c, char *out, size_t cap) {
  fflush(stderr);
  dup2(c->saved, 2);
  close(c->saved);
  rewind(c->tmp);
  size_t n = fread(out, 1, cap - 1, c->tmp);
  out[n] = 0;
  fclose(c->tmp);
}

static MlirLogicalResult checkSubtarget(const char *triple, const char *cpu,
                                        const char *features, MlirLocation loc) {
  StderrCapture cap;
  char warn[2048] = "";
  bool captured = captureBegin(&cap);
  LLVMDisasmContextRef d = LLVMCreateDisasmCPUFeatures(triple, cpu, features, NULL, 0, NULL, NULL);
  if (captured)
    captureEnd(&cap, warn, sizeof warn);
  if (d)
    LLVMDisasmDispose(d);
  const char *bad = strstr(warn, "is not a recognized");
  if (bad) {
    while (bad > warn && bad[-1] != '\n')
      bad--;
    ariCompileError(loc, "invalid cpu or features for %s: %.*s", triple, (int)strcspn(bad, "\n"), bad);
    return mlirLogicalResultFailure();
  }
  if (!d) {
    ariCompileError(loc, "cannot create a subtarget for %s, cpu %s, features '%s'", triple, cpu,
              features);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/* The target machine of o's target, CPU and features, checked first. */
static MlirLogicalResult makeMachine(const AriCompileOptions *o, MlirLocation loc,
                                     LLVMTargetMachineRef *tm) {
  const char *arch = o->target && *o->target ? o->target : hostArch();
  const TargetName *t = NULL;
  for (size_t i = 0; i < sizeof kTargets / sizeof kTargets[0]; ++i)
    if (!strcmp(arch, kTargets[i].name))
      t = &kTargets[i];
  if (!t) {
    ariCompileError(loc, "unknown target '%s' (expected x86_64, aarch64 or nvptx64)", arch);
    return mlirLogicalResultFailure();
  }
  if (o->vectorWidth && !vectorWidthOk(o->vectorWidth)) {
    ariCompileError(loc, "vector width %u: expected 128, 256 or 512 (bits)", o->vectorWidth);
    return mlirLogicalResultFailure();
  }
  bool native = !strcmp(arch, hostArch());
  const char *cpu = o->cpu && *o->cpu ? o->cpu : (native ? "host" : "generic");
  char *hostCpu = NULL, *hostFeatures = NULL;
  const char *features = o->features ? o->features : "";
  if (!strcmp(cpu, "host")) {
    if (!native) {
      ariCompileError(loc, "--cpu=host is only valid for the host's architecture (%s), not %s",
                hostArch(), arch);
      return mlirLogicalResultFailure();
    }
    hostCpu = LLVMGetHostCPUName();
    cpu = hostCpu;
    if (!o->features) {
      hostFeatures = LLVMGetHostCPUFeatures();
      features = hostFeatures;
    }
  }
  /* The subtarget check needs the backend's disassembler. */
  MlirLogicalResult r = mlirLogicalResultFailure();
  if (!ariCompileInitTarget(t->triple))
    ariCompileError(loc, "no LLVM backend for target %s", t->triple);
  else
    r = checkSubtarget(t->triple, cpu, features, loc);
  if (mlirLogicalResultIsSuccess(r)) {
    /* PIC: runners link the object into a shared library. */
    AriCompileMachineSpec spec = {t->triple, cpu,          features,
                                  o->optLevel, LLVMRelocPIC, LLVMCodeModelDefault};
    char err[512];
    *tm = ariCompileTargetMachine(&spec, err, sizeof err);
    if (!*tm) {
      ariCompileError(loc, "%s", err);
      r = mlirLogicalResultFailure();
    }
  }
  if (hostCpu)
    LLVMDisposeMessage(hostCpu);
  if (hostFeatures)
    LLVMDisposeMessage(hostFeatures);
  return r;
}

/* The vectorisers' width (AriCompileOptions.vectorWidth) as the function
 * attribute the X86 backend reads per function; other targets ignore it,
 * so it is set for x86-64 alone. */
static void setVectorWidth(LLVMModuleRef mod, const AriCompileOptions *o) {
  const char *arch = o->target && *o->target ? o->target : hostArch();
  if (strcmp(arch, "x86_64"))
    return;
  char width[16];
  snprintf(width, sizeof width, "%u", o->vectorWidth ? o->vectorWidth : 512u);
  static const char key[] = "prefer-vector-width";
  LLVMContextRef c = LLVMGetModuleContext(mod);
  LLVMAttributeRef a =
      LLVMCreateStringAttribute(c, key, sizeof key - 1, width, (unsigned)strlen(width));
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, a);
}

/*--- Packed entry points ------------------------------------------------------*/

/* _ari_packed_NAME(void **args) calls _mlir_ciface_NAME(*args[0] or
 * args[0], ...): descriptors are passed by pointer, scalars loaded. */
static void addPackedWrappers(LLVMModuleRef mod) {
  static const char prefix[] = "_mlir_ciface_";
  LLVMContextRef c = LLVMGetModuleContext(mod);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(c, 0);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(c);
  LLVMTypeRef wrapTy = LLVMFunctionType(LLVMVoidTypeInContext(c), &ptr, 1, 0);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t n = 0;
    const char *name = LLVMGetValueName2(f, &n);
    if (n <= sizeof prefix - 1 || strncmp(name, prefix, sizeof prefix - 1) ||
        LLVMIsDeclaration(f))
      continue;
    LLVMTypeRef fty = LLVMGlobalGetValueType(f);
    if (LLVMGetTypeKind(LLVMGetReturnType(fty)) != LLVMVoidTypeKind)
      continue; /* rise functions return through memrefs only */
    char wname[512];
    snprintf(wname, sizeof wname, "_ari_packed_%.*s", (int)(n - (sizeof prefix - 1)),
             name + sizeof prefix - 1);
    if (LLVMGetNamedFunction(mod, wname))
      continue;
    unsigned np = LLVMCountParamTypes(fty);
    LLVMTypeRef ptys[64];
    LLVMValueRef args[64];
    if (np > 64)
      continue;
    LLVMGetParamTypes(fty, ptys);
    LLVMValueRef w = LLVMAddFunction(mod, wname, wrapTy);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, w, "entry"));
    for (unsigned i = 0; i < np; ++i) {
      LLVMValueRef idx = LLVMConstInt(i64, i, 0);
      LLVMValueRef slot = LLVMBuildGEP2(b, ptr, LLVMGetParam(w, 0), &idx, 1, "");
      LLVMValueRef p = LLVMBuildLoad2(b, ptr, slot, "");
      args[i] = LLVMGetTypeKind(ptys[i]) == LLVMPointerTypeKind ? p
                                                                : LLVMBuildLoad2(b, ptys[i], p, "");
    }
    LLVMBuildCall2(b, fty, f, args, np, "");
    LLVMBuildRetVoid(b);
  }
  LLVMDisposeBuilder(b);
}

/*--- Emission -----------------------------------------------------------------*/

MlirLogicalResult ariCompileEmit(MlirModule module, const AriCompileOptions *o,
                                 AriEmitKind kind, const char *path) {
  MlirLocation loc = ariCompileModuleLoc(module);
  if (ariCompileIsGpuTarget(o->target))
    return ariCompileGpuEmit(module, o, kind, path, NULL, NULL, NULL);
  if (kind == ARI_EMIT_OBJ && !strcmp(path, "-")) {
    ariCompileError(loc, "an object file cannot be written to stdout");
    return mlirLogicalResultFailure();
  }
  LLVMTargetMachineRef tm = NULL;
  if (mlirLogicalResultIsFailure(makeMachine(o, loc, &tm)))
    return mlirLogicalResultFailure();
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (kind == ARI_EMIT_MLIR) {
    /* The machine was made only to check target, CPU and features. */
    LLVMDisposeTargetMachine(tm);
    return ariCompileWriteModuleText(module, path);
  }

  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef mod = mlirTranslateModuleToLLVMIR(mlirModuleGetOperation(module), c);
  if (!mod) {
    ariCompileError(loc, "translation to LLVM IR failed");
    r = mlirLogicalResultFailure();
  } else {
    ariCompileSetModuleTarget(mod, tm);
    addPackedWrappers(mod);
    setVectorWidth(mod, o);
    char passes[32];
    snprintf(passes, sizeof passes, "default<O%d>",
             o->optLevel < 0 ? 0 : o->optLevel > 3 ? 3 : o->optLevel);
    LLVMPassBuilderOptionsRef pbo = LLVMCreatePassBuilderOptions();
    LLVMPassBuilderOptionsSetLoopVectorization(pbo, o->optLevel >= 2);
    LLVMPassBuilderOptionsSetSLPVectorization(pbo, o->optLevel >= 2);
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
  if (mlirLogicalResultIsSuccess(r)) {
    if (kind == ARI_EMIT_LLVM) {
      char *text = LLVMPrintModuleToString(mod);
      r = ariCompileWriteFile(loc, path, text, strlen(text));
      LLVMDisposeMessage(text);
    } else {
      LLVMMemoryBufferRef buf = NULL;
      char *err = NULL;
      if (LLVMTargetMachineEmitToMemoryBuffer(
              tm, mod, kind == ARI_EMIT_ASM ? LLVMAssemblyFile : LLVMObjectFile, &err, &buf)) {
        ariCompileError(loc, "code generation failed: %s", err ? err : "");
        r = mlirLogicalResultFailure();
      } else {
        r = ariCompileWriteFile(loc, path, LLVMGetBufferStart(buf), LLVMGetBufferSize(buf));
      }
      if (err)
        LLVMDisposeMessage(err);
      if (buf)
        LLVMDisposeMemoryBuffer(buf);
    }
  }
  if (mod)
    LLVMDisposeModule(mod);
  LLVMContextDispose(c);
  LLVMDisposeTargetMachine(tm);
  return r;
}
