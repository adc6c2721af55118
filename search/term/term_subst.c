/*===- search/term/term_subst.c - shifting, substitution, beta -----------------===*\
 *
 * All walks stop at subterms that cannot change (no free index at or above
 * the cutoff, or no occurrence of the substituted index), which the per-node
 * free-index facts answer in O(1); closed terms are never copied. Walks are
 * memoised on (node, binder depth) so shared subterms of a DAG are visited
 * once. Memo tables are per nesting level (substitution calls shifting) and
 * cleared in O(1) by bumping a generation stamp.
 *
\*===----------------------------------------------------------------------===*/

#include "search/term/term_impl.h"
#include "utils/hash.h"

#include <stdlib.h>
#include <string.h>

/*--- memo tables ---------------------------------------------------------*/

static Memo *memoBegin(AriTermStore *s) {
  if (s->memoDepth >= kMemoLevels) {
    s->memoDepth++;
    return NULL; /* too deep: run unmemoised */
  }
  Memo *m = &s->memo[s->memoDepth++];
  m->gen++;
  m->count = 0;
  if (m->gen == 0) { /* wrapped: really clear */
    if (m->stamps)
      memset(m->stamps, 0, m->cap * sizeof *m->stamps);
    m->gen = 1;
  }
  return m;
}

static void memoEnd(AriTermStore *s) { s->memoDepth--; }

static size_t memoSlot(uint64_t key, size_t cap) {
  return (size_t)ariHashMix64(key) & (cap - 1);
}

