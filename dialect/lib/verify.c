/*===- verify.c - the RISE typing rules -----------------------------------===*\
 *
 * One function per op checks the op against its RISE signature (thesis
 * chapter 3, listings 3.5/3.6, and the storage-folding patterns of §3.4).
 * Every diagnostic starts with the op name and the rule, then the sizes or
 * types involved, so that users can tell which law their program breaks.
 *
\*===----------------------------------------------------------------------===*/

#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"
#include "ariadne-c/Work.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  MlirOperation op;
  const char *name; /* "rise.map", for messages */
} VCtx;

static MlirLogicalResult fail(const VCtx *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static MlirLogicalResult fail(const VCtx *v, const char *fmt, ...) {
  char msg[768];
  AriStr o;
  ariStrInitFixed(&o, msg, sizeof msg);
  ariStrPrintf(&o, "'%s' op ", v->name);
  va_list ap;
  va_start(ap, fmt);
  ariStrVPrintf(&o, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(v->op), msg);
  return mlirLogicalResultFailure();
}

static MlirLogicalResult ok(void) { return mlirLogicalResultSuccess(); }

/* Type printing for diagnostics; a few rotating buffers let one message
 * mention several types. */
typedef struct {
  char buf[4][160];
  int next;
} TypeNames;

static const char *tn(TypeNames *names, MlirType t) {
  char *b = names->buf[names->next++ & 3];
  riseTypeToString(t, b, sizeof names->buf[0]);
  return b;
}

/* A byte count saturated at INT64_MAX (riseSatMul) as text. */
static const char *sizeText(int64_t bytes, TypeNames *names) {
  char *b = names->buf[names->next++ & 3];
  if (bytes == INT64_MAX)
    snprintf(b, sizeof names->buf[0], "more than 2^63-1");
  else
    snprintf(b, sizeof names->buf[0], "%lld", (long long)bytes);
  return b;
}

static int64_t attrInt(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return 0;
  return mlirIntegerAttrGetValueInt(a);
}

static MlirType operandType(MlirOperation op, intptr_t i) {
  return mlirValueGetType(mlirOperationGetOperand(op, i));
}

static MlirType resultType(MlirOperation op, intptr_t i) {
  return mlirValueGetType(mlirOperationGetResult(op, i));
}

/* Checks that the lambda region `idx` takes `nargs` parameters of the
 * given types and yields `ret`. */
static MlirLogicalResult checkLambda(const VCtx *v, intptr_t idx, const char *rule,
                                     intptr_t nargs, const MlirType *args, MlirType ret) {
  TypeNames names = {0};
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(v->op, idx));
  if (mlirBlockIsNull(b))
    return fail(v, "rule %s: the function region is empty", rule);
  if (mlirBlockGetNumArguments(b) != nargs)
    return fail(v, "rule %s: the function takes %ld parameter(s) but the region has %ld",
                rule, (long)nargs, (long)mlirBlockGetNumArguments(b));
  for (intptr_t i = 0; i < nargs; ++i) {
    MlirType at = mlirValueGetType(mlirBlockGetArgument(b, i));
    if (!mlirTypeEqual(at, args[i]))
      return fail(v, "rule %s: parameter %ld must have type %s, got %s", rule, (long)i,
                  tn(&names, args[i]), tn(&names, at));
  }
  MlirOperation term = mlirBlockGetTerminator(b);
  if (mlirOperationIsNull(term) ||
      riseOpKind(term) != RISE_OP_YIELD || mlirOperationGetNumOperands(term) != 1)
    return fail(v, "rule %s: the function region must end with rise.yield", rule);
  MlirType yt = operandType(term, 0);
  if (!mlirTypeEqual(yt, ret))
    return fail(v, "rule %s: the function must yield %s, yields %s", rule, tn(&names, ret),
                tn(&names, yt));
  return ok();
}

static MlirLogicalResult expectType(const VCtx *v, const char *rule, const char *what,
                                    MlirType got, MlirType want) {
  TypeNames names = {0};
  if (!mlirTypeEqual(got, want))
    return fail(v, "rule %s: %s must be %s, got %s", rule, what, tn(&names, want),
                tn(&names, got));
  return ok();
}

