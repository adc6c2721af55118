/*===- interp_scalar.c - arith and math ops, lane by lane -----------------===*\
 *
 * Floating-point ops compute in the program's precision: f32 in float with
 * the float functions of libm (expf, sqrtf, fmaf, ...), f64 in double.
 * Integers are held zero-extended in uint64_t and read signed where the op
 * is signed, so wrap-around arithmetic never overflows a C signed type.
 * What MLIR leaves undefined or poison (division by zero, INT_MIN / -1,
 * shifts by the bit width or more, float-to-int conversions out of range)
 * is an error diagnostic: a reference interpreter must not invent a value.
 *
\*===----------------------------------------------------------------------===*/

#include "dialect/interp/interp_impl.h"

#include <inttypes.h>
#include <math.h>

static const char *intTypeName(AriScalarKind k) {
  switch (k) {
  case ARI_SCALAR_I1:
    return "i1";
  case ARI_SCALAR_I32:
    return "i32";
  case ARI_SCALAR_I64:
    return "i64";
  case ARI_SCALAR_INDEX:
    return "index";
  default:
    return "?";
  }
}

/*--- Floats --------------------------------------------------------------*/

/* IEEE maximum/minimum: NaN if either is NaN, and +0 > -0. */
#define DEFINE_FLOAT_OPS(T, SUF)                                                           \
  static T maximum_##T(T a, T b) {                                                         \
    if (isnan(a) || isnan(b))                                                              \
      return a + b;                                                                        \
    if (a == b)                                                                            \
      return signbit(a) ? b : a;                                                           \
    return a > b ? a : b;                                                                  \
  }                                                                                        \
  static T minimum_##T(T a, T b) {                                                         \
    if (isnan(a) || isnan(b))                                                              \
      return a + b;                                                                        \
    if (a == b)                                                                            \
      return signbit(a) ? a : b;                                                           \
    return a < b ? a : b;                                                                  \
  }                                                                                        \
  static T fbin_##T(InterpElemOp s, T a, T b) {                                            \
    switch (s) {                                                                           \
    case EO_ADDF:                                                                          \
      return a + b;                                                                        \
    case EO_SUBF:                                                                          \
      return a - b;                                                                        \
    case EO_MULF:                                                                          \
      return a * b;                                                                        \
    case EO_DIVF:                                                                          \
      return a / b;                                                                        \
    case EO_REMF:                                                                          \
      return fmod##SUF(a, b);                                                              \
    case EO_MAXIMUMF:                                                                      \
      return maximum_##T(a, b);                                                            \
    case EO_MINIMUMF:                                                                      \
      return minimum_##T(a, b);                                                            \
    case EO_MAXNUMF:                                                                       \
      return fmax##SUF(a, b);                                                              \
    case EO_MINNUMF:                                                                       \
      return fmin##SUF(a, b);                                                              \
    case EO_POWF:                                                                          \
      return pow##SUF(a, b);                                                               \
    case EO_ATAN2:                                                                         \
      return atan2##SUF(a, b);                                                             \
    case EO_COPYSIGN:                                                                      \
      return copysign##SUF(a, b);                                                          \
    default:                                                                               \
      return 0;                                                                            \
    }                                                                                      \
  }                                                                                        \
  static T fun_##T(InterpElemOp s, T a) {                                                  \
    switch (s) {                                                                           \
    case EO_NEGF:                                                                          \
      return -a;                                                                           \
    case EO_EXP:                                                                           \
      return exp##SUF(a);                                                                  \
    case EO_EXP2:                                                                          \
      return exp2##SUF(a);                                                                 \
    case EO_EXPM1:                                                                         \
      return expm1##SUF(a);                                                                \
    case EO_LOG:                                                                           \
      return log##SUF(a);                                                                  \
    case EO_LOG2:                                                                          \
      return log2##SUF(a);                                                                 \
    case EO_LOG10:                                                                         \
      return log10##SUF(a);                                                                \
    case EO_LOG1P:                                                                         \
      return log1p##SUF(a);                                                                \
    case EO_SQRT:                                                                          \
      return sqrt##SUF(a);                                                                 \
    case EO_RSQRT:                                                                         \
      return (T)1 / sqrt##SUF(a);                                                          \
    case EO_SIN:                                                                           \
      return sin##SUF(a);                                                                  \
    case EO_COS:                                                                           \
      return cos##SUF(a);                                                                  \
    case EO_TAN:                                                                           \
      return tan##SUF(a);                                                                  \
    case EO_TANH:                                                                          \
      return tanh##SUF(a);                                                                 \
    case EO_ATAN:                                                                          \
      return atan##SUF(a);                                                                 \
    case EO_ERF:                                                                           \
      return erf##SUF(a);                                                                  \
    case EO_CBRT:                                                                          \
      return cbrt##SUF(a);                                                                 \
    case EO_ABSF:                                                                          \
      return fabs##SUF(a);                                                                 \
    case EO_FLOOR:                                                                         \
      return floor##SUF(a);                                                                \
    case EO_CEIL:                                                                          \
      return ceil##SUF(a);                                                                 \
    case EO_ROUND:                                                                         \
      return round##SUF(a);                                                                \
    case EO_TRUNC:                                                                         \
      return trunc##SUF(a);                                                                \
    case EO_ROUNDEVEN: /* the interpreter never changes the rounding mode */              \
      return nearbyint##SUF(a);                                                            \
    default:                                                                               \
      return 0;                                                                            \
    }                                                                                      \
  }

