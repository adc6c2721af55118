/*===- build.c - emitting affine/scf/memref/arith/vector ops from C -------===*/

#include "passes/lower/build.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

void lbInsert(LbBuilder *b, MlirOperation op) {
  if (mlirOperationIsNull(b->ip.before))
    mlirBlockAppendOwnedOperation(b->ip.block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->ip.block, b->ip.before, op);
}

MlirOperation lbCreate(LbBuilder *b, const char *name, intptr_t nops, const MlirValue *ops,
                       intptr_t nres, const MlirType *res, intptr_t nattrs,
                       const char *const *attrNames, const MlirAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(sref(name), b->loc);
  if (nops)
    mlirOperationStateAddOperands(&st, nops, ops);
  if (nres)
    mlirOperationStateAddResults(&st, nres, res);
  MlirNamedAttribute named[8];
  for (intptr_t i = 0; i < nattrs && i < 8; ++i)
    named[i] = mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, sref(attrNames[i])), attrs[i]);
  if (nattrs)
    mlirOperationStateAddAttributes(&st, nattrs < 8 ? nattrs : 8, named);
  MlirOperation op = mlirOperationCreate(&st);
  lbInsert(b, op);
  return op;
}

MlirAttribute lbParseAttr(LbBuilder *b, const char *text) {
  return mlirAttributeParseGet(b->ctx, sref(text));
}

static MlirType indexType(LbBuilder *b) { return mlirIndexTypeGet(b->ctx); }

MlirValue lbConstIndex(LbBuilder *b, int64_t v) {
  const char *n[] = {"value"};
  MlirAttribute a[] = {mlirIntegerAttrGet(indexType(b), v)};
  MlirType t = indexType(b);
  return mlirOperationGetResult(lbCreate(b, "arith.constant", 0, NULL, 1, &t, 1, n, a), 0);
}

