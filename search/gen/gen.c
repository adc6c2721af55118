/*===- search/gen/gen.c - random well-typed terms -----------------------------===*\
 *
 * Type-directed: every production is chosen so that the term it builds has
 * the requested type, so the store's type-checking constructors never
 * refuse a generated term (a NULL from them means out of memory or a
 * generator bug, which the tests count).
 *
\*===----------------------------------------------------------------------===*/

#include "search/gen/gen.h"
#include "utils/hash.h"
#include "utils/strbuf.h"

#include <stdio.h>
#include <string.h>

/*--- randomness -------------------------------------------------------------*/

static uint64_t next(AriGen *g) { return ariHashSplitMix64(&g->state); }

uint64_t ariGenBelow(AriGen *g, uint64_t n) { return n ? next(g) % n : 0; }

void ariGenInit(AriGen *g, AriTermStore *s, uint64_t seed) {
  memset(g, 0, sizeof *g);
  g->s = s;
  g->state = seed * 0x2545F4914F6CDD1Dull + 1;
  g->intsAllowed = true;
}

/*--- types ------------------------------------------------------------------*/

/* Scalars in a value of type t, saturating far above any cap. */
static int64_t elems(const AriType *t) {
  const int64_t SATURATED = (int64_t)1 << 40;
  switch (ariTypeKind(t)) {
  case ARI_TYPE_ARRAY: {
    int64_t e = elems(ariTypeElem(t)), n = ariTypeSize(t);
    return e > SATURATED / (n ? n : 1) ? SATURATED : e * n;
  }
  case ARI_TYPE_VECTOR: return ariTypeSize(t);
  case ARI_TYPE_PAIR: return elems(ariTypeFirst(t)) + elems(ariTypeSecond(t));
  default: return 1;
  }
}

/* Too big for an intermediate array (AriGen.maxElems). */
static bool tooBig(const AriGen *g, const AriType *t) {
  return elems(t) > (g->maxElems > 0 ? g->maxElems : ARI_GEN_MAX_ELEMS);
}

/* Can be a memref argument's rise type: arrays of scalars or vectors
 * (f32/i32 scalars: what the interpreter fills). */
static bool memrefable(const AriType *t) {
  while (ariTypeKind(t) == ARI_TYPE_ARRAY)
    t = ariTypeElem(t);
  if (ariTypeKind(t) == ARI_TYPE_VECTOR)
    t = ariTypeElem(t);
  if (ariTypeKind(t) != ARI_TYPE_SCALAR)
    return false;
  const char *n = ariTypeScalarName(t);
  return !strcmp(n, "f32") || !strcmp(n, "i32");
}

static bool hasPair(const AriType *t) {
  switch (ariTypeKind(t)) {
  case ARI_TYPE_PAIR: return true;
  case ARI_TYPE_ARRAY: return hasPair(ariTypeElem(t));
  default: return false;
  }
}

/*--- leaves -----------------------------------------------------------------*/

AriTerm *ariGenInput(AriGen *g, const AriType *t) {
  if (g->reusePercent && ariGenBelow(g, 100) < g->reusePercent) {
    AriTerm *cand[ARI_GEN_MAX_ARGS];
    unsigned n = 0;
    for (unsigned i = 0; i < g->nargs; ++i)
      if (g->inputs[i] && ariTermType(g->inputs[i]) == t)
        cand[n++] = g->inputs[i];
    if (n)
      return cand[ariGenBelow(g, n)];
  }
  if (g->nargs >= ARI_GEN_MAX_ARGS - 4) /* keep room for outputs */
    return NULL;
  AriTerm *leaf = NULL;
  if (ariTypeKind(t) == ARI_TYPE_ARRAY && memrefable(t))
    leaf = ariTermIn(g->s, g->nargs, t);
  else if (ariTypeKind(t) == ARI_TYPE_SCALAR && memrefable(t))
    leaf = ariTermArg(g->s, g->nargs, t);
  if (!leaf)
    return NULL;
  g->inputs[g->nargs++] = leaf;
  return leaf;
}

static AriGenEnv push(const AriGenEnv *env, const AriType *t) {
  AriGenEnv e = *env;
  if (e.depth < ARI_GEN_MAX_DEPTH)
    e.types[e.depth++] = t;
  return e;
}

