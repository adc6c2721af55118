/*===- search/gen/gen_rules.c - programs biased towards one rule --------------===*\
 *
 * One template per rule: a random instance of the rule's left-hand side
 * whose holes are random terms (ariGenTerm) and whose sizes meet the side
 * conditions. The template is built under the binders of `env`, so that
 * when ariGenForRule puts it inside a map's lambda, its holes may use the
 * lambda's parameter (and the rules' De Bruijn handling is exercised).
 *
\*===----------------------------------------------------------------------===*/

#include "search/gen/gen.h"
#include "search/rules/rules_impl.h"
#include "utils/strbuf.h"

#include <stdio.h>
#include <string.h>

enum { FUEL = 3 };

typedef struct {
  AriGen *g;
  AriTermStore *s;
  const AriGenEnv *env;
} Ctx;

static uint64_t below(Ctx *c, uint64_t n) { return ariGenBelow(c->g, n); }
static int64_t range(Ctx *c, int64_t lo, int64_t hi) {
  return lo + (int64_t)ariGenBelow(c->g, (uint64_t)(hi - lo + 1));
}

static const AriType *arr(Ctx *c, int64_t n, const AriType *e) { return ariTypeArray(c->s, n, e); }

static AriTerm *gt(Ctx *c, const AriType *t) { return ariGenTerm(c->g, c->env, t, FUEL); }

static AriTerm *gtUnder(Ctx *c, const AriType *bound, const AriType *t) {
  AriGenEnv e = *c->env;
  if (e.depth < ARI_GEN_MAX_DEPTH)
    e.types[e.depth++] = bound;
  return ariGenTerm(c->g, &e, t, FUEL);
}

static AriTerm *fn(Ctx *c, const AriType *a, const AriType *b) {
  return ariGenFn(c->g, c->env, a, b, FUEL);
}

/* A function term moved under `k` more binders. */
static AriTerm *up(Ctx *c, AriTerm *t, int k) { return ariTermShift(c->s, t, k, 0); }

static AriTerm *var0(Ctx *c, const AriType *t) { return ariTermVar(c->s, 0, t); }

static const AriType *scalarT(Ctx *c) {
  return c->g->intsAllowed && below(c, 4) == 0 ? ariTypeI32(c->s) : ariTypeF32(c->s);
}

/* A scalar, or now and then a short array of scalars. */
static const AriType *elemT(Ctx *c) {
  const AriType *s = scalarT(c);
  return below(c, 4) == 0 ? arr(c, range(c, 1, 3), s) : s;
}

static const char *opName(const AriType *t, int k) {
  static const char *const f[] = {"arith.addf", "arith.subf", "arith.mulf", "arith.maximumf"};
  static const char *const i[] = {"arith.addi", "arith.subi", "arith.muli", "arith.maxsi"};
  return ariTypeIsFloat(t) ? f[k] : i[k];
}

static AriTerm *op2(Ctx *c, const char *name, AriTerm *a, AriTerm *b, const AriType *t) {
  if (!a || !b)
    return NULL;
  AriTerm *k[2] = {a, b};
  return ariTermOp(c->s, name, "", k, 2, t);
}

/* \acc x. body for a reduction with accumulator acc and elements e. */
static AriTerm *redFn(Ctx *c, const AriType *acc, const AriType *e) {
  AriGenEnv env = *c->env;
  env.types[env.depth++] = acc;
  env.types[env.depth++] = e;
  AriTerm *body;
  if (ariTypeKind(acc) == ARI_TYPE_SCALAR && below(c, 3)) {
    AriTerm *rhs = ariGenTerm(c->g, &env, acc, FUEL);
    body = op2(c, opName(acc, (int)below(c, 4)), ariTermVar(c->s, 1, acc), rhs, acc);
  } else {
    body = ariGenTerm(c->g, &env, acc, FUEL);
  }
  return ariTermLam(c->s, acc, ariTermLam(c->s, e, body));
}

/* Random kind for a reduction whose accumulator is (same) or is not the
 * element type. */
static AriPatternKind redKind(Ctx *c, bool same) {
  static const AriPatternKind k[] = {ARI_PAT_NONE, ARI_PAT_SEQ, ARI_PAT_UNROLL};
  return same ? k[below(c, 3)] : k[1 + below(c, 2)];
}

static AriTerm *cF(Ctx *c, const AriType *t, double v) {
  return ariTypeIsFloat(t) ? ariTermConstFloat(c->s, t, v) : ariTermConstInt(c->s, t, (int64_t)v);
}

/* A float term bounded away from zero: +-(1.5 + x*x). */
static AriTerm *safe(Ctx *c, const AriType *t) {
  AriTerm *x = gt(c, t);
  AriTerm *sq = op2(c, "arith.mulf", x, x, t);
  return below(c, 2) ? op2(c, "arith.addf", cF(c, t, 1.5), sq, t)
                     : op2(c, "arith.subf", cF(c, t, -1.5), sq, t);
}

static AriTerm *mapT(Ctx *c, AriTerm *f, AriTerm *xs) {
  return ariTermMap(c->s, ARI_PAT_NONE, -1, f, xs);
}

/* map (\r. map f r) xs with f : a -> b built outside the row binder. */
static AriTerm *mapMap(Ctx *c, const AriType *rowT, AriTerm *f, AriTerm *xs) {
  return mapT(c, ariTermLam(c->s, rowT, mapT(c, up(c, f, 1), var0(c, rowT))), xs);
}

static AriTerm *dot(Ctx *c, AriTerm *a, AriTerm *b) {
  AriTermStore *s = c->s;
  const AriType *f32 = ariTypeF32(s);
  AriTerm *z = ariTermZip(s, a, b);
  if (!z)
    return NULL;
  const AriType *pT = ariTypeElem(ariTermType(z));
  AriTerm *p = var0(c, pT);
  AriTerm *prod = below(c, 2) ? op2(c, "arith.mulf", ariTermFst(s, p), ariTermSnd(s, p), f32)
                              : op2(c, "arith.mulf", ariTermSnd(s, p), ariTermFst(s, p), f32);
  AriTerm *add = op2(c, "arith.addf", ariTermVar(s, 1, f32), ariTermVar(s, 0, f32), f32);
  return ariTermReduce(s, below(c, 2) ? ARI_PAT_NONE : ARI_PAT_SEQ,
                       ariTermLam(s, f32, ariTermLam(s, f32, add)), ariTermConstFloat(s, f32, 0),
                       mapT(c, ariTermLam(s, pT, prod), z));
}

static AriTerm *sumGen(Ctx *c, const AriType *t, int64_t n, AriTerm *body) {
  AriTermStore *s = c->s;
  const char *add = ariTypeIsFloat(t) ? "arith.addf" : "arith.addi";
  AriTerm *g = op2(c, add, ariTermVar(s, 1, t), ariTermVar(s, 0, t), t);
  return ariTermReduce(s, ARI_PAT_NONE, ariTermLam(s, t, ariTermLam(s, t, g)), cF(c, t, 0),
                       ariTermGenerate(s, n, ariTermLam(s, ariTypeIndex(s), body)));
}

/* A scalar of type t under a generate's index binder that uses the index:
 * idx xs i (op) random. */
static AriTerm *indexed(Ctx *c, const AriType *t, int64_t n) {
  AriTerm *xs = up(c, gt(c, arr(c, n, t)), 1);
  AriTerm *at = ariTermIdx(c->s, xs, var0(c, ariTypeIndex(c->s)));
  if (below(c, 2))
    return at;
  return op2(c, opName(t, (int)below(c, 3)), at, gtUnder(c, ariTypeIndex(c->s), t), t);
}

