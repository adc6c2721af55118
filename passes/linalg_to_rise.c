/*===- linalg_to_rise.c - import linalg programs into rise ----------------===*\
 *
 * See linalg_to_rise.h for what is imported and how. The pass works per
 * function in two phases: a check of every op (which diagnoses all that
 * cannot be imported before anything changes), then the rewrite.
 *
\*===----------------------------------------------------------------------===*/

#include "passes/linalg_to_rise.h"
#include "passes/pass_util.h"
#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"
#include "utils/arena.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Pass.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define PASS "convert-linalg-to-rise"

typedef struct {
  bool allowPartial;
} L2ROptions;

static void l2rDefaults(void *o) { ((L2ROptions *)o)->allowPartial = false; }

/* Static bounds: a generic with more loops or operands, or a body with
 * more ops, is diagnosed (no import needs more; the bounds keep every
 * table on the stack). */
enum { MAXD = 12, MAXOPS = 12, MAXBODY = 256, MAXMAP = 1024 };

/*--- small helpers --------------------------------------------------------*/

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool isOp(MlirOperation op, const char *name) { return riseOpIs(op, name); }

static void opName(MlirOperation op, char *buf, size_t cap) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t k = n.length < cap - 1 ? n.length : cap - 1;
  memcpy(buf, n.data, k);
  buf[k] = 0;
}

/* Scalars rise values may hold. */
static bool isScalar(MlirType t) {
  return mlirTypeIsAF32(t) || mlirTypeIsAF64(t) || mlirTypeIsAIndex(t) ||
         (mlirTypeIsAInteger(t) && (mlirIntegerTypeGetWidth(t) == 1 ||
                                    mlirIntegerTypeGetWidth(t) == 32 ||
                                    mlirIntegerTypeGetWidth(t) == 64));
}

/* The rise array of `shape` (outer first) over `elt`; rank 0 is elt. */
static MlirType arrayOf(MlirType elt, intptr_t rank, const int64_t *shape) {
  MlirType t = elt;
  for (intptr_t i = rank; i-- > 0;)
    t = mlirRiseArrayTypeGet(t, shape[i]);
  return t;
}

static MlirType shapedToRise(MlirType t) {
  intptr_t r = mlirShapedTypeGetRank(t);
  int64_t shape[MAXD];
  for (intptr_t i = 0; i < r && i < MAXD; ++i)
    shape[i] = mlirShapedTypeGetDimSize(t, i);
  return arrayOf(mlirShapedTypeGetElementType(t), r, shape);
}

static MlirType elt(MlirType t) { return mlirRiseArrayTypeGetElementType(t); }
static int64_t len(MlirType t) { return mlirRiseArrayTypeGetSize(t); }

/* Where new ops go: appended to `block`, or before `before` in it. */
typedef struct {
  MlirBlock block;
  MlirOperation before;
} Builder;

typedef struct {
  MlirContext ctx;
  MlirLocation loc;
} Cx;

static MlirOperation emit(const Cx *c, Builder *b, const char *name, intptr_t nin,
                          const MlirValue *ins, MlirType result, intptr_t nattr,
                          const MlirNamedAttribute *attrs, MlirRegion *region) {
  MlirOperationState st = mlirOperationStateGet(str(name), c->loc);
  if (nin)
    mlirOperationStateAddOperands(&st, nin, ins);
  if (!mlirTypeIsNull(result))
    mlirOperationStateAddResults(&st, 1, &result);
  if (nattr)
    mlirOperationStateAddAttributes(&st, nattr, attrs);
  if (region)
    mlirOperationStateAddOwnedRegions(&st, 1, region);
  MlirOperation op = mlirOperationCreate(&st);
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
  return op;
}

static MlirValue emit1(const Cx *c, Builder *b, const char *name, intptr_t nin,
                       const MlirValue *ins, MlirType result) {
  return mlirOperationGetResult(emit(c, b, name, nin, ins, result, 0, NULL, NULL), 0);
}

static MlirNamedAttribute namedI64(const Cx *c, const char *name, int64_t v) {
  return mlirNamedAttributeGet(mlirIdentifierGet(c->ctx, str(name)),
                               mlirIntegerAttrGet(mlirIntegerTypeGet(c->ctx, 64), v));
}

static MlirNamedAttribute namedKind(const Cx *c, MlirRisePatternKind k) {
  return mlirNamedAttributeGet(mlirIdentifierGet(c->ctx, str("kind")),
                               mlirRisePatternKindAttrGet(c->ctx, k));
}

/* A one-block region with the given arguments; *blk receives the block. */
static MlirRegion newRegion(const Cx *c, intptr_t n, const MlirType *types, MlirBlock *blk) {
  MlirLocation locs[2] = {c->loc, c->loc};
  *blk = mlirBlockCreate(n, types, locs);
  MlirRegion r = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(r, *blk);
  return r;
}

static void yield(const Cx *c, MlirBlock blk, MlirValue v) {
  Builder b = {blk, {NULL}};
  emit(c, &b, "rise.yield", 1, &v, (MlirType){NULL}, 0, NULL, NULL);
}

static MlirValue indexConst(const Cx *c, Builder *b, int64_t v) {
  MlirType it = mlirIndexTypeGet(c->ctx);
  MlirNamedAttribute a = mlirNamedAttributeGet(mlirIdentifierGet(c->ctx, str("value")),
                                               mlirIntegerAttrGet(it, v));
  return mlirOperationGetResult(emit(c, b, "arith.constant", 0, NULL, it, 1, &a, NULL), 0);
}

/* n.m.t -> m.n.t at nesting depth `depth` (0: the value itself). */
static MlirValue transposeAt(const Cx *c, Builder *b, MlirValue v, int depth) {
  MlirType t = mlirValueGetType(v);
  if (depth == 0) {
    MlirType inner = elt(t);
    MlirType rt = mlirRiseArrayTypeGet(mlirRiseArrayTypeGet(elt(inner), len(t)), len(inner));
    return emit1(c, b, "rise.transpose", 1, &v, rt);
  }
  MlirType et = elt(t);
  MlirBlock blk;
  MlirRegion r = newRegion(c, 1, &et, &blk);
  Builder ib = {blk, {NULL}};
  MlirValue x = transposeAt(c, &ib, mlirBlockGetArgument(blk, 0), depth - 1);
  yield(c, blk, x);
  return mlirOperationGetResult(emit(c, b, "rise.map", 1, &v,
                                     mlirRiseArrayTypeGet(mlirValueGetType(x), len(t)), 0,
                                     NULL, &r),
                                0);
}

/* Applies `f` to the arrays at nesting depth `depth` of v (a map nest). */
typedef MlirValue (*LevelFn)(const Cx *c, Builder *b, MlirValue v, const int64_t *args);

static MlirValue atDepth(const Cx *c, Builder *b, MlirValue v, int depth, LevelFn f,
                         const int64_t *args) {
  if (depth == 0)
    return f(c, b, v, args);
  MlirType t = mlirValueGetType(v), et = elt(t);
  MlirBlock blk;
  MlirRegion r = newRegion(c, 1, &et, &blk);
  Builder ib = {blk, {NULL}};
  MlirValue x = atDepth(c, &ib, mlirBlockGetArgument(blk, 0), depth - 1, f, args);
  yield(c, blk, x);
  return mlirOperationGetResult(emit(c, b, "rise.map", 1, &v,
                                     mlirRiseArrayTypeGet(mlirValueGetType(x), len(t)), 0,
                                     NULL, &r),
                                0);
}

/* v[args[0]]: a constant index in an indexing map. */
static MlirValue levelIdx(const Cx *c, Builder *b, MlirValue v, const int64_t *args) {
  MlirValue ops[2] = {v, indexConst(c, b, args[0])};
  return emit1(c, b, "rise.idx", 2, ops, elt(mlirValueGetType(v)));
}

/* generate(args[0]) { i -> v[i * args[1] + args[2]] }: trimming (step 1)
 * and dilation (step d) of a window axis. */
static MlirValue levelGather(const Cx *c, Builder *b, MlirValue v, const int64_t *args) {
  MlirType it = mlirIndexTypeGet(c->ctx);
  MlirBlock blk;
  MlirRegion r = newRegion(c, 1, &it, &blk);
  Builder ib = {blk, {NULL}};
  MlirValue i = mlirBlockGetArgument(blk, 0);
  if (args[1] != 1) {
    MlirValue m[2] = {i, indexConst(c, &ib, args[1])};
    i = emit1(c, &ib, "arith.muli", 2, m, it);
  }
  if (args[2] != 0) {
    MlirValue a[2] = {i, indexConst(c, &ib, args[2])};
    i = emit1(c, &ib, "arith.addi", 2, a, it);
  }
  MlirValue ops[2] = {v, i};
  yield(c, blk, emit1(c, &ib, "rise.idx", 2, ops, elt(mlirValueGetType(v))));
  return mlirOperationGetResult(emit(c, b, "rise.generate", 0, NULL,
                                     mlirRiseArrayTypeGet(elt(mlirValueGetType(v)), args[0]),
                                     0, NULL, &r),
                                0);
}

