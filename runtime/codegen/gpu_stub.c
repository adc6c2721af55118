/*===- gpu_stub.c - C host stubs for compiled GPU modules -------------------===*\
 *
 * A lowered GPU module's host functions are straight sequences of
 * gpu.launch_func ops over the function's arguments, device temporaries
 * (memref.alloc) and constants. Each becomes a C function that syncs its
 * buffers for the device (runtime/cuda.h), packs the kernel parameters the
 * way the lowered kernel takes them (MLIR's expanded memref descriptor:
 * allocated, aligned, offset, sizes, strides; or one bare pointer) and
 * launches. The PTX is embedded, so the stub, its header and
 * runtime/cuda.c are all a C program needs: no LLVM or MLIR at run time.
 *
 * Device accesses come from the module before lowering: an argument read
 * by rise.in is DEVICE_READ, one written by rise.out DEVICE_WRITE (so an
 * output is never copied to the device), anything else both.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/codegen/compile.h"
#include "runtime/codegen/scalar_c.h"
#include "runtime/cuda.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

#include "ariadne-c/Types.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Support.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum {
  kMaxArgs = 64,
  kMaxFuncs = 128,
  kMaxKernels = 256,
  kMaxVals = 1024,
  kMaxRank = 8,
  kMaxGlobals = 256
};

typedef struct {
  bool isBuffer;
  char type[160];
  const char *elem, *ctype;
  size_t elemBytes; /* of one memref element (a whole vector for vector elements) */
  int rank;         /* of the info shape (vector lanes appended) */
  int64_t shape[kMaxRank + 1];
  size_t bytes;
  unsigned access;
} StubArg;

typedef struct {
  char name[160];
  int nargs;
  StubArg args[kMaxArgs];
  AriStr body;
  int ntemps;
  bool lowered;
} StubFunc;

/* A memref.global the host passes to kernels (rise.literal constants):
 * its data is embedded and uploaded once, when the program is loaded. */
typedef struct {
  char name[160];
  size_t bytes;
  bool constant;
} StubGlobal;

struct AriGpuStub {
  AriArena *arena;
  int nfuncs;
  StubFunc *funcs[kMaxFuncs];
  int nkernels;
  char *kernels[kMaxKernels];
  int nglobals;
  StubGlobal globals[kMaxGlobals];
  AriStr globalData; /* static const arrays ari_global_N */
};

static bool strRefEq(MlirStringRef s, const char *c) {
  return s.length == strlen(c) && !memcmp(s.data, c, s.length);
}

static MlirStringRef opName(MlirOperation op) {
  return mlirIdentifierStr(mlirOperationGetName(op));
}

static bool isOp(MlirOperation op, const char *name) { return strRefEq(opName(op), name); }

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static void error(MlirOperation op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void error(MlirOperation op, const char *fmt, ...) {
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(op), msg);
}

static bool isPublicFunc(MlirOperation op) {
  if (!isOp(op, "func.func"))
    return false;
  MlirAttribute v = attr(op, "sym_visibility");
  if (!mlirAttributeIsNull(v) && !strRefEq(mlirStringAttrGetValue(v), "public"))
    return false;
  return !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

static MlirStringRef symName(MlirOperation op) {
  MlirAttribute a = attr(op, "sym_name");
  return mlirAttributeIsNull(a) ? mlirStringRefCreate(NULL, 0) : mlirStringAttrGetValue(a);
}

static void toFixed(MlirStringRef s, void *user) { ariStrAppend(user, s.data, s.length); }

static void printType(MlirType t, char *buf, size_t cap) {
  AriStr f;
  ariStrInitFixed(&f, buf, cap);
  mlirTypePrint(t, toFixed, &f);
}

/* A statically shaped memref of scalars or 1-D vectors. */
static bool bufferArg(MlirType t, StubArg *a) {
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t) ||
      mlirShapedTypeGetRank(t) > kMaxRank)
    return false;
  MlirType e = mlirShapedTypeGetElementType(t);
  int64_t lanes = 1;
  if (mlirTypeIsAVector(e)) {
    if (mlirShapedTypeGetRank(e) != 1 || !mlirShapedTypeHasStaticShape(e))
      return false;
    lanes = mlirShapedTypeGetDimSize(e, 0);
    e = mlirShapedTypeGetElementType(e);
  }
  const AriScalarC *sc = ariScalarCOf(e);
  if (!sc)
    return false;
  a->elem = sc->tag;
  a->ctype = sc->ctype;
  a->isBuffer = true;
  a->rank = (int)mlirShapedTypeGetRank(t);
  size_t n = 1;
  for (int d = 0; d < a->rank; ++d) {
    a->shape[d] = mlirShapedTypeGetDimSize(t, d);
    n *= (size_t)a->shape[d];
  }
  if (lanes > 1)
    a->shape[a->rank++] = lanes;
  a->elemBytes = sc->bytes * (size_t)lanes;
  a->bytes = n * a->elemBytes;
  printType(t, a->type, sizeof a->type);
  return true;
}

/* rise.in reads its memref (operand 0), rise.out writes operand 1. */
static unsigned argAccess(MlirValue arg) {
  unsigned acc = 0;
  bool any = false;
  for (MlirOpOperand u = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation owner = mlirOpOperandGetOwner(u);
    unsigned n = mlirOpOperandGetOperandNumber(u);
    any = true;
    RiseOpKind kind = riseOpKind(owner);
    if (kind == RISE_OP_IN && n == 0)
      acc |= ARI_CUDA_DEVICE_READ;
    else if (kind == RISE_OP_OUT && n == 1)
      acc |= ARI_CUDA_DEVICE_WRITE;
    else
      acc |= ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE;
  }
  return any ? acc : ARI_CUDA_DEVICE_READ;
}

