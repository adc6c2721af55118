/*===- search/sample/sample.c - random schedules of a program -------------===*\
 *
 * See sample.h. A step works on the distinct subterms of the current roots
 * (the store's DAG, not the tree, so that a shared value is one position),
 * shuffles them, and rewrites the first where the drawn rule applies:
 * uniform over the positions without trying the rule at all of them.
 *
\*===----------------------------------------------------------------------===*/

#include "search/sample/sample.h"

#include "utils/arena.h"
#include "utils/hash.h"

#include <string.h>

/* The rules a step draws from, by family. `nat` natural parameters drawn
 * from kTiles (kWidths for startVectorization); `addr`: one address space. */
typedef struct {
  const char *name;
  unsigned family;
  unsigned nat;
  bool addr;
} PoolRule;

static const PoolRule kPool[] = {
    {"splitJoin", ARI_SAMPLE_TILING, 1, false},
    {"tileReduce", ARI_SAMPLE_TILING, 1, false},
    {"tileMaps", ARI_SAMPLE_TILING, 2, false},
    {"mapMapInterchange", ARI_SAMPLE_INTERCHANGE, 0, false},
    {"mapReduceInterchange", ARI_SAMPLE_INTERCHANGE, 0, false},
    {"mapReduceInterchangeAcc", ARI_SAMPLE_INTERCHANGE, 0, false},
    {"reduceMapInterchange", ARI_SAMPLE_INTERCHANGE, 0, false},
    {"mapFusion", ARI_SAMPLE_FUSION, 0, false},
    {"reduceMapFusion", ARI_SAMPLE_FUSION, 0, false},
    {"reduceSeqMapFusion", ARI_SAMPLE_FUSION, 0, false},
    {"mapFissionDeep", ARI_SAMPLE_FUSION, 0, false},
    {"fissionReduceMap", ARI_SAMPLE_FUSION, 0, false},
    {"startVectorization", ARI_SAMPLE_VECTOR, 1, false},
    {"toMem", ARI_SAMPLE_STORAGE, 0, true},
    {"mapSeq", ARI_SAMPLE_LOWERING, 0, false},
    {"mapPar", ARI_SAMPLE_LOWERING, 0, false},
    {"mapUnroll", ARI_SAMPLE_LOWERING, 0, false},
    {"reduceSeq", ARI_SAMPLE_LOWERING, 0, false},
    {"reduceSeqUnroll", ARI_SAMPLE_LOWERING, 0, false},
};
enum { NPOOL = sizeof kPool / sizeof kPool[0], NFAMILIES = 6 };

/* A tiling rule's tail counterpart (docs/rules.md), tried at a position
 * where the tile does not divide: `splitJoin(p) <+ padSplitJoin(p)`. It
 * takes the same parameters and draws nothing, so a program whose sizes the
 * tiles divide samples as before. */
static const char *const kTail[][2] = {
    {"splitJoin", "padSplitJoin"}, {"tileMaps", "padTileMaps"}, {"tileReduce", "peelReduce"}};
enum { NTAIL = sizeof kTail / sizeof kTail[0] };

/* What moves an `as_vector` into the computation below it. */
static const char *const kVectorize[] = {"vectorizeBeforeMap", "vectorizeBeforeMapReduce",
                                         "vectorizeBeforeMapZipReduce", "vectorizeBeforeMapZip"};
enum { NVECTORIZE = sizeof kVectorize / sizeof kVectorize[0] };

static const int64_t kTiles[] = {2, 3, 4, 5, 8, 16, 32, 64};
static const int64_t kWidths[] = {4, 8, 16};

const char *ariSampleFamilyName(unsigned family) {
  switch (family) {
  case ARI_SAMPLE_TILING: return "tiling";
  case ARI_SAMPLE_INTERCHANGE: return "interchange";
  case ARI_SAMPLE_FUSION: return "fusion";
  case ARI_SAMPLE_VECTOR: return "vectorisation";
  case ARI_SAMPLE_STORAGE: return "storage";
  case ARI_SAMPLE_LOWERING: return "lowering";
  default: return "?";
  }
}

unsigned ariSampleRuleFamily(const AriRuleInst *r) {
  const char *name = ariRuleInfo(r->id) ? ariRuleInfo(r->id)->name : "";
  for (unsigned i = 0; i < NPOOL; ++i)
    if (!strcmp(kPool[i].name, name))
      return kPool[i].family;
  for (unsigned i = 0; i < NTAIL; ++i)
    if (!strcmp(kTail[i][1], name))
      return ARI_SAMPLE_TILING;
  for (unsigned i = 0; i < NVECTORIZE; ++i)
    if (!strcmp(kVectorize[i], name))
      return ARI_SAMPLE_VECTOR;
  return 0;
}

