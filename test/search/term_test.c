/*===- term_test.c - unit tests of the term store (search/term/term.h) ---------===*\
 *
 * Hash-consing identity, types, the typing rules of the constructors,
 * printing, and the De Bruijn laws (shift/substitution/beta against a naive
 * tree-walking reference, free-index facts against a walk) on seeded random
 * terms; scopes (mark/release: what is freed, what survives, misuse).
 *
\*===----------------------------------------------------------------------===*/

#include "search/term/term.h"
#include "test/check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*--- a seeded generator of random well-typed terms -----------------------*/

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}
static unsigned pick(unsigned n) { return (unsigned)(next() % n); }

/* A random well-typed term of type f32 or (f32 x f32) under the binders
 * env[0..n) (env[n-1] innermost), using vars, constants, ops, lambdas with
 * applications, pairs and projections. It may be open: free index k (past
 * the binders) has type f32 when k is even and the pair type when odd. */
typedef struct {
  const AriType *t[64];
  unsigned n;
} Env;

static AriTerm *genVar(AriTermStore *s, const AriType *want, const Env *env) {
  const AriType *f32 = ariTypeF32(s);
  for (int tries = 0; tries < 8; ++tries) {
    uint32_t i = pick(env->n + 6);
    const AriType *ti = i < env->n ? env->t[env->n - 1 - i]
                                   : ((i - env->n) % 2 == 0 ? f32 : ariTypePair(s, f32, f32));
    if (ti == want)
      return ariTermVar(s, i, want);
  }
  /* the first free index of the wanted type */
  uint32_t k = want == f32 ? 0 : 1;
  return ariTermVar(s, env->n + k, want);
}

static AriTerm *genE(AriTermStore *s, const AriType *want, unsigned depth, Env *env) {
  const AriType *f32 = ariTypeF32(s);
  const AriType *pr = ariTypePair(s, f32, f32);
  if (want == pr) {
    if (depth == 0 || pick(3) == 0)
      return pick(2) ? genVar(s, pr, env) : ariTermPair(s, genE(s, f32, 0, env), genE(s, f32, 0, env));
    return ariTermPair(s, genE(s, f32, depth - 1, env), genE(s, f32, depth - 1, env));
  }
  if (depth == 0) {
    switch (pick(3)) {
    case 0:
      return genVar(s, f32, env);
    case 1:
      return ariTermConstFloat(s, f32, (double)pick(4));
    default:
      return ariTermArg(s, pick(2), f32);
    }
  }
  switch (pick(6)) {
  case 0: {
    AriTerm *k[2] = {genE(s, f32, depth - 1, env), genE(s, f32, depth - 1, env)};
    return ariTermOp(s, pick(2) ? "arith.addf" : "arith.mulf", NULL, k, 2, f32);
  }
  case 1:
  case 3: { /* (lam x. body) arg: a beta redex, over f32 or a pair */
    const AriType *p = pick(2) ? f32 : pr;
    AriTerm *arg = genE(s, p, depth - 1, env);
    if (env->n >= 60)
      return arg == NULL ? NULL : genE(s, f32, 0, env);
    env->t[env->n++] = p;
    AriTerm *body = genE(s, f32, depth - 1, env);
    env->n--;
    return ariTermApp(s, ariTermLam(s, p, body), arg);
  }
  case 2:
    return pick(2) ? ariTermFst(s, genE(s, pr, depth - 1, env))
                   : ariTermSnd(s, genE(s, pr, depth - 1, env));
  default:
    return genE(s, f32, depth - 1, env);
  }
}

static AriTerm *gen(AriTermStore *s, const AriType *want, unsigned depth) {
  Env env = {{0}, 0};
  return genE(s, want, depth, &env);
}

/*--- naive reference implementations (tree walks, no shortcuts) ----------*/

static AriTerm *naiveShift(AriTermStore *s, AriTerm *t, int d, uint32_t c) {
  if (ariTermKind(t) == ARI_TERM_VAR) {
    uint32_t i = ariTermVarIndex(t);
    return i >= c ? ariTermVar(s, (uint32_t)((int)i + d), ariTermType(t)) : t;
  }
  AriTerm *k[8];
  uint32_t inner = ariTermKind(t) == ARI_TERM_LAM ? c + 1 : c;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    k[i] = naiveShift(s, ariTermKid(t, i), d, inner);
  return ariTermRebuild(s, t, k);
}

static AriTerm *naiveSubst(AriTermStore *s, AriTerm *t, uint32_t j, AriTerm *v) {
  if (ariTermKind(t) == ARI_TERM_VAR)
    return ariTermVarIndex(t) == j ? v : t;
  AriTerm *k[8];
  bool lam = ariTermKind(t) == ARI_TERM_LAM;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    k[i] = naiveSubst(s, ariTermKid(t, i), lam ? j + 1 : j, lam ? naiveShift(s, v, 1, 0) : v);
  return ariTermRebuild(s, t, k);
}

/* Free indices by a walk: bit i of *mask, min and max. */
static void naiveFree(const AriTerm *t, uint32_t depth, uint64_t *mask, int *mn, int *mx) {
  if (ariTermKind(t) == ARI_TERM_VAR) {
    uint32_t i = ariTermVarIndex(t);
    if (i >= depth) {
      int f = (int)(i - depth);
      *mask |= 1ull << f;
      if (*mn < 0 || f < *mn)
        *mn = f;
      if (f > *mx)
        *mx = f;
    }
    return;
  }
  uint32_t inner = ariTermKind(t) == ARI_TERM_LAM ? depth + 1 : depth;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    naiveFree(ariTermKid(t, i), inner, mask, mn, mx);
}

/*--- tests ---------------------------------------------------------------*/