static bool opIs(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

bool lbIsConstIndex(MlirValue v, int64_t *out) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation op = mlirOpResultGetOwner(v);
  if (!opIs(op, "arith.constant"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(op, sref("value"));
  if (!mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

/* A valid affine dimension for our purposes: an affine.for induction
 * variable, a constant, or an affine.apply we built from such values. */
static bool isAffine(MlirValue v) {
  int64_t c;
  if (lbIsConstIndex(v, &c))
    return true;
  if (mlirValueIsABlockArgument(v)) {
    MlirOperation owner = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    return !mlirOperationIsNull(owner) && opIs(owner, "affine.for") &&
           mlirBlockArgumentGetArgNumber(v) == 0;
  }
  return mlirValueIsAOpResult(v) && opIs(mlirOpResultGetOwner(v), "affine.apply");
}

static MlirValue apply(LbBuilder *b, const char *expr, intptr_t n, const MlirValue *ops) {
  char text[160];
  snprintf(text, sizeof text, "affine_map<(%s) -> (%s)>", n == 1 ? "d0" : "d0, d1", expr);
  const char *names[] = {"map"};
  MlirAttribute attrs[] = {lbParseAttr(b, text)};
  MlirType t = indexType(b);
  return mlirOperationGetResult(lbCreate(b, "affine.apply", n, ops, 1, &t, 1, names, attrs), 0);
}

static MlirValue arith2(LbBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue ops[] = {x, y};
  MlirType t = mlirValueGetType(x);
  return mlirOperationGetResult(lbCreate(b, name, 2, ops, 1, &t, 0, NULL, NULL), 0);
}

MlirValue lbAdd(LbBuilder *b, MlirValue x, MlirValue y) {
  int64_t cx, cy;
  bool kx = lbIsConstIndex(x, &cx), ky = lbIsConstIndex(y, &cy);
  if (kx && ky)
    return lbConstIndex(b, cx + cy);
  if (kx && cx == 0)
    return y;
  if (ky && cy == 0)
    return x;
  if (isAffine(x) && isAffine(y)) {
    MlirValue ops[] = {x, y};
    return apply(b, "d0 + d1", 2, ops);
  }
  return arith2(b, "arith.addi", x, y);
}

MlirValue lbAddC(LbBuilder *b, MlirValue x, int64_t c) {
  int64_t cx;
  if (lbIsConstIndex(x, &cx))
    return lbConstIndex(b, cx + c);
  if (c == 0)
    return x;
  if (isAffine(x)) {
    char e[64];
    snprintf(e, sizeof e, "d0 + %lld", (long long)c);
    return apply(b, e, 1, &x);
  }
  return arith2(b, "arith.addi", x, lbConstIndex(b, c));
}

MlirValue lbMulC(LbBuilder *b, MlirValue x, int64_t c) {
  int64_t cx;
  if (lbIsConstIndex(x, &cx))
    return lbConstIndex(b, cx * c);
  if (c == 1)
    return x;
  if (isAffine(x)) {
    char e[64];
    snprintf(e, sizeof e, "d0 * %lld", (long long)c);
    return apply(b, e, 1, &x);
  }
  return arith2(b, "arith.muli", x, lbConstIndex(b, c));
}

MlirValue lbDivC(LbBuilder *b, MlirValue x, int64_t c) {
  int64_t cx;
  if (lbIsConstIndex(x, &cx))
    return lbConstIndex(b, cx / c);
  if (c == 1)
    return x;
  if (isAffine(x)) {
    char e[64];
    snprintf(e, sizeof e, "d0 floordiv %lld", (long long)c);
    return apply(b, e, 1, &x);
  }
  return arith2(b, "arith.divui", x, lbConstIndex(b, c));
}

MlirValue lbModC(LbBuilder *b, MlirValue x, int64_t c) {
  int64_t cx;
  if (lbIsConstIndex(x, &cx))
    return lbConstIndex(b, cx % c);
  if (c == 1)
    return lbConstIndex(b, 0);
  if (isAffine(x)) {
    char e[64];
    snprintf(e, sizeof e, "d0 mod %lld", (long long)c);
    return apply(b, e, 1, &x);
  }
  return arith2(b, "arith.remui", x, lbConstIndex(b, c));
}

MlirValue lbClamp(LbBuilder *b, MlirValue x, int64_t lo, int64_t hi) {
  int64_t cx;
  if (lbIsConstIndex(x, &cx))
    return lbConstIndex(b, cx < lo ? lo : cx > hi ? hi : cx);
  MlirValue m = arith2(b, "arith.minsi", x, lbConstIndex(b, hi));
  return arith2(b, "arith.maxsi", m, lbConstIndex(b, lo));
}

static MlirValue cmpi(LbBuilder *b, int64_t pred, MlirValue x, MlirValue y) {
  MlirValue ops[] = {x, y};
  MlirType t = mlirIntegerTypeGet(b->ctx, 1);
  const char *n[] = {"predicate"};
  MlirAttribute a[] = {mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), pred)};
  return mlirOperationGetResult(lbCreate(b, "arith.cmpi", 2, ops, 1, &t, 1, n, a), 0);
}

MlirValue lbInRange(LbBuilder *b, MlirValue x, int64_t lo, int64_t hi) {
  enum { SLT = 2, SGE = 5 };
  MlirValue ge = cmpi(b, SGE, x, lbConstIndex(b, lo));
  MlirValue lt = cmpi(b, SLT, x, lbConstIndex(b, hi));
  return arith2(b, "arith.andi", ge, lt);
}

static MlirAttribute identityMap(LbBuilder *b, intptr_t n) {
  char text[256] = "affine_map<(";
  char res[128] = "";
  for (intptr_t i = 0; i < n; ++i) {
    char d[16];
    snprintf(d, sizeof d, "%sd%d", i ? ", " : "", (int)i);
    strcat(text, d);
    strcat(res, d);
  }
  strcat(text, ") -> (");
  strcat(text, res);
  strcat(text, ")>");
  return lbParseAttr(b, text);
}

static bool allAffine(intptr_t n, const MlirValue *idx) {
  for (intptr_t i = 0; i < n; ++i)
    if (!isAffine(idx[i]))
      return false;
  return true;
}

MlirValue lbLoad(LbBuilder *b, MlirValue mem, intptr_t n, const MlirValue *idx) {
  MlirValue ops[LB_MAX_RANK + 1];
  ops[0] = mem;
  if (n)
    memcpy(ops + 1, idx, (size_t)n * sizeof *idx);
  MlirType t = mlirShapedTypeGetElementType(mlirValueGetType(mem));
  if (allAffine(n, idx)) {
    const char *names[] = {"map"};
    MlirAttribute attrs[] = {identityMap(b, n)};
    return mlirOperationGetResult(lbCreate(b, "affine.load", n + 1, ops, 1, &t, 1, names, attrs),
                                  0);
  }
  return mlirOperationGetResult(lbCreate(b, "memref.load", n + 1, ops, 1, &t, 0, NULL, NULL), 0);
}

void lbStore(LbBuilder *b, MlirValue val, MlirValue mem, intptr_t n, const MlirValue *idx) {
  MlirValue ops[LB_MAX_RANK + 2];
  ops[0] = val;
  ops[1] = mem;
  if (n)
    memcpy(ops + 2, idx, (size_t)n * sizeof *idx);
  if (allAffine(n, idx)) {
    const char *names[] = {"map"};
    MlirAttribute attrs[] = {identityMap(b, n)};
    lbCreate(b, "affine.store", n + 2, ops, 0, NULL, 1, names, attrs);
    return;
  }
  lbCreate(b, "memref.store", n + 2, ops, 0, NULL, 0, NULL, NULL);
}

MlirValue lbVecLoad(LbBuilder *b, MlirType vt, MlirValue mem, intptr_t n, const MlirValue *idx) {
  MlirValue ops[LB_MAX_RANK + 1];
  ops[0] = mem;
  if (n)
    memcpy(ops + 1, idx, (size_t)n * sizeof *idx);
  return mlirOperationGetResult(lbCreate(b, "vector.load", n + 1, ops, 1, &vt, 0, NULL, NULL), 0);
}

void lbVecStore(LbBuilder *b, MlirValue val, MlirValue mem, intptr_t n, const MlirValue *idx) {
  MlirValue ops[LB_MAX_RANK + 2];
  ops[0] = val;
  ops[1] = mem;
  if (n)
    memcpy(ops + 2, idx, (size_t)n * sizeof *idx);
  lbCreate(b, "vector.store", n + 2, ops, 0, NULL, 0, NULL, NULL);
}

MlirValue lbExtract(LbBuilder *b, MlirValue v, MlirValue lane) {
  MlirType t = mlirShapedTypeGetElementType(mlirValueGetType(v));
  const char *names[] = {"static_position"};
  int64_t c;
  if (lbIsConstIndex(lane, &c)) {
    MlirAttribute attrs[] = {mlirDenseI64ArrayGet(b->ctx, 1, &c)};
    return mlirOperationGetResult(lbCreate(b, "vector.extract", 1, &v, 1, &t, 1, names, attrs),
                                  0);
  }
  int64_t dyn = INT64_MIN;
  MlirAttribute attrs[] = {mlirDenseI64ArrayGet(b->ctx, 1, &dyn)};
  MlirValue ops[] = {v, lane};
  return mlirOperationGetResult(lbCreate(b, "vector.extract", 2, ops, 1, &t, 1, names, attrs), 0);
}

MlirValue lbFromElements(LbBuilder *b, MlirType vt, intptr_t n, const MlirValue *lanes) {
  return mlirOperationGetResult(
      lbCreate(b, "vector.from_elements", n, lanes, 1, &vt, 0, NULL, NULL), 0);
}

MlirValue lbBroadcast(LbBuilder *b, MlirType vt, MlirValue scalar) {
  return mlirOperationGetResult(lbCreate(b, "vector.broadcast", 1, &scalar, 1, &vt, 0, NULL, NULL),
                                0);
}

LbPoint lbIfThen(LbBuilder *b, MlirValue c) {
  MlirRegion regions[2] = {mlirRegionCreate(), mlirRegionCreate()};
  MlirBlock then = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(regions[0], then);
  MlirOperationState st = mlirOperationStateGet(sref("scf.if"), b->loc);
  mlirOperationStateAddOperands(&st, 1, &c);
  mlirOperationStateAddOwnedRegions(&st, 2, regions);
  lbInsert(b, mlirOperationCreate(&st));
  LbPoint saved = b->ip;
  b->ip = (LbPoint){then, (MlirOperation){NULL}};
  MlirOperation y = lbCreate(b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  b->ip = saved;
  return (LbPoint){then, y};
}

MlirValue lbSelect(LbBuilder *b, MlirValue c, MlirValue x, MlirValue y) {
  MlirValue ops[] = {c, x, y};
  MlirType t = mlirValueGetType(x);
  return mlirOperationGetResult(lbCreate(b, "arith.select", 3, ops, 1, &t, 0, NULL, NULL), 0);
}

/* Creates a loop op with one body block of `nargs` arguments (not inserted
 * in the op's block yet), inserts the op and returns it. */
static MlirOperation loopOp(LbBuilder *b, const char *name, intptr_t nops, const MlirValue *ops,
                            intptr_t nres, const MlirType *res, intptr_t nattrs,
                            const char *const *names, const MlirAttribute *attrs,
                            intptr_t nargs, const MlirType *argTypes) {
  MlirLocation locs[LB_MAX_ITER + 1];
  for (intptr_t i = 0; i < nargs; ++i)
    locs[i] = b->loc;
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, mlirBlockCreate(nargs, argTypes, locs));
  MlirOperationState st = mlirOperationStateGet(sref(name), b->loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  if (nres)
    mlirOperationStateAddResults(&st, nres, res);
  MlirNamedAttribute named[8];
  for (intptr_t i = 0; i < nattrs; ++i)
    named[i] = mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, sref(names[i])), attrs[i]);
  mlirOperationStateAddAttributes(&st, nattrs, named);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation op = mlirOperationCreate(&st);
  lbInsert(b, op);
  return op;
}

bool lbLoop(LbBuilder *b, LbLoopKind kind, int64_t n, intptr_t niter, const MlirValue *init,
            MlirValue *out, LbBodyFn body, void *user) {
  return lbLoopRange(b, kind, 0, n, niter, init, out, body, user, NULL);
}

static MlirAttribute constMap(LbBuilder *b, int64_t c) {
  char text[64];
  snprintf(text, sizeof text, "affine_map<() -> (%lld)>", (long long)c);
  return lbParseAttr(b, text);
}

bool lbLoopRange(LbBuilder *b, LbLoopKind kind, int64_t lo, int64_t hi, intptr_t niter,
                 const MlirValue *init, MlirValue *out, LbBodyFn body, void *user,
                 MlirOperation *loop) {
  if (loop)
    *loop = (MlirOperation){NULL};
  if (niter > LB_MAX_ITER)
    return false;
  if (kind == LB_LOOP_UNROLL && hi - lo <= LB_UNROLL_MAX) {
    MlirValue cur[LB_MAX_ITER], next[LB_MAX_ITER];
    for (intptr_t k = 0; k < niter; ++k)
      cur[k] = init[k];
    for (int64_t i = lo; i < hi; ++i) {
      if (!body(b, lbConstIndex(b, i), cur, next, user))
        return false;
      for (intptr_t k = 0; k < niter; ++k)
        cur[k] = next[k];
    }
    for (intptr_t k = 0; k < niter; ++k)
      out[k] = cur[k];
    return true;
  }
  LbPoint saved = b->ip;
  MlirType types[LB_MAX_ITER + 1];
  types[0] = mlirIndexTypeGet(b->ctx);
  for (intptr_t i = 0; i < niter; ++i)
    types[i + 1] = mlirValueGetType(init[i]);
  MlirOperation op;
  const char *yieldName;
  if (kind == LB_LOOP_PARALLEL) {
    if (niter)
      return false;
    MlirValue ops[] = {lbConstIndex(b, lo), lbConstIndex(b, hi), lbConstIndex(b, 1)};
    int32_t seg[] = {1, 1, 1, 0};
    const char *names[] = {"operandSegmentSizes"};
    MlirAttribute attrs[] = {mlirDenseI32ArrayGet(b->ctx, 4, seg)};
    op = loopOp(b, "scf.parallel", 3, ops, 0, NULL, 1, names, attrs, 1, types);
    yieldName = "scf.reduce";
  } else {
    int32_t seg[] = {0, 0, (int32_t)niter};
    const char *names[] = {"lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes"};
    MlirAttribute attrs[] = {constMap(b, lo), constMap(b, hi),
                             mlirIntegerAttrGet(mlirIndexTypeGet(b->ctx), 1),
                             mlirDenseI32ArrayGet(b->ctx, 3, seg)};
    op = loopOp(b, "affine.for", niter, init, niter, types + 1, 4, names, attrs, niter + 1, types);
    if (kind == LB_LOOP_UNROLL)
      mlirOperationSetAttributeByName(op, sref("rise.unroll"), mlirUnitAttrGet(b->ctx));
    yieldName = "affine.yield";
  }
  if (loop)
    *loop = op;
  MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  b->ip.block = blk;
  b->ip.before = (MlirOperation){NULL};
  MlirValue iter[LB_MAX_ITER], next[LB_MAX_ITER];
  for (intptr_t i = 0; i < niter; ++i)
    iter[i] = mlirBlockGetArgument(blk, i + 1);
  bool ok = body(b, mlirBlockGetArgument(blk, 0), iter, next, user);
  if (ok)
    lbCreate(b, yieldName, kind == LB_LOOP_PARALLEL ? 0 : niter, next, 0, NULL, 0, NULL, NULL);
  b->ip = saved;
  for (intptr_t i = 0; ok && i < niter; ++i)
    out[i] = mlirOperationGetResult(op, i);
  return ok;
}

void lbSetLoopBounds(LbBuilder *b, MlirOperation loop, int64_t lo, int64_t hi) {
  if (opIs(loop, "scf.parallel")) {
    LbPoint saved = b->ip;
    b->ip.block = mlirOperationGetBlock(loop);
    b->ip.before = loop;
    mlirOperationSetOperand(loop, 0, lbConstIndex(b, lo));
    mlirOperationSetOperand(loop, 1, lbConstIndex(b, hi));
    b->ip = saved;
    return;
  }
  mlirOperationSetAttributeByName(loop, sref("lowerBoundMap"), constMap(b, lo));
  mlirOperationSetAttributeByName(loop, sref("upperBoundMap"), constMap(b, hi));
}

bool lbLoopBounds(MlirOperation loop, int64_t *lo, int64_t *hi) {
  if (opIs(loop, "scf.parallel"))
    return lbIsConstIndex(mlirOperationGetOperand(loop, 0), lo) &&
           lbIsConstIndex(mlirOperationGetOperand(loop, 1), hi);
  if (!opIs(loop, "affine.for"))
    return false;
  MlirAttribute l = mlirOperationGetAttributeByName(loop, sref("lowerBoundMap"));
  MlirAttribute h = mlirOperationGetAttributeByName(loop, sref("upperBoundMap"));
  if (!mlirAttributeIsAAffineMap(l) || !mlirAttributeIsAAffineMap(h))
    return false;
  MlirAffineMap lm = mlirAffineMapAttrGetValue(l), hm = mlirAffineMapAttrGetValue(h);
  if (!mlirAffineMapIsSingleConstant(lm) || !mlirAffineMapIsSingleConstant(hm))
    return false;
  *lo = mlirAffineMapGetSingleConstantResult(lm);
  *hi = mlirAffineMapGetSingleConstantResult(hm);
  return true;
}