typedef struct {
  AriTermStore *s;
  AriArena tmp; /* per step: node lists and memo tables */
  uint64_t rng;
  /* the distinct subterms of the current roots, and a memo by term id */
  AriTerm **nodes;
  unsigned nnodes;
  AriTerm **memo;
  uint8_t *seen;
  uint32_t nids;
  bool failed; /* the store ran out of memory */
} Sampler;

static uint64_t next(Sampler *m) { return ariHashSplitMix64(&m->rng); }

static unsigned below(Sampler *m, unsigned n) { return (unsigned)(next(m) % n); }

static bool outOfMemory(AriTermStore *s) {
  return !strncmp(ariTermStoreError(s), "out of memory", 13);
}

/* Lists the distinct subterms of the roots (iteratively: terms may be
 * deeper than the C stack allows). */
static bool collect(Sampler *m, const AriTermRoot *roots, unsigned nroots) {
  m->nids = (uint32_t)ariTermStoreNumTerms(m->s);
  m->seen = ariArenaCalloc(&m->tmp, m->nids + 1);
  m->memo = ariArenaCalloc(&m->tmp, (m->nids + 1) * sizeof *m->memo);
  m->nodes = ariArenaAlloc(&m->tmp, (m->nids + 1) * sizeof *m->nodes);
  AriTerm **stack = ariArenaAlloc(&m->tmp, (m->nids + 1) * sizeof *stack);
  if (!m->seen || !m->memo || !m->nodes || !stack)
    return false;
  m->nnodes = 0;
  unsigned sp = 0;
  for (unsigned r = 0; r < nroots; ++r) {
    AriTerm *t = roots[r].value;
    if (!m->seen[ariTermId(t)]) {
      m->seen[ariTermId(t)] = 1;
      stack[sp++] = t;
    }
    while (sp) {
      AriTerm *u = stack[--sp];
      m->nodes[m->nnodes++] = u;
      for (unsigned i = 0; i < ariTermNumKids(u); ++i) {
        AriTerm *k = ariTermKid(u, i);
        if (!m->seen[ariTermId(k)]) {
          m->seen[ariTermId(k)] = 1;
          stack[sp++] = k;
        }
      }
    }
  }
  return true;
}

/* t with every occurrence of `from` replaced by `to`; NULL when a context
 * refuses the result (or out of memory: m->failed). */
static AriTerm *replace(Sampler *m, AriTerm *t, AriTerm *from, AriTerm *to, unsigned depth) {
  if (t == from)
    return to;
  uint32_t id = ariTermId(t);
  if (id < m->nids && m->memo[id])
    return m->memo[id];
  if (depth > 4000)
    return NULL;
  unsigned n = ariTermNumKids(t);
  AriTerm *kids[64];
  bool changed = false;
  if (n > 64)
    return NULL;
  for (unsigned i = 0; i < n; ++i) {
    AriTerm *k = ariTermKid(t, i);
    kids[i] = replace(m, k, from, to, depth + 1);
    if (!kids[i])
      return NULL;
    changed |= kids[i] != k;
  }
  AriTerm *r = changed ? ariTermRebuild(m->s, t, kids) : t;
  if (!r) {
    if (outOfMemory(m->s))
      m->failed = true;
    else
      ariTermStoreClearError(m->s);
    return NULL;
  }
  if (id < m->nids)
    m->memo[id] = r;
  return r;
}

/* Binds pool rule p with random parameters. */
static bool draw(Sampler *m, const PoolRule *p, AriRuleInst *out) {
  int id = ariRuleFind(p->name, strlen(p->name));
  if (id < 0)
    return false;
  AriRuleArg args[2];
  size_t nargs = 0;
  bool vector = p->family == ARI_SAMPLE_VECTOR;
  for (unsigned i = 0; i < p->nat; ++i)
    args[nargs++] = (AriRuleArg){false,
                                 vector ? kWidths[below(m, sizeof kWidths / sizeof kWidths[0])]
                                        : kTiles[below(m, sizeof kTiles / sizeof kTiles[0])],
                                 NULL};
  if (p->addr)
    args[nargs++] = (AriRuleArg){true, 0, below(m, 2) ? "global" : "private"};
  char err[128];
  return ariRuleBind((size_t)id, args, nargs, out, err, sizeof err);
}

/* Whether t is an array of scalars or vectors (nested arrays allowed):
 * what vectorisation applies to and what storage the lowering can place
 * (the lowering stores an array of pairs as a pair of buffers, but not
 * an array of arrays of pairs; the sampler keeps to plain arrays). */