static MlirLogicalResult expectArray(const VCtx *v, const char *rule, const char *what,
                                     MlirType t) {
  TypeNames names = {0};
  if (!mlirTypeIsARiseArray(t))
    return fail(v, "rule %s: %s must be a !rise.array, got %s", rule, what, tn(&names, t));
  return ok();
}

static MlirLogicalResult expectData(const VCtx *v, const char *what, MlirType t) {
  TypeNames names = {0};
  if (!riseIsDataType(t))
    return fail(v, "%s must be a rise data type (scalar, 1-D vector, pair or array), got %s",
                what, tn(&names, t));
  return ok();
}

#define TRY(x)                                                                 \
  do {                                                                         \
    MlirLogicalResult r_ = (x);                                                \
    if (mlirLogicalResultIsFailure(r_))                                        \
      return r_;                                                               \
  } while (0)

static MlirType arr(MlirType elem, int64_t n) { return mlirRiseArrayTypeGet(elem, n); }

/* Result sizes computed from operand sizes must fit in int64. */
static MlirLogicalResult sizeMul(const VCtx *v, const char *rule, int64_t a, int64_t b,
                                 int64_t *r) {
  if (__builtin_mul_overflow(a, b, r))
    return fail(v, "rule %s: the result size %lld * %lld does not fit in 64 bits", rule,
                (long long)a, (long long)b);
  return ok();
}

static MlirLogicalResult sizeAdd3(const VCtx *v, const char *rule, int64_t a, int64_t b,
                                  int64_t c, int64_t *r) {
  if (__builtin_add_overflow(a, b, r) || __builtin_add_overflow(*r, c, r))
    return fail(v, "rule %s: the result size %lld + %lld + %lld does not fit in 64 bits",
                rule, (long long)a, (long long)b, (long long)c);
  return ok();
}
static int64_t len(MlirType t) { return mlirRiseArrayTypeGetSize(t); }
static MlirType elt(MlirType t) { return mlirRiseArrayTypeGetElementType(t); }

/* rise.in / rise.out never appear inside a lambda: memory is only touched at
 * the function boundary. */
static MlirLogicalResult checkBoundary(const VCtx *v) {
  for (MlirOperation p = mlirOperationGetParentOperation(v->op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (riseOpIsRise(p))
      return fail(v, "memory is only read and written at the function boundary, not "
                     "inside a rise pattern");
  return ok();
}

static MlirLogicalResult verifyBoundary(const VCtx *v, MlirType value, MlirType memref) {
  TypeNames names = {0};
  TRY(checkBoundary(v));
  if (!mlirShapedTypeHasStaticShape(memref))
    return fail(v, "rule memref-view: memref %s must have a static shape", tn(&names, memref));
  if (!mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(memref)))
    return fail(v, "rule memref-view: memref %s must have the identity layout",
                tn(&names, memref));
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(memref); ++i)
    if (mlirShapedTypeGetDimSize(memref, i) <= 0)
      return fail(v, "rule memref-view: memref %s has an empty dimension, but rise arrays "
                     "have at least one element",
                  tn(&names, memref));
  MlirType want = riseArrayForMemRef(memref);
  if (!riseIsScalarOrVector(mlirShapedTypeGetElementType(memref)))
    return fail(v, "rule memref-view: memref element type must be a scalar or 1-D vector, "
                   "got %s",
                tn(&names, mlirShapedTypeGetElementType(memref)));
  return expectType(v, "memref-view", "the rise value for this memref", value, want);
}

