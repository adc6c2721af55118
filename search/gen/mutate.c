/*===- search/gen/mutate.c - type-directed mutations of rise terms ----------===*\
 *
 * See mutate.h. A mutation walks the tree (shared subterms visited once per
 * occurrence, so every occurrence is its own position), counts positions
 * in pre-order, changes the chosen one and rebuilds its ancestors with
 * ariTermRebuild, which type-checks each of them again.
 *
\*===----------------------------------------------------------------------===*/

#include "search/gen/mutate.h"

#include <string.h>

enum { MAX_KIDS = 16 };

static const char *const kNames[ARI_GEN_MUT_NUM_KINDS] = {"replace", "delete", "insert",
                                                           "subtree"};

const char *ariGenMutationName(AriGenMutation k) {
  return (unsigned)k < ARI_GEN_MUT_NUM_KINDS ? kNames[k] : "?";
}

/* Records the IN/ARG leaves of t in g->inputs (by argument index). */
static void adoptLeaves(AriGen *g, const AriTerm *t) {
  AriTermKind k = ariTermKind(t);
  if (k == ARI_TERM_IN || k == ARI_TERM_ARG) {
    int64_t a = ariTermAttr(t, 0);
    if (a >= 0 && a < (int64_t)g->nargs)
      g->inputs[a] = (AriTerm *)t;
    return;
  }
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    adoptLeaves(g, ariTermKid(t, i));
}

void ariGenAdopt(AriGen *g, const AriTermFunc *f) {
  g->nargs = f->numArgs < ARI_GEN_MAX_ARGS ? f->numArgs : ARI_GEN_MAX_ARGS;
  memset(g->inputs, 0, sizeof g->inputs);
  /* a function's inputs are the IN/ARG leaves its values read */
  for (unsigned r = 0; r < f->numRoots; ++r)
    if (f->roots[r].value)
      adoptLeaves(g, f->roots[r].value);
  g->reusePercent = ARI_GEN_MUTATE_REUSE;
}

/*--- building blocks ----------------------------------------------------------*/

static bool isF32(AriGen *g, const AriType *t) { return t == ariTypeF32(g->s); }

/* An array type whose innermost element (through arrays only) is f32. */
static bool floatArray(AriGen *g, const AriType *t) {
  if (ariTypeKind(t) != ARI_TYPE_ARRAY)
    return false;
  while (ariTypeKind(t) == ARI_TYPE_ARRAY)
    t = ariTypeElem(t);
  return isF32(g, t);
}

static AriTerm *cst(AriGen *g, double v) { return ariTermConstFloat(g->s, ariTypeF32(g->s), v); }

/* Small, exactly representable constants: values stay bounded. */
static AriTerm *randomCst(AriGen *g) {
  static const double vals[] = {0.5, 2.0, -1.0, 0.25, 1.5, 0.75, -0.5, 3.0};
  return cst(g, vals[ariGenBelow(g, sizeof vals / sizeof vals[0])]);
}

static const char *const kBinOps[] = {"arith.addf", "arith.subf", "arith.mulf", "arith.maximumf",
                                      "arith.minimumf"};
enum { NUM_BIN = sizeof kBinOps / sizeof kBinOps[0] };
/* Replacements of unary ops avoid exp and sqrt (overflow, NaN); the
 * validity filters would reject those anyway. */
static const char *const kUnOps[] = {"arith.negf", "math.absf", "math.tanh"};
enum { NUM_UN = sizeof kUnOps / sizeof kUnOps[0] };
static const char *const kUnSources[] = {"arith.negf", "math.absf", "math.tanh", "math.exp",
                                         "math.sqrt"};

static AriTerm *bin(AriGen *g, const char *op, AriTerm *a, AriTerm *b) {
  if (!a || !b)
    return NULL;
  AriTerm *k[2] = {a, b};
  return ariTermOp(g->s, op, "", k, 2, ariTypeF32(g->s));
}