static AriTerm *memoGet(Memo *m, uint64_t key) {
  if (!m || !m->cap)
    return NULL;
  for (size_t i = memoSlot(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (m->stamps[i] != m->gen)
      return NULL;
    if (m->keys[i] == key)
      return m->vals[i];
  }
}

static bool memoGrow(Memo *m) {
  size_t ncap = m->cap ? m->cap * 2 : 256;
  uint64_t *nk = malloc(ncap * sizeof *nk);
  AriTerm **nv = malloc(ncap * sizeof *nv);
  uint32_t *ns = calloc(ncap, sizeof *ns);
  if (!nk || !nv || !ns) {
    free(nk);
    free(nv);
    free(ns);
    return false;
  }
  uint32_t gen = m->gen ? m->gen : 1;
  for (size_t i = 0; i < m->cap; ++i) {
    if (m->stamps[i] != m->gen)
      continue;
    size_t j = memoSlot(m->keys[i], ncap);
    while (ns[j] == gen)
      j = (j + 1) & (ncap - 1);
    ns[j] = gen;
    nk[j] = m->keys[i];
    nv[j] = m->vals[i];
  }
  free(m->keys);
  free(m->vals);
  free(m->stamps);
  m->keys = nk;
  m->vals = nv;
  m->stamps = ns;
  m->cap = ncap;
  m->gen = gen;
  return true;
}

static void memoPut(Memo *m, uint64_t key, AriTerm *v) {
  if (!m || !v)
    return;
  if ((m->count + 1) * 2 > m->cap && !memoGrow(m))
    return; /* memo is an optimisation only */
  size_t i = memoSlot(key, m->cap);
  while (m->stamps[i] == m->gen) {
    if (m->keys[i] == key) {
      m->vals[i] = v;
      return;
    }
    i = (i + 1) & (m->cap - 1);
  }
  m->stamps[i] = m->gen;
  m->keys[i] = key;
  m->vals[i] = v;
  m->count++;
}

static uint64_t key2(const AriTerm *t, uint32_t depth) { return (uint64_t)t->id << 32 | depth; }

/* Room for t's new children: `small` for the usual few, else the heap. */
static AriTerm **kidBuf(AriTermStore *s, const AriTerm *t, AriTerm **small) {
  if (t->nkids <= 8)
    return small;
  AriTerm **k = malloc(t->nkids * sizeof *k);
  return k ? k : ariTermFail(s, "out of memory");
}

/* The step the binder-aware walks below (shift, substitution,
 * abstraction) share: t rebuilt from its kids, each given to `rec` with
 * `depth` (one more under a lambda) and `nest` + 1, memoised in m under
 * (t, depth). NULL when a kid's walk fails. */
typedef AriTerm *(*WalkFn)(void *ctx, AriTerm *t, uint32_t depth, unsigned nest);

static AriTerm *walkKids(AriTermStore *s, Memo *m, AriTerm *t, uint32_t depth, unsigned nest,
                         WalkFn rec, void *ctx) {
  uint64_t key = key2(t, depth);
  AriTerm *r = memoGet(m, key);
  if (r)
    return r;
  AriTerm *small[8], **kids = kidBuf(s, t, small);
  if (!kids)
    return NULL;
  uint32_t inner = t->kind == ARI_TERM_LAM ? depth + 1 : depth;
  r = t;
  for (unsigned i = 0; r && i < t->nkids; ++i) {
    kids[i] = rec(ctx, t->kids[i], inner, nest + 1);
    if (!kids[i])
      r = NULL;
  }
  if (r)
    r = ariTermRebuild(s, t, kids);
  if (kids != small)
    free(kids);
  memoPut(m, key, r);
  return r;
}

/*--- shifting ------------------------------------------------------------*/

typedef struct {
  AriTermStore *s;
  Memo *m;
  int32_t d;
} ShiftCtx;

static AriTerm *shiftRec(void *ctx, AriTerm *t, uint32_t cutoff, unsigned depth) {
  ShiftCtx *c = ctx;
  if (t->maxFree < (int64_t)cutoff)
    return t;
  if (depth > kMaxWalkDepth)
    return ariTermFail(c->s, "shift: term nested more than %d deep", kMaxWalkDepth);
  if (t->kind == ARI_TERM_VAR) {
    int64_t i = termAttrs(t)[0] + c->d;
    if (i < (int64_t)cutoff || i > INT32_MAX)
      return ariTermFail(c->s, "shift: index %lld would leave its scope",
                         (long long)termAttrs(t)[0]);
    return ariTermVar(c->s, (uint32_t)i, t->type);
  }
  return walkKids(c->s, c->m, t, cutoff, depth, shiftRec, c);
}

AriTerm *ariTermShift(AriTermStore *s, AriTerm *t, int32_t d, uint32_t cutoff) {
  if (!t)
    return NULL;
  if (d == 0 || t->maxFree < (int64_t)cutoff)
    return t;
  ShiftCtx c = {s, memoBegin(s), d};
  AriTerm *r = shiftRec(&c, t, cutoff, 0);
  memoEnd(s);
  return r;
}

/*--- substitution --------------------------------------------------------*/

typedef struct {
  AriTermStore *s;
  Memo *m;
  uint32_t j;
  AriTerm *v;
  AriTerm *vAt[16]; /* v shifted by depth, for small depths */
} SubstCtx;

static AriTerm *substRec(void *ctx, AriTerm *t, uint32_t depth, unsigned nest) {
  SubstCtx *c = ctx;
  uint32_t jj = c->j + depth;
  if (!ariTermHasFree(t, jj))
    return t;
  if (nest > kMaxWalkDepth)
    return ariTermFail(c->s, "subst: term nested more than %d deep", kMaxWalkDepth);
  if (t->kind == ARI_TERM_VAR) {
    if (t->type != c->v->type) {
      char b1[96], b2[96];
      ariTypePrint(t->type, b1, sizeof b1);
      ariTypePrint(c->v->type, b2, sizeof b2);
      return ariTermFail(c->s, "subst: variable of type %s replaced by a term of type %s", b1,
                         b2);
    }
    if (depth < 16) {
      if (!c->vAt[depth])
        c->vAt[depth] = ariTermShift(c->s, c->v, (int32_t)depth, 0);
      return c->vAt[depth];
    }
    return ariTermShift(c->s, c->v, (int32_t)depth, 0);
  }
  return walkKids(c->s, c->m, t, depth, nest, substRec, c);
}

AriTerm *ariTermSubst(AriTermStore *s, AriTerm *t, uint32_t j, AriTerm *v) {
  if (!t || !v)
    return NULL;
  if (!ariTermHasFree(t, j))
    return t;
  SubstCtx c = {s, memoBegin(s), j, v, {0}};
  AriTerm *r = substRec(&c, t, 0, 0);
  memoEnd(s);
  return r;
}

AriTerm *ariTermBeta(AriTermStore *s, AriTerm *body, AriTerm *arg) {
  if (!body || !arg)
    return NULL;
  if (!ariTermHasFree(body, 0))
    return ariTermShift(s, body, -1, 0);
  AriTerm *r = ariTermSubst(s, body, 0, ariTermShift(s, arg, 1, 0));
  return ariTermShift(s, r, -1, 0);
}

/*--- abstraction ---------------------------------------------------------*/

typedef struct {
  AriTermStore *s;
  Memo *m;
  const AriTerm *x;
} AbstractCtx;

static AriTerm *abstractRec(void *ctx, AriTerm *t, uint32_t depth, unsigned nest) {
  AbstractCtx *c = ctx;
  if (t == c->x)
    return ariTermVar(c->s, depth, t->type);
  /* a subterm no larger than x (and not x) cannot hold it */
  if (t->nkids == 0 || ariTermTreeSize(t) <= ariTermTreeSize(c->x))
    return t;
  if (nest > kMaxWalkDepth)
    return ariTermFail(c->s, "abstract: term nested more than %d deep", kMaxWalkDepth);
  return walkKids(c->s, c->m, t, depth, nest, abstractRec, c);
}

AriTerm *ariTermAbstract(AriTermStore *s, AriTerm *t, AriTerm *x) {
  if (!t || !x)
    return NULL;
  /* closed t: no free index needs lifting over the new binder */
  if (!ariTermIsClosed(t) || !ariTermIsClosed(x))
    return ariTermFail(s, "abstract: the term and the abstracted subterm must be closed");
  AbstractCtx c = {s, memoBegin(s), x};
  AriTerm *r = abstractRec(&c, t, 0, 0);
  memoEnd(s);
  return r;
}

/*--- beta normalisation --------------------------------------------------*/

static AriTerm *normRec(AriTermStore *s, Memo *m, AriTerm *t, unsigned fuel) {
  if (t->nkids == 0)
    return t;
  AriTerm *r = memoGet(m, t->id);
  if (r)
    return r;
  if (fuel == 0)
    return ariTermFail(s, "beta normalisation: term nested more than %d deep", kMaxWalkDepth);
  AriTerm *small[8], **kids = kidBuf(s, t, small);
  if (!kids)
    return NULL;
  r = t;
  for (unsigned i = 0; r && i < t->nkids; ++i) {
    kids[i] = normRec(s, m, t->kids[i], fuel - 1);
    if (!kids[i])
      r = NULL;
  }
  if (r)
    r = ariTermRebuild(s, t, kids);
  if (kids != small)
    free(kids);
  if (r && r->kind == ARI_TERM_APP && r->kids[0]->kind == ARI_TERM_LAM) {
    AriTerm *red = ariTermBeta(s, r->kids[0]->kids[0], r->kids[1]);
    r = red ? normRec(s, m, red, fuel - 1) : NULL;
  }
  memoPut(m, t->id, r);
  return r;
}

AriTerm *ariTermBetaNormalize(AriTermStore *s, AriTerm *t) {
  if (!t)
    return NULL;
  Memo *m = memoBegin(s);
  AriTerm *r = normRec(s, m, t, kMaxWalkDepth);
  memoEnd(s);
  return r;
}