DEFINE_FLOAT_OPS(float, f)
DEFINE_FLOAT_OPS(double, )

static bool cmpf(int64_t p, double a, double b) {
  bool uno = isnan(a) || isnan(b);
  switch (p) {
  case 0: /* false */
    return false;
  case 1: /* oeq */
    return !uno && a == b;
  case 2: /* ogt */
    return !uno && a > b;
  case 3: /* oge */
    return !uno && a >= b;
  case 4: /* olt */
    return !uno && a < b;
  case 5: /* ole */
    return !uno && a <= b;
  case 6: /* one */
    return !uno && a != b;
  case 7: /* ord */
    return !uno;
  case 8: /* ueq */
    return uno || a == b;
  case 9: /* ugt */
    return uno || a > b;
  case 10: /* uge */
    return uno || a >= b;
  case 11: /* ult */
    return uno || a < b;
  case 12: /* ule */
    return uno || a <= b;
  case 13: /* une */
    return uno || a != b;
  case 14: /* uno */
    return uno;
  default: /* true */
    return true;
  }
}

static double ldFloat(const uint8_t *p, AriScalarKind k) {
  return k == ARI_SCALAR_F32 ? (double)interpLdF32(p) : interpLdF64(p);
}

static void stFloat(uint8_t *p, AriScalarKind k, double v) {
  if (k == ARI_SCALAR_F32)
    interpStF32(p, (float)v);
  else
    interpStF64(p, v);
}

/*--- Integers ------------------------------------------------------------*/

static bool cmpi(int64_t p, uint64_t a, uint64_t b, int64_t sa, int64_t sb) {
  switch (p) {
  case 0:
    return a == b;
  case 1:
    return a != b;
  case 2:
    return sa < sb;
  case 3:
    return sa <= sb;
  case 4:
    return sa > sb;
  case 5:
    return sa >= sb;
  case 6:
    return a < b;
  case 7:
    return a <= b;
  case 8:
    return a > b;
  default:
    return a >= b;
  }
}

static bool divByZero(const InterpNode *n) { return interpFail(n, "division by zero"); }

static bool divOverflow(const InterpNode *n, int64_t a, int64_t b) {
  return interpFail(n, "overflows: %" PRId64 " / %" PRId64 " does not fit in %s", a, b,
                    intTypeName((AriScalarKind)n->sk));
}

