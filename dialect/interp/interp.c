/*===- interp.c - the rise reference interpreter: public entry points -----===*\
 *
 * Argument description, host buffers and random inputs, and ariInterpRun,
 * which verifies the function, checks the buffers against its signature,
 * compiles it (interp_compile.c) and executes it (interp_exec.c,
 * interp_scalar.c) inside one arena that holds all interpreter memory.
 *
\*===----------------------------------------------------------------------===*/

#include "dialect/interp/interp_impl.h"
#include "ariadne-c/Types.h"
#include "utils/hash.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>

size_t ariScalarSize(AriScalarKind k) {
  switch (k) {
  case ARI_SCALAR_F32:
  case ARI_SCALAR_I32:
    return 4;
  case ARI_SCALAR_I1:
    return 1;
  case ARI_SCALAR_F64:
  case ARI_SCALAR_I64:
  case ARI_SCALAR_INDEX:
    return 8;
  }
  return 0;
}

static void emitAt(MlirOperation op, const char *msg) {
  mlirEmitError(mlirOperationGetLocation(op), msg);
}

static bool hostScalar(MlirType t, AriScalarKind *k) {
  if (!riseIsScalar(t))
    return false;
  if (mlirTypeIsAF32(t))
    *k = ARI_SCALAR_F32;
  else if (mlirTypeIsAF64(t))
    *k = ARI_SCALAR_F64;
  else if (mlirTypeIsAIndex(t))
    *k = ARI_SCALAR_INDEX;
  else {
    unsigned w = mlirIntegerTypeGetWidth(t);
    *k = w == 1 ? ARI_SCALAR_I1 : w == 32 ? ARI_SCALAR_I32 : ARI_SCALAR_I64;
  }
  return true;
}

/* A scalar or 1-D vector as (scalar kind, lanes). */
static bool hostElement(MlirType t, AriScalarKind *k, int64_t *lanes) {
  *lanes = 1;
  if (hostScalar(t, k))
    return true;
  if (!riseIsScalarOrVector(t))
    return false;
  *lanes = mlirShapedTypeGetDimSize(t, 0);
  return *lanes > 0 && hostScalar(mlirShapedTypeGetElementType(t), k);
}

static bool describeOne(MlirType t, AriHostArg *a) {
  memset(a, 0, sizeof *a);
  if (mlirTypeIsAMemRef(t)) {
    intptr_t rank = mlirShapedTypeGetRank(t);
    if (!mlirShapedTypeHasStaticShape(t) || rank > ARI_MAX_RANK ||
        !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t)))
      return false;
    a->isMemRef = true;
    a->rank = (int)rank;
    for (intptr_t i = 0; i < rank; ++i)
      a->shape[i] = mlirShapedTypeGetDimSize(t, i);
    return hostElement(mlirShapedTypeGetElementType(t), &a->scalar, &a->lanes);
  }
  return hostElement(t, &a->scalar, &a->lanes);
}

MlirLogicalResult ariInterpDescribeArgs(MlirOperation func, AriHostArg *args, intptr_t cap,
                                        intptr_t *nargs) {
  *nargs = 0;
  if (!riseOpIs(func, "func.func")) {
    emitAt(func, "the rise interpreter runs func.func operations only");
    return mlirLogicalResultFailure();
  }
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(entry)) {
    emitAt(func, "the rise interpreter cannot run a function without a body");
    return mlirLogicalResultFailure();
  }
  intptr_t n = mlirBlockGetNumArguments(entry);
  if (n > cap) {
    char msg[160];
    snprintf(msg, sizeof msg, "the function has %ld arguments; the rise interpreter was given "
                              "room for %ld",
             (long)n, (long)cap);
    emitAt(func, msg);
    return mlirLogicalResultFailure();
  }
  for (intptr_t k = 0; k < n; ++k) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(entry, k));
    if (!describeOne(t, &args[k])) {
      char ts[160], msg[512];
      riseTypeToString(t, ts, sizeof ts);
      snprintf(msg, sizeof msg,
               "argument %ld has type %s, which the rise interpreter cannot pass; arguments "
               "are statically shaped memrefs (identity layout, rank <= %d) of scalars or 1-D "
               "vectors, or scalars (f32, f64, i1, i32, i64, index)",
               (long)k, ts, ARI_MAX_RANK);
      emitAt(func, msg);
      return mlirLogicalResultFailure();
    }
  }
  *nargs = n;
  return mlirLogicalResultSuccess();
}

int64_t ariHostArgNumScalars(const AriHostArg *arg) {
  int64_t n = arg->lanes;
  for (int i = 0; i < arg->rank; ++i)
    if (__builtin_mul_overflow(n, arg->shape[i], &n))
      return -1;
  return n;
}

bool ariHostArgsAlloc(AriHostArg *args, intptr_t nargs, struct AriArena *arena) {
  for (intptr_t k = 0; k < nargs; ++k) {
    int64_t n = ariHostArgNumScalars(&args[k]);
    size_t bytes;
    if (n < 0 || __builtin_mul_overflow((size_t)n, ariScalarSize(args[k].scalar), &bytes))
      return false;
    args[k].data = ariArenaCalloc(arena, bytes ? bytes : 1);
    if (!args[k].data)
      return false;
  }
  return true;
}

