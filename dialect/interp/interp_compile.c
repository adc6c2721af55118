/*===- interp_compile.c - func.func to the interpreter's node tree --------===*\
 *
 * One walk over the function turns every op into an InterpNode: operands
 * and results become slot numbers, attributes become integers, types
 * become layouts, regions become InterpBodies, and constants are decoded
 * into their blobs. Every op or type the interpreter cannot run is
 * diagnosed here, at its location, so a program that fails to compile never
 * starts.
 *
 * Node fields per kind (sizes in bytes):
 *   IN         in0 memref; osz value size
 *   OUT        in0 value, in1 memref; osz value size
 *   MAP        in0 input; trips n; isz/osz element sizes
 *   REDUCE     in0 init, in1 input; trips n; isz element, osz accumulator
 *   ZIP/UNZIP  trips n; a, b component sizes
 *   PAIR       a, b component sizes
 *   SND        a offset of the second component
 *   TRANSPOSE  a rows n, b columns m (of n.m.t); isz size(t)
 *   SLIDE      trips windows; a window size, b step; isz element
 *   PAD_*      a left, b right, c input length; isz element
 *   GENERATE   trips n; osz element; store2 the index cell
 *   IDX        a length; isz element
 *   BROADCAST  trips lanes; isz scalar
 *   CBUF/ROTATE trips input length; isz input element, osz loaded element;
 *              a window size, b windows; store2 the loaded elements
 *   ELEM       trips lanes; sk/osk operand/result scalar; a predicate
 *
\*===----------------------------------------------------------------------===*/

#include "dialect/interp/interp_impl.h"
#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdarg.h>
#include <stdio.h>

/*--- Pointer-keyed maps (values -> slots, types -> layouts) --------------*/

typedef struct PtrMap {
  const void **keys;
  uintptr_t *vals;
  size_t cap, len;
} PtrMap;

static size_t hashPtr(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x;
}

static bool mapInit(PtrMap *m, AriArena *a, size_t cap) {
  m->keys = ariArenaCalloc(a, cap * sizeof *m->keys);
  m->vals = ariArenaAlloc(a, cap * sizeof *m->vals);
  m->cap = cap;
  m->len = 0;
  return m->keys && m->vals;
}

static bool mapGet(const PtrMap *m, const void *k, uintptr_t *v) {
  for (size_t i = hashPtr(k) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (!m->keys[i])
      return false;
    if (m->keys[i] == k) {
      *v = m->vals[i];
      return true;
    }
  }
}

static bool mapPut(PtrMap *m, AriArena *a, const void *k, uintptr_t v) {
  if (2 * (m->len + 1) > m->cap) {
    PtrMap g;
    if (!mapInit(&g, a, m->cap * 2))
      return false;
    for (size_t i = 0; i < m->cap; ++i)
      if (m->keys[i])
        mapPut(&g, a, m->keys[i], m->vals[i]);
    *m = g; /* the old tables stay in the arena until the run ends */
  }
  size_t i = hashPtr(k) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != k)
    i = (i + 1) & (m->cap - 1);
  if (!m->keys[i])
    m->len++;
  m->keys[i] = k;
  m->vals[i] = v;
  return true;
}

/*--- Compile state -------------------------------------------------------*/

typedef struct Cx {
  AriArena *arena;
  PtrMap slots; /* MlirValue.ptr -> slot */
  PtrMap lays;  /* MlirType.ptr -> const InterpLay * (0: unsupported) */
  int32_t nslots, maxSlots;
  uint8_t **val;
  MlirBlock entry;
  bool failed;   /* a diagnostic was emitted */
  bool oom;      /* out of interpreter memory: stop compiling */
  bool layoutOom; /* a layout could not be allocated (reported by valueLay) */
} Cx;

static void opName(MlirOperation op, char *buf, size_t cap) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(buf, s.data, n);
  buf[n] = 0;
}

static void vdiag(MlirOperation op, const char *fmt, va_list ap) {
  char msg[768], name[96];
  opName(op, name, sizeof name);
  AriStr o;
  ariStrInitFixed(&o, msg, sizeof msg);
  ariStrPrintf(&o, "'%s' ", name);
  ariStrVPrintf(&o, fmt, ap);
  mlirEmitError(mlirOperationGetLocation(op), msg);
}