static MlirLogicalResult verifyMap(const VCtx *v) {
  TypeNames names = {0};
  MlirOperation op = v->op;
  MlirRisePatternKind k = mlirRisePatternKindAttrGetValue(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("kind")));
  MlirAttribute dim = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("dim"));
  bool gpu = k == MlirRisePatternKindGlobal || k == MlirRisePatternKindWorkgroup ||
             k == MlirRisePatternKindLocal;
  if (gpu && mlirAttributeIsNull(dim))
    return fail(v, "rule map%s(dim): a GPU map needs a dimension, e.g. %s(0)",
                mlirRisePatternKindGetName(k), mlirRisePatternKindGetName(k));
  if (!gpu && !mlirAttributeIsNull(dim))
    return fail(v, "only global, workgroup and local maps take a dimension");
  if (gpu && (attrInt(op, "dim") < 0 || attrInt(op, "dim") > 2))
    return fail(v, "rule map%s(dim): dimension must be 0, 1 or 2, got %lld",
                mlirRisePatternKindGetName(k), (long long)attrInt(op, "dim"));
  MlirType in = operandType(op, 0), out = resultType(op, 0);
  if (k == MlirRisePatternKindVec) {
    /* mapVec : (s -> t) -> <n>s -> <n>t */
    if (!mlirTypeIsAVector(in) || !mlirTypeIsAVector(out) ||
        mlirShapedTypeGetRank(in) != 1 || mlirShapedTypeGetRank(out) != 1)
      return fail(v, "rule mapVec: (s -> t) -> <n>s -> <n>t needs 1-D vectors, got %s -> %s",
                  tn(&names, in), tn(&names, out));
    if (mlirShapedTypeGetDimSize(in, 0) != mlirShapedTypeGetDimSize(out, 0))
      return fail(v, "rule mapVec: lane counts differ: %lld vs %lld",
                  (long long)mlirShapedTypeGetDimSize(in, 0),
                  (long long)mlirShapedTypeGetDimSize(out, 0));
    MlirType s = mlirShapedTypeGetElementType(in);
    return checkLambda(v, 0, "mapVec", 1, &s, mlirShapedTypeGetElementType(out));
  }
  if (mlirTypeIsAVector(in))
    return fail(v, "rule map: input %s is a vector; map over vector lanes is 'rise.map vec'",
                tn(&names, in));
  TRY(expectArray(v, "map", "input", in));
  TRY(expectArray(v, "map", "result", out));
  if (len(in) != len(out))
    return fail(v, "rule map: (s -> t) -> n.s -> n.t keeps n, but input has %lld elements "
                   "and result %lld",
                (long long)len(in), (long long)len(out));
  MlirType s = elt(in);
  return checkLambda(v, 0, "map", 1, &s, elt(out));
}

static MlirLogicalResult verifyReduce(const VCtx *v) {
  MlirOperation op = v->op;
  MlirRisePatternKind k = mlirRisePatternKindAttrGetValue(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("kind")));
  if (k != MlirRisePatternKindNone && k != MlirRisePatternKindSeq &&
      k != MlirRisePatternKindUnroll)
    return fail(v, "reduce has no '%s' form; its low-level forms are seq and unroll",
                mlirRisePatternKindGetName(k));
  MlirType init = operandType(op, 0), in = operandType(op, 1), out = resultType(op, 0);
  TRY(expectArray(v, "reduce", "input", in));
  TRY(expectData(v, "accumulator", init));
  TRY(expectType(v, "reduce", "result", out, init));
  if (k == MlirRisePatternKindNone)
    TRY(expectType(v, "reduce : (t -> t -> t) -> t -> n.t -> t", "the initial value", init,
                   elt(in)));
  MlirType args[2] = {init, elt(in)};
  return checkLambda(v, 0, k == MlirRisePatternKindNone ? "reduce" : "reduceSeq", 2, args,
                     init);
}

static MlirLogicalResult verifyZip(const VCtx *v) {
  MlirOperation op = v->op;
  MlirType a = operandType(op, 0), b = operandType(op, 1);
  TRY(expectArray(v, "zip", "first input", a));
  TRY(expectArray(v, "zip", "second input", b));
  if (len(a) != len(b))
    return fail(v, "rule zip : n.s -> n.t -> n.(s x t): lengths differ: %lld vs %lld",
                (long long)len(a), (long long)len(b));
  MlirType want = arr(mlirRisePairTypeGet(mlirOperationGetContext(op), elt(a), elt(b)), len(a));
  return expectType(v, "zip", "result", resultType(op, 0), want);
}

