/*===- rise_to_gpu.c - the convert-rise-to-gpu pass -----------------------===*\
 *
 * The GPU target of the rise lowering engine: hooks (lower_hooks.h) that
 * turn rise.kernel into gpu.launch, GPU maps into stride loops over the
 * launch's ids, and buffers into workgroup/private/device memory. Nesting
 * errors are found first, on the rise program, so that they are reported
 * at the op that is wrong whatever the engine evaluates first.
 *
\*===----------------------------------------------------------------------===*/

#include "passes/pass_util.h"
#include "passes/gpu/rise_to_gpu.h"
#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"
#include "passes/lower/build.h"
#include "passes/lower/lower_hooks.h"
#include "passes/lower/rise_to_affine.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Affine.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

static void emitError(MlirOperation at, const char *fmt, ...) {
  char msg[512];
  AriStr o;
  ariStrInitFixed(&o, msg, sizeof msg);
  ariStrPuts(&o, "convert-rise-to-gpu: ");
  va_list ap;
  va_start(ap, fmt);
  ariStrVPrintf(&o, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(at), msg);
}

static MlirRisePatternKind kindOf(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, sref("kind"));
  return mlirAttributeIsNull(a) ? MlirRisePatternKindNone : mlirRisePatternKindAttrGetValue(a);
}

static int dimOf(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, sref("dim"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a) ? (int)mlirIntegerAttrGetValueInt(a)
                                                                : 0;
}

static bool gpuKind(MlirRisePatternKind k) {
  return k == MlirRisePatternKindGlobal || k == MlirRisePatternKindWorkgroup ||
         k == MlirRisePatternKindLocal;
}

static const char *kindName(MlirRisePatternKind k) { return mlirRisePatternKindGetName(k); }

/* The local and global sizes of a rise.kernel, padded to 3 dimensions
 * with 1; returns the number given, or 0 when malformed. */
static int kernelSizes(MlirOperation kernel, int64_t local[3], int64_t global[3]) {
  MlirAttribute l = mlirOperationGetAttributeByName(kernel, sref("local"));
  MlirAttribute g = mlirOperationGetAttributeByName(kernel, sref("global"));
  if (mlirAttributeIsNull(l) || mlirAttributeIsNull(g) || !mlirAttributeIsADenseI64Array(l) ||
      !mlirAttributeIsADenseI64Array(g))
    return 0;
  intptr_t n = mlirDenseArrayGetNumElements(l);
  if (n < 1 || n > 3 || mlirDenseArrayGetNumElements(g) != n)
    return 0;
  for (int i = 0; i < 3; ++i) {
    local[i] = i < n ? mlirDenseI64ArrayGetElement(l, i) : 1;
    global[i] = i < n ? mlirDenseI64ArrayGetElement(g, i) : 1;
    if (local[i] < 1 || global[i] < local[i] || global[i] % local[i])
      return 0;
  }
  return (int)n;
}

/*--- nesting rules, checked on the rise program -----------------------------*/

typedef struct Nest {
  MlirOperation kernel; /* enclosing rise.kernel, or null */
  int ndims;
  unsigned global, workgroup, local; /* enclosing GPU maps: bit per dimension */
} Nest;

static bool checkRegions(MlirOperation op, Nest n);

static bool isItemMap(MlirOperation op) {
  return riseOpKind(op) == RISE_OP_MAP &&
         (kindOf(op) == MlirRisePatternKindLocal || kindOf(op) == MlirRisePatternKindGlobal);
}

/* Is `v` defined inside `op`? */
static bool definedInside(MlirValue v, MlirOperation op) {
  MlirBlock b = mlirValueIsABlockArgument(v) ? mlirBlockArgumentGetOwner(v)
                                             : mlirOperationGetBlock(mlirOpResultGetOwner(v));
  for (int depth = 0; depth < 256 && !mlirBlockIsNull(b); ++depth) {
    MlirOperation p = mlirBlockGetParentOperation(b);
    if (mlirOperationIsNull(p))
      return false;
    if (mlirOperationEqual(p, op))
      return true;
    b = mlirOperationGetBlock(p);
  }
  return false;
}

static bool dependsOnItem(MlirValue v, int *budget);

/* Does any value that the ops of `op`'s regions capture from outside
 * depend on a work-item? */