static bool plainArray(const AriTerm *t) {
  const AriType *ty = ariTermType(t);
  if (ariTypeKind(ty) != ARI_TYPE_ARRAY)
    return false;
  while (ariTypeKind(ty) == ARI_TYPE_ARRAY)
    ty = ariTypeElem(ty);
  return ariTypeKind(ty) != ARI_TYPE_PAIR;
}

/* Whether r unrolls a loop in full. */
static bool unrolls(const AriRuleInst *r) {
  const char *name = ariRuleInfo(r->id) ? ariRuleInfo(r->id)->name : "";
  return !strcmp(name, "mapUnroll") || !strcmp(name, "reduceSeqUnroll");
}

/* The trip count a map or reduce at t would unroll (its array's length);
 * 0 for other terms. */
static int64_t unrolledExtent(const AriTerm *t) {
  AriTermKind k = ariTermKind(t);
  unsigned xs = k == ARI_TERM_MAP ? 1 : k == ARI_TERM_REDUCE ? 2 : 0;
  if (!xs || ariTermNumKids(t) <= xs)
    return 0;
  const AriType *ty = ariTermType(ariTermKid(t, xs));
  return ariTypeKind(ty) == ARI_TYPE_ARRAY ? ariTypeSize(ty) : 0;
}

/* r's tail counterpart with r's parameters (kTail); false if none. */
static bool tailOf(const AriRuleInst *r, AriRuleInst *out) {
  const char *name = ariRuleInfo(r->id) ? ariRuleInfo(r->id)->name : "";
  for (unsigned i = 0; i < NTAIL; ++i)
    if (!strcmp(kTail[i][0], name)) {
      int id = ariRuleFind(kTail[i][1], strlen(kTail[i][1]));
      if (id < 0)
        return false;
      *out = *r;
      out->id = (unsigned)id;
      return true;
    }
  return false;
}

/* Applies r at t (a tiling rule, or else its tail counterpart: *r becomes
 * the rule that fired); for startVectorization, also the first vectorize*
 * rule that moves the new as_vector down (steps[] gets it). */
static AriRuleStatus applyAt(Sampler *m, AriRuleInst *r, unsigned family, AriTerm *t,
                             AriTerm **out, AriRuleInst *second) {
  bool vector = family == ARI_SAMPLE_VECTOR;
  if ((vector || family == ARI_SAMPLE_STORAGE) && !plainArray(t))
    return ARI_RULE_NO_MATCH;
  if (unrolls(r) && unrolledExtent(t) > ARI_SAMPLE_MAX_UNROLL)
    return ARI_RULE_NO_MATCH;
  AriRuleStatus st = ariRuleApply(r, m->s, t, out);
  AriRuleInst tail;
  if (st == ARI_RULE_NO_MATCH && family == ARI_SAMPLE_TILING && tailOf(r, &tail)) {
    st = ariRuleApply(&tail, m->s, t, out);
    if (st == ARI_RULE_APPLIED)
      *r = tail;
  }
  if (st != ARI_RULE_APPLIED || !vector)
    return st;
  AriTerm *av = ariTermKid(*out, 0); /* as_scalar (as_vector v t) */
  for (unsigned i = 0; i < NVECTORIZE; ++i) {
    int id = ariRuleFind(kVectorize[i], strlen(kVectorize[i]));
    char err[64];
    AriRuleInst vi;
    AriTerm *nav;
    if (id < 0 || !ariRuleBind((size_t)id, NULL, 0, &vi, err, sizeof err))
      continue;
    st = ariRuleApply(&vi, m->s, av, &nav);
    if (st == ARI_RULE_ERROR)
      return st;
    if (st == ARI_RULE_APPLIED) {
      *out = ariTermRebuild(m->s, *out, &nav);
      if (!*out)
        return outOfMemory(m->s) ? ARI_RULE_ERROR : ARI_RULE_NO_MATCH;
      *second = vi;
      return ARI_RULE_APPLIED;
    }
  }
  return ARI_RULE_NO_MATCH; /* a lone as_scalar(as_vector x) changes nothing */
}

/* One step on roots[0..nroots): true when a rule fired (recorded in
 * v->steps). */