static MlirLogicalResult verifyUnzip(const VCtx *v) {
  TypeNames names = {0};
  MlirOperation op = v->op;
  MlirType in = operandType(op, 0);
  TRY(expectArray(v, "unzip", "input", in));
  if (!mlirTypeIsARisePair(elt(in)))
    return fail(v, "rule unzip : n.(s x t) -> (n.s x n.t): elements must be pairs, got %s",
                tn(&names, elt(in)));
  TRY(expectType(v, "unzip", "first result", resultType(op, 0),
                 arr(mlirRisePairTypeGetFirst(elt(in)), len(in))));
  return expectType(v, "unzip", "second result", resultType(op, 1),
                    arr(mlirRisePairTypeGetSecond(elt(in)), len(in)));
}

static MlirLogicalResult verifyPair(const VCtx *v) {
  MlirOperation op = v->op;
  TRY(expectData(v, "first component", operandType(op, 0)));
  TRY(expectData(v, "second component", operandType(op, 1)));
  MlirType want = mlirRisePairTypeGet(mlirOperationGetContext(op), operandType(op, 0),
                                      operandType(op, 1));
  return expectType(v, "pair", "result", resultType(op, 0), want);
}

static MlirLogicalResult verifyProj(const VCtx *v, bool first) {
  TypeNames names = {0};
  MlirOperation op = v->op;
  MlirType in = operandType(op, 0);
  const char *rule = first ? "fst : (s x t) -> s" : "snd : (s x t) -> t";
  if (!mlirTypeIsARisePair(in))
    return fail(v, "rule %s: input must be a !rise.pair, got %s", rule, tn(&names, in));
  return expectType(v, rule, "result", resultType(op, 0),
                    first ? mlirRisePairTypeGetFirst(in) : mlirRisePairTypeGetSecond(in));
}

static MlirLogicalResult verifySplit(const VCtx *v) {
  MlirOperation op = v->op;
  MlirType in = operandType(op, 0);
  int64_t n = attrInt(op, "n");
  TRY(expectArray(v, "split", "input", in));
  if (n <= 0)
    return fail(v, "rule split n : (m*n).t -> m.n.t: n must be positive, got %lld", (long long)n);
  if (len(in) % n != 0)
    return fail(v, "rule split n : (m*n).t -> m.n.t: input size %lld is not divisible by "
                   "n = %lld",
                (long long)len(in), (long long)n);
  return expectType(v, "split", "result", resultType(op, 0), arr(arr(elt(in), n), len(in) / n));
}

static MlirLogicalResult verifyJoin(const VCtx *v) {
  MlirOperation op = v->op;
  MlirType in = operandType(op, 0);
  TRY(expectArray(v, "join : n.m.t -> (n*m).t", "input", in));
  TRY(expectArray(v, "join : n.m.t -> (n*m).t", "input element", elt(in)));
  int64_t n;
  TRY(sizeMul(v, "join : n.m.t -> (n*m).t", len(in), len(elt(in)), &n));
  return expectType(v, "join : n.m.t -> (n*m).t", "result", resultType(op, 0),
                    arr(elt(elt(in)), n));
}

static MlirLogicalResult verifyTranspose(const VCtx *v) {
  MlirOperation op = v->op;
  MlirType in = operandType(op, 0);
  TRY(expectArray(v, "transpose : n.m.t -> m.n.t", "input", in));
  TRY(expectArray(v, "transpose : n.m.t -> m.n.t", "input element", elt(in)));
  return expectType(v, "transpose : n.m.t -> m.n.t", "result", resultType(op, 0),
                    arr(arr(elt(elt(in)), len(in)), len(elt(in))));
}

/* Windows of `sz` elements every `sp`: (sp*n + sz - sp).t -> n.sz.t. */
static MlirLogicalResult verifyWindows(const VCtx *v, const char *rule, MlirType in,
                                       int64_t sz, int64_t sp, MlirType winElem) {
  TRY(expectArray(v, rule, "input", in));
  if (sz <= 0 || sp <= 0)
    return fail(v, "rule %s: window size and step must be positive, got %lld and %lld", rule,
                (long long)sz, (long long)sp);
  if (len(in) < sz)
    return fail(v, "rule %s: input size %lld is smaller than the window size %lld", rule,
                (long long)len(in), (long long)sz);
  if ((len(in) - sz) % sp != 0)
    return fail(v, "rule %s: input size %lld minus window size %lld is not divisible by the "
                   "step %lld",
                rule, (long long)len(in), (long long)sz, (long long)sp);
  int64_t n = (len(in) - sz) / sp + 1;
  return expectType(v, rule, "result", resultType(v->op, 0), arr(arr(winElem, sz), n));
}