static bool capturesItem(MlirOperation op, MlirOperation outer, int *budget) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o)) {
        for (intptr_t i = 0; i < mlirOperationGetNumOperands(o); ++i) {
          MlirValue x = mlirOperationGetOperand(o, i);
          if (!definedInside(x, outer) && dependsOnItem(x, budget))
            return true;
        }
        if (capturesItem(o, outer, budget))
          return true;
      }
  return false;
}

/* Conservatively: may `v` differ between the work-items of a work-group,
 * i.e. depend on the element of a global/local map? */
static bool dependsOnItem(MlirValue v, int *budget) {
  if (--*budget < 0)
    return true;
  if (mlirValueIsABlockArgument(v)) {
    MlirOperation owner = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    if (mlirOperationIsNull(owner) || riseOpIs(owner, "func.func"))
      return false;
    RiseOpKind kind = riseOpKind(owner);
    if (kind == RISE_OP_GENERATE)
      return false;
    if (isItemMap(owner))
      return true;
    if (kind == RISE_OP_MAP)
      return dependsOnItem(mlirOperationGetOperand(owner, 0), budget);
    if (kind == RISE_OP_REDUCE && mlirBlockArgumentGetArgNumber(v) == 1)
      return dependsOnItem(mlirOperationGetOperand(owner, 1), budget);
    return true; /* accumulators, and anything unknown */
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (dependsOnItem(mlirOperationGetOperand(def, i), budget))
      return true;
  return capturesItem(def, def, budget);
}

static bool checkOp(MlirOperation op, Nest n) {
  RiseOpKind kind = riseOpKind(op);
  if (kind == RISE_OP_KERNEL) {
    int64_t l[3], g[3];
    if (!mlirOperationIsNull(n.kernel)) {
      emitError(op, "'rise.kernel' inside a kernel is not supported");
      return false;
    }
    n.ndims = kernelSizes(op, l, g);
    if (!n.ndims) {
      emitError(op, "'rise.kernel' needs 1 to 3 local and global sizes, each global size a "
                    "positive multiple of the local one");
      return false;
    }
    n.kernel = op;
  } else if (kind == RISE_OP_MAP && gpuKind(kindOf(op))) {
    MlirRisePatternKind k = kindOf(op);
    int d = dimOf(op);
    unsigned bit = 1u << d;
    if (mlirOperationIsNull(n.kernel)) {
      emitError(op, "'rise.map %s(%d)' outside a 'rise.kernel'", kindName(k), d);
      return false;
    }
    if (d < 0 || d >= n.ndims) {
      emitError(op, "'rise.map %s(%d)' uses dimension %d but the kernel has %d", kindName(k), d, d,
                n.ndims);
      return false;
    }
    const char *clash = NULL;
    if (k == MlirRisePatternKindGlobal)
      clash = n.workgroup ? "workgroup" : n.local ? "local" : (n.global & bit) ? "global" : NULL;
    else if (k == MlirRisePatternKindWorkgroup)
      clash = n.global ? "global" : n.local ? "local" : (n.workgroup & bit) ? "workgroup" : NULL;
    else
      clash = n.global ? "global" : (n.local & bit) ? "local" : NULL;
    if (clash) {
      emitError(op, "'rise.map %s(%d)' inside a '%s' map is not supported", kindName(k), d, clash);
      return false;
    }
    if (k == MlirRisePatternKindGlobal)
      n.global |= bit;
    else if (k == MlirRisePatternKindWorkgroup)
      n.workgroup |= bit;
    else
      n.local |= bit;
  } else if (kind == RISE_OP_MAP && kindOf(op) == MlirRisePatternKindPar &&
             !mlirOperationIsNull(n.kernel)) {
    /* scf.parallel (OpenMP on the CPU) has no meaning inside a launch. */
    emitError(op, "'rise.map par' inside a 'rise.kernel' is not supported (use the global, "
                  "workgroup or local forms)");
    return false;
  } else if ((kind == RISE_OP_TO_MEM || kind == RISE_OP_CIRCULAR_BUFFER) &&
             !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, sref("addr"))) &&
             mlirRiseAddressSpaceAttrGetValue(mlirOperationGetAttributeByName(op, sref("addr"))) ==
                 MlirRiseAddressSpaceLocal) {
    const char *name = riseOpKindName(kind);
    if (mlirOperationIsNull(n.kernel)) {
      emitError(op, "'%s local' outside a 'rise.kernel': workgroup memory exists only in a "
                    "work-group",
                name);
      return false;
    }
    int budget = 100000;
    if (n.global || (n.local && (kind != RISE_OP_TO_MEM ||
                                 dependsOnItem(mlirOperationGetOperand(op, 0), &budget)))) {
      emitError(op, "'%s local' inside a '%s' map of a value that may differ between work-items: "
                    "a single work-item cannot own workgroup memory",
                name, n.global ? "global" : "local");
      return false;
    }
  }
  return checkRegions(op, n);
}