static bool ibin(const InterpNode *n, uint64_t a, uint64_t b, uint64_t *r) {
  unsigned w = interpIntWidth((AriScalarKind)n->sk);
  int64_t sa = interpSext(a, w), sb = interpSext(b, w);
  int64_t smin = w == 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
  switch ((InterpElemOp)n->sub) {
  case EO_ADDI:
    *r = a + b;
    return true;
  case EO_SUBI:
    *r = a - b;
    return true;
  case EO_MULI:
    *r = a * b;
    return true;
  case EO_DIVSI:
  case EO_REMSI:
  case EO_CEILDIVSI:
  case EO_FLOORDIVSI: {
    if (sb == 0)
      return divByZero(n);
    if (sa == smin && sb == -1)
      return divOverflow(n, sa, sb);
    int64_t q = sa / sb, m = sa % sb;
    if (n->sub == EO_REMSI)
      q = m;
    else if (n->sub == EO_CEILDIVSI && m != 0 && ((m < 0) == (sb < 0)))
      q++;
    else if (n->sub == EO_FLOORDIVSI && m != 0 && ((m < 0) != (sb < 0)))
      q--;
    *r = (uint64_t)q;
    return true;
  }
  case EO_DIVUI:
  case EO_REMUI:
  case EO_CEILDIVUI:
    if (b == 0)
      return divByZero(n);
    *r = n->sub == EO_DIVUI ? a / b : n->sub == EO_REMUI ? a % b : a / b + (a % b != 0);
    return true;
  case EO_ANDI:
    *r = a & b;
    return true;
  case EO_ORI:
    *r = a | b;
    return true;
  case EO_XORI:
    *r = a ^ b;
    return true;
  case EO_SHLI:
  case EO_SHRSI:
  case EO_SHRUI:
    if (b >= w)
      return interpFail(n, "shift amount %" PRIu64 " is not less than the bit width %u of %s",
                        b, w, intTypeName((AriScalarKind)n->sk));
    *r = n->sub == EO_SHLI ? a << b : n->sub == EO_SHRUI ? a >> b : (uint64_t)(sa >> b);
    return true;
  case EO_MAXSI:
    *r = sa > sb ? a : b;
    return true;
  case EO_MINSI:
    *r = sa < sb ? a : b;
    return true;
  case EO_MAXUI:
    *r = a > b ? a : b;
    return true;
  case EO_MINUI:
    *r = a < b ? a : b;
    return true;
  default:
    return interpFail(n, "internal error: not an integer binary op");
  }
}

/* fptosi/fptoui: the truncated value must fit in the result type. */
static bool floatToInt(const InterpNode *n, double d, uint64_t *r) {
  unsigned w = interpIntWidth((AriScalarKind)n->osk);
  double t = trunc(d);
  double half = ldexp(1.0, (int)w - 1), full = ldexp(1.0, (int)w);
  if (n->sub == EO_FPTOSI) {
    if (isnan(d) || t < -half || t >= half)
      return interpFail(n, "value %g does not fit in %s", d,
                        intTypeName((AriScalarKind)n->osk));
    *r = (uint64_t)(int64_t)t;
  } else {
    if (isnan(d) || t < 0 || t >= full)
      return interpFail(n, "value %g does not fit in unsigned %s", d,
                        intTypeName((AriScalarKind)n->osk));
    *r = (uint64_t)t;
  }
  return true;
}