static void diag(Cx *cx, MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void diag(Cx *cx, MlirOperation op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(op, fmt, ap);
  va_end(ap);
  cx->failed = true;
}

bool interpFail(const InterpNode *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(n->op, fmt, ap);
  va_end(ap);
  return false;
}

static void outOfMemory(Cx *cx, MlirOperation op, size_t size) {
  char msg[256];
  if (size == SIZE_MAX)
    snprintf(msg, sizeof msg,
             "interpreter stopped: memory limit of %zu bytes reached (a value is too large to "
             "address)",
             cx->arena->limit);
  else
    snprintf(msg, sizeof msg,
             "interpreter stopped: memory limit of %zu bytes reached (allocating %zu bytes)",
             cx->arena->limit, size);
  mlirEmitError(mlirOperationGetLocation(op), msg);
  cx->failed = cx->oom = true;
}

/* A blob of `size` bytes owned by op's node, or NULL (diagnosed). */
static uint8_t *blob(Cx *cx, MlirOperation op, size_t size) {
  if (cx->oom)
    return NULL;
  uint8_t *p = size == SIZE_MAX ? NULL : ariArenaCalloc(cx->arena, size ? size : 1);
  if (!p)
    outOfMemory(cx, op, size);
  return p;
}

/* Arena memory for the compiled form itself. */
static void *mem(Cx *cx, MlirOperation op, size_t size) {
  if (cx->oom)
    return NULL;
  void *p = ariArenaCalloc(cx->arena, size ? size : 1);
  if (!p)
    outOfMemory(cx, op, size);
  return p;
}

/*--- Layouts -------------------------------------------------------------*/

static bool scalarKindOf(MlirType t, AriScalarKind *k) {
  if (mlirTypeIsAF32(t))
    *k = ARI_SCALAR_F32;
  else if (mlirTypeIsAF64(t))
    *k = ARI_SCALAR_F64;
  else if (mlirTypeIsAIndex(t))
    *k = ARI_SCALAR_INDEX;
  else if (riseIsScalar(t) && mlirTypeIsAInteger(t)) {
    unsigned w = mlirIntegerTypeGetWidth(t);
    *k = w == 1 ? ARI_SCALAR_I1 : w == 32 ? ARI_SCALAR_I32 : ARI_SCALAR_I64;
  } else
    return false;
  return true;
}

static size_t mulSize(size_t a, int64_t n) {
  size_t r;
  if (a == SIZE_MAX || n < 0 || __builtin_mul_overflow(a, (size_t)n, &r) || r == SIZE_MAX)
    return SIZE_MAX;
  return r;
}

/* The layout of a data type, or NULL when `t` is not one. */
static const InterpLay *layOf(Cx *cx, MlirType t) {
  uintptr_t got;
  if (mapGet(&cx->lays, t.ptr, &got))
    return (const InterpLay *)got;
  InterpLay *l = ariArenaCalloc(cx->arena, sizeof *l);
  if (!l) {
    cx->layoutOom = true;
    return NULL;
  }
  AriScalarKind k;
  bool ok = true;
  if (scalarKindOf(t, &k)) {
    l->kind = LAY_SCALAR;
    l->scalar = k;
    l->n = 1;
    l->size = ariScalarSize(k);
  } else if (riseIsScalarOrVector(t)) {
    scalarKindOf(mlirShapedTypeGetElementType(t), &k);
    l->kind = LAY_VECTOR;
    l->scalar = k;
    l->n = mlirShapedTypeGetDimSize(t, 0);
    l->size = mulSize(ariScalarSize(k), l->n);
    ok = l->n > 0;
  } else if (mlirTypeIsARisePair(t)) {
    l->kind = LAY_PAIR;
    l->elem = layOf(cx, mlirRisePairTypeGetFirst(t));
    l->snd = layOf(cx, mlirRisePairTypeGetSecond(t));
    l->n = 1;
    ok = l->elem && l->snd;
    if (ok)
      l->size = l->elem->size == SIZE_MAX || l->snd->size == SIZE_MAX ||
                        l->elem->size + l->snd->size < l->elem->size
                    ? SIZE_MAX
                    : l->elem->size + l->snd->size;
  } else if (mlirTypeIsARiseArray(t)) {
    l->kind = LAY_ARRAY;
    l->elem = layOf(cx, mlirRiseArrayTypeGetElementType(t));
    l->n = mlirRiseArrayTypeGetSize(t);
    ok = l->elem && l->n > 0;
    if (ok)
      l->size = mulSize(l->elem->size, l->n);
  } else {
    ok = false;
  }
  if (!mapPut(&cx->lays, cx->arena, t.ptr, ok ? (uintptr_t)l : 0)) {
    cx->layoutOom = true;
    return NULL;
  }
  return ok ? l : NULL;
}

static void typeStr(MlirType t, char *buf, size_t cap) { riseTypeToString(t, buf, cap); }

/* The layout of a value of `op`, diagnosing types the interpreter cannot
 * hold. */
static const InterpLay *valueLay(Cx *cx, MlirOperation op, MlirValue v, const char *what) {
  MlirType t = mlirValueGetType(v);
  const InterpLay *l = layOf(cx, t);
  if (!l && cx->layoutOom && !cx->oom)
    outOfMemory(cx, op, sizeof(InterpLay));
  if (!l && !cx->oom) {
    char ts[160];
    typeStr(t, ts, sizeof ts);
    diag(cx, op, "%s has type %s, which the rise interpreter cannot hold (it holds scalars "
                 "f32/f64/i1/i32/i64/index, 1-D vectors of them, pairs and arrays)",
         what, ts);
  }
  return l;
}

/*--- Slots ---------------------------------------------------------------*/

static int32_t newSlot(Cx *cx, MlirValue v) {
  if (cx->nslots >= cx->maxSlots || !mapPut(&cx->slots, cx->arena, v.ptr, (uintptr_t)cx->nslots))
    return -1;
  return cx->nslots++;
}

static int32_t slotOf(Cx *cx, MlirValue v) {
  uintptr_t s;
  return mapGet(&cx->slots, v.ptr, &s) ? (int32_t)s : -1;
}

static int64_t countValues(MlirOperation op) {
  int64_t n = mlirOperationGetNumResults(op);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      n += mlirBlockGetNumArguments(b);
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        n += countValues(o);
    }
  return n;
}