static MlirLogicalResult verifyPad(const VCtx *v, bool cst) {
  MlirOperation op = v->op;
  const char *rule = cst ? "padCst l r c : n.t -> (l+n+r).t" : "padClamp l r : n.t -> (l+n+r).t";
  MlirType in = operandType(op, 0);
  int64_t l = attrInt(op, "left"), r = attrInt(op, "right");
  TRY(expectArray(v, rule, "input", in));
  if (l < 0 || r < 0)
    return fail(v, "rule %s: padding must not be negative, got %lld and %lld", rule,
                (long long)l, (long long)r);
  if (cst)
    TRY(expectType(v, rule, "the padding value", operandType(op, 1), elt(in)));
  int64_t n;
  TRY(sizeAdd3(v, rule, l, len(in), r, &n));
  return expectType(v, rule, "result", resultType(op, 0), arr(elt(in), n));
}

static MlirLogicalResult verifyGenerate(const VCtx *v) {
  MlirType out = resultType(v->op, 0);
  TRY(expectArray(v, "generate : (idx[n] -> t) -> n.t", "result", out));
  MlirType idx = mlirIndexTypeGet(mlirOperationGetContext(v->op));
  return checkLambda(v, 0, "generate : (idx[n] -> t) -> n.t", 1, &idx, elt(out));
}

static MlirLogicalResult verifyIdx(const VCtx *v) {
  MlirType in = operandType(v->op, 0);
  TRY(expectArray(v, "idx : idx[n] -> n.t -> t", "input", in));
  return expectType(v, "idx : idx[n] -> n.t -> t", "result", resultType(v->op, 0), elt(in));
}

static MlirLogicalResult verifyLiteral(const VCtx *v) {
  TypeNames names = {0};
  MlirAttribute val =
      mlirOperationGetAttributeByName(v->op, mlirStringRefCreateFromCString("value"));
  if (!mlirAttributeIsADenseElements(val))
    return fail(v, "rule literal: the value must be a dense elements attribute");
  MlirType t = mlirAttributeGetType(val);
  MlirType out = resultType(v->op, 0);
  TRY(expectArray(v, "literal", "result", out));
  if (!mlirTypeIsATensor(t) || !mlirShapedTypeHasStaticShape(t) || mlirShapedTypeGetRank(t) < 1)
    return fail(v, "rule literal: the value must be a statically shaped tensor of rank >= 1, "
                   "got %s",
                tn(&names, t));
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
    if (mlirShapedTypeGetDimSize(t, i) <= 0)
      return fail(v, "rule literal: value %s has an empty dimension", tn(&names, t));
  MlirType want = riseArrayForMemRef(t);
  if (!mlirTypeEqual(out, want))
    return fail(v, "rule literal: a value of type %s gives %s, but the result is %s",
                tn(&names, t), tn(&names, want), tn(&names, out));
  int64_t bytes = riseValueBytes(out);
  if (bytes > RISE_MAX_STATIC_BYTES)
    return fail(v, "rule literal: value %s is %s bytes, more than the %lld a literal may hold",
                tn(&names, t), sizeText(bytes, &names), (long long)RISE_MAX_STATIC_BYTES);
  return ok();
}

static MlirLogicalResult verifyAsVector(const VCtx *v) {
  TypeNames names = {0};
  MlirOperation op = v->op;
  MlirType in = operandType(op, 0);
  int64_t m = attrInt(op, "width");
  const char *rule = "asVector m : (n*m).t -> n.<m>t";
  TRY(expectArray(v, rule, "input", in));
  if (!riseIsScalar(elt(in)))
    return fail(v, "rule %s: elements must be scalars, got %s", rule, tn(&names, elt(in)));
  if (m <= 0)
    return fail(v, "rule %s: width must be positive, got %lld", rule, (long long)m);
  if (len(in) % m != 0)
    return fail(v, "rule %s: input size %lld is not divisible by the vector width %lld", rule,
                (long long)len(in), (long long)m);
  int64_t shape[1] = {m};
  return expectType(v, rule, "result", resultType(op, 0),
                    arr(mlirVectorTypeGet(1, shape, elt(in)), len(in) / m));
}