static AriTerm *un(AriGen *g, const char *op, AriTerm *a) {
  if (!a)
    return NULL;
  return ariTermOp(g->s, op, "", &a, 1, ariTypeF32(g->s));
}

static bool inList(const char *name, const char *const *list, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    if (!strcmp(name, list[i]))
      return true;
  return false;
}

/* A random element of list other than `not`. */
static const char *otherOf(AriGen *g, const char *const *list, unsigned n, const char *not) {
  for (int tries = 0; tries < 8; ++tries) {
    const char *c = list[ariGenBelow(g, n)];
    if (strcmp(c, not))
      return c;
  }
  return NULL;
}

static AriTerm *lam(AriGen *g, const AriType *param, AriTerm *body) {
  return body ? ariTermLam(g->s, param, body) : NULL;
}

static AriTerm *map(AriGen *g, AriTerm *f, AriTerm *xs) {
  return f && xs ? ariTermMap(g->s, ARI_PAT_NONE, -1, f, xs) : NULL;
}

typedef AriTerm *(*ScalarFn)(AriGen *g, AriTerm *x, const char *op, AriTerm *c);

static AriTerm *scalarUnary(AriGen *g, AriTerm *x, const char *op, AriTerm *c) {
  (void)c;
  return un(g, op, x);
}

static AriTerm *scalarWithCst(AriGen *g, AriTerm *x, const char *op, AriTerm *c) {
  return bin(g, op, x, c);
}

/* fn applied to every scalar of x (x : T, arrays of f32): nested maps. */
static AriTerm *mapDeep(AriGen *g, const AriType *t, AriTerm *x, ScalarFn fn, const char *op,
                        AriTerm *c) {
  if (!x)
    return NULL;
  if (isF32(g, t))
    return fn(g, x, op, c);
  const AriType *e = ariTypeElem(t);
  AriTerm *v = ariTermVar(g->s, 0, e);
  return map(g, lam(g, e, mapDeep(g, e, v, fn, op, c)), x);
}

/* The 3-point average with clamped borders of x : n.f32. */
static AriTerm *stencil(AriGen *g, AriTerm *x) {
  AriTermStore *s = g->s;
  const AriType *f = ariTypeF32(s), *w3 = ariTypeArray(s, 3, f);
  AriTerm *win = ariTermSlide(s, 3, 1, ariTermPadClamp(s, 1, 1, x));
  AriTerm *add = lam(g, f, lam(g, f, bin(g, "arith.addf", ariTermVar(s, 1, f), ariTermVar(s, 0, f))));
  AriTerm *sum = add && win ? ariTermReduce(s, ARI_PAT_NONE, add, cst(g, 0.0), ariTermVar(s, 0, w3))
                            : NULL;
  return map(g, lam(g, w3, bin(g, "arith.mulf", sum, cst(g, 0.25))), win);
}

/* stencil along the innermost dimension of x : T. */
static AriTerm *stencilDeep(AriGen *g, const AriType *t, AriTerm *x) {
  const AriType *e = ariTypeElem(t);
  if (isF32(g, e))
    return ariTypeSize(t) >= 1 ? stencil(g, x) : NULL;
  return map(g, lam(g, e, stencilDeep(g, e, ariTermVar(g->s, 0, e))), x);
}

/* Element-wise op of a and b, both : T (arrays of f32 or f32). */
static AriTerm *zipWith(AriGen *g, const AriType *t, AriTerm *a, AriTerm *b, const char *op) {
  if (!a || !b)
    return NULL;
  if (isF32(g, t))
    return bin(g, op, a, b);
  AriTermStore *s = g->s;
  const AriType *e = ariTypeElem(t), *p = ariTypePair(s, e, e);
  AriTerm *v = ariTermVar(s, 0, p);
  return map(g, lam(g, p, zipWith(g, e, ariTermFst(s, v), ariTermSnd(s, v), op)),
             ariTermZip(s, a, b));
}