/*--- Ops -----------------------------------------------------------------*/

/* What compileOp does with an op. A rise op's tag is its RiseOpKind (the
 * T_ names below are those of ariadne-c/RiseOps.def); the other ops the
 * interpreter supports are numbered after them and found by name in kOps. */
typedef enum Tag {
  T_NONE = RISE_OP_NONE,
#define RISE_OP(Kind, Name, OdsClass) T_##Kind = RISE_OP_##Kind,
#include "ariadne-c/RiseOps.def"
  T_RETURN = RISE_OP_NUM_KINDS, T_CONSTANT, T_SELECT, T_ELEM
} Tag;

typedef struct OpEntry {
  const char *name;
  uint8_t tag, sub;
} OpEntry;

static const OpEntry kOps[] = {
    {"func.return", T_RETURN, 0},
    {"arith.constant", T_CONSTANT, 0}, {"arith.select", T_SELECT, 0},
    {"arith.addf", T_ELEM, EO_ADDF}, {"arith.subf", T_ELEM, EO_SUBF},
    {"arith.mulf", T_ELEM, EO_MULF}, {"arith.divf", T_ELEM, EO_DIVF},
    {"arith.remf", T_ELEM, EO_REMF}, {"arith.maximumf", T_ELEM, EO_MAXIMUMF},
    {"arith.minimumf", T_ELEM, EO_MINIMUMF}, {"arith.maxnumf", T_ELEM, EO_MAXNUMF},
    {"arith.minnumf", T_ELEM, EO_MINNUMF}, {"math.powf", T_ELEM, EO_POWF},
    {"math.atan2", T_ELEM, EO_ATAN2}, {"math.copysign", T_ELEM, EO_COPYSIGN},
    {"arith.negf", T_ELEM, EO_NEGF}, {"math.exp", T_ELEM, EO_EXP},
    {"math.exp2", T_ELEM, EO_EXP2}, {"math.expm1", T_ELEM, EO_EXPM1},
    {"math.log", T_ELEM, EO_LOG}, {"math.log2", T_ELEM, EO_LOG2},
    {"math.log10", T_ELEM, EO_LOG10}, {"math.log1p", T_ELEM, EO_LOG1P},
    {"math.sqrt", T_ELEM, EO_SQRT}, {"math.rsqrt", T_ELEM, EO_RSQRT},
    {"math.sin", T_ELEM, EO_SIN}, {"math.cos", T_ELEM, EO_COS}, {"math.tan", T_ELEM, EO_TAN},
    {"math.tanh", T_ELEM, EO_TANH}, {"math.atan", T_ELEM, EO_ATAN},
    {"math.erf", T_ELEM, EO_ERF}, {"math.cbrt", T_ELEM, EO_CBRT},
    {"math.absf", T_ELEM, EO_ABSF}, {"math.floor", T_ELEM, EO_FLOOR},
    {"math.ceil", T_ELEM, EO_CEIL}, {"math.round", T_ELEM, EO_ROUND},
    {"math.trunc", T_ELEM, EO_TRUNC}, {"math.roundeven", T_ELEM, EO_ROUNDEVEN},
    {"math.fma", T_ELEM, EO_FMA}, {"arith.cmpf", T_ELEM, EO_CMPF},
    {"arith.addi", T_ELEM, EO_ADDI}, {"arith.subi", T_ELEM, EO_SUBI},
    {"arith.muli", T_ELEM, EO_MULI}, {"arith.divsi", T_ELEM, EO_DIVSI},
    {"arith.divui", T_ELEM, EO_DIVUI}, {"arith.remsi", T_ELEM, EO_REMSI},
    {"arith.remui", T_ELEM, EO_REMUI}, {"arith.ceildivsi", T_ELEM, EO_CEILDIVSI},
    {"arith.ceildivui", T_ELEM, EO_CEILDIVUI}, {"arith.floordivsi", T_ELEM, EO_FLOORDIVSI},
    {"arith.andi", T_ELEM, EO_ANDI}, {"arith.ori", T_ELEM, EO_ORI},
    {"arith.xori", T_ELEM, EO_XORI}, {"arith.shli", T_ELEM, EO_SHLI},
    {"arith.shrsi", T_ELEM, EO_SHRSI}, {"arith.shrui", T_ELEM, EO_SHRUI},
    {"arith.maxsi", T_ELEM, EO_MAXSI}, {"arith.minsi", T_ELEM, EO_MINSI},
    {"arith.maxui", T_ELEM, EO_MAXUI}, {"arith.minui", T_ELEM, EO_MINUI},
    {"math.absi", T_ELEM, EO_ABSI}, {"arith.cmpi", T_ELEM, EO_CMPI},
    {"arith.index_cast", T_ELEM, EO_INDEX_CAST},
    {"arith.index_castui", T_ELEM, EO_INDEX_CASTUI}, {"arith.sitofp", T_ELEM, EO_SITOFP},
    {"arith.uitofp", T_ELEM, EO_UITOFP}, {"arith.fptosi", T_ELEM, EO_FPTOSI},
    {"arith.fptoui", T_ELEM, EO_FPTOUI}, {"arith.extf", T_ELEM, EO_EXTF},
    {"arith.truncf", T_ELEM, EO_TRUNCF}, {"arith.extsi", T_ELEM, EO_EXTSI},
    {"arith.extui", T_ELEM, EO_EXTUI}, {"arith.trunci", T_ELEM, EO_TRUNCI},
    {"arith.bitcast", T_ELEM, EO_BITCAST},
};