MlirLogicalResult ariGpuStubBegin(MlirModule module, const char *onlyFunc, AriArena *arena,
                                  AriGpuStub **out) {
  *out = NULL;
  AriGpuStub *s = ariArenaCalloc(arena, sizeof *s);
  MlirOperation mop = mlirModuleGetOperation(module);
  if (!s) {
    error(mop, "out of memory");
    return mlirLogicalResultFailure();
  }
  s->arena = arena;
  ariStrInit(&s->globalData, arena);
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isPublicFunc(op))
      continue;
    MlirStringRef name = symName(op);
    if (onlyFunc && *onlyFunc && !strRefEq(name, onlyFunc))
      continue;
    if (s->nfuncs == kMaxFuncs || name.length >= sizeof s->funcs[0]->name) {
      error(op, "too many functions, or a name too long, for a host stub");
      return mlirLogicalResultFailure();
    }
    StubFunc *f = ariArenaCalloc(arena, sizeof *f);
    if (!f) {
      error(op, "out of memory");
      return mlirLogicalResultFailure();
    }
    memcpy(f->name, name.data, name.length);
    ariStrInit(&f->body, arena);
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    intptr_t n = mlirBlockGetNumArguments(entry);
    MlirType ft = mlirTypeAttrGetValue(attr(op, "function_type"));
    if (mlirFunctionTypeGetNumResults(ft) != 0) {
      error(op, "@%s returns values: a GPU host function returns through memref arguments",
            f->name);
      return mlirLogicalResultFailure();
    }
    if (n > kMaxArgs) {
      error(op, "@%s has more than %d arguments", f->name, kMaxArgs);
      return mlirLogicalResultFailure();
    }
    for (intptr_t i = 0; i < n; ++i) {
      MlirValue v = mlirBlockGetArgument(entry, i);
      MlirType t = mlirValueGetType(v);
      StubArg *a = &f->args[i];
      const AriScalarC *sc = NULL;
      if (bufferArg(t, a)) {
        a->access = argAccess(v);
      } else if (!mlirTypeIsAMemRef(t) && (sc = ariScalarCOf(t))) {
        a->elem = sc->tag;
        a->ctype = sc->ctype;
        a->bytes = a->elemBytes = sc->bytes;
        printType(t, a->type, sizeof a->type);
      } else {
        char types[128];
        ariScalarCList(types, sizeof types);
        error(op,
              "argument %d of @%s cannot be passed by a GPU host stub (expected a statically "
              "shaped memref, or a scalar %s)",
              (int)i, f->name, types);
        return mlirLogicalResultFailure();
      }
    }
    f->nargs = (int)n;
    s->funcs[s->nfuncs++] = f;
  }
  if (!s->nfuncs) {
    error(mop, onlyFunc && *onlyFunc ? "no public function of that name for the host stub"
                                     : "the module has no public function for the host stub");
    return mlirLogicalResultFailure();
  }
  *out = s;
  return mlirLogicalResultSuccess();
}

/*--- Launch plans -------------------------------------------------------------*/

typedef enum { kArg, kTemp, kGlobal, kView, kConstInt, kConstFloat, kOther } ValKind;

typedef struct {
  MlirValue v;
  ValKind kind;
  int index; /* kArg: argument; kTemp: temporary; kGlobal: global; kView: the root's slot */
  int64_t i;
  double f;
} Val;

typedef struct {
  Val vals[kMaxVals];
  int n;
} Vals;

static Val *lookup(Vals *vs, MlirValue v) {
  for (int i = 0; i < vs->n; ++i)
    if (mlirValueEqual(vs->vals[i].v, v))
      return &vs->vals[i];
  return NULL;
}

static Val *addVal(Vals *vs, MlirValue v, ValKind k) {
  if (vs->n == kMaxVals)
    return NULL;
  Val *x = &vs->vals[vs->n++];
  memset(x, 0, sizeof *x);
  x->v = v;
  x->kind = k;
  return x;
}

/* The argument or temporary a buffer value is (a view of). */
static Val *rootOf(Vals *vs, Val *x) {
  while (x && x->kind == kView)
    x = &vs->vals[x->index];
  return x;
}

static int kernelIndex(AriGpuStub *s, MlirStringRef name) {
  for (int i = 0; i < s->nkernels; ++i)
    if (strRefEq(name, s->kernels[i]))
      return i;
  if (s->nkernels == kMaxKernels)
    return -1;
  s->kernels[s->nkernels] = ariArenaStrndup(s->arena, name.data, name.length);
  return s->kernels[s->nkernels] ? s->nkernels++ : -1;
}

/* The kernel's llvm.func (or still gpu.func) in `mod::fn`. */
static MlirOperation findKernel(MlirModule m, MlirStringRef mod, MlirStringRef fn) {
  MlirBlock body = mlirModuleGetBody(m);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isOp(op, "gpu.module"))
      continue;
    MlirStringRef mn = symName(op);
    if (mn.length != mod.length || memcmp(mn.data, mod.data, mn.length))
      continue;
    MlirBlock gb = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    for (MlirOperation k = mlirBlockGetFirstOperation(gb); !mlirOperationIsNull(k);
         k = mlirOperationGetNextInBlock(k)) {
      MlirStringRef kn = symName(k);
      if (kn.length == fn.length && !memcmp(kn.data, fn.data, fn.length))
        return k;
    }
  }
  return (MlirOperation){NULL};
}

static bool constU32(Vals *vs, MlirValue v, unsigned *out) {
  Val *x = lookup(vs, v);
  if (!x || x->kind != kConstInt || x->i <= 0 || x->i > (int64_t)UINT32_MAX)
    return false;
  *out = (unsigned)x->i;
  return true;
}

static const char *accessExpr(unsigned acc) {
  switch (acc & (ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE)) {
  case ARI_CUDA_DEVICE_READ:
    return "ARI_CUDA_DEVICE_READ";
  case ARI_CUDA_DEVICE_WRITE:
    return "ARI_CUDA_DEVICE_WRITE";
  default:
    return "ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE";
  }
}