static void testTypes(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s);
  CHECK(f32 == ariTypeScalar(s, "f32"));
  CHECK(ariTypeIsFloat(f32) && ariTypeBitWidth(f32) == 32);
  CHECK(ariTypeIsIndexT(ariTypeIndex(s)) && !ariTypeIsInt(ariTypeIndex(s)));
  CHECK(ariTypeIsInt(ariTypeScalar(s, "i8")) && ariTypeBitWidth(ariTypeScalar(s, "i8")) == 8);
  CHECK(ariTypeScalar(s, "tensor") == NULL && strstr(ariTermStoreError(s), "tensor"));
  ariTermStoreClearError(s);
  const AriType *a = ariTypeArray(s, 4, ariTypeArray(s, 8, f32));
  CHECK(a == ariTypeArray(s, 4, ariTypeArray(s, 8, f32)));
  CHECK(a != ariTypeArray(s, 8, ariTypeArray(s, 4, f32)));
  CHECK(ariTypeSize(a) == 4 && ariTypeSize(ariTypeElem(a)) == 8);
  char b[64];
  ariTypePrint(a, b, sizeof b);
  CHECK(strcmp(b, "4.8.f32") == 0);
  const AriType *p = ariTypePair(s, f32, ariTypeVector(s, 4, f32));
  ariTypePrint(p, b, sizeof b);
  CHECK(strcmp(b, "(f32 x <4>f32)") == 0);
  ariTypePrint(ariTypeFun(s, f32, p), b, sizeof b);
  CHECK(strcmp(b, "(f32 -> (f32 x <4>f32))") == 0);
  CHECK(ariTypePrint(a, b, 3) == 7 && strcmp(b, "4.") == 0); /* truncation */
  CHECK(ariTypeArray(s, 0, f32) == NULL);
  CHECK(ariTypeVector(s, 4, a) == NULL);
  CHECK(ariTypeArray(s, 2, ariTypeFun(s, f32, f32)) == NULL);
  CHECK(ariTermStoreNumTypes(s) > 0);
  ariTermStoreDestroy(s);
}

static void testHashConsing(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s);
  const AriType *arr = ariTypeArray(s, 16, f32);
  AriTerm *x = ariTermIn(s, 0, arr);
  AriTerm *sq1 = ariTermOp(s, "arith.mulf", NULL, (AriTerm *[]){ariTermVar(s, 0, f32),
                                                                 ariTermVar(s, 0, f32)},
                           2, f32);
  AriTerm *m1 = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, f32, sq1), x);
  size_t n = ariTermStoreNumTerms(s);
  AriTerm *sq2 = ariTermOp(s, "arith.mulf", "", (AriTerm *[]){ariTermVar(s, 0, f32),
                                                              ariTermVar(s, 0, f32)},
                           2, f32);
  AriTerm *m2 = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, f32, sq2), ariTermIn(s, 0, arr));
  CHECK(m1 == m2 && sq1 == sq2);
  CHECK(ariTermStoreNumTerms(s) == n); /* nothing new was allocated */
  CHECK(ariTermId(m1) == ariTermId(m2) && ariTermHash(m1) == ariTermHash(m2));
  AriTerm *m3 = ariTermMap(s, ARI_PAT_PAR, -1, ariTermLam(s, f32, sq1), x);
  CHECK(m3 != m1 && ariTermPatternKind(m3) == ARI_PAT_PAR);
  CHECK(ariTermIn(s, 1, arr) != x);
  CHECK(ariTermConstFloat(s, f32, 1.0) == ariTermConstFloat(s, f32, 1.0));
  CHECK(ariTermConstFloat(s, f32, 0.0) != ariTermConstFloat(s, f32, -0.0));
  CHECK(ariTermConstFloat(s, f32, 0.1) == ariTermConstFloat(s, f32, (double)0.1f));
  CHECK(ariTermConstFloatValue(ariTermConstFloat(s, ariTypeF64(s), 0.1)) == 0.1);
  CHECK(ariTermConstInt(s, ariTypeScalar(s, "i8"), 255) ==
        ariTermConstInt(s, ariTypeScalar(s, "i8"), -1));
  CHECK(ariTermConstInt(s, ariTypeScalar(s, "i8"), 256) == NULL);
  ariTermStoreClearError(s);
  CHECK(ariTermConstIntValue(ariTermConstInt(s, ariTypeI1(s), -1)) == 1);
  /* generic view */
  CHECK(ariTermKind(m1) == ARI_TERM_MAP && ariTermNumKids(m1) == 2 && ariTermKid(m1, 1) == x);
  CHECK(ariTermNumAttrs(m1) == 2 && ariTermAttr(m1, 0) == 0 && ariTermAttr(m1, 1) == -1);
  CHECK(ariTermType(m1) == arr);
  CHECK(ariTermTreeSize(m1) == 6);
  CHECK(strcmp(ariSymStr(ariTermSym(sq1)), "arith.mulf") == 0);
  CHECK(ariTermRebuild(s, m1, (AriTerm *[]){ariTermKid(m1, 0), x}) == m1);
  AriTerm *y = ariTermIn(s, 1, arr);
  AriTerm *m4 = ariTermRebuild(s, m1, (AriTerm *[]){ariTermKid(m1, 0), y});
  CHECK(m4 && ariTermKid(m4, 1) == y && ariTermKind(m4) == ARI_TERM_MAP);
  /* ariTermMake is the same interning */
  int64_t at[2] = {ARI_PAT_NONE, -1};
  CHECK(ariTermMake(s, ARI_TERM_MAP, at, 2, NULL, NULL, (AriTerm *[]){ariTermKid(m1, 0), x}, 2,
                    NULL) == m1);
  AriTermKind k;
  CHECK(ariTermKindFromName("circular_buffer", &k) && k == ARI_TERM_CIRCULAR_BUFFER);
  CHECK(!ariTermKindFromName("nope", &k));
  CHECK(ariSymIntern(s, "abc", 3) == ariSymInternC(s, "abc"));
  CHECK(ariSymIntern(s, "abcd", 3) == ariSymInternC(s, "abc"));
  ariTermStoreDestroy(s);
}

static bool errHas(AriTermStore *s, AriTerm *t, const char *needle) {
  bool ok = t == NULL && strstr(ariTermStoreError(s), needle) != NULL;
  if (!ok)
    fprintf(stderr, "  expected an error with '%s', got '%s'\n", needle, ariTermStoreError(s));
  ariTermStoreClearError(s);
  return ok;
}