/*--- the four mutations at one position ---------------------------------------*/

static AriTerm *replaceAt(AriGen *g, AriTerm *t) {
  AriTermStore *s = g->s;
  const AriType *ty = ariTermType(t);
  switch (ariTermKind(t)) {
  case ARI_TERM_OP: {
    if (!isF32(g, ty) || ariTermNumAttrs(t) != 0)
      return NULL;
    const char *name = ariSymStr(ariTermSym(t));
    const char *to = NULL;
    if (ariTermNumKids(t) == 2 && inList(name, kBinOps, NUM_BIN))
      to = otherOf(g, kBinOps, NUM_BIN, name);
    else if (ariTermNumKids(t) == 1 && inList(name, kUnSources, sizeof kUnSources / sizeof kUnSources[0]))
      to = otherOf(g, kUnOps, NUM_UN, name);
    if (!to)
      return NULL;
    AriTerm *kids[2] = {ariTermKid(t, 0), ariTermNumKids(t) > 1 ? ariTermKid(t, 1) : NULL};
    return ariTermMake(s, ARI_TERM_OP, NULL, 0, ariSymInternC(s, to), ariTermSym2(t), kids,
                       ariTermNumKids(t), ty);
  }
  case ARI_TERM_CONST:
    return isF32(g, ty) ? randomCst(g) : NULL;
  case ARI_TERM_PAD_CLAMP:
    if (!isF32(g, ariTypeElem(ty)))
      return NULL;
    return ariTermPadCst(s, ariTermAttr(t, 0), ariTermAttr(t, 1), ariTermKid(t, 0), cst(g, 0.0));
  case ARI_TERM_PAD_CST:
    return ariTermPadClamp(s, ariTermAttr(t, 0), ariTermAttr(t, 1), ariTermKid(t, 0));
  default:
    return NULL;
  }
}

static AriTerm *deleteAt(AriGen *g, AriTerm *t) {
  if (ariTermKind(t) == ARI_TERM_LAM)
    return NULL;
  AriTerm *cand[MAX_KIDS];
  unsigned n = 0;
  for (unsigned i = 0; i < ariTermNumKids(t) && n < MAX_KIDS; ++i) {
    AriTerm *k = ariTermKid(t, i);
    if (ariTermType(k) == ariTermType(t) && ariTermKind(k) != ARI_TERM_LAM)
      cand[n++] = k;
  }
  return n ? cand[ariGenBelow(g, n)] : NULL;
}

static AriTerm *insertAt(AriGen *g, AriTerm *t) {
  const AriType *ty = ariTermType(t);
  if (isF32(g, ty)) {
    AriTerm *c = randomCst(g);
    const char *op = kBinOps[ariGenBelow(g, NUM_BIN)];
    return ariGenBelow(g, 2) ? bin(g, op, t, c) : bin(g, op, c, t);
  }
  if (!floatArray(g, ty))
    return NULL;
  switch (ariGenBelow(g, 4)) {
  case 0:
    return mapDeep(g, ty, t, scalarUnary, kUnOps[ariGenBelow(g, NUM_UN)], NULL);
  case 1:
    return mapDeep(g, ty, t, scalarWithCst, kBinOps[ariGenBelow(g, NUM_BIN)], randomCst(g));
  case 2:
    return stencilDeep(g, ty, t);
  default: {
    AriTerm *other = ariGenInput(g, ty); /* reuses an input 90% of the time */
    return zipWith(g, ty, t, other, kBinOps[ariGenBelow(g, NUM_BIN)]);
  }
  }
}