static MlirLogicalResult verifyAsScalar(const VCtx *v) {
  TypeNames names = {0};
  MlirType in = operandType(v->op, 0);
  const char *rule = "asScalar : n.<m>t -> (n*m).t";
  TRY(expectArray(v, rule, "input", in));
  MlirType e = elt(in);
  if (!mlirTypeIsAVector(e) || mlirShapedTypeGetRank(e) != 1)
    return fail(v, "rule %s: elements must be 1-D vectors, got %s", rule, tn(&names, e));
  int64_t n;
  TRY(sizeMul(v, rule, len(in), mlirShapedTypeGetDimSize(e, 0), &n));
  return expectType(v, rule, "result", resultType(v->op, 0),
                    arr(mlirShapedTypeGetElementType(e), n));
}

static MlirLogicalResult verifyVectorFromScalar(const VCtx *v) {
  TypeNames names = {0};
  MlirType in = operandType(v->op, 0), out = resultType(v->op, 0);
  const char *rule = "vectorFromScalar : t -> <m>t";
  if (!riseIsScalar(in))
    return fail(v, "rule %s: input must be a scalar, got %s", rule, tn(&names, in));
  if (!mlirTypeIsAVector(out) || mlirShapedTypeGetRank(out) != 1 ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(out), in))
    return fail(v, "rule %s: result must be a 1-D vector of %s, got %s", rule, tn(&names, in),
                tn(&names, out));
  return ok();
}

static MlirLogicalResult verifyCircularBuffer(const VCtx *v) {
  TypeNames names = {0};
  MlirOperation op = v->op;
  const char *rule = "circularBuffer a alloc m load : (n+m-1).s -> n.m.t";
  int64_t alloc = attrInt(op, "alloc"), m = attrInt(op, "size");
  MlirType in = operandType(op, 0), out = resultType(op, 0);
  TRY(expectArray(v, rule, "result", out));
  TRY(expectArray(v, rule, "result element", elt(out)));
  if (alloc < m)
    return fail(v, "rule %s: alloc %lld must be at least the window size %lld", rule,
                (long long)alloc, (long long)m);
  TRY(verifyWindows(v, rule, in, m, 1, elt(elt(out))));
  int64_t bytes = riseSatMul(riseValueBytes(elt(elt(out))), alloc);
  if (bytes > RISE_MAX_STATIC_BYTES)
    return fail(v, "rule %s: a ring of %lld slots of %s is %s bytes, more than the %lld a "
                   "circular buffer may hold",
                rule, (long long)alloc, tn(&names, elt(elt(out))), sizeText(bytes, &names),
                (long long)RISE_MAX_STATIC_BYTES);
  MlirType s = elt(in);
  return checkLambda(v, 0, rule, 1, &s, elt(elt(out)));
}

static MlirLogicalResult verifyRotateValues(const VCtx *v) {
  MlirOperation op = v->op;
  const char *rule = "rotateValues a m write : (n+m-1).t -> n.m.t";
  MlirType in = operandType(op, 0);
  TRY(expectArray(v, rule, "input", in));
  TRY(verifyWindows(v, rule, in, attrInt(op, "size"), 1, elt(in)));
  MlirType t = elt(in);
  TRY(checkLambda(v, 0, rule, 1, &t, t));
  /* The thesis requires write to be the identity: values are rotated
   * between iterations, so a computing write would apply repeatedly. */
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (!mlirValueEqual(mlirOperationGetOperand(mlirBlockGetTerminator(b), 0),
                      mlirBlockGetArgument(b, 0)))
    return fail(v, "rule %s: write must be the identity function (yield its parameter)", rule);
  return ok();
}