/* slide args[0], args[1]. */
static MlirValue levelSlide(const Cx *c, Builder *b, MlirValue v, const int64_t *args) {
  MlirType t = mlirValueGetType(v);
  int64_t n = (len(t) - args[0]) / args[1] + 1;
  MlirNamedAttribute a[2] = {namedI64(c, "size", args[0]), namedI64(c, "step", args[1])};
  MlirType rt = mlirRiseArrayTypeGet(mlirRiseArrayTypeGet(elt(t), args[0]), n);
  return mlirOperationGetResult(emit(c, b, "rise.slide", 1, &v, rt, 2, a, NULL), 0);
}

/*--- analysis of a linalg.generic -----------------------------------------*/

/* One axis of an operand: a loop, or a window of two loops (`s*par +
 * d*red`), or a constant index. */
typedef enum { AX_DIM, AX_WINDOW, AX_CONST } AxisKind;
typedef struct {
  AxisKind kind;
  int dim, dim2;         /* AX_DIM: dim; AX_WINDOW: par dim, red dim */
  int64_t coef, coef2;   /* AX_WINDOW: stride, dilation */
  int64_t value;         /* AX_CONST */
} Axis;

typedef struct {
  MlirValue value;       /* the operand */
  bool scalar;           /* a scalar operand (not shaped) */
  int rank;
  int64_t shape[MAXD];
  Axis axes[MAXD];
  bool used;             /* its block argument is read by the body */
} Operand;

typedef struct {
  MlirOperation op;
  int nloops, nins, nops; /* nops = nins + 1 (one output) */
  bool red[MAXD];
  int64_t range[MAXD];
  int order[MAXD];       /* parallel loops in output order, then reductions */
  int npar;
  Operand opd[MAXOPS];
  MlirBlock body;
  bool fill;             /* every element is the scalar input (linalg.fill) */
  MlirOperation combine; /* the split reduction's OP, or null */
  int combineAccPos;     /* which operand of `combine` is the accumulator */
} Generic;

static const char *const kBodyOps[] = {
    "arith.addf",      "arith.addi",       "arith.andi",       "arith.bitcast",
    "arith.ceildivsi", "arith.ceildivui",  "arith.cmpf",       "arith.cmpi",
    "arith.constant",  "arith.divf",       "arith.divsi",      "arith.divui",
    "arith.extf",      "arith.extsi",      "arith.extui",      "arith.floordivsi",
    "arith.fptosi",    "arith.fptoui",     "arith.index_cast", "arith.index_castui",
    "arith.maximumf",  "arith.maxnumf",    "arith.maxsi",      "arith.maxui",
    "arith.minimumf",  "arith.minnumf",    "arith.minsi",      "arith.minui",
    "arith.mulf",      "arith.muli",       "arith.negf",       "arith.ori",
    "arith.remf",      "arith.remsi",      "arith.remui",      "arith.select",
    "arith.shli",      "arith.shrsi",      "arith.shrui",      "arith.sitofp",
    "arith.subf",      "arith.subi",       "arith.truncf",     "arith.trunci",
    "arith.uitofp",    "arith.xori",       "math.absf",        "math.absi",
    "math.atan",       "math.cbrt",        "math.ceil",        "math.copysign",
    "math.cos",        "math.erf",         "math.exp",         "math.floor",
    "math.fma",        "math.log",         "math.powf",        "math.round",
    "math.roundeven",  "math.rsqrt",       "math.sin",         "math.sqrt",
    "math.tan",        "math.tanh",        "math.trunc",
};

/* Associative and commutative combiners: a reduction over them may be
 * written as a high-level reduce, which the rewrite rules may reorder. */
static const char *const kCombiners[] = {
    "arith.addf",    "arith.mulf",   "arith.maximumf", "arith.minimumf", "arith.maxnumf",
    "arith.minnumf", "arith.addi",   "arith.muli",     "arith.maxsi",    "arith.minsi",
    "arith.maxui",   "arith.minui",  "arith.andi",     "arith.ori",      "arith.xori",
};

static bool inList(MlirOperation op, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (isOp(op, list[i]))
      return true;
  return false;
}

/* Diagnoses at `op` (an error), or, with allow-partial, records the reason
 * as the op's `rise.unimported` attribute. Returns failure either way. */
/* The named linalg ops before generalisation, by location, so that a
 * diagnostic names the op the user wrote ("linalg.conv_2d_nhwc_hwcf"),
 * not the linalg.generic it became. */
typedef struct {
  MlirLocation loc;
  char name[64];
} NamedOp;

typedef struct {
  const L2ROptions *opt;
  MlirContext ctx;
  const NamedOp *named;
  size_t nnamed;
} Diag;

static MlirLogicalResult reject(const Diag *d, MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static MlirLogicalResult reject(const Diag *d, MlirOperation op, const char *fmt, ...) {
  char why[768], name[96];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  opName(op, name, sizeof name);
  if (isOp(op, "linalg.generic"))
    for (size_t i = 0; i < d->nnamed; ++i)
      if (mlirLocationEqual(d->named[i].loc, mlirOperationGetLocation(op))) {
        snprintf(name, sizeof name, "%s", d->named[i].name);
        break;
      }
  if (d->opt->allowPartial) {
    mlirOperationSetAttributeByName(op, str("rise.unimported"),
                                    mlirStringAttrGet(d->ctx, str(why)));
    return mlirLogicalResultFailure();
  }
  return ariPassEmit(mlirOperationGetLocation(op), PASS, "cannot import '%s': %s", name, why);
}

/* Parses one result of an indexing map into an axis. */
static bool parseAxis(MlirAffineExpr e, const bool *red, Axis *ax) {
  if (mlirAffineExprIsADim(e)) {
    ax->kind = AX_DIM;
    ax->dim = (int)mlirAffineDimExprGetPosition(e);
    return true;
  }
  if (mlirAffineExprIsAConstant(e)) {
    ax->kind = AX_CONST;
    ax->value = mlirAffineConstantExprGetValue(e);
    return ax->value >= 0;
  }
  if (!mlirAffineExprIsAAdd(e))
    return false;
  /* s*p + d*r in either order, each term `dim` or `dim * cst`. */
  MlirAffineExpr t[2] = {mlirAffineBinaryOpExprGetLHS(e), mlirAffineBinaryOpExprGetRHS(e)};
  int dims[2];
  int64_t coef[2];
  for (int i = 0; i < 2; ++i) {
    MlirAffineExpr x = t[i];
    coef[i] = 1;
    if (mlirAffineExprIsAMul(x)) {
      MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(x), r = mlirAffineBinaryOpExprGetRHS(x);
      if (mlirAffineExprIsAConstant(l)) {
        MlirAffineExpr s = l;
        l = r;
        r = s;
      }
      if (!mlirAffineExprIsAConstant(r))
        return false;
      coef[i] = mlirAffineConstantExprGetValue(r);
      x = l;
    }
    if (!mlirAffineExprIsADim(x) || coef[i] < 1)
      return false;
    dims[i] = (int)mlirAffineDimExprGetPosition(x);
  }
  if (red[dims[0]] == red[dims[1]])
    return false;
  int p = red[dims[0]] ? 1 : 0;
  ax->kind = AX_WINDOW;
  ax->dim = dims[p];
  ax->coef = coef[p];
  ax->dim2 = dims[1 - p];
  ax->coef2 = coef[1 - p];
  return true;
}

/* Does `v` depend on block argument `acc` (through body ops)? */
static bool dependsOn(MlirValue v, MlirValue acc, int fuel) {
  if (mlirValueEqual(v, acc))
    return true;
  if (!mlirValueIsAOpResult(v) || fuel <= 0)
    return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); ++i)
    if (dependsOn(mlirOperationGetOperand(d, i), acc, fuel - 1))
      return true;
  return false;
}

typedef struct {
  char *b;
  size_t n, cap;
} PrintBuf;

static void printCb(MlirStringRef r, void *u) {
  PrintBuf *p = u;
  size_t k = r.length < p->cap - p->n ? r.length : p->cap - p->n;
  memcpy(p->b + p->n, r.data, k);
  p->n += k;
  p->b[p->n] = 0;
}