static void testTyping(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s), *idx = ariTypeIndex(s);
  AriTerm *x = ariTermIn(s, 0, ariTypeArray(s, 12, f32));
  AriTerm *x2 = ariTermIn(s, 1, ariTypeArray(s, 12, ariTypeArray(s, 3, f32)));
  AriTerm *idf = ariTermLam(s, f32, ariTermVar(s, 0, f32));
  AriTerm *add = ariTermLam(
      s, f32, ariTermLam(s, f32, ariTermOp(s, "arith.addf", NULL,
                                           (AriTerm *[]){ariTermVar(s, 1, f32),
                                                         ariTermVar(s, 0, f32)},
                                           2, f32)));
  AriTerm *zero = ariTermConstFloat(s, f32, 0);
  char b[128];
  /* well-typed constructions and their types */
  AriTerm *sp = ariTermSplit(s, 4, x);
  ariTypePrint(ariTermType(sp), b, sizeof b);
  CHECK(strcmp(b, "3.4.f32") == 0);
  CHECK(ariTermType(ariTermJoin(s, sp)) == ariTermType(x));
  ariTypePrint(ariTermType(ariTermTranspose(s, x2)), b, sizeof b);
  CHECK(strcmp(b, "3.12.f32") == 0);
  ariTypePrint(ariTermType(ariTermSlide(s, 3, 1, x)), b, sizeof b);
  CHECK(strcmp(b, "10.3.f32") == 0);
  ariTypePrint(ariTermType(ariTermSlide(s, 4, 2, x)), b, sizeof b);
  CHECK(strcmp(b, "5.4.f32") == 0);
  ariTypePrint(ariTermType(ariTermPadCst(s, 1, 2, x, zero)), b, sizeof b);
  CHECK(strcmp(b, "15.f32") == 0);
  CHECK(ariTermType(ariTermPadClamp(s, 0, 0, x)) == ariTermType(x));
  CHECK(ariTermType(ariTermReduce(s, ARI_PAT_NONE, add, zero, x)) == f32);
  AriTerm *z = ariTermZip(s, x, x);
  ariTypePrint(ariTermType(z), b, sizeof b);
  CHECK(strcmp(b, "12.(f32 x f32)") == 0);
  ariTypePrint(ariTermType(ariTermUnzip(s, z)), b, sizeof b);
  CHECK(strcmp(b, "(12.f32 x 12.f32)") == 0);
  CHECK(ariTermType(ariTermFst(s, ariTermUnzip(s, z))) == ariTermType(x));
  AriTerm *v = ariTermAsVector(s, 4, x);
  ariTypePrint(ariTermType(v), b, sizeof b);
  CHECK(strcmp(b, "3.<4>f32") == 0);
  CHECK(ariTermType(ariTermAsScalar(s, v)) == ariTermType(x));
  AriTerm *vf = ariTermVectorFromScalar(s, 4, zero);
  CHECK(ariTermType(vf) == ariTypeVector(s, 4, f32));
  CHECK(ariTermType(ariTermMap(s, ARI_PAT_VEC, -1, idf, vf)) == ariTypeVector(s, 4, f32));
  CHECK(ariTermType(ariTermIdx(s, x, ariTermConstInt(s, idx, 2))) == f32);
  AriTerm *g = ariTermGenerate(s, 5, ariTermLam(s, idx, ariTermIdx(s, x, ariTermVar(s, 0, idx))));
  ariTypePrint(ariTermType(g), b, sizeof b);
  CHECK(strcmp(b, "5.f32") == 0);
  CHECK(ariTermType(ariTermToMem(s, ARI_ADDR_PRIVATE, x)) == ariTermType(x));
  AriTerm *cb = ariTermCircularBuffer(s, ARI_ADDR_PRIVATE, 4, 3, idf, x);
  ariTypePrint(ariTermType(cb), b, sizeof b);
  CHECK(strcmp(b, "10.3.f32") == 0);
  CHECK(ariTermType(ariTermRotateValues(s, ARI_ADDR_PRIVATE, 3, idf, x)) == ariTermType(cb));
  AriTerm *k = ariTermKernel(s, 2, (int64_t[]){4, 1}, (int64_t[]){12, 1}, x);
  CHECK(k && ariTermType(k) == ariTermType(x) && ariTermNumAttrs(k) == 4);
  CHECK(ariTermType(ariTermMap(s, ARI_PAT_GLOBAL, 0, idf, x)) == ariTermType(x));
  CHECK(ariTermType(ariTermReduce(s, ARI_PAT_SEQ, add, zero, x)) == f32);
  CHECK(ariTermType(ariTermApp(s, idf, zero)) == f32);
  CHECK(ariTermAddr(cb) == ARI_ADDR_PRIVATE && ariTermMapDim(ariTermMap(s, ARI_PAT_LOCAL, 2, idf, x)) == 2);
  CHECK(ariTermLamParam(idf) == f32);
  CHECK(!strcmp(ariTermStoreError(s), ""));

  /* ill-typed constructions return NULL with the reason */
  CHECK(errHas(s, ariTermSplit(s, 5, x), "not divisible"));
  CHECK(errHas(s, ariTermSplit(s, 0, x), "not divisible"));
  CHECK(errHas(s, ariTermJoin(s, x), "array of arrays"));
  CHECK(errHas(s, ariTermMap(s, ARI_PAT_NONE, -1, zero, x), "function type"));
  CHECK(errHas(s, ariTermMap(s, ARI_PAT_NONE, -1, idf, x2), "must take"));
  CHECK(errHas(s, ariTermMap(s, ARI_PAT_GLOBAL, -1, idf, x), "dimension"));
  CHECK(errHas(s, ariTermMap(s, ARI_PAT_PAR, 1, idf, x), "dimension"));
  CHECK(errHas(s, ariTermMap(s, ARI_PAT_VEC, -1, idf, x), "vector"));
  CHECK(errHas(s, ariTermReduce(s, ARI_PAT_PAR, add, zero, x), "kind"));
  CHECK(errHas(s, ariTermReduce(s, ARI_PAT_NONE, add, ariTermConstFloat(s, ariTypeF64(s), 0), x),
               "initial value"));
  CHECK(errHas(s, ariTermZip(s, x, ariTermSplit(s, 2, x)), "lengths differ"));
  CHECK(errHas(s, ariTermUnzip(s, x), "pairs"));
  CHECK(errHas(s, ariTermFst(s, zero), "pair"));
  CHECK(errHas(s, ariTermSlide(s, 5, 2, x), "not divisible"));
  CHECK(errHas(s, ariTermSlide(s, 13, 1, x), "smaller"));
  CHECK(errHas(s, ariTermPadCst(s, 1, 1, x, ariTermConstInt(s, idx, 0)), "padding value"));
  CHECK(errHas(s, ariTermPadClamp(s, -1, 1, x), "negative"));
  CHECK(errHas(s, ariTermIdx(s, x, zero), "index"));
  CHECK(errHas(s, ariTermAsVector(s, 5, x), "divisible"));
  CHECK(errHas(s, ariTermAsScalar(s, x), "vectors"));
  CHECK(errHas(s, ariTermVectorFromScalar(s, 4, x), "scalar"));
  CHECK(errHas(s, ariTermCircularBuffer(s, ARI_ADDR_PRIVATE, 2, 3, idf, x), "alloc"));
  CHECK(errHas(s, ariTermRotateValues(s, ARI_ADDR_PRIVATE, 3,
                                      ariTermLam(s, f32, zero), x),
               "identity"));
  CHECK(errHas(s, ariTermKernel(s, 1, (int64_t[]){5}, (int64_t[]){12}, x), "multiple"));
  CHECK(errHas(s, ariTermKernel(s, 4, (int64_t[]){1, 1, 1, 1}, (int64_t[]){1, 1, 1, 1}, x),
               "rank"));
  CHECK(errHas(s, ariTermApp(s, idf, x), "argument"));
  CHECK(errHas(s, ariTermApp(s, zero, zero), "function"));
  CHECK(errHas(s, ariTermGenerate(s, 3, idf), "must take"));
  CHECK(errHas(s, ariTermToMem(s, (AriAddrSpace)7, x), "address space"));
  /* NULL children propagate, keeping the first error */
  CHECK(errHas(s, ariTermJoin(s, ariTermSplit(s, 5, x)), "split"));
  CHECK(errHas(s, ariTermMake(s, ARI_TERM_ZIP, NULL, 0, NULL, NULL, (AriTerm *[]){x}, 1, NULL),
               "wrong number"));
  ariTermStoreDestroy(s);
}