/* splitmix64: tiny, and the same sequence on every machine. */
static uint64_t nextRandom(uint64_t *s) {
  return ariHashMix64(*s += ARI_HASH_GOLDEN);
}

void ariHostArgFillRandom(AriHostArg *arg, uint64_t seed) {
  if (!arg->data)
    return;
  uint64_t s = seed;
  int64_t n = ariHostArgNumScalars(arg);
  uint8_t *p = arg->data;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t r = nextRandom(&s);
    switch (arg->scalar) {
    case ARI_SCALAR_F32: {
      /* 24 random bits scaled exactly into [-1, 1) */
      float v = (float)((int32_t)(r >> 40) - (1 << 23)) * 0x1p-23f;
      memcpy(p + i * 4, &v, 4);
      break;
    }
    case ARI_SCALAR_F64: {
      double v = (double)((int64_t)(r >> 11) - ((int64_t)1 << 52)) * 0x1p-52;
      memcpy(p + i * 8, &v, 8);
      break;
    }
    case ARI_SCALAR_I1:
      p[i] = (uint8_t)(r >> 63);
      break;
    case ARI_SCALAR_I32: {
      int32_t v = (int32_t)(r % 17) - 8;
      memcpy(p + i * 4, &v, 4);
      break;
    }
    case ARI_SCALAR_I64: {
      int64_t v = (int64_t)(r % 17) - 8;
      memcpy(p + i * 8, &v, 8);
      break;
    }
    case ARI_SCALAR_INDEX: {
      int64_t v = (int64_t)(r % 8);
      memcpy(p + i * 8, &v, 8);
      break;
    }
    }
  }
}

void ariInterpOutputArgs(MlirOperation func, bool *written, intptr_t nargs) {
  riseFuncOutputArgs(func, written, nargs);
}

/* The buffers must match what the function's signature describes. */
static bool checkArgs(MlirOperation func, const AriHostArg *args, intptr_t nargs,
                      AriArena *arena) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t n = mlirBlockIsNull(entry) ? 0 : mlirBlockGetNumArguments(entry);
  if (!mlirBlockIsNull(entry) && n != nargs) {
    char msg[160];
    snprintf(msg, sizeof msg, "the function takes %ld arguments but %ld were passed", (long)n,
             (long)nargs);
    emitAt(func, msg);
    return false;
  }
  AriHostArg *want = ariArenaAlloc(arena, (size_t)(nargs ? nargs : 1) * sizeof *want);
  if (!want) {
    emitAt(func, "interpreter stopped: out of memory");
    return false;
  }
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, want, nargs, &n)))
    return false;
  for (intptr_t k = 0; k < nargs; ++k) {
    const AriHostArg *a = &args[k], *w = &want[k];
    bool same = a->isMemRef == w->isMemRef && a->scalar == w->scalar && a->lanes == w->lanes &&
                a->rank == w->rank;
    for (int i = 0; same && i < w->rank; ++i)
      same = a->shape[i] == w->shape[i];
    if (!same || !a->data) {
      char msg[160];
      snprintf(msg, sizeof msg, "argument %ld %s", (long)k,
               !same ? "does not match the function's signature (see ariInterpDescribeArgs)"
                     : "has no buffer (data is NULL)");
      emitAt(func, msg);
      return false;
    }
  }
  return true;
}

MlirLogicalResult ariInterpRun(MlirOperation func, AriHostArg *args, intptr_t nargs,
                               const AriInterpLimits *limits, AriInterpCounters *counters) {
  if (counters)
    memset(counters, 0, sizeof *counters);
  if (!riseOpIs(func, "func.func")) {
    emitAt(func, "the rise interpreter runs func.func operations only");
    return mlirLogicalResultFailure();
  }
  /* The compiler relies on the type rules (array shapes, region
   * signatures), so a function built through the C API is checked first. */
  if (!mlirOperationVerify(func))
    return mlirLogicalResultFailure();
  size_t maxBytes = limits && limits->maxBytes ? limits->maxBytes : (size_t)8 << 30;
  AriArena arena;
  ariArenaInit(&arena, maxBytes);
  InterpProg prog;
  InterpExec x;
  memset(&x, 0, sizeof x);
  x.maxOps = limits && limits->maxOps > 0 ? limits->maxOps : INT64_MAX;
  bool ok = checkArgs(func, args, nargs, &arena) && interpCompile(func, args, nargs, &arena, &prog) &&
            interpExecute(&x, &prog);
  x.cnt.ops = x.ops;
  if (counters)
    *counters = x.cnt;
  ariArenaDestroy(&arena);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

double ariHostArgScalar(const AriHostArg *a, int64_t i) {
  const unsigned char *p = (const unsigned char *)a->data + (size_t)i * ariScalarSize(a->scalar);
  switch (a->scalar) {
  case ARI_SCALAR_F32: {
    float v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  case ARI_SCALAR_F64: {
    double v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  case ARI_SCALAR_I1:
    return *p & 1;
  case ARI_SCALAR_I32: {
    int32_t v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  case ARI_SCALAR_I64:
  case ARI_SCALAR_INDEX: {
    int64_t v;
    memcpy(&v, p, sizeof v);
    return (double)v;
  }
  }
  return 0;
}