static MlirLogicalResult verifyKernel(const VCtx *v) {
  MlirOperation op = v->op;
  MlirAttribute lo = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("local"));
  MlirAttribute gl = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("global"));
  const char *rule = "oclRun(local, global)";
  intptr_t n = mlirDenseArrayGetNumElements(lo);
  if (n < 1 || n > 3 || mlirDenseArrayGetNumElements(gl) != n)
    return fail(v, "rule %s: local and global sizes need the same number of dimensions, 1 "
                   "to 3; got %ld and %ld",
                rule, (long)n, (long)mlirDenseArrayGetNumElements(gl));
  for (intptr_t i = 0; i < n; ++i) {
    int64_t l = mlirDenseI64ArrayGetElement(lo, i), g = mlirDenseI64ArrayGetElement(gl, i);
    if (l <= 0 || g <= 0)
      return fail(v, "rule %s: sizes must be positive, dimension %ld has local %lld and global "
                     "%lld",
                  rule, (long)i, (long long)l, (long long)g);
    if (g % l != 0)
      return fail(v, "rule %s: global size %lld is not a multiple of local size %lld in "
                     "dimension %ld",
                  rule, (long long)g, (long long)l, (long)i);
  }
  TRY(expectData(v, "result", resultType(op, 0)));
  return checkLambda(v, 0, rule, 0, NULL, resultType(op, 0));
}

MlirLogicalResult ariadneRiseVerifyOp(MlirOperation op) {
  char name[64];
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = s.length < sizeof name - 1 ? s.length : sizeof name - 1;
  memcpy(name, s.data, n);
  name[n] = 0;
  VCtx v = {op, name};

  /* Every value a rise op produces is data: functions are never values. */
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    TRY(expectData(&v, "result", resultType(op, i)));

  /* No default: an op added to ariadne-c/RiseOps.def does not compile
   * until it has a rule here. */
  switch (riseOpKind(op)) {
  case RISE_OP_IN:
    return verifyBoundary(&v, resultType(op, 0), operandType(op, 0));
  case RISE_OP_OUT:
    return verifyBoundary(&v, operandType(op, 0), operandType(op, 1));
  case RISE_OP_MAP:
    return verifyMap(&v);
  case RISE_OP_REDUCE:
    return verifyReduce(&v);
  case RISE_OP_ZIP:
    return verifyZip(&v);
  case RISE_OP_UNZIP:
    return verifyUnzip(&v);
  case RISE_OP_PAIR:
    return verifyPair(&v);
  case RISE_OP_FST:
    return verifyProj(&v, true);
  case RISE_OP_SND:
    return verifyProj(&v, false);
  case RISE_OP_SPLIT:
    return verifySplit(&v);
  case RISE_OP_JOIN:
    return verifyJoin(&v);
  case RISE_OP_TRANSPOSE:
    return verifyTranspose(&v);
  case RISE_OP_SLIDE: {
    MlirType in = operandType(op, 0);
    TRY(expectArray(&v, "slide sz sp : (sp*n+sz-sp).t -> n.sz.t", "input", in));
    return verifyWindows(&v, "slide sz sp : (sp*n+sz-sp).t -> n.sz.t", in,
                         attrInt(op, "size"), attrInt(op, "step"), elt(in));
  }
  case RISE_OP_PAD_CST:
    return verifyPad(&v, true);
  case RISE_OP_PAD_CLAMP:
    return verifyPad(&v, false);
  case RISE_OP_GENERATE:
    return verifyGenerate(&v);
  case RISE_OP_IDX:
    return verifyIdx(&v);
  case RISE_OP_LITERAL:
    return verifyLiteral(&v);
  case RISE_OP_TO_MEM:
    return expectData(&v, "toMem's value", operandType(op, 0));
  case RISE_OP_AS_VECTOR:
    return verifyAsVector(&v);
  case RISE_OP_AS_SCALAR:
    return verifyAsScalar(&v);
  case RISE_OP_VECTOR_FROM_SCALAR:
    return verifyVectorFromScalar(&v);
  case RISE_OP_CIRCULAR_BUFFER:
    return verifyCircularBuffer(&v);
  case RISE_OP_ROTATE_VALUES:
    return verifyRotateValues(&v);
  case RISE_OP_KERNEL:
    return verifyKernel(&v);
  case RISE_OP_YIELD:
    return expectData(&v, "the yielded value", operandType(op, 0));
  case RISE_OP_NONE:
    break;
  }
  return fail(&v, "has no type rule (internal error: op missing from verify.c)");
}