static void testPrint(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s);
  AriTerm *x = ariTermIn(s, 0, ariTypeArray(s, 4, f32));
  AriTerm *sq = ariTermOp(s, "arith.mulf", NULL,
                          (AriTerm *[]){ariTermVar(s, 0, f32), ariTermConstFloat(s, f32, 1.5)},
                          2, f32);
  AriTerm *m = ariTermMap(s, ARI_PAT_PAR, -1, ariTermLam(s, f32, sq), x);
  const char *txt = ariTermToString(s, m, 0);
  CHECK(txt && strcmp(txt, "(map par (lam f32 (arith.mulf %0 (const 1.5 : f32) : f32)) "
                           "(in 0 : 4.f32))") == 0);
  if (txt)
    printf("print: %s\n", txt);
  AriTerm *g = ariTermMap(s, ARI_PAT_GLOBAL, 1, ariTermLam(s, f32, ariTermVar(s, 0, f32)), x);
  txt = ariTermToString(s, ariTermToMem(s, ARI_ADDR_LOCAL, g), ARI_PRINT_TYPES);
  CHECK(txt && strcmp(txt, "(to_mem local (map global(1) (lam f32 %0:f32) (in 0 : 4.f32) : "
                           "4.f32) : 4.f32)") == 0);
  txt = ariTermToString(s, ariTermSlide(s, 3, 1, x), 0);
  CHECK(txt && strcmp(txt, "(slide 3 1 (in 0 : 4.f32))") == 0);
  char small[10];
  size_t n = ariTermPrint(m, small, sizeof small, 0);
  CHECK(n > sizeof small && strlen(small) == sizeof small - 1);
  CHECK(ariTermPrint(m, NULL, 0, 0) == n);
  AriTermRoot roots[1] = {{ARI_ROOT_OUT, 1, m}};
  AriTermFunc f = {"f", 2, 1, roots, NULL};
  char buf[256];
  ariTermFuncPrint(&f, buf, sizeof buf, 0);
  CHECK(strncmp(buf, "out 1 <- (map par", 17) == 0);
  ariTermStoreDestroy(s);
}