static AriTerm *subtreeAt(AriGen *g, AriTerm *t, const AriGenEnv *env) {
  /* Local changes only: a small subtree for a small one. Replacing the
   * whole program by 20 random nodes would make programs shrink towards
   * trivial ones, generation after generation. */
  if (ariTermTreeSize(t) > 2 * ARI_GEN_MUTATE_MAX_SUBTREE)
    return NULL;
  int fuel = 2 + (int)ariGenBelow(g, ARI_GEN_MUTATE_MAX_SUBTREE - 1);
  unsigned nargs = g->nargs;
  AriTerm *r = ariGenTerm(g, env, ariTermType(t), fuel);
  if (!r || ariTermTreeSize(r) > ARI_GEN_MUTATE_MAX_SUBTREE) {
    /* forget the inputs a discarded subtree allocated */
    for (unsigned i = nargs; i < g->nargs; ++i)
      g->inputs[i] = NULL;
    g->nargs = nargs;
    return NULL;
  }
  return r;
}

/*--- the walk -----------------------------------------------------------------*/

/* Mutable positions: data-typed nodes (lambdas are changed through their
 * bodies). */
static bool isPosition(const AriTerm *t) {
  return ariTermKind(t) != ARI_TERM_LAM && ariTypeIsData(ariTermType(t));
}

static uint64_t countPositions(const AriTerm *t, uint64_t cap) {
  uint64_t n = isPosition(t);
  for (unsigned i = 0; i < ariTermNumKids(t) && n < cap; ++i)
    n += countPositions(ariTermKid(t, i), cap - n);
  return n;
}

typedef struct Walk {
  AriGen *g;
  AriGenMutation kind;
  uint64_t target, seen;
  bool done, failed;
} Walk;

static AriTerm *walk(Walk *w, AriTerm *t, const AriGenEnv *env) {
  if (w->done)
    return t;
  if (isPosition(t) && w->seen++ == w->target) {
    w->done = true;
    AriTerm *r = NULL;
    switch (w->kind) {
    case ARI_GEN_MUT_REPLACE: r = replaceAt(w->g, t); break;
    case ARI_GEN_MUT_DELETE: r = deleteAt(w->g, t); break;
    case ARI_GEN_MUT_INSERT: r = insertAt(w->g, t); break;
    default: r = subtreeAt(w->g, t, env); break;
    }
    if (!r || ariTermType(r) != ariTermType(t)) {
      w->failed = true;
      return t;
    }
    return r;
  }
  unsigned n = ariTermNumKids(t);
  if (!n || n > MAX_KIDS)
    return t;
  AriGenEnv inner;
  const AriGenEnv *kenv = env;
  if (ariTermKind(t) == ARI_TERM_LAM) {
    if (env->depth >= ARI_GEN_MAX_DEPTH) {
      w->failed = w->done = true; /* binders beyond what env can track */
      return t;
    }
    inner = *env;
    inner.types[inner.depth++] = ariTypeFirst(ariTermType(t));
    kenv = &inner;
  }
  AriTerm *kids[MAX_KIDS];
  bool changed = false;
  for (unsigned i = 0; i < n; ++i) {
    AriTerm *k = ariTermKid(t, i);
    kids[i] = walk(w, k, kenv);
    changed |= kids[i] != k;
  }
  if (!changed)
    return t;
  AriTerm *r = ariTermRebuild(w->g->s, t, kids);
  if (!r) {
    w->failed = true;
    return t;
  }
  return r;
}

static AriTerm *mutateOnce(AriGen *g, AriTerm *t, AriGenMutation k, uint64_t npos) {
  /* A failed try must not leave the inputs it allocated behind: an
   * argument nothing reads cannot be exported. */
  unsigned nargs = g->nargs;
  AriTerm *inputs[ARI_GEN_MAX_ARGS];
  memcpy(inputs, g->inputs, sizeof inputs);
  Walk w = {.g = g, .kind = k, .target = ariGenBelow(g, npos)};
  AriGenEnv env = {.depth = 0};
  AriTerm *r = walk(&w, t, &env);
  if (w.failed || r == t) {
    ariTermStoreClearError(g->s);
    g->nargs = nargs;
    memcpy(g->inputs, inputs, sizeof inputs);
    return NULL;
  }
  return r;
}