/* A random binder of env of type t (as a VAR), or NULL. */
static AriTerm *envVar(AriGen *g, const AriGenEnv *env, const AriType *t) {
  unsigned cand[ARI_GEN_MAX_DEPTH], n = 0;
  for (unsigned i = 0; i < env->depth; ++i)
    if (env->types[i] == t)
      cand[n++] = i;
  if (!n)
    return NULL;
  /* prefer the innermost binder: lambdas should use their parameter */
  unsigned pick = ariGenBelow(g, 3) ? cand[n - 1] : cand[ariGenBelow(g, n)];
  return ariTermVar(g->s, env->depth - 1 - pick, t);
}

/* A binder whose type satisfies `pred`, as a VAR; NULL if none. */
static AriTerm *envVarWhere(AriGen *g, const AriGenEnv *env, bool (*pred)(const AriType *, const AriType *),
                            const AriType *want) {
  unsigned cand[ARI_GEN_MAX_DEPTH], n = 0;
  for (unsigned i = 0; i < env->depth; ++i)
    if (pred(env->types[i], want))
      cand[n++] = i;
  if (!n)
    return NULL;
  unsigned pick = cand[ariGenBelow(g, n)];
  return ariTermVar(g->s, env->depth - 1 - pick, env->types[pick]);
}

static bool arrayOf(const AriType *t, const AriType *e) {
  return ariTypeKind(t) == ARI_TYPE_ARRAY && ariTypeElem(t) == e && elems(t) <= 64;
}

static bool pairWith(const AriType *t, const AriType *e) {
  return ariTypeKind(t) == ARI_TYPE_PAIR && (ariTypeFirst(t) == e || ariTypeSecond(t) == e);
}

/*--- scalars ------------------------------------------------------------------*/

static AriTerm *constOf(AriGen *g, const AriType *t) {
  if (ariTypeIsFloat(t))
    return ariTermConstFloat(g->s, t, ((double)ariGenBelow(g, 9) - 4.0) / 4.0);
  if (ariTypeIsIndexT(t))
    return ariTermConstInt(g->s, t, 0);
  if (ariTypeBitWidth(t) == 1)
    return ariTermConstInt(g->s, t, (int64_t)ariGenBelow(g, 2));
  return ariTermConstInt(g->s, t, (int64_t)ariGenBelow(g, 7) - 3);
}

static AriTerm *bin(AriGen *g, const char *op, AriTerm *a, AriTerm *b, const AriType *t) {
  if (!a || !b)
    return NULL;
  AriTerm *k[2] = {a, b};
  return ariTermOp(g->s, op, "", k, 2, t);
}

static AriTerm *genScalar(AriGen *g, const AriGenEnv *env, const AriType *t, int fuel);

/* reduce (\a x. a + x) 0 xs for an array binder of t elements. */
static AriTerm *sumOf(AriGen *g, AriTerm *xs, const AriType *t) {
  const char *add = ariTypeIsFloat(t) ? "arith.addf" : "arith.addi";
  AriTerm *body = bin(g, add, ariTermVar(g->s, 1, t), ariTermVar(g->s, 0, t), t);
  AriTerm *zero = ariTypeIsFloat(t) ? ariTermConstFloat(g->s, t, 0.0) : ariTermConstInt(g->s, t, 0);
  return ariTermReduce(g->s, ARI_PAT_NONE, ariTermLam(g->s, t, ariTermLam(g->s, t, body)), zero,
                       xs);
}

