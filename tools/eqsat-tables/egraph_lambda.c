/*===- tools/eqsat-tables/egraph_lambda.c - the four lambda encodings of Table 5.3 ----===*\
 *
 * A compact egg-style e-graph (union-find, hash-cons, deferred rebuild, a
 * free-variable and a term-size analysis) over the untyped lambda terms of
 * tools/eqsat-tables/egraph_lambda.h, with one rule set that runs under all four
 * encodings. Rules are a left-hand pattern (parsed once, compiled per
 * binding: a pattern binder is a name under ARI_LX_NAMES and a De Bruijn
 * position otherwise) and a C right-hand side that builds the result from
 * the matched classes through mk* helpers; the only place the substitution
 * encodings differ is mkSubst/mkShift: an e-node (explicit) or
 * extract-rewrite-add (extraction-based). Explicit substitution also adds
 * the push-down rules of subst/shift nodes (collectExplicit/applyExplicit).
 *
 * The runner is egg's without a scheduler (as the thesis's, §5.5.1): each
 * iteration collects every match, applies them all (an applied match is
 * found and applied again next time; the hash-cons makes that a no-op
 * unless extraction now gives other terms), rebuilds, checks the goal.
 *
 * Every table is a realloc'd array owned by the run (Lx) and freed at its
 * end; lxBytes sums their capacities (kept as running sums where a walk
 * would be slow) for the memory limit and the report. Limits are checked
 * while collecting (every 4096 matches), while applying (every 64) and
 * while rebuilding (every 4096 parents, time only).
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "tools/eqsat-tables/egraph_lambda.h"
#include "utils/hash.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*=== Problems ===========================================================*/

/* Figure 5.12: comp = λf g x. f (g x) and add1 = λy. y + 1 bound by
 * redexes, add1 composed with itself 7 times. */
static const char kReductionStart[] =
    "(app (lam comp (app (lam add1 (app (app (var comp) (var add1)) (app (app (var comp) (var "
    "add1)) (app (app (var comp) (var add1)) (app (app (var comp) (var add1)) (app (app (var "
    "comp) (var add1)) (app (app (var comp) (var add1)) (var add1)))))))) (lam y (app (app add "
    "(var y)) 1)))) (lam f (lam g (lam x (app (var f) (app (var g) (var x)))))))";
static const char kReductionGoal[] =
    "(lam x (app (app add (app (app add (app (app add (app (app add (app (app add (app (app add "
    "(app (app add (var x)) 1)) 1)) 1)) 1)) 1)) 1)) 1))";
/* Figure 5.13. */
static const char kFissionStart[] =
    "(app map (lam x (app f5 (app f4 (app f3 (app f2 (app f1 (var x))))))))";
static const char kFissionGoal[] =
    "(lam y (app (app map (lam x (app f5 (app f4 (app f3 (var x)))))) (app (app map (lam x (app "
    "f2 (app f1 (var x))))) (var y))))";
/* Figure 5.14: dot a b = reduce add 0 (map (λmt. fst mt * snd mt) (zip a b)) over 3x3
 * neighbourhoods, separated into a vertical and a horizontal 1-D dot. */
static const char kBinomialStart[] =
    "(app (app map (app map (lam nbh (app (app (app reduce add) 0) (app (app map (lam mt (app "
    "(app mul (app fst (var mt))) (app snd (var mt))))) (app (app zip (app join weights2d)) (app "
    "join (var nbh)))))))) (app (app map transpose) (app (app (app slide 3) 1) (app (app map "
    "(app (app slide 3) 1)) input))))";
static const char kBinomialGoal[] =
    "(app (app map (lam nbhL (app (app map (lam nbhH (app (app (app reduce add) 0) (app (app map "
    "(lam mt (app (app mul (app fst (var mt))) (app snd (var mt))))) (app (app zip weightsH) "
    "(var nbhH)))))) (app (app (app slide 3) 1) (app (app map (lam nbhV (app (app (app reduce "
    "add) 0) (app (app map (lam mt (app (app mul (app fst (var mt))) (app snd (var mt))))) (app "
    "(app zip weightsV) (var nbhV)))))) (app transpose (var nbhL))))))) (app (app (app slide 3) "
    "1) input))";

static const char *const kReductionRules[] = {"eta", "beta", NULL};
static const char *const kFissionRules[] = {"eta", "beta", "map-fusion", "map-fission", NULL};
static const char *const kBinomialRules[] = {"eta",
                                             "beta",
                                             "map-fusion",
                                             "map-fission",
                                             "remove-transpose-pair",
                                             "slide-before-map",
                                             "map-slide-before-transpose",
                                             "slide-before-map-map-f",
                                             "separate-dot-vh",
                                             "separate-dot-hv",
                                             NULL};

static const char *const kProblemNames[ARI_LX_NUM_PROBLEMS] = {"reduction", "fission",
                                                                "binomial"};

const char *ariLxProblemName(AriLxProblem p) {
  return (unsigned)p < ARI_LX_NUM_PROBLEMS ? kProblemNames[p] : "?";
}

bool ariLxProblemFromName(const char *name, AriLxProblem *out) {
  for (unsigned i = 0; i < ARI_LX_NUM_PROBLEMS; ++i)
    if (name && !strcmp(name, kProblemNames[i])) {
      *out = (AriLxProblem)i;
      return true;
    }
  return false;
}

const char *ariLxProblemStart(AriLxProblem p) {
  return p == ARI_LX_REDUCTION ? kReductionStart
         : p == ARI_LX_FISSION ? kFissionStart
         : p == ARI_LX_BINOMIAL ? kBinomialStart
                                : "";
}

const char *ariLxProblemGoal(AriLxProblem p) {
  return p == ARI_LX_REDUCTION ? kReductionGoal
         : p == ARI_LX_FISSION ? kFissionGoal
         : p == ARI_LX_BINOMIAL ? kBinomialGoal
                                : "";
}

const char *const *ariLxProblemRules(AriLxProblem p) {
  static const char *const none[] = {NULL};
  return p == ARI_LX_REDUCTION ? kReductionRules
         : p == ARI_LX_FISSION ? kFissionRules
         : p == ARI_LX_BINOMIAL ? kBinomialRules
                                : none;
}

const char *ariLxSubstName(AriLxSubst s) {
  return s == ARI_LX_EXPLICIT ? "explicit" : s == ARI_LX_EXTRACTION ? "extraction" : "?";
}

const char *ariLxBindingName(AriLxBinding b) {
  return b == ARI_LX_NAMES ? "names" : b == ARI_LX_DE_BRUIJN ? "debruijn" : "?";
}

/*=== Nodes ==============================================================*/

/* One layout for terms and e-nodes: kids are term ids or class ids. */
enum { K_SYM, K_APP, K_LAM, K_VAR, K_SUBST, K_SHIFT };

typedef struct LxNode {
  uint32_t kind;
  int32_t a; /* SYM: symbol; LAM: name (-1 under De Bruijn); VAR: name or index;
                SUBST: name or level; SHIFT: delta */
  int32_t b; /* SHIFT: cutoff; else 0 */
  uint32_t k[2];
} LxNode;

static unsigned nkids(uint32_t kind) {
  return kind == K_APP || kind == K_SUBST ? 2 : kind == K_LAM || kind == K_SHIFT ? 1 : 0;
}

/* Not one of utils/hash.h's chains on purpose: the hashcons allows stale
 * entries, so which of two equal live nodes hcLookup meets first follows
 * this hash, and the published table rows were measured with it. */
static uint32_t nodeHash(const LxNode *n) {
  uint64_t h = (uint64_t)n->kind * 0x9e3779b97f4a7c15ULL;
  h ^= (uint64_t)(uint32_t)n->a * 0xc2b2ae3d27d4eb4fULL;
  h = (h << 31 | h >> 33) ^ (uint64_t)(uint32_t)n->b * 0x165667b19e3779f9ULL;
  h = (h << 27 | h >> 37) ^ (uint64_t)n->k[0] * 0x85ebca77c2b2ae63ULL;
  h = (h << 33 | h >> 31) ^ (uint64_t)n->k[1] * 0x27d4eb2f165667c5ULL;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ULL;
  return (uint32_t)(h ^ (h >> 32));
}

static bool nodeEq(const LxNode *x, const LxNode *y) {
  return x->kind == y->kind && x->a == y->a && x->b == y->b && x->k[0] == y->k[0] &&
         x->k[1] == y->k[1];
}

static LxNode mkNode(uint32_t kind, int32_t a, int32_t b, uint32_t k0, uint32_t k1) {
  LxNode n = {kind, a, b, {nkids(kind) > 0 ? k0 : 0, nkids(kind) > 1 ? k1 : 0}};
  return n;
}

/*=== Growable arrays ====================================================*/

typedef struct {
  uint32_t *v;
  uint32_t n, cap;
} Vec;

typedef struct Lx Lx;
static bool oom(Lx *lx);

/* Grows *p (elements of `size`) to hold `need`; false when out of memory. */
static bool grow(void **p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap)
    return true;
  size_t c = *cap ? *cap : 16;
  while (c < need)
    c *= 2;
  void *q = realloc(*p, c * size);
  if (!q)
    return false;
  *p = q;
  *cap = c;
  return true;
}

/* Pushes x; *bytes follows the capacity (the class lists' share of the
 * run's memory, kept as a running sum so that limits are cheap to check). */
static bool vecPush(Vec *v, uint32_t x, size_t *bytes) {
  if (v->n == v->cap) {
    size_t cap = v->cap;
    if (!grow((void **)&v->v, &cap, (size_t)v->n + 1, sizeof(uint32_t)) || cap > UINT32_MAX)
      return false;
    *bytes += (cap - v->cap) * sizeof(uint32_t);
    v->cap = (uint32_t)cap;
  }
  v->v[v->n++] = x;
  return true;
}