static AriTerm *mutate(AriGen *g, AriTerm *t, int kind, AriGenMutation *used) {
  if (!t)
    return NULL;
  uint64_t npos = countPositions(t, UINT64_MAX / 2);
  if (!npos)
    return NULL;
  for (int i = 0; i < ARI_GEN_MUTATE_TRIES; ++i) {
    AriGenMutation k = kind >= 0 ? (AriGenMutation)kind
                                 : (AriGenMutation)ariGenBelow(g, ARI_GEN_MUT_NUM_KINDS);
    AriTerm *r = mutateOnce(g, t, k, npos);
    if (r) {
      if (used)
        *used = k;
      return r;
    }
  }
  return NULL;
}

AriTerm *ariGenMutate(AriGen *g, AriTerm *t, AriGenMutation k) { return mutate(g, t, (int)k, NULL); }

AriTerm *ariGenMutateAny(AriGen *g, AriTerm *t, AriGenMutation *kind) {
  return mutate(g, t, -1, kind);
}

/*--- argument compaction --------------------------------------------------------*/

static void markUsed(const AriTerm *t, bool *used, unsigned n) {
  AriTermKind k = ariTermKind(t);
  if (k == ARI_TERM_IN || k == ARI_TERM_ARG) {
    int64_t a = ariTermAttr(t, 0);
    if (a >= 0 && a < (int64_t)n)
      used[a] = true;
    return;
  }
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    markUsed(ariTermKid(t, i), used, n);
}

static AriTerm *renumber(AriTermStore *s, AriTerm *t, const uint32_t *to) {
  AriTermKind k = ariTermKind(t);
  if (k == ARI_TERM_IN || k == ARI_TERM_ARG) {
    uint32_t a = (uint32_t)ariTermAttr(t, 0);
    if (to[a] == a)
      return t;
    return k == ARI_TERM_IN ? ariTermIn(s, to[a], ariTermType(t))
                            : ariTermArg(s, to[a], ariTermType(t));
  }
  unsigned n = ariTermNumKids(t);
  if (!n || n > MAX_KIDS)
    return t;
  AriTerm *kids[MAX_KIDS];
  bool changed = false;
  for (unsigned i = 0; i < n; ++i) {
    kids[i] = renumber(s, ariTermKid(t, i), to);
    if (!kids[i])
      return NULL;
    changed |= kids[i] != ariTermKid(t, i);
  }
  return changed ? ariTermRebuild(s, t, kids) : t;
}

bool ariGenCompact(AriGen *g, AriTermFunc *f) {
  enum { CAP = 64 };
  if (g->nargs > f->numArgs)
    f->numArgs = g->nargs; /* inputs the mutations added */
  if (f->numArgs > CAP)
    return false;
  bool used[CAP] = {false};
  for (unsigned r = 0; r < f->numRoots; ++r) {
    if (f->roots[r].kind == ARI_ROOT_OUT && f->roots[r].index < CAP)
      used[f->roots[r].index] = true;
    if (f->roots[r].value)
      markUsed(f->roots[r].value, used, f->numArgs);
  }
  uint32_t to[CAP];
  unsigned n = 0;
  for (unsigned a = 0; a < f->numArgs; ++a)
    to[a] = used[a] ? n++ : (uint32_t)a;
  if (n != f->numArgs) {
    for (unsigned r = 0; r < f->numRoots; ++r) {
      if (f->roots[r].kind == ARI_ROOT_OUT)
        f->roots[r].index = to[f->roots[r].index];
      if (f->roots[r].value && !(f->roots[r].value = renumber(g->s, f->roots[r].value, to)))
        return false;
    }
    f->numArgs = n;
  }
  ariGenAdopt(g, f);
  return true;
}