static void testDeBruijn(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s);
  AriTerm *v0 = ariTermVar(s, 0, f32), *v2 = ariTermVar(s, 2, f32);
  AriTerm *t = ariTermOp(s, "arith.addf", NULL, (AriTerm *[]){v0, v2}, 2, f32);
  CHECK(ariTermMinFree(t) == 0 && ariTermMaxFree(t) == 2 && ariTermFreeMask(t) == 5);
  AriTerm *l = ariTermLam(s, f32, t);
  CHECK(ariTermMinFree(l) == 1 && ariTermMaxFree(l) == 1 && ariTermHasFree(l, 1) &&
        !ariTermHasFree(l, 0));
  AriTerm *c = ariTermConstFloat(s, f32, 2);
  CHECK(ariTermIsClosed(ariTermLam(s, f32, v0)) && ariTermIsClosed(c));
  CHECK(ariTermShift(s, c, 5, 0) == c);
  CHECK(ariTermShift(s, t, 1, 1) == ariTermOp(s, "arith.addf", NULL,
                                              (AriTerm *[]){v0, ariTermVar(s, 3, f32)}, 2, f32));
  CHECK(ariTermShift(s, t, -1, 0) == NULL); /* %0 would leave its scope */
  ariTermStoreClearError(s);
  /* (lam. %0 + %2) c  ~>  c + %1 */
  AriTerm *r = ariTermBeta(s, t, c);
  CHECK(r == ariTermOp(s, "arith.addf", NULL, (AriTerm *[]){c, ariTermVar(s, 1, f32)}, 2, f32));
  CHECK(ariTermBetaNormalize(s, ariTermApp(s, l, c)) == r);
  CHECK(ariTermSubst(s, t, 0, ariTermVar(s, 0, ariTypeF64(s))) == NULL); /* type mismatch */
  ariTermStoreClearError(s);
  /* deep indices beyond the mask */
  AriTerm *deep = ariTermVar(s, 70, f32);
  CHECK(ariTermHasFree(deep, 70) && !ariTermHasFree(deep, 69) && ariTermMaxFree(deep) == 70);
  AriTerm *ld = ariTermLam(s, f32, deep);
  CHECK(ariTermHasFree(ld, 69) && !ariTermHasFree(ld, 62) && ariTermMaxFree(ld) == 69);
  CHECK(ariTermShift(s, ariTermShift(s, ld, 3, 0), -3, 0) == ld);

  /* laws on random open terms, against the naive reference */
  unsigned nterms = 0, nchecked = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    AriTerm *x = gen(s, f32, 1 + pick(6));
    AriTerm *v = gen(s, f32, pick(3));
    if (!x || !v) {
      CHECK(0);
      break;
    }
    nterms++;
    uint64_t mask = 0;
    int mn = -1, mx = -1;
    naiveFree(x, 0, &mask, &mn, &mx);
    CHECK(ariTermMaxFree(x) == mx && ariTermMinFree(x) == mn && ariTermFreeMask(x) == mask);
    for (uint32_t i = 0; i < 9; ++i)
      CHECK(ariTermHasFree(x, i) == (i < 64 && ((mask >> i) & 1)));
    uint32_t cut = pick(4);
    int d = (int)pick(4);
    CHECK(ariTermShift(s, x, d, cut) == naiveShift(s, x, d, cut));
    CHECK(ariTermShift(s, ariTermShift(s, x, d, cut), -d, cut) == x);
    uint32_t j = 2 * pick(3); /* free indices of type f32, like v */
    CHECK(ariTermSubst(s, x, j, v) == naiveSubst(s, x, j, v));
    /* substituting an index that shifting made unused changes nothing */
    CHECK(ariTermSubst(s, ariTermShift(s, x, 1, j), j, v) == ariTermShift(s, x, 1, j));
    /* beta of a body that ignores its parameter */
    CHECK(ariTermBeta(s, ariTermShift(s, x, 1, 0), v) == x);
    /* beta against the textbook definition */
    CHECK(ariTermBeta(s, x, v) ==
          naiveShift(s, naiveSubst(s, x, 0, naiveShift(s, v, 1, 0)), -1, 0));
    /* normal forms contain no redex, and normalising is idempotent */
    AriTerm *nf = ariTermBetaNormalize(s, x);
    AriTerm *nf2 = nf ? ariTermBetaNormalize(s, nf) : NULL;
    CHECK(nf && nf2 == nf);
    if (getenv("TERM_DEBUG") && (!nf || nf2 != nf))
      printf("x  = %s\nnf = %s\nnf2= %s\n", ariTermToString(s, x, 0), nf ? ariTermToString(s, nf, 0) : ariTermStoreError(s),
             nf2 ? ariTermToString(s, nf2, 0) : ariTermStoreError(s));
    CHECK(ariTermType(nf) == ariTermType(x));
    CHECK(ariTermMaxFree(nf) <= ariTermMaxFree(x));
    /* printing with types and parsing back gives the same term */
    const char *txt = ariTermToString(s, x, ARI_PRINT_TYPES);
    AriTerm *back = txt ? ariTermParse(s, txt, strlen(txt)) : NULL;
    CHECK(back == x);
    if (back != x)
      fprintf(stderr, "  parse(print) differs for %s: %s\n", txt, ariTermStoreError(s));
    nchecked++;
  }
  printf("de bruijn laws: %u random terms checked\n", nchecked);
  CHECK(nterms == 3000 && !strcmp(ariTermStoreError(s), ""));
  ariTermStoreDestroy(s);
}

/* ariTermAbstract: the inverse of a beta step, by hand and on random
 * closed terms (abstracting one of their closed subterms). */
static void testAbstract(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s);
  AriTerm *a = ariTermArg(s, 0, f32), *b = ariTermArg(s, 1, f32);
  AriTerm *ab = ariTermOp(s, "arith.mulf", NULL, (AriTerm *[]){a, b}, 2, f32);
  /* (a*b) + (lam. %0 + a*b)(a*b): x = a*b is VAR 0 outside the LAM, VAR 1 in it */
  AriTerm *inner = ariTermLam(s, f32, ariTermOp(s, "arith.addf", NULL,
                                                (AriTerm *[]){ariTermVar(s, 0, f32), ab}, 2, f32));
  AriTerm *t = ariTermOp(s, "arith.addf", NULL, (AriTerm *[]){ab, ariTermApp(s, inner, ab)}, 2,
                         f32);
  AriTerm *want = ariTermOp(
      s, "arith.addf", NULL,
      (AriTerm *[]){ariTermVar(s, 0, f32),
                    ariTermApp(s,
                               ariTermLam(s, f32,
                                          ariTermOp(s, "arith.addf", NULL,
                                                    (AriTerm *[]){ariTermVar(s, 0, f32),
                                                                  ariTermVar(s, 1, f32)},
                                                    2, f32)),
                               ariTermVar(s, 0, f32))},
      2, f32);
  AriTerm *body = ariTermAbstract(s, t, ab);
  CHECK(body == want);
  CHECK(ariTermBeta(s, body, ab) == t);
  /* a subterm that does not occur: the body ignores its binder */
  AriTerm *c = ariTermConstFloat(s, f32, 3);
  CHECK(ariTermAbstract(s, t, c) == t);
  /* open terms are refused */
  CHECK(ariTermAbstract(s, ariTermVar(s, 0, f32), ab) == NULL &&
        strstr(ariTermStoreError(s), "closed"));
  ariTermStoreClearError(s);
  /* random closed terms: abstracting any closed subterm, then beta, is the identity */
  unsigned checked = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    AriTerm *x = gen(s, f32, 1 + pick(5));
    if (!x || !ariTermIsClosed(x))
      continue;
    AriTerm *sub = x;
    while (ariTermNumKids(sub) && pick(2))
      sub = ariTermKid(sub, pick(ariTermNumKids(sub)));
    if (!ariTermIsClosed(sub) || !ariTypeIsData(ariTermType(sub)))
      continue;
    AriTerm *bd = ariTermAbstract(s, x, sub);
    CHECK(bd && ariTermHasFree(bd, 0)); /* sub occurs in x */
    CHECK(bd && ariTermBeta(s, bd, sub) == x);
    checked++;
  }
  printf("abstract: %u random closed terms checked\n", checked);
  CHECK(checked > 100 && !strcmp(ariTermStoreError(s), ""));
  ariTermStoreDestroy(s);
}