static AriTerm *genScalar(AriGen *g, const AriGenEnv *env, const AriType *t, int fuel) {
  AriTermStore *s = g->s;
  if (ariTypeIsIndexT(t)) {
    AriTerm *v = envVar(g, env, t);
    return v ? v : ariTermConstInt(s, t, 0);
  }
  if (ariTypeBitWidth(t) == 1) {
    const AriType *f32 = ariTypeF32(s);
    AriTerm *k[2] = {genScalar(g, env, f32, fuel / 2), genScalar(g, env, f32, fuel / 2)};
    if (!k[0] || !k[1])
      return NULL;
    static const char *const preds[] = {"{predicate = 1 : i64}", "{predicate = 2 : i64}",
                                        "{predicate = 4 : i64}"};
    return ariTermOp(s, "arith.cmpf", preds[ariGenBelow(g, 3)], k, 2, t);
  }
  bool fl = ariTypeIsFloat(t);
  for (int attempt = 0; attempt < 4; ++attempt) {
    switch (ariGenBelow(g, fuel > 0 ? 12 : 6)) {
    case 0: case 1: case 2: {
      AriTerm *v = envVar(g, env, t);
      if (v)
        return v;
      break;
    }
    case 3: {
      AriTerm *xs = envVarWhere(g, env, arrayOf, t);
      if (!xs)
        break;
      if (ariGenBelow(g, 2))
        return sumOf(g, xs, t);
      int64_t n = ariTypeSize(ariTermType(xs));
      return ariTermIdx(s, xs, ariTermConstInt(s, ariTypeIndex(s), (int64_t)ariGenBelow(g, (uint64_t)n)));
    }
    case 4: {
      AriTerm *p = envVarWhere(g, env, pairWith, t);
      if (!p)
        break;
      return ariTypeFirst(ariTermType(p)) == t ? ariTermFst(s, p) : ariTermSnd(s, p);
    }
    case 5:
      if (ariGenBelow(g, 3) == 0 && g->nargs < ARI_GEN_MAX_ARGS - 5)
        return ariGenInput(g, t);
      return constOf(g, t);
    default: {
      static const char *const fops[] = {"arith.addf", "arith.subf", "arith.mulf", "arith.maximumf"};
      static const char *const iops[] = {"arith.addi", "arith.subi", "arith.muli", "arith.maxsi"};
      unsigned k = (unsigned)ariGenBelow(g, 4);
      return bin(g, fl ? fops[k] : iops[k], genScalar(g, env, t, fuel / 2),
                 genScalar(g, env, t, fuel / 2), t);
    }
    }
  }
  AriTerm *v = envVar(g, env, t);
  return v ? v : constOf(g, t);
}

/*--- arrays -------------------------------------------------------------------*/

static AriTerm *genArray(AriGen *g, const AriGenEnv *env, const AriType *t, int fuel);

static const AriType *randomScalar(AriGen *g) {
  if (g->intsAllowed && ariGenBelow(g, 5) == 0)
    return ariTypeI32(g->s);
  return ariTypeF32(g->s);
}

AriTerm *ariGenFn(AriGen *g, const AriGenEnv *env, const AriType *param, const AriType *result,
                  int fuel) {
  AriGenEnv inner = push(env, param);
  return ariTermLam(g->s, param, ariGenTerm(g, &inner, result, fuel));
}