/* Fills *e for op; false if the interpreter does not support it. */
static bool lookupOp(MlirOperation op, OpEntry *e) {
  RiseOpKind kind = riseOpKind(op);
  if (kind != RISE_OP_NONE) {
    *e = (OpEntry){riseOpKindName(kind), (uint8_t)kind, 0};
    return true;
  }
  for (size_t i = 0; i < sizeof kOps / sizeof kOps[0]; ++i)
    if (riseOpIs(op, kOps[i].name)) {
      *e = kOps[i];
      return true;
    }
  return false;
}

static int64_t attrInt(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return 0;
  return mlirIntegerAttrGetValueInt(a);
}

static bool isFloat(AriScalarKind k) { return k == ARI_SCALAR_F32 || k == ARI_SCALAR_F64; }

/* Decodes `count` elements of a dense elements attribute of scalar kind k
 * into dst (splats repeat their value). */
static bool fillDense(MlirAttribute attr, AriScalarKind k, int64_t count, uint8_t *dst) {
  if (!mlirAttributeIsADenseElements(attr) || mlirElementsAttrGetNumElements(attr) != count)
    return false;
  AriScalarKind ak;
  if (!scalarKindOf(mlirShapedTypeGetElementType(mlirAttributeGetType(attr)), &ak) || ak != k)
    return false;
  size_t sz = ariScalarSize(k);
  for (int64_t i = 0; i < count; ++i) {
    uint8_t *p = dst + (size_t)i * sz;
    switch (k) {
    case ARI_SCALAR_F32:
      interpStF32(p, mlirDenseElementsAttrGetFloatValue(attr, i));
      break;
    case ARI_SCALAR_F64:
      interpStF64(p, mlirDenseElementsAttrGetDoubleValue(attr, i));
      break;
    case ARI_SCALAR_I1:
      *p = mlirDenseElementsAttrGetBoolValue(attr, i) ? 1 : 0;
      break;
    case ARI_SCALAR_I32:
      interpStU(p, k, (uint64_t)(uint32_t)mlirDenseElementsAttrGetInt32Value(attr, i));
      break;
    case ARI_SCALAR_I64:
      interpStU(p, k, (uint64_t)mlirDenseElementsAttrGetInt64Value(attr, i));
      break;
    case ARI_SCALAR_INDEX:
      interpStU(p, k, mlirDenseElementsAttrGetIndexValue(attr, i));
      break;
    }
  }
  return true;
}

/* The innermost scalar kind of an array-of-scalars layout. */
static bool arrayScalar(const InterpLay *l, AriScalarKind *k, int64_t *count) {
  int64_t c = 1;
  while (l->kind == LAY_ARRAY) {
    c *= l->n;
    l = l->elem;
  }
  if (l->kind != LAY_SCALAR)
    return false;
  *k = l->scalar;
  *count = c;
  return true;
}