static void printAttr(MlirAttribute a, char *buf, size_t cap) {
  PrintBuf p = {buf, 0, cap - 1};
  buf[0] = 0;
  mlirAttributePrint(a, printCb, &p);
}

/* Checks that a shaped type can be a rise array at the boundary (static,
 * scalar elements, identity layout for memrefs); the reason otherwise. */
static const char *shapedProblem(MlirType t) {
  if (!mlirShapedTypeHasRank(t) || !mlirShapedTypeHasStaticShape(t))
    return "dynamic shapes are not imported (rise array sizes are static)";
  if (mlirShapedTypeGetRank(t) > MAXD)
    return "the rank is above the importer's bound";
  if (!isScalar(mlirShapedTypeGetElementType(t)))
    return "the element type is not a rise scalar (f32, f64, i1, i32, i64, index)";
  if (mlirTypeIsAMemRef(t) && !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t)))
    return "the memref has a non-identity layout (rise.in reads identity layouts)";
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
    if (mlirShapedTypeGetDimSize(t, i) < 1)
      return "a dimension of size 0 (rise arrays are not empty)";
  return NULL;
}

static MlirLogicalResult analyze(const Diag *d, MlirOperation op, Generic *g) {
  memset(g, 0, sizeof *g);
  g->op = op;
  MlirAttribute its = mlirOperationGetAttributeByName(op, str("iterator_types"));
  MlirAttribute maps = mlirOperationGetAttributeByName(op, str("indexing_maps"));
  MlirAttribute seg = mlirOperationGetAttributeByName(op, str("operandSegmentSizes"));
  if (mlirAttributeIsNull(its) || mlirAttributeIsNull(maps) || mlirAttributeIsNull(seg))
    return reject(d, op, "it has no iterator_types, indexing_maps or operandSegmentSizes");
  g->nloops = (int)mlirArrayAttrGetNumElements(its);
  if (g->nloops > MAXD)
    return reject(d, op, "%d loops (at most %d are imported)", g->nloops, MAXD);
  for (int i = 0; i < g->nloops; ++i) {
    char buf[96];
    /* The iterator kind has no C API; its printed form names it. */
    printAttr(mlirArrayAttrGetElement(its, i), buf, sizeof buf);
    g->red[i] = strstr(buf, "reduction") != NULL;
    if (!g->red[i] && !strstr(buf, "parallel"))
      return reject(d, op, "loop d%d has iterator %s (parallel and reduction are imported)", i,
                    buf);
  }
  g->nins = mlirDenseI32ArrayGetElement(seg, 0);
  int nouts = mlirDenseI32ArrayGetElement(seg, 1);
  if (nouts != 1)
    return reject(d, op, "it has %d outputs (one is imported)", nouts);
  g->nops = g->nins + 1;
  if (g->nops > MAXOPS)
    return reject(d, op, "%d operands (at most %d are imported)", g->nops, MAXOPS);
  g->body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (int i = 0; i < g->nops; ++i) {
    Operand *o = &g->opd[i];
    o->value = mlirOperationGetOperand(op, i);
    MlirType t = mlirValueGetType(o->value);
    o->used = !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirBlockGetArgument(g->body, i)));
    MlirAffineMap m = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
    if (mlirTypeIsAShaped(t)) {
      const char *why = shapedProblem(t);
      if (why)
        return reject(d, op, "operand #%d: %s", i, why);
      o->rank = (int)mlirShapedTypeGetRank(t);
      for (int r = 0; r < o->rank; ++r)
        o->shape[r] = mlirShapedTypeGetDimSize(t, r);
    } else {
      if (!isScalar(t))
        return reject(d, op, "operand #%d is neither shaped nor a rise scalar", i);
      if (i == g->nins)
        return reject(d, op, "the output is a scalar");
      o->scalar = true;
    }
    if (mlirAffineMapGetNumResults(m) != o->rank)
      return reject(d, op, "indexing map #%d has %d results for rank %d", i,
                    (int)mlirAffineMapGetNumResults(m), o->rank);
    bool seen[MAXD] = {false};
    for (int r = 0; r < o->rank; ++r) {
      Axis *ax = &o->axes[r];
      if (!parseAxis(mlirAffineMapGetResult(m, r), g->red, ax)) {
        char buf[256];
        printAttr(mlirArrayAttrGetElement(maps, i), buf, sizeof buf);
        return reject(d, op,
                      "indexing map #%d (%s) is not a projected permutation: result %d is "
                      "neither a loop, a constant, nor a window 's*p + d*r' of a parallel "
                      "and a reduction loop",
                      i, buf, r);
      }
      int ds[2] = {ax->dim, ax->kind == AX_WINDOW ? ax->dim2 : -1};
      for (int k = 0; k < 2 && ax->kind != AX_CONST; ++k) {
        if (ds[k] < 0)
          continue;
        if (seen[ds[k]])
          return reject(d, op,
                        "indexing map #%d uses loop d%d twice (a diagonal is not a projected "
                        "permutation)",
                        i, ds[k]);
        seen[ds[k]] = true;
      }
      if (ax->kind == AX_DIM) {
        if (g->range[ax->dim] && g->range[ax->dim] != o->shape[r])
          return reject(d, op, "loop d%d has sizes %lld and %lld", ax->dim,
                        (long long)g->range[ax->dim], (long long)o->shape[r]);
        g->range[ax->dim] = o->shape[r];
      } else if (ax->kind == AX_CONST && ax->value >= o->shape[r]) {
        return reject(d, op, "indexing map #%d reads index %lld of a dimension of %lld", i,
                      (long long)ax->value, (long long)o->shape[r]);
      }
    }
  }
  /* The output: a permutation of the parallel loops, which fixes their
   * nesting order. */
  Operand *out = &g->opd[g->nins];
  bool inOut[MAXD] = {false};
  for (int r = 0; r < out->rank; ++r) {
    if (out->axes[r].kind != AX_DIM || g->red[out->axes[r].dim])
      return reject(d, op, "the output's indexing map is not a permutation of the parallel loops");
    g->order[g->npar++] = out->axes[r].dim;
    inOut[out->axes[r].dim] = true;
  }
  int k = g->npar;
  for (int i = 0; i < g->nloops; ++i) {
    if (!g->red[i] && !inOut[i])
      return reject(d, op, "parallel loop d%d does not index the output", i);
    if (g->red[i])
      g->order[k++] = i;
    if (g->range[i] < 1)
      return reject(d, op, "the size of loop d%d is given by no operand", i);
  }
  /* Windows must fit their operand. */
  for (int i = 0; i < g->nins; ++i)
    for (int r = 0; r < g->opd[i].rank; ++r) {
      Axis *ax = &g->opd[i].axes[r];
      if (ax->kind != AX_WINDOW)
        continue;
      int64_t need = ax->coef * (g->range[ax->dim] - 1) + ax->coef2 * (g->range[ax->dim2] - 1) + 1;
      if (need > g->opd[i].shape[r])
        return reject(d, op, "operand #%d: the window reads %lld elements of a dimension of %lld",
                      i, (long long)need, (long long)g->opd[i].shape[r]);
    }
  /* The body. */
  int nbody = 0;
  for (MlirOperation b = mlirBlockGetFirstOperation(g->body); !mlirOperationIsNull(b);
       b = mlirOperationGetNextInBlock(b)) {
    if (++nbody > MAXBODY)
      return reject(d, op, "the body has more than %d ops", MAXBODY);
    if (isOp(b, "linalg.yield"))
      continue;
    if (isOp(b, "linalg.index"))
      return reject(d, op, "the body reads loop indices (linalg.index), which rise patterns "
                           "do not expose");
    char name[96];
    opName(b, name, sizeof name);
    if (!inList(b, kBodyOps, sizeof kBodyOps / sizeof kBodyOps[0]))
      return reject(d, op, "the body op '%s' has no rise meaning (arith and math ops the "
                           "interpreter defines are imported)",
                    name);
    for (intptr_t r = 0; r < mlirOperationGetNumResults(b); ++r)
      if (!isScalar(mlirValueGetType(mlirOperationGetResult(b, r))))
        return reject(d, op, "the body op '%s' yields a non-scalar", name);
  }
  bool anyRed = g->npar < g->nloops;
  if (out->used) {
    MlirValue ov = out->value;
    if (mlirValueIsAOpResult(ov) && isOp(mlirOpResultGetOwner(ov), "tensor.empty"))
      return reject(d, op, "the body reads the output, whose tensor.empty contents are "
                           "undefined");
  } else if (anyRed) {
    return reject(d, op, "a reduction whose body ignores the accumulator");
  }
  {
    MlirValue y = mlirOperationGetOperand(mlirBlockGetTerminator(g->body), 0);
    g->fill = g->nins == 1 && g->opd[0].scalar && !anyRed &&
              mlirValueEqual(y, mlirBlockGetArgument(g->body, 0));
  }
  /* acc OP f(ins) with an associative, commutative OP: split. */
  if (anyRed) {
    MlirOperation y = mlirBlockGetTerminator(g->body);
    MlirValue acc = mlirBlockGetArgument(g->body, g->nins), v = mlirOperationGetOperand(y, 0);
    if (mlirValueIsAOpResult(v)) {
      MlirOperation c = mlirOpResultGetOwner(v);
      if (inList(c, kCombiners, sizeof kCombiners / sizeof kCombiners[0]) &&
          mlirOperationGetNumOperands(c) == 2 && mlirOperationGetNumResults(c) == 1 &&
          mlirOpOperandIsNull(mlirOpOperandGetNextUse(mlirValueGetFirstUse(v)))) {
        for (int p = 0; p < 2; ++p) {
          MlirValue a = mlirOperationGetOperand(c, p), other = mlirOperationGetOperand(c, 1 - p);
          MlirOpOperand u = mlirValueGetFirstUse(acc);
          bool accOnce = !mlirOpOperandIsNull(u) &&
                         mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)) &&
                         mlirOperationEqual(mlirOpOperandGetOwner(u), c);
          if (mlirValueEqual(a, acc) && accOnce && !dependsOn(other, acc, MAXBODY)) {
            g->combine = c;
            g->combineAccPos = p;
            break;
          }
        }
      }
    }
  }
  return mlirLogicalResultSuccess();
}