static bool checkRegions(MlirOperation op, Nest n) {
  bool ok = true;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        ok = checkOp(o, n) && ok;
  return ok;
}

/*--- the hooks ---------------------------------------------------------------*/

typedef struct DevBuf {
  MlirValue buf;
  struct DevBuf *next;
} DevBuf;

typedef struct Gpu {
  AriArena *arena;
  MlirOperation launch; /* the gpu.launch being filled, or null */
  MlirOperation kernel; /* its rise.kernel */
  MlirBlock body;
  int64_t grid[3], block[3];
  int inItem;           /* depth of global/local maps being emitted */
  int inexact;          /* how many of them give a work-item other than one element */
  DevBuf *devBufs;      /* device buffers of the current function */
  bool gpuAlloc;        /* device buffers: gpu.alloc (else memref.alloc) */
} Gpu;

static MlirValue constIndex(LbBuilder *b, int64_t v) { return lbConstIndex(b, v); }

/* The entry block of the func.func around `blk`. */
static MlirBlock funcEntry(MlirBlock blk) {
  MlirOperation op = mlirBlockGetParentOperation(blk);
  while (!mlirOperationIsNull(op) && !riseOpIs(op, "func.func"))
    op = mlirBlockGetParentOperation(mlirOperationGetBlock(op));
  return mlirOperationIsNull(op) ? blk : mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
}

static bool enterKernel(void *user, LbBuilder *b, MlirOperation kernel, MlirBlock *scope) {
  Gpu *g = user;
  int64_t local[3], global[3];
  if (!kernelSizes(kernel, local, global)) {
    emitError(kernel, "'rise.kernel' has malformed sizes");
    return false;
  }
  MlirValue ops[6];
  for (int i = 0; i < 3; ++i) {
    g->grid[i] = global[i] / local[i];
    g->block[i] = local[i];
  }
  for (int i = 0; i < 3; ++i) {
    ops[i] = constIndex(b, g->grid[i]);
    ops[3 + i] = constIndex(b, g->block[i]);
  }
  MlirOperationState st = mlirOperationStateGet(sref("gpu.launch"), mlirOperationGetLocation(kernel));
  mlirOperationStateAddOperands(&st, 6, ops);
  int32_t seg[] = {0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0};
  MlirNamedAttribute attrs[] = {
      mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, sref("operandSegmentSizes")),
                            mlirDenseI32ArrayGet(b->ctx, 11, seg)),
      mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, sref("workgroup_attributions")),
                            mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 0)),
  };
  mlirOperationStateAddAttributes(&st, 2, attrs);
  MlirType idx[12];
  MlirLocation locs[12];
  for (int i = 0; i < 12; ++i) {
    idx[i] = mlirIndexTypeGet(b->ctx);
    locs[i] = mlirOperationGetLocation(kernel);
  }
  MlirRegion region = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(12, idx, locs);
  mlirRegionAppendOwnedBlock(region, body);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation launch = mlirOperationCreate(&st);
  lbInsert(b, launch);
  MlirOperationState ts = mlirOperationStateGet(sref("gpu.terminator"), mlirOperationGetLocation(kernel));
  MlirOperation term = mlirOperationCreate(&ts);
  mlirBlockAppendOwnedOperation(body, term);
  g->launch = launch;
  g->kernel = kernel;
  g->body = body;
  g->inItem = 0;
  b->ip = (LbPoint){body, term};
  *scope = body;
  return true;
}

static void exitKernel(void *user, LbBuilder *b, MlirOperation kernel) {
  (void)b;
  (void)kernel;
  Gpu *g = user;
  g->launch = (MlirOperation){NULL};
  g->kernel = (MlirOperation){NULL};
  g->body = (MlirBlock){NULL};
}

/* Creates `name` with one region of one block (args: `nargs` indices)
 * ending in scf.yield, at b->ip; returns the op. */