/* The index of global `name` in s->globals, embedding its data on first
 * use; -1 (after a diagnostic at `use`) if it cannot be embedded. */
static int globalIndex(AriGpuStub *s, MlirModule m, MlirStringRef name, MlirOperation use) {
  for (int i = 0; i < s->nglobals; ++i)
    if (strRefEq(name, s->globals[i].name))
      return i;
  MlirOperation g = {NULL};
  MlirBlock body = mlirModuleGetBody(m);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (isOp(op, "memref.global") && symName(op).length == name.length &&
        !memcmp(symName(op).data, name.data, name.length))
      g = op;
  if (mlirOperationIsNull(g) || s->nglobals == kMaxGlobals ||
      name.length >= sizeof s->globals[0].name) {
    error(use, "global @%.*s not found, or too many globals for the host stub", (int)name.length,
          name.data);
    return -1;
  }
  MlirType t = mlirTypeAttrGetValue(attr(g, "type"));
  MlirAttribute init = attr(g, "initial_value");
  StubArg a;
  memset(&a, 0, sizeof a);
  if (!bufferArg(t, &a) || mlirAttributeIsNull(init) || !mlirAttributeIsADenseElements(init) ||
      a.elemBytes !=
          (strcmp(a.elem, "f64") && strcmp(a.elem, "i64") && strcmp(a.elem, "index") ? 4u : 8u)) {
    error(g,
          "global @%.*s needs a static shape, a dense initial value and f32, f64, i32, i64 "
          "or index elements for the host stub",
          (int)name.length, name.data);
    return -1;
  }
  int gi = s->nglobals++;
  StubGlobal *sg = &s->globals[gi];
  memcpy(sg->name, name.data, name.length);
  sg->bytes = a.bytes;
  sg->constant = !mlirAttributeIsNull(attr(g, "constant"));
  int64_t n = mlirElementsAttrGetNumElements(init);
  AriStr *o = &s->globalData;
  ariStrPrintf(o, "/* @%s : %s */\nstatic const %s ari_global_%d[%" PRId64 "] = {", sg->name,
               a.type, a.ctype, gi, n);
  for (int64_t i = 0; i < n; ++i) {
    if (i)
      ariStrPrintf(o, i % 8 ? ", " : ",\n    ");
    if (!strcmp(a.elem, "f32") || !strcmp(a.elem, "f64")) {
      double v = !strcmp(a.elem, "f32") ? mlirDenseElementsAttrGetFloatValue(init, i)
                                        : mlirDenseElementsAttrGetDoubleValue(init, i);
      if (v != v)
        ariStrPrintf(o, "NAN");
      else if (v > 1.7976931348623157e308 || v < -1.7976931348623157e308)
        ariStrPrintf(o, v > 0 ? "INFINITY" : "-INFINITY");
      else
        ariStrPrintf(o, "%a", v);
    } else if (!strcmp(a.elem, "i32")) {
      ariStrPrintf(o, "%" PRId32, mlirDenseElementsAttrGetInt32Value(init, i));
    } else if (!strcmp(a.elem, "i64")) {
      ariStrPrintf(o, "%" PRId64 "LL", mlirDenseElementsAttrGetInt64Value(init, i));
    } else {
      ariStrPrintf(o, "%" PRIu64 "LL", mlirDenseElementsAttrGetIndexValue(init, i));
    }
  }
  ariStrPrintf(o, "};\n");
  return gi;
}