/*--- emission of a linalg.generic -----------------------------------------*/

typedef struct {
  MlirValue v;
  int n;
  int dims[2 * MAXD];
} View;

typedef struct {
  MlirValue from[MAXBODY + MAXOPS], to[MAXBODY + MAXOPS];
  int n;
} ValueMap;

static void vmPut(ValueMap *m, MlirValue from, MlirValue to) {
  m->from[m->n] = from;
  m->to[m->n++] = to;
}

static MlirValue vmGet(const ValueMap *m, MlirValue v) {
  for (int i = m->n; i-- > 0;)
    if (mlirValueEqual(m->from[i], v))
      return m->to[i];
  return v;
}

/* Clones the body into b: block arguments read `views` (inputs) and `acc`
 * (the output). With skipCombine, the combining op is left out and the
 * value it combines with the accumulator is returned. */
static MlirValue emitBody(const Cx *c, Builder *b, const Generic *g, const View *views,
                          MlirValue acc, bool skipCombine) {
  ValueMap m;
  m.n = 0;
  for (int i = 0; i < g->nops; ++i) {
    MlirValue arg = mlirBlockGetArgument(g->body, i);
    if (i == g->nins && !mlirValueIsNull(acc))
      vmPut(&m, arg, acc);
    else if (g->opd[i].used)
      vmPut(&m, arg, views[i].v);
  }
  for (MlirOperation o = mlirBlockGetFirstOperation(g->body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (isOp(o, "linalg.yield"))
      return vmGet(&m, mlirOperationGetOperand(o, 0));
    if (skipCombine && mlirOperationEqual(o, g->combine))
      return vmGet(&m, mlirOperationGetOperand(o, 1 - g->combineAccPos));
    MlirOperation k = mlirOperationClone(o);
    for (intptr_t j = 0; j < mlirOperationGetNumOperands(k); ++j)
      mlirOperationSetOperand(k, j, vmGet(&m, mlirOperationGetOperand(o, j)));
    if (mlirOperationIsNull(b->before))
      mlirBlockAppendOwnedOperation(b->block, k);
    else
      mlirBlockInsertOwnedOperationBefore(b->block, b->before, k);
    for (intptr_t j = 0; j < mlirOperationGetNumResults(o); ++j)
      vmPut(&m, mlirOperationGetResult(o, j), mlirOperationGetResult(k, j));
  }
  return acc; /* unreachable: a linalg body ends in linalg.yield */
}

static int findDim(const View *v, int d) {
  for (int i = 0; i < v->n; ++i)
    if (v->dims[i] == d)
      return i;
  return -1;
}

static MlirValue emitNest(const Cx *c, Builder *b, const Generic *g, const View *views,
                          int level, MlirValue acc);

/* The array iterated at one loop: the operands that vary along it, moved
 * to the front and zipped (left-nested pairs), or NULL when none does. */
static MlirValue gatherLevel(const Cx *c, Builder *b, const Generic *g, View *views, int d,
                             int *dep, int *ndep) {
  *ndep = 0;
  MlirValue z = {NULL};
  for (int i = 0; i < g->nops; ++i) {
    if (!g->opd[i].used)
      continue;
    int k = findDim(&views[i], d);
    if (k < 0)
      continue;
    for (int j = k - 1; j >= 0; --j) {
      views[i].v = transposeAt(c, b, views[i].v, j);
      int t = views[i].dims[j];
      views[i].dims[j] = views[i].dims[j + 1];
      views[i].dims[j + 1] = t;
    }
    dep[(*ndep)++] = i;
    if (mlirValueIsNull(z)) {
      z = views[i].v;
    } else {
      MlirValue ops[2] = {z, views[i].v};
      MlirType zt = mlirValueGetType(z), vt = mlirValueGetType(views[i].v);
      z = emit1(c, b, "rise.zip", 2, ops,
                mlirRiseArrayTypeGet(mlirRisePairTypeGet(c->ctx, elt(zt), elt(vt)), len(zt)));
    }
  }
  return z;
}

/* In a lambda over one element of gatherLevel's array: the views one
 * level in. */
static void enterLevel(const Cx *c, Builder *b, View *views, const int *dep, int ndep,
                       MlirValue x) {
  MlirValue cur = x;
  for (int m = ndep - 1; m >= 0; --m) {
    MlirValue item = cur;
    if (m > 0) {
      MlirType pt = mlirValueGetType(cur);
      item = emit1(c, b, "rise.snd", 1, &cur, mlirRisePairTypeGetSecond(pt));
      cur = emit1(c, b, "rise.fst", 1, &cur, mlirRisePairTypeGetFirst(pt));
    }
    View *v = &views[dep[m]];
    v->v = item;
    memmove(v->dims, v->dims + 1, sizeof(int) * (size_t)(v->n - 1));
    v->n--;
  }
}

/* generate(n) { i -> i }, the array a loop without operands iterates. */
static MlirValue indexArray(const Cx *c, Builder *b, int64_t n) {
  MlirType it = mlirIndexTypeGet(c->ctx);
  MlirBlock blk;
  MlirRegion r = newRegion(c, 1, &it, &blk);
  yield(c, blk, mlirBlockGetArgument(blk, 0));
  return mlirOperationGetResult(
      emit(c, b, "rise.generate", 0, NULL, mlirRiseArrayTypeGet(it, n), 0, NULL, &r), 0);
}

static MlirValue emitNest(const Cx *c, Builder *b, const Generic *g, const View *in,
                          int level, MlirValue acc) {
  if (level == g->nloops)
    return emitBody(c, b, g, in, acc, false);
  View views[MAXOPS];
  memcpy(views, in, sizeof views);
  int d = g->order[level], dep[MAXOPS], ndep;
  bool red = g->red[d];
  if (red && mlirValueIsNull(acc))
    acc = views[g->nins].v; /* the output's element: the fold's initial value */
  MlirValue z = gatherLevel(c, b, g, views, d, dep, &ndep);
  MlirType it = mlirIndexTypeGet(c->ctx);
  MlirType et = mlirValueIsNull(z) ? it : elt(mlirValueGetType(z));
  if (!red) {
    MlirBlock blk;
    MlirRegion r = newRegion(c, 1, &et, &blk);
    Builder ib = {blk, {NULL}};
    enterLevel(c, &ib, views, dep, ndep, mlirBlockGetArgument(blk, 0));
    MlirValue x = emitNest(c, &ib, g, views, level + 1, acc);
    yield(c, blk, x);
    MlirType rt = mlirRiseArrayTypeGet(mlirValueGetType(x), g->range[d]);
    if (mlirValueIsNull(z))
      return mlirOperationGetResult(emit(c, b, "rise.generate", 0, NULL, rt, 0, NULL, &r), 0);
    return mlirOperationGetResult(emit(c, b, "rise.map", 1, &z, rt, 0, NULL, &r), 0);
  }
  if (mlirValueIsNull(z))
    z = indexArray(c, b, g->range[d]);
  MlirType at = mlirValueGetType(acc);
  if (level == g->nloops - 1 && !mlirOperationIsNull(g->combine)) {
    /* reduce OP acc (map f zipped) */
    MlirBlock blk;
    MlirRegion r = newRegion(c, 1, &et, &blk);
    Builder ib = {blk, {NULL}};
    enterLevel(c, &ib, views, dep, ndep, mlirBlockGetArgument(blk, 0));
    MlirValue x = emitBody(c, &ib, g, views, (MlirValue){NULL}, true);
    yield(c, blk, x);
    MlirValue mapped = mlirOperationGetResult(
        emit(c, b, "rise.map", 1, &z, mlirRiseArrayTypeGet(mlirValueGetType(x), g->range[d]), 0,
             NULL, &r),
        0);
    MlirType two[2] = {at, at};
    MlirBlock rb;
    MlirRegion rr = newRegion(c, 2, two, &rb);
    MlirOperation k = mlirOperationClone(g->combine);
    mlirOperationSetOperand(k, g->combineAccPos, mlirBlockGetArgument(rb, 0));
    mlirOperationSetOperand(k, 1 - g->combineAccPos, mlirBlockGetArgument(rb, 1));
    mlirBlockAppendOwnedOperation(rb, k);
    yield(c, rb, mlirOperationGetResult(k, 0));
    MlirValue ops[2] = {acc, mapped};
    return mlirOperationGetResult(emit(c, b, "rise.reduce", 2, ops, at, 0, NULL, &rr), 0);
  }
  MlirType two[2] = {at, et};
  MlirBlock blk;
  MlirRegion r = newRegion(c, 2, two, &blk);
  Builder ib = {blk, {NULL}};
  enterLevel(c, &ib, views, dep, ndep, mlirBlockGetArgument(blk, 1));
  MlirValue x = emitNest(c, &ib, g, views, level + 1, mlirBlockGetArgument(blk, 0));
  yield(c, blk, x);
  MlirValue ops[2] = {acc, z};
  MlirNamedAttribute kind = namedKind(c, MlirRisePatternKindSeq);
  return mlirOperationGetResult(emit(c, b, "rise.reduce", 2, ops, at, 1, &kind, &r), 0);
}

/* The view of operand i given its rise value: constant indices taken,
 * windows made. */
static View makeView(const Cx *c, Builder *b, const Generic *g, int i, MlirValue v) {
  View w;
  memset(&w, 0, sizeof w);
  const Operand *o = &g->opd[i];
  if (o->rank > 0 && !mlirTypeIsARiseArray(mlirValueGetType(v))) {
    /* A filled tensor, given as its scalar: captured, like a broadcast. */
    w.v = v;
    return w;
  }
  for (int r = 0; r < o->rank; ++r) {
    const Axis *ax = &o->axes[r];
    int depth = w.n;
    if (ax->kind == AX_DIM) {
      w.dims[w.n++] = ax->dim;
    } else if (ax->kind == AX_CONST) {
      int64_t a[1] = {ax->value};
      v = atDepth(c, b, v, depth, levelIdx, a);
    } else {
      int64_t P = g->range[ax->dim], R = g->range[ax->dim2];
      int64_t span = ax->coef2 * (R - 1) + 1, need = ax->coef * (P - 1) + span;
      if (need < o->shape[r]) {
        int64_t a[3] = {need, 1, 0};
        v = atDepth(c, b, v, depth, levelGather, a);
      }
      int64_t s[2] = {span, ax->coef};
      v = atDepth(c, b, v, depth, levelSlide, s);
      if (ax->coef2 > 1) {
        int64_t a[3] = {R, ax->coef2, 0};
        v = atDepth(c, b, v, depth + 1, levelGather, a);
      }
      w.dims[w.n++] = ax->dim;
      w.dims[w.n++] = ax->dim2;
    }
  }
  /* Put the levels in the order the loops consume them, here, once:
   * transposes inside the nest would be redone for every iteration of the
   * loops around them. */
  int pos[MAXD];
  for (int k = 0; k < g->nloops; ++k)
    pos[g->order[k]] = k;
  for (int q = 0; q < w.n; ++q)
    for (int j = w.n - 1; j > q; --j)
      if (pos[w.dims[j - 1]] > pos[w.dims[j]]) {
        v = transposeAt(c, b, v, j - 1);
        int t = w.dims[j - 1];
        w.dims[j - 1] = w.dims[j];
        w.dims[j] = t;
      }
  w.v = v;
  return w;
}

/* Emits the rise value of generic g before its op; `vals[i]` is the rise
 * value of operand i (ignored for operands the body does not read). */
static MlirValue emitGeneric(const Cx *c, const Generic *g, const MlirValue *vals) {
  Builder b = {mlirOperationGetBlock(g->op), g->op};
  View views[MAXOPS];
  memset(views, 0, sizeof views);
  for (int i = 0; i < g->nops; ++i)
    if (g->opd[i].used)
      views[i] = makeView(c, &b, g, i, vals[i]);
  return emitNest(c, &b, g, views, 0, (MlirValue){NULL});
}

/*--- functions ------------------------------------------------------------*/

typedef struct {
  MlirValue from, to;
} Pair;

typedef struct {
  Pair *p;
  size_t n, cap;
  AriArena *arena;
} RiseMap;

static bool rmPut(RiseMap *m, MlirValue from, MlirValue to) {
  if (m->n == m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 64;
    Pair *p = ariArenaAlloc(m->arena, cap * sizeof *p);
    if (!p)
      return false;
    if (m->n)
      memcpy(p, m->p, m->n * sizeof *p);
    m->p = p;
    m->cap = cap;
  }
  m->p[m->n].from = from;
  m->p[m->n++].to = to;
  return true;
}

static MlirValue rmGet(const RiseMap *m, MlirValue v) {
  for (size_t i = m->n; i-- > 0;)
    if (mlirValueEqual(m->p[i].from, v))
      return m->p[i].to;
  return (MlirValue){NULL};
}

static bool hasShaped(MlirOperation op, bool tensorsOnly) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (tensorsOnly ? mlirTypeIsATensor(t) : mlirTypeIsAShaped(t))
      return true;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (tensorsOnly ? mlirTypeIsATensor(t) : mlirTypeIsAShaped(t))
      return true;
  }
  return false;
}