static MlirOperation regionOp(LbBuilder *b, const char *name, intptr_t nops, const MlirValue *ops,
                              intptr_t nargs, bool elseRegion) {
  MlirOperationState st = mlirOperationStateGet(sref(name), b->loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  MlirType idx = mlirIndexTypeGet(b->ctx);
  MlirRegion regions[2] = {mlirRegionCreate(), mlirRegionCreate()};
  MlirBlock blk = mlirBlockCreate(nargs, &idx, &b->loc);
  mlirRegionAppendOwnedBlock(regions[0], blk);
  mlirOperationStateAddOwnedRegions(&st, elseRegion ? 2 : 1, regions);
  if (!elseRegion)
    mlirRegionDestroy(regions[1]);
  MlirOperation op = mlirOperationCreate(&st);
  lbInsert(b, op);
  MlirOperationState ys = mlirOperationStateGet(sref("scf.yield"), b->loc);
  mlirBlockAppendOwnedOperation(blk, mlirOperationCreate(&ys));
  return op;
}

static MlirBlock bodyOf(MlirOperation op) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
}

static bool strideLoop(LbBuilder *b, MlirValue id, int64_t n, int64_t stride, LbBodyFn body,
                       void *bodyUser);

static bool mapLoop(void *user, LbBuilder *b, MlirOperation map, MlirRisePatternKind kind, int dim,
                    int64_t n, LbBodyFn body, void *bodyUser) {
  Gpu *g = user;
  if (mlirOperationIsNull(g->launch)) {
    emitError(map, "'rise.map %s(%d)' is not evaluated inside a 'rise.kernel'", kindName(kind), dim);
    return false;
  }
  if (dim < 0 || dim > 2) {
    emitError(map, "GPU dimension %d is out of range", dim);
    return false;
  }
  MlirValue bid = mlirBlockGetArgument(g->body, dim);
  MlirValue tid = mlirBlockGetArgument(g->body, 3 + dim);
  int64_t stride;
  MlirValue id;
  if (kind == MlirRisePatternKindGlobal) {
    stride = g->grid[dim] * g->block[dim];
    id = lbAdd(b, lbMulC(b, bid, g->block[dim]), tid);
  } else if (kind == MlirRisePatternKindWorkgroup) {
    stride = g->grid[dim];
    id = bid;
  } else {
    stride = g->block[dim];
    id = tid;
  }
  bool item = kind != MlirRisePatternKindWorkgroup;
  bool inexact = item && n != stride;
  g->inItem += item;
  g->inexact += inexact;
  bool ok = strideLoop(b, id, n, stride, body, bodyUser);
  g->inItem -= item;
  g->inexact -= inexact;
  return ok;
}

/* for k = 0 to n step stride: body(k + id), guarded by k + id < n unless
 * stride divides n; no loop when n <= stride. */
static bool strideLoop(LbBuilder *b, MlirValue id, int64_t n, int64_t stride, LbBodyFn body,
                       void *bodyUser) {
  LbPoint saved = b->ip;
  MlirValue i = id;
  if (n > stride) {
    MlirValue bounds[] = {constIndex(b, 0), constIndex(b, n), constIndex(b, stride)};
    MlirOperation loop = regionOp(b, "scf.for", 3, bounds, 1, false);
    MlirBlock blk = bodyOf(loop);
    b->ip = (LbPoint){blk, mlirBlockGetTerminator(blk)};
    i = lbAdd(b, mlirBlockGetArgument(blk, 0), id);
  }
  if (n % stride) {
    /* Only this guard diverges; the loop around it runs the same trips
     * on every work-item, so barriers may go in it. */
    const char *names[] = {"predicate"};
    MlirAttribute attrs[] = {mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 6)}; /* ult */
    MlirValue cmpOps[] = {i, constIndex(b, n)};
    MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
    MlirValue c = mlirOperationGetResult(lbCreate(b, "arith.cmpi", 2, cmpOps, 1, &i1, 1, names, attrs), 0);
    MlirOperation guard = regionOp(b, "scf.if", 1, &c, 0, true);
    MlirBlock blk = bodyOf(guard);
    b->ip = (LbPoint){blk, mlirBlockGetTerminator(blk)};
  }
  bool ok = body(b, i, NULL, NULL, bodyUser);
  b->ip = saved;
  return ok;
}