static AriTerm *select3(Ctx *c, AriTerm *p, AriTerm *a, AriTerm *b) {
  if (!p || !a || !b)
    return NULL;
  AriTerm *k[3] = {p, a, b};
  return ariTermOp(c->s, "arith.select", "", k, 3, ariTermType(a));
}

static AriTerm *boolConst(Ctx *c, bool v) { return ariTermConstInt(c->s, ariTypeI1(c->s), v); }

/* An index for a one-hot vector of m elements: mostly one in range, now
 * and then one past it (an all-zero vector) or an index in scope. */
static AriTerm *oneHotIndex(Ctx *c, int64_t m) {
  const AriType *ix = ariTypeIndex(c->s);
  if (below(c, 3) == 0)
    return gt(c, ix);
  return ariTermConstInt(c->s, ix, range(c, 0, m));
}

/* The element-wise sum of two rows of m t's, \acc x. map (+) (zip acc x):
 * the function of the sum-of-rows reductions (kSumGenerateBuild,
 * kSumDeltaVec); *zeros is their initial row. */
static AriTerm *rowSumFn(Ctx *c, const AriType *t, int64_t m, AriTerm **zeros) {
  AriTermStore *s = c->s;
  const AriType *rowT = arr(c, m, t), *pT = ariTypePair(s, t, t);
  AriTerm *p = var0(c, pT);
  AriTerm *add = mapT(c, ariTermLam(s, pT, op2(c, opName(t, 0), ariTermFst(s, p), ariTermSnd(s, p), t)),
                      ariTermZip(s, ariTermVar(s, 1, rowT), ariTermVar(s, 0, rowT)));
  *zeros = ariTermGenerate(s, m, ariTermLam(s, ariTypeIndex(s), cF(c, t, 0)));
  return ariTermLam(s, rowT, ariTermLam(s, rowT, add));
}

/* A t under two index binders (i < n, then j < m) that uses both: idx of
 * a 2-D input at (i, j) combined with a random term. */
static AriTerm *twoIndexEntry(Ctx *c, const AriType *t, int64_t n, int64_t m) {
  AriTermStore *s = c->s;
  const AriType *ix = ariTypeIndex(s);
  AriTerm *xs = ariTermShift(s, gt(c, arr(c, n, arr(c, m, t))), 2, 0);
  AriTerm *at = ariTermIdx(s, ariTermIdx(s, xs, ariTermVar(s, 1, ix)), ariTermVar(s, 0, ix));
  AriGenEnv env = *c->env;
  env.types[env.depth++] = ix;
  env.types[env.depth++] = ix;
  return op2(c, opName(t, (int)below(c, 3)), at, ariGenTerm(c->g, &env, t, FUEL), t);
}

/* Knossos' deltaVec m i v: generate m (\j. select (j == i) v 0), i built
 * outside j (moved under it here), v under j; j == i or i == j at random. */
static AriTerm *deltaVecOf(Ctx *c, int64_t m, AriTerm *i, AriTerm *v) {
  AriTermStore *s = c->s;
  const AriType *ix = ariTypeIndex(s);
  AriTerm *j = var0(c, ix), *iu = i ? up(c, i, 1) : NULL;
  if (!iu || !v)
    return NULL;
  bool jFirst = below(c, 2);
  AriTerm *k[2] = {jFirst ? j : iu, jFirst ? iu : j};
  AriTerm *eq = ariTermOp(s, "arith.cmpi", "{predicate = 0 : i64}", k, 2, ariTypeI1(s));
  return ariTermGenerate(s, m, ariTermLam(s, ix, select3(c, eq, v, cF(c, ariTermType(v), 0))));
}

static AriTerm *arithLhs(Ctx *c, AriRuleId id) {
  bool div = id == ARI_RULE_K_DIV1 || id == ARI_RULE_K_DIV_MUL_SWAP ||
             id == ARI_RULE_K_MUL_DIV_SWAP || id == ARI_RULE_K_DIV_DIV_SWAP ||
             id == ARI_RULE_K_DIV_DIV || id == ARI_RULE_K_DIV_DIV_MUL ||
             id == ARI_RULE_K_ADD_DIV || id == ARI_RULE_K_SUB_DIV || id == ARI_RULE_K_DIV_MUL;
  const AriType *t = div ? ariTypeF32(c->s) : scalarT(c);
  bool fl = ariTypeIsFloat(t);
  const char *ADD = fl ? "arith.addf" : "arith.addi", *SUB = fl ? "arith.subf" : "arith.subi",
             *MUL = fl ? "arith.mulf" : "arith.muli", *DIV = "arith.divf";
  /* in the division rules every operand is bounded away from zero */
  AriTerm *a = div ? safe(c, t) : gt(c, t), *b = div ? safe(c, t) : gt(c, t),
          *d = div ? safe(c, t) : gt(c, t);
#define B(o, l, r) op2(c, o, l, r, t)
  switch (id) {
  case ARI_RULE_K_ADD0: return B(ADD, cF(c, t, 0), a);
  case ARI_RULE_K_MUL1: return B(MUL, cF(c, t, 1), a);
  case ARI_RULE_K_SUB0: return B(SUB, a, cF(c, t, 0));
  case ARI_RULE_K_DIV1: return B(DIV, a, cF(c, t, 1));
  case ARI_RULE_K_ADD_MUL_NEG1: return B(ADD, a, B(MUL, b, cF(c, t, -1)));
  case ARI_RULE_K_MUL_COMM: return B(MUL, a, b);
  case ARI_RULE_K_ADD_COMM: return B(ADD, a, b);
  case ARI_RULE_K_SUB_SELF: return B(SUB, a, a);
  case ARI_RULE_K_ADD_ADD_SWAP: return B(ADD, B(ADD, a, b), d);
  case ARI_RULE_K_SUB_ADD_SWAP: return B(SUB, B(ADD, a, b), d);
  case ARI_RULE_K_ADD_SUB_SWAP: return B(ADD, B(SUB, a, b), d);
  case ARI_RULE_K_SUB_SUB_SWAP: return B(SUB, B(SUB, a, b), d);
  case ARI_RULE_K_SUB_SUB: return B(SUB, a, B(SUB, b, d));
  case ARI_RULE_K_MUL_MUL_SWAP: return B(MUL, B(MUL, a, b), d);
  case ARI_RULE_K_DIV_MUL_SWAP: return B(DIV, B(MUL, a, b), d);
  case ARI_RULE_K_MUL_DIV_SWAP: return B(MUL, B(DIV, a, b), d);
  case ARI_RULE_K_DIV_DIV_SWAP: return B(DIV, B(DIV, a, b), d);
  case ARI_RULE_K_DIV_DIV: return B(DIV, a, B(DIV, b, d));
  case ARI_RULE_K_DIV_DIV_MUL: return B(DIV, B(DIV, a, b), d);
  case ARI_RULE_K_DISTRIBUTE: return B(MUL, a, B(ADD, b, d));
  case ARI_RULE_K_FACTOR: return B(ADD, B(MUL, a, b), B(MUL, a, d));
  case ARI_RULE_K_DISTRIBUTE_SUB: return B(MUL, a, B(SUB, b, d));
  case ARI_RULE_K_ADD_NEG1_MUL: return B(ADD, a, B(MUL, cF(c, t, -1), b));
  case ARI_RULE_K_FACTOR_SUB: return B(SUB, B(MUL, a, b), B(MUL, a, d));
  case ARI_RULE_K_ADD_DIV: return B(ADD, B(DIV, a, d), B(DIV, b, d));
  case ARI_RULE_K_SUB_DIV: return B(SUB, B(DIV, a, d), B(DIV, b, d));
  case ARI_RULE_K_DIV_MUL: return B(DIV, a, B(MUL, b, d));
  case ARI_RULE_K_MUL0: return B(MUL, cF(c, t, 0), a);
  default: return NULL;
  }
#undef B
}