/* The reassociation groups of a collapse/expand_shape: group[k] is the
 * number of dims of the larger shape that make dim k of the smaller. */
static bool reassoc(MlirOperation op, int *group, int *ngroups) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, str("reassociation"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
    return false;
  *ngroups = (int)mlirArrayAttrGetNumElements(a);
  if (*ngroups > MAXD)
    return false;
  for (int k = 0; k < *ngroups; ++k)
    group[k] = (int)mlirArrayAttrGetNumElements(mlirArrayAttrGetElement(a, k));
  return true;
}

/* What the check phase found in one function. */
typedef struct {
  MlirOperation func;
  bool tensorMode, ok;
  Generic **generics; /* per op in the body, NULL for non-generics */
  MlirOperation *ops;
  size_t nops;
} FuncPlan;

/* The value a tensor.pad pads with, when it is one value: defined above
 * the pad, or an arith.constant in its region; null otherwise. */
static MlirValue padValue(MlirOperation pad) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(pad, 0));
  MlirOperation y = mlirBlockGetTerminator(b);
  if (mlirOperationIsNull(y) || mlirOperationGetNumOperands(y) != 1)
    return (MlirValue){NULL};
  MlirValue v = mlirOperationGetOperand(y, 0);
  if (mlirValueIsABlockArgument(v)) {
    if (mlirBlockEqual(mlirBlockArgumentGetOwner(v), b))
      return (MlirValue){NULL};
    return v;
  }
  MlirOperation d = mlirOpResultGetOwner(v);
  MlirOperation parent = mlirOperationGetParentOperation(d);
  if (!mlirOperationEqual(parent, pad))
    return v; /* defined above the pad */
  return isOp(d, "arith.constant") ? v : (MlirValue){NULL};
}