static void vecFree(Vec *v, size_t *bytes) {
  *bytes -= (size_t)v->cap * sizeof(uint32_t);
  free(v->v);
  memset(v, 0, sizeof *v);
}

/*=== The run's state ====================================================*/

enum { MAX_PVARS = 8, MAX_PBINDERS = 4, MAX_PNODES = 64 };

/* A compiled pattern node. */
enum { P_VAR, P_SYM, P_APP, P_LAM, P_BVAR };
typedef struct PNode {
  uint8_t kind;
  uint8_t slot;  /* P_VAR: class variable; P_LAM/P_BVAR: binder */
  int32_t a;     /* P_SYM: symbol; P_BVAR: De Bruijn index */
  uint8_t k[2];
} PNode;

typedef struct Pattern {
  PNode n[MAX_PNODES];
  unsigned nn, nvars, nbinders;
} Pattern;

typedef struct LxMatch {
  uint16_t rule; /* index into Lx.rules; RULE_SUBST/RULE_SHIFT for the explicit ones */
  uint32_t root;
  uint32_t v[MAX_PVARS];    /* classes; explicit rules: v[0] the subst node, v[1] the body node */
  int32_t b[MAX_PBINDERS];  /* binder names (named) */
} LxMatch;

enum { RULE_SUBST = 0xfffe, RULE_SHIFT = 0xfffd };

typedef struct RuleDef RuleDef;

struct Lx {
  AriLxSubst subst;
  AriLxBinding binding;
  bool failed; /* out of memory or an internal error: stop */
  char *err;
  size_t errCap;

  /* interned symbols and names */
  char **syms;
  size_t nsyms, symsCap;
  uint32_t *symHash; /* open addressing: id + 1, 0 empty */
  size_t symHashCap;
  size_t symBytes; /* their text */
  unsigned fresh;  /* gensym counter (extraction-based named substitution) */

  /* terms */
  LxNode *tn;
  size_t ntn, tnCap;
  uint32_t *tHash; /* id + 1 */
  size_t tHashCap;
  uint32_t *tClass; /* term -> class it was added as (UINT32_MAX: not yet) */
  size_t tClassCap;

  /* e-graph: nodes */
  LxNode *en;
  uint32_t *enClass; /* class at creation (canonicalise with find) */
  uint8_t *dead;     /* a congruent duplicate of another live node */
  size_t nen, enCap, enClassCap, deadCap, live;
  uint32_t *hc; /* hash-cons: node id + 1, open addressing, stale entries allowed */
  size_t hcCap, hcUsed;

  /* e-graph: classes */
  uint32_t *uf;
  Vec *cnodes, *cparents;
  uint32_t *freeOff, *freeLen; /* free variable set: pool[off .. off+len), sorted */
  uint32_t *bestSize, *bestNode;
  uint32_t *xTerm, *xEpoch; /* extraction memo (valid for one epoch) */
  size_t ncls, clsCap[10];
  uint32_t epoch;
  uint32_t *pool;
  size_t npool, poolCap;
  Vec work;  /* merged classes: their parents need re-keying */
  Vec apend; /* classes whose analysis changed: their parents need re-analysis */
  uint32_t *scratch, *scratch2;
  size_t scratchCap, scratch2Cap;

  /* rules */
  const RuleDef *rules[16];
  Pattern pats[16];
  size_t nrules;
  LxMatch *matches;
  size_t nmatches, matchesCap;
  size_t merges;   /* merges that changed something, over the run */
  size_t vecBytes; /* capacity of every Vec (class lists, worklist) */

  /* limits */
  const AriLxOpts *opts;
  AriEgClockFn clk;
  double t0;
  size_t peakBytes;
  AriEgStop limit; /* SATURATED: none hit yet */
};

static void setErr(Lx *lx, const char *fmt, ...) {
  if (lx->err[0])
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(lx->err, lx->errCap, fmt, ap);
  va_end(ap);
}

static bool oom(Lx *lx) {
  lx->failed = true;
  setErr(lx, "out of memory");
  return false;
}

static size_t lxBytes(const Lx *lx) {
  size_t b = sizeof(*lx);
  b += lx->symsCap * sizeof(char *) + lx->symHashCap * 4;
  b += lx->symBytes;
  b += lx->tnCap * sizeof(LxNode) + lx->tHashCap * 4 + lx->tClassCap * 4;
  b += lx->enCap * sizeof(LxNode) + lx->enClassCap * 4 + lx->deadCap + lx->hcCap * 4;
  size_t cc = lx->clsCap[0];
  b += cc * (4 * 7 + 2 * sizeof(Vec));
  b += lx->vecBytes;
  b += lx->poolCap * 4 + (lx->scratchCap + lx->scratch2Cap) * 4;
  b += lx->matchesCap * sizeof(LxMatch);
  return b;
}

/*=== Symbols ============================================================*/

static int32_t intern(Lx *lx, const char *s, size_t len) {
  if (2 * (lx->nsyms + 1) > lx->symHashCap) {
    size_t cap = lx->symHashCap ? 2 * lx->symHashCap : 64;
    uint32_t *t = calloc(cap, 4);
    if (!t)
      return oom(lx), -1;
    for (size_t i = 0; i < lx->nsyms; ++i) {
      size_t j = ariHashBytes32(lx->syms[i], strlen(lx->syms[i])) & (cap - 1);
      while (t[j])
        j = (j + 1) & (cap - 1);
      t[j] = (uint32_t)i + 1;
    }
    free(lx->symHash);
    lx->symHash = t;
    lx->symHashCap = cap;
  }
  size_t j = ariHashBytes32(s, len) & (lx->symHashCap - 1);
  for (; lx->symHash[j]; j = (j + 1) & (lx->symHashCap - 1)) {
    const char *y = lx->syms[lx->symHash[j] - 1];
    if (strlen(y) == len && !memcmp(y, s, len))
      return (int32_t)(lx->symHash[j] - 1);
  }
  if (!grow((void **)&lx->syms, &lx->symsCap, lx->nsyms + 1, sizeof(char *)))
    return oom(lx), -1;
  char *c = malloc(len + 1);
  if (!c)
    return oom(lx), -1;
  memcpy(c, s, len);
  c[len] = 0;
  lx->symBytes += len + 1;
  lx->syms[lx->nsyms] = c;
  lx->symHash[j] = (uint32_t)++lx->nsyms;
  return (int32_t)(lx->nsyms - 1);
}

static int32_t internC(Lx *lx, const char *s) { return intern(lx, s, strlen(s)); }

/*=== Terms ==============================================================*/

enum { NONE = UINT32_MAX, MAX_DEPTH = 10000 };

static uint32_t term(Lx *lx, LxNode n) {
  if (lx->failed)
    return NONE;
  if (2 * (lx->ntn + 1) > lx->tHashCap) {
    size_t cap = lx->tHashCap ? 2 * lx->tHashCap : 1024;
    uint32_t *t = calloc(cap, 4);
    if (!t)
      return oom(lx), NONE;
    for (size_t i = 0; i < lx->ntn; ++i) {
      size_t j = nodeHash(&lx->tn[i]) & (cap - 1);
      while (t[j])
        j = (j + 1) & (cap - 1);
      t[j] = (uint32_t)i + 1;
    }
    free(lx->tHash);
    lx->tHash = t;
    lx->tHashCap = cap;
  }
  size_t j = nodeHash(&n) & (lx->tHashCap - 1);
  for (; lx->tHash[j]; j = (j + 1) & (lx->tHashCap - 1))
    if (nodeEq(&lx->tn[lx->tHash[j] - 1], &n))
      return lx->tHash[j] - 1;
  if (!grow((void **)&lx->tn, &lx->tnCap, lx->ntn + 1, sizeof(LxNode)))
    return oom(lx), NONE;
  lx->tn[lx->ntn] = n;
  lx->tHash[j] = (uint32_t)++lx->ntn;
  return (uint32_t)(lx->ntn - 1);
}

static uint32_t tApp(Lx *lx, uint32_t f, uint32_t a) {
  return f == NONE || a == NONE ? NONE : term(lx, mkNode(K_APP, 0, 0, f, a));
}
static uint32_t tLam(Lx *lx, int32_t name, uint32_t b) {
  return b == NONE ? NONE : term(lx, mkNode(K_LAM, name, 0, b, 0));
}
static uint32_t tVar(Lx *lx, int32_t v) { return term(lx, mkNode(K_VAR, v, 0, 0, 0)); }

static bool depthOk(Lx *lx, unsigned depth) {
  if (depth < MAX_DEPTH)
    return true;
  lx->failed = true;
  setErr(lx, "term nested more than %d levels", MAX_DEPTH);
  return false;
}

/* Whether name x is free in named term t. */
static bool tHasFree(Lx *lx, uint32_t t, int32_t x, unsigned depth) {
  if (!depthOk(lx, depth))
    return false;
  const LxNode *n = &lx->tn[t];
  switch (n->kind) {
  case K_VAR:
    return n->a == x;
  case K_LAM:
    return n->a != x && tHasFree(lx, n->k[0], x, depth + 1);
  case K_APP: {
    uint32_t k1 = n->k[1];
    return tHasFree(lx, n->k[0], x, depth + 1) || tHasFree(lx, k1, x, depth + 1);
  }
  default:
    return false;
  }
}