bool interpElem(InterpExec *x, const InterpNode *n) {
  const uint8_t *a = x->val[n->in[0]];
  const uint8_t *b = n->in[1] >= 0 ? x->val[n->in[1]] : NULL;
  const uint8_t *c = n->in[2] >= 0 ? x->val[n->in[2]] : NULL;
  uint8_t *o = n->store;
  int64_t lanes = n->trips;
  InterpElemOp s = (InterpElemOp)n->sub;
  AriScalarKind sk = (AriScalarKind)n->sk, osk = (AriScalarKind)n->osk;
  size_t is = ariScalarSize(sk), os = ariScalarSize(osk);

  if (s >= EO_FIRST_FBIN && s <= EO_LAST_FBIN) {
    for (int64_t l = 0; l < lanes; ++l) {
      size_t off = (size_t)l * is;
      if (sk == ARI_SCALAR_F32)
        interpStF32(o + off, fbin_float(s, interpLdF32(a + off), interpLdF32(b + off)));
      else
        interpStF64(o + off, fbin_double(s, interpLdF64(a + off), interpLdF64(b + off)));
    }
    return true;
  }
  if (s >= EO_FIRST_FUN && s <= EO_LAST_FUN) {
    for (int64_t l = 0; l < lanes; ++l) {
      size_t off = (size_t)l * is;
      if (sk == ARI_SCALAR_F32)
        interpStF32(o + off, fun_float(s, interpLdF32(a + off)));
      else
        interpStF64(o + off, fun_double(s, interpLdF64(a + off)));
    }
    return true;
  }
  if (s >= EO_FIRST_IBIN && s <= EO_LAST_IBIN) {
    for (int64_t l = 0; l < lanes; ++l) {
      size_t off = (size_t)l * is;
      uint64_t r;
      if (!ibin(n, interpLdU(a + off, sk), interpLdU(b + off, sk), &r))
        return false;
      interpStU(o + off, sk, r);
    }
    return true;
  }
  for (int64_t l = 0; l < lanes; ++l) {
    const uint8_t *pa = a + (size_t)l * is;
    uint8_t *po = o + (size_t)l * os;
    switch (s) {
    case EO_FMA:
      if (sk == ARI_SCALAR_F32)
        interpStF32(po, fmaf(interpLdF32(pa), interpLdF32(b + (size_t)l * is),
                             interpLdF32(c + (size_t)l * is)));
      else
        interpStF64(po, fma(interpLdF64(pa), interpLdF64(b + (size_t)l * is),
                            interpLdF64(c + (size_t)l * is)));
      break;
    case EO_CMPF:
      *po = cmpf(n->a, ldFloat(pa, sk), ldFloat(b + (size_t)l * is, sk));
      break;
    case EO_CMPI: {
      unsigned w = interpIntWidth(sk);
      uint64_t ua = interpLdU(pa, sk), ub = interpLdU(b + (size_t)l * is, sk);
      *po = cmpi(n->a, ua, ub, interpSext(ua, w), interpSext(ub, w));
      break;
    }
    case EO_ABSI: {
      int64_t v = interpSext(interpLdU(pa, sk), interpIntWidth(sk));
      interpStU(po, sk, v < 0 ? 0 - (uint64_t)v : (uint64_t)v);
      break;
    }
    case EO_SELECT: {
      /* a is the i1 condition vector; b and c hold the values */
      size_t vo = (size_t)l * os;
      memcpy(po, (a[l] & 1) ? b + vo : c + vo, os);
      break;
    }
    case EO_INDEX_CAST:
    case EO_EXTSI:
    case EO_TRUNCI:
      interpStU(po, osk, (uint64_t)interpSext(interpLdU(pa, sk), interpIntWidth(sk)));
      break;
    case EO_INDEX_CASTUI:
    case EO_EXTUI:
      interpStU(po, osk, interpLdU(pa, sk));
      break;
    case EO_SITOFP: {
      int64_t v = interpSext(interpLdU(pa, sk), interpIntWidth(sk));
      if (osk == ARI_SCALAR_F32)
        interpStF32(po, (float)v);
      else
        interpStF64(po, (double)v);
      break;
    }
    case EO_UITOFP: {
      uint64_t v = interpLdU(pa, sk);
      if (osk == ARI_SCALAR_F32)
        interpStF32(po, (float)v);
      else
        interpStF64(po, (double)v);
      break;
    }
    case EO_FPTOSI:
    case EO_FPTOUI: {
      uint64_t r;
      if (!floatToInt(n, ldFloat(pa, sk), &r))
        return false;
      interpStU(po, osk, r);
      break;
    }
    case EO_EXTF:
    case EO_TRUNCF:
      stFloat(po, osk, ldFloat(pa, sk));
      break;
    case EO_BITCAST:
      memcpy(po, pa, os);
      break;
    default:
      return interpFail(n, "internal error: unknown elementwise op %d", (int)s);
    }
  }
  return true;
}