static bool isWorkgroupMem(MlirValue buf) {
  MlirType t = mlirValueGetType(buf);
  if (!mlirTypeIsAMemRef(t))
    return false;
  MlirAttribute ms = mlirMemRefTypeGetMemorySpace(t);
  return !mlirAttributeIsNull(ms) &&
         mlirAttributeEqual(ms, mlirAttributeParseGet(mlirTypeGetContext(t),
                                                      sref("#gpu.address_space<workgroup>")));
}

/* Workgroup memory is written by all work-items of the group together:
 * element f by item f mod (items per group). Every item reaches this
 * write (workgroup level, or inside local maps that give each item exactly
 * one element, of a value that is the same for all items: checked
 * before), so the data is complete after the barrier that
 * rise-insert-barriers places before the first read. */
static int spreadHook(void *user, LbBuilder *b, MlirValue buf, bool mapped, int64_t total,
                      LbBodyFn body, void *bodyUser) {
  Gpu *g = user;
  if (mlirOperationIsNull(g->launch) || !isWorkgroupMem(buf) || (mapped && !g->inItem))
    return 0;
  MlirValue flat = mlirBlockGetArgument(g->body, 3);
  int64_t items = g->block[0];
  for (int d = 1; d < 3; ++d)
    if (g->block[d] > 1) {
      flat = lbAdd(b, flat, lbMulC(b, mlirBlockGetArgument(g->body, 3 + d), items));
      items *= g->block[d];
    }
  return strideLoop(b, flat, total, items, body, bodyUser) ? 1 : -1;
}

static MlirValue newAlloca(LbBuilder *b, MlirBlock scope, MlirType mt) {
  MlirOperationState st = mlirOperationStateGet(sref("memref.alloca"), b->loc);
  int32_t seg[] = {0, 0};
  MlirNamedAttribute attr = mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, sref("operandSegmentSizes")),
                                                  mlirDenseI32ArrayGet(b->ctx, 2, seg));
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddResults(&st, 1, &mt);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperation(scope, 0, op);
  return mlirOperationGetResult(op, 0);
}

/* A device buffer, allocated at the start of the function (outside any
 * launch) and freed before its return: gpu.alloc, or memref.alloc for a
 * host runtime that maps host allocations to device buffers itself. */
static MlirValue deviceBuffer(Gpu *g, LbBuilder *b, MlirBlock entry, MlirType mt) {
  MlirOperationState st = mlirOperationStateGet(sref(g->gpuAlloc ? "gpu.alloc" : "memref.alloc"), b->loc);
  int32_t seg[] = {0, 0, 0};
  MlirNamedAttribute attr = mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, sref("operandSegmentSizes")),
                                                  mlirDenseI32ArrayGet(b->ctx, g->gpuAlloc ? 3 : 2, seg));
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddResults(&st, 1, &mt);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperation(entry, 0, op);
  MlirValue buf = mlirOperationGetResult(op, 0);
  DevBuf *d = ariArenaCalloc(g->arena, sizeof *d);
  if (d) {
    d->buf = buf;
    d->next = g->devBufs;
    g->devBufs = d;
  }
  return buf;
}

static MlirValue allocHook(void *user, LbBuilder *b, MlirOperation where, MlirBlock scope,
                           MlirType mt, MlirRiseAddressSpace addr, bool explicitAddr, bool *failed) {
  Gpu *g = user;
  MlirValue none = {NULL};
  if (mlirOperationIsNull(g->launch)) {
    /* Host code: only explicit global buffers (and kernel results) live on
     * the device; the rest is as on the CPU. */
    if (explicitAddr && addr == MlirRiseAddressSpaceGlobal)
      return deviceBuffer(g, b, funcEntry(b->ip.block), mt);
    if (explicitAddr && addr == MlirRiseAddressSpaceLocal) {
      emitError(where, "workgroup memory outside a 'rise.kernel'");
      *failed = true;
    }
    return none;
  }
  if (explicitAddr && addr == MlirRiseAddressSpaceLocal) {
    if (g->inexact) {
      emitError(where, "workgroup memory inside a 'global' or 'local' map that does not give "
                       "every work-item exactly one element (its size must equal the launch's)");
      *failed = true;
      return none;
    }
    intptr_t rank = mlirShapedTypeGetRank(mt);
    int64_t shape[8];
    for (intptr_t i = 0; i < rank && i < 8; ++i)
      shape[i] = mlirShapedTypeGetDimSize(mt, i);
    MlirType wt = mlirMemRefTypeGet(mlirShapedTypeGetElementType(mt), rank, shape,
                                    mlirAttributeGetNull(),
                                    mlirAttributeParseGet(b->ctx, sref("#gpu.address_space<workgroup>")));
    MlirValue arg = mlirBlockAddArgument(g->body, wt, mlirOperationGetLocation(where));
    MlirAttribute n = mlirOperationGetAttributeByName(g->launch, sref("workgroup_attributions"));
    int64_t count = mlirAttributeIsNull(n) ? 0 : mlirIntegerAttrGetValueInt(n);
    mlirOperationSetAttributeByName(g->launch, sref("workgroup_attributions"),
                                    mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), count + 1));
    return arg;
  }
  if (explicitAddr && addr == MlirRiseAddressSpaceGlobal)
    return deviceBuffer(g, b, funcEntry(mlirOperationGetBlock(g->launch)), mt);
  /* Private, and every temporary of the engine: per work-item, at the
   * start of the launch body (hoisted out of every loop). */
  return newAlloca(b, scope, mt);
}

