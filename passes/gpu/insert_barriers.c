/*===- insert_barriers.c - the rise-insert-barriers pass ------------------===*\
 *
 * The rule is stated in insert_barriers.h. Summaries of ops are three
 * access sets: `exp` (accesses that may run before the op's first barrier),
 * `pend` (after its last one) and whether a barrier always runs (`kill`).
 * A sequence is scanned once, left to right; loops first scan their body,
 * then compare its end with its start.
 *
\*===----------------------------------------------------------------------===*/

#include "passes/gpu/insert_barriers.h"
#include "ariadne-c/Types.h"
#include "passes/lower/build.h"
#include "utils/arena.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/GPU.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { SP_LOCAL = 1, SP_GLOBAL = 2 };   /* address spaces that are tracked */
enum { ACC_READ = 1, ACC_WRITE = 2 };

typedef struct Ent {
  MlirValue root;
  unsigned char space, rw;
} Ent;

typedef struct Set {
  Ent *e;
  int n, cap;
} Set;

typedef struct Sum {
  Set exp, pend;
  bool kill;
} Sum;

/* A set of values (pointer hash set): the thread-dependent ones. */
typedef struct VSet {
  const void **slot;
  size_t cap, n;
} VSet;

typedef struct Ctx {
  AriArena *arena;
  MlirContext ctx;
  MlirAttribute wgSpace, privSpace, globalSpace;
  VSet div;
  bool failed, oom;
  int inserted;
} Ctx;

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool is(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

static bool isAny(MlirOperation op, const char *const *names) {
  for (; *names; ++names)
    if (is(op, *names))
      return true;
  return false;
}

/*--- sets ------------------------------------------------------------------*/

static void setAdd(Ctx *c, Set *s, MlirValue root, int space, int rw) {
  for (int i = 0; i < s->n; ++i)
    if (mlirValueEqual(s->e[i].root, root)) {
      s->e[i].rw |= (unsigned char)rw;
      return;
    }
  if (s->n == s->cap) {
    int cap = s->cap ? 2 * s->cap : 8;
    Ent *e = ariArenaAlloc(c->arena, (size_t)cap * sizeof *e);
    if (!e) {
      c->oom = true;
      return;
    }
    if (s->n)
      memcpy(e, s->e, (size_t)s->n * sizeof *e);
    s->e = e;
    s->cap = cap;
  }
  s->e[s->n++] = (Ent){root, (unsigned char)space, (unsigned char)rw};
}

static void setUnion(Ctx *c, Set *dst, const Set *src) {
  for (int i = 0; i < src->n; ++i)
    setAdd(c, dst, src->e[i].root, src->e[i].space, src->e[i].rw);
}

/* The address spaces (SP_*) of the allocations read in one set and
 * written in the other. */
static int conflicts(const Set *before, const Set *after) {
  int mask = 0;
  for (int i = 0; i < before->n; ++i)
    for (int j = 0; j < after->n; ++j) {
      const Ent *a = &before->e[i], *b = &after->e[j];
      if (mlirValueEqual(a->root, b->root) &&
          (((a->rw & ACC_WRITE) && (b->rw & ACC_READ)) || ((a->rw & ACC_READ) && (b->rw & ACC_WRITE))))
        mask |= a->space;
    }
  return mask;
}

/*--- thread-dependent values -------------------------------------------------*/

static size_t vhash(const void *p, size_t cap) {
  uintptr_t x = (uintptr_t)p;
  x ^= x >> 17;
  x *= 0x9E3779B97F4A7C15ull;
  return (size_t)(x >> 7) & (cap - 1);
}

static bool vhas(const VSet *s, MlirValue v) {
  if (!s->cap)
    return false;
  for (size_t i = vhash(v.ptr, s->cap);; i = (i + 1) & (s->cap - 1)) {
    if (!s->slot[i])
      return false;
    if (s->slot[i] == v.ptr)
      return true;
  }
}

static void vadd(Ctx *c, VSet *s, MlirValue v) {
  if (vhas(s, v))
    return;
  if (2 * (s->n + 1) > s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 256;
    const void **slot = ariArenaCalloc(c->arena, cap * sizeof *slot);
    if (!slot) {
      c->oom = true;
      return;
    }
    for (size_t i = 0; i < s->cap; ++i)
      if (s->slot[i]) {
        size_t j = vhash(s->slot[i], cap);
        while (slot[j])
          j = (j + 1) & (cap - 1);
        slot[j] = s->slot[i];
      }
    s->slot = slot;
    s->cap = cap;
  }
  size_t j = vhash(v.ptr, s->cap);
  while (s->slot[j])
    j = (j + 1) & (s->cap - 1);
  s->slot[j] = v.ptr;
  s->n++;
}

static bool anyOperandDiv(Ctx *c, MlirOperation op, intptr_t from, intptr_t to) {
  for (intptr_t i = from; i < to; ++i)
    if (vhas(&c->div, mlirOperationGetOperand(op, i)))
      return true;
  return false;
}

/* Operands that bound a loop (not its iter_args inits). */
static intptr_t boundOperands(MlirOperation op) {
  if (is(op, "scf.for"))
    return 3;
  return mlirOperationGetNumOperands(op) - mlirOperationGetNumResults(op);
}

static void markDivBlock(Ctx *c, MlirBlock b);

/* Marks the thread-dependent values defined by `op` and inside it, in
 * program order (operands are visited before their uses; loop-carried
 * values are assumed thread-dependent). */
static void markDivOp(Ctx *c, MlirOperation op) {
  static const char *const ids[] = {"gpu.thread_id", "gpu.global_id", "gpu.lane_id", NULL};
  intptr_t nregions = mlirOperationGetNumRegions(op);
  bool div = isAny(op, ids) || anyOperandDiv(c, op, 0, mlirOperationGetNumOperands(op));
  for (intptr_t r = 0; r < nregions; ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      intptr_t nargs = mlirBlockGetNumArguments(b);
      for (intptr_t a = 0; a < nargs; ++a) {
        bool d;
        if (is(op, "gpu.launch"))
          d = a >= 3 && a < 6;
        else if (is(op, "gpu.func"))
          d = false;
        else if (is(op, "scf.for") || is(op, "affine.for"))
          d = a > 0 || anyOperandDiv(c, op, 0, boundOperands(op));
        else
          d = true;
        if (d)
          vadd(c, &c->div, mlirBlockGetArgument(b, a));
      }
      markDivBlock(c, b);
    }
  /* Results of region ops come from yields: assume thread-dependent. */
  if (div || nregions)
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
      vadd(c, &c->div, mlirOperationGetResult(op, i));
}

static void markDivBlock(Ctx *c, MlirBlock b) {
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    markDivOp(c, o);
}

/*--- accesses --------------------------------------------------------------*/

static const char *const kViews[] = {
    "memref.subview",         "memref.cast",         "memref.reinterpret_cast",
    "memref.expand_shape",    "memref.collapse_shape", "memref.view",
    "memref.memory_space_cast", "memref.assume_alignment", "memref.transpose", NULL};
static const char *const kNoAccess[] = {
    "memref.dim", "memref.extract_strided_metadata", "memref.extract_aligned_pointer_as_index",
    "memref.alloca", "memref.alloc", "memref.dealloc", "gpu.alloc", "gpu.dealloc",
    "memref.get_global", NULL};
static const char *const kLoads[] = {"memref.load", "affine.load", "vector.load",
                                     "affine.vector_load", "vector.transfer_read",
                                     "vector.maskedload", "vector.gather", "vector.expandload",
                                     NULL};
static const char *const kStores[] = {"memref.store", "affine.store", "vector.store",
                                      "affine.vector_store", "vector.transfer_write",
                                      "vector.maskedstore", "vector.scatter",
                                      "vector.compressstore", NULL};

static MlirValue rootOf(MlirValue v) {
  for (int i = 0; i < 64 && mlirValueIsAOpResult(v); ++i) {
    MlirOperation d = mlirOpResultGetOwner(v);
    if (!isAny(d, kViews) || mlirOperationGetNumOperands(d) < 1)
      break;
    v = mlirOperationGetOperand(d, 0);
  }
  return v;
}

/* SP_LOCAL, SP_GLOBAL, or 0 for private (not tracked). */
static int spaceOf(Ctx *c, MlirValue root) {
  MlirType t = mlirValueGetType(root);
  if (mlirTypeIsAMemRef(t)) {
    MlirAttribute ms = mlirMemRefTypeGetMemorySpace(t);
    if (!mlirAttributeIsNull(ms)) {
      if (mlirAttributeEqual(ms, c->wgSpace))
        return SP_LOCAL;
      if (mlirAttributeEqual(ms, c->privSpace))
        return 0;
      if (mlirAttributeEqual(ms, c->globalSpace))
        return SP_GLOBAL;
      if (mlirAttributeIsAInteger(ms)) {
        int64_t n = mlirIntegerAttrGetValueInt(ms);
        return n == 3 ? SP_LOCAL : n == 5 ? 0 : SP_GLOBAL;
      }
    }
  }
  if (mlirValueIsAOpResult(root) && is(mlirOpResultGetOwner(root), "memref.alloca"))
    return 0;
  return SP_GLOBAL;
}

static void access(Ctx *c, Set *s, MlirValue mem, int rw) {
  if (!mlirTypeIsAMemRef(mlirValueGetType(mem)) && !mlirTypeIsAUnrankedMemRef(mlirValueGetType(mem)))
    return;
  MlirValue root = rootOf(mem);
  int sp = spaceOf(c, root);
  if (sp)
    setAdd(c, s, root, sp, rw);
}

/*--- insertion -------------------------------------------------------------*/

static void insertBarrier(Ctx *c, MlirBlock blk, MlirOperation before, MlirLocation loc, int mask) {
  char text[128];
  snprintf(text, sizeof text, "[%s%s%s]", (mask & SP_LOCAL) ? "#gpu.address_space<workgroup>" : "",
           (mask & SP_LOCAL) && (mask & SP_GLOBAL) ? ", " : "",
           (mask & SP_GLOBAL) ? "#gpu.address_space<global>" : "");
  MlirOperationState st = mlirOperationStateGet(sref("gpu.barrier"), loc);
  MlirNamedAttribute a = mlirNamedAttributeGet(mlirIdentifierGet(c->ctx, sref("rise.fences")),
                                               mlirAttributeParseGet(c->ctx, sref(text)));
  mlirOperationStateAddAttributes(&st, 1, &a);
  mlirBlockInsertOwnedOperationBefore(blk, before, mlirOperationCreate(&st));
  c->inserted++;
}

static const char *spaceWords(int mask) {
  return mask == SP_LOCAL ? "workgroup" : mask == SP_GLOBAL ? "global" : "workgroup and global";
}

static void divergentError(Ctx *c, MlirOperation at, int mask, const char *what) {
  char msg[400];
  snprintf(msg, sizeof msg,
           "rise-insert-barriers: %s on %s memory needs a barrier here, but this code is under "
           "divergent control flow (it depends on the thread id), where a barrier would not be "
           "reached by every work-item; make the enclosing loop uniform",
           what, spaceWords(mask));
  mlirEmitError(mlirOperationGetLocation(at), msg);
  c->failed = true;
}

/*--- summaries -------------------------------------------------------------*/

static void seqBlock(Ctx *c, MlirBlock blk, bool div, Sum *out);

/* Trip count of a loop with constant bounds, or -1. */
static int64_t tripCount(MlirOperation loop) {
  int64_t lb, ub, step;
  if (is(loop, "scf.for")) {
    if (!lbIsConstIndex(mlirOperationGetOperand(loop, 0), &lb) ||
        !lbIsConstIndex(mlirOperationGetOperand(loop, 1), &ub) ||
        !lbIsConstIndex(mlirOperationGetOperand(loop, 2), &step))
      return -1;
  } else {
    MlirAttribute l = mlirOperationGetAttributeByName(loop, sref("lowerBoundMap"));
    MlirAttribute u = mlirOperationGetAttributeByName(loop, sref("upperBoundMap"));
    MlirAttribute s = mlirOperationGetAttributeByName(loop, sref("step"));
    if (mlirAttributeIsNull(l) || mlirAttributeIsNull(u) || mlirAttributeIsNull(s) ||
        !mlirAttributeIsAAffineMap(l) || !mlirAttributeIsAAffineMap(u) ||
        !mlirAffineMapIsSingleConstant(mlirAffineMapAttrGetValue(l)) ||
        !mlirAffineMapIsSingleConstant(mlirAffineMapAttrGetValue(u)))
      return -1;
    lb = mlirAffineMapGetSingleConstantResult(mlirAffineMapAttrGetValue(l));
    ub = mlirAffineMapGetSingleConstantResult(mlirAffineMapAttrGetValue(u));
    step = mlirIntegerAttrGetValueInt(s);
  }
  if (step <= 0)
    return -1;
  return ub <= lb ? 0 : (ub - lb + step - 1) / step;
}

static void summarizeLoop(Ctx *c, MlirOperation op, bool div, Sum *out) {
  bool ldiv = div || anyOperandDiv(c, op, 0, boundOperands(op));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  Sum b;
  seqBlock(c, body, ldiv, &b);
  int64_t trips = tripCount(op);
  if (trips != 0 && trips != 1) {
    int mask = conflicts(&b.pend, &b.exp);
    if (mask) {
      MlirOperation term = mlirBlockGetTerminator(body);
      if (ldiv)
        divergentError(c, op, mask, "a dependency carried around this loop");
      else
        insertBarrier(c, body, term, mlirOperationGetLocation(term), mask);
      b.pend = (Set){0};
      b.kill = true;
    }
  }
  out->exp = b.exp;
  out->pend = b.pend;
  out->kill = b.kill && trips >= 1;
}

static void summarize(Ctx *c, MlirOperation op, bool div, Sum *out) {
  memset(out, 0, sizeof *out);
  intptr_t nops = mlirOperationGetNumOperands(op);
  if (isAny(op, kViews) || isAny(op, kNoAccess))
    return;
  if (isAny(op, kLoads) || isAny(op, kStores)) {
    int rw = isAny(op, kLoads) ? ACC_READ : ACC_WRITE;
    for (intptr_t i = 0; i < nops; ++i)
      access(c, &out->exp, mlirOperationGetOperand(op, i), rw);
    out->pend = out->exp;
    return;
  }
  if (is(op, "memref.copy") && nops == 2) {
    access(c, &out->exp, mlirOperationGetOperand(op, 0), ACC_READ);
    access(c, &out->exp, mlirOperationGetOperand(op, 1), ACC_WRITE);
    out->pend = out->exp;
    return;
  }
  if (is(op, "scf.for") || is(op, "affine.for")) {
    summarizeLoop(c, op, div, out);
    return;
  }
  if (is(op, "scf.if")) {
    bool idiv = div || vhas(&c->div, mlirOperationGetOperand(op, 0));
    bool kill = true;
    for (intptr_t r = 0; r < 2 && r < mlirOperationGetNumRegions(op); ++r) {
      MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
      Sum s;
      if (mlirBlockIsNull(b)) {
        kill = false;
        continue;
      }
      seqBlock(c, b, idiv, &s);
      setUnion(c, &out->exp, &s.exp);
      setUnion(c, &out->pend, &s.pend);
      kill = kill && s.kill;
    }
    out->kill = kill;
    return;
  }
  /* Anything else: every memref operand may be read and written, and
   * regions (scf.while, scf.parallel, affine.if, ...) are divergent. */
  for (intptr_t i = 0; i < nops; ++i)
    access(c, &out->exp, mlirOperationGetOperand(op, i), ACC_READ | ACC_WRITE);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      Sum s;
      seqBlock(c, b, true, &s);
      setUnion(c, &out->exp, &s.exp);
      setUnion(c, &out->exp, &s.pend);
    }
  out->pend = out->exp;
}