static bool compileBody(Cx *cx, MlirOperation owner, intptr_t region, InterpBody *body,
                        int32_t nargs);

/* The memref operand i of rise.in/out: an argument of the function. */
static int32_t memrefArg(Cx *cx, MlirOperation op, intptr_t i) {
  MlirValue m = mlirOperationGetOperand(op, i);
  if (!mlirValueIsABlockArgument(m) || !mlirBlockEqual(mlirBlockArgumentGetOwner(m), cx->entry)) {
    diag(cx, op, "accesses a memref that is not an argument of the function; the rise "
                 "interpreter only reads and writes argument buffers");
    return -1;
  }
  return (int32_t)mlirBlockArgumentGetArgNumber(m);
}

/* Elementwise arith/math: checks operand kinds and fills sk, osk, lanes. */
static void compileElem(Cx *cx, MlirOperation op, InterpNode *n, const OpEntry *e) {
  intptr_t nops = mlirOperationGetNumOperands(op);
  intptr_t want = e->sub == EO_FMA || e->sub == EO_SELECT ? 3
                  : (e->sub >= EO_FIRST_FBIN && e->sub <= EO_LAST_FBIN) ||
                          (e->sub >= EO_FIRST_IBIN && e->sub <= EO_LAST_IBIN) ||
                          e->sub == EO_CMPF || e->sub == EO_CMPI
                      ? 2
                      : 1;
  if (nops != want || mlirOperationGetNumResults(op) != 1) {
    diag(cx, op, "has %ld operands; the rise interpreter expects %ld", (long)nops, (long)want);
    return;
  }
  const InterpLay *lo = valueLay(cx, op, mlirOperationGetResult(op, 0), "the result");
  const InterpLay *li[3] = {NULL, NULL, NULL};
  for (intptr_t i = 0; i < nops; ++i)
    if (!(li[i] = valueLay(cx, op, mlirOperationGetOperand(op, i), "an operand")))
      return;
  if (!lo)
    return;
  for (intptr_t i = 0; i < nops; ++i)
    if ((li[i]->kind != LAY_SCALAR && li[i]->kind != LAY_VECTOR) || li[i]->n != lo->n ||
        (lo->kind != LAY_SCALAR && lo->kind != LAY_VECTOR)) {
      diag(cx, op, "must take and give scalars or vectors of one length in the rise "
                   "interpreter");
      return;
    }
  const InterpLay *val = e->sub == EO_SELECT ? li[1] : li[0];
  AriScalarKind sk = val->scalar, osk = lo->scalar;
  bool ok;
  InterpElemOp s = (InterpElemOp)e->sub;
  if ((s >= EO_FIRST_FBIN && s <= EO_LAST_FUN) || s == EO_FMA)
    ok = isFloat(sk) && osk == sk;
  else if (s == EO_CMPF)
    ok = isFloat(sk) && osk == ARI_SCALAR_I1;
  else if ((s >= EO_FIRST_IBIN && s <= EO_LAST_IBIN) || s == EO_ABSI)
    ok = !isFloat(sk) && osk == sk;
  else if (s == EO_CMPI)
    ok = !isFloat(sk) && osk == ARI_SCALAR_I1;
  else if (s == EO_SELECT)
    ok = li[0]->scalar == ARI_SCALAR_I1 && osk == sk && li[2]->scalar == sk;
  else if (s == EO_SITOFP || s == EO_UITOFP)
    ok = !isFloat(sk) && isFloat(osk);
  else if (s == EO_FPTOSI || s == EO_FPTOUI)
    ok = isFloat(sk) && !isFloat(osk);
  else if (s == EO_EXTF || s == EO_TRUNCF)
    ok = isFloat(sk) && isFloat(osk);
  else if (s == EO_BITCAST)
    ok = ariScalarSize(sk) == ariScalarSize(osk) &&
         (sk == ARI_SCALAR_I1) == (osk == ARI_SCALAR_I1);
  else /* index_cast(ui), ext[su]i, trunci */
    ok = !isFloat(sk) && !isFloat(osk);
  if (!ok) {
    diag(cx, op, "has operand or result types the rise interpreter cannot compute with");
    return;
  }
  n->kind = NK_ELEM;
  n->sub = e->sub;
  n->sk = (uint8_t)sk;
  n->osk = (uint8_t)osk;
  n->trips = lo->n;
  if (s == EO_CMPF || s == EO_CMPI) {
    n->a = attrInt(op, "predicate");
    if (n->a < 0 || n->a > (s == EO_CMPF ? 15 : 9)) {
      diag(cx, op, "has an unknown predicate %lld", (long long)n->a);
      return;
    }
  }
  n->store = blob(cx, op, lo->size);
}