static void testParse(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const char *ok[] = {
      "(map par (lam f32 (arith.mulf %0 (const 1.5 : f32) : f32)) (in 0 : 4.f32))",
      "(reduce seq (lam f32 (lam f32 (arith.addf %1 %0 : f32))) (const 0 : f32) (in 1 : 8.f32))",
      "(map global(1) (lam 4.f32 (split 2 %0)) (in 0 : 3.4.f32))",
      "(kernel [4 1] [12 1] (to_mem private (in 0 : 12.f32)))",
      "(circular_buffer private 4 3 (lam f32 (math.exp %0 : f32)) (in 0 : 12.f32))",
      "(rotate_values local 3 (lam f32 %0) (in 0 : 12.f32))",
      "(generate 5 (lam index (idx (in 0 : 9.f32) %0)))",
      "(pad_cst 1 2 (in 0 : 4.f32) (const -0.25 : f32))",
      "(fst (unzip (zip (in 0 : 4.f32) (as_scalar (as_vector 2 (in 1 : 4.f32))))))",
      "(arith.addui_extended (const 1 : i32) (arg 0 : i32) : (i32 x i1))",
      "(arith.cmpf {predicate = 2 : i64} (arg 0 : f32) (const 0 : f32) : i1)",
      "(literal dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32> : 2.f32)",
      "(map vec (lam f32 (arith.negf %0 : f32)) (vector_from_scalar 4 (arg 0 : f32)))",
      "(app (lam f32 %0) %3:f32)",
      "(transpose (join (slide 3 1 (pad_clamp 1 1 (in 0 : 4.3.f32)))) : 3.12.f32)",
  };
  for (unsigned i = 0; i < sizeof ok / sizeof *ok; ++i) {
    AriTerm *t = ariTermParse(s, ok[i], strlen(ok[i]));
    CHECK(t != NULL);
    if (!t) {
      fprintf(stderr, "  parse failed: %s: %s\n", ok[i], ariTermStoreError(s));
      ariTermStoreClearError(s);
      continue;
    }
    /* print -> parse is the identity, with and without types */
    const char *p1 = ariTermToString(s, t, 0), *p2 = ariTermToString(s, t, ARI_PRINT_TYPES);
    CHECK(ariTermParse(s, p2, strlen(p2)) == t);
    if (ariTermIsClosed(t))
      CHECK(ariTermParse(s, p1, strlen(p1)) == t);
  }
  CHECK(ariTypeParse(s, "4.(f32 x <4>i32)", 16) ==
        ariTypeArray(s, 4, ariTypePair(s, ariTypeF32(s), ariTypeVector(s, 4, ariTypeI32(s)))));
  struct {
    const char *text, *msg;
  } bad[] = {
      {"(split 3 (in 0 : 4.f32))", "not divisible"},
      {"(map (lam f32 %0) (in 0 : 4.f32)", "column 33"},
      {"(frobnicate 1)", "unknown node"},
      {"(in 0 : tensor)", "unknown scalar"},
      {"(lam f32 %1)", "free variable needs its type"},
      {"(lam f32 %0:i32)", "differs"},
      {"(join (in 0 : 4.4.f32) : 4.f32)", "annotated type"},
      {"(in 0 : 4.f32) x", "trailing"},
      {"(arith.addf %0:f32 %0:f32)", "result type"},
      {"", "end of input"},
  };
  /* Constants of i63, the widest type below 64 bits, stay in range (found
   * by fuzz_term: the bound 2^63 - 1 overflowed while it was computed). */
  CHECK(ariTermParse(s, "(const 0 : i63)", 15) != NULL);
  CHECK(ariTermParse(s, "(const 9223372036854775807 : i63)", 33) != NULL);
  CHECK(ariTermParse(s, "(const -4611686018427387905 : i63)", 34) == NULL);
  ariTermStoreClearError(s);
  /* A NUL byte is refused where it stands (found by fuzz_term: a literal's
   * text was cut short there when printed). */
  static const char nul[] = "(literal dense<[1\0]> : tensor<1xf32> : 1.f32)";
  ariTermStoreClearError(s);
  CHECK(ariTermParse(s, nul, sizeof nul - 1) == NULL &&
        !strcmp(ariTermStoreError(s), "parse: column 18: NUL byte in the text"));
  ariTermStoreClearError(s);
  CHECK(ariTypeParse(s, "f32\0", 4) == NULL && strstr(ariTermStoreError(s), "column 4: NUL"));
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; ++i) {
    ariTermStoreClearError(s);
    AriTerm *t = ariTermParse(s, bad[i].text, strlen(bad[i].text));
    bool good = t == NULL && strstr(ariTermStoreError(s), bad[i].msg) &&
                !strncmp(ariTermStoreError(s), "parse: column ", 14);
    CHECK(good);
    if (!good)
      fprintf(stderr, "  '%s': expected '%s', got '%s'\n", bad[i].text, bad[i].msg,
              ariTermStoreError(s));
  }
  ariTermStoreDestroy(s);
}

/* Very deep terms: walks answer with an error instead of overflowing the
 * stack; moderately deep ones work. Garbage never crashes the parser. */
static void testDeepAndGarbage(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s);
  AriTerm *t = ariTermVar(s, 0, f32);
  for (int i = 0; i < 5000; ++i)
    t = ariTermOp(s, "math.exp", NULL, &t, 1, f32);
  AriTerm *c = ariTermConstFloat(s, f32, 3);
  AriTerm *r = ariTermBeta(s, t, c);
  CHECK(r && ariTermIsClosed(r) && ariTermTreeSize(r) == 5001);
  for (int i = 0; i < 30000; ++i)
    t = ariTermOp(s, "math.exp", NULL, &t, 1, f32);
  CHECK(ariTermBeta(s, t, c) == NULL && strstr(ariTermStoreError(s), "deep"));
  ariTermStoreClearError(s);
  CHECK(ariTermBetaNormalize(s, ariTermApp(s, ariTermLam(s, f32, t), c)) == NULL);
  ariTermStoreClearError(s);
  CHECK(ariTermPrint(t, NULL, 0, 0) > 0); /* truncated with "...", no crash */
  /* nesting in the input is bounded too */
  size_t n = 5 * 50000;
  char *deep = malloc(n + 1);
  for (size_t i = 0; i < n; i += 5)
    memcpy(deep + i, "(fst ", 5);
  deep[n] = 0;
  CHECK(ariTermParse(s, deep, n) == NULL && strstr(ariTermStoreError(s), "deeply"));
  free(deep);
  /* mutated valid texts */
  const char *seed = "(reduce seq (lam f32 (lam f32 (arith.addf {fastmath = #arith.fastmath<fast>} "
                     "%1 %0 : f32))) (const 0 : f32) (map global(1) (lam 4.f32 (idx (fst (pair "
                     "(literal dense<[1.0, 2.0]> : tensor<2xf32> : 2.f32) %0)) (const 1 : index))) "
                     "(in 0 : 8.4.f32)))";
  size_t len = strlen(seed);
  CHECK(ariTermParse(s, seed, len) != NULL);
  char buf[512];
  unsigned parsed = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    memcpy(buf, seed, len + 1);
    size_t blen = len;
    for (int k = 1 + pick(3); k > 0 && blen > 0; --k) {
      size_t at = pick((unsigned)blen);
      switch (pick(3)) {
      case 0: /* replace a byte */
        buf[at] = "()%:.{}[]<> 0123456789abcfilmnpstx-"[pick(35)];
        break;
      case 1: /* delete a byte */
        memmove(buf + at, buf + at + 1, blen - at);
        blen--;
        break;
      default: /* cut */
        blen = at;
        buf[blen] = 0;
        break;
      }
    }
    ariTermStoreClearError(s);
    AriTerm *p = ariTermParse(s, buf, blen);
    parsed += p != NULL;
    CHECK(p != NULL || strncmp(ariTermStoreError(s), "parse: column ", 14) == 0);
    if (p == NULL && strncmp(ariTermStoreError(s), "parse: column ", 14) != 0)
      fprintf(stderr, "  '%s' -> '%s'\n", buf, ariTermStoreError(s));
  }
  printf("parser fuzz: 20000 mutants, %u still parse\n", parsed);
  ariTermStoreDestroy(s);
}