static void seqBlock(Ctx *c, MlirBlock blk, bool div, Sum *out) {
  Set exp = {0}, cur = {0};
  bool kill = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (is(op, "gpu.barrier")) {
      kill = true;
      cur = (Set){0};
      continue;
    }
    Sum o;
    summarize(c, op, div, &o);
    int mask = conflicts(&cur, &o.exp);
    if (mask) {
      if (div) {
        divergentError(c, op, mask, "a dependency across this sequence");
      } else {
        insertBarrier(c, blk, op, mlirOperationGetLocation(op), mask);
        kill = true;
      }
      cur = (Set){0};
    }
    if (!kill)
      setUnion(c, &exp, &o.exp);
    if (o.kill) {
      kill = true;
      cur = o.pend;
    } else {
      setUnion(c, &cur, &o.pend);
    }
  }
  out->exp = exp;
  out->pend = cur;
  out->kill = kill;
}

/*--- the pass ------------------------------------------------------------*/

typedef struct Kernels {
  MlirOperation *ops;
  size_t n, cap;
  AriArena *arena;
  bool oom;
} Kernels;

static MlirWalkResult collect(MlirOperation op, void *user) {
  Kernels *k = user;
  bool kernel = is(op, "gpu.launch") ||
                (is(op, "gpu.func") &&
                 !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, sref("gpu.kernel"))));
  if (!kernel)
    return MlirWalkResultAdvance;
  if (k->n == k->cap) {
    size_t cap = k->cap ? 2 * k->cap : 16;
    MlirOperation *ops = ariArenaAlloc(k->arena, cap * sizeof *ops);
    if (!ops) {
      k->oom = true;
      return MlirWalkResultInterrupt;
    }
    if (k->n)
      memcpy(ops, k->ops, k->n * sizeof *ops);
    k->ops = ops;
    k->cap = cap;
  }
  k->ops[k->n++] = op;
  return MlirWalkResultSkip; /* launches do not nest */
}