static AriTerm *convLhs(Ctx *c) {
  int64_t R = range(c, 2, 3), C = range(c, 2, 3);
  double wv[3], wh[3];
  bool nz = false;
  for (int64_t i = 0; i < R; ++i)
    wv[i] = (double)range(c, -2, 2) / 4.0, nz |= wv[i] != 0;
  for (int64_t j = 0; j < C; ++j)
    wh[j] = (double)range(c, -2, 2) / 2.0, nz |= wh[j] != 0;
  if (!nz)
    wv[0] = 0.25, wh[0] = 1.0;
  if (wv[0] == 0 && wv[1] == 0 && (R < 3 || wv[2] == 0))
    wv[R - 1] = -0.5;
  if (wh[0] == 0 && wh[1] == 0 && (C < 3 || wh[2] == 0))
    wh[C - 1] = 1.5;
  char buf[512];
  AriStr o;
  ariStrInitFixed(&o, buf, sizeof buf);
  ariStrPuts(&o, "dense<[");
  for (int64_t i = 0; i < R; ++i) {
    ariStrPrintf(&o, "%s[", i ? ", " : "");
    for (int64_t j = 0; j < C; ++j)
      ariStrPrintf(&o, "%s%.9e", j ? ", " : "", wv[i] * wh[j]);
    ariStrPuts(&o, "]");
  }
  ariStrPrintf(&o, "]> : tensor<%lldx%lldxf32>", (long long)R, (long long)C);
  const AriType *wt = arr(c, R, arr(c, C, ariTypeF32(c->s)));
  AriTerm *w = ariTermLiteral(c->s, buf, wt);
  AriTerm *nbh = gt(c, wt);
  return dot(c, ariTermJoin(c->s, w), ariTermJoin(c->s, nbh));
}

/* For vectorizeBeforeMapZip: a scalar reached from t (of type T, scalars
 * and pairs) by a random chain of fst/snd. */
static AriTerm *leafProj(Ctx *c, AriTerm *t, const AriType *T) {
  while (t && ariTypeKind(T) == ARI_TYPE_PAIR) {
    bool fst = below(c, 2);
    t = fst ? ariTermFst(c->s, t) : ariTermSnd(c->s, t);
    T = fst ? ariTypeFirst(T) : ariTypeSecond(T);
  }
  return t;
}

/* A lane-wise body on the map's parameter (VAR 0 of type pT, leaves of
 * scalar type sT): projections, constants, captured scalars, binary ops. */
static AriTerm *laneBody(Ctx *c, const AriType *pT, const AriType *sT, int depth) {
  switch (depth > 0 ? below(c, 4) : below(c, 2)) {
  case 0: return leafProj(c, var0(c, pT), pT);
  case 1:
    if (below(c, 3))
      return leafProj(c, var0(c, pT), pT);
    return below(c, 2) ? cF(c, sT, (double)range(c, -2, 2)) : up(c, gt(c, sT), 1);
  default:
    return op2(c, opName(sT, (int)below(c, 4)), laneBody(c, pT, sT, depth - 1),
               laneBody(c, pT, sT, depth - 1), sT);
  }
}

/* x for the rules that vectorise over x's elements: scalars sa or
 * (nested) pairs of them, as a zip term or as any array of pairs, of
 * length len; *T gets the element type. */
static AriTerm *laneInput(Ctx *c, const AriType *sa, int64_t len, const AriType **T) {
  AriTermStore *s = c->s;
  switch (below(c, 4)) {
  case 0: *T = sa; break;
  case 1: *T = ariTypePair(s, sa, sa); break;
  case 2: *T = ariTypePair(s, sa, ariTypePair(s, sa, sa)); break;
  default: *T = ariTypePair(s, ariTypePair(s, sa, sa), sa); break;
  }
  if (ariTypeKind(*T) == ARI_TYPE_PAIR && below(c, 2))
    return ariTermZip(s, gt(c, arr(c, len, ariTypeFirst(*T))),
                      gt(c, arr(c, len, ariTypeSecond(*T))));
  return gt(c, arr(c, len, *T));
}