/* De Bruijn: adds d to every free index >= k. */
static uint32_t tShift(Lx *lx, uint32_t t, int32_t d, int32_t k, unsigned depth) {
  if (t == NONE || !depthOk(lx, depth))
    return NONE;
  LxNode n = lx->tn[t];
  switch (n.kind) {
  case K_VAR:
    if (n.a < k)
      return t;
    if (n.a + d < 0) {
      lx->failed = true;
      setErr(lx, "shift below zero");
      return NONE;
    }
    return tVar(lx, n.a + d);
  case K_LAM:
    return tLam(lx, -1, tShift(lx, n.k[0], d, k + 1, depth + 1));
  case K_APP: {
    uint32_t f = tShift(lx, n.k[0], d, k, depth + 1);
    return tApp(lx, f, tShift(lx, n.k[1], d, k, depth + 1));
  }
  default:
    return t;
  }
}

/* De Bruijn: sigma^i: VAR i := v (shifted by the binders crossed), indices
 * above i lowered by one (the lambda-s calculus's sigma-destruction). */
static uint32_t tSubstDB(Lx *lx, uint32_t t, int32_t i, uint32_t v, unsigned depth) {
  if (t == NONE || !depthOk(lx, depth))
    return NONE;
  LxNode n = lx->tn[t];
  switch (n.kind) {
  case K_VAR:
    return n.a > i ? tVar(lx, n.a - 1) : n.a == i ? tShift(lx, v, i, 0, depth + 1) : t;
  case K_LAM:
    return tLam(lx, -1, tSubstDB(lx, n.k[0], i + 1, v, depth + 1));
  case K_APP: {
    uint32_t f = tSubstDB(lx, n.k[0], i, v, depth + 1);
    return tApp(lx, f, tSubstDB(lx, n.k[1], i, v, depth + 1));
  }
  default:
    return t;
  }
}

/* A name that has not been used yet ("%N" cannot be written in source). */
static int32_t gensym(Lx *lx) {
  char b[32];
  snprintf(b, sizeof b, "%%g%u", lx->fresh++);
  return internC(lx, b);
}

/* Named: capture-avoiding t[v/x], renaming a binder to a gensym when v
 * has it free. */
static uint32_t tSubstNamed(Lx *lx, uint32_t t, int32_t x, uint32_t v, unsigned depth) {
  if (t == NONE || !depthOk(lx, depth))
    return NONE;
  LxNode n = lx->tn[t];
  switch (n.kind) {
  case K_VAR:
    return n.a == x ? v : t;
  case K_LAM: {
    if (n.a == x || !tHasFree(lx, n.k[0], x, depth + 1))
      return t;
    if (!tHasFree(lx, v, n.a, depth + 1))
      return tLam(lx, n.a, tSubstNamed(lx, n.k[0], x, v, depth + 1));
    int32_t z = gensym(lx);
    if (z < 0)
      return NONE;
    uint32_t b = tSubstNamed(lx, n.k[0], n.a, tVar(lx, z), depth + 1);
    return tLam(lx, z, tSubstNamed(lx, b, x, v, depth + 1));
  }
  case K_APP: {
    uint32_t f = tSubstNamed(lx, n.k[0], x, v, depth + 1);
    return tApp(lx, f, tSubstNamed(lx, n.k[1], x, v, depth + 1));
  }
  default:
    return t;
  }
}

/* Named -> De Bruijn (a free (var x) is an error: programs are closed);
 * names[0..nb) are the enclosing binders, outermost first. */
static uint32_t tToDB(Lx *lx, uint32_t t, int32_t *names, unsigned nb, unsigned depth) {
  if (t == NONE || !depthOk(lx, depth))
    return NONE;
  LxNode n = lx->tn[t];
  switch (n.kind) {
  case K_VAR:
    for (unsigned i = nb; i-- > 0;)
      if (names[i] == n.a)
        return tVar(lx, (int32_t)(nb - 1 - i));
    setErr(lx, "free variable '%s'", lx->syms[n.a]);
    lx->failed = true;
    return NONE;
  case K_LAM:
    names[nb] = n.a;
    return tLam(lx, -1, tToDB(lx, n.k[0], names, nb + 1, depth + 1));
  case K_APP: {
    uint32_t f = tToDB(lx, n.k[0], names, nb, depth + 1);
    return tApp(lx, f, tToDB(lx, n.k[1], names, nb, depth + 1));
  }
  default:
    return t;
  }
}

/*=== Parsing ============================================================*/

typedef struct {
  Lx *lx;
  const char *s;
  size_t i;
  const char *what;
} Parser;

static bool perr(Parser *p, const char *msg) {
  setErr(p->lx, "%s: column %zu: %s", p->what, p->i + 1, msg);
  p->lx->failed = true;
  return false;
}

static void skipWs(Parser *p) {
  while (p->s[p->i] == ' ' || p->s[p->i] == '\n' || p->s[p->i] == '\t' || p->s[p->i] == '\r')
    ++p->i;
}

static size_t word(Parser *p) {
  size_t st = p->i;
  while (p->s[p->i] && !strchr(" \n\t\r()", p->s[p->i]))
    ++p->i;
  return p->i - st;
}

static bool isWord(Parser *p, size_t st, size_t len, const char *w) {
  return strlen(w) == len && !memcmp(p->s + st, w, len);
}

static uint32_t parseTerm(Parser *p, unsigned depth) {
  skipWs(p);
  if (depth > 1000)
    return perr(p, "nested too deeply"), NONE;
  if (!p->s[p->i])
    return perr(p, "unexpected end"), NONE;
  if (p->s[p->i] == ')')
    return perr(p, "unexpected ')'"), NONE;
  if (p->s[p->i] != '(') {
    size_t st = p->i, len = word(p);
    if (p->s[st] == '?' || p->s[st] == '%') {
      p->i = st;
      return perr(p, "'?' and '%' cannot start a symbol"), NONE;
    }
    int32_t y = intern(p->lx, p->s + st, len);
    return y < 0 ? NONE : term(p->lx, mkNode(K_SYM, y, 0, 0, 0));
  }
  ++p->i;
  skipWs(p);
  size_t st = p->i, len = word(p);
  uint32_t r = NONE;
  if (isWord(p, st, len, "app")) {
    uint32_t f = parseTerm(p, depth + 1);
    if (f == NONE)
      return NONE;
    uint32_t a = parseTerm(p, depth + 1);
    if (a == NONE)
      return NONE;
    r = tApp(p->lx, f, a);
  } else if (isWord(p, st, len, "lam") || isWord(p, st, len, "var")) {
    bool isLam = p->s[st] == 'l';
    skipWs(p);
    size_t ns = p->i, nl = word(p);
    if (!nl || p->s[ns] == '?' || p->s[ns] == '%') {
      p->i = ns;
      return perr(p, "expected a variable name"), NONE;
    }
    int32_t x = intern(p->lx, p->s + ns, nl);
    if (x < 0)
      return NONE;
    if (isLam) {
      uint32_t b = parseTerm(p, depth + 1);
      if (b == NONE)
        return NONE;
      r = tLam(p->lx, x, b);
    } else {
      r = tVar(p->lx, x);
    }
  } else {
    p->i = st;
    return perr(p, "expected app, lam or var"), NONE;
  }
  skipWs(p);
  if (p->s[p->i] != ')')
    return perr(p, "expected ')'"), NONE;
  ++p->i;
  return r;
}

static uint32_t parseWhole(Lx *lx, const char *text, const char *what) {
  Parser p = {lx, text ? text : "", 0, what};
  uint32_t t = parseTerm(&p, 0);
  if (t == NONE)
    return NONE;
  skipWs(&p);
  if (p.s[p.i])
    return perr(&p, "trailing text"), NONE;
  return t;
}

/* Patterns: ?x a class variable; (lam ?b P) a binder; (var ?b) refers to
 * an enclosing pattern binder. */
typedef struct {
  Parser p;
  Pattern *pat;
  char vnames[MAX_PVARS][16];
  char bnames[MAX_PBINDERS][16];
  int bdepth[MAX_PBINDERS];
} PParser;

static int patNode(PParser *q, unsigned lamDepth) {
  Parser *p = &q->p;
  skipWs(p);
  if (q->pat->nn >= MAX_PNODES)
    return perr(p, "pattern too large"), -1;
  PNode *n = &q->pat->n[q->pat->nn];
  int me = (int)q->pat->nn++;
  memset(n, 0, sizeof *n);
  if (p->s[p->i] == '?') {
    size_t st = p->i, len = word(p);
    if (len < 2 || len >= 16)
      return p->i = st, perr(p, "bad pattern variable"), -1;
    unsigned v = 0;
    while (v < q->pat->nvars && (strlen(q->vnames[v]) != len || memcmp(q->vnames[v], p->s + st, len)))
      ++v;
    if (v == q->pat->nvars) {
      if (v == MAX_PVARS)
        return perr(p, "too many pattern variables"), -1;
      memcpy(q->vnames[v], p->s + st, len);
      q->vnames[v][len] = 0;
      q->pat->nvars++;
    }
    n->kind = P_VAR;
    n->slot = (uint8_t)v;
    return me;
  }
  if (p->s[p->i] != '(') {
    size_t st = p->i, len = word(p);
    if (!len)
      return perr(p, "expected a pattern"), -1;
    n->kind = P_SYM;
    n->a = intern(p->lx, p->s + st, len);
    return n->a < 0 ? -1 : me;
  }
  ++p->i;
  skipWs(p);
  size_t st = p->i, len = word(p);
  if (isWord(p, st, len, "app")) {
    n->kind = P_APP;
    int a = patNode(q, lamDepth), b = a < 0 ? -1 : patNode(q, lamDepth);
    if (b < 0)
      return -1;
    n = &q->pat->n[me];
    n->k[0] = (uint8_t)a;
    n->k[1] = (uint8_t)b;
  } else if (isWord(p, st, len, "lam") || isWord(p, st, len, "var")) {
    bool isLam = p->s[st] == 'l';
    skipWs(p);
    size_t ns = p->i, nl = word(p);
    if (nl < 2 || nl >= 16 || p->s[ns] != '?')
      return p->i = ns, perr(p, "expected a ?binder"), -1;
    unsigned b = 0;
    while (b < q->pat->nbinders &&
           (strlen(q->bnames[b]) != nl || memcmp(q->bnames[b], p->s + ns, nl)))
      ++b;
    if (isLam) {
      if (b < q->pat->nbinders || b == MAX_PBINDERS)
        return p->i = ns, perr(p, "binder bound twice or too many binders"), -1;
      memcpy(q->bnames[b], p->s + ns, nl);
      q->bnames[b][nl] = 0;
      q->bdepth[b] = (int)lamDepth;
      q->pat->nbinders++;
      n->kind = P_LAM;
      n->slot = (uint8_t)b;
      int k = patNode(q, lamDepth + 1);
      if (k < 0)
        return -1;
      q->pat->n[me].k[0] = (uint8_t)k;
    } else {
      if (b == q->pat->nbinders)
        return p->i = ns, perr(p, "unbound binder"), -1;
      n->kind = P_BVAR;
      n->slot = (uint8_t)b;
      n->a = (int32_t)lamDepth - 1 - q->bdepth[b];
    }
  } else {
    return p->i = st, perr(p, "expected app, lam or var"), -1;
  }
  skipWs(p);
  if (p->s[p->i] != ')')
    return perr(p, "expected ')'"), -1;
  ++p->i;
  return me;
}