static MlirLogicalResult insertBarriersRun(MlirOperation module, const void *opts) {
  (void)opts;
  AriArena arena;
  ariArenaInit(&arena, 0);
  Kernels ks = {NULL, 0, 0, &arena, false};
  mlirOperationWalk(module, collect, &ks, MlirWalkPreOrder);
  MlirContext ctx = mlirOperationGetContext(module);
  bool ok = !ks.oom;
  for (size_t i = 0; ok && i < ks.n; ++i) {
    Ctx c;
    memset(&c, 0, sizeof c);
    c.arena = &arena;
    c.ctx = ctx;
    c.wgSpace = mlirAttributeParseGet(ctx, sref("#gpu.address_space<workgroup>"));
    c.privSpace = mlirAttributeParseGet(ctx, sref("#gpu.address_space<private>"));
    c.globalSpace = mlirAttributeParseGet(ctx, sref("#gpu.address_space<global>"));
    markDivOp(&c, ks.ops[i]);
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(ks.ops[i], 0));
    if (mlirBlockIsNull(body))
      continue;
    Sum s;
    seqBlock(&c, body, false, &s);
    if (c.oom)
      mlirEmitError(mlirOperationGetLocation(ks.ops[i]), "rise-insert-barriers: out of memory");
    ok = !c.failed && !c.oom;
  }
  if (ks.oom)
    mlirEmitError(mlirOperationGetLocation(module), "rise-insert-barriers: out of memory");
  ariArenaDestroy(&arena);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static void insertBarriersDefaults(void *opts) { (void)opts; }

static MlirDialectHandle (*const kInsertBarriersDeps[])(void) = {mlirGetDialectHandle__gpu__};

const AriPassInfo ariInsertBarriersPass = {
    .argument = "rise-insert-barriers",
    .description = "Insert gpu.barrier where work-items of a work-group share data through workgroup or global "
        "memory (the RISE thesis's optimistic barrier insertion)",
    .options = NULL,
    .numOptions = 0,
    .optionsSize = 1,
    .setDefaults = insertBarriersDefaults,
    .run = insertBarriersRun,
    .dependentDialects = kInsertBarriersDeps,
    .numDependentDialects = sizeof kInsertBarriersDeps / sizeof kInsertBarriersDeps[0],
};