static MlirWalkResult findLinalg(MlirOperation op, void *u) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length > 7 && !memcmp(n.data, "linalg.", 7)) {
    *(MlirOperation *)u = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static MlirLogicalResult checkOp(const Diag *d, FuncPlan *fp, size_t idx, AriArena *arena) {
  MlirOperation op = fp->ops[idx];
  char name[96];
  opName(op, name, sizeof name);
  if (riseOpIsRise(op))
    return mlirLogicalResultSuccess(); /* already rise: an imported or hand-written program */
  if (!isOp(op, "linalg.generic") && mlirOperationGetNumRegions(op) > 0) {
    /* Only a function's top-level ops are imported; a linalg op under a
     * loop or branch would silently stay. */
    MlirOperation inner = {NULL};
    mlirOperationWalk(op, findLinalg, &inner, MlirWalkPreOrder);
    if (!mlirOperationIsNull(inner))
      return reject(d, inner, "it is inside '%s' (only the top-level ops of a function are "
                              "imported)",
                    name);
  }
  if (isOp(op, "linalg.generic")) {
    Generic *g = ariArenaAlloc(arena, sizeof *g);
    if (!g)
      return reject(d, op, "out of memory");
    if (mlirLogicalResultIsFailure(analyze(d, op, g)))
      return mlirLogicalResultFailure();
    if (!fp->tensorMode && mlirTypeIsATensor(mlirValueGetType(g->opd[g->nins].value)))
      return reject(d, op, "a linalg op on tensors in a function on memrefs");
    if (fp->tensorMode && mlirTypeIsAMemRef(mlirValueGetType(g->opd[g->nins].value)))
      return reject(d, op, "a linalg op on memrefs in a function on tensors");
    fp->generics[idx] = g;
    return mlirLogicalResultSuccess();
  }
  if (!fp->tensorMode) {
    if (isOp(op, "memref.alloc") || isOp(op, "memref.alloca") || isOp(op, "memref.dealloc") ||
        isOp(op, "func.return") || !hasShaped(op, false))
      return mlirLogicalResultSuccess();
    return reject(d, op, "'%s' on memrefs has no rise meaning", name);
  }
  if (isOp(op, "tensor.empty")) {
    const char *why = shapedProblem(mlirValueGetType(mlirOperationGetResult(op, 0)));
    return why ? reject(d, op, "%s", why) : mlirLogicalResultSuccess();
  }
  if (isOp(op, "arith.constant") && hasShaped(op, true)) {
    MlirAttribute v = mlirOperationGetAttributeByName(op, str("value"));
    const char *why = shapedProblem(mlirValueGetType(mlirOperationGetResult(op, 0)));
    if (why)
      return reject(d, op, "%s", why);
    if (!mlirAttributeIsADenseElements(v))
      return reject(d, op, "a tensor constant that is not dense elements");
    return mlirLogicalResultSuccess();
  }
  if (isOp(op, "tensor.collapse_shape") || isOp(op, "tensor.expand_shape")) {
    int group[MAXD], n;
    const char *why = shapedProblem(mlirValueGetType(mlirOperationGetResult(op, 0)));
    if (!why)
      why = shapedProblem(mlirValueGetType(mlirOperationGetOperand(op, 0)));
    if (why)
      return reject(d, op, "%s", why);
    if (!reassoc(op, group, &n))
      return reject(d, op, "its reassociation is not readable");
    if (n == 0)
      return reject(d, op, "a reshape to or from rank 0 (no join or split expresses it)");
    for (int k = 0; k < n; ++k)
      if (group[k] < 1)
        return reject(d, op, "an empty reassociation group");
    return mlirLogicalResultSuccess();
  }
  if (isOp(op, "tensor.pad")) {
    const char *why = shapedProblem(mlirValueGetType(mlirOperationGetResult(op, 0)));
    if (!why)
      why = shapedProblem(mlirValueGetType(mlirOperationGetOperand(op, 0)));
    if (why)
      return reject(d, op, "%s", why);
    if (mlirOperationGetNumOperands(op) != 1)
      return reject(d, op, "dynamic padding amounts (rise pads by static sizes)");
    MlirValue y = padValue(op);
    if (mlirValueIsNull(y))
      return reject(d, op, "the padding value depends on the index (rise.pad_cst pads with "
                           "one value)");
    return mlirLogicalResultSuccess();
  }
  if (isOp(op, "func.return")) {
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
      if (!mlirTypeIsATensor(mlirValueGetType(mlirOperationGetOperand(op, i))))
        return reject(d, op, "result #%d is not a tensor (a tensor function returns its "
                             "results through memrefs)",
                      (int)i);
    return mlirLogicalResultSuccess();
  }
  if (hasShaped(op, false))
    return reject(d, op, "'%s' on tensors has no rise meaning", name);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult planFunc(const Diag *d, MlirOperation func, FuncPlan *fp,
                                  AriArena *arena) {
  memset(fp, 0, sizeof *fp);
  fp->func = func;
  fp->ok = true;
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(entry))
    return mlirLogicalResultSuccess(); /* a declaration */
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(entry)))
    return reject(d, func, "the function has several blocks (rise functions have one)");
  MlirType ft = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(func, str("function_type")));
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(ft); ++i)
    fp->tensorMode |= mlirTypeIsATensor(mlirFunctionTypeGetInput(ft, i));
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(ft); ++i)
    fp->tensorMode |= mlirTypeIsATensor(mlirFunctionTypeGetResult(ft, i));
  for (MlirOperation o = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    fp->nops++;
    fp->tensorMode |= hasShaped(o, true);
  }
  fp->ops = ariArenaCalloc(arena, (fp->nops + 1) * sizeof *fp->ops);
  fp->generics = ariArenaCalloc(arena, (fp->nops + 1) * sizeof *fp->generics);
  if (!fp->ops || !fp->generics)
    return reject(d, func, "out of memory");
  size_t k = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    fp->ops[k++] = o;
  if (fp->tensorMode) {
    for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(ft); ++i) {
      MlirType t = mlirFunctionTypeGetInput(ft, i);
      const char *why = mlirTypeIsAShaped(t) ? shapedProblem(t) : NULL;
      if (mlirTypeIsAMemRef(t))
        why = "a memref argument in a function on tensors";
      else if (!mlirTypeIsAShaped(t) && !isScalar(t))
        why = "an argument that is neither a tensor nor a rise scalar";
      if (why) {
        fp->ok = false;
        reject(d, func, "argument #%d: %s", (int)i, why);
      }
    }
    for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(ft); ++i) {
      MlirType t = mlirFunctionTypeGetResult(ft, i);
      const char *why = !mlirTypeIsATensor(t) ? "a result that is not a tensor (a tensor "
                                                "function returns its results through memrefs)"
                                              : shapedProblem(t);
      if (why) {
        fp->ok = false;
        reject(d, func, "result #%d: %s", (int)i, why);
      }
    }
  }
  for (size_t i = 0; i < fp->nops; ++i)
    if (mlirLogicalResultIsFailure(checkOp(d, fp, i, arena)))
      fp->ok = false;
  return fp->ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static MlirValue riseIn(const Cx *c, Builder *b, MlirValue m) {
  MlirType mt = mlirValueGetType(m);
  return emit1(c, b, "rise.in", 1, &m, shapedToRise(mt));
}

static void riseOut(const Cx *c, Builder *b, MlirValue v, MlirValue m) {
  MlirValue ops[2] = {v, m};
  emit(c, b, "rise.out", 2, ops, (MlirType){NULL}, 0, NULL, NULL);
}

/* join `times` times at `depth`, or split at `depth` by each of `ns`. */
static MlirValue levelJoin(const Cx *c, Builder *b, MlirValue v, const int64_t *args) {
  (void)args;
  MlirType t = mlirValueGetType(v), inner = elt(t);
  return emit1(c, b, "rise.join", 1, &v,
               mlirRiseArrayTypeGet(elt(inner), len(t) * len(inner)));
}

static MlirValue levelSplit(const Cx *c, Builder *b, MlirValue v, const int64_t *args) {
  MlirType t = mlirValueGetType(v);
  MlirNamedAttribute a = namedI64(c, "n", args[0]);
  MlirType rt = mlirRiseArrayTypeGet(mlirRiseArrayTypeGet(elt(t), args[0]), len(t) / args[0]);
  return mlirOperationGetResult(emit(c, b, "rise.split", 1, &v, rt, 1, &a, NULL), 0);
}

/* pad_cst l, h with `cst` at nesting depth `depth`. */
static MlirValue padAt(const Cx *c, Builder *b, MlirValue v, int depth, int64_t l, int64_t h,
                       MlirValue cst) {
  MlirType t = mlirValueGetType(v);
  if (depth == 0) {
    MlirValue ops[2] = {v, cst};
    MlirNamedAttribute a[2] = {namedI64(c, "left", l), namedI64(c, "right", h)};
    MlirType rt = mlirRiseArrayTypeGet(elt(t), len(t) + l + h);
    return mlirOperationGetResult(emit(c, b, "rise.pad_cst", 2, ops, rt, 2, a, NULL), 0);
  }
  MlirType et = elt(t);
  MlirBlock blk;
  MlirRegion r = newRegion(c, 1, &et, &blk);
  Builder ib = {blk, {NULL}};
  MlirValue x = padAt(c, &ib, mlirBlockGetArgument(blk, 0), depth - 1, l, h, cst);
  yield(c, blk, x);
  return mlirOperationGetResult(emit(c, b, "rise.map", 1, &v,
                                     mlirRiseArrayTypeGet(mlirValueGetType(x), len(t)), 0,
                                     NULL, &r),
                                0);
}