static AriTerm *genArray(AriGen *g, const AriGenEnv *env, const AriType *t, int fuel) {
  AriTermStore *s = g->s;
  int64_t n = ariTypeSize(t);
  const AriType *e = ariTypeElem(t);
  for (int attempt = 0; attempt < 6; ++attempt) {
    switch (ariGenBelow(g, fuel > 0 ? 15 : 4)) {
    case 0: case 1: {
      AriTerm *v = envVar(g, env, t);
      if (v)
        return v;
      break;
    }
    case 12: /* pad_cst / pad_clamp around a shorter array */
      if (n >= 2) {
        int64_t l = (int64_t)ariGenBelow(g, 2), r = n - l >= 2 ? (int64_t)ariGenBelow(g, 2) : 0;
        AriTerm *in = genArray(g, env, ariTypeArray(s, n - l - r, e), fuel / 2);
        if (ariGenBelow(g, 2))
          return ariTermPadClamp(s, l, r, in);
        return ariTermPadCst(s, l, r, in, ariGenTerm(g, env, e, fuel / 4));
      }
      break;
    case 13: { /* fst or snd of unzip */
      const AriType *o = randomScalar(g);
      bool first = ariGenBelow(g, 2);
      const AriType *pe = first ? ariTypePair(s, e, o) : ariTypePair(s, o, e);
      if (tooBig(g, ariTypeArray(s, n, pe)))
        break;
      AriTerm *u = ariTermUnzip(s, genArray(g, env, ariTypeArray(s, n, pe), fuel / 2));
      return first ? ariTermFst(s, u) : ariTermSnd(s, u);
    }
    case 14: /* a literal of small values */
      if (ariTypeKind(e) == ARI_TYPE_SCALAR && ariTypeIsFloat(e) && n <= 16 &&
          !strcmp(ariTypeScalarName(e), "f32")) {
        char buf[512];
        AriStr o;
        ariStrInitFixed(&o, buf, sizeof buf);
        ariStrPuts(&o, "dense<[");
        for (int64_t i = 0; i < n; ++i)
          ariStrPrintf(&o, "%s%.2f", i ? ", " : "", ((double)ariGenBelow(g, 9) - 4.0) / 4.0);
        ariStrPrintf(&o, "]> : tensor<%lldxf32>", (long long)n);
        return ariTermLiteral(s, buf, t);
      }
      break;
    case 2: case 3:
      if (memrefable(t) && g->nargs < ARI_GEN_MAX_ARGS - 5)
        return ariGenInput(g, t);
      if (ariTypeKind(e) == ARI_TYPE_PAIR)
        return ariTermZip(s, genArray(g, env, ariTypeArray(s, n, ariTypeFirst(e)), fuel / 2),
                          genArray(g, env, ariTypeArray(s, n, ariTypeSecond(e)), fuel / 2));
      if (fuel <= 0) /* generate needs no input */
        return ariTermGenerate(s, n, ariGenFn(g, env, ariTypeIndex(s), e, 0));
      break;
    case 4: case 5: case 6: {
      /* map f xs with a random source element type */
      const AriType *src = ariGenBelow(g, 2) ? e : randomScalar(g);
      if (ariTypeKind(e) == ARI_TYPE_ARRAY && ariGenBelow(g, 2))
        src = ariTypeArray(s, ariTypeSize(e), randomScalar(g));
      if (tooBig(g, ariTypeArray(s, n, src)))
        break;
      return ariTermMap(s, ARI_PAT_NONE, -1, ariGenFn(g, env, src, e, fuel / 2),
                        genArray(g, env, ariTypeArray(s, n, src), fuel / 2));
    }
    case 7:
      return ariTermGenerate(s, n, ariGenFn(g, env, ariTypeIndex(s), e, fuel / 2));
    case 8:
      if (ariTypeKind(e) == ARI_TYPE_ARRAY) { /* transpose */
        const AriType *src = ariTypeArray(s, ariTypeSize(e), ariTypeArray(s, n, ariTypeElem(e)));
        return ariTermTranspose(s, genArray(g, env, src, fuel / 2));
      }
      break;
    case 9:
      if (ariTypeKind(e) == ARI_TYPE_ARRAY) { /* split */
        int64_t m = ariTypeSize(e);
        return ariTermSplit(s, m, genArray(g, env, ariTypeArray(s, n * m, ariTypeElem(e)), fuel / 2));
      }
      break;
    case 10:
      if (ariTypeKind(e) == ARI_TYPE_ARRAY) { /* slide */
        int64_t m = ariTypeSize(e), sp = 1 + (int64_t)ariGenBelow(g, 2);
        const AriType *src = ariTypeArray(s, sp * (n - 1) + m, ariTypeElem(e));
        if (!tooBig(g, src))
          return ariTermSlide(s, m, sp, genArray(g, env, src, fuel / 2));
      }
      break;
    default: { /* join */
      int64_t k = 1 + (int64_t)ariGenBelow(g, 3);
      if (n % k == 0 && n / k >= 1)
        return ariTermJoin(
            s, genArray(g, env, ariTypeArray(s, k, ariTypeArray(s, n / k, e)), fuel / 2));
      break;
    }
    }
  }
  AriTerm *v = envVar(g, env, t);
  if (v)
    return v;
  if (memrefable(t) && g->nargs < ARI_GEN_MAX_ARGS - 4)
    return ariGenInput(g, t);
  return ariTermGenerate(s, n, ariGenFn(g, env, ariTypeIndex(s), e, 0));
}

AriTerm *ariGenTerm(AriGen *g, const AriGenEnv *env, const AriType *t, int fuel) {
  if (!t)
    return NULL;
  switch (ariTypeKind(t)) {
  case ARI_TYPE_SCALAR: return genScalar(g, env, t, fuel);
  case ARI_TYPE_VECTOR: {
    AriTerm *v = envVar(g, env, t);
    if (v && ariGenBelow(g, 2))
      return v;
    return ariTermVectorFromScalar(g->s, ariTypeSize(t), genScalar(g, env, ariTypeElem(t), fuel));
  }
  case ARI_TYPE_PAIR: {
    AriTerm *v = envVar(g, env, t);
    if (v && ariGenBelow(g, 2))
      return v;
    return ariTermPair(g->s, ariGenTerm(g, env, ariTypeFirst(t), fuel / 2),
                       ariGenTerm(g, env, ariTypeSecond(t), fuel / 2));
  }
  case ARI_TYPE_ARRAY: return genArray(g, env, t, fuel);
  default: return NULL;
  }
}