static void testLimit(void) {
  /* A store with a small memory limit fails construction with an error. */
  AriTermStore *s = ariTermStoreCreate(256 * 1024);
  CHECK(s != NULL);
  if (!s)
    return;
  const AriType *f32 = ariTypeF32(s);
  AriTerm *t = ariTermConstFloat(s, f32, 0);
  int i = 0;
  for (; i < 1000000 && t; ++i)
    t = ariTermOp(s, "arith.addf", NULL, (AriTerm *[]){t, ariTermConstFloat(s, f32, i)}, 2, f32);
  CHECK(t == NULL && strstr(ariTermStoreError(s), "out of memory"));
  CHECK(ariTermStoreBytes(s) < 4u * 1024 * 1024);
  ariTermStoreDestroy(s);
}

/*--- scopes (ariTermStoreMark / ariTermStoreRelease) ----------------------*/

static AriTerm *sum2(AriTermStore *s, AriTerm *a, AriTerm *b) {
  AriTerm *k[2] = {a, b};
  return ariTermOp(s, "arith.addf", NULL, k, 2, ariTypeF32(s));
}

static void testScopes(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s);
  /* Terms from before the mark. */
  AriTerm *x = ariTermArg(s, 0, f32), *y = ariTermArg(s, 1, f32);
  AriTerm *xy = sum2(s, x, y);
  AriTerm *lam = ariTermLam(s, f32, sum2(s, ariTermVar(s, 0, f32), x));
  size_t n0 = ariTermStoreNumTerms(s), types0 = ariTermStoreNumTypes(s);
  uint64_t r0 = ariTermStoreReleases(s);
  CHECK(ariTermStoreMarkDepth(s) == 0 && ariTermStoreReleasedFrom(s, r0) == UINT32_MAX);

  AriTermMark m = ariTermStoreMark(s);
  CHECK(m.serial != 0 && ariTermStoreMarkDepth(s) == 1);
  /* Inside: equal terms are the old nodes; new ones come after them. */
  CHECK(sum2(s, x, y) == xy && ariTermStoreNumTerms(s) == n0);
  AriTerm *yx = sum2(s, y, x);
  AriTerm *beta = ariTermBeta(s, ariTermKid(lam, 0), yx); /* (y + x) + x */
  AriTerm *parsed = ariTermParse(s, "(arith.mulf (arg 0 : f32) (arg 2 : f32) : f32)", 46);
  const AriType *t77 = ariTypeArray(s, 77, f32); /* a type made inside: kept */
  CHECK(yx && beta && parsed && t77 && ariTermId(yx) >= n0 && ariTermId(parsed) >= n0);
  char before[128];
  ariTermPrint(beta, before, sizeof before, 0);
  size_t nIn = ariTermStoreNumTerms(s);
  CHECK(nIn > n0);
  CHECK(ariTermStoreRelease(s, m));
  CHECK(ariTermStoreMarkDepth(s) == 0 && ariTermStoreNumTerms(s) == n0);
  CHECK(ariTermStoreReleases(s) == r0 + 1 && ariTermStoreReleasedFrom(s, r0) == n0);
  CHECK(ariTermStoreReleasedFrom(s, r0 + 1) == UINT32_MAX);
  /* Types survive; old terms still hash-cons to themselves. */
  CHECK(ariTypeArray(s, 77, f32) == t77 && ariTermStoreNumTypes(s) == types0 + 1);
  CHECK(sum2(s, x, y) == xy && ariTermArg(s, 0, f32) == x && ariTermStoreNumTerms(s) == n0);
  CHECK(ariTermLam(s, f32, sum2(s, ariTermVar(s, 0, f32), x)) == lam);
  /* Rebuilt after the release: fresh nodes with the freed ids, equal to
   * what was there, and hash-consed again (a second build is the same). */
  AriTerm *yx2 = sum2(s, y, x);
  AriTerm *beta2 = ariTermBeta(s, ariTermKid(lam, 0), yx2);
  CHECK(yx2 && ariTermId(yx2) == n0 && ariTermKid(yx2, 0) == y && ariTermKid(yx2, 1) == x);
  char after[128];
  ariTermPrint(beta2, after, sizeof after, 0);
  CHECK(strcmp(before, after) == 0 && sum2(s, y, x) == yx2);
  CHECK(ariTermBeta(s, ariTermKid(lam, 0), yx2) == beta2);
  size_t n1 = ariTermStoreNumTerms(s);

  /* Nested scopes; the outer's terms survive the inner's release. */
  AriTermMark outer = ariTermStoreMark(s);
  AriTerm *o1 = sum2(s, xy, xy);
  AriTermMark inner = ariTermStoreMark(s);
  AriTerm *i1 = sum2(s, o1, o1);
  CHECK(i1 && ariTermStoreMarkDepth(s) == 2);
  /* Out of order: refused, nothing changes. */
  ariTermStoreClearError(s);
  CHECK(!ariTermStoreRelease(s, outer) && strstr(ariTermStoreError(s), "still live"));
  CHECK(ariTermStoreMarkDepth(s) == 2 && sum2(s, o1, o1) == i1);
  CHECK(ariTermStoreRelease(s, inner));
  CHECK(ariTermStoreNumTerms(s) == n1 + 1 && sum2(s, xy, xy) == o1);
  ariTermStoreClearError(s);
  CHECK(!ariTermStoreRelease(s, inner) && strstr(ariTermStoreError(s), "already released"));
  /* Marks of another store, and failed marks, are refused. */
  AriTermStore *other = ariTermStoreCreate(0);
  AriTermMark om = ariTermStoreMark(other);
  ariTermStoreClearError(s);
  CHECK(!ariTermStoreRelease(s, om) && strstr(ariTermStoreError(s), "another store"));
  CHECK(ariTermStoreMarkDepth(other) == 1 && ariTermStoreRelease(other, om));
  ariTermStoreDestroy(other);
  ariTermStoreClearError(s);
  CHECK(!ariTermStoreRelease(s, (AriTermMark){s, 0}) && strstr(ariTermStoreError(s), "not a mark"));
  CHECK(!ariTermStoreRelease(NULL, outer));
  CHECK(ariTermStoreMarkDepth(s) == 1 && ariTermStoreRelease(s, outer));
  CHECK(ariTermStoreNumTerms(s) == n1);
  ariTermStoreClearError(s);

  /* Many terms in a scope, so that the term table grows inside it (the
   * release then rebuilds the table): random terms, their printed forms
   * kept; after the release every old term is still found and the texts
   * parse back to equal, hash-consed terms. */
  enum { kOld = 200, kNew = 3000 };
  AriTerm *old[kOld];
  for (int i = 0; i < kOld; ++i)
    old[i] = gen(s, f32, 4);
  size_t n2 = ariTermStoreNumTerms(s);
  size_t bytesAfter = 0;
  char (*text)[512] = malloc(kNew * sizeof *text);
  uint64_t r1 = ariTermStoreReleases(s);
  for (int round = 0; round < 3; ++round) {
    AriTermMark big = ariTermStoreMark(s);
    for (int i = 0; i < kNew; ++i) {
      AriTerm *t = ariTermBetaNormalize(s, gen(s, f32, 6));
      CHECK(t != NULL);
      if (ariTermPrint(t, text[i], sizeof text[i], ARI_PRINT_TYPES) >= sizeof text[i])
        text[i][0] = 0; /* too long for the buffer: not parsed back */
    }
    CHECK(ariTermStoreNumTerms(s) > n2 + kNew);
    size_t bytesIn = ariTermStoreBytes(s);
    CHECK(ariTermStoreRelease(s, big));
    CHECK(ariTermStoreNumTerms(s) == n2);
    CHECK(ariTermStoreReleasedFrom(s, r1) == n2);
    /* Memory given back: what is left is the table's larger capacity and
     * the log's, reused by the next rounds (which then need nothing). */
    CHECK(ariTermStoreBytes(s) < bytesIn);
    if (round == 0)
      bytesAfter = ariTermStoreBytes(s);
    CHECK(ariTermStoreBytes(s) == bytesAfter);
    for (int i = 0; i < kOld; ++i) {
      unsigned nk = ariTermNumKids(old[i]);
      AriTerm *k[8];
      for (unsigned j = 0; j < nk && j < 8; ++j)
        k[j] = ariTermKid(old[i], j);
      CHECK(ariTermRebuild(s, old[i], k) == old[i]);
    }
    CHECK(ariTermStoreNumTerms(s) == n2);
    /* Every 7th text parsed back in a scope of its own. */
    AriTermMark again = ariTermStoreMark(s);
    int reparsed = 0;
    for (int i = 0; i < kNew; i += 7) {
      if (!text[i][0])
        continue;
      reparsed++;
      AriTerm *p = ariTermParse(s, text[i], strlen(text[i]));
      char back[512];
      CHECK(p != NULL && ariTermParse(s, text[i], strlen(text[i])) == p);
      if (p)
        ariTermPrint(p, back, sizeof back, ARI_PRINT_TYPES);
      CHECK(p && strcmp(back, text[i]) == 0);
    }
    CHECK(reparsed > kNew / 14 && ariTermStoreRelease(s, again));
  }
  free(text);

  /* Release history: a later release at a lower id covers the earlier
   * ones; past the history's length the answer is conservative (lower). */
  uint64_t r2 = ariTermStoreReleases(s);
  uint32_t lows[40];
  for (int i = 0; i < 40; ++i) {
    sum2(s, ariTermArg(s, 100 + (uint32_t)i, f32), x); /* kept: ids grow */
    AriTermMark k = ariTermStoreMark(s);
    lows[i] = (uint32_t)ariTermStoreNumTerms(s);
    sum2(s, ariTermArg(s, 200 + (uint32_t)i, f32), y);
    CHECK(ariTermStoreRelease(s, k));
  }
  for (int i = 0; i < 40; ++i) {
    uint32_t got = ariTermStoreReleasedFrom(s, r2 + (uint64_t)i);
    CHECK(got <= lows[i]); /* never too high */
    if (i >= 40 - 15)
      CHECK(got == lows[i]); /* exact for the recent ones */
  }
  ariTermStoreDestroy(s);

  /* The memory limit covers both arenas, and a release gives back. */
  s = ariTermStoreCreate(512 * 1024);
  f32 = ariTypeF32(s);
  AriTerm *keep = ariTermConstFloat(s, f32, 1);
  AriTermMark lim = ariTermStoreMark(s);
  AriTerm *t = keep;
  for (int i = 0; i < 100000 && t; ++i)
    t = sum2(s, t, ariTermConstFloat(s, f32, i));
  CHECK(t == NULL && strstr(ariTermStoreError(s), "out of memory"));
  /* types cannot take what the terms hold either */
  const AriType *ty = f32;
  for (int i = 2; i < 100000 && ty; ++i)
    ty = ariTypeArray(s, i, f32);
  CHECK(ty == NULL);
  CHECK(ariTermStoreRelease(s, lim));
  ariTermStoreClearError(s);
  t = keep;
  for (int i = 0; i < 1000 && t; ++i)
    t = sum2(s, t, ariTermConstFloat(s, f32, i));
  CHECK(t != NULL);
  ariTermStoreDestroy(s);
}

int main(void) {
  testScopes();
  testTypes();
  testHashConsing();
  testTyping();
  testPrint();
  testDeBruijn();
  testAbstract();
  testParse();
  testDeepAndGarbage();
  testLimit();
  printf("term_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