static bool step(Sampler *m, unsigned families, AriTermRoot *roots, unsigned nroots,
                 AriSampleVariant *v) {
  unsigned fam[NFAMILIES], nfam = 0;
  for (unsigned b = 0; b < NFAMILIES; ++b)
    if (families & (1u << b))
      fam[nfam++] = 1u << b;
  if (!nfam)
    return false;
  unsigned f = fam[below(m, nfam)];
  const PoolRule *cand[NPOOL];
  unsigned nc = 0;
  for (unsigned i = 0; i < NPOOL; ++i)
    if (kPool[i].family == f)
      cand[nc++] = &kPool[i];
  const PoolRule *p = cand[below(m, nc)];
  AriRuleInst r;
  if (!draw(m, p, &r))
    return false;
  AriArenaMark mark = ariArenaMark(&m->tmp);
  bool fired = false;
  if (!collect(m, roots, nroots)) {
    m->failed = true;
    goto done;
  }
  /* Fisher-Yates: positions in random order, the first that applies */
  for (unsigned i = m->nnodes; i > 1; --i) {
    unsigned j = below(m, i);
    AriTerm *x = m->nodes[i - 1];
    m->nodes[i - 1] = m->nodes[j];
    m->nodes[j] = x;
  }
  bool vector = p->family == ARI_SAMPLE_VECTOR;
  for (unsigned i = 0; i < m->nnodes && !fired; ++i) {
    AriTerm *t = m->nodes[i], *res;
    AriRuleInst second, used = r;
    AriRuleStatus st = applyAt(m, &used, p->family, t, &res, &second);
    if (st == ARI_RULE_ERROR) {
      m->failed = true;
      break;
    }
    if (st != ARI_RULE_APPLIED)
      continue;
    AriTerm *nv[64];
    bool ok = nroots <= 64;
    for (unsigned k = 0; ok && k < nroots; ++k) {
      AriTerm *rk = replace(m, roots[k].value, t, res, 0);
      nv[k] = rk ? ariTermBetaNormalize(m->s, rk) : NULL;
      ok = nv[k] != NULL;
    }
    if (!ok) {
      if (m->failed || outOfMemory(m->s)) {
        m->failed = true;
        break;
      }
      ariTermStoreClearError(m->s);
      continue;
    }
    for (unsigned k = 0; k < nroots; ++k)
      roots[k].value = nv[k];
    if (v->numSteps < ARI_SAMPLE_MAX_STEPS)
      v->steps[v->numSteps++] = used;
    if (vector && v->numSteps < ARI_SAMPLE_MAX_STEPS)
      v->steps[v->numSteps++] = second;
    fired = true;
  }
done:
  ariArenaRelease(&m->tmp, mark);
  return fired;
}

static bool sameRoots(const AriTermRoot *a, const AriTermRoot *b, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    if (a[i].value != b[i].value)
      return false;
  return true;
}

AriSampleStop ariSampleVariants(AriTermStore *s, AriArena *arena, const AriTermFunc *f,
                                const AriSampleOptions *opts, AriSampleVariant *out, unsigned n,
                                unsigned *count) {
  *count = 0;
  AriSampleOptions o = opts ? *opts : (AriSampleOptions){0};
  if (!o.maxSteps)
    o.maxSteps = 8;
  if (o.maxSteps > ARI_SAMPLE_MAX_STEPS / 2)
    o.maxSteps = ARI_SAMPLE_MAX_STEPS / 2; /* a vector step records two rules */
  if (!o.families)
    o.families = ARI_SAMPLE_ALL;
  uint64_t maxDraws = o.maxDraws ? o.maxDraws : 400ull * (n ? n : 1);
  Sampler m = {.s = s, .rng = o.seed * 0x2545f4914f6cdd1dull + 1};
  ariArenaInit(&m.tmp, 0);
  AriSampleStop stop = ARI_SAMPLE_EXHAUSTED;
  uint64_t draws = 0;
  while (*count < n) {
    if (draws >= maxDraws)
      break;
    AriSampleVariant *v = &out[*count];
    memset(v, 0, sizeof *v);
    v->func = *f;
    v->func.roots = ariArenaAlloc(arena, (f->numRoots + 1) * sizeof *v->func.roots);
    if (!v->func.roots) {
      stop = ARI_SAMPLE_ERROR;
      break;
    }
    memcpy(v->func.roots, f->roots, f->numRoots * sizeof *f->roots);
    unsigned want = 1 + below(&m, o.maxSteps), done = 0;
    while (done < want && draws < maxDraws && !m.failed) {
      draws++;
      done += step(&m, o.families, v->func.roots, f->numRoots, v);
    }
    if (m.failed) {
      stop = ARI_SAMPLE_ERROR;
      break;
    }
    if (!done || sameRoots(v->func.roots, f->roots, f->numRoots))
      continue;
    bool dup = false;
    for (unsigned i = 0; i < *count && !dup; ++i)
      dup = sameRoots(v->func.roots, out[i].func.roots, f->numRoots);
    if (!dup)
      ++*count;
  }
  if (*count == n)
    stop = ARI_SAMPLE_DONE;
  ariArenaDestroy(&m.tmp);
  return stop;
}