/*--- functions and writability ------------------------------------------------*/

/* The first pair level under arrays projected (fst or snd). */
static AriTerm *projDeep(AriTermStore *s, AriTerm *t, bool first) {
  if (!t)
    return NULL;
  const AriType *ty = ariTermType(t);
  if (ariTypeKind(ty) == ARI_TYPE_PAIR)
    return first ? ariTermFst(s, t) : ariTermSnd(s, t);
  if (ariTypeKind(ty) != ARI_TYPE_ARRAY)
    return NULL;
  const AriType *e = ariTypeElem(ty);
  return ariTermMap(s, ARI_PAT_NONE, -1,
                    ariTermLam(s, e, projDeep(s, ariTermVar(s, 0, e), first)), t);
}

static unsigned collectOuts(AriTermStore *s, AriTerm *t, AriTerm **outs, unsigned n,
                            unsigned cap) {
  if (!t || n >= cap)
    return n;
  const AriType *ty = ariTermType(t);
  if (hasPair(ty)) {
    n = collectOuts(s, projDeep(s, t, true), outs, n, cap);
    return collectOuts(s, projDeep(s, t, false), outs, n, cap);
  }
  if (ariTypeKind(ty) != ARI_TYPE_ARRAY)
    t = ariTermGenerate(s, 1, ariTermLam(s, ariTypeIndex(s), ariTermShift(s, t, 1, 0)));
  outs[n++] = t;
  return n;
}

AriTerm *ariGenWritable(AriTermStore *s, AriTerm *t) {
  AriTerm *outs[1];
  return collectOuts(s, t, outs, 0, 1) ? outs[0] : NULL;
}

bool ariGenFunc(AriGen *g, AriTerm *value, const char *name, AriTermFunc *out) {
  if (!value || !ariTermIsClosed(value))
    return false;
  AriTerm *outs[4];
  unsigned no = collectOuts(g->s, value, outs, 0, 4);
  if (!no || g->nargs + no > ARI_GEN_MAX_ARGS)
    return false;
  unsigned nr = 0;
  for (unsigned i = 0; i < no; ++i) {
    if (!outs[i] || !memrefable(ariTermType(outs[i])))
      return false;
    g->roots[nr++] = (AriTermRoot){ARI_ROOT_OUT, g->nargs + i, outs[i]};
  }
  for (unsigned i = 0; i < g->nargs && nr < ARI_GEN_MAX_ARGS; ++i)
    g->roots[nr++] = (AriTermRoot){ARI_ROOT_KEEP, i, g->inputs[i]};
  memset(out, 0, sizeof *out);
  out->name = name;
  out->numArgs = g->nargs + no;
  out->numRoots = nr;
  out->roots = g->roots;
  return true;
}

/*--- rewriting at the first position ----------------------------------------*/

static AriRuleStatus rewriteRec(AriTermStore *s, const AriRuleInst *r, AriTerm *t, AriTerm **out,
                                unsigned depth) {
  AriRuleStatus st = ariRuleApply(r, s, t, out);
  if (st != ARI_RULE_NO_MATCH || depth > 200)
    return st;
  unsigned n = ariTermNumKids(t);
  for (unsigned i = 0; i < n; ++i) {
    AriTerm *nk;
    st = rewriteRec(s, r, ariTermKid(t, i), &nk, depth + 1);
    if (st == ARI_RULE_ERROR)
      return st;
    if (st == ARI_RULE_APPLIED) {
      AriTerm *kids[64];
      if (n > 64)
        return ARI_RULE_NO_MATCH;
      for (unsigned j = 0; j < n; ++j)
        kids[j] = j == i ? nk : ariTermKid(t, j);
      *out = ariTermRebuild(s, t, kids);
      if (*out)
        return ARI_RULE_APPLIED;
      /* the context refuses the result (rotate_values' write must be the
       * identity itself): not a position for this rule, look further */
      if (!strncmp(ariTermStoreError(s), "out of memory", 13))
        return ARI_RULE_ERROR;
      ariTermStoreClearError(s);
    }
  }
  return ARI_RULE_NO_MATCH;
}

AriRuleStatus ariGenRewriteFirst(AriTermStore *s, const AriRuleInst *r, AriTerm *t,
                                 AriTerm **out) {
  *out = NULL;
  return t ? rewriteRec(s, r, t, out, 0) : ARI_RULE_NO_MATCH;
}