/*=== The e-graph ========================================================*/

static uint32_t find(Lx *lx, uint32_t c) {
  uint32_t r = c;
  while (lx->uf[r] != r)
    r = lx->uf[r];
  while (lx->uf[c] != r) {
    uint32_t n = lx->uf[c];
    lx->uf[c] = r;
    c = n;
  }
  return r;
}

static LxNode canon(Lx *lx, const LxNode *n) {
  LxNode c = *n;
  for (unsigned i = 0; i < nkids(n->kind); ++i)
    c.k[i] = find(lx, n->k[i]);
  return c;
}

static const uint32_t *freeSet(const Lx *lx, uint32_t c, uint32_t *len) {
  *len = lx->freeLen[c];
  return *len ? lx->pool + lx->freeOff[c] : NULL;
}

static bool freeHas(const Lx *lx, uint32_t c, int32_t x) {
  uint32_t n;
  const uint32_t *s = freeSet(lx, c, &n);
  for (uint32_t i = 0; i < n; ++i)
    if (s[i] == (uint32_t)x)
      return true;
  return false;
}

/* Whether class c has a free index >= k (De Bruijn). */
static bool freeHasFrom(const Lx *lx, uint32_t c, int32_t k) {
  uint32_t n;
  const uint32_t *s = freeSet(lx, c, &n);
  return n && s[n - 1] >= (uint32_t)k;
}

static int cmpU32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

static bool scratchPush(Lx *lx, size_t *n, uint32_t x) {
  if (!grow((void **)&lx->scratch, &lx->scratchCap, *n + 1, 4))
    return oom(lx);
  lx->scratch[(*n)++] = x;
  return true;
}

/* The free set node n gives (kids canonical), into scratch[0..*len). */
static bool makeFree(Lx *lx, const LxNode *n, size_t *len) {
  size_t m = 0;
  bool db = lx->binding == ARI_LX_DE_BRUIJN;
  uint32_t l0, l1;
  const uint32_t *s0 = nkids(n->kind) ? freeSet(lx, find(lx, n->k[0]), &l0) : NULL;
  const uint32_t *s1 = nkids(n->kind) > 1 ? freeSet(lx, find(lx, n->k[1]), &l1) : NULL;
  bool ok = true;
  switch (n->kind) {
  case K_VAR:
    ok = scratchPush(lx, &m, (uint32_t)n->a);
    break;
  case K_LAM:
    for (uint32_t i = 0; ok && i < l0; ++i)
      if (db ? s0[i] >= 1 : s0[i] != (uint32_t)n->a)
        ok = scratchPush(lx, &m, db ? s0[i] - 1 : s0[i]);
    break;
  case K_APP:
    for (uint32_t i = 0; ok && i < l0; ++i)
      ok = scratchPush(lx, &m, s0[i]);
    for (uint32_t i = 0; ok && i < l1; ++i)
      ok = scratchPush(lx, &m, s1[i]);
    break;
  case K_SUBST: {
    bool used = false;
    uint32_t x = (uint32_t)n->a;
    for (uint32_t i = 0; ok && i < l0; ++i) {
      if (s0[i] == x)
        used = true;
      else if (!db || s0[i] < x)
        ok = scratchPush(lx, &m, s0[i]);
      else
        ok = scratchPush(lx, &m, s0[i] - 1);
    }
    for (uint32_t i = 0; ok && used && i < l1; ++i)
      ok = scratchPush(lx, &m, db ? s1[i] + x : s1[i]);
    break;
  }
  case K_SHIFT:
    for (uint32_t i = 0; ok && i < l0; ++i) {
      int64_t v = s0[i] >= (uint32_t)n->b ? (int64_t)s0[i] + n->a : (int64_t)s0[i];
      if (v >= 0)
        ok = scratchPush(lx, &m, (uint32_t)v);
    }
    break;
  default:
    break;
  }
  if (!ok)
    return false;
  if (m > 1)
    qsort(lx->scratch, m, 4, cmpU32);
  size_t u = 0;
  for (size_t i = 0; i < m; ++i)
    if (!u || lx->scratch[u - 1] != lx->scratch[i])
      lx->scratch[u++] = lx->scratch[i];
  *len = u;
  return true;
}

/* Unions scratch[0..len) into c's set; *changed when it grew. */
static bool unionFree(Lx *lx, uint32_t c, size_t len, bool *changed) {
  uint32_t n;
  const uint32_t *s = freeSet(lx, c, &n);
  if (!grow((void **)&lx->scratch2, &lx->scratch2Cap, len + n + 1, 4))
    return oom(lx);
  s = freeSet(lx, c, &n);
  size_t i = 0, j = 0, m = 0;
  while (i < n || j < len) {
    uint32_t x;
    if (j == len || (i < n && s[i] < lx->scratch[j]))
      x = s[i++];
    else if (i == n || lx->scratch[j] < s[i])
      x = lx->scratch[j++];
    else
      x = s[i++], ++j;
    lx->scratch2[m++] = x;
  }
  if (m == n)
    return true;
  *changed = true;
  if (!grow((void **)&lx->pool, &lx->poolCap, lx->npool + m, 4))
    return oom(lx);
  memcpy(lx->pool + lx->npool, lx->scratch2, m * 4);
  lx->freeOff[c] = (uint32_t)lx->npool;
  lx->freeLen[c] = (uint32_t)m;
  lx->npool += m;
  return true;
}

static uint32_t nodeSize(Lx *lx, const LxNode *n) {
  uint64_t s = 1;
  for (unsigned i = 0; i < nkids(n->kind); ++i)
    s += lx->bestSize[find(lx, n->k[i])];
  return s > UINT32_MAX / 4 ? UINT32_MAX / 4 : (uint32_t)s;
}

/* Re-evaluates node id's analyses into its class; *changed if they moved. */
static bool analyse(Lx *lx, uint32_t id, bool *changed) {
  LxNode n = canon(lx, &lx->en[id]);
  uint32_t c = find(lx, lx->enClass[id]);
  uint32_t sz = nodeSize(lx, &n);
  if (sz < lx->bestSize[c]) {
    lx->bestSize[c] = sz;
    lx->bestNode[c] = id;
    *changed = true;
  }
  size_t len;
  return makeFree(lx, &n, &len) && unionFree(lx, c, len, changed);
}

static bool classGrow(Lx *lx) {
  size_t need = lx->ncls + 1;
  size_t *cc = lx->clsCap;
  if (!grow((void **)&lx->uf, &cc[0], need, 4) || !grow((void **)&lx->cnodes, &cc[1], need, sizeof(Vec)) ||
      !grow((void **)&lx->cparents, &cc[2], need, sizeof(Vec)) ||
      !grow((void **)&lx->freeOff, &cc[3], need, 4) || !grow((void **)&lx->freeLen, &cc[4], need, 4) ||
      !grow((void **)&lx->bestSize, &cc[5], need, 4) ||
      !grow((void **)&lx->bestNode, &cc[6], need, 4) || !grow((void **)&lx->xTerm, &cc[7], need, 4) ||
      !grow((void **)&lx->xEpoch, &cc[8], need, 4))
    return oom(lx);
  return true;
}

/* The live node with n's canonical key, or NONE. */
static uint32_t hcLookup(Lx *lx, const LxNode *key, size_t *slot) {
  size_t mask = lx->hcCap - 1;
  size_t j = nodeHash(key) & mask;
  for (; lx->hc[j]; j = (j + 1) & mask) {
    uint32_t id = lx->hc[j] - 1;
    if (lx->dead[id])
      continue;
    LxNode c = canon(lx, &lx->en[id]);
    if (nodeEq(&c, key)) {
      if (slot)
        *slot = j;
      return id;
    }
  }
  if (slot)
    *slot = j;
  return NONE;
}