static void compileConstant(Cx *cx, MlirOperation op, InterpNode *n, const InterpLay *lo) {
  MlirAttribute v = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (lo->kind != LAY_SCALAR && lo->kind != LAY_VECTOR) {
    diag(cx, op, "must be a scalar or vector constant in the rise interpreter");
    return;
  }
  n->store = blob(cx, op, lo->size);
  if (!n->store)
    return;
  AriScalarKind k = lo->scalar;
  if (lo->kind == LAY_SCALAR && mlirAttributeIsAFloat(v) && isFloat(k)) {
    double d = mlirFloatAttrGetValueDouble(v);
    if (k == ARI_SCALAR_F32)
      interpStF32(n->store, (float)d);
    else
      interpStF64(n->store, d);
  } else if (lo->kind == LAY_SCALAR && mlirAttributeIsAInteger(v) && !isFloat(k)) {
    interpStU(n->store, k, (uint64_t)mlirIntegerAttrGetValueInt(v));
  } else if (!fillDense(v, k, lo->n, n->store)) {
    diag(cx, op, "has a value attribute the rise interpreter cannot decode");
  }
}

static void compileOp(Cx *cx, MlirOperation op, InterpNode *n) {
  n->op = op;
  n->in[0] = n->in[1] = n->in[2] = -1;
  n->out[0] = n->out[1] = -1;
  intptr_t nres = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < nres; ++i) {
    int32_t s = newSlot(cx, mlirOperationGetResult(op, i));
    if (s < 0) {
      outOfMemory(cx, op, 0);
      return;
    }
    if (i < 2)
      n->out[i] = s;
  }
  OpEntry entry;
  const OpEntry *e = &entry;
  if (!lookupOp(op, &entry)) {
    diag(cx, op, "is not supported by the rise interpreter");
    return;
  }
  intptr_t nops = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < nops && i < 3; ++i)
    n->in[i] = slotOf(cx, mlirOperationGetOperand(op, i));
  RiseOpWork w = riseOpWork(op);
  n->flops = w.flops;
  n->transcendentals = w.transcendentals;

  /* Every result of a supported op is data. */
  const InterpLay *lo = NULL, *lo2 = NULL;
  if (nres >= 1 && !(lo = valueLay(cx, op, mlirOperationGetResult(op, 0), "the result")))
    return;
  if (nres >= 2 && !(lo2 = valueLay(cx, op, mlirOperationGetResult(op, 1), "the second result")))
    return;
  /* Rise ops take data operands, except the memrefs of in and out. */
  const InterpLay *li = NULL, *li2 = NULL;
  if (e->tag != T_IN && e->tag != T_OUT && e->tag != T_ELEM && e->tag != T_RETURN &&
      e->tag != T_SELECT && e->tag != T_CONSTANT) {
    if (nops >= 1 && !(li = valueLay(cx, op, mlirOperationGetOperand(op, 0), "the operand")))
      return;
    if (nops >= 2 &&
        !(li2 = valueLay(cx, op, mlirOperationGetOperand(op, 1), "the second operand")))
      return;
  }
  switch ((Tag)e->tag) {
  case T_IN: {
    int32_t m = memrefArg(cx, op, 0);
    n->kind = NK_IN;
    n->in[0] = m;
    n->osz = lo->size;
    n->bytesRead = riseTypeBytes(mlirValueGetType(mlirOperationGetOperand(op, 0)));
    n->store = blob(cx, op, lo->size);
    break;
  }
  case T_OUT: {
    int32_t m = memrefArg(cx, op, 1);
    const InterpLay *lv = valueLay(cx, op, mlirOperationGetOperand(op, 0), "the value");
    if (!lv)
      return;
    n->kind = NK_OUT;
    n->in[1] = m;
    n->osz = lv->size;
    n->bytesWritten = riseTypeBytes(mlirValueGetType(mlirOperationGetOperand(op, 1)));
    break;
  }
  case T_MAP:
    n->kind = NK_MAP;
    n->trips = li->n;
    n->isz = li->kind == LAY_ARRAY ? li->elem->size : ariScalarSize(li->scalar);
    n->osz = lo->kind == LAY_ARRAY ? lo->elem->size : ariScalarSize(lo->scalar);
    if ((li->kind != LAY_ARRAY && li->kind != LAY_VECTOR) || li->n != lo->n) {
      diag(cx, op, "must map over an array or a vector");
      return;
    }
    n->store = blob(cx, op, lo->size);
    n->body = mem(cx, op, sizeof *n->body);
    if (n->body)
      compileBody(cx, op, 0, n->body, 1);
    break;
  case T_REDUCE:
    n->kind = NK_REDUCE;
    n->trips = li2->n;
    n->isz = li2->elem->size;
    n->osz = lo->size;
    n->store = blob(cx, op, lo->size);
    n->body = mem(cx, op, sizeof *n->body);
    if (n->body)
      compileBody(cx, op, 0, n->body, 2);
    break;
  case T_ZIP:
    n->kind = NK_ZIP;
    n->trips = li->n;
    n->a = (int64_t)li->elem->size;
    n->b = (int64_t)li2->elem->size;
    n->store = blob(cx, op, lo->size);
    break;
  case T_UNZIP:
    n->kind = NK_UNZIP;
    n->trips = li->n;
    n->a = (int64_t)li->elem->elem->size;
    n->b = (int64_t)li->elem->snd->size;
    n->store = blob(cx, op, lo->size);
    n->store2 = blob(cx, op, lo2->size);
    break;
  case T_PAIR:
    n->kind = NK_PAIR;
    n->a = (int64_t)li->size;
    n->b = (int64_t)li2->size;
    n->store = blob(cx, op, lo->size);
    break;
  case T_FST:
  case T_SPLIT:
  case T_JOIN:
  case T_TO_MEM:
  case T_AS_VECTOR:
  case T_AS_SCALAR:
    n->kind = NK_ALIAS;
    break;
  case T_SND:
    n->kind = NK_SND;
    n->a = (int64_t)li->elem->size;
    break;
  case T_TRANSPOSE:
    n->kind = NK_TRANSPOSE;
    n->a = li->n;
    n->b = li->elem->n;
    n->isz = li->elem->elem->size;
    n->store = blob(cx, op, lo->size);
    break;
  case T_SLIDE:
    n->kind = NK_SLIDE;
    n->trips = lo->n;
    n->a = attrInt(op, "size");
    n->b = attrInt(op, "step");
    n->isz = li->elem->size;
    n->store = blob(cx, op, lo->size);
    break;
  case T_PAD_CST:
  case T_PAD_CLAMP:
    n->kind = e->tag == T_PAD_CST ? NK_PAD_CST : NK_PAD_CLAMP;
    n->a = attrInt(op, "left");
    n->b = attrInt(op, "right");
    n->c = li->n;
    n->isz = li->elem->size;
    n->store = blob(cx, op, lo->size);
    break;
  case T_GENERATE:
    n->kind = NK_GENERATE;
    n->trips = lo->n;
    n->osz = lo->elem->size;
    n->store = blob(cx, op, lo->size);
    n->store2 = blob(cx, op, sizeof(int64_t));
    n->body = mem(cx, op, sizeof *n->body);
    if (n->body && compileBody(cx, op, 0, n->body, 1) && n->store2)
      cx->val[n->body->arg[0]] = n->store2;
    break;
  case T_IDX:
    n->kind = NK_IDX;
    n->a = li->n;
    n->isz = li->elem->size;
    break;
  case T_LITERAL: {
    AriScalarKind k;
    int64_t count;
    n->kind = NK_NOP;
    n->store = blob(cx, op, lo->size);
    if (!arrayScalar(lo, &k, &count)) {
      diag(cx, op, "must be an array of scalars in the rise interpreter");
      return;
    }
    if (n->store &&
        !fillDense(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value")),
                   k, count, n->store))
      diag(cx, op, "has a value attribute the rise interpreter cannot decode");
    break;
  }
  case T_VECTOR_FROM_SCALAR:
    n->kind = NK_BROADCAST;
    n->trips = lo->n;
    n->isz = li->size;
    n->store = blob(cx, op, lo->size);
    break;
  case T_CIRCULAR_BUFFER:
  case T_ROTATE_VALUES: {
    n->kind = e->tag == T_CIRCULAR_BUFFER ? NK_CBUF : NK_ROTATE;
    n->trips = li->n;
    n->isz = li->elem->size;
    n->osz = lo->elem->elem->size;
    n->a = lo->elem->n;
    n->b = lo->n;
    n->store = blob(cx, op, lo->size);
    n->store2 = blob(cx, op, mulSize(n->osz, n->trips));
    n->body = mem(cx, op, sizeof *n->body);
    if (n->body)
      compileBody(cx, op, 0, n->body, 1);
    break;
  }
  case T_KERNEL:
    n->kind = NK_KERNEL;
    n->body = mem(cx, op, sizeof *n->body);
    if (n->body)
      compileBody(cx, op, 0, n->body, 0);
    break;
  case T_YIELD:
  case T_NONE: /* lookupOp gives no entry for it */
    n->kind = NK_NOP;
    break;
  case T_RETURN:
    n->kind = NK_NOP;
    if (nops != 0)
      diag(cx, op, "returns values, which the rise interpreter does not support; write "
                   "results with rise.out");
    break;
  case T_CONSTANT:
    n->kind = NK_NOP;
    compileConstant(cx, op, n, lo);
    break;
  case T_SELECT: {
    const InterpLay *lc = valueLay(cx, op, mlirOperationGetOperand(op, 0), "the condition");
    if (!lc)
      return;
    if (lc->kind == LAY_SCALAR) {
      if (!valueLay(cx, op, mlirOperationGetOperand(op, 1), "an operand"))
        return;
      n->kind = NK_SELECT;
    } else {
      const OpEntry vectorSelect = {e->name, T_ELEM, EO_SELECT};
      compileElem(cx, op, n, &vectorSelect);
    }
    break;
  }
  case T_ELEM:
    compileElem(cx, op, n, e);
    break;
  }
  if (n->store && n->out[0] >= 0)
    cx->val[n->out[0]] = n->store;
  if (n->store2 && n->out[1] >= 0)
    cx->val[n->out[1]] = n->store2;
}