static MlirLogicalResult addLaunch(AriGpuStub *s, StubFunc *f, Vals *vs, MlirModule m,
                                   MlirOperation op, int launchNo) {
  MlirAttribute seg = mlirOperationGetInherentAttributeByName(
      op, mlirStringRefCreateFromCString("operandSegmentSizes"));
  if (mlirAttributeIsNull(seg) || !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 13) {
    error(op, "unexpected gpu.launch_func form (operand segments)");
    return mlirLogicalResultFailure();
  }
  int32_t sz[13];
  for (int i = 0; i < 13; ++i)
    sz[i] = mlirDenseI32ArrayGetElement(seg, i);
  if (sz[0] || sz[12]) {
    error(op, "asynchronous gpu.launch_func is not supported by the host stub");
    return mlirLogicalResultFailure();
  }
  if (sz[7] || sz[8] || sz[9]) {
    error(op, "gpu.launch_func with clusters is not supported by the host stub");
    return mlirLogicalResultFailure();
  }
  intptr_t pos = sz[0];
  unsigned grid[3], block[3], shared = 0;
  for (int d = 0; d < 3; ++d)
    if (!constU32(vs, mlirOperationGetOperand(op, pos + d), &grid[d]) ||
        !constU32(vs, mlirOperationGetOperand(op, pos + 3 + d), &block[d])) {
      error(op, "grid and block sizes must be positive constants for the host stub");
      return mlirLogicalResultFailure();
    }
  pos += 6;
  if (sz[10]) {
    Val *x = lookup(vs, mlirOperationGetOperand(op, pos));
    if (!x || x->kind != kConstInt || x->i < 0 || x->i > (int64_t)UINT32_MAX) {
      error(op, "the dynamic shared memory size must be a constant for the host stub");
      return mlirLogicalResultFailure();
    }
    shared = (unsigned)x->i;
    pos += 1;
  }
  int nops = sz[11];

  MlirAttribute ka = attr(op, "kernel");
  MlirStringRef modName = mlirSymbolRefAttrGetRootReference(ka);
  MlirStringRef fnName = mlirSymbolRefAttrGetLeafReference(ka);
  MlirOperation k = findKernel(m, modName, fnName);
  MlirBlock kb = mlirOperationIsNull(k) ? (MlirBlock){NULL}
                                        : mlirRegionGetFirstBlock(mlirOperationGetRegion(k, 0));
  if (mlirBlockIsNull(kb)) {
    error(op, "kernel @%.*s::@%.*s not found (or has no body) after lowering", (int)modName.length,
          modName.data, (int)fnName.length, fnName.data);
    return mlirLogicalResultFailure();
  }
  intptr_t nparams = mlirBlockGetNumArguments(kb);
  intptr_t expanded = 0;
  for (int i = 0; i < nops; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, pos + i));
    expanded += mlirTypeIsAMemRef(t) ? 3 + 2 * mlirShapedTypeGetRank(t) : 1;
  }
  bool bare;
  if (nparams == expanded)
    bare = false;
  else if (nparams == nops)
    bare = true;
  else {
    error(op,
          "kernel @%.*s takes %d parameters, but its %d operands make %d as memref descriptors "
          "or %d as bare pointers",
          (int)fnName.length, fnName.data, (int)nparams, nops, (int)expanded, nops);
    return mlirLogicalResultFailure();
  }
  int ki = kernelIndex(s, fnName);
  if (ki < 0) {
    error(op, "too many kernels for the host stub");
    return mlirLogicalResultFailure();
  }

  AriStr *o = &f->body;
  ariStrPrintf(o, "  { /* launch %d: @%.*s::@%.*s */\n", launchNo, (int)modName.length,
               modName.data, (int)fnName.length, fnName.data);
  AriStr params;
  ariStrInit(&params, s->arena);
  int np = 0;
  for (int i = 0; i < nops; ++i) {
    MlirValue v = mlirOperationGetOperand(op, pos + i);
    MlirType t = mlirValueGetType(v);
    Val *x = lookup(vs, v);
    if (mlirTypeIsAMemRef(t)) {
      Val *r = rootOf(vs, x);
      if (!r || (r->kind != kTemp && r->kind != kGlobal &&
                 !(r->kind == kArg && f->args[r->index].isBuffer))) {
        error(op,
              "kernel operand %d is a memref the host stub cannot trace to an argument or "
              "a memref.alloc",
              i);
        return mlirLogicalResultFailure();
      }
      int64_t rank = mlirShapedTypeGetRank(t), strides[kMaxRank], offset = 0;
      if (rank > kMaxRank || !mlirShapedTypeHasStaticShape(t) ||
          mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)) ||
          offset == INT64_MIN) {
        error(op, "kernel operand %d needs a static shape and a strided layout", i);
        return mlirLogicalResultFailure();
      }
      for (int d = 0; d < rank; ++d)
        if (strides[d] == INT64_MIN) {
          error(op, "kernel operand %d has dynamic strides", i);
          return mlirLogicalResultFailure();
        }
      char buf[32];
      unsigned acc;
      if (r->kind == kArg) {
        snprintf(buf, sizeof buf, "a%d", r->index);
        acc = f->args[r->index].access;
      } else if (r->kind == kGlobal) {
        snprintf(buf, sizeof buf, "p->globals[%d]", r->index);
        acc = s->globals[r->index].constant ? ARI_CUDA_DEVICE_READ
                                            : ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE;
      } else {
        snprintf(buf, sizeof buf, "t[%d]", r->index);
        acc = ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE;
      }
      ariStrPrintf(o,
                   "    AriCuDevicePtr d%d;\n"
                   "    if ((s = ariCudaBufferDeviceSync(cu, %s, %s, &d%d)) != ARI_CUDA_OK)\n"
                   "      goto done;\n",
                   i, buf, accessExpr(acc), i);
      StubArg ea;
      memset(&ea, 0, sizeof ea);
      if (!bufferArg(t, &ea)) {
        error(op, "kernel operand %d has an element type the host stub cannot pass", i);
        return mlirLogicalResultFailure();
      }
      if (bare) {
        ariStrPrintf(o, "    AriCuDevicePtr p%d = d%d + %" PRId64 "u * %zuu;\n", np, i, offset,
                     ea.elemBytes);
        ariStrPrintf(&params, "&p%d, ", np++);
      } else {
        ariStrPrintf(o, "    int64_t m%d[%d] = {%" PRId64, i, (int)(1 + 2 * rank), offset);
        for (int d = 0; d < rank; ++d)
          ariStrPrintf(o, ", %" PRId64, mlirShapedTypeGetDimSize(t, d));
        for (int d = 0; d < rank; ++d)
          ariStrPrintf(o, ", %" PRId64, strides[d]);
        ariStrPrintf(o, "};\n");
        ariStrPrintf(&params, "&d%d, &d%d, ", i, i);
        for (int j = 0; j < 1 + 2 * rank; ++j)
          ariStrPrintf(&params, "&m%d[%d], ", i, j);
        np += (int)(3 + 2 * rank);
      }
    } else {
      const AriScalarC *sc = ariScalarCOf(t);
      if (!sc || !x ||
          !(x->kind == kConstInt || x->kind == kConstFloat ||
            (x->kind == kArg && !f->args[x->index].isBuffer))) {
        error(op,
              "kernel operand %d must be a scalar argument of the function or a constant "
              "for the host stub",
              i);
        return mlirLogicalResultFailure();
      }
      const char *ctype = sc->ctype;
      if (x->kind == kArg)
        ariStrPrintf(o, "    %s p%d = a%d;\n", ctype, np, x->index);
      else if (x->kind == kConstInt && !strcmp(sc->tag, "i1"))
        ariStrPrintf(o, "    bool p%d = %s;\n", np, x->i ? "true" : "false"); /* true is -1 in x->i */
      else if (x->kind == kConstInt)
        ariStrPrintf(o, "    %s p%d = (%s)%" PRId64 "LL;\n", ctype, np, ctype, x->i);
      else
        ariStrPrintf(o, "    %s p%d = (%s)%a;\n", ctype, np, ctype, x->f);
      ariStrPrintf(&params, "&p%d, ", np++);
    }
  }
  if (np)
    ariStrPrintf(o, "    void *params[%d] = {%.*s};\n", np, (int)(params.len - 2), params.buf);
  else
    ariStrPrintf(o, "    void **params = NULL;\n");
  ariStrPrintf(
      o,
      "    static const unsigned grid[3] = {%uu, %uu, %uu}, block[3] = {%uu, %uu, %uu};\n"
      "    if ((s = ariCudaLaunch(cu, p->kernels[%d], grid, block, %uu, params)) != ARI_CUDA_OK)\n"
      "      goto done;\n"
      "  }\n",
      grid[0], grid[1], grid[2], block[0], block[1], block[2], ki, shared);
  if (!ariStrOk(&params)) {
    error(op, "out of memory");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

static bool isView(MlirOperation op) {
  return isOp(op, "memref.cast") || isOp(op, "memref.reinterpret_cast") ||
         isOp(op, "memref.collapse_shape") || isOp(op, "memref.expand_shape");
}

static MlirLogicalResult addFunc(AriGpuStub *s, StubFunc *f, MlirModule m, MlirOperation fn) {
  Vals *vs = ariArenaCalloc(s->arena, sizeof *vs);
  if (!vs) {
    error(fn, "out of memory");
    return mlirLogicalResultFailure();
  }
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  if (mlirBlockGetNumArguments(entry) != f->nargs) {
    error(fn, "@%s changed its signature during lowering", f->name);
    return mlirLogicalResultFailure();
  }
  for (int i = 0; i < f->nargs; ++i) {
    Val *x = addVal(vs, mlirBlockGetArgument(entry, i), kArg);
    x->index = i;
  }
  int launches = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (isOp(op, "arith.constant")) {
      MlirAttribute a = attr(op, "value");
      Val *x = addVal(vs, mlirOperationGetResult(op, 0), kOther);
      if (!x) {
        error(op, "too many values for the host stub");
        return mlirLogicalResultFailure();
      }
      if (mlirAttributeIsAInteger(a)) {
        x->kind = kConstInt;
        x->i = mlirIntegerAttrGetValueInt(a);
      } else if (mlirAttributeIsAFloat(a)) {
        x->kind = kConstFloat;
        x->f = mlirFloatAttrGetValueDouble(a);
      }
    } else if (isOp(op, "memref.alloc") || isOp(op, "gpu.alloc")) {
      StubArg t;
      memset(&t, 0, sizeof t);
      MlirValue r = mlirOperationGetResult(op, 0);
      if (mlirOperationGetNumOperands(op) != 0 || mlirOperationGetNumResults(op) != 1 ||
          !bufferArg(mlirValueGetType(r), &t)) {
        error(op, "device temporaries need a static shape and a C element type");
        return mlirLogicalResultFailure();
      }
      Val *x = addVal(vs, r, kTemp);
      if (!x) {
        error(op, "too many values for the host stub");
        return mlirLogicalResultFailure();
      }
      x->index = f->ntemps++;
      ariStrPrintf(
          &f->body,
          "  if ((s = ariCudaBufferCreate(cu, %zuu, ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE, "
          "&t[%d])) != ARI_CUDA_OK)\n    goto done;\n",
          t.bytes, x->index);
    } else if (isOp(op, "memref.get_global")) {
      int gi = globalIndex(s, m, mlirFlatSymbolRefAttrGetValue(attr(op, "name")), op);
      if (gi < 0)
        return mlirLogicalResultFailure();
      Val *x = addVal(vs, mlirOperationGetResult(op, 0), kGlobal);
      if (!x) {
        error(op, "too many values for the host stub");
        return mlirLogicalResultFailure();
      }
      x->index = gi;
    } else if (isView(op)) {
      if (isOp(op, "memref.reinterpret_cast") && mlirOperationGetNumOperands(op) != 1) {
        error(op, "memref.reinterpret_cast with dynamic offsets, sizes or strides is not "
                  "supported by the host stub");
        return mlirLogicalResultFailure();
      }
      Val *src = lookup(vs, mlirOperationGetOperand(op, 0));
      if (!src ||
          (src->kind != kArg && src->kind != kTemp && src->kind != kGlobal && src->kind != kView)) {
        error(op, "view of a value the host stub cannot trace");
        return mlirLogicalResultFailure();
      }
      int si = (int)(src - vs->vals);
      Val *x = addVal(vs, mlirOperationGetResult(op, 0), kView);
      if (!x) {
        error(op, "too many values for the host stub");
        return mlirLogicalResultFailure();
      }
      x->index = si;
    } else if (isOp(op, "gpu.launch_func")) {
      if (mlirLogicalResultIsFailure(addLaunch(s, f, vs, m, op, launches++)))
        return mlirLogicalResultFailure();
    } else if (isOp(op, "memref.dealloc") || isOp(op, "gpu.dealloc") || isOp(op, "func.return")) {
      /* temporaries are freed when the function ends */
    } else {
      MlirStringRef n = opName(op);
      error(op, "'%.*s' in a host function is not supported by the GPU host stub", (int)n.length,
            n.data);
      return mlirLogicalResultFailure();
    }
  }
  f->lowered = true;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult ariGpuStubAddLaunches(AriGpuStub *s, MlirModule lowered) {
  MlirBlock body = mlirModuleGetBody(lowered);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isOp(op, "func.func"))
      continue;
    MlirStringRef name = symName(op);
    for (int i = 0; i < s->nfuncs; ++i)
      if (strRefEq(name, s->funcs[i]->name) &&
          mlirLogicalResultIsFailure(addFunc(s, s->funcs[i], lowered, op)))
        return mlirLogicalResultFailure();
  }
  for (int i = 0; i < s->nfuncs; ++i)
    if (!s->funcs[i]->lowered) {
      mlirEmitError(mlirOperationGetLocation(mlirModuleGetOperation(lowered)),
                    "a host function disappeared during lowering");
      return mlirLogicalResultFailure();
    }
  return mlirLogicalResultSuccess();
}