static bool hcRehash(Lx *lx) {
  size_t cap = lx->hcCap ? lx->hcCap : 1024;
  while (4 * (lx->live + 1) > cap)
    cap *= 2;
  uint32_t *t = calloc(cap, 4);
  if (!t)
    return oom(lx);
  for (size_t i = 0; i < lx->nen; ++i) {
    if (lx->dead[i])
      continue;
    LxNode c = canon(lx, &lx->en[i]);
    size_t j = nodeHash(&c) & (cap - 1);
    while (t[j])
      j = (j + 1) & (cap - 1);
    t[j] = (uint32_t)i + 1;
  }
  free(lx->hc);
  lx->hc = t;
  lx->hcCap = cap;
  lx->hcUsed = lx->live;
  return true;
}

/* Inserts node id under its canonical key (key must not be present). */
static bool hcInsert(Lx *lx, uint32_t id) {
  if (2 * (lx->hcUsed + 1) > lx->hcCap && !hcRehash(lx))
    return false;
  LxNode c = canon(lx, &lx->en[id]);
  size_t j = nodeHash(&c) & (lx->hcCap - 1);
  while (lx->hc[j])
    j = (j + 1) & (lx->hcCap - 1);
  lx->hc[j] = id + 1;
  lx->hcUsed++;
  return true;
}

/* The class of node n (kids are classes), adding it if new. */
static uint32_t add(Lx *lx, LxNode n) {
  if (lx->failed)
    return NONE;
  for (unsigned i = 0; i < nkids(n.kind); ++i) {
    if (n.k[i] == NONE)
      return NONE;
    n.k[i] = find(lx, n.k[i]);
  }
  if (!lx->hcCap && !hcRehash(lx))
    return NONE;
  uint32_t hit = hcLookup(lx, &n, NULL);
  if (hit != NONE)
    return find(lx, lx->enClass[hit]);
  if (!grow((void **)&lx->en, &lx->enCap, lx->nen + 1, sizeof(LxNode)) ||
      !grow((void **)&lx->enClass, &lx->enClassCap, lx->nen + 1, 4) ||
      !grow((void **)&lx->dead, &lx->deadCap, lx->nen + 1, 1) || !classGrow(lx))
    return oom(lx), NONE;
  uint32_t id = (uint32_t)lx->nen++, c = (uint32_t)lx->ncls++;
  lx->en[id] = n;
  lx->enClass[id] = c;
  lx->dead[id] = 0;
  lx->live++;
  lx->uf[c] = c;
  memset(&lx->cnodes[c], 0, sizeof(Vec));
  memset(&lx->cparents[c], 0, sizeof(Vec));
  lx->freeOff[c] = 0;
  lx->freeLen[c] = 0;
  lx->bestSize[c] = UINT32_MAX;
  lx->bestNode[c] = id;
  lx->xEpoch[c] = 0;
  if (!vecPush(&lx->cnodes[c], id, &lx->vecBytes))
    return oom(lx), NONE;
  for (unsigned i = 0; i < nkids(n.kind); ++i)
    if (!vecPush(&lx->cparents[n.k[i]], id, &lx->vecBytes))
      return oom(lx), NONE;
  bool changed = false;
  if (!analyse(lx, id, &changed) || !hcInsert(lx, id))
    return NONE;
  return c;
}

static bool merge(Lx *lx, uint32_t a, uint32_t b, bool *changed) {
  if (a == NONE || b == NONE)
    return false;
  a = find(lx, a);
  b = find(lx, b);
  if (a == b)
    return true;
  if (lx->cnodes[a].n + lx->cparents[a].n < lx->cnodes[b].n + lx->cparents[b].n) {
    uint32_t t = a;
    a = b;
    b = t;
  }
  lx->uf[b] = a;
  for (uint32_t i = 0; i < lx->cnodes[b].n; ++i)
    if (!vecPush(&lx->cnodes[a], lx->cnodes[b].v[i], &lx->vecBytes))
      return oom(lx);
  for (uint32_t i = 0; i < lx->cparents[b].n; ++i)
    if (!vecPush(&lx->cparents[a], lx->cparents[b].v[i], &lx->vecBytes))
      return oom(lx);
  vecFree(&lx->cnodes[b], &lx->vecBytes);
  vecFree(&lx->cparents[b], &lx->vecBytes);
  bool ch = false;
  if (lx->bestSize[b] < lx->bestSize[a]) {
    lx->bestSize[a] = lx->bestSize[b];
    lx->bestNode[a] = lx->bestNode[b];
  }
  uint32_t n;
  const uint32_t *s = freeSet(lx, b, &n);
  if (!grow((void **)&lx->scratch, &lx->scratchCap, (size_t)n + 1, 4))
    return oom(lx);
  s = freeSet(lx, b, &n);
  if (n)
    memcpy(lx->scratch, s, (size_t)n * 4);
  if (!unionFree(lx, a, n, &ch) || !vecPush(&lx->work, a, &lx->vecBytes))
    return oom(lx);
  ++lx->merges;
  if (changed)
    *changed = true;
  return true;
}

/* egg's rebuild: re-key the parents of merged classes, merge congruent
 * ones (the duplicate node is marked dead), re-run their analyses; repeat
 * until nothing is queued. */
/* The queue q, canonical and deduplicated, moved into *batch. */
static uint32_t takeQueue(Lx *lx, Vec *q, Vec *batch) {
  Vec t = *batch;
  *batch = *q;
  *q = t;
  q->n = 0;
  for (uint32_t i = 0; i < batch->n; ++i)
    batch->v[i] = find(lx, batch->v[i]);
  if (batch->n > 1)
    qsort(batch->v, batch->n, 4, cmpU32);
  uint32_t nb = 0;
  for (uint32_t i = 0; i < batch->n; ++i)
    if (!nb || batch->v[nb - 1] != batch->v[i])
      batch->v[nb++] = batch->v[i];
  return nb;
}

/* A time limit may cut a long rebuild short: the run stops right after,
 * and lookups stay correct on a partly rebuilt graph (they compare
 * canonical forms); only some congruences are left unfound. */
static bool rebuildTimeUp(Lx *lx, size_t *ticks) {
  const AriLxOpts *o = lx->opts;
  if ((++*ticks & 4095) || !o->maxSeconds || lx->clk(o->clockCtx) - lx->t0 <= o->maxSeconds)
    return false;
  lx->limit = ARI_EG_STOP_TIME;
  return true;
}

/* egg's rebuild: the parents of merged classes are re-keyed in the
 * hash-cons (congruent ones merged, the duplicate node marked dead) and
 * re-analysed; the parents of classes whose analysis changed are only
 * re-analysed. Both queues are taken whole, deduplicated, until empty. */
static bool rebuild(Lx *lx) {
  Vec batch = {NULL, 0, 0};
  size_t ticks = 0;
  bool stop = false;
  while ((lx->work.n || lx->apend.n) && !lx->failed && !stop) {
    bool rekey = lx->work.n > 0;
    uint32_t nb = takeQueue(lx, rekey ? &lx->work : &lx->apend, &batch);
    for (uint32_t bi = 0; bi < nb && !lx->failed && !stop; ++bi) {
      uint32_t c = find(lx, batch.v[bi]);
      if (!rekey) {
        const Vec *ps = &lx->cparents[c];
        for (uint32_t i = 0; i < ps->n && !lx->failed; ++i) {
          uint32_t p = ps->v[i];
          bool ch = false;
          if (lx->dead[p] || !analyse(lx, p, &ch))
            continue;
          if (ch && !vecPush(&lx->apend, find(lx, lx->enClass[p]), &lx->vecBytes))
            oom(lx);
          if ((stop = rebuildTimeUp(lx, &ticks)))
            break;
        }
        continue;
      }
      Vec ps = lx->cparents[c]; /* taken: survivors go back to c's root below */
      memset(&lx->cparents[c], 0, sizeof(Vec));
      lx->vecBytes -= (size_t)ps.cap * 4;
      for (uint32_t i = 0; i < ps.n && !lx->failed; ++i) {
        uint32_t p = ps.v[i];
        if (lx->dead[p])
          continue;
        LxNode key = canon(lx, &lx->en[p]);
        uint32_t q = hcLookup(lx, &key, NULL);
        if (q == NONE) {
          if (!hcInsert(lx, p))
            break;
        } else if (q != p) {
          lx->dead[p] = 1;
          lx->live--;
          merge(lx, q, lx->enClass[p], NULL);
          continue;
        }
        bool ch = false;
        if (!analyse(lx, p, &ch))
          break;
        if (ch && !vecPush(&lx->apend, find(lx, lx->enClass[p]), &lx->vecBytes))
          oom(lx);
        if (!vecPush(&lx->cparents[find(lx, c)], p, &lx->vecBytes))
          oom(lx);
        if (!stop)
          stop = rebuildTimeUp(lx, &ticks); /* finish this class's list first */
      }
      free(ps.v);
    }
  }
  if (stop) {
    lx->work.n = 0;
    lx->apend.n = 0;
  }
  lx->vecBytes -= (size_t)batch.cap * 4;
  free(batch.v);
  ++lx->epoch;
  return !lx->failed;
}

/*=== Extraction and adding terms ========================================*/

static uint32_t extract(Lx *lx, uint32_t c, unsigned depth) {
  if (c == NONE || !depthOk(lx, depth))
    return NONE;
  c = find(lx, c);
  if (lx->xEpoch[c] == lx->epoch + 1)
    return lx->xTerm[c];
  LxNode n = lx->en[lx->bestNode[c]];
  for (unsigned i = 0; i < nkids(n.kind); ++i) {
    n.k[i] = extract(lx, n.k[i], depth + 1);
    if (n.k[i] == NONE)
      return NONE;
  }
  uint32_t t = term(lx, n);
  lx->xTerm[c] = t;
  lx->xEpoch[c] = lx->epoch + 1;
  return t;
}