/* Compiles the single block of region `region` of `owner`, which takes
 * `nargs` parameters and ends in rise.yield; nargs < 0 is the function
 * body, whose arguments are already bound and which ends in func.return. */
static bool compileBody(Cx *cx, MlirOperation owner, intptr_t region, InterpBody *body,
                        int32_t nargs) {
  MlirRegion r = mlirOperationGetRegion(owner, region);
  MlirBlock b = mlirRegionGetFirstBlock(r);
  body->yield = -1;
  if (mlirBlockIsNull(b) || !mlirBlockIsNull(mlirBlockGetNextInRegion(b))) {
    diag(cx, owner, "must have a region of exactly one block in the rise interpreter");
    return false;
  }
  if (nargs >= 0 && mlirBlockGetNumArguments(b) != nargs) {
    diag(cx, owner, "has a region with %ld parameters; the rise interpreter expects %ld",
         (long)mlirBlockGetNumArguments(b), (long)nargs);
    return false;
  }
  body->nargs = nargs > 0 ? nargs : 0;
  for (int32_t i = 0; i < nargs; ++i) {
    MlirValue a = mlirBlockGetArgument(b, i);
    if (!valueLay(cx, owner, a, "a region parameter"))
      return false;
    if ((body->arg[i] = newSlot(cx, a)) < 0) {
      outOfMemory(cx, owner, 0);
      return false;
    }
  }
  int32_t count = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    ++count;
  body->nodes = mem(cx, owner, (size_t)count * sizeof *body->nodes);
  if (!body->nodes)
    return false;
  body->n = count;
  int32_t i = 0;
  MlirOperation last = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o) && !cx->oom;
       o = mlirOperationGetNextInBlock(o))
    compileOp(cx, o, &body->nodes[i++]), last = o;
  if (cx->oom)
    return false;
  if (nargs >= 0) {
    if (mlirOperationIsNull(last) || riseOpKind(last) != RISE_OP_YIELD ||
        mlirOperationGetNumOperands(last) != 1) {
      diag(cx, owner, "must end its region with rise.yield");
      return false;
    }
    body->yield = slotOf(cx, mlirOperationGetOperand(last, 0));
  }
  return !cx->failed;
}