/*--- Rendering ----------------------------------------------------------------*/

/* "AriCudaBuffer *a0, float a1" (or host pointers for the _host form). */
static void putSignature(AriStr *o, const char *P, const StubFunc *f, bool host) {
  ariStrPrintf(o, "AriCudaStatus %s%s(AriCuda *cu, const %s_program *p", f->name,
               host ? "_host" : "", P);
  for (int i = 0; i < f->nargs; ++i) {
    const StubArg *a = &f->args[i];
    if (!a->isBuffer)
      ariStrPrintf(o, ", %s a%d", a->ctype, i);
    else if (!host)
      ariStrPrintf(o, ", AriCudaBuffer *a%d", i);
    else
      ariStrPrintf(o, ", %s%s *a%d", a->access & ARI_CUDA_DEVICE_WRITE ? "" : "const ", a->ctype,
                   i);
  }
  ariStrPrintf(o, ")");
}

static const char *accessWord(unsigned acc) {
  switch (acc & (ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE)) {
  case ARI_CUDA_DEVICE_READ:
    return "read";
  case ARI_CUDA_DEVICE_WRITE:
    return "written";
  default:
    return "read and written";
  }
}

static void putIdent(AriStr *o, const char *prefix, const char *name) {
  char buf[256];
  size_t n = 0;
  for (const char *c = name; *c && n + 1 < sizeof buf; ++c)
    buf[n++] = isalnum((unsigned char)*c) ? (char)toupper((unsigned char)*c) : '_';
  buf[n] = 0;
  ariStrPrintf(o, "%s%s", prefix, buf);
}