static uint32_t addTerm(Lx *lx, uint32_t t, unsigned depth) {
  if (t == NONE || !depthOk(lx, depth))
    return NONE;
  if (t < lx->tClassCap && lx->tClass[t] != NONE)
    return find(lx, lx->tClass[t]);
  LxNode n = lx->tn[t];
  for (unsigned i = 0; i < nkids(n.kind); ++i)
    n.k[i] = addTerm(lx, n.k[i], depth + 1);
  uint32_t c = add(lx, n);
  if (c == NONE)
    return NONE;
  size_t old = lx->tClassCap;
  if (!grow((void **)&lx->tClass, &lx->tClassCap, (size_t)t + 1, 4))
    return oom(lx), NONE;
  for (size_t i = old; i < lx->tClassCap; ++i)
    lx->tClass[i] = NONE;
  lx->tClass[t] = c;
  return c;
}

/* The class of term t if all its nodes exist (no node added). */
static uint32_t lookupTerm(Lx *lx, uint32_t t, unsigned depth) {
  if (!depthOk(lx, depth))
    return NONE;
  LxNode n = lx->tn[t];
  for (unsigned i = 0; i < nkids(n.kind); ++i)
    if ((n.k[i] = lookupTerm(lx, n.k[i], depth + 1)) == NONE)
      return NONE;
  uint32_t id = hcLookup(lx, &n, NULL);
  return id == NONE ? NONE : find(lx, lx->enClass[id]);
}

/* Named goals: does class c hold a term alpha-equivalent to De Bruijn term
 * t, with names[0..depth) the e-graph binders around? budget bounds the
 * walk (an exhausted budget answers no for this check). */
static bool alphaMatch(Lx *lx, uint32_t t, uint32_t c, int32_t *names, unsigned depth,
                       size_t *budget) {
  if (!*budget || depth >= 256)
    return false;
  --*budget;
  const LxNode tn = lx->tn[t];
  c = find(lx, c);
  const Vec *ns = &lx->cnodes[c];
  for (uint32_t i = 0; i < ns->n; ++i) {
    uint32_t id = ns->v[i];
    if (!*budget)
      return false;
    --*budget; /* per node looked at: big classes cost what they cost */
    if (lx->dead[id] || lx->en[id].kind != tn.kind)
      continue;
    const LxNode e = lx->en[id];
    switch (tn.kind) {
    case K_SYM:
      if (e.a == tn.a)
        return true;
      break;
    case K_APP:
      if (alphaMatch(lx, tn.k[0], e.k[0], names, depth, budget) &&
          alphaMatch(lx, tn.k[1], e.k[1], names, depth, budget))
        return true;
      break;
    case K_LAM:
      names[depth] = e.a;
      if (alphaMatch(lx, tn.k[0], e.k[0], names, depth + 1, budget))
        return true;
      break;
    case K_VAR: {
      if ((unsigned)tn.a >= depth)
        break;
      unsigned pos = depth - 1 - (unsigned)tn.a;
      bool ok = names[pos] == e.a;
      for (unsigned j = pos + 1; ok && j < depth; ++j)
        ok = names[j] != e.a; /* shadowed by an inner binder */
      if (ok)
        return true;
      break;
    }
    default:
      break;
    }
  }
  return false;
}

/*=== Right-hand sides ===================================================*/

static uint32_t mkSym(Lx *lx, const char *s) {
  int32_t y = internC(lx, s);
  return y < 0 ? NONE : add(lx, mkNode(K_SYM, y, 0, 0, 0));
}
static uint32_t mkApp(Lx *lx, uint32_t f, uint32_t a) { return add(lx, mkNode(K_APP, 0, 0, f, a)); }
static uint32_t mkLam(Lx *lx, int32_t name, uint32_t b) {
  return add(lx, mkNode(K_LAM, lx->binding == ARI_LX_NAMES ? name : -1, 0, b, 0));
}
static uint32_t mkVar(Lx *lx, int32_t v) { return add(lx, mkNode(K_VAR, v, 0, 0, 0)); }

/* De Bruijn: c with d added to its free indices >= k. */
static uint32_t mkShift(Lx *lx, uint32_t c, int32_t d, int32_t k) {
  if (c == NONE)
    return NONE;
  if (!d)
    return find(lx, c);
  /* Explicit: a shift node even when nothing is free (the naive encoding
   * pushes it down node by node); extraction-based: no work when the
   * analysis says the term has no index to shift. */
  if (lx->subst == ARI_LX_EXPLICIT)
    return add(lx, mkNode(K_SHIFT, d, k, c, 0));
  if (!freeHasFrom(lx, find(lx, c), k))
    return find(lx, c);
  return addTerm(lx, tShift(lx, extract(lx, c, 0), d, k, 0), 0);
}

/* body[value / x] (named: x a name; De Bruijn: sigma^x). */
static uint32_t mkSubst(Lx *lx, uint32_t body, int32_t x, uint32_t value) {
  if (body == NONE || value == NONE)
    return NONE;
  body = find(lx, body);
  bool db = lx->binding == ARI_LX_DE_BRUIJN;
  if (lx->subst == ARI_LX_EXPLICIT) /* as mkShift */
    return add(lx, mkNode(K_SUBST, x, 0, body, value));
  if (db ? !freeHasFrom(lx, body, x) : !freeHas(lx, body, x))
    return body;
  uint32_t b = extract(lx, body, 0), v = extract(lx, value, 0);
  return addTerm(lx, db ? tSubstDB(lx, b, x, v, 0) : tSubstNamed(lx, b, x, v, 0), 0);
}

/* A name for a binder made by a rule at class `at`, free in none of the
 * classes cs (fresh names as a function of e-class ids, thesis §5.4.2). */
static int32_t freshFor(Lx *lx, const char *tag, uint32_t at, const uint32_t *cs, unsigned n) {
  char b[48];
  for (unsigned v = 0;; ++v) {
    if (v)
      snprintf(b, sizeof b, "%%%s%u_%u", tag, at, v);
    else
      snprintf(b, sizeof b, "%%%s%u", tag, at);
    int32_t x = internC(lx, b);
    if (x < 0)
      return -1;
    bool clash = false;
    for (unsigned i = 0; i < n && !clash; ++i)
      clash = cs[i] != NONE && freeHas(lx, find(lx, cs[i]), x);
    if (!clash)
      return x;
  }
}

typedef uint32_t (*RhsFn)(Lx *lx, const LxMatch *m);

struct RuleDef {
  const char *name;
  const char *lhs;
  RhsFn rhs;
};

#define NAMED (lx->binding == ARI_LX_NAMES)

static uint32_t rhsBeta(Lx *lx, const LxMatch *m) {
  return mkSubst(lx, m->v[0], NAMED ? m->b[0] : 0, m->v[1]);
}

static uint32_t rhsEta(Lx *lx, const LxMatch *m) {
  uint32_t f = find(lx, m->v[0]);
  if (NAMED)
    return freeHas(lx, f, m->b[0]) ? NONE : f;
  return freeHas(lx, f, 0) ? NONE : mkShift(lx, f, -1, 0);
}

static uint32_t rhsMapFusion(Lx *lx, const LxMatch *m) {
  uint32_t f = m->v[0], g = m->v[1], arg = m->v[2], mapc = mkSym(lx, "map");
  uint32_t body;
  int32_t z = 0;
  if (NAMED) {
    uint32_t cs[2] = {f, g};
    z = freshFor(lx, "fu", find(lx, m->root), cs, 2);
    if (z < 0)
      return NONE;
    body = mkApp(lx, f, mkApp(lx, g, mkVar(lx, z)));
  } else {
    body = mkApp(lx, mkShift(lx, f, 1, 0), mkApp(lx, mkShift(lx, g, 1, 0), mkVar(lx, 0)));
  }
  return mkApp(lx, mkApp(lx, mapc, mkLam(lx, z, body)), arg);
}

static uint32_t rhsMapFission(Lx *lx, const LxMatch *m) {
  uint32_t f = find(lx, m->v[0]), gx = m->v[1], mapc = mkSym(lx, "map");
  if (NAMED) {
    int32_t x = m->b[0];
    if (freeHas(lx, f, x))
      return NONE;
    uint32_t cs[2] = {f, gx};
    int32_t y = freshFor(lx, "fi", find(lx, m->root), cs, 2);
    if (y < 0)
      return NONE;
    if (y == x) /* cannot happen: fresh names start with % */
      return NONE;
    uint32_t inner = mkApp(lx, mkApp(lx, mapc, mkLam(lx, x, gx)), mkVar(lx, y));
    return mkLam(lx, y, mkApp(lx, mkApp(lx, mapc, f), inner));
  }
  if (freeHas(lx, f, 0))
    return NONE;
  uint32_t inner = mkApp(lx, mkApp(lx, mapc, mkLam(lx, -1, mkShift(lx, gx, 1, 1))), mkVar(lx, 0));
  return mkLam(lx, -1, mkApp(lx, mkApp(lx, mapc, f), inner));
}

static uint32_t rhsTransposePair(Lx *lx, const LxMatch *m) { return find(lx, m->v[0]); }

static uint32_t slideOf(Lx *lx, uint32_t sz, uint32_t sp) {
  return mkApp(lx, mkApp(lx, mkSym(lx, "slide"), sz), sp);
}

static uint32_t rhsSlideBeforeMap(Lx *lx, const LxMatch *m) {
  uint32_t mapc = mkSym(lx, "map");
  return mkApp(lx, mkApp(lx, mapc, mkApp(lx, mapc, m->v[2])),
               mkApp(lx, slideOf(lx, m->v[0], m->v[1]), m->v[3]));
}