bool interpCompile(MlirOperation func, AriHostArg *args, intptr_t nargs, AriArena *arena,
                   InterpProg *prog) {
  Cx cx;
  memset(&cx, 0, sizeof cx);
  memset(prog, 0, sizeof *prog);
  cx.arena = arena;
  int64_t nvals = countValues(func);
  size_t cap = 16;
  while (cap < 2 * (size_t)nvals + 2)
    cap *= 2;
  cx.maxSlots = (int32_t)(nvals < INT32_MAX ? nvals : INT32_MAX);
  cx.entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  cx.val = ariArenaCalloc(arena, (size_t)(nvals ? nvals : 1) * sizeof *cx.val);
  if (!cx.val || !mapInit(&cx.slots, arena, cap) || !mapInit(&cx.lays, arena, 64)) {
    outOfMemory(&cx, func, 0);
    return false;
  }
  if (mlirBlockIsNull(cx.entry) || mlirBlockGetNumArguments(cx.entry) != nargs) {
    diag(&cx, func, "has no body or a different number of arguments than were passed");
    return false;
  }
  for (intptr_t k = 0; k < nargs; ++k) {
    int32_t s = newSlot(&cx, mlirBlockGetArgument(cx.entry, k));
    if (s < 0) {
      outOfMemory(&cx, func, 0);
      return false;
    }
    cx.val[s] = args[k].data;
  }
  compileBody(&cx, func, 0, &prog->top, -1);
  prog->nslots = cx.nslots;
  prog->val = cx.val;
  return !cx.failed;
}