/* A value of type t (a scalar or nested array) with every scalar `cst`. */
static MlirValue filler(const Cx *c, Builder *b, MlirType t, MlirValue cst) {
  if (!mlirTypeIsARiseArray(t))
    return cst;
  MlirType it = mlirIndexTypeGet(c->ctx);
  MlirBlock blk;
  MlirRegion r = newRegion(c, 1, &it, &blk);
  Builder ib = {blk, {NULL}};
  yield(c, blk, filler(c, &ib, elt(t), cst));
  return mlirOperationGetResult(emit(c, b, "rise.generate", 0, NULL, t, 0, NULL, &r), 0);
}

static MlirValue emitPad(const Cx *c, Builder *b, MlirOperation op, MlirValue v) {
  MlirValue cst = padValue(op);
  MlirOperation d = mlirValueIsAOpResult(cst) ? mlirOpResultGetOwner(cst) : (MlirOperation){NULL};
  if (!mlirOperationIsNull(d) &&
      mlirOperationEqual(mlirOperationGetParentOperation(d), op)) {
    /* A constant inside the pad's region: cloned before the pad. */
    MlirOperation k = mlirOperationClone(d);
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, k);
    cst = mlirOperationGetResult(k, 0);
  }
  MlirAttribute lo = mlirOperationGetAttributeByName(op, str("static_low"));
  MlirAttribute hi = mlirOperationGetAttributeByName(op, str("static_high"));
  intptr_t rank = mlirDenseArrayGetNumElements(lo);
  /* Innermost first: the value an outer dimension is padded with is a
   * whole (already padded) inner array of `cst`, made once, here. */
  for (intptr_t r = rank; r-- > 0;) {
    int64_t l = mlirDenseI64ArrayGetElement(lo, r), h = mlirDenseI64ArrayGetElement(hi, r);
    if (!l && !h)
      continue;
    MlirType et = mlirValueGetType(v);
    for (intptr_t k = 0; k <= r; ++k)
      et = elt(et);
    v = padAt(c, b, v, (int)r, l, h, filler(c, b, et, cst));
  }
  return v;
}

static MlirValue emitReshape(const Cx *c, Builder *b, MlirOperation op, MlirValue v) {
  int group[MAXD], n;
  reassoc(op, group, &n);
  bool collapse = isOp(op, "tensor.collapse_shape");
  MlirType big = mlirValueGetType(collapse ? mlirOperationGetOperand(op, 0)
                                           : mlirOperationGetResult(op, 0));
  int depth = 0, bigDim = 0;
  for (int k = 0; k < n; ++k) {
    if (collapse) {
      for (int j = 1; j < group[k]; ++j)
        v = atDepth(c, b, v, depth, levelJoin, NULL);
      depth += 1;
    } else {
      /* split by the innermost sizes first: s1*..*sm -> (s1..s(m-1)).sm -> ... */
      for (int j = group[k] - 1; j >= 1; --j) {
        int64_t a[1] = {mlirShapedTypeGetDimSize(big, bigDim + j)};
        v = atDepth(c, b, v, depth, levelSplit, a);
      }
      depth += group[k];
    }
    bigDim += group[k];
  }
  return v;
}

static MlirLogicalResult convertFunc(const Cx *cx0, FuncPlan *fp, AriArena *arena) {
  Cx c = *cx0;
  MlirOperation func = fp->func;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(entry))
    return mlirLogicalResultSuccess();
  RiseMap rm = {NULL, 0, 0, arena};
  /* Tensors made by a fill, and the scalar they are filled with: an op
   * that reads one reads the scalar instead (a matmul's zero init becomes
   * the fold's initial value, as in test/examples/matmul.mlir), and a fill
   * nothing else reads is not emitted at all. */
  RiseMap fills = {NULL, 0, 0, arena};
  if (!fp->tensorMode) {
    for (size_t i = 0; i < fp->nops; ++i) {
      Generic *g = fp->generics[i];
      if (!g)
        continue;
      c.loc = mlirOperationGetLocation(g->op);
      Builder b = {entry, g->op};
      MlirValue vals[MAXOPS];
      for (int k = 0; k < g->nops; ++k)
        vals[k] = !g->opd[k].used ? (MlirValue){NULL}
                  : g->opd[k].scalar ? g->opd[k].value
                                     : riseIn(&c, &b, g->opd[k].value);
      MlirValue r = emitGeneric(&c, g, vals);
      riseOut(&c, &b, r, g->opd[g->nins].value);
      mlirOperationDestroy(g->op);
    }
    return mlirLogicalResultSuccess();
  }
  /* Tensor function: arguments become memrefs read once at the entry. */
  MlirOperation first = mlirBlockGetFirstOperation(entry);
  Builder top = {entry, first};
  intptr_t nargs = mlirBlockGetNumArguments(entry);
  MlirType ft = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(func, str("function_type")));
  enum { MAXARGS = 256 };
  MlirType types[MAXARGS];
  if (nargs + mlirFunctionTypeGetNumResults(ft) > MAXARGS)
    return ariPassEmit(mlirOperationGetLocation(func), PASS,
                       "cannot import a function with more than %d arguments and results",
                       (int)MAXARGS);
  intptr_t ntypes = 0;
  for (intptr_t i = 0; i < nargs; ++i) {
    MlirValue a = mlirBlockGetArgument(entry, i);
    MlirType t = mlirValueGetType(a);
    if (mlirTypeIsATensor(t)) {
      intptr_t r = mlirShapedTypeGetRank(t);
      int64_t shape[MAXD];
      for (intptr_t k = 0; k < r; ++k)
        shape[k] = mlirShapedTypeGetDimSize(t, k);
      t = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), r, shape,
                                      mlirAttributeGetNull());
      mlirValueSetType(a, t);
      c.loc = mlirOperationGetLocation(func);
      if (!rmPut(&rm, a, riseIn(&c, &top, a)))
        return ariPassEmit(c.loc, PASS, "out of memory");
    }
    types[ntypes++] = t;
  }
  for (size_t i = 0; i < fp->nops; ++i) {
    MlirOperation op = fp->ops[i];
    c.loc = mlirOperationGetLocation(op);
    Builder b = {entry, op};
    MlirValue r = {NULL};
    if (fp->generics[i]) {
      Generic *g = fp->generics[i];
      MlirValue vals[MAXOPS];
      for (int k = 0; k < g->nops; ++k) {
        vals[k] = (MlirValue){NULL};
        if (!g->opd[k].used)
          continue;
        vals[k] = g->opd[k].scalar ? g->opd[k].value : rmGet(&fills, g->opd[k].value);
        if (mlirValueIsNull(vals[k]))
          vals[k] = rmGet(&rm, g->opd[k].value);
        if (mlirValueIsNull(vals[k]))
          return ariPassEmit(c.loc, PASS, "cannot import 'linalg.generic': operand #%d comes "
                                          "from an op that was not imported", k);
      }
      r = emitGeneric(&c, g, vals);
      if (g->fill && !rmPut(&fills, mlirOperationGetResult(op, 0), g->opd[0].value))
        return ariPassEmit(c.loc, PASS, "out of memory");
    } else if (isOp(op, "arith.constant") && hasShaped(op, true)) {
      MlirNamedAttribute a = mlirNamedAttributeGet(
          mlirIdentifierGet(c.ctx, str("value")),
          mlirOperationGetAttributeByName(op, str("value")));
      r = mlirOperationGetResult(
          emit(&c, &b, "rise.literal", 0, NULL,
               shapedToRise(mlirValueGetType(mlirOperationGetResult(op, 0))), 1, &a, NULL),
          0);
    } else if (isOp(op, "tensor.collapse_shape") || isOp(op, "tensor.expand_shape")) {
      MlirValue src = rmGet(&rm, mlirOperationGetOperand(op, 0));
      if (mlirValueIsNull(src))
        return ariPassEmit(c.loc, PASS, "cannot import a reshape of a value that was not "
                                        "imported");
      r = emitReshape(&c, &b, op, src);
    } else if (isOp(op, "tensor.pad")) {
      MlirValue src = rmGet(&rm, mlirOperationGetOperand(op, 0));
      if (mlirValueIsNull(src))
        return ariPassEmit(c.loc, PASS, "cannot import a pad of a value that was not imported");
      r = emitPad(&c, &b, op, src);
    } else if (isOp(op, "func.return")) {
      for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k) {
        MlirValue v = mlirOperationGetOperand(op, k);
        MlirValue rv = rmGet(&rm, v);
        if (mlirValueIsNull(rv))
          return ariPassEmit(c.loc, PASS, "cannot import 'func.return': result #%d comes from "
                                          "an op that was not imported", (int)k);
        MlirType t = mlirValueGetType(v);
        intptr_t rank = mlirShapedTypeGetRank(t);
        int64_t shape[MAXD];
        for (intptr_t q = 0; q < rank; ++q)
          shape[q] = mlirShapedTypeGetDimSize(t, q);
        MlirType mt = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), rank, shape,
                                                  mlirAttributeGetNull());
        MlirValue m = mlirBlockAddArgument(entry, mt, mlirOperationGetLocation(func));
        types[ntypes++] = mt;
        riseOut(&c, &b, rv, m);
      }
      emit(&c, &b, "func.return", 0, NULL, (MlirType){NULL}, 0, NULL, NULL);
    }
    if (!mlirValueIsNull(r) && !rmPut(&rm, mlirOperationGetResult(op, 0), r))
      return ariPassEmit(c.loc, PASS, "out of memory");
  }
  /* Fills that only fed other ops as their scalar. */
  for (size_t i = 0; i < fills.n; ++i) {
    MlirValue rv = rmGet(&rm, fills.p[i].from);
    if (!mlirValueIsNull(rv) && mlirValueIsAOpResult(rv) &&
        mlirOpOperandIsNull(mlirValueGetFirstUse(rv)))
      mlirOperationDestroy(mlirOpResultGetOwner(rv));
  }
  /* Erase what was imported, users first. */
  for (size_t i = fp->nops; i-- > 0;) {
    MlirOperation op = fp->ops[i];
    if (fp->generics[i] || isOp(op, "func.return") || isOp(op, "tensor.empty") ||
        isOp(op, "tensor.collapse_shape") || isOp(op, "tensor.expand_shape") ||
        isOp(op, "tensor.pad") || (isOp(op, "arith.constant") && hasShaped(op, true)))
      mlirOperationDestroy(op);
  }
  MlirType fty = mlirFunctionTypeGet(c.ctx, ntypes, types, 0, NULL);
  mlirOperationSetAttributeByName(func, str("function_type"), mlirTypeAttrGet(fty));
  mlirOperationRemoveAttributeByName(func, str("res_attrs"));
  MlirAttribute aa = mlirOperationGetAttributeByName(func, str("arg_attrs"));
  if (!mlirAttributeIsNull(aa)) {
    MlirAttribute elems[MAXARGS];
    intptr_t n = mlirArrayAttrGetNumElements(aa);
    for (intptr_t i = 0; i < ntypes; ++i)
      elems[i] = i < n ? mlirArrayAttrGetElement(aa, i) : mlirDictionaryAttrGet(c.ctx, 0, NULL);
    mlirOperationSetAttributeByName(func, str("arg_attrs"),
                                    mlirArrayAttrGet(c.ctx, ntypes, elems));
  }
  return mlirLogicalResultSuccess();
}