static uint32_t rhsSlideBeforeMapMapF(Lx *lx, const LxMatch *m) {
  uint32_t mapc = mkSym(lx, "map");
  return mkApp(lx, slideOf(lx, m->v[1], m->v[2]), mkApp(lx, mkApp(lx, mapc, m->v[0]), m->v[3]));
}

static uint32_t rhsMapSlideBeforeTranspose(Lx *lx, const LxMatch *m) {
  uint32_t mapc = mkSym(lx, "map"), tr = mkSym(lx, "transpose");
  return mkApp(lx, mkApp(lx, mapc, tr),
               mkApp(lx, slideOf(lx, m->v[0], m->v[1]), mkApp(lx, tr, m->v[2])));
}

/* dot a b = reduce add 0 (map (λmt. mul (fst mt) (snd mt)) (zip a b)). */
static uint32_t mkDot(Lx *lx, uint32_t a, uint32_t b) {
  int32_t mt = internC(lx, "mt");
  int32_t v = NAMED ? mt : 0;
  uint32_t fstc = mkApp(lx, mkSym(lx, "fst"), mkVar(lx, v));
  uint32_t sndc = mkApp(lx, mkSym(lx, "snd"), mkVar(lx, v));
  uint32_t mulT = mkLam(lx, mt, mkApp(lx, mkApp(lx, mkSym(lx, "mul"), fstc), sndc));
  uint32_t red = mkApp(lx, mkApp(lx, mkSym(lx, "reduce"), mkSym(lx, "add")), mkSym(lx, "0"));
  uint32_t zipped = mkApp(lx, mkApp(lx, mkSym(lx, "zip"), a), b);
  return mkApp(lx, red, mkApp(lx, mkApp(lx, mkSym(lx, "map"), mulT), zipped));
}

/* dot (join w2d) (join nbh) = dot outer (map (λx. dot inner x) nbh). */
static uint32_t separated(Lx *lx, const LxMatch *m, const char *outer, const char *inner) {
  int32_t x = internC(lx, "x");
  uint32_t dotInner = mkLam(lx, x, mkDot(lx, mkSym(lx, inner), mkVar(lx, NAMED ? x : 0)));
  uint32_t mapped = mkApp(lx, mkApp(lx, mkSym(lx, "map"), dotInner), m->v[0]);
  return mkDot(lx, mkSym(lx, outer), mapped);
}

static uint32_t rhsSeparateVH(Lx *lx, const LxMatch *m) {
  return separated(lx, m, "weightsV", "weightsH");
}
static uint32_t rhsSeparateHV(Lx *lx, const LxMatch *m) {
  return separated(lx, m, "weightsH", "weightsV");
}

#define DOT_LHS(A, B)                                                                             \
  "(app (app (app reduce add) 0) (app (app map (lam ?m (app (app mul (app fst (var ?m))) (app "  \
  "snd (var ?m))))) (app (app zip " A ") " B ")))"

static const RuleDef kRules[] = {
    {"beta", "(app (lam ?x ?body) ?e)", rhsBeta},
    {"eta", "(lam ?x (app ?f (var ?x)))", rhsEta},
    {"map-fusion", "(app (app map ?f) (app (app map ?g) ?arg))", rhsMapFusion},
    {"map-fission", "(app map (lam ?x (app ?f ?gx)))", rhsMapFission},
    {"remove-transpose-pair", "(app transpose (app transpose ?x))", rhsTransposePair},
    {"slide-before-map", "(app (app (app slide ?sz) ?sp) (app (app map ?f) ?x))",
     rhsSlideBeforeMap},
    {"slide-before-map-map-f", "(app (app map (app map ?f)) (app (app (app slide ?sz) ?sp) ?x))",
     rhsSlideBeforeMapMapF},
    {"map-slide-before-transpose",
     "(app transpose (app (app map (app (app slide ?sz) ?sp)) ?y))", rhsMapSlideBeforeTranspose},
    {"separate-dot-vh", DOT_LHS("(app join weights2d)", "(app join ?nbh)"), rhsSeparateVH},
    {"separate-dot-hv", DOT_LHS("(app join weights2d)", "(app join (app transpose ?nbh))"),
     rhsSeparateHV},
};

size_t ariLxRuleCount(void) { return sizeof kRules / sizeof kRules[0]; }
const char *ariLxRuleName(size_t i) { return i < ariLxRuleCount() ? kRules[i].name : NULL; }

/*=== Matching ===========================================================*/

typedef struct {
  Lx *lx;
  const Pattern *pat;
  LxMatch cur;
  bool bound[MAX_PVARS];
} MState;

/* Sets lx->limit when a limit of the run is exceeded; true if one is. */
static bool overLimit(Lx *lx) {
  const AriLxOpts *o = lx->opts;
  size_t b = lxBytes(lx);
  if (b > lx->peakBytes)
    lx->peakBytes = b;
  if (o->maxNodes && lx->live > o->maxNodes)
    lx->limit = ARI_EG_STOP_NODES;
  else if (o->maxBytes && b > o->maxBytes)
    lx->limit = ARI_EG_STOP_MEMORY;
  else if (o->maxSeconds && lx->clk(o->clockCtx) - lx->t0 > o->maxSeconds)
    lx->limit = ARI_EG_STOP_TIME;
  return lx->limit != ARI_EG_STOP_SATURATED;
}

/* Records a match; false (stopping the collection) at a limit or OOM. */
static bool pushMatch(Lx *lx, const LxMatch *m) {
  if (!grow((void **)&lx->matches, &lx->matchesCap, lx->nmatches + 1, sizeof(LxMatch)))
    return oom(lx);
  lx->matches[lx->nmatches++] = *m;
  return (lx->nmatches & 4095) || !overLimit(lx);
}

/* Matches the obligations todo[0..n) (pattern node, class) in order. */
static bool mrun(MState *st, const uint32_t *tp, const uint32_t *tc, unsigned n) {
  Lx *lx = st->lx;
  if (lx->failed)
    return false;
  if (!n)
    return pushMatch(lx, &st->cur);
  uint32_t np[MAX_PNODES + 2], nc[MAX_PNODES + 2];
  const PNode *p = &st->pat->n[tp[0]];
  uint32_t c = find(lx, tc[0]);
  if (p->kind == P_VAR) {
    if (st->bound[p->slot])
      return find(lx, st->cur.v[p->slot]) == c ? mrun(st, tp + 1, tc + 1, n - 1) : true;
    st->bound[p->slot] = true;
    st->cur.v[p->slot] = c;
    bool ok = mrun(st, tp + 1, tc + 1, n - 1);
    st->bound[p->slot] = false;
    return ok;
  }
  const Vec *ns = &lx->cnodes[c];
  uint32_t kind = p->kind == P_SYM ? K_SYM : p->kind == P_APP ? K_APP : p->kind == P_LAM ? K_LAM : K_VAR;
  bool named = lx->binding == ARI_LX_NAMES;
  for (uint32_t i = 0; i < ns->n; ++i) {
    uint32_t id = ns->v[i];
    const LxNode *e = &lx->en[id];
    if (lx->dead[id] || e->kind != kind)
      continue;
    unsigned m = 0;
    switch (p->kind) {
    case P_SYM:
      if (e->a != p->a)
        continue;
      break;
    case P_BVAR:
      if (named ? e->a != st->cur.b[p->slot] : e->a != p->a)
        continue;
      break;
    case P_LAM:
      st->cur.b[p->slot] = e->a;
      np[m] = p->k[0];
      nc[m++] = e->k[0];
      break;
    case P_APP:
      np[m] = p->k[0];
      nc[m++] = e->k[0];
      np[m] = p->k[1];
      nc[m++] = e->k[1];
      break;
    default:
      break;
    }
    memcpy(np + m, tp + 1, (n - 1) * 4);
    memcpy(nc + m, tc + 1, (n - 1) * 4);
    if (!mrun(st, np, nc, m + n - 1))
      return false;
    if (p->kind == P_SYM || p->kind == P_BVAR)
      break; /* one such node per class suffices: the rest would repeat the match */
  }
  return true;
}

static bool collectRule(Lx *lx, size_t r, uint32_t c) {
  MState st;
  memset(&st, 0, sizeof st);
  st.lx = lx;
  st.pat = &lx->pats[r];
  st.cur.rule = (uint16_t)r;
  st.cur.root = c;
  uint32_t p0 = 0;
  return mrun(&st, &p0, &c, 1);
}

/* Explicit substitution: every subst/shift node against every node of its
 * body's class. */
static bool collectExplicit(Lx *lx, uint32_t c) {
  const Vec *ns = &lx->cnodes[c];
  for (uint32_t i = 0; i < ns->n; ++i) {
    uint32_t id = ns->v[i];
    const LxNode *e = &lx->en[id];
    if (lx->dead[id] || (e->kind != K_SUBST && e->kind != K_SHIFT))
      continue;
    const Vec *bs = &lx->cnodes[find(lx, e->k[0])];
    for (uint32_t j = 0; j < bs->n; ++j) {
      uint32_t bid = bs->v[j];
      uint32_t bk = lx->en[bid].kind;
      if (lx->dead[bid] || bk == K_SUBST || bk == K_SHIFT)
        continue;
      LxMatch m;
      memset(&m, 0, sizeof m);
      m.rule = e->kind == K_SUBST ? RULE_SUBST : RULE_SHIFT;
      m.root = c;
      m.v[0] = id;
      m.v[1] = bid;
      if (!pushMatch(lx, &m))
        return false;
    }
  }
  return true;
}

/* The small steps of explicit substitution (named: egg's lambda example;
 * De Bruijn: the lambda-s calculus's sigma/phi transitions and
 * destructions). */