static void endFunc(void *user, LbBuilder *b) {
  Gpu *g = user;
  for (DevBuf *d = g->devBufs; d; d = d->next)
    lbCreate(b, g->gpuAlloc ? "gpu.dealloc" : "memref.dealloc", 1, &d->buf, 0, NULL, 0, NULL, NULL);
  g->devBufs = NULL;
}

/*--- math.fma in kernels ----------------------------------------------------*/

/* convert-gpu-to-nvvm turns math.fma into a call of libdevice's __nv_fmaf,
 * which then has to be linked; llvm.intr.fma is the same operation (one
 * rounding) and NVPTX emits it as fma.rn directly. */
typedef struct OpList {
  MlirOperation *ops;
  size_t n, cap;
  AriArena *arena;
  const char *name;
  bool oom;
} OpList;

static MlirWalkResult collectNamed(MlirOperation op, void *user) {
  OpList *l = user;
  if (!riseOpIs(op, l->name))
    return MlirWalkResultAdvance;
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 16;
    MlirOperation *ops = ariArenaAlloc(l->arena, cap * sizeof *ops);
    if (!ops) {
      l->oom = true;
      return MlirWalkResultInterrupt;
    }
    if (l->n)
      memcpy(ops, l->ops, l->n * sizeof *ops);
    l->ops = ops;
    l->cap = cap;
  }
  l->ops[l->n++] = op;
  return MlirWalkResultAdvance;
}

static bool fmaToIntrinsic(MlirOperation module, AriArena *arena) {
  OpList launches = {NULL, 0, 0, arena, "gpu.launch", false};
  mlirOperationWalk(module, collectNamed, &launches, MlirWalkPreOrder);
  for (size_t i = 0; i < launches.n && !launches.oom; ++i) {
    OpList fmas = {NULL, 0, 0, arena, "math.fma", false};
    mlirOperationWalk(launches.ops[i], collectNamed, &fmas, MlirWalkPreOrder);
    if (fmas.oom)
      return false;
    for (size_t k = 0; k < fmas.n; ++k) {
      MlirOperation f = fmas.ops[k];
      MlirValue ops[3] = {mlirOperationGetOperand(f, 0), mlirOperationGetOperand(f, 1),
                          mlirOperationGetOperand(f, 2)};
      MlirType t = mlirValueGetType(mlirOperationGetResult(f, 0));
      MlirOperationState st = mlirOperationStateGet(sref("llvm.intr.fma"), mlirOperationGetLocation(f));
      mlirOperationStateAddOperands(&st, 3, ops);
      mlirOperationStateAddResults(&st, 1, &t);
      MlirOperation r = mlirOperationCreate(&st);
      mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(f), f, r);
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(f, 0), mlirOperationGetResult(r, 0));
      mlirOperationDestroy(f);
    }
  }
  return !launches.oom;
}

/* True when `op` is `anc` or nested inside it. */
static bool isInside(MlirOperation op, MlirOperation anc) {
  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op))
    if (mlirOperationEqual(op, anc))
      return true;
  return false;
}

/* With device-buffers=gpu (MLIR's host runtime: rise-to-nvvm{host=llvm})
 * a literal array -- a memref.get_global of a constant memref.global,
 * which the shared lowering makes in host code -- would reach a kernel as
 * a pointer into the host's data segment, which the device cannot read.
 * On an H100 this was an illegal address in Harris's weights. The
 * get_global is cloned into every launch that reads it instead;
 * gpu-kernel-outlining then copies the memref.global into the kernel's
 * gpu.module, where it is initialised device memory. (The stub's host
 * code, device-buffers=memref, uploads the globals itself.) */