static AriTerm *lhs(Ctx *c, const AriRuleInst *r) {
  AriTermStore *s = c->s;
  AriRuleId id = (AriRuleId)r->id;
  const AriType *a = elemT(c), *b = elemT(c), *sa = scalarT(c), *sb = scalarT(c);
  const AriType *f32 = ariTypeF32(s), *ix = ariTypeIndex(s);
  int64_t n = range(c, 1, 5), m = range(c, 1, 3);
  if (id >= ARI_RULE_K_ADD0 && id <= ARI_RULE_K_MUL0)
    return arithLhs(c, id);
  switch (id) {
  case ARI_RULE_BETA: return ariTermApp(s, fn(c, a, b), gt(c, a));
  case ARI_RULE_ETA: {
    AriTerm *f = fn(c, a, b);
    AriTerm *lam = ariTermLam(s, a, ariTermApp(s, up(c, f, 1), var0(c, a)));
    return mapT(c, lam, gt(c, arr(c, n, a)));
  }
  case ARI_RULE_ETA_ABS:
  case ARI_RULE_MAP_FISSION:
  case ARI_RULE_MAP_SEQ:
  case ARI_RULE_MAP_PAR:
  case ARI_RULE_USE_MAP_GLOBAL:
  case ARI_RULE_USE_MAP_WORKGROUP:
  case ARI_RULE_USE_MAP_LOCAL: return mapT(c, fn(c, a, b), gt(c, arr(c, n, a)));
  case ARI_RULE_MAP_FISSION_DEEP: {
    /* map (\x. map (\w. pair (g w) e) ws) y: e (which uses x) sits under
     * the inner binder w and uses neither w nor, through ws, the inner map */
    const AriType *wt = elemT(c), *d = elemT(c), *gtT = elemT(c);
    int64_t wn = range(c, 1, 3);
    AriTerm *e0 = gtUnder(c, a, d);
    AriTerm *e = below(c, 4) ? ariTermPair(s, var0(c, a), e0) : e0;
    AriTerm *gw = ariTermShift(s, gtUnder(c, wt, gtT), 1, 1); /* w = 0, x = 1 unused */
    AriTerm *ws = up(c, gt(c, arr(c, wn, wt)), 1);
    if (!e || !gw || !ws)
      return NULL;
    AriTerm *in = mapT(c, ariTermLam(s, wt, ariTermPair(s, gw, up(c, e, 1))), ws);
    return mapT(c, ariTermLam(s, a, in), gt(c, arr(c, n, a)));
  }
  case ARI_RULE_MAP_FUSION: {
    const AriType *d = elemT(c);
    return mapT(c, fn(c, b, d), mapT(c, fn(c, a, b), gt(c, arr(c, n, a))));
  }
  case ARI_RULE_REDUCE_MAP_FUSION:
    return ariTermReduce(s, ARI_PAT_NONE, redFn(c, sb, sb), gt(c, sb),
                         mapT(c, fn(c, a, sb), gt(c, arr(c, n, a))));
  case ARI_RULE_REDUCE_SEQ_MAP_FUSION:
    return ariTermReduce(s, redKind(c, false), redFn(c, sa, sb), gt(c, sa),
                         mapT(c, fn(c, a, sb), gt(c, arr(c, n, a))));
  case ARI_RULE_SPLIT_JOIN:
    return mapT(c, fn(c, a, b), gt(c, arr(c, r->args[0] * range(c, 1, 3), a)));
  case ARI_RULE_JOIN_SPLIT_MAP: {
    AriTerm *f = fn(c, a, b);
    const AriType *rowT = arr(c, n, a);
    return ariTermJoin(s, mapMap(c, rowT, f, ariTermSplit(s, n, gt(c, arr(c, n * m, a)))));
  }
  case ARI_RULE_SPLIT_JOIN_ID: return ariTermSplit(s, n, ariTermJoin(s, gt(c, arr(c, m, arr(c, n, a)))));
  case ARI_RULE_JOIN_SPLIT_ID: return ariTermJoin(s, ariTermSplit(s, n, gt(c, arr(c, n * m, a))));
  case ARI_RULE_MAP_GENERATE: return mapT(c, fn(c, a, b), ariTermGenerate(s, n, fn(c, ix, a)));
  case ARI_RULE_MAP_CONST_GENERATE:
    return mapT(c, ariTermLam(s, a, up(c, gt(c, b), 1)), gt(c, arr(c, n, a)));
  case ARI_RULE_IDX_GENERATE:
    return ariTermIdx(s, ariTermGenerate(s, n, fn(c, ix, a)),
                      ariTermConstInt(s, ix, (int64_t)below(c, (uint64_t)n)));
  case ARI_RULE_IDX_MAP:
    return ariTermIdx(s, mapT(c, fn(c, a, b), gt(c, arr(c, n, a))),
                      ariTermConstInt(s, ix, (int64_t)below(c, (uint64_t)n)));
  case ARI_RULE_FST_PAIR: return ariTermFst(s, ariTermPair(s, gt(c, a), gt(c, b)));
  case ARI_RULE_SND_PAIR: return ariTermSnd(s, ariTermPair(s, gt(c, a), gt(c, b)));
  case ARI_RULE_MAP_FST_ZIP:
  case ARI_RULE_MAP_SND_ZIP: {
    const AriType *pT = ariTypePair(s, a, b);
    AriTerm *p = var0(c, pT);
    AriTerm *proj = id == ARI_RULE_MAP_FST_ZIP ? ariTermFst(s, p) : ariTermSnd(s, p);
    return mapT(c, ariTermLam(s, pT, proj), ariTermZip(s, gt(c, arr(c, n, a)), gt(c, arr(c, n, b))));
  }
  case ARI_RULE_ZIP_MAP_FUSION:
  case ARI_RULE_ZIP_SAME: {
    AriTerm *x = gt(c, arr(c, n, a));
    if (id == ARI_RULE_ZIP_SAME)
      return ariTermZip(s, x, x);
    return ariTermZip(s, mapT(c, fn(c, a, b), x), mapT(c, fn(c, a, elemT(c)), x));
  }
  case ARI_RULE_MAP_PAIR_FISSION: {
    AriTerm *pb = ariTermPair(s, gtUnder(c, a, b), gtUnder(c, a, elemT(c)));
    return mapT(c, ariTermLam(s, a, pb), gt(c, arr(c, n, a)));
  }
  case ARI_RULE_TILE_MAPS: {
    int64_t N = r->args[0] * range(c, 1, 2), M = r->args[1] * range(c, 1, 2);
    if (below(c, 2))
      return mapMap(c, arr(c, M, sa), fn(c, sa, b), gt(c, arr(c, N, arr(c, M, sa))));
    /* the cartesian nest, as in matmul */
    AriTerm *y = up(c, gt(c, arr(c, M, b)), 1);
    AriGenEnv env = *c->env;
    env.types[env.depth++] = a;
    env.types[env.depth++] = b;
    AriTerm *e = ariGenTerm(c->g, &env, elemT(c), FUEL);
    return mapT(c, ariTermLam(s, a, mapT(c, ariTermLam(s, b, e), y)), gt(c, arr(c, N, a)));
  }
  case ARI_RULE_TILE_REDUCE: {
    bool same = below(c, 2);
    const AriType *acc = same ? sa : scalarT(c);
    return ariTermReduce(s, redKind(c, acc == sa), redFn(c, acc, sa), gt(c, acc),
                         gt(c, arr(c, r->args[0] * range(c, 1, 3), sa)));
  }
  case ARI_RULE_PAD_SPLIT_JOIN:
    /* a length that p does not divide (p = 1: none, the rule does not apply) */
    return mapT(c, fn(c, a, b), gt(c, arr(c, range(c, 1, 3 * r->args[0]), a)));
  case ARI_RULE_PAD_PIPELINE: {
    /* map f over windows of n lines (rows of a; n not a multiple of p, but
     * for p = 1), the windows (step 1) mapped, or zipped with other lines,
     * or the lines padded, before the map: a small image pipeline */
    int64_t len = range(c, 1, 3 * r->args[0]), sz = range(c, 1, 3), pl = (int64_t)below(c, 3);
    if (len + sz - 1 - pl < 1)
      pl = 0; /* the padded lines are the windows' lines: at least one of them */
    const AriType *row = arr(c, range(c, 1, 3), a);
    AriTerm *lines = gt(c, arr(c, len + sz - 1 - pl, row));
    if (pl && lines)
      lines = below(c, 2) ? ariTermPadClamp(s, pl, 0, lines)
                          : ariTermPadCst(s, pl, 0, lines, gt(c, row));
    AriTerm *x = lines ? ariTermSlide(s, sz, 1, lines) : NULL;
    const AriType *wT = arr(c, sz, row);
    if (!x)
      return NULL;
    switch (below(c, 3)) {
    case 0: return mapT(c, fn(c, wT, b), mapT(c, fn(c, wT, wT), x));
    case 1: {
      const AriType *o = elemT(c);
      return mapT(c, fn(c, ariTypePair(s, wT, o), b), ariTermZip(s, x, gt(c, arr(c, len, o))));
    }
    default: return mapT(c, fn(c, wT, b), x);
    }
  }
  case ARI_RULE_STRIP_COLUMNS: {
    /* a map over chunks of lines (or over single lines) whose body filters
     * each line's columns through windows of sz (a halo of sz - 1): n =
     * k * w columns out, sz - 1 more in */
    int64_t k = r->args[0], w = range(c, 1, 3), sz = range(c, 1, 3);
    const AriType *line = arr(c, k * w + sz - 1, sa), *wT = arr(c, sz, sa);
    AriTerm *f = fn(c, wT, sb), *win = ariTermSlide(s, sz, 1, var0(c, line));
    if (below(c, 2)) { /* chunks of lines: f under the chunk and line binders */
      const AriType *chunk = arr(c, range(c, 1, 3), line);
      AriTerm *perLine = ariTermLam(s, line, mapT(c, up(c, f, 2), win));
      return mapT(c, ariTermLam(s, chunk, mapT(c, perLine, var0(c, chunk))),
                  gt(c, arr(c, range(c, 1, 3), chunk)));
    }
    return mapT(c, ariTermLam(s, line, mapT(c, up(c, f, 1), win)),
                gt(c, arr(c, range(c, 1, 3), line)));
  }
  case ARI_RULE_PAD_TILE_MAPS: {
    int64_t N = range(c, 1, 2 * r->args[0]), M = range(c, 1, 2 * r->args[1]);
    if (below(c, 2))
      return mapMap(c, arr(c, M, sa), fn(c, sa, b), gt(c, arr(c, N, arr(c, M, sa))));
    AriTerm *y = up(c, gt(c, arr(c, M, b)), 1);
    AriGenEnv env = *c->env;
    env.types[env.depth++] = a;
    env.types[env.depth++] = b;
    AriTerm *e = ariGenTerm(c->g, &env, elemT(c), FUEL);
    return mapT(c, ariTermLam(s, a, mapT(c, ariTermLam(s, b, e), y)), gt(c, arr(c, N, a)));
  }
  case ARI_RULE_PAD_REDUCE: {
    /* an op whose neutral element the rule knows, operands either way round */
    static const char *const fo[] = {"arith.addf", "arith.mulf", "arith.maximumf",
                                     "arith.minimumf"};
    static const char *const io[] = {"arith.addi", "arith.muli", "arith.maxsi", "arith.minsi",
                                     "arith.maxui", "arith.minui", "arith.andi", "arith.ori",
                                     "arith.xori"};
    const char *o = ariTypeIsFloat(sa) ? fo[below(c, 4)] : io[below(c, 9)];
    bool swap = below(c, 2);
    AriTerm *body = op2(c, o, ariTermVar(s, swap ? 0 : 1, sa), ariTermVar(s, swap ? 1 : 0, sa), sa);
    return ariTermReduce(s, redKind(c, true), ariTermLam(s, sa, ariTermLam(s, sa, body)),
                         gt(c, sa), gt(c, arr(c, range(c, 1, 3 * r->args[0]), sa)));
  }
  case ARI_RULE_PEEL_TAIL:
    if (below(c, 2)) { /* over a zip (a dot product's), which peelTail slices inside */
      int64_t len = range(c, r->args[0] + 1, 3 * r->args[0]);
      const AriType *u = elemT(c), *P = ariTypePair(s, sa, u), *acc = below(c, 2) ? sb : sa;
      AriTerm *z = ariTermZip(s, gt(c, arr(c, len, sa)), gt(c, arr(c, len, u)));
      return z ? ariTermReduce(s, redKind(c, false), redFn(c, acc, P), gt(c, acc), z) : NULL;
    }
    /* fall through */
  case ARI_RULE_PEEL_REDUCE: {
    bool same = below(c, 2);
    const AriType *acc = same ? sa : scalarT(c);
    return ariTermReduce(s, redKind(c, acc == sa), redFn(c, acc, sa), gt(c, acc),
                         gt(c, arr(c, range(c, r->args[0] + 1, 3 * r->args[0]), sa)));
  }
  case ARI_RULE_REDUCE_JAM: {
    /* map (\x. reduce g i (zip x c)) X, R rows of scalars, x either side,
     * with g, i and c built outside the row binder (they must not use x) */
    int64_t R = (int64_t)2 << below(c, 3); /* 2, 4 or 8 */
    const AriType *u = elemT(c), *acc = below(c, 2) ? sb : a, *rowT = arr(c, n, sa);
    bool xFirst = below(c, 2);
    const AriType *P = xFirst ? ariTypePair(s, sa, u) : ariTypePair(s, u, sa);
    AriTerm *g = redFn(c, acc, P), *i = gt(c, acc), *cs = gt(c, arr(c, n, u));
    if (!g || !i || !cs)
      return NULL;
    AriTerm *x = var0(c, rowT), *c1 = up(c, cs, 1);
    AriTerm *z = xFirst ? ariTermZip(s, x, c1) : ariTermZip(s, c1, x);
    AriTerm *red = z ? ariTermReduce(s, redKind(c, false), up(c, g, 1), up(c, i, 1), z) : NULL;
    return red ? mapT(c, ariTermLam(s, rowT, red), gt(c, arr(c, R, rowT))) : NULL;
  }
  case ARI_RULE_FISSION_REDUCE_MAP: {
    const AriType *acc = below(c, 2) ? a : sa;
    if (ariTypeKind(acc) != ARI_TYPE_SCALAR)
      acc = sa;
    AriTerm *e = ariTermShift(s, gtUnder(c, a, acc), 1, 1); /* skips the accumulator */
    AriTerm *body = op2(c, opName(acc, (int)below(c, 4)), ariTermVar(s, 1, acc), e, acc);
    return ariTermReduce(s, redKind(c, acc == a), ariTermLam(s, acc, ariTermLam(s, a, body)),
                         gt(c, acc), gt(c, arr(c, n, a)));
  }
  case ARI_RULE_MAP_MAP_INTERCHANGE: {
    AriTerm *y = up(c, gt(c, arr(c, m, b)), 1);
    AriGenEnv env = *c->env;
    env.types[env.depth++] = a;
    env.types[env.depth++] = b;
    AriTerm *e = ariGenTerm(c->g, &env, elemT(c), FUEL);
    AriTerm *inner = mapT(c, ariTermLam(s, b, e), y);
    return mapT(c, ariTermLam(s, a, inner), gt(c, arr(c, n, a)));
  }
  case ARI_RULE_MAP_REDUCE_INTERCHANGE: {
    bool same = below(c, 2);
    const AriType *acc = same ? sa : scalarT(c);
    const AriType *rowT = arr(c, m, sa);
    AriTerm *red = ariTermReduce(s, redKind(c, acc == sa), up(c, redFn(c, acc, sa), 1),
                                 up(c, gt(c, acc), 1), var0(c, rowT));
    return mapT(c, ariTermLam(s, rowT, red), gt(c, arr(c, n, rowT)));
  }
  case ARI_RULE_MAP_REDUCE_INTERCHANGE_ACC: {
    /* map (\r. reduce/k g (i r) (e r)) x, three ways: the thesis's form
     * (x = zip as ys, i = fst r, e = snd r), the row reduced from an
     * accumulator that uses it, and any i, e derived from any row */
    const AriType *acc = below(c, 2) ? sa : scalarT(c);
    const AriType *el = below(c, 2) ? sa : scalarT(c);
    const AriType *rowT, *pT = NULL;
    AriTerm *x, *i, *e;
    switch (below(c, 3)) {
    case 0:
      pT = ariTypePair(s, acc, arr(c, m, el));
      rowT = pT;
      x = ariTermZip(s, gt(c, arr(c, n, acc)), gt(c, arr(c, n, arr(c, m, el))));
      i = ariTermFst(s, var0(c, pT));
      e = ariTermSnd(s, var0(c, pT));
      break;
    case 1:
      rowT = arr(c, m, el);
      x = gt(c, arr(c, n, rowT));
      i = gtUnder(c, rowT, acc);
      e = var0(c, rowT);
      break;
    default:
      rowT = a;
      x = gt(c, arr(c, n, a));
      i = gtUnder(c, a, acc);
      e = gtUnder(c, a, arr(c, m, el));
      break;
    }
    AriTerm *red = ariTermReduce(s, redKind(c, acc == el), up(c, redFn(c, acc, el), 1), i, e);
    return mapT(c, ariTermLam(s, rowT, red), x);
  }
  case ARI_RULE_REDUCE_MAP_INTERCHANGE: {
    /* what mapReduceInterchange writes, built here: reduce/k (\as ys. map
     * (\p. g (fst p) (snd p)) (zip as ys)) (map (\r. i) x) (transpose x);
     * i sometimes uses the row r */
    const AriType *acc = below(c, 2) ? sa : scalarT(c);
    const AriType *rowT = arr(c, m, sa), *accsT = arr(c, n, acc), *colT = arr(c, n, sa);
    const AriType *pT = ariTypePair(s, acc, sa);
    AriTerm *x = gt(c, arr(c, n, rowT));
    /* i uses the row r (idx r k, when the types allow), may use it, or not */
    AriTerm *i;
    switch (below(c, 3)) {
    case 0:
      i = acc == sa ? ariTermIdx(s, var0(c, rowT), ariTermConstInt(s, ix, (int64_t)below(c, (uint64_t)m)))
                    : gtUnder(c, rowT, acc);
      break;
    case 1: i = gtUnder(c, rowT, acc); break;
    default: i = up(c, gt(c, acc), 1); break;
    }
    AriTerm *g = redFn(c, acc, sa), *pv = var0(c, pT);
    AriTerm *pb = ariRuleApply2(s, up(c, g, 3), ariTermFst(s, pv), ariTermSnd(s, pv));
    AriTerm *zipped = ariTermZip(s, ariTermVar(s, 1, accsT), ariTermVar(s, 0, colT));
    AriTerm *body = mapT(c, ariTermLam(s, pT, pb), zipped);
    /* one case in four the initial values come from another array y: the
     * rule applies only if i does not use r (else the accumulators would
     * not follow x's rows) */
    AriTerm *y = below(c, 4) ? x : gt(c, arr(c, n, rowT));
    return ariTermReduce(s, redKind(c, acc == sa), ariTermLam(s, accsT, ariTermLam(s, colT, body)),
                         mapT(c, ariTermLam(s, rowT, i), y), ariTermTranspose(s, x));
  }
  case ARI_RULE_SLIDE_AFTER_SPLIT: {
    int64_t sz = range(c, 1, 3), st = range(c, 1, 2), p = range(c, 1, 3);
    int64_t w = p * range(c, 1, 2);
    return ariTermSplit(s, p, ariTermSlide(s, sz, st, gt(c, arr(c, st * (w - 1) + sz, a))));
  }
  case ARI_RULE_SLIDE_BEFORE_MAP:
  case ARI_RULE_SLIDE_AFTER_MAP_MAP_F:
  case ARI_RULE_USE_CBUFFER:
  case ARI_RULE_USE_ROTATE_VALUES: {
    bool unit = id == ARI_RULE_USE_CBUFFER || id == ARI_RULE_USE_ROTATE_VALUES;
    int64_t sz = range(c, 1, 3), st = unit ? 1 : range(c, 1, 2), w = range(c, 1, 4);
    const AriType *in = arr(c, st * (w - 1) + sz, a);
    if (id == ARI_RULE_SLIDE_BEFORE_MAP)
      return ariTermSlide(s, sz, st, mapT(c, fn(c, b, a), gt(c, arr(c, st * (w - 1) + sz, b))));
    if (id == ARI_RULE_SLIDE_AFTER_MAP_MAP_F)
      return mapMap(c, arr(c, sz, a), fn(c, a, b), ariTermSlide(s, sz, st, gt(c, in)));
    return ariTermSlide(s, sz, 1, gt(c, in));
  }
  case ARI_RULE_SLIDE_BEFORE_SLIDE: {
    int64_t sz = range(c, 1, 3), st = range(c, 1, 2), sz2 = range(c, 1, 3), st2 = range(c, 1, 2);
    int64_t w2 = range(c, 1, 3), w1 = st2 * (w2 - 1) + sz2;
    return ariTermSlide(s, sz2, st2, ariTermSlide(s, sz, st, gt(c, arr(c, st * (w1 - 1) + sz, a))));
  }
  case ARI_RULE_SLIDE_AFTER_MAP_DEEP: {
    /* map (\w. C[map f w]) (slide sz st x): C a reduction of the mapped
     * window, a pair with another term, or the mapped window used twice;
     * now and then w also used otherwise (bare, or under another map), where
     * the rule must not apply (that case counts as n/a, a wrong rewrite as
     * a failure) */
    int64_t sz = range(c, 1, 3), st = range(c, 1, 2), w = range(c, 1, 4);
    const AriType *bs = scalarT(c), *winT = arr(c, sz, a);
    AriTerm *x = gt(c, arr(c, st * (w - 1) + sz, a));
    AriTerm *mw = mapT(c, up(c, fn(c, a, bs), 1), var0(c, winT));
    AriTerm *body;
    switch (below(c, 6)) {
    case 0:
    case 1:
      body = ariTermReduce(s, redKind(c, true), up(c, redFn(c, bs, bs), 1), up(c, gt(c, bs), 1), mw);
      break;
    case 2: body = ariTermPair(s, mw, up(c, gt(c, b), 1)); break;
    case 3: body = ariTermPair(s, mw, var0(c, winT)); break;
    case 4: body = ariTermPair(s, mw, mapT(c, up(c, fn(c, a, scalarT(c)), 1), var0(c, winT))); break;
    default: body = ariTermPair(s, mw, mw); break;
    }
    return mapT(c, ariTermLam(s, winT, body), ariTermSlide(s, sz, st, x));
  }
  case ARI_RULE_SEPARATE_SUM: {
    int64_t R = range(c, 1, 3), C = range(c, 1, 4);
    AriTerm *nb = gt(c, arr(c, R, arr(c, C, f32)));
    AriTerm *sum = op2(c, "arith.addf", ariTermVar(s, 1, f32), var0(c, f32), f32);
    AriTerm *add = ariTermLam(s, f32, ariTermLam(s, f32, sum));
    return ariTermReduce(s, below(c, 2) ? ARI_PAT_SEQ : ARI_PAT_NONE, add,
                         ariTermConstFloat(s, f32, 0.0), ariTermJoin(s, nb));
  }
  case ARI_RULE_ZIP_SLIDE_MAP_FUSION: {
    int64_t sz = range(c, 1, 3), st = range(c, 1, 2), w = range(c, 1, 4), len = st * (w - 1) + sz;
    AriTerm *xa = gt(c, arr(c, len, a)), *xb = gt(c, arr(c, len, b));
    AriTerm *fa = fn(c, arr(c, sz, a), elemT(c)), *fb = fn(c, arr(c, sz, b), elemT(c));
    return ariTermZip(s, mapT(c, fa, ariTermSlide(s, sz, st, xa)),
                      mapT(c, fb, ariTermSlide(s, sz, st, xb)));
  }
  case ARI_RULE_SPLIT_BEFORE_MAP: {
    int64_t p = range(c, 1, 3);
    return ariTermSplit(s, p, mapT(c, fn(c, a, b), gt(c, arr(c, p * range(c, 1, 3), a))));
  }
  case ARI_RULE_SPLIT_BEFORE_ZIP: {
    int64_t p = range(c, 1, 3), len = p * range(c, 1, 3);
    return ariTermSplit(s, p, ariTermZip(s, gt(c, arr(c, len, a)), gt(c, arr(c, len, b))));
  }
  case ARI_RULE_MAP_SLIDE_AFTER_TRANSPOSE: {
    int64_t sz = range(c, 1, 3), st = range(c, 1, 2), w = range(c, 1, 3);
    const AriType *rowT = arr(c, st * (w - 1) + sz, a);
    return ariTermTranspose(
        s, mapT(c, ariTermLam(s, rowT, ariTermSlide(s, sz, st, var0(c, rowT))), gt(c, arr(c, n, rowT))));
  }
  case ARI_RULE_TRANSPOSE_MAP_MAP:
    return ariTermTranspose(s, mapMap(c, arr(c, m, a), fn(c, a, b), gt(c, arr(c, n, arr(c, m, a)))));
  case ARI_RULE_MAP_MAP_TRANSPOSE:
    return mapMap(c, arr(c, n, a), fn(c, a, b),
                  ariTermTranspose(s, gt(c, arr(c, n, arr(c, m, a)))));
  case ARI_RULE_TRANSPOSE_TRANSPOSE:
    return ariTermTranspose(s, ariTermTranspose(s, gt(c, arr(c, n, arr(c, m, a)))));
  case ARI_RULE_CREATE_TRANSPOSE_PAIR: return gt(c, arr(c, n, arr(c, m, a)));
  case ARI_RULE_CREATE_MAP_ID: return gt(c, arr(c, n, below(c, 2) ? arr(c, m, a) : a));
  case ARI_RULE_START_VECTORIZATION: return gt(c, arr(c, r->args[0] * range(c, 1, 3), sa));
  case ARI_RULE_VECTORIZE_BEFORE_MAP: {
    int64_t v = (int64_t)1 << range(c, 1, 2);
    return ariTermAsVector(s, v, mapT(c, fn(c, sa, sb), gt(c, arr(c, v * m, sa))));
  }
  case ARI_RULE_VECTORIZE_BEFORE_MAP_REDUCE: {
    int64_t v = (int64_t)1 << range(c, 1, 2);
    const AriType *rowT = arr(c, range(c, 1, 4), sa);
    AriTerm *red = ariTermReduce(s, redKind(c, true), up(c, redFn(c, sa, sa), 1),
                                 up(c, gt(c, sa), 1), var0(c, rowT));
    return ariTermAsVector(s, v, mapT(c, ariTermLam(s, rowT, red), gt(c, arr(c, v * m, rowT))));
  }
  case ARI_RULE_VECTORIZE_BEFORE_MAP_ZIP: {
    /* as_vector v (map f x), x of scalars or (nested) pairs of scalars,
     * given as a zip term or as any array of pairs; f lane-wise */
    int64_t v = (int64_t)1 << range(c, 1, 2);
    const AriType *T;
    AriTerm *x = laneInput(c, sa, v * m, &T);
    AriTerm *body = laneBody(c, T, sa, 3);
    return body ? ariTermAsVector(s, v, mapT(c, ariTermLam(s, T, body), x)) : NULL;
  }
  case ARI_RULE_VECTORIZE_REDUCE:
  case ARI_RULE_PARTIAL_REDUCE: {
    /* reduce/k (\a y. a op e(y)) i x: x of scalars or (nested) pairs of
     * scalars, as a zip term or any array of pairs; e lane-wise on y's
     * projections; op one with a neutral element, the accumulator either
     * side. partialReduce needs at least two elements a chunk. */
    static const char *const fo[] = {"arith.addf", "arith.mulf", "arith.maximumf",
                                     "arith.minimumf"};
    static const char *const io[] = {"arith.addi", "arith.muli", "arith.maxsi", "arith.minsi"};
    const AriType *T;
    int64_t len = r->args[0] * (id == ARI_RULE_PARTIAL_REDUCE ? m + 1 : m);
    AriTerm *x = laneInput(c, sa, len, &T);
    /* laneBody is built under one binder (y); the accumulator's goes
     * between it and the context */
    AriTerm *e = laneBody(c, T, sa, 3);
    e = e ? ariTermShift(s, e, 1, 1) : NULL;
    const char *o = ariTypeIsFloat(sa) ? fo[below(c, 4)] : io[below(c, 4)];
    AriTerm *acc = ariTermVar(s, 1, sa);
    AriTerm *body = below(c, 2) ? op2(c, o, e, acc, sa) : op2(c, o, acc, e, sa);
    /* a high-level reduce folds elements of the accumulator's type */
    return body && x ? ariTermReduce(s, redKind(c, T == sa), ariTermLam(s, sa, ariTermLam(s, T, body)),
                                     gt(c, sa), x)
                     : NULL;
  }
  case ARI_RULE_VECTORIZE_BEFORE_MAP_ZIP_REDUCE: {
    /* as in matmul: a dot product of a row r with every column */
    int64_t v = (int64_t)1 << range(c, 1, 2), k = range(c, 1, 4);
    const AriType *colT = arr(c, k, sa);
    bool rFirst = below(c, 2);
    const AriType *pT = rFirst ? ariTypePair(s, sb, sa) : ariTypePair(s, sa, sb);
    const AriType *acc = scalarT(c);
    AriTerm *row = up(c, gt(c, arr(c, k, sb)), 1);
    AriTerm *zipped = rFirst ? ariTermZip(s, row, var0(c, colT)) : ariTermZip(s, var0(c, colT), row);
    AriTerm *red = ariTermReduce(s, redKind(c, false), up(c, redFn(c, acc, pT), 1),
                                 up(c, gt(c, acc), 1), zipped);
    return ariTermAsVector(s, v, mapT(c, ariTermLam(s, colT, red), gt(c, arr(c, v * m, colT))));
  }
  case ARI_RULE_AS_SCALAR_AS_VECTOR: {
    int64_t v = range(c, 1, 4);
    return ariTermAsScalar(s, ariTermAsVector(s, v, gt(c, arr(c, v * m, sa))));
  }
  case ARI_RULE_AS_VECTOR_AS_SCALAR: {
    int64_t v = range(c, 1, 4);
    return ariTermAsVector(s, v, ariTermAsScalar(s, gt(c, arr(c, m, ariTypeVector(s, v, f32)))));
  }
  case ARI_RULE_CBUFFER_LOAD_FUSION:
  case ARI_RULE_USE_ITERATE_STREAM: {
    int64_t sz = range(c, 1, 3), w = range(c, 1, 4);
    AriAddrSpace ad = (AriAddrSpace)below(c, 3);
    const AriType *d = elemT(c);
    AriTerm *src = id == ARI_RULE_CBUFFER_LOAD_FUSION || below(c, 2)
                       ? mapT(c, fn(c, a, b), gt(c, arr(c, w - 1 + sz, a)))
                       : gt(c, arr(c, w - 1 + sz, b));
    AriTerm *buf;
    if (id == ARI_RULE_USE_ITERATE_STREAM && below(c, 2))
      buf = ariTermRotateValues(s, ad, sz, ariTermLam(s, b, var0(c, b)), src);
    else
      buf = ariTermCircularBuffer(s, ad, sz + (int64_t)below(c, 2), sz, fn(c, b, d), src);
    if (id == ARI_RULE_CBUFFER_LOAD_FUSION || !buf)
      return buf;
    const AriType *winT = ariTypeElem(ariTermType(buf));
    return mapT(c, fn(c, winT, elemT(c)), buf);
  }
  case ARI_RULE_REDUCE_SEQ:
  case ARI_RULE_REDUCE_SEQ_UNROLL: {
    bool seq = id == ARI_RULE_REDUCE_SEQ_UNROLL && below(c, 2);
    const AriType *acc = seq ? scalarT(c) : sa;
    return ariTermReduce(s, seq ? ARI_PAT_SEQ : ARI_PAT_NONE, redFn(c, acc, sa), gt(c, acc),
                         gt(c, arr(c, n, sa)));
  }
  case ARI_RULE_MAP_UNROLL:
    return ariTermMap(s, below(c, 2) ? ARI_PAT_SEQ : ARI_PAT_NONE, -1, fn(c, a, b),
                      gt(c, arr(c, n, a)));
  case ARI_RULE_TO_MEM: return gt(c, below(c, 2) ? arr(c, n, a) : a);
  case ARI_RULE_INTRODUCE_KERNEL: return gt(c, arr(c, n, a));
  case ARI_RULE_SEPARATE_CONV_KERNEL: return convLhs(c);
  case ARI_RULE_K_SUM_GENERATE_ADD: {
    const AriType *t = sa;
    AriTerm *x = indexed(c, t, n), *y = indexed(c, t, n);
    return sumGen(c, t, n, op2(c, ariTypeIsFloat(t) ? "arith.addf" : "arith.addi", x, y, t));
  }
  case ARI_RULE_K_SUM_GENERATE_CONST: return sumGen(c, sa, n, up(c, gt(c, sa), 1));
  case ARI_RULE_K_SUM_GENERATE_SELECT: {
    AriTerm *p = up(c, gt(c, ariTypeI1(s)), 1);
    return sumGen(c, sa, n, select3(c, p, indexed(c, sa, n), indexed(c, sa, n)));
  }
  case ARI_RULE_K_SUM_GENERATE_TUPLE: {
    const AriType *t1 = sa, *t2 = sb, *pT = ariTypePair(s, t1, t2);
    AriTerm *pa = ariTermVar(s, 1, pT), *px = ariTermVar(s, 0, pT);
    AriTerm *body = ariTermPair(
        s, op2(c, opName(t1, 0), ariTermFst(s, pa), ariTermFst(s, px), t1),
        op2(c, opName(t2, 0), ariTermSnd(s, pa), ariTermSnd(s, px), t2));
    AriTerm *gen = ariTermGenerate(
        s, n, ariTermLam(s, ariTypeIndex(s), ariTermPair(s, indexed(c, t1, n), indexed(c, t2, n))));
    return ariTermReduce(s, ARI_PAT_NONE, ariTermLam(s, pT, ariTermLam(s, pT, body)),
                         ariTermPair(s, cF(c, t1, 0), cF(c, t2, 0)), gen);
  }
  case ARI_RULE_K_SUM_GENERATE_BUILD: {
    AriTerm *zeros, *add = rowSumFn(c, sa, m, &zeros);
    AriTerm *e = twoIndexEntry(c, sa, n, m);
    AriTerm *gen = ariTermGenerate(s, n, ariTermLam(s, ix, ariTermGenerate(s, m, ariTermLam(s, ix, e))));
    return ariTermReduce(s, ARI_PAT_NONE, add, zeros, gen);
  }
  case ARI_RULE_K_SUM_DELTA_VEC: {
    /* kSumGenerateBuild's element-wise sum of rows, each row one-hot at an
     * index i that does not depend on the row x */
    AriTerm *zeros, *add = rowSumFn(c, sa, m, &zeros);
    AriTerm *v = twoIndexEntry(c, sa, n, m);
    /* i under x, not using it; one case in four i = x, where the rule must
     * not apply (x not free in i), so a missing side condition shows */
    AriTerm *i = below(c, 4) ? up(c, oneHotIndex(c, m), 1) : var0(c, ix);
    AriTerm *gen = ariTermGenerate(s, n, ariTermLam(s, ix, deltaVecOf(c, m, i, v)));
    return ariTermReduce(s, ARI_PAT_NONE, add, zeros, gen);
  }
  case ARI_RULE_K_DELTA_VEC_ADD: {
    const AriType *t = sa, *pT = ariTypePair(s, t, t);
    int64_t len = range(c, 1, 4);
    AriTerm *i = oneHotIndex(c, len);
    AriTerm *e1 = below(c, 2) ? indexed(c, t, len) : gtUnder(c, ix, t);
    AriTerm *e2 = below(c, 2) ? indexed(c, t, len) : gtUnder(c, ix, t);
    AriTerm *p = var0(c, pT);
    AriTerm *add = ariTermLam(s, pT, op2(c, opName(t, 0), ariTermFst(s, p), ariTermSnd(s, p), t));
    /* one case in four another index for the second (then the rule must
     * not apply, unless the two happen to be the same term) */
    AriTerm *i2 = below(c, 4) ? i : oneHotIndex(c, len);
    return mapT(c, add, ariTermZip(s, deltaVecOf(c, len, i, e1), deltaVecOf(c, len, i2, e2)));
  }
  case ARI_RULE_K_SELECT_TRUE:
  case ARI_RULE_K_SELECT_FALSE:
    return select3(c, boolConst(c, id == ARI_RULE_K_SELECT_TRUE), gt(c, a), gt(c, a));
  case ARI_RULE_K_SELECT_BOOL: {
    AriTerm *inner = select3(c, gt(c, ariTypeI1(s)), boolConst(c, true), boolConst(c, false));
    return select3(c, inner, gt(c, sa), gt(c, sa));
  }
  case ARI_RULE_K_SELECT_SAME: {
    AriTerm *x = gt(c, a);
    return select3(c, gt(c, ariTypeI1(s)), x, x);
  }
  case ARI_RULE_K_CMP_SELF: {
    const AriType *i32 = ariTypeI32(s);
    static const char *const preds[] = {"{predicate = 0 : i64}", "{predicate = 3 : i64}",
                                        "{predicate = 5 : i64}", "{predicate = 7 : i64}",
                                        "{predicate = 9 : i64}"};
    AriTerm *x = gt(c, i32);
    AriTerm *k[2] = {x, x};
    AriTerm *cmp = x ? ariTermOp(s, "arith.cmpi", preds[below(c, 5)], k, 2, ariTypeI1(s)) : NULL;
    return select3(c, cmp, gt(c, sa), gt(c, sa));
  }
  case ARI_RULE_K_LET_INTRO: return gt(c, below(c, 2) ? a : arr(c, n, a));
  case ARI_RULE_K_LET_LIFT: {
    AriTerm *redex = ariTermApp(s, ariTermLam(s, sa, gtUnder(c, sa, sa)), gt(c, sa));
    return below(c, 2) ? op2(c, opName(sa, (int)below(c, 4)), redex, gt(c, sa), sa)
                       : op2(c, opName(sa, (int)below(c, 4)), gt(c, sa), redex, sa);
  }
  case ARI_RULE_K_LET_CSE: {
    AriTerm *e = gt(c, a);
    AriGenEnv env = *c->env;
    env.types[env.depth++] = a;
    env.types[env.depth++] = a;
    AriTerm *body = ariGenTerm(c->g, &env, elemT(c), FUEL);
    AriTerm *inner = ariTermApp(s, ariTermLam(s, a, body), up(c, e, 1));
    return ariTermApp(s, ariTermLam(s, a, inner), e);
  }
  default: return NULL;
  }
}