static uint32_t applyExplicit(Lx *lx, const LxMatch *m) {
  LxNode s = lx->en[m->v[0]], b = lx->en[m->v[1]];
  uint32_t body = find(lx, s.k[0]);
  bool db = lx->binding == ARI_LX_DE_BRUIJN;
  if (m->rule == RULE_SHIFT) {
    int32_t d = s.a, k = s.b;
    switch (b.kind) {
    case K_VAR:
      return b.a >= k ? (b.a + d < 0 ? NONE : mkVar(lx, b.a + d)) : body;
    case K_APP:
      return mkApp(lx, mkShift(lx, b.k[0], d, k), mkShift(lx, b.k[1], d, k));
    case K_LAM:
      return mkLam(lx, -1, mkShift(lx, b.k[0], d, k + 1));
    default:
      return body;
    }
  }
  int32_t x = s.a;
  uint32_t v = s.k[1];
  switch (b.kind) {
  case K_VAR:
    if (db)
      return b.a > x ? mkVar(lx, b.a - 1) : b.a == x ? mkShift(lx, v, x, 0) : body;
    return b.a == x ? find(lx, v) : body;
  case K_APP:
    return mkApp(lx, mkSubst(lx, b.k[0], x, v), mkSubst(lx, b.k[1], x, v));
  case K_LAM: {
    if (db)
      return mkLam(lx, -1, mkSubst(lx, b.k[0], x + 1, v));
    if (b.a == x)
      return body;
    if (!freeHas(lx, find(lx, v), b.a))
      return mkLam(lx, b.a, mkSubst(lx, b.k[0], x, v));
    uint32_t cs[2] = {v, b.k[0]};
    int32_t z = freshFor(lx, "ca", find(lx, m->root), cs, 2);
    if (z < 0 || z == x)
      return NONE;
    uint32_t renamed = mkSubst(lx, b.k[0], b.a, mkVar(lx, z));
    return mkLam(lx, z, mkSubst(lx, renamed, x, v));
  }
  default:
    return body;
  }
}

/*=== The runner =========================================================*/

static double monotonicNow(void *ctx) {
  (void)ctx;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void lxFree(Lx *lx) {
  for (size_t i = 0; i < lx->nsyms; ++i)
    free(lx->syms[i]);
  free(lx->syms);
  free(lx->symHash);
  free(lx->tn);
  free(lx->tHash);
  free(lx->tClass);
  free(lx->en);
  free(lx->enClass);
  free(lx->dead);
  free(lx->hc);
  for (size_t c = 0; c < lx->ncls; ++c) {
    free(lx->cnodes[c].v);
    free(lx->cparents[c].v);
  }
  free(lx->uf);
  free(lx->cnodes);
  free(lx->cparents);
  free(lx->freeOff);
  free(lx->freeLen);
  free(lx->bestSize);
  free(lx->bestNode);
  free(lx->xTerm);
  free(lx->xEpoch);
  free(lx->pool);
  free(lx->work.v);
  free(lx->apend.v);
  free(lx->scratch);
  free(lx->scratch2);
  free(lx->matches);
}

static size_t numClasses(Lx *lx) {
  size_t n = 0;
  for (size_t c = 0; c < lx->ncls; ++c)
    n += lx->uf[c] == c;
  return n;
}

static bool goalReached(Lx *lx, uint32_t root, uint32_t goalDB) {
  if (lx->binding == ARI_LX_DE_BRUIJN) {
    uint32_t g = lookupTerm(lx, goalDB, 0);
    return g != NONE && g == find(lx, root);
  }
  int32_t names[256];
  size_t budget = 2000000;
  return alphaMatch(lx, goalDB, root, names, 0, &budget);
}

bool ariLxRunTerms(const char *start, const char *goal, const char *const *rules, size_t nrules,
                   const AriLxOpts *o, AriLxReport *rep) {
  memset(rep, 0, sizeof *rep);
  rep->stop = ARI_EG_STOP_ERROR;
  Lx lxs;
  memset(&lxs, 0, sizeof lxs);
  Lx *lx = &lxs;
  lx->subst = o->subst;
  lx->binding = o->binding;
  lx->err = rep->error;
  lx->errCap = sizeof rep->error;
  lx->opts = o;
  lx->clk = o->clock ? o->clock : monotonicNow;
  lx->t0 = lx->clk(o->clockCtx);
  lx->limit = ARI_EG_STOP_SATURATED;
  bool ok = false;

  if (nrules > sizeof lx->rules / sizeof lx->rules[0]) {
    setErr(lx, "too many rules");
    goto done;
  }
  for (size_t r = 0; r < nrules; ++r) {
    const RuleDef *d = NULL;
    for (size_t i = 0; i < ariLxRuleCount() && !d; ++i)
      if (rules[r] && !strcmp(rules[r], kRules[i].name))
        d = &kRules[i];
    if (!d) {
      setErr(lx, "unknown rule '%s'", rules[r] ? rules[r] : "(null)");
      goto done;
    }
    PParser q;
    memset(&q, 0, sizeof q);
    q.p.lx = lx;
    q.p.s = d->lhs;
    q.p.what = d->name;
    q.pat = &lx->pats[r];
    memset(q.pat, 0, sizeof *q.pat);
    if (patNode(&q, 0) < 0)
      goto done;
    lx->rules[r] = d;
  }
  lx->nrules = nrules;

  uint32_t st = parseWhole(lx, start, "start");
  uint32_t gl = st == NONE ? NONE : parseWhole(lx, goal, "goal");
  if (gl == NONE)
    goto done;
  int32_t names[MAX_DEPTH];
  uint32_t gdb = tToDB(lx, gl, names, 0, 0);
  if (gdb == NONE)
    goto done;
  if (lx->binding == ARI_LX_DE_BRUIJN && (st = tToDB(lx, st, names, 0, 0)) == NONE)
    goto done;
  if (lx->binding == ARI_LX_NAMES && tToDB(lx, st, names, 0, 0) == NONE)
    goto done; /* the start must be closed too */
  uint32_t root = addTerm(lx, st, 0);
  if (root == NONE || !rebuild(lx))
    goto done;

  rep->stop = ARI_EG_STOP_SATURATED;
  for (;;) {
    if (goalReached(lx, root, gdb)) {
      rep->found = true;
      rep->stop = ARI_EG_STOP_GOAL;
      break;
    }
    if (o->maxIterations && rep->iterations >= o->maxIterations) {
      rep->stop = ARI_EG_STOP_ITERATIONS;
      break;
    }
    /* collect every match first (the graph does not change meanwhile) */
    lx->nmatches = 0;
    size_t ncls = lx->ncls;
    for (uint32_t c = 0; c < ncls && !lx->failed && lx->limit == ARI_EG_STOP_SATURATED; ++c) {
      if (lx->uf[c] != c)
        continue;
      for (size_t r = 0; r < lx->nrules && !lx->failed && lx->limit == ARI_EG_STOP_SATURATED; ++r)
        collectRule(lx, r, c);
      if (lx->subst == ARI_LX_EXPLICIT && lx->limit == ARI_EG_STOP_SATURATED)
        collectExplicit(lx, c);
    }
    if (lx->failed)
      goto done;
    if (lx->limit != ARI_EG_STOP_SATURATED) { /* the graph is still rebuilt */
      rep->stop = lx->limit;
      break;
    }
    size_t nodes0 = lx->nen, merges0 = lx->merges;
    for (size_t i = 0; i < lx->nmatches; ++i) {
      const LxMatch *m = &lx->matches[i];
      uint32_t r = m->rule >= RULE_SHIFT ? applyExplicit(lx, m) : lx->rules[m->rule]->rhs(lx, m);
      if (lx->failed)
        goto done;
      rep->matches++;
      bool changed = false;
      if (r != NONE && !merge(lx, m->root, r, &changed))
        goto done;
      if (changed)
        rep->applied++;
      if (((i & 63) == 63 || i + 1 == lx->nmatches) && overLimit(lx))
        break;
    }
    double r0 = lx->clk(o->clockCtx);
    if (!rebuild(lx))
      goto done;
    rep->rebuildSeconds += lx->clk(o->clockCtx) - r0;
    rep->iterations++;
    if (lx->limit != ARI_EG_STOP_SATURATED) {
      rep->found = goalReached(lx, root, gdb);
      rep->stop = rep->found ? ARI_EG_STOP_GOAL : lx->limit;
      break;
    }
    if (lx->nen == nodes0 && lx->merges == merges0) {
      rep->found = goalReached(lx, root, gdb);
      rep->stop = rep->found ? ARI_EG_STOP_GOAL : ARI_EG_STOP_SATURATED;
      break;
    }
    if (overLimit(lx)) {
      rep->stop = lx->limit;
      rep->found = goalReached(lx, root, gdb);
      if (rep->found)
        rep->stop = ARI_EG_STOP_GOAL;
      break;
    }
  }
  ok = true;
done:
  if (!ok) {
    rep->stop = ARI_EG_STOP_ERROR;
    if (!rep->error[0])
      snprintf(rep->error, sizeof rep->error, "internal error");
  }
  rep->nodes = lx->live;
  rep->classes = lx->uf ? numClasses(lx) : 0;
  rep->bytes = lxBytes(lx);
  rep->peakBytes = lx->peakBytes > rep->bytes ? lx->peakBytes : rep->bytes;
  rep->seconds = lx->clk(o->clockCtx) - lx->t0;
  lxFree(lx);
  return ok;
}

bool ariLxRun(AriLxProblem p, const AriLxOpts *o, AriLxReport *rep) {
  const char *const *rs = ariLxProblemRules(p);
  size_t n = 0;
  while (rs[n])
    ++n;
  return ariLxRunTerms(ariLxProblemStart(p), ariLxProblemGoal(p), rs, n, o, rep);
}