static bool sinkGlobalsIntoLaunches(MlirOperation module, AriArena *arena) {
  OpList launches = {NULL, 0, 0, arena, "gpu.launch", false};
  OpList globals = {NULL, 0, 0, arena, "memref.get_global", false};
  mlirOperationWalk(module, collectNamed, &launches, MlirWalkPreOrder);
  mlirOperationWalk(module, collectNamed, &globals, MlirWalkPreOrder);
  if (launches.oom || globals.oom)
    return false;
  for (size_t gi = 0; gi < globals.n; ++gi) {
    MlirOperation get = globals.ops[gi];
    MlirValue v = mlirOperationGetResult(get, 0);
    for (size_t li = 0; li < launches.n; ++li) {
      MlirOperation launch = launches.ops[li];
      if (isInside(get, launch))
        continue;
      MlirOperation copy = {NULL};
      for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);) {
        MlirOpOperand next = mlirOpOperandGetNextUse(u);
        MlirOperation owner = mlirOpOperandGetOwner(u);
        if (isInside(owner, launch)) {
          if (mlirOperationIsNull(copy)) {
            copy = mlirOperationClone(get);
            MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(launch, 0));
            mlirBlockInsertOwnedOperation(entry, 0, copy);
          }
          mlirOperationSetOperand(owner, (intptr_t)mlirOpOperandGetOperandNumber(u),
                                  mlirOperationGetResult(copy, 0));
        }
        u = next;
      }
    }
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(v)))
      mlirOperationDestroy(get);
  }
  return true;
}

/*--- the pass ------------------------------------------------------------*/

typedef struct RiseToGpuOptions {
  bool fma;
  char deviceBuffers[ARI_OPT_STRING_MAX];
} RiseToGpuOptions;

static MlirLogicalResult riseToGpuRun(MlirOperation module, const void *opts) {
  if (mlirLogicalResultIsFailure(ariPassRequireModule(module, "convert-rise-to-gpu")))
    return mlirLogicalResultFailure();
  Nest top = {{NULL}, 0, 0, 0, 0};
  if (!checkRegions(module, top))
    return mlirLogicalResultFailure();
  AriArena arena;
  ariArenaInit(&arena, 0);
  Gpu g;
  memset(&g, 0, sizeof g);
  g.arena = &arena;
  g.gpuAlloc = !strcmp(((const RiseToGpuOptions *)opts)->deviceBuffers, "gpu");
  AriLowerHooks hooks = {&g, enterKernel, exitKernel, mapLoop, allocHook, spreadHook, endFunc};
  const RiseToGpuOptions *o = opts;
  MlirLogicalResult r = ariRiseLowerModule(module, o->fma, &hooks);
  if (mlirLogicalResultIsSuccess(r) && o->fma && !fmaToIntrinsic(module, &arena)) {
    mlirEmitError(mlirOperationGetLocation(module), "convert-rise-to-gpu: out of memory");
    r = mlirLogicalResultFailure();
  }
  if (mlirLogicalResultIsSuccess(r) && g.gpuAlloc && !sinkGlobalsIntoLaunches(module, &arena)) {
    mlirEmitError(mlirOperationGetLocation(module), "convert-rise-to-gpu: out of memory");
    r = mlirLogicalResultFailure();
  }
  ariArenaDestroy(&arena);
  return r;
}

static void riseToGpuDefaults(void *opts) {
  RiseToGpuOptions *o = opts;
  o->fma = false;
  snprintf(o->deviceBuffers, sizeof o->deviceBuffers, "memref");
}

static const AriOptionDesc kRiseToGpuOptions[] = {
    {"fma", ARI_OPT_BOOL, offsetof(RiseToGpuOptions, fma), NULL,
     "as convert-rise-to-affine's fma: fuse a mulf whose only use is an addf (default false)"},
    {"device-buffers", ARI_OPT_STRING, offsetof(RiseToGpuOptions, deviceBuffers), "memref|gpu",
     "how host code allocates device buffers (kernel results read by other code, to_mem global "
     "in kernels): memref.alloc/dealloc, for a runtime that places them on the device "
     "(default), or gpu.alloc/dealloc (MLIR's gpu runtime calls)"},
};