static void renderHeader(AriStr *o, const AriGpuStub *s, const char *P, const char *arch) {
  ariStrPrintf(o,
               "/* Generated by ariadne-compile --target=nvptx64: the host side of the compiled\n"
               " * GPU functions. Link with the generated .c file and runtime/cuda.c (libc and\n"
               " * libdl only; the CUDA driver is loaded at run time). Do not edit. */\n\n");
  ariStrPrintf(o, "#ifndef ");
  putIdent(o, "ARIADNE_GPU_", P);
  ariStrPrintf(o, "_H\n#define ");
  putIdent(o, "ARIADNE_GPU_", P);
  ariStrPrintf(o, "_H\n\n#include \"runtime/cuda.h\"\n\n#include <stdbool.h>\n#include <stdint.h>\n\n"
                  "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
  ariStrPrintf(
      o,
      "/* The loaded module and its %d kernel%s. */\n"
      "typedef struct %s_program {\n  AriCudaModule *module;\n  AriCudaKernel *kernels[%d];\n",
      s->nkernels, s->nkernels == 1 ? "" : "s", P, s->nkernels ? s->nkernels : 1);
  if (s->nglobals)
    ariStrPrintf(o, "  AriCudaBuffer *globals[%d]; /* constants the kernels read */\n",
                 s->nglobals);
  ariStrPrintf(o, "} %s_program;\n\n", P);
  ariStrPrintf(
      o,
      "/* Loads the embedded PTX (compiled for %s; the driver JIT-compiles it for\n"
      " * the GPU at hand). */\n"
      "AriCudaStatus %s_load(AriCuda *cu, %s_program *p);\n\n"
      "/* Loads `image` instead: this module's cubin for the GPU's architecture,\n"
      " * or its PTX. */\n"
      "AriCudaStatus %s_load_image(AriCuda *cu, %s_program *p, const void *image, size_t len);\n\n"
      "void %s_unload(AriCuda *cu, %s_program *p);\n\n",
      arch, P, P, P, P, P, P);
  for (int i = 0; i < s->nfuncs; ++i) {
    const StubFunc *f = s->funcs[i];
    ariStrPrintf(o, "/* @%s on the device. Buffers (created with at least the access named):\n",
                 f->name);
    for (int j = 0; j < f->nargs; ++j) {
      const StubArg *a = &f->args[j];
      if (a->isBuffer)
        ariStrPrintf(o, " *   a%d: %s, %zu bytes, %s by the device\n", j, a->type, a->bytes,
                     accessWord(a->access));
      else
        ariStrPrintf(o, " *   a%d: %s\n", j, a->type);
    }
    ariStrPrintf(o, " * Kernels run asynchronously; a host sync of an output waits for them. */\n");
    putSignature(o, P, f, false);
    ariStrPrintf(o, ";\n\n/* The same over host arrays (copied in and out around the call). */\n");
    putSignature(o, P, f, true);
    ariStrPrintf(o, ";\n\n");
  }
  ariStrPrintf(o,
               "/* Describes the functions above for generic drivers. */\n"
               "extern const AriGpuProgramInfo %s_info;\n\n",
               P);
  ariStrPrintf(o, "#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
}

static void putCString(AriStr *o, const char *text, size_t len) {
  ariStrPrintf(o, "  \"");
  for (size_t i = 0; i < len; ++i) {
    unsigned char c = (unsigned char)text[i];
    if (c == '\n') {
      ariStrPrintf(o, "\\n\"\n");
      if (i + 1 < len)
        ariStrPrintf(o, "  \"");
      else
        return;
    } else if (c == '"' || c == '\\') {
      ariStrPrintf(o, "\\%c", c);
    } else if (c == '\t') {
      ariStrPrintf(o, "\\t");
    } else if (c < 32 || c >= 127) {
      ariStrPrintf(o, "\\%03o", c);
    } else {
      char ch = (char)c;
      ariStrAppend(o, &ch, 1);
    }
  }
  ariStrPrintf(o, "\"\n");
}

static unsigned hostFlags(unsigned acc) {
  return (acc & ARI_CUDA_DEVICE_READ ? ARI_CUDA_HOST_WRITE : 0) |
         (acc & ARI_CUDA_DEVICE_WRITE ? ARI_CUDA_HOST_READ : 0);
}

static void renderFunc(AriStr *o, const char *P, const StubFunc *f) {
  putSignature(o, P, f, false);
  ariStrPrintf(o, " {\n  AriCudaStatus s = ARI_CUDA_OK;\n");
  if (f->ntemps)
    ariStrPrintf(o, "  AriCudaBuffer *t[%d] = {0};\n", f->ntemps);
  for (int i = 0; i < f->nargs; ++i) {
    const StubArg *a = &f->args[i];
    if (!a->isBuffer)
      continue;
    ariStrPrintf(
        o,
        "  if (!a%d || ariCudaBufferSize(a%d) != %zuu) {\n"
        "    s = ariCudaFail(cu, ARI_CUDA_INVALID, \"%s: argument %d must be a buffer of %zu "
        "bytes (%s)\");\n    goto done;\n  }\n",
        i, i, a->bytes, f->name, i, a->bytes, a->type);
  }
  ariStrAppend(o, ariStrText(&f->body), f->body.len);
  ariStrPrintf(o, "  goto done; /* keeps the label used */\ndone:\n");
  if (f->ntemps) {
    /* cuMemFree may not wait for kernels still using a temporary. */
    ariStrPrintf(o,
                 "  if (s == ARI_CUDA_OK)\n    s = ariCudaSynchronize(cu);\n"
                 "  for (int i = 0; i < %d; ++i)\n    ariCudaBufferDestroy(cu, t[i]);\n",
                 f->ntemps);
  }
  ariStrPrintf(o, "  return s;\n}\n\n");

  /* The host-array form. */
  putSignature(o, P, f, true);
  int nb = 0;
  for (int i = 0; i < f->nargs; ++i)
    nb += f->args[i].isBuffer;
  ariStrPrintf(o, " {\n  AriCudaStatus s = ARI_CUDA_OK;\n");
  if (nb)
    ariStrPrintf(o, "  AriCudaBuffer *b[%d] = {0};\n  void *h = NULL;\n", f->nargs);
  for (int i = 0; i < f->nargs; ++i) {
    const StubArg *a = &f->args[i];
    if (!a->isBuffer)
      continue;
    ariStrPrintf(o,
                 "  if ((s = ariCudaBufferCreate(cu, %zuu, 0x%xu, &b[%d])) != ARI_CUDA_OK)\n"
                 "    goto done;\n",
                 a->bytes, a->access | hostFlags(a->access), i);
    if (a->access & ARI_CUDA_DEVICE_READ)
      ariStrPrintf(
          o,
          "  if ((s = ariCudaBufferHostSync(cu, b[%d], ARI_CUDA_HOST_WRITE, &h)) != ARI_CUDA_OK)\n"
          "    goto done;\n  memcpy(h, a%d, %zuu);\n",
          i, i, a->bytes);
  }
  ariStrPrintf(o, "  s = %s(cu, p", f->name);
  for (int i = 0; i < f->nargs; ++i)
    ariStrPrintf(o, f->args[i].isBuffer ? ", b[%d]" : ", a%d", i);
  ariStrPrintf(o, ");\n");
  for (int i = 0; i < f->nargs; ++i) {
    const StubArg *a = &f->args[i];
    if (!a->isBuffer || !(a->access & ARI_CUDA_DEVICE_WRITE))
      continue;
    ariStrPrintf(
        o,
        "  if (s == ARI_CUDA_OK && (s = ariCudaBufferHostSync(cu, b[%d], ARI_CUDA_HOST_READ, "
        "&h)) == ARI_CUDA_OK)\n    memcpy(a%d, h, %zuu);\n",
        i, i, a->bytes);
  }
  if (nb) {
    ariStrPrintf(o,
                 "  goto done;\ndone:\n  for (int i = 0; i < %d; ++i)\n"
                 "    ariCudaBufferDestroy(cu, b[i]);\n",
                 f->nargs);
  }
  ariStrPrintf(o, "  return s;\n}\n\n");

  /* Shapes, argument descriptions and the packed call. */
  for (int i = 0; i < f->nargs; ++i) {
    const StubArg *a = &f->args[i];
    if (!a->rank)
      continue;
    ariStrPrintf(o, "static const int64_t %s_shape%d[%d] = {", f->name, i, a->rank);
    for (int d = 0; d < a->rank; ++d)
      ariStrPrintf(o, "%s%" PRId64, d ? ", " : "", a->shape[d]);
    ariStrPrintf(o, "};\n");
  }
  if (f->nargs) {
    ariStrPrintf(o, "static const AriGpuArgInfo %s_args[%d] = {\n", f->name, f->nargs);
    for (int i = 0; i < f->nargs; ++i) {
      const StubArg *a = &f->args[i];
      ariStrPrintf(o, "    {\"%s\", \"%s\", %d, %d, ", a->type, a->elem, a->isBuffer ? 1 : 0,
                   a->rank);
      if (a->rank)
        ariStrPrintf(o, "%s_shape%d", f->name, i);
      else
        ariStrPrintf(o, "NULL");
      ariStrPrintf(o, ", %zuu, 0x%xu},\n", a->bytes, a->isBuffer ? a->access : 0u);
    }
    ariStrPrintf(o, "};\n");
  }
  ariStrPrintf(o, "static AriCudaStatus %s_call(AriCuda *cu, const void *p, void *const *args) {\n",
               f->name);
  if (!f->nargs)
    ariStrPrintf(o, "  (void)args;\n");
  ariStrPrintf(o, "  return %s(cu, (const %s_program *)p", f->name, P);
  for (int i = 0; i < f->nargs; ++i) {
    const StubArg *a = &f->args[i];
    if (a->isBuffer)
      ariStrPrintf(o, ", (AriCudaBuffer *)args[%d]", i);
    else
      ariStrPrintf(o, ", *(const %s *)args[%d]", a->ctype, i);
  }
  ariStrPrintf(o, ");\n}\n\n");
}

static void renderStub(AriStr *o, const AriGpuStub *s, const char *P, const char *headerName,
                       const char *arch, const char *ptx, size_t ptxLen) {
  ariStrPrintf(o, "/* Generated by ariadne-compile --target=nvptx64 (%s). Do not edit. */\n\n",
               arch);
  ariStrPrintf(o,
               "#include \"%s\"\n\n#include <math.h>\n#include <stddef.h>\n#include <string.h>\n\n",
               headerName);
  if (s->globalData.len)
    ariStrAppend(o, s->globalData.buf, s->globalData.len);
  ariStrPrintf(o, "static const char %s_ptx[] =\n", P);
  putCString(o, ptx, ptxLen);
  ariStrPrintf(o, ";\n\n");
  ariStrPrintf(o, "static const char *const %s_kernel_names[%d] = {", P,
               s->nkernels ? s->nkernels : 1);
  for (int i = 0; i < s->nkernels; ++i)
    ariStrPrintf(o, "%s\"%s\"", i ? ", " : "", s->kernels[i]);
  if (!s->nkernels)
    ariStrPrintf(o, "NULL");
  ariStrPrintf(o, "};\n\n");
  ariStrPrintf(
      o,
      "AriCudaStatus %s_load_image(AriCuda *cu, %s_program *p, const void *image, size_t len) {\n"
      "  memset(p, 0, sizeof *p);\n"
      "  AriCudaStatus s = ariCudaModuleLoad(cu, image, len, &p->module);\n"
      "  for (int i = 0; i < %d && s == ARI_CUDA_OK; ++i)\n"
      "    s = ariCudaModuleGetKernel(cu, p->module, %s_kernel_names[i], &p->kernels[i]);\n",
      P, P, s->nkernels, P);
  for (int i = 0; i < s->nglobals; ++i) {
    const StubGlobal *g = &s->globals[i];
    ariStrPrintf(
        o,
        "  if (s == ARI_CUDA_OK)\n"
        "    s = ariCudaBufferCreate(cu, %zuu, ARI_CUDA_HOST_WRITE | ARI_CUDA_DEVICE_READ%s, "
        "&p->globals[%d]);\n"
        "  if (s == ARI_CUDA_OK) {\n    void *h = NULL;\n"
        "    s = ariCudaBufferHostSync(cu, p->globals[%d], ARI_CUDA_HOST_WRITE, &h);\n"
        "    if (s == ARI_CUDA_OK)\n      memcpy(h, ari_global_%d, %zuu);\n  }\n",
        g->bytes, g->constant ? "" : " | ARI_CUDA_DEVICE_WRITE", i, i, i, g->bytes);
  }
  ariStrPrintf(o, "  if (s != ARI_CUDA_OK)\n    %s_unload(cu, p);\n  return s;\n}\n\n", P);
  ariStrPrintf(o,
               "AriCudaStatus %s_load(AriCuda *cu, %s_program *p) {\n"
               "  return %s_load_image(cu, p, %s_ptx, sizeof %s_ptx);\n}\n\n",
               P, P, P, P, P);
  ariStrPrintf(o,
               "void %s_unload(AriCuda *cu, %s_program *p) {\n"
               "  ariCudaModuleUnload(cu, p->module);\n",
               P, P);
  if (s->nglobals)
    ariStrPrintf(o,
                 "  for (int i = 0; i < %d; ++i)\n    ariCudaBufferDestroy(cu, p->globals[i]);\n",
                 s->nglobals);
  ariStrPrintf(o, "  memset(p, 0, sizeof *p);\n}\n\n");
  for (int i = 0; i < s->nfuncs; ++i)
    renderFunc(o, P, s->funcs[i]);
  ariStrPrintf(
      o,
      "static AriCudaStatus %s_load_v(AriCuda *cu, void *p) { return %s_load(cu, p); }\n"
      "static AriCudaStatus %s_load_image_v(AriCuda *cu, void *p, const void *image, size_t len) "
      "{\n  return %s_load_image(cu, p, image, len);\n}\n"
      "static void %s_unload_v(AriCuda *cu, void *p) { %s_unload(cu, p); }\n\n",
      P, P, P, P, P, P);
  ariStrPrintf(o, "static const AriGpuFuncInfo %s_funcs[%d] = {\n", P, s->nfuncs);
  for (int i = 0; i < s->nfuncs; ++i) {
    const StubFunc *f = s->funcs[i];
    ariStrPrintf(o, "    {\"%s\", %d, ", f->name, f->nargs);
    if (f->nargs)
      ariStrPrintf(o, "%s_args", f->name);
    else
      ariStrPrintf(o, "NULL");
    ariStrPrintf(o, ", %s_call},\n", f->name);
  }
  ariStrPrintf(o, "};\n\n");
  ariStrPrintf(o,
               "const AriGpuProgramInfo %s_info = {\"%s\", sizeof(%s_program), %s_load_v, "
               "%s_load_image_v, %s_unload_v, %d, %s_funcs, \"%s\"};\n",
               P, P, P, P, P, P, s->nfuncs, P, arch);
}

MlirLogicalResult ariGpuStubRender(AriGpuStub *s, const char *prefix, const char *headerName,
                                   const char *arch, const char *ptx, size_t ptxLen, char **stub,
                                   size_t *stubLen, char **header, size_t *headerLen) {
  AriStr h, c;
  ariStrInit(&h, s->arena);
  ariStrInit(&c, s->arena);
  renderHeader(&h, s, prefix, arch);
  renderStub(&c, s, prefix, headerName, arch, ptx, ptxLen);
  bool oom = !ariStrOk(&h) || !ariStrOk(&c) || !ariStrOk(&s->globalData);
  for (int i = 0; i < s->nfuncs; ++i)
    oom |= !ariStrOk(&s->funcs[i]->body);
  if (oom)
    return mlirLogicalResultFailure();
  *stub = c.buf, *stubLen = c.len;
  *header = h.buf, *headerLen = h.len;
  return mlirLogicalResultSuccess();
}