static int64_t elemCount(const AriType *t) {
  int64_t n = 1;
  while (ariTypeKind(t) == ARI_TYPE_ARRAY) {
    n *= ariTypeSize(t);
    t = ariTypeElem(t);
  }
  return n;
}

AriTerm *ariGenForRule(AriGen *g, const AriRuleInst *r) {
  AriGenEnv top = {.depth = 0};
  /* The instance sits under 0, 1 or 2 binders: the lambda of a map over a
   * random array, or of a generate (an index binder), so that its holes use
   * outer parameters and the rules' De Bruijn shifts are exercised. */
  unsigned levels = r->id == ARI_RULE_INTRODUCE_KERNEL ? 0 : (unsigned)ariGenBelow(g, 3);
  AriGenEnv envs[3];
  envs[0] = top;
  bool isGen[2] = {false, false};
  int64_t sizes[2] = {1, 1};
  for (unsigned l = 0; l < levels; ++l) {
    Ctx cl = {g, g->s, &envs[l]};
    isGen[l] = ariGenBelow(g, 4) == 0;
    sizes[l] = range(&cl, 1, 3);
    envs[l + 1] = envs[l];
    envs[l + 1].types[envs[l + 1].depth++] = isGen[l] ? ariTypeIndex(g->s) : elemT(&cl);
  }
  Ctx ci = {g, g->s, &envs[levels]};
  AriTerm *res = lhs(&ci, r);
  for (unsigned l = levels; l-- > 0 && res;) {
    const AriType *bt = envs[l + 1].types[envs[l + 1].depth - 1];
    AriTerm *lam = ariTermLam(g->s, bt, res);
    res = isGen[l] ? ariTermGenerate(g->s, sizes[l], lam)
                   : ariTermMap(g->s, ARI_PAT_NONE, -1, lam,
                                ariGenTerm(g, &envs[l], ariTypeArray(g->s, sizes[l], bt), FUEL));
  }
  if (!res || elemCount(ariTermType(res)) > ARI_GEN_MAX_ELEMS)
    return NULL;
  return res;
}