static MlirDialectHandle (*const kRiseToGpuDeps[])(void) = {
    mlirGetDialectHandle__gpu__,    mlirGetDialectHandle__affine__, mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__memref__, mlirGetDialectHandle__vector__, mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__math__,   mlirGetDialectHandle__llvm__,
};

const AriPassInfo ariRiseToGpuPass = {
    .argument = "convert-rise-to-gpu",
    .description = "Lower rise functions with kernels to gpu.launch and stride loops over gpu ids "
        "(workgroup/private/device memory for to_mem)",
    .options = kRiseToGpuOptions,
    .numOptions = sizeof kRiseToGpuOptions / sizeof kRiseToGpuOptions[0],
    .optionsSize = sizeof(RiseToGpuOptions),
    .setDefaults = riseToGpuDefaults,
    .run = riseToGpuRun,
    .dependentDialects = kRiseToGpuDeps,
    .numDependentDialects = sizeof kRiseToGpuDeps / sizeof kRiseToGpuDeps[0],
};

/*--- the rise-to-nvvm pipeline ------------------------------------------*/

/* Down to the device code: kernels outlined into gpu.modules of
 * LLVM/NVVM ops; the host stays func.func with gpu.launch_func. */
#define NVVM_DEVICE(GPUOPT, CHIP)                                                                 \
  "builtin.module(convert-rise-to-gpu" GPUOPT "," ARI_LOWER_CANONICALIZE ",cse,"                 \
  "rise-insert-barriers,"                                                                         \
  "gpu-launch-sink-index-computations,gpu-kernel-outlining,lower-affine,convert-vector-to-scf,"   \
  "convert-scf-to-cf,nvvm-attach-target{chip=" CHIP " features=+ptx80 O=3},"                      \
  "gpu.module(convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=true},canonicalize,cse,"          \
  "reconcile-unrealized-casts)"
#define NVVM_HOST_GPU ")"
/* gpu-async-region puts launches and device buffers on one stream, the
 * form gpu-to-llvm lowers to MLIR's runtime calls (mgpuMemAlloc, ...). */
#define NVVM_HOST_LLVM                                                                            \
  ",func.func(gpu-async-region),gpu-to-llvm{use-bare-pointers-for-kernels=true},"                 \
  "reconcile-unrealized-casts)"

/* [chip sm_90, sm_80][fma false, true][host llvm, gpu]; with host=gpu the
 * device buffers stay memref.alloc for the host runtime to place. */
static const char *const kNVVMPipelines[] = {
    NVVM_DEVICE("{device-buffers=gpu}", "sm_90") NVVM_HOST_LLVM,
    NVVM_DEVICE("", "sm_90") NVVM_HOST_GPU,
    NVVM_DEVICE("{fma=true device-buffers=gpu}", "sm_90") NVVM_HOST_LLVM,
    NVVM_DEVICE("{fma=true}", "sm_90") NVVM_HOST_GPU,
    NVVM_DEVICE("{device-buffers=gpu}", "sm_80") NVVM_HOST_LLVM,
    NVVM_DEVICE("", "sm_80") NVVM_HOST_GPU,
    NVVM_DEVICE("{fma=true device-buffers=gpu}", "sm_80") NVVM_HOST_LLVM,
    NVVM_DEVICE("{fma=true}", "sm_80") NVVM_HOST_GPU,
};

const char *ariRiseToNVVMPipeline(const char *options, char *err, size_t errCap) {
  static const char *const words[] = {"chip=sm_90", "chip=sm_80", "fma=false", "fma=true",
                                      "host=llvm",  "host=gpu"};
  int chip = 0, fma = 0, host = 0;
  const char *p = options ? options : "";
  for (;;) {
    p += strspn(p, " ");
    if (!*p)
      break;
    size_t len = strcspn(p, " ");
    int w = -1;
    for (int i = 0; i < 6; ++i)
      if (strlen(words[i]) == len && !strncmp(p, words[i], len))
        w = i;
    if (w < 0) {
      if (errCap)
        snprintf(err, errCap,
                 "rise-to-nvvm: unknown option '%.*s' (expected chip=sm_80|sm_90, "
                 "fma=true|false, host=llvm|gpu)",
                 (int)(len > 64 ? 64 : len), p);
      return NULL;
    }
    if (w < 2)
      chip = w;
    else if (w < 4)
      fma = w - 2;
    else
      host = w - 4;
    p += len;
  }
  return kNVVMPipelines[chip * 4 + fma * 2 + host];
}