/*--- the pass -------------------------------------------------------------*/

/* Runs upstream's linalg-generalize-named-ops on op, so that every named
 * op (matmul, conv, fill, ...) arrives as a linalg.generic. */
static MlirLogicalResult generalize(MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, name);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (isOp(op, "builtin.module"))
    opm = mlirPassManagerGetNestedUnder(pm, str("func.func"));
  mlirOpPassManagerAddOwnedPass(opm, mlirCreateLinalgLinalgGeneralizeNamedOpsPass());
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, op);
  mlirPassManagerDestroy(pm);
  return r;
}

typedef struct {
  MlirOperation *funcs;
  size_t n, cap;
  AriArena *arena;
  bool oom;
} FuncList;

static void collectFunc(void *u, MlirOperation f) {
  FuncList *l = u;
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 16;
    MlirOperation *p = ariArenaAlloc(l->arena, cap * sizeof *p);
    if (!p) {
      l->oom = true;
      return;
    }
    if (l->n)
      memcpy(p, l->funcs, l->n * sizeof *p);
    l->funcs = p;
    l->cap = cap;
  }
  l->funcs[l->n++] = f;
}

typedef struct {
  NamedOp *ops;
  size_t n, cap;
  AriArena *arena;
} NamedList;

static MlirWalkResult collectNamed(MlirOperation op, void *u) {
  NamedList *l = u;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length <= 7 || memcmp(n.data, "linalg.", 7) || isOp(op, "linalg.generic") ||
      isOp(op, "linalg.yield") || isOp(op, "linalg.index"))
    return MlirWalkResultAdvance;
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 32;
    NamedOp *p = ariArenaAlloc(l->arena, cap * sizeof *p);
    if (!p)
      return MlirWalkResultInterrupt; /* the names are a courtesy */
    if (l->n)
      memcpy(p, l->ops, l->n * sizeof *p);
    l->ops = p;
    l->cap = cap;
  }
  NamedOp *e = &l->ops[l->n++];
  e->loc = mlirOperationGetLocation(op);
  size_t k = n.length < sizeof e->name - 1 ? n.length : sizeof e->name - 1;
  memcpy(e->name, n.data, k);
  e->name[k] = 0;
  return MlirWalkResultAdvance;
}

static MlirLogicalResult l2rRun(MlirOperation op, const void *o) {
  const L2ROptions *opt = o;
  MlirContext ctx = mlirOperationGetContext(op);
  AriArena arena;
  ariArenaInit(&arena, 0);
  NamedList named = {NULL, 0, 0, &arena};
  mlirOperationWalk(op, collectNamed, &named, MlirWalkPreOrder);
  if (mlirLogicalResultIsFailure(generalize(op))) {
    ariArenaDestroy(&arena);
    return ariPassEmit(mlirOperationGetLocation(op), PASS,
                       "linalg-generalize-named-ops failed on the input");
  }
  FuncList fl = {NULL, 0, 0, &arena, false};
  ariPassForEachFunc(op, collectFunc, &fl);
  MlirLogicalResult res = mlirLogicalResultSuccess();
  FuncPlan *plans = fl.oom ? NULL : ariArenaCalloc(&arena, (fl.n + 1) * sizeof *plans);
  if (!plans) {
    ariArenaDestroy(&arena);
    return ariPassEmit(mlirOperationGetLocation(op), PASS, "out of memory");
  }
  Diag d = {opt, ctx, named.ops, named.n};
  bool allOk = true;
  for (size_t i = 0; i < fl.n; ++i)
    if (mlirLogicalResultIsFailure(planFunc(&d, fl.funcs[i], &plans[i], &arena)))
      allOk = false;
  if (!allOk && !opt->allowPartial) {
    ariArenaDestroy(&arena);
    return mlirLogicalResultFailure();
  }
  Cx c = {ctx, mlirOperationGetLocation(op)};
  for (size_t i = 0; i < fl.n; ++i) {
    if (plans[i].tensorMode && !plans[i].ok)
      continue; /* left as it was; its ops carry rise.unimported */
    if (mlirLogicalResultIsFailure(convertFunc(&c, &plans[i], &arena)))
      res = mlirLogicalResultFailure();
  }
  ariArenaDestroy(&arena);
  return res;
}

static const AriOptionDesc kL2ROptions[] = {
    {"allow-partial", ARI_OPT_BOOL, offsetof(L2ROptions, allowPartial), NULL,
     "leave what cannot be imported in place, marked rise.unimported, instead of failing"},
};

static MlirDialectHandle (*const kL2RDeps[])(void) = {
    mlirGetDialectHandle__rise__, mlirGetDialectHandle__arith__, mlirGetDialectHandle__func__,
    mlirGetDialectHandle__linalg__, mlirGetDialectHandle__math__, mlirGetDialectHandle__memref__,
};

const AriPassInfo ariLinalgToRisePass = {
    .argument = PASS,
    .description = "Import linalg (on tensors or memrefs, named ops included) into rise functions",
    .options = kL2ROptions,
    .numOptions = sizeof kL2ROptions / sizeof kL2ROptions[0],
    .optionsSize = sizeof(L2ROptions),
    .setDefaults = l2rDefaults,
    .run = l2rRun,
    .dependentDialects = kL2RDeps,
    .numDependentDialects = sizeof kL2RDeps / sizeof kL2RDeps[0],
};

const char *ariTosaToRisePipeline(void) {
  return "builtin.module(tosa-to-linalg-pipeline,func.func(tosa-to-tensor,tosa-to-arith),"
         "canonicalize,convert-linalg-to-rise)";
}
