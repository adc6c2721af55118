/*===- search/rules/rules_rise.c - the RISE / ELEVATE rules ---------------------===*\
 *
 * One function per rule, each a root match followed by a construction with
 * the store's type-checking constructors. De Bruijn bookkeeping: a term
 * taken from under k binders and placed under k' binders is shifted by
 * k' - k (ariTermShift), or has an unused binder removed
 * (ariRuleDropBinder, with the other helpers in rules_util.c). The forms
 * are in rules_impl.h and docs/rules.md.
 *
\*===----------------------------------------------------------------------===*/

#include "search/rules/rules_impl.h"
#include "utils/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define K(t, i) ariTermKid((t), (i))
#define A(t, i) ariTermAttr((t), (i))

static bool isMapHL(const AriTerm *t) {
  return ariRuleIs(t, ARI_TERM_MAP) && ariTermPatternKind(t) == ARI_PAT_NONE;
}

static const AriType *elemOf(const AriTerm *t) { return ariTypeElem(ariTermType(t)); }

/* map (map f') x: a map whose function is \r. map f' r with f' not using r.
 * Returns f' (still under one binder) or NULL. */
static AriTerm *mapMapInner(const AriTerm *t) {
  if (!isMapHL(t))
    return NULL;
  AriTerm *f = K(t, 0);
  if (!ariRuleIs(f, ARI_TERM_LAM))
    return NULL;
  AriTerm *b = K(f, 0);
  if (!isMapHL(b) || !ariRuleIs(K(b, 1), ARI_TERM_VAR) || ariTermVarIndex(K(b, 1)) != 0)
    return NULL;
  if (ariTermHasFree(K(b, 0), 0))
    return NULL;
  return K(b, 0);
}

static bool isVar(const AriTerm *t, uint32_t i) {
  return ariRuleIs(t, ARI_TERM_VAR) && ariTermVarIndex(t) == i;
}

/*--- lambda calculus -------------------------------------------------------*/

static AriTerm *beta(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_APP) || !ariRuleIs(K(t, 0), ARI_TERM_LAM))
    return NULL;
  return ariTermBeta(s, K(K(t, 0), 0), K(t, 1));
}

static AriTerm *eta(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_LAM))
    return NULL;
  AriTerm *b = K(t, 0);
  if (!ariRuleIs(b, ARI_TERM_APP) || !isVar(K(b, 1), 0) || ariTermHasFree(K(b, 0), 0))
    return NULL;
  return ariTermShift(s, K(b, 0), -1, 0);
}

static AriTerm *etaAbs(AriTermStore *s, AriTerm *t) {
  const AriType *ft = ariTermType(t);
  if (ariTypeKind(ft) != ARI_TYPE_FUN)
    return NULL;
  return ariTermLam(s, ariTypeFirst(ft),
                    ariTermApp(s, ariTermShift(s, t, 1, 0), ariTermVar(s, 0, ariTypeFirst(ft))));
}

/*--- map / reduce ----------------------------------------------------------*/

static AriTerm *mapFusion(AriTermStore *s, AriTerm *t) {
  if (!isMapHL(t) || !isMapHL(K(t, 1)))
    return NULL;
  AriTerm *in = K(t, 1);
  return ariTermMap(s, ARI_PAT_NONE, -1, ariRuleCompose(s, K(t, 0), K(in, 0)), K(in, 1));
}

static AriTerm *mapFission(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_MAP) || ariTermPatternKind(t) == ARI_PAT_VEC)
    return NULL;
  AriTerm *f = K(t, 0);
  if (!ariRuleIs(f, ARI_TERM_LAM))
    return NULL;
  AriTerm *body = K(f, 0);
  AriTermKind bk = ariTermKind(body);
  if (bk == ARI_TERM_LAM || bk == ARI_TERM_APP || bk == ARI_TERM_VAR || bk == ARI_TERM_KERNEL)
    return NULL;
  unsigned n = ariTermNumKids(body), which = n;
  for (unsigned i = 0; i < n; ++i) {
    if (ariTermHasFree(K(body, i), 0)) {
      if (which != n)
        return NULL; /* x used by two operands */
      which = i;
    }
  }
  if (which == n)
    return NULL;
  AriTerm *e = K(body, which);
  if (isVar(e, 0) || !ariTypeIsData(ariTermType(e)))
    return NULL;
  AriTerm *kids[16];
  if (n > 16)
    return NULL;
  for (unsigned i = 0; i < n; ++i)
    kids[i] = K(body, i);
  kids[which] = ariTermVar(s, 0, ariTermType(e));
  AriTerm *outerBody = ariTermRebuild(s, body, kids);
  AriTerm *inner =
      ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, ariTermLamParam(f), e), K(t, 1));
  return ariTermMap(s, ariTermPatternKind(t), ariTermMapDim(t),
                    ariTermLam(s, ariTermType(e), outerBody), inner);
}

/* mapFissionDeep's search in a map's body t, under d binders of that body
 * (x is VAR d there): the outermost proper subterm that holds every use of
 * x and uses none of the d inner variables is replaced by VAR d (the new
 * parameter z takes x's binder); *e gets it, closed over the inner binders.
 * Descends only while x occurs in exactly one child, so the rewritten body
 * no longer uses x. */
static AriTerm *fissionDeepAt(AriTermStore *s, AriTerm *t, uint32_t d, bool root, AriTerm **e) {
  if (!ariTermHasFree(t, d))
    return NULL;
  if (!root && !isVar(t, d) && ariTypeIsData(ariTermType(t))) {
    bool inner = false;
    for (uint32_t i = 0; i < d && !inner; ++i)
      inner = ariTermHasFree(t, i);
    if (!inner) {
      *e = d ? ariTermShift(s, t, -(int32_t)d, 0) : t;
      return *e ? ariTermVar(s, d, ariTermType(t)) : NULL;
    }
  }
  AriTermKind k = ariTermKind(t);
  if (k == ARI_TERM_VAR || k == ARI_TERM_KERNEL || d > 64)
    return NULL;
  uint32_t kd = k == ARI_TERM_LAM ? d + 1 : d;
  unsigned n = ariTermNumKids(t), which = n;
  if (n > 16)
    return NULL;
  for (unsigned i = 0; i < n; ++i)
    if (ariTermHasFree(K(t, i), kd)) {
      if (which != n)
        return NULL; /* x in two children: no single subterm holds it */
      which = i;
    }
  if (which == n)
    return NULL;
  AriTerm *nk = fissionDeepAt(s, K(t, which), kd, false, e);
  if (!nk)
    return NULL;
  AriTerm *kids[16];
  for (unsigned i = 0; i < n; ++i)
    kids[i] = i == which ? nk : K(t, i);
  return ariTermRebuild(s, t, kids);
}

/* map (\x. C[e]) y -> map (\z. C[z]) (map (\x. e) y), C binding variables
 * around e that e does not use (mapFission with a deep hole). */
static AriTerm *mapFissionDeep(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_MAP) || ariTermPatternKind(t) == ARI_PAT_VEC)
    return NULL;
  AriTerm *f = K(t, 0), *e = NULL;
  if (!ariRuleIs(f, ARI_TERM_LAM))
    return NULL;
  AriTerm *outerBody = fissionDeepAt(s, K(f, 0), 0, true, &e);
  if (!outerBody || !e)
    return NULL;
  AriTerm *inner =
      ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, ariTermLamParam(f), e), K(t, 1));
  return ariTermMap(s, ariTermPatternKind(t), ariTermMapDim(t),
                    ariTermLam(s, ariTermType(e), outerBody), inner);
}

/* reduce/k g i (map f x) -> reduce/k' (\a y. g a (f y)) i x */
static AriTerm *reduceMapFusion(AriTermStore *s, AriTerm *t, bool seqOnly) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE) || !isMapHL(K(t, 2)))
    return NULL;
  AriPatternKind k = ariTermPatternKind(t);
  if (seqOnly ? k == ARI_PAT_NONE : k != ARI_PAT_NONE)
    return NULL;
  AriTerm *g = K(t, 0), *m = K(t, 2), *f = K(m, 0);
  const AriType *accT = ariTermType(K(t, 1));
  const AriType *sT = elemOf(K(m, 1));
  /* f's body sits under one binder (y); under \a y. it needs one more,
   * inserted at index 1 (the accumulator). */
  AriTerm *fb = ariTermShift(s, ariRuleBody1(s, f), 1, 1);
  AriTerm *gb = ariRuleBody2(s, g);
  AriTerm *body = ariTermSubst(s, gb, 0, fb);
  return ariTermReduce(s, seqOnly ? k : ARI_PAT_SEQ,
                       ariTermLam(s, accT, ariTermLam(s, sT, body)), K(t, 1), K(m, 1));
}

static AriTerm *splitJoin(AriTermStore *s, AriTerm *t, int64_t p) {
  if (!isMapHL(t))
    return NULL;
  AriTerm *x = K(t, 1);
  int64_t n = ariTypeSize(ariTermType(x));
  if (ariTypeKind(ariTermType(x)) != ARI_TYPE_ARRAY || n % p)
    return NULL;
  AriTerm *sp = ariTermSplit(s, p, x);
  if (!sp)
    return NULL;
  const AriType *rowT = elemOf(sp);
  AriTerm *inner = ariTermMap(s, ARI_PAT_NONE, -1, ariTermShift(s, K(t, 0), 1, 0),
                              ariTermVar(s, 0, rowT));
  return ariTermJoin(s, ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, rowT, inner), sp));
}

static AriTerm *joinSplitMap(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_JOIN))
    return NULL;
  AriTerm *m = K(t, 0);
  AriTerm *fi = mapMapInner(m);
  if (!fi || !ariRuleIs(K(m, 1), ARI_TERM_SPLIT))
    return NULL;
  return ariTermMap(s, ARI_PAT_NONE, -1, ariRuleDropBinder(s, fi, 0), K(K(m, 1), 0));
}

static AriTerm *splitJoinId(AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_SPLIT) || !ariRuleIs(K(t, 0), ARI_TERM_JOIN))
    return NULL;
  AriTerm *x = K(K(t, 0), 0);
  return ariTypeSize(elemOf(x)) == A(t, 0) ? x : NULL;
}

static AriTerm *joinSplitId(AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_JOIN) || !ariRuleIs(K(t, 0), ARI_TERM_SPLIT))
    return NULL;
  return K(K(t, 0), 0);
}

static AriTerm *mapGenerate(AriTermStore *s, AriTerm *t) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 1), ARI_TERM_GENERATE))
    return NULL;
  AriTerm *g = K(t, 1);
  return ariTermGenerate(s, A(g, 0), ariRuleCompose(s, K(t, 0), K(g, 0)));
}

/* The element is ignored, so only the length of x matters: a generate
 * frees the value from x (a tile's zeros no longer depend on the data it
 * was shaped from, so mapFission can separate that data). */
static AriTerm *mapConstGenerate(AriTermStore *s, AriTerm *t) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 0), ARI_TERM_LAM) || ariTermHasFree(K(K(t, 0), 0), 0))
    return NULL;
  return ariTermGenerate(s, ariTypeSize(ariTermType(K(t, 1))),
                         ariTermLam(s, ariTypeIndex(s), K(K(t, 0), 0)));
}

static AriTerm *idxGenerate(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_IDX) || !ariRuleIs(K(t, 0), ARI_TERM_GENERATE))
    return NULL;
  return ariRuleApply1(s, K(K(t, 0), 0), K(t, 1));
}

static AriTerm *idxMap(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_IDX) || !ariRuleIs(K(t, 0), ARI_TERM_MAP) ||
      ariTermPatternKind(K(t, 0)) == ARI_PAT_VEC)
    return NULL;
  AriTerm *m = K(t, 0);
  return ariRuleApply1(s, K(m, 0), ariTermIdx(s, K(m, 1), K(t, 1)));
}

static AriTerm *mapProjZip(AriTerm *t, AriTermKind proj) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 1), ARI_TERM_ZIP))
    return NULL;
  AriTerm *f = K(t, 0);
  if (!ariRuleIs(f, ARI_TERM_LAM) || !ariRuleIs(K(f, 0), proj) || !isVar(K(K(f, 0), 0), 0))
    return NULL;
  return K(K(t, 1), proj == ARI_TERM_FST ? 0 : 1);
}

static AriTerm *zipMapFusion(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_ZIP) || !isMapHL(K(t, 0)) || !isMapHL(K(t, 1)) ||
      K(K(t, 0), 1) != K(K(t, 1), 1))
    return NULL;
  AriTerm *x = K(K(t, 0), 1);
  AriTerm *fb = ariRuleBody1(s, K(K(t, 0), 0)), *gb = ariRuleBody1(s, K(K(t, 1), 0));
  return ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, elemOf(x), ariTermPair(s, fb, gb)), x);
}

static AriTerm *mapPairFission(AriTermStore *s, AriTerm *t) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 0), ARI_TERM_LAM) || !ariRuleIs(K(K(t, 0), 0), ARI_TERM_PAIR))
    return NULL;
  AriTerm *p = K(K(t, 0), 0);
  const AriType *yT = ariTermLamParam(K(t, 0));
  return ariTermZip(s, ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, yT, K(p, 0)), K(t, 1)),
                    ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, yT, K(p, 1)), K(t, 1)));
}

static AriTerm *zipSame(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_ZIP) || K(t, 0) != K(t, 1))
    return NULL;
  const AriType *e = elemOf(K(t, 0));
  AriTerm *v = ariTermVar(s, 0, e);
  return ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, e, ariTermPair(s, v, v)), K(t, 0));
}

/*--- tiling -----------------------------------------------------------------*/

/* The cartesian nest map (\a. map (\b. e) y) x (y not using a), as in
 * matmul: x and y are split into blocks, and each pair of blocks computes
 * a p x q tile. */
static AriTerm *tileCartesian(AriTermStore *s, AriTerm *t, int64_t p, int64_t q) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *inner = K(K(t, 0), 0);
  if (!isMapHL(inner) || !ariRuleIs(K(inner, 0), ARI_TERM_LAM) || ariTermHasFree(K(inner, 1), 0))
    return NULL;
  const AriType *aT = ariTermLamParam(K(t, 0)), *bT = ariTermLamParam(K(inner, 0));
  AriTerm *y = ariRuleDropBinder(s, K(inner, 1), 0);
  AriTerm *xs = ariTermSplit(s, p, K(t, 1)), *ys = ariTermSplit(s, q, y);
  if (!xs || !ys)
    return NULL;
  const AriType *xbT = ariTypeElem(ariTermType(xs)), *ybT = ariTypeElem(ariTermType(ys));
  /* binders, outermost first: xb, yb, a, b; e had b, a and then the outside */
  AriTerm *e = ariTermShift(s, K(K(inner, 0), 0), 2, 2);
  AriTerm *rowMap = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, bT, e), ariTermVar(s, 1, ybT));
  AriTerm *blk = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, aT, rowMap), ariTermVar(s, 1, xbT));
  AriTerm *perY = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, ybT, blk), ariTermShift(s, ys, 1, 0));
  AriTerm *tr = ariTermTranspose(s, perY);
  if (!tr)
    return NULL;
  const AriType *trRow = elemOf(tr);
  AriTerm *rows = ariTermMap(s, ARI_PAT_NONE, -1,
                             ariTermLam(s, trRow, ariTermJoin(s, ariTermVar(s, 0, trRow))), tr);
  return ariTermJoin(s, ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, xbT, rows), xs));
}

static AriTerm *tileMaps(AriTermStore *s, AriTerm *t, int64_t p, int64_t q) {
  AriTerm *fi = mapMapInner(t);
  if (!fi)
    return tileCartesian(s, t, p, q);
  AriTerm *x = K(t, 1);
  const AriType *xt = ariTermType(x);
  if (ariTypeSize(xt) % p || ariTypeSize(ariTypeElem(xt)) % q)
    return NULL;
  AriTerm *f = ariRuleDropBinder(s, fi, 0);
  /* split p x : (N/p).p.M.t, then each block's rows split by q and the
   * block transposed: (N/p).(M/q).p.q.t */
  AriTerm *a = ariTermSplit(s, p, x);
  if (!a)
    return NULL;
  const AriType *blkT = elemOf(a);
  const AriType *rowT = ariTypeElem(blkT);
  AriTerm *rowsSplit = ariTermMap(s, ARI_PAT_NONE, -1,
                                  ariTermLam(s, rowT, ariTermSplit(s, q, ariTermVar(s, 0, rowT))),
                                  ariTermVar(s, 0, blkT));
  AriTerm *b = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, blkT, ariTermTranspose(s, rowsSplit)),
                          a);
  AriTerm *c = ariRuleMapN(s, 4, f, b);
  if (!c)
    return NULL;
  /* back: each (M/q).p.q.u block transposed to p.(M/q).q.u, rows joined */
  const AriType *cb = elemOf(c);
  AriTerm *tr = ariTermTranspose(s, ariTermVar(s, 0, cb));
  if (!tr)
    return NULL;
  const AriType *trRow = elemOf(tr);
  AriTerm *joined = ariTermMap(s, ARI_PAT_NONE, -1,
                               ariTermLam(s, trRow, ariTermJoin(s, ariTermVar(s, 0, trRow))), tr);
  return ariTermJoin(s, ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, cb, joined), c));
}

static AriTerm *tileReduce(AriTermStore *s, AriTerm *t, int64_t p) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE))
    return NULL;
  AriTerm *x = K(t, 2);
  if (ariTypeSize(ariTermType(x)) % p)
    return NULL;
  AriTerm *sp = ariTermSplit(s, p, x);
  if (!sp)
    return NULL;
  const AriType *accT = ariTermType(K(t, 1)), *blkT = elemOf(sp);
  AriTerm *inner = ariTermReduce(s, ariTermPatternKind(t), ariTermShift(s, K(t, 0), 2, 0),
                                 ariTermVar(s, 1, accT), ariTermVar(s, 0, blkT));
  return ariTermReduce(s, ARI_PAT_SEQ, ariTermLam(s, accT, ariTermLam(s, blkT, inner)), K(t, 1),
                       sp);
}

/*--- sizes that tiles do not divide (Halide's tail strategies) ----------------
 *
 * The language has no take, drop or concatenation, so a tail is handled by
 * rounding the length up to a multiple of the tile and cropping the result
 * (Halide's RoundUp, with the crop its output bounds), or, for a
 * reduction, by folding the whole tiles first and the remainder after
 * (Halide's peeled tail: a reduction's result is one value, so its two
 * parts need no concatenation). Takes and drops are views: the first k
 * elements of y (length n) are `idx 0 (slide k (n-k) y)`, the last n-k
 * `idx 1 (slide (n-k) k y)`, slides of two windows. */

static int64_t roundUp(int64_t n, int64_t p) { return (n + p - 1) / p * p; }

static AriTerm *idx0(AriTermStore *s, int64_t i, AriTerm *xs) {
  return xs ? ariTermIdx(s, xs, ariTermConstInt(s, ariTypeIndex(s), i)) : NULL;
}

/* The first k elements of y (k <= its length). */
static AriTerm *takeK(AriTermStore *s, int64_t k, AriTerm *y) {
  int64_t n = y ? ariTypeSize(ariTermType(y)) : 0;
  return !y || n == k ? y : idx0(s, 0, ariTermSlide(s, k, n - k, y));
}

/* The elements of y from k on (0 < k < its length). */
static AriTerm *dropK(AriTermStore *s, int64_t k, AriTerm *y) {
  int64_t n = ariTypeSize(ariTermType(y));
  return idx0(s, 1, ariTermSlide(s, n - k, k, y));
}

/* x (an array) padded on the right to length n2 by repeating its last
 * element: a map over the padding computes f of a value it computes
 * anyway, so it cannot fault (a constant could: an integer division by 0). */
static AriTerm *padTo(AriTermStore *s, int64_t n2, AriTerm *x) {
  int64_t n = ariTypeSize(ariTermType(x));
  return n2 == n ? x : ariTermPadClamp(s, 0, n2 - n, x);
}

/* map f x -> take n (join (map (map f) (split p (pad_clamp 0 (n'-n) x)))) */
static AriTerm *padSplitJoin(AriTermStore *s, AriTerm *t, int64_t p) {
  if (!isMapHL(t) || ariTypeKind(ariTermType(K(t, 1))) != ARI_TYPE_ARRAY)
    return NULL;
  AriTerm *x = K(t, 1);
  int64_t n = ariTypeSize(ariTermType(x));
  if (n % p == 0)
    return NULL; /* splitJoin's case */
  AriTerm *m = ariTermMap(s, ARI_PAT_NONE, -1, K(t, 0), padTo(s, roundUp(n, p), x));
  AriTerm *tiled = m ? splitJoin(s, m, p) : NULL;
  return tiled ? takeK(s, n, tiled) : NULL;
}

/* Whether x's line structure -- what padLines walks -- holds a slide of
 * step 1 over lines (arrays, or pairs holding them: zipped rows): an image
 * pipeline's window of lines. Not a window of
 * scalars (a row's columns, a 1-D stencil): actSplit's tail rules pad
 * those, and offering the rule at every row's map as well spread the
 * beam (docs/search.md, "Session 31"). */
static bool linesHaveWindow(const AriTerm *x, unsigned depth) {
  if (depth > 64)
    return false;
  switch (ariTermKind(x)) {
  case ARI_TERM_SLIDE:
    return A(x, 1) == 1 && (ariTypeHoldsArray(elemOf(K(x, 0))) || linesHaveWindow(K(x, 0), depth + 1));
  case ARI_TERM_MAP:
    return linesHaveWindow(K(x, 1), depth + 1);
  case ARI_TERM_ZIP:
    return linesHaveWindow(K(x, 0), depth + 1) || linesHaveWindow(K(x, 1), depth + 1);
  case ARI_TERM_PAD_CLAMP:
    return linesHaveWindow(K(x, 0), depth + 1);
  case ARI_TERM_PAD_CST:
    return A(x, 1) == 0 && linesHaveWindow(K(x, 0), depth + 1);
  default:
    return false;
  }
}

/* x with k more elements at its end and its first len(x) kept: every
 * operation on the way down (map, zip, slide of step 1, pad_clamp, a
 * pad_cst with nothing on the right) keeps a prefix of its operand as a
 * prefix of its result and grows by what its operand grows, so padding the
 * arrays at the foot of that structure by k, repeating their last element
 * (pad_clamp 0 k: whatever the stages compute on it, they computed on that
 * element already, so it cannot fault), pads x by k. A pad_cst padding on
 * the right would put its constant after x's elements, where the padded
 * operand now has more elements: a foot there. */
static AriTerm *padLines(AriTermStore *s, AriTerm *x, int64_t k, unsigned depth) {
  if (!x || depth > 64 || ariTypeKind(ariTermType(x)) != ARI_TYPE_ARRAY)
    return NULL;
  AriTerm *a, *b;
  switch (ariTermKind(x)) {
  case ARI_TERM_MAP:
    a = padLines(s, K(x, 1), k, depth + 1);
    return a ? ariTermMap(s, ariTermPatternKind(x), ariTermMapDim(x), K(x, 0), a) : NULL;
  case ARI_TERM_ZIP:
    a = padLines(s, K(x, 0), k, depth + 1);
    b = a ? padLines(s, K(x, 1), k, depth + 1) : NULL;
    return b ? ariTermZip(s, a, b) : NULL;
  case ARI_TERM_SLIDE:
    if (A(x, 1) != 1)
      break;
    a = padLines(s, K(x, 0), k, depth + 1);
    return a ? ariTermSlide(s, A(x, 0), 1, a) : NULL;
  case ARI_TERM_PAD_CLAMP:
    a = padLines(s, K(x, 0), k, depth + 1);
    return a ? ariTermPadClamp(s, A(x, 0), A(x, 1), a) : NULL;
  case ARI_TERM_PAD_CST:
    if (A(x, 1) != 0)
      break;
    a = padLines(s, K(x, 0), k, depth + 1);
    return a ? ariTermPadCst(s, A(x, 0), 0, a, K(x, 1)) : NULL;
  default:
    break;
  }
  return ariTermPadClamp(s, 0, k, x);
}

/* map f x -> take n (map f x'), x' = x padded at the foot of its lines to a
 * multiple of p (padLines): splitPipeline's split then divides it. */
static AriTerm *padPipeline(AriTermStore *s, AriTerm *t, int64_t p) {
  if (!isMapHL(t) || p < 2 || ariTypeKind(ariTermType(K(t, 1))) != ARI_TYPE_ARRAY)
    return NULL;
  AriTerm *x = K(t, 1);
  int64_t n = ariTypeSize(ariTermType(x));
  if (n % p == 0 || !linesHaveWindow(x, 0))
    return NULL;
  AriTerm *x2 = padLines(s, x, roundUp(n, p) - n, 0);
  AriTerm *m = x2 ? ariTermMap(s, ARI_PAT_NONE, -1, K(t, 0), x2) : NULL;
  return m ? takeK(s, n, m) : NULL;
}

/*--- stripColumns: a chunk of lines computed in strips of columns --------*/

/* t (an array nest over a scalar) with its innermost length set to n. */
static const AriType *withInner(AriTermStore *s, const AriType *t, int64_t n) {
  if (ariTypeKind(t) != ARI_TYPE_ARRAY)
    return NULL;
  const AriType *e = ariTypeElem(t);
  if (ariTypeKind(e) == ARI_TYPE_ARRAY) {
    const AriType *e2 = withInner(s, e, n);
    return e2 ? ariTypeArray(s, ariTypeSize(t), e2) : NULL;
  }
  return ariTypeKind(e) == ARI_TYPE_SCALAR ? ariTypeArray(s, n, e) : NULL;
}

/* How many arrays t nests (0 for a scalar), and the innermost one's
 * length in *inner (-1 when they do not end at a scalar). */
static int arrayDepth(const AriType *t, int64_t *inner) {
  int d = 0;
  *inner = -1;
  for (; ariTypeKind(t) == ARI_TYPE_ARRAY; t = ariTypeElem(t), ++d)
    *inner = ariTypeSize(t);
  if (ariTypeKind(t) != ARI_TYPE_SCALAR)
    *inner = -1;
  return d;
}

/* Retyping a chunk's body for narrower lines (stripColumns): env[k] is
 * the new type of the binder k levels out from the innermost. */
typedef struct StripRt {
  AriTermStore *s;
  const AriType *env[64];
  uint32_t depth;
} StripRt;

static AriTerm *stripRt(StripRt *r, AriTerm *t, unsigned level);

/* The lambda f retyped with parameter type p. */
static AriTerm *stripRtLam(StripRt *r, AriTerm *f, const AriType *p, unsigned level) {
  if (!ariRuleIs(f, ARI_TERM_LAM) || !p || r->depth >= 64)
    return NULL;
  r->env[r->depth++] = p;
  AriTerm *b = stripRt(r, K(f, 0), level + 1);
  r->depth--;
  return b ? ariTermLam(r->s, p, b) : NULL;
}

/* Did the outer length of x change (x old, x2 retyped)? */
static bool outerChanged(const AriTerm *x, const AriTerm *x2) {
  return ariTypeSize(ariTermType(x)) != ariTypeSize(ariTermType(x2));
}

/* t retyped under r's binders: a type changes only where the lines
 * narrowed, and every operation on a narrowed dimension is one that
 * commutes with a shift of the columns -- a map, a zip, a transpose, a
 * slide of step 1, a circular buffer or a rotation (windows of step 1).
 * A reduction over it, an index into it, a pad, split, join or vector
 * view of it, or an array from outside the chunk makes it NULL: each would
 * see the strip's edges where the image's were. */
static AriTerm *stripRt(StripRt *r, AriTerm *t, unsigned level) {
  if (!t || level > 2000)
    return NULL;
  AriTermStore *s = r->s;
  AriTerm *a, *b, *c;
  switch (ariTermKind(t)) {
  case ARI_TERM_VAR: {
    uint32_t i = (uint32_t)A(t, 0);
    if (i < r->depth)
      return ariTermVar(s, i, r->env[r->depth - 1 - i]);
    return ariTypeHoldsArray(ariTermType(t)) ? NULL : t;
  }
  case ARI_TERM_IN:
  case ARI_TERM_ARG:
    return ariTypeHoldsArray(ariTermType(t)) ? NULL : t;
  case ARI_TERM_CONST:
  case ARI_TERM_LITERAL:
    return t;
  case ARI_TERM_LAM:
  case ARI_TERM_KERNEL:
    return NULL; /* a lambda outside the places below; a GPU kernel */
  case ARI_TERM_APP:
    a = stripRt(r, K(t, 1), level + 1);
    return a ? ariTermApp(s, stripRtLam(r, K(t, 0), ariTermType(a), level), a) : NULL;
  case ARI_TERM_MAP: {
    if (ariTermMapDim(t) >= 0)
      return NULL;
    a = stripRt(r, K(t, 1), level + 1);
    if (!a)
      return NULL;
    const AriType *e = ariTypeElem(ariTermType(a));
    b = stripRtLam(r, K(t, 0), e, level);
    return b ? ariTermMap(s, ariTermPatternKind(t), -1, b, a) : NULL;
  }
  case ARI_TERM_REDUCE: {
    a = stripRt(r, K(t, 2), level + 1);
    c = stripRt(r, K(t, 1), level + 1);
    if (!a || !c || outerChanged(K(t, 2), a))
      return NULL;
    AriTerm *f = K(t, 0);
    if (!ariRuleIs(f, ARI_TERM_LAM) || r->depth >= 64)
      return NULL;
    r->env[r->depth++] = ariTermType(c);
    b = stripRtLam(r, K(f, 0), ariTypeElem(ariTermType(a)), level + 1);
    r->depth--;
    b = b ? ariTermLam(s, ariTermType(c), b) : NULL;
    return b ? ariTermReduce(s, ariTermPatternKind(t), b, c, a) : NULL;
  }
  case ARI_TERM_CIRCULAR_BUFFER:
  case ARI_TERM_ROTATE_VALUES: {
    a = stripRt(r, K(t, 1), level + 1);
    b = a ? stripRtLam(r, K(t, 0), ariTypeElem(ariTermType(a)), level) : NULL;
    AriTerm *kids[2] = {b, a};
    return b ? ariTermRebuild(s, t, kids) : NULL;
  }
  case ARI_TERM_GENERATE:
    b = stripRtLam(r, K(t, 0), ariTypeIndex(s), level);
    return b ? ariTermGenerate(s, A(t, 0), b) : NULL;
  case ARI_TERM_SLIDE:
  case ARI_TERM_PAD_CST:
  case ARI_TERM_PAD_CLAMP:
  case ARI_TERM_IDX:
  case ARI_TERM_SPLIT:
  case ARI_TERM_AS_VECTOR:
  case ARI_TERM_AS_SCALAR:
  case ARI_TERM_JOIN:
    a = stripRt(r, K(t, 0), level + 1);
    if (!a)
      return NULL;
    if (outerChanged(K(t, 0), a) && !(ariTermKind(t) == ARI_TERM_SLIDE && A(t, 1) == 1))
      return NULL;
    if (ariTermKind(t) == ARI_TERM_JOIN &&
        ariTypeSize(elemOf(K(t, 0))) != ariTypeSize(ariTypeElem(ariTermType(a))))
      return NULL;
    break;
  default:
    break;
  }
  /* the rest: zip, unzip, pair, fst, snd, transpose, to_mem, ops, vector
   * broadcasts, and the views checked above, retyped by their kids */
  unsigned n = ariTermNumKids(t);
  AriTerm *kids[8];
  if (n > 8)
    return NULL;
  for (unsigned i = 0; i < n; ++i)
    if (!(kids[i] = stripRt(r, K(t, i), level + 1)))
      return NULL;
  if (ariRuleIs(t, ARI_TERM_OP))
    for (unsigned i = 0; i < n; ++i)
      if (kids[i] != K(t, i) && ariTermType(kids[i]) != ariTermType(K(t, i)))
        return NULL;
  return ariTermRebuild(s, t, kids);
}

/* x (depth levels of arrays above the arrays acted on) with each of those
 * slid (slide size step) or, size 0, transposed: map (\y. .. op y ..) x,
 * depth maps deep (seq: views the lowering reads through). */
static AriTerm *viewAtDepth(AriTermStore *s, int depth, AriTerm *x, int64_t size, int64_t step) {
  if (!x)
    return NULL;
  if (depth == 0)
    return size ? ariTermSlide(s, size, step, x) : ariTermTranspose(s, x);
  const AriType *e = elemOf(x);
  AriTerm *body = viewAtDepth(s, depth - 1, ariTermVar(s, 0, e), size, step);
  return body ? ariTermMap(s, ARI_PAT_SEQ, -1, ariTermLam(s, e, body), x) : NULL;
}

/* map/k (\c. e) x |-> map/k (\c. assemble (map (\c'. e') (strips c))) x:
 * each element c of x (a chunk: lines of columns, its columns innermost)
 * computed in k strips of w = n/k output columns (n: those of e's
 * lines), e' being e retyped for lines of w + h columns (h: how many more
 * columns c has than e's lines, the stencil's halo). strips c: the
 * windows slide (w+h) w of c's lines, the strip index moved outermost by
 * transposes; assemble: the strips' lines
 * side by side again (a line per strip joined, or for chunks of lines
 * join (map transpose ..) transposed back). Exact when e commutes with a
 * shift of the columns (stripRt refuses it otherwise): output column j of
 * strip k is then output column k*w + j of c, computed from the same
 * input columns k*w + j .. k*w + j + h. Strips of lines that fit in L1
 * keep a line pipeline's rings there (Harris's nine product lines at 2560
 * columns are 90 KB; at 256 columns, 9 KB). */
static AriTerm *stripColumns(AriTermStore *s, AriTerm *t, int64_t k) {
  if (!ariRuleIs(t, ARI_TERM_MAP) || ariTermMapDim(t) >= 0 || !ariRuleIs(K(t, 0), ARI_TERM_LAM) ||
      k < 2)
    return NULL;
  /* P: c's type, R: e's */
  const AriType *P = ariTermLamParam(K(t, 0)), *R = ariTypeElem(ariTermType(t));
  int64_t cin, cout;
  int dp = arrayDepth(P, &cin), dr = arrayDepth(R, &cout);
  if (dp < 1 || dp > 8 || (dr != 1 && dr != 2) || cin < 0 || cout < 0)
    return NULL;
  int64_t h = cin - cout, w = cout / k;
  if (h < 0 || cout % k || ariTermTreeSize(K(K(t, 0), 0)) > 200000)
    return NULL;
  StripRt r = {.s = s, .depth = 1};
  r.env[0] = withInner(s, P, w + h);
  AriTerm *e2 = stripRt(&r, K(K(t, 0), 0), 0);
  if (!e2 || ariTermType(e2) != withInner(s, R, w))
    return NULL;
  /* under the strip's binder, inside c's: the outer variables one further */
  e2 = ariTermShift(s, e2, 1, 1);
  /* the strips of c: depth dp - 1 levels above c's lines */
  AriTerm *c = ariTermVar(s, 0, P);
  AriTerm *x = viewAtDepth(s, dp - 1, c, w + h, w);
  for (int j = dp - 1; j >= 1 && x; --j)
    x = viewAtDepth(s, j - 1, x, 0, 0);
  AriTerm *m = x && e2 ? ariTermMap(s, ARI_PAT_SEQ, -1, ariTermLam(s, r.env[0], e2), x) : NULL;
  AriTerm *out;
  if (dr == 1)
    out = m ? ariTermJoin(s, m) : NULL;
  else
    out = ariTermTranspose(s, ariTermJoin(s, viewAtDepth(s, 1, m, 0, 0)));
  return out ? ariTermMap(s, ariTermPatternKind(t), -1, ariTermLam(s, P, out), K(t, 1)) : NULL;
}

/* tileMaps(p, q) on the nest with both lengths padded to multiples of p
 * and q, the result cropped back in both dimensions. */
static AriTerm *padTileMaps(AriTermStore *s, AriTerm *t, int64_t p, int64_t q) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 0), ARI_TERM_LAM) || !isMapHL(K(K(t, 0), 0)))
    return NULL;
  AriTerm *x = K(t, 1), *inner = K(K(t, 0), 0), *fi = mapMapInner(t), *padded;
  int64_t N = ariTypeSize(ariTermType(x)), M;
  if (fi) { /* map (\r. map f r) x, x : N.M.s */
    M = ariTypeSize(ariTypeElem(ariTermType(x)));
    if (N % p == 0 && M % q == 0)
      return NULL;
    AriTerm *xo = padTo(s, roundUp(N, p), x);
    const AriType *rowT = xo ? elemOf(xo) : NULL;
    AriTerm *xi = xo && M % q ? ariTermMap(s, ARI_PAT_NONE, -1,
                                           ariTermLam(s, rowT, padTo(s, roundUp(M, q),
                                                                     ariTermVar(s, 0, rowT))),
                                           xo)
                              : xo;
    const AriType *rowT2 = xi ? elemOf(xi) : NULL;
    padded = ariTermMap(s, ARI_PAT_NONE, -1,
                        ariTermLam(s, rowT2, ariTermMap(s, ARI_PAT_NONE, -1, fi,
                                                        ariTermVar(s, 0, rowT2))),
                        xi);
  } else { /* the cartesian nest map (\a. map (\b. e) y) x, y not using a */
    AriTerm *y = K(inner, 1);
    if (ariTermHasFree(y, 0))
      return NULL;
    M = ariTypeSize(ariTermType(y));
    if (N % p == 0 && M % q == 0)
      return NULL;
    AriTerm *in2 = ariTermMap(s, ARI_PAT_NONE, -1, K(inner, 0), padTo(s, roundUp(M, q), y));
    padded = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, ariTermLamParam(K(t, 0)), in2),
                        padTo(s, roundUp(N, p), x));
  }
  AriTerm *tiled = padded ? tileMaps(s, padded, p, q) : NULL;
  AriTerm *rows = takeK(s, N, tiled);
  if (!rows || M % q == 0)
    return rows;
  /* the columns cropped between transposes rather than by a map over the
   * rows: views all the way, which the lowering writes through (a crop's
   * acceptor) instead of materialising the tiles */
  return ariTermTranspose(s, takeK(s, M, ariTermTranspose(s, rows)));
}

/* The neutral element e of op on t (a op e == a for every a, bit for bit:
 * -0.0 for addf, as +0.0 would turn an accumulated -0.0 into +0.0), NULL
 * for an op it does not know. */
static AriTerm *neutralOf(AriTermStore *s, const char *op, const AriType *t) {
  if (ariTypeIsFloat(t)) {
    double v;
    if (!strcmp(op, "arith.addf"))
      v = -0.0;
    else if (!strcmp(op, "arith.mulf"))
      v = 1.0;
    else if (!strcmp(op, "arith.maximumf"))
      v = -INFINITY;
    else if (!strcmp(op, "arith.minimumf"))
      v = INFINITY;
    else
      return NULL;
    return ariTermConstFloat(s, t, v);
  }
  if (!ariTypeIsInt(t) && !ariTypeIsIndexT(t))
    return NULL;
  unsigned w = ariTypeBitWidth(t);
  if (w < 2 || w > 64)
    return NULL;
  int64_t smin = w == 64 ? INT64_MIN : -((int64_t)1 << (w - 1)), smax = -(smin + 1);
  int64_t v;
  if (!strcmp(op, "arith.addi") || !strcmp(op, "arith.ori") || !strcmp(op, "arith.xori") ||
      !strcmp(op, "arith.maxui"))
    v = 0;
  else if (!strcmp(op, "arith.muli"))
    v = 1;
  else if (!strcmp(op, "arith.andi") || !strcmp(op, "arith.minui"))
    v = -1;
  else if (!strcmp(op, "arith.maxsi"))
    v = smin;
  else if (!strcmp(op, "arith.minsi"))
    v = smax;
  else
    return NULL;
  return ariTermConstInt(s, t, v);
}

/* reduce/k (\a y. a op y) i x -> reduce/k (\a y. a op y) i (pad_cst 0 (n'-n) e x), e op's
 * neutral element (the operands in either order: every op known is
 * commutative). */
static AriTerm *padReduce(AriTermStore *s, AriTerm *t, int64_t p) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE))
    return NULL;
  AriTerm *x = K(t, 2), *g = K(t, 0);
  int64_t n = ariTypeSize(ariTermType(x));
  const AriType *accT = ariTermType(K(t, 1));
  if (n % p == 0 || accT != elemOf(x) || ariTypeKind(accT) != ARI_TYPE_SCALAR ||
      !ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *b = K(K(g, 0), 0);
  if (!ariRuleIs(b, ARI_TERM_OP) || ariTermNumKids(b) != 2 || ariTermType(b) != accT ||
      !((isVar(K(b, 0), 1) && isVar(K(b, 1), 0)) || (isVar(K(b, 0), 0) && isVar(K(b, 1), 1))))
    return NULL;
  AriTerm *e = neutralOf(s, ariSymStr(ariTermSym(b)), accT);
  AriTerm *padded = e ? ariTermPadCst(s, 0, roundUp(n, p) - n, x, e) : NULL;
  return padded ? ariTermReduce(s, ariTermPatternKind(t), g, K(t, 1), padded) : NULL;
}

/* Which operand of zip a b is the binder's variable (VAR 0) while the
 * other does not use it: 0 or 1; -1 if neither. */
static int zipSideOfVar0(AriTerm *z) {
  if (isVar(K(z, 0), 0) && !ariTermHasFree(K(z, 1), 0))
    return 0;
  if (isVar(K(z, 1), 0) && !ariTermHasFree(K(z, 0), 0))
    return 1;
  return -1;
}

/*--- register blocks (reduceJam) ----------------------------------------------*/

/* Component j of an R-tuple, R a power of two from 2 to 8: a pair of the
 * tuples of its halves (R 4: a pair of pairs). */
static AriTerm *tupleGet(AriTermStore *s, AriTerm *t, unsigned R, unsigned j) {
  if (R == 2)
    return j ? ariTermSnd(s, t) : ariTermFst(s, t);
  AriTerm *half = j < R / 2 ? ariTermFst(s, t) : ariTermSnd(s, t);
  return half ? tupleGet(s, half, R / 2, j % (R / 2)) : NULL;
}

/* The R-tuple of xs[0..R-1], as tupleGet reads it. */
static AriTerm *tupleOf(AriTermStore *s, AriTerm *const *xs, unsigned R) {
  if (R == 2)
    return ariTermPair(s, xs[0], xs[1]);
  AriTerm *lo = tupleOf(s, xs, R / 2), *hi = tupleOf(s, xs + R / 2, R / 2);
  return lo && hi ? ariTermPair(s, lo, hi) : NULL;
}

/* The type of an R-tuple of t, as tupleOf builds it. */
static const AriType *tupleType(AriTermStore *s, const AriType *t, unsigned R) {
  const AriType *half = R == 2 ? t : tupleType(s, t, R / 2);
  return ariTypePair(s, half, half);
}

/* map (\x. reduce/k g i (zip x c)) X, X : R.n.s with R 2, 4 or 8: the R
 * reductions share every element of c, so they become one reduction over
 * zip (transpose X) c whose accumulator is an R-tuple, each component
 * stepped by g exactly as before (the same operations in the same order:
 * exact). The result is read back as an array by a generate selecting
 * component t. This is matmul's register block (v8): R rows of
 * accumulators per column panel, each B vector loaded once for R FMAs. */
static AriTerm *reduceJam(AriTermStore *s, AriTerm *t) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *X = K(t, 1), *r = K(K(t, 0), 0);
  const AriType *xsT = ariTermType(X);
  int64_t R = ariTypeSize(xsT);
  if ((R != 2 && R != 4 && R != 8) || !ariRuleIs(r, ARI_TERM_REDUCE) ||
      !ariRuleIs(K(r, 2), ARI_TERM_ZIP))
    return NULL;
  AriTerm *z = K(r, 2), *g = K(r, 0), *i = K(r, 1);
  int xAt = zipSideOfVar0(z); /* which zip operand is the row x */
  if (xAt < 0)
    return NULL;
  const AriType *rowT = ariTypeElem(xsT), *sT = ariTypeElem(rowT);
  if (ariTypeKind(rowT) != ARI_TYPE_ARRAY || ariTypeKind(sT) != ARI_TYPE_SCALAR ||
      ariTermHasFree(g, 0) || ariTermHasFree(i, 0) || !ariRuleIs(g, ARI_TERM_LAM) ||
      !ariRuleIs(K(g, 0), ARI_TERM_LAM))
    return NULL;
  /* out of the map's binder */
  AriTerm *c = ariTermShift(s, K(z, 1 - xAt), -1, 0);
  AriTerm *gO = ariTermShift(s, g, -1, 0), *iO = ariTermShift(s, i, -1, 0);
  AriTerm *Xt = ariTermTranspose(s, X);
  if (!c || !gO || !iO || !Xt)
    return NULL;
  const AriType *accT = ariTermType(i), *cT = ariTypeElem(ariTermType(c));
  const AriType *blockT = ariTypeArray(s, R, sT);
  const AriType *pT = xAt ? ariTypePair(s, cT, blockT) : ariTypePair(s, blockT, cT);
  const AriType *pairT = ariTermLamParam(K(g, 0)); /* the old element: (s x u) or (u x s) */
  const AriType *tupT = tupleType(s, accT, (unsigned)R);
  /* the step, under the accumulator (VAR 1) and the pair p (VAR 0) */
  AriTerm *g2 = ariTermShift(s, gO, 2, 0);
  AriTerm *acc = ariTermVar(s, 1, tupT), *p = ariTermVar(s, 0, pT);
  AriTerm *block = xAt ? ariTermSnd(s, p) : ariTermFst(s, p);
  AriTerm *cj = xAt ? ariTermFst(s, p) : ariTermSnd(s, p);
  AriTerm *steps[8], *inits[8];
  if (!g2 || !block || !cj)
    return NULL;
  for (unsigned j = 0; j < (unsigned)R; ++j) {
    AriTerm *xj = ariTermIdx(s, block, ariTermConstInt(s, ariTypeIndex(s), j));
    AriTerm *pj = xj ? (xAt ? ariTermPair(s, cj, xj) : ariTermPair(s, xj, cj)) : NULL;
    AriTerm *aj = tupleGet(s, acc, (unsigned)R, j);
    if (!pj || !aj || ariTermType(pj) != pairT)
      return NULL;
    AriTerm *g1 = ariTermBeta(s, K(g2, 0), aj); /* \p. body[acc := a_j] */
    steps[j] = g1 && ariRuleIs(g1, ARI_TERM_LAM) ? ariTermBeta(s, K(g1, 0), pj) : NULL;
    inits[j] = iO;
    if (!steps[j])
      return NULL;
  }
  AriTerm *stepT = tupleOf(s, steps, (unsigned)R), *initT = tupleOf(s, inits, (unsigned)R);
  AriTerm *zipped = xAt ? ariTermZip(s, c, Xt) : ariTermZip(s, Xt, c);
  if (!stepT || !initT || !zipped)
    return NULL;
  /* The accumulator is not the element type: a sequential fold (unrolled
   * if the original was). */
  AriPatternKind kind = ariTermPatternKind(r) == ARI_PAT_UNROLL ? ARI_PAT_UNROLL : ARI_PAT_SEQ;
  AriTerm *red =
      ariTermReduce(s, kind, ariTermLam(s, tupT, ariTermLam(s, pT, stepT)), initT, zipped);
  /* generate R (\t. select (t == 0) r_0 (select (t == 1) r_1 .. r_{R-1})) */
  AriTerm *red1 = red ? ariTermShift(s, red, 1, 0) : NULL;
  if (!red1)
    return NULL;
  const AriType *ix = ariTypeIndex(s);
  AriTerm *sel = tupleGet(s, red1, (unsigned)R, (unsigned)R - 1);
  for (int j = (int)R - 2; j >= 0 && sel; --j) {
    AriTerm *cmpOps[2] = {ariTermVar(s, 0, ix), ariTermConstInt(s, ix, j)};
    AriTerm *cond = ariTermOp(s, "arith.cmpi", "{predicate = 0 : i64}", cmpOps, 2, ariTypeI1(s));
    AriTerm *selOps[3] = {cond, tupleGet(s, red1, (unsigned)R, (unsigned)j), sel};
    sel = cond && selOps[1] ? ariTermOp(s, "arith.select", NULL, selOps, 3, accT) : NULL;
  }
  return sel ? ariTermGenerate(s, R, ariTermLam(s, ix, sel)) : NULL;
}

/* take k y (drop: the rest), taken inside y's zips: take k (zip a b) is
 * zip (take k a) (take k b), whose components vectorizeReduce reads as
 * vector arrays directly (through the view of a zip, it projects each with
 * a map). */
static AriTerm *sliceZips(AriTermStore *s, int64_t k, AriTerm *y, bool drop, unsigned depth) {
  if (!y || !ariRuleIs(y, ARI_TERM_ZIP) || depth > 8)
    return !y ? NULL : drop ? dropK(s, k, y) : takeK(s, k, y);
  AriTerm *a = sliceZips(s, k, K(y, 0), drop, depth + 1);
  AriTerm *b = a ? sliceZips(s, k, K(y, 1), drop, depth + 1) : NULL;
  return b ? ariTermZip(s, a, b) : NULL;
}

/* reduce/k g i x -> reduce/k g HEAD (drop m x), m = p * floor(n/p): the
 * whole tiles, then the tail, in the original order. peelReduce: HEAD =
 * reduce/seq (\a b. reduce/k g a b) i (split p (take m x)). peelTail: HEAD
 * = reduce/k g i (take m x), take and drop inside x's zips -- a head whose
 * length p divides, which vectorizeReduce(p) or partialReduce(p) then take
 * whole. */
static AriTerm *peel(AriTermStore *s, AriTerm *t, int64_t p, bool tiles) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE))
    return NULL;
  AriTerm *x = K(t, 2);
  int64_t n = ariTypeSize(ariTermType(x)), m = n / p * p;
  if (n % p == 0 || m == 0)
    return NULL;
  AriTerm *hx = tiles ? takeK(s, m, x) : sliceZips(s, m, x, false, 0);
  AriTerm *head = hx ? ariTermReduce(s, ariTermPatternKind(t), K(t, 0), K(t, 1), hx) : NULL;
  if (tiles && head)
    head = tileReduce(s, head, p);
  AriTerm *tail = !head ? NULL : tiles ? dropK(s, m, x) : sliceZips(s, m, x, true, 0);
  return tail ? ariTermReduce(s, ariTermPatternKind(t), K(t, 0), head, tail) : NULL;
}

static AriTerm *fissionReduceMap(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE))
    return NULL;
  AriTerm *g = K(t, 0);
  if (!ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *b = K(K(g, 0), 0);
  if (!ariRuleIs(b, ARI_TERM_OP) || ariTermNumKids(b) != 2 || !isVar(K(b, 0), 1))
    return NULL;
  AriTerm *e = K(b, 1);
  if (ariTermHasFree(e, 1) || isVar(e, 0))
    return NULL;
  const AriType *accT = ariTermType(K(t, 1));
  const AriType *yT = ariTermLamParam(K(g, 0));
  AriTerm *mapped = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, yT, ariRuleDropBinder(s, e, 1)),
                               K(t, 2));
  AriTerm *ops[2] = {ariTermVar(s, 1, accT), ariTermVar(s, 0, ariTermType(e))};
  AriTerm *nb = ariTermOp(s, ariSymStr(ariTermSym(b)), ariSymStr(ariTermSym2(b)), ops, 2,
                          ariTermType(b));
  AriPatternKind k = ariTermPatternKind(t);
  if (k == ARI_PAT_NONE && ariTermType(e) != accT)
    k = ARI_PAT_SEQ;
  return ariTermReduce(s, k, ariTermLam(s, accT, ariTermLam(s, ariTermType(e), nb)), K(t, 1),
                       mapped);
}

static AriTerm *mapMapInterchange(AriTermStore *s, AriTerm *t) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *inner = K(K(t, 0), 0);
  if (!isMapHL(inner) || !ariRuleIs(K(inner, 0), ARI_TERM_LAM) || ariTermHasFree(K(inner, 1), 0))
    return NULL;
  const AriType *aT = ariTermLamParam(K(t, 0)), *bT = ariTermLamParam(K(inner, 0));
  AriTerm *e = K(K(inner, 0), 0); /* VAR 0 = b, VAR 1 = a */
  AriTerm *y = ariRuleDropBinder(s, K(inner, 1), 0);
  AriTerm *x1 = ariTermShift(s, K(t, 1), 1, 0);
  AriTerm *e2 = ariRuleSwap01(s, e, bT, aT);
  AriTerm *innerNew = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, aT, e2), x1);
  return ariTermTranspose(s, ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, bT, innerNew), y));
}

/* The two map/reduce interchanges' result: one reduction over the columns
 * xt of all rows at once, each step folding g into every row's
 * accumulator: reduce/seq (\as ys. map (\p. g (fst p) (snd p)) (zip as
 * ys)) inits xt, with g closed over the binders of its own lambda only. */
static AriTerm *interchanged(AriTermStore *s, AriTerm *g, const AriType *accT, const AriType *eT,
                             AriTerm *inits, AriTerm *xt) {
  const AriType *accsT = ariTermType(inits), *colT = elemOf(xt);
  const AriType *pT = ariTypePair(s, accT, eT);
  AriTerm *pv = ariTermVar(s, 0, pT);
  AriTerm *pb = ariRuleApply2(s, ariTermShift(s, g, 3, 0), ariTermFst(s, pv), ariTermSnd(s, pv));
  AriTerm *zipped = ariTermZip(s, ariTermVar(s, 1, accsT), ariTermVar(s, 0, colT));
  AriTerm *body = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, pT, pb), zipped);
  return ariTermReduce(s, ARI_PAT_SEQ, ariTermLam(s, accsT, ariTermLam(s, colT, body)), inits,
                       xt);
}

static AriTerm *mapReduceInterchange(AriTermStore *s, AriTerm *t) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *r = K(K(t, 0), 0);
  if (!ariRuleIs(r, ARI_TERM_REDUCE) || !isVar(K(r, 2), 0) || ariTermHasFree(K(r, 0), 0) ||
      ariTermHasFree(K(r, 1), 0))
    return NULL;
  AriTerm *x = K(t, 1);
  const AriType *rowT = ariTermLamParam(K(t, 0));
  const AriType *accT = ariTermType(K(r, 1)), *eT = ariTypeElem(rowT);
  AriTerm *g = ariRuleDropBinder(s, K(r, 0), 0);
  AriTerm *inits = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, rowT, K(r, 1)), x);
  AriTerm *xt = ariTermTranspose(s, x);
  if (!inits || !xt)
    return NULL;
  return interchanged(s, g, accT, eT, inits, xt);
}

/* For reduceMapInterchange: t under binders a, y, p (VAR 2, 1, 0 at depth
 * d = 0) with fst p -> a and snd p -> y at binder depth d; NULL when p
 * occurs in any other way. `budget` bounds the walk (shared subterms are
 * visited once per path). */
static AriTerm *unpairProj(AriTermStore *s, AriTerm *t, uint32_t d, int *budget) {
  if (!ariTermHasFree(t, d))
    return t;
  if (--*budget < 0)
    return NULL;
  bool fst = ariRuleIs(t, ARI_TERM_FST), snd = ariRuleIs(t, ARI_TERM_SND);
  if ((fst || snd) && isVar(K(t, 0), d)) {
    const AriType *pT = ariTermType(K(t, 0));
    return ariTermVar(s, d + (fst ? 2 : 1), fst ? ariTypeFirst(pT) : ariTypeSecond(pT));
  }
  unsigned n = ariTermNumKids(t);
  if (n == 0 || n > 16) /* a bare p, or an op too wide to rebuild here */
    return NULL;
  AriTerm *kids[16];
  for (unsigned i = 0; i < n; ++i) {
    kids[i] = unpairProj(s, K(t, i), ariRuleIs(t, ARI_TERM_LAM) ? d + 1 : d, budget);
    if (!kids[i])
      return NULL;
  }
  return ariTermRebuild(s, t, kids);
}

/* The inverse of mapReduceInterchange: one accumulator per row, reduced in
 * one loop over the columns, back to one reduction per row. */
static AriTerm *reduceMapInterchange(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE) || !ariRuleIs(K(t, 2), ARI_TERM_TRANSPOSE))
    return NULL;
  AriPatternKind k = ariTermPatternKind(t);
  if (k != ARI_PAT_NONE && k != ARI_PAT_SEQ && k != ARI_PAT_UNROLL)
    return NULL;
  AriTerm *f = K(t, 0), *init = K(t, 1), *x = K(K(t, 2), 0);
  /* \as ys. map (\p. G) (zip as ys) */
  if (!ariRuleIs(f, ARI_TERM_LAM) || !ariRuleIs(K(f, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *m = K(K(f, 0), 0);
  if (!isMapHL(m) || !ariRuleIs(K(m, 0), ARI_TERM_LAM) || !ariRuleIs(K(m, 1), ARI_TERM_ZIP) ||
      !isVar(K(K(m, 1), 0), 1) || !isVar(K(K(m, 1), 1), 0))
    return NULL;
  /* the initial accumulators: map (\r. i) x over the same x (i may use r:
   * each row then starts from its own value), or over any array of as many
   * rows when i does not use r (n copies of i either way) */
  if (!isMapHL(init) || !ariRuleIs(K(init, 0), ARI_TERM_LAM) ||
      (K(init, 1) != x && ariTermHasFree(K(K(init, 0), 0), 0)))
    return NULL;
  AriTerm *G = K(K(m, 0), 0); /* VAR 0 = p, 1 = ys, 2 = as */
  if (ariTermHasFree(G, 1) || ariTermHasFree(G, 2))
    return NULL;
  const AriType *pT = ariTermLamParam(K(m, 0)), *rowT = elemOf(x);
  /* G under p alone, then under a, y, p; fst p, snd p become a, y */
  AriTerm *g0 = ariRuleDropBinder(s, ariRuleDropBinder(s, G, 2), 1);
  g0 = g0 ? ariTermShift(s, g0, 2, 1) : NULL;
  int budget = 4096;
  AriTerm *g1 = g0 ? unpairProj(s, g0, 0, &budget) : NULL;
  AriTerm *gb = g1 ? ariRuleDropBinder(s, g1, 0) : NULL;
  if (!gb || !rowT)
    return NULL;
  /* under r: g moves one binder deeper; i is already there */
  AriTerm *g = ariTermLam(s, ariTypeFirst(pT), ariTermLam(s, ariTypeSecond(pT), gb));
  g = g ? ariTermShift(s, g, 1, 0) : NULL;
  AriTerm *red = ariTermReduce(s, k, g, K(K(init, 0), 0), ariTermVar(s, 0, rowT));
  return ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, rowT, red), x);
}

/* For mapReduceInterchangeAcc: map (\r. b) x for b under the binder r,
 * written without the map where it is the identity (b = r: x) or a zip's
 * projection (b = fst r / snd r over x = zip a y: a / y), so that the
 * thesis's form `... as (transpose ys)` comes out as it writes it. */
static AriTerm *mapOfRow(AriTermStore *s, const AriType *rowT, AriTerm *b, AriTerm *x) {
  if (isVar(b, 0))
    return x;
  bool fst = ariRuleIs(b, ARI_TERM_FST), snd = ariRuleIs(b, ARI_TERM_SND);
  if ((fst || snd) && isVar(K(b, 0), 0) && ariRuleIs(x, ARI_TERM_ZIP))
    return K(x, fst ? 0 : 1);
  return ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, rowT, b), x);
}

/* mapReduceInterchange where each row's reduction starts from its own
 * accumulator i(r) and reduces any array e(r) derived from the row: after
 * tileReduce, the inner reduction of a tile starts from the outer one's
 * accumulator (reduce/seq (\a b. reduce/seq f a b) i (split p x)), and
 * lifting it above the tile's maps needs exactly this (thesis Appendix C's
 * reorder1/reorder2). Row r's fold from i(r) over e(r) is, column by
 * column, the same fold in the same order: exact. */
static AriTerm *mapReduceInterchangeAcc(AriTermStore *s, AriTerm *t) {
  if (!isMapHL(t) || !ariRuleIs(K(t, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *r = K(K(t, 0), 0);
  if (!ariRuleIs(r, ARI_TERM_REDUCE) || ariTermHasFree(K(r, 0), 0))
    return NULL;
  AriPatternKind k = ariTermPatternKind(r);
  if (k != ARI_PAT_NONE && k != ARI_PAT_SEQ && k != ARI_PAT_UNROLL)
    return NULL;
  AriTerm *x = K(t, 1);
  const AriType *rowT = ariTermLamParam(K(t, 0));
  const AriType *accT = ariTermType(K(r, 1)), *eT = elemOf(K(r, 2));
  AriTerm *g = ariRuleDropBinder(s, K(r, 0), 0);
  AriTerm *inits = mapOfRow(s, rowT, K(r, 1), x);
  AriTerm *es = mapOfRow(s, rowT, K(r, 2), x);
  AriTerm *xt = es ? ariTermTranspose(s, es) : NULL;
  if (!g || !inits || !xt || !eT)
    return NULL;
  return interchanged(s, g, accT, eT, inits, xt);
}

/*--- slide / transpose --------------------------------------------------------*/

static AriTerm *mapOfVar0(AriTermStore *s, const AriType *elemT, AriTerm *bodyOfVar0,
                          AriTerm *xs) {
  return ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, elemT, bodyOfVar0), xs);
}

/* The rows of k.n.t regrouped as k.(n/v).<v>t, column vectors of v lanes:
 * transpose, as_vector each column, transpose back. NULL when ill-typed. */
static AriTerm *vectorColumns(AriTermStore *s, AriTerm *x, int64_t v) {
  AriTerm *xt = ariTermTranspose(s, x);
  if (!xt)
    return NULL;
  const AriType *colT = elemOf(xt);
  return ariTermTranspose(
      s, mapOfVar0(s, colT, ariTermAsVector(s, v, ariTermVar(s, 0, colT)), xt));
}

static AriTerm *slideAfterSplit(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_SPLIT) || !ariRuleIs(K(t, 0), ARI_TERM_SLIDE))
    return NULL;
  AriTerm *sl = K(t, 0);
  int64_t p = A(t, 0), n = A(sl, 0), m = A(sl, 1);
  AriTerm *outer = ariTermSlide(s, p * m + n - m, p * m, K(sl, 0));
  if (!outer)
    return NULL;
  const AriType *ct = elemOf(outer);
  return mapOfVar0(s, ct, ariTermSlide(s, n, m, ariTermVar(s, 0, ct)), outer);
}

/* map (λc. map f c) chunks: f applied inside each window or chunk, for
 * the rules that move a slide or split before a map. */
static AriTerm *mapEachChunk(AriTermStore *s, AriTerm *f, AriTerm *chunks) {
  if (!chunks)
    return NULL;
  const AriType *ct = elemOf(chunks);
  return mapOfVar0(
      s, ct, ariTermMap(s, ARI_PAT_NONE, -1, ariTermShift(s, f, 1, 0), ariTermVar(s, 0, ct)),
      chunks);
}

static AriTerm *slideBeforeMap(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_SLIDE) || !isMapHL(K(t, 0)))
    return NULL;
  AriTerm *m = K(t, 0);
  return mapEachChunk(s, K(m, 0), ariTermSlide(s, A(t, 0), A(t, 1), K(m, 1)));
}

static AriTerm *slideAfterMapMapF(AriTermStore *s, AriTerm *t) {
  AriTerm *fi = mapMapInner(t);
  if (!fi || !ariRuleIs(K(t, 1), ARI_TERM_SLIDE))
    return NULL;
  AriTerm *sl = K(t, 1);
  return ariTermSlide(s, A(sl, 0), A(sl, 1),
                      ariTermMap(s, ARI_PAT_NONE, -1, ariRuleDropBinder(s, fi, 0), K(sl, 0)));
}

static AriTerm *slideBeforeSlide(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_SLIDE) || !ariRuleIs(K(t, 0), ARI_TERM_SLIDE))
    return NULL;
  AriTerm *in = K(t, 0);
  int64_t m = A(t, 0), k = A(t, 1), n = A(in, 0), st = A(in, 1);
  AriTerm *outer = ariTermSlide(s, (m - 1) * st + n, k * st, K(in, 0));
  if (!outer)
    return NULL;
  const AriType *ct = elemOf(outer);
  return mapOfVar0(s, ct, ariTermSlide(s, n, st, ariTermVar(s, 0, ct)), outer);
}

/* slideAfterMapDeep's search in the body t of map (\w. t) (slide ..),
 * under d binders of that body (w is VAR d): the function f of the first
 * high-level map over w whose f uses neither w nor a variable bound inside
 * the body, moved out of the lambda (shifted by -(d+1)); NULL if none. */
static AriTerm *findMapOverVar(AriTermStore *s, AriTerm *t, uint32_t d, int *budget) {
  if (!ariTermHasFree(t, d) || d > 64 || --*budget < 0)
    return NULL;
  if (isMapHL(t) && isVar(K(t, 1), d)) {
    AriTerm *f = K(t, 0);
    bool uses = false;
    for (uint32_t i = 0; i <= d && !uses; ++i)
      uses = ariTermHasFree(f, i);
    if (!uses)
      return ariTermShift(s, f, -(int32_t)(d + 1), 0);
  }
  AriTermKind k = ariTermKind(t);
  uint32_t kd = k == ARI_TERM_LAM ? d + 1 : d;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i) {
    AriTerm *f = findMapOverVar(s, K(t, i), kd, budget);
    if (f)
      return f;
  }
  return NULL;
}

/* Replaces every `map f w` (w = VAR d, f = fOut moved under d+1 binders)
 * in t by VAR d of type wT; *ok becomes false if w has another use (or the
 * walk, which visits a shared subterm once per path, exceeds *budget). */
static AriTerm *replaceMapOverVar(AriTermStore *s, AriTerm *t, uint32_t d, AriTerm *fOut,
                                  const AriType *wT, bool *ok, int *budget) {
  if (!*ok || !ariTermHasFree(t, d))
    return t;
  if (--*budget < 0) {
    *ok = false;
    return t;
  }
  if (isMapHL(t) && isVar(K(t, 1), d) && K(t, 0) == ariTermShift(s, fOut, (int32_t)(d + 1), 0))
    return ariTermVar(s, d, wT);
  AriTermKind k = ariTermKind(t);
  unsigned n = ariTermNumKids(t);
  if (k == ARI_TERM_VAR || n > 16 || d > 64) {
    *ok = false;
    return t;
  }
  uint32_t kd = k == ARI_TERM_LAM ? d + 1 : d;
  AriTerm *kids[16];
  for (unsigned i = 0; i < n; ++i)
    kids[i] = replaceMapOverVar(s, K(t, i), kd, fOut, wT, ok, budget);
  if (!*ok)
    return t;
  AriTerm *r = ariTermRebuild(s, t, kids);
  if (!r)
    *ok = false;
  return r ? r : t;
}

/* map (\w. C[map f w]) (slide n m x) -> map (\w. C[w]) (slide n m (map f x)):
 * slideAfterMapMapF when the map over the window is deep in the body (the
 * thesis's pushSeparation: the vertical dots of a separated convolution
 * computed once per column, before the horizontal windows). */
static AriTerm *slideAfterMapDeep(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_MAP) || ariTermPatternKind(t) == ARI_PAT_VEC ||
      !ariRuleIs(K(t, 1), ARI_TERM_SLIDE) || !ariRuleIs(K(t, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *sl = K(t, 1), *body = K(K(t, 0), 0);
  int budget = 4096;
  AriTerm *f = findMapOverVar(s, body, 0, &budget);
  if (!f)
    return NULL;
  AriTerm *mx = ariTermMap(s, ARI_PAT_NONE, -1, f, K(sl, 0));
  AriTerm *nsl = mx ? ariTermSlide(s, A(sl, 0), A(sl, 1), mx) : NULL;
  if (!nsl)
    return NULL;
  const AriType *wT = elemOf(nsl);
  bool ok = true;
  budget = 4096;
  AriTerm *nb = replaceMapOverVar(s, body, 0, f, wT, &ok, &budget);
  if (!ok)
    return NULL;
  return ariTermMap(s, ariTermPatternKind(t), ariTermMapDim(t), ariTermLam(s, wT, nb), nsl);
}

/* zip (map f (slide n m a)) (map g (slide n m b)) -> map (\w. pair (f (map
 * fst w)) (g (map snd w))) (slide n m (zip a b)): two stages reading windows
 * alike read one window of pairs (Harris's three 3x3 sums: one stream of
 * product lines instead of three). */
static AriTerm *zipSlideMapFusion(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_ZIP) || !isMapHL(K(t, 0)) || !isMapHL(K(t, 1)))
    return NULL;
  AriTerm *ma = K(t, 0), *mb = K(t, 1), *sa = K(ma, 1), *sb = K(mb, 1);
  if (!ariRuleIs(sa, ARI_TERM_SLIDE) || !ariRuleIs(sb, ARI_TERM_SLIDE) || A(sa, 0) != A(sb, 0) ||
      A(sa, 1) != A(sb, 1))
    return NULL;
  AriTerm *z = ariTermZip(s, K(sa, 0), K(sb, 0));
  AriTerm *sl = z ? ariTermSlide(s, A(sa, 0), A(sa, 1), z) : NULL;
  if (!sl)
    return NULL;
  const AriType *wT = elemOf(sl), *pT = ariTypeElem(wT);
  AriTerm *w = ariTermVar(s, 0, wT), *p = ariTermVar(s, 0, pT);
  AriTerm *fw = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, pT, ariTermFst(s, p)), w);
  AriTerm *gw = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, pT, ariTermSnd(s, p)), w);
  AriTerm *fa = fw ? ariRuleApply1(s, ariTermShift(s, K(ma, 0), 1, 0), fw) : NULL;
  AriTerm *gb = gw ? ariRuleApply1(s, ariTermShift(s, K(mb, 0), 1, 0), gw) : NULL;
  if (!fa || !gb)
    return NULL;
  return mapOfVar0(s, wT, ariTermPair(s, fa, gb), sl);
}

/* split p (map f x): the chunks of a map are the map of the chunks. */
static AriTerm *splitBeforeMap(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_SPLIT) || !isMapHL(K(t, 0)))
    return NULL;
  AriTerm *m = K(t, 0);
  return mapEachChunk(s, K(m, 0), ariTermSplit(s, A(t, 0), K(m, 1)));
}

/* split p (zip a b): both sides split alike, each pair of chunks zipped
 * again, so that the split can go on into a and b separately. */
static AriTerm *splitBeforeZip(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_SPLIT) || !ariRuleIs(K(t, 0), ARI_TERM_ZIP))
    return NULL;
  AriTerm *z = K(t, 0);
  AriTerm *za = ariTermSplit(s, A(t, 0), K(z, 0)), *zb = ariTermSplit(s, A(t, 0), K(z, 1));
  AriTerm *zz = za && zb ? ariTermZip(s, za, zb) : NULL;
  if (!zz)
    return NULL;
  const AriType *qt = elemOf(zz);
  AriTerm *q = ariTermVar(s, 0, qt);
  return mapOfVar0(s, qt, ariTermZip(s, ariTermFst(s, q), ariTermSnd(s, q)), zz);
}

static AriTerm *mapSlideAfterTranspose(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_TRANSPOSE) || !isMapHL(K(t, 0)))
    return NULL;
  AriTerm *m = K(t, 0), *f = K(m, 0);
  if (!ariRuleIs(f, ARI_TERM_LAM) || !ariRuleIs(K(f, 0), ARI_TERM_SLIDE) ||
      !isVar(K(K(f, 0), 0), 0))
    return NULL;
  AriTerm *sl = ariTermSlide(s, A(K(f, 0), 0), A(K(f, 0), 1), ariTermTranspose(s, K(m, 1)));
  if (!sl)
    return NULL;
  const AriType *wt = elemOf(sl);
  return mapOfVar0(s, wt, ariTermTranspose(s, ariTermVar(s, 0, wt)), sl);
}

static AriTerm *transposeMapMap(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_TRANSPOSE))
    return NULL;
  AriTerm *fi = mapMapInner(K(t, 0));
  if (!fi)
    return NULL;
  AriTerm *xt = ariTermTranspose(s, K(K(t, 0), 1));
  if (!xt)
    return NULL;
  const AriType *rt = elemOf(xt);
  return mapOfVar0(s, rt, ariTermMap(s, ARI_PAT_NONE, -1, fi, ariTermVar(s, 0, rt)), xt);
}

static AriTerm *mapMapTranspose(AriTermStore *s, AriTerm *t) {
  AriTerm *fi = mapMapInner(t);
  if (!fi || !ariRuleIs(K(t, 1), ARI_TERM_TRANSPOSE))
    return NULL;
  AriTerm *x = K(K(t, 1), 0);
  const AriType *rt = elemOf(x);
  return ariTermTranspose(
      s, mapOfVar0(s, rt, ariTermMap(s, ARI_PAT_NONE, -1, fi, ariTermVar(s, 0, rt)), x));
}

/*--- vectorisation ----------------------------------------------------------*/

/* Lane-wise ops a vector version of which means the same per lane. */
static bool laneWise(const char *op) {
  static const char *const ok[] = {
      "arith.addf",    "arith.subf",    "arith.mulf",   "arith.divf",  "arith.maximumf",
      "arith.minimumf", "arith.maxnumf", "arith.minnumf", "arith.negf", "arith.addi",
      "arith.subi",    "arith.muli",    "arith.maxsi",  "arith.minsi", "arith.andi",
      "arith.ori",     "arith.xori",    "math.absf",    "math.exp",    "math.sqrt",
      "math.fma"};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; ++i)
    if (!strcmp(op, ok[i]))
      return true;
  return false;
}

/* How a vectoriser converts an operand of a lane-wise op (laneOp). */
typedef AriTerm *(*LaneFn)(AriTermStore *s, AriTerm *b, int64_t v, const void *ctx,
                           unsigned depth);

/* b, a lane-wise arith/math op on scalars of its own type, rebuilt on
 * v-lane vectors with each operand converted by fn; NULL when b is no
 * such op or an operand does not convert. */
static AriTerm *laneOp(AriTermStore *s, AriTerm *b, int64_t v, LaneFn fn, const void *ctx,
                       unsigned depth) {
  if (!ariRuleIs(b, ARI_TERM_OP) || !laneWise(ariSymStr(ariTermSym(b))))
    return NULL;
  unsigned n = ariTermNumKids(b);
  if (n > 3)
    return NULL;
  const AriType *bt = ariTermType(b);
  AriTerm *kids[3];
  for (unsigned i = 0; i < n; ++i)
    if (ariTermType(K(b, i)) != bt || !(kids[i] = fn(s, K(b, i), v, ctx, depth + 1)))
      return NULL;
  return ariTermOp(s, ariSymStr(ariTermSym(b)), ariSymStr(ariTermSym2(b)), kids, n,
                   ariTypeVector(s, v, bt));
}

static AriTerm *vectorizeBody(AriTermStore *s, AriTerm *b, int64_t v);

static AriTerm *vectorizeBodyFn(AriTermStore *s, AriTerm *b, int64_t v, const void *ctx,
                                unsigned depth) {
  (void)ctx, (void)depth;
  return vectorizeBody(s, b, v);
}

/* g's body (VAR 0, VAR 1 scalars of type sT) on vectors of width v; the
 * other scalar subterms (constants, captured values) are broadcast. depth
 * counts binders entered (none: the body is lambda-free here). */
static AriTerm *vectorizeBody(AriTermStore *s, AriTerm *b, int64_t v) {
  const AriType *bt = ariTermType(b);
  if (ariTypeKind(bt) != ARI_TYPE_SCALAR)
    return NULL;
  const AriType *vt = ariTypeVector(s, v, bt);
  if (ariRuleIs(b, ARI_TERM_VAR) && ariTermVarIndex(b) <= 1)
    return ariTermVar(s, ariTermVarIndex(b), vt);
  if (!ariTermHasFree(b, 0) && !ariTermHasFree(b, 1))
    return ariTermVectorFromScalar(s, v, b); /* same depth: no shift */
  return laneOp(s, b, v, vectorizeBodyFn, NULL, 0);
}

static AriTerm *vectorizeBeforeMap(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_AS_VECTOR) || !isMapHL(K(t, 0)))
    return NULL;
  AriTerm *m = K(t, 0);
  const AriType *ft = ariTermType(K(m, 0));
  if (ariTypeKind(ariTypeFirst(ft)) != ARI_TYPE_SCALAR ||
      ariTypeKind(ariTypeSecond(ft)) != ARI_TYPE_SCALAR)
    return NULL;
  AriTerm *av = ariTermAsVector(s, A(t, 0), K(m, 1));
  if (!av)
    return NULL;
  const AriType *vt = elemOf(av);
  return mapOfVar0(
      s, vt, ariTermMap(s, ARI_PAT_VEC, -1, ariTermShift(s, K(m, 0), 1, 0), ariTermVar(s, 0, vt)),
      av);
}

static AriTerm *vectorizeBeforeMapReduce(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_AS_VECTOR) || !isMapHL(K(t, 0)))
    return NULL;
  int64_t v = A(t, 0);
  AriTerm *m = K(t, 0), *f = K(m, 0);
  if (!ariRuleIs(f, ARI_TERM_LAM))
    return NULL;
  AriTerm *r = K(f, 0);
  if (!ariRuleIs(r, ARI_TERM_REDUCE) || !isVar(K(r, 2), 0) || ariTermHasFree(K(r, 0), 0) ||
      ariTermHasFree(K(r, 1), 0))
    return NULL;
  AriTerm *g = K(r, 0);
  if (!ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM))
    return NULL;
  const AriType *sT = ariTermType(K(r, 1));
  if (ariTypeKind(sT) != ARI_TYPE_SCALAR || ariTermLamParam(K(g, 0)) != sT)
    return NULL;
  /* g sits under the row binder (unused); its body under two more. */
  AriTerm *gb = vectorizeBody(s, K(K(g, 0), 0), v);
  if (!gb)
    return NULL;
  const AriType *vT = ariTypeVector(s, v, sT);
  AriTerm *gv = ariTermLam(s, vT, ariTermLam(s, vT, gb));
  AriTerm *xin = vectorColumns(s, K(m, 1), v);
  if (!xin)
    return NULL;
  const AriType *rowT = elemOf(xin);
  AriTerm *red = ariTermReduce(s, ariTermPatternKind(r), gv,
                               ariTermVectorFromScalar(s, v, K(r, 1)), ariTermVar(s, 0, rowT));
  return mapOfVar0(s, rowT, red, xin);
}

/* vectorizePairBody's arguments, for laneOp. */
typedef struct {
  unsigned lane;
  const AriType *pT;
} PairLanes;

static AriTerm *vectorizePairBody(AriTermStore *s, AriTerm *b, int64_t v, unsigned lane,
                                  const AriType *pT);

static AriTerm *vectorizePairBodyFn(AriTermStore *s, AriTerm *b, int64_t v, const void *ctx,
                                    unsigned depth) {
  const PairLanes *p = ctx;
  (void)depth;
  return vectorizePairBody(s, b, v, p->lane, p->pT);
}

/* g's body for vectorizeBeforeMapZipReduce: VAR 1 the accumulator, VAR 0
 * a pair whose component `lane` (0 fst, 1 snd) becomes a vector and whose
 * other component is broadcast; pT is the new pair type. */
static AriTerm *vectorizePairBody(AriTermStore *s, AriTerm *b, int64_t v, unsigned lane,
                                  const AriType *pT) {
  const AriType *bt = ariTermType(b);
  if (ariTypeKind(bt) != ARI_TYPE_SCALAR)
    return NULL;
  const AriType *vt = ariTypeVector(s, v, bt);
  if (isVar(b, 1))
    return ariTermVar(s, 1, vt);
  if (!ariTermHasFree(b, 0) && !ariTermHasFree(b, 1))
    return ariTermVectorFromScalar(s, v, b);
  bool fst = ariRuleIs(b, ARI_TERM_FST), snd = ariRuleIs(b, ARI_TERM_SND);
  if ((fst || snd) && isVar(K(b, 0), 0)) {
    AriTerm *p = ariTermVar(s, 0, pT);
    AriTerm *proj = fst ? ariTermFst(s, p) : ariTermSnd(s, p);
    return (unsigned)snd == lane ? proj : ariTermVectorFromScalar(s, v, proj);
  }
  PairLanes ctx = {lane, pT};
  return laneOp(s, b, v, vectorizePairBodyFn, &ctx, 0);
}

static AriTerm *vectorizeBeforeMapZipReduce(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_AS_VECTOR) || !isMapHL(K(t, 0)))
    return NULL;
  int64_t v = A(t, 0);
  AriTerm *m = K(t, 0), *f = K(m, 0);
  if (!ariRuleIs(f, ARI_TERM_LAM))
    return NULL;
  AriTerm *r = K(f, 0);
  if (!ariRuleIs(r, ARI_TERM_REDUCE) || ariTermPatternKind(r) == ARI_PAT_NONE ||
      !ariRuleIs(K(r, 2), ARI_TERM_ZIP) || ariTermHasFree(K(r, 0), 0) ||
      ariTermHasFree(K(r, 1), 0))
    return NULL;
  AriTerm *z = K(r, 2);
  int lane = zipSideOfVar0(z); /* which zip operand is the column c */
  if (lane < 0)
    return NULL;
  AriTerm *g = K(r, 0);
  if (!ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM))
    return NULL;
  const AriType *sT = ariTermType(K(r, 1));
  AriTerm *other = K(z, 1 - lane); /* r, under the column binder */
  const AriType *oT = ariTypeElem(ariTermType(other));
  const AriType *cT = ariTypeElem(ariTermLamParam(f));
  if (ariTypeKind(sT) != ARI_TYPE_SCALAR || ariTypeKind(cT) != ARI_TYPE_SCALAR ||
      ariTypeKind(oT) != ARI_TYPE_SCALAR)
    return NULL;
  const AriType *cvT = ariTypeVector(s, v, cT);
  const AriType *pT = lane ? ariTypePair(s, oT, cvT) : ariTypePair(s, cvT, oT);
  AriTerm *gb = vectorizePairBody(s, K(K(g, 0), 0), v, lane, pT);
  if (!gb)
    return NULL;
  const AriType *vT = ariTypeVector(s, v, sT);
  AriTerm *gv = ariTermLam(s, vT, ariTermLam(s, pT, gb));
  AriTerm *xin = vectorColumns(s, K(m, 1), v);
  if (!xin)
    return NULL;
  const AriType *rowT = elemOf(xin);
  AriTerm *cv = ariTermVar(s, 0, rowT);
  AriTerm *zv = lane ? ariTermZip(s, other, cv) : ariTermZip(s, cv, other);
  AriTerm *red = ariTermReduce(s, ariTermPatternKind(r), gv, ariTermVectorFromScalar(s, v, K(r, 1)),
                               zv);
  return mapOfVar0(s, rowT, red, xin);
}

/* For vectorizeBeforeMapZip: x, an array of scalars or of (nested) pairs
 * of scalars, as vector arrays zipped in the same shape (the thesis's
 * asVector of unzip's components); a component of a zip term is taken as
 * it is, otherwise projected with a map. NULL when a component is not a
 * scalar or v does not divide the length. */
static AriTerm *vectorArrays(AriTermStore *s, AriTerm *x, int64_t v, unsigned depth) {
  const AriType *et = elemOf(x);
  if (!et || depth > 8)
    return NULL;
  if (ariTypeKind(et) == ARI_TYPE_SCALAR)
    return ariTermAsVector(s, v, x);
  if (ariTypeKind(et) != ARI_TYPE_PAIR)
    return NULL;
  AriTerm *parts[2];
  for (unsigned i = 0; i < 2; ++i) {
    if (ariRuleIs(x, ARI_TERM_ZIP)) {
      parts[i] = K(x, i);
    } else {
      AriTerm *q = ariTermVar(s, 0, et);
      parts[i] = mapOfVar0(s, et, i ? ariTermSnd(s, q) : ariTermFst(s, q), x);
    }
    parts[i] = parts[i] ? vectorArrays(s, parts[i], v, depth + 1) : NULL;
    if (!parts[i])
      return NULL;
  }
  return ariTermZip(s, parts[0], parts[1]);
}

/* For vectorizeReduce: a chain of fst/snd ending in VAR 0, the same chain
 * on VAR 0 of type yT (the vectors of the element's components). */
static AriTerm *projOnVectors(AriTermStore *s, AriTerm *b, const AriType *yT, unsigned depth) {
  if (isVar(b, 0))
    return ariTermVar(s, 0, yT);
  bool fst = ariRuleIs(b, ARI_TERM_FST), snd = ariRuleIs(b, ARI_TERM_SND);
  if (!(fst || snd) || depth > 8)
    return NULL;
  AriTerm *in = projOnVectors(s, K(b, 0), yT, depth + 1);
  return !in ? NULL : fst ? ariTermFst(s, in) : ariTermSnd(s, in);
}

/* For vectorizeReduce: e (under \a y.; VAR 1 is a, VAR 0 is y) on v
 * lanes: y's scalar projections as vectors, the other scalars (constants,
 * captured values) broadcast. NULL where e uses a or an op that is not
 * lane-wise. */
static AriTerm *lanesOfReduce(AriTermStore *s, AriTerm *b, int64_t v, const void *yT,
                              unsigned depth) {
  if (ariTypeKind(ariTermType(b)) != ARI_TYPE_SCALAR || depth > 64)
    return NULL;
  if (!ariTermHasFree(b, 0) && !ariTermHasFree(b, 1))
    return ariTermVectorFromScalar(s, v, b);
  if (isVar(b, 0) || ariRuleIs(b, ARI_TERM_FST) || ariRuleIs(b, ARI_TERM_SND))
    return projOnVectors(s, b, yT, 0);
  return laneOp(s, b, v, lanesOfReduce, yT, depth);
}

/* For vectorizeReduce and partialReduce: t is reduce/k (\a y. a op e(y)) i x
 * with k none, seq or unroll, op a binary lane-wise op on the accumulator's
 * type with the accumulator either operand (*side), e not using a.
 * Returns the body a op e(y), or NULL. */
static AriTerm *reduceOpBody(AriTerm *t, int *side) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE))
    return NULL;
  AriPatternKind k = ariTermPatternKind(t);
  AriTerm *g = K(t, 0);
  if ((k != ARI_PAT_NONE && k != ARI_PAT_SEQ && k != ARI_PAT_UNROLL) ||
      !ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *b = K(K(g, 0), 0);
  if (!ariRuleIs(b, ARI_TERM_OP) || ariTermNumKids(b) != 2 ||
      ariTermType(b) != ariTermType(K(t, 1)))
    return NULL;
  *side = isVar(K(b, 0), 1) ? 0 : isVar(K(b, 1), 1) ? 1 : -1; /* the accumulator's */
  return *side >= 0 && !ariTermHasFree(K(b, 1 - *side), 1) && laneWise(ariSymStr(ariTermSym(b)))
             ? b
             : NULL;
}

/* reduce/k (\a y. a op e(y)) i x -> reduce/unroll (\a b. a op b) i
 * (as_scalar (generate 1 (\_. reduce/k (\a y. a op e'(y)) (vfs v n) x'))):
 * v partial results in the lanes of one vector accumulator (v independent
 * chains, each step one vector op), added up at the end. The partial
 * results start from op's neutral element n and the whole from i, so the
 * result differs from the original by reassociation only. */
static AriTerm *vectorizeReduce(AriTermStore *s, AriTerm *t, int64_t v) {
  int side;
  AriTerm *b = v >= 2 ? reduceOpBody(t, &side) : NULL;
  if (!b)
    return NULL;
  AriPatternKind k = ariTermPatternKind(t);
  AriTerm *i = K(t, 1), *x = K(t, 2);
  const AriType *accT = ariTermType(i);
  int64_t n = ariTypeSize(ariTermType(x));
  if (ariTypeKind(accT) != ARI_TYPE_SCALAR || n < v || n % v)
    return NULL;
  const char *op = ariSymStr(ariTermSym(b));
  AriTerm *neutral = neutralOf(s, op, accT), *xv = vectorArrays(s, x, v, 0);
  if (!neutral || !xv)
    return NULL;
  const AriType *yT = elemOf(xv), *vT = ariTypeVector(s, v, accT);
  AriTerm *e = lanesOfReduce(s, K(b, 1 - side), v, yT, 0);
  if (!e)
    return NULL;
  AriTerm *kids[2];
  kids[side] = ariTermVar(s, 1, vT);
  kids[1 - side] = e;
  AriTerm *body = ariTermOp(s, op, ariSymStr(ariTermSym2(b)), kids, 2, vT);
  AriTerm *lanes = body ? ariTermReduce(s, k, ariTermLam(s, vT, ariTermLam(s, yT, body)),
                                        ariTermVectorFromScalar(s, v, neutral), xv)
                        : NULL;
  /* the vector as an array of one, its lanes as v scalars */
  AriTerm *one = lanes ? ariTermGenerate(s, 1, ariTermLam(s, ariTypeIndex(s),
                                                           ariTermShift(s, lanes, 1, 0)))
                       : NULL;
  AriTerm *flat = one ? ariTermAsScalar(s, one) : NULL;
  AriTerm *sk[2] = {ariTermVar(s, 1, accT), ariTermVar(s, 0, accT)};
  AriTerm *sum = ariTermOp(s, op, ariSymStr(ariTermSym2(b)), sk, 2, accT);
  return flat && sum ? ariTermReduce(s, ARI_PAT_UNROLL,
                                     ariTermLam(s, accT, ariTermLam(s, accT, sum)), i, flat)
                     : NULL;
}

/* reduce/k (\a y. a op e(y)) i x -> reduce/k' (\a b. a op b) i (map (\c.
 * reduce/k (\a y. a op e(y)) n c) (split (len/p) x)): p partial results of
 * independent chunks, each folded from op's neutral element n, combined at
 * the end (Halide's rfactor). The chunks share nothing, so the map over
 * them may run in parallel: the one way to spread a reduction that no loop
 * around it offers over several cores. The accumulator is a scalar or a
 * vector (after vectorizeReduce: each chunk its own vector of lanes); k'
 * unrolls the combination of up to 16 partial results. Equal up to
 * reassociation, as vectorizeReduce. */
static AriTerm *partialReduce(AriTermStore *s, AriTerm *t, int64_t p) {
  int side;
  AriTerm *b = p >= 2 ? reduceOpBody(t, &side) : NULL;
  if (!b)
    return NULL;
  AriPatternKind k = ariTermPatternKind(t);
  AriTerm *g = K(t, 0), *i = K(t, 1), *x = K(t, 2);
  const AriType *accT = ariTermType(i);
  AriTypeKind ak = ariTypeKind(accT);
  int64_t n = ariTypeSize(ariTermType(x));
  if ((ak != ARI_TYPE_SCALAR && ak != ARI_TYPE_VECTOR) || n < 2 * p || n % p)
    return NULL;
  const char *op = ariSymStr(ariTermSym(b));
  AriTerm *neutral = neutralOf(s, op, ak == ARI_TYPE_VECTOR ? ariTypeElem(accT) : accT);
  if (neutral && ak == ARI_TYPE_VECTOR)
    neutral = ariTermVectorFromScalar(s, ariTypeSize(accT), neutral);
  AriTerm *sp = neutral ? ariTermSplit(s, n / p, x) : NULL;
  if (!sp)
    return NULL;
  const AriType *cT = elemOf(sp);
  AriTerm *chunk = ariTermReduce(s, k, ariTermShift(s, g, 1, 0), neutral, ariTermVar(s, 0, cT));
  AriTerm *parts = chunk ? ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, cT, chunk), sp) : NULL;
  AriTerm *sk[2] = {ariTermVar(s, 1, accT), ariTermVar(s, 0, accT)};
  AriTerm *sum = ariTermOp(s, op, ariSymStr(ariTermSym2(b)), sk, 2, accT);
  return parts && sum ? ariTermReduce(s, p <= 16 ? ARI_PAT_UNROLL : ARI_PAT_SEQ,
                                      ariTermLam(s, accT, ariTermLam(s, accT, sum)), i, parts)
                      : NULL;
}

/* f's body b for vectorizeBeforeMapZip: VAR 0, the parameter, becomes a
 * pair of vectors (pT) and its projections follow; lane-wise ops are
 * rebuilt on vectors; scalars that do not use the parameter are broadcast
 * (same binder depth: no shift). NULL for anything else. */
static AriTerm *vectorizeProjBody(AriTermStore *s, AriTerm *b, int64_t v, const AriType *pT,
                                  int *budget) {
  if (--*budget < 0)
    return NULL;
  if (isVar(b, 0))
    return ariTermVar(s, 0, pT);
  bool fst = ariRuleIs(b, ARI_TERM_FST), snd = ariRuleIs(b, ARI_TERM_SND);
  if ((fst || snd) && ariTermHasFree(b, 0)) {
    AriTerm *k = vectorizeProjBody(s, K(b, 0), v, pT, budget);
    return k ? (fst ? ariTermFst(s, k) : ariTermSnd(s, k)) : NULL;
  }
  const AriType *bt = ariTermType(b);
  if (ariTypeKind(bt) != ARI_TYPE_SCALAR)
    return NULL;
  if (!ariTermHasFree(b, 0))
    return ariTermVectorFromScalar(s, v, b);
  if (!ariRuleIs(b, ARI_TERM_OP) || !laneWise(ariSymStr(ariTermSym(b))))
    return NULL;
  unsigned n = ariTermNumKids(b);
  if (n > 3)
    return NULL;
  AriTerm *kids[3];
  for (unsigned i = 0; i < n; ++i) {
    if (ariTermType(K(b, i)) != bt)
      return NULL;
    if (!(kids[i] = vectorizeProjBody(s, K(b, i), v, pT, budget)))
      return NULL;
  }
  return ariTermOp(s, ariSymStr(ariTermSym(b)), ariSymStr(ariTermSym2(b)), kids, n,
                   ariTypeVector(s, v, bt));
}

/* as_vector v (map f x) for x of (nested) pairs of scalars: the map runs
 * over the zip of the components' vector arrays with f on vectors (the
 * thesis's Listing C.15: asScalar (map f (zip (asVector (fst (unzip x)))
 * ..))). vectorizeBeforeMap keeps f scalar (map/vec); here the arithmetic
 * itself is on vectors, which is what containsAddMulVec asks for. */
static AriTerm *vectorizeBeforeMapZip(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_AS_VECTOR) || !isMapHL(K(t, 0)))
    return NULL;
  int64_t v = A(t, 0);
  AriTerm *m = K(t, 0), *f = K(m, 0);
  if (!ariRuleIs(f, ARI_TERM_LAM) || ariTypeKind(ariTermType(K(f, 0))) != ARI_TYPE_SCALAR)
    return NULL;
  AriTerm *xs = vectorArrays(s, K(m, 1), v, 0);
  if (!xs)
    return NULL;
  const AriType *pT = elemOf(xs);
  int budget = 4096;
  AriTerm *b = vectorizeProjBody(s, K(f, 0), v, pT, &budget);
  return b ? mapOfVar0(s, pT, b, xs) : NULL;
}

/*--- storage folding ----------------------------------------------------------*/

static AriTerm *identityOn(AriTermStore *s, const AriType *t) {
  return ariTermLam(s, t, ariTermVar(s, 0, t));
}

static AriTerm *slideToFolded(AriTermStore *s, AriTerm *t, AriAddrSpace a, bool cbuf) {
  if (!ariRuleIs(t, ARI_TERM_SLIDE) || A(t, 1) != 1)
    return NULL;
  AriTerm *x = K(t, 0);
  const AriType *e = elemOf(x);
  int64_t m = A(t, 0);
  return cbuf ? ariTermCircularBuffer(s, a, m, m, identityOn(s, e), x)
              : ariTermRotateValues(s, a, m, identityOn(s, e), x);
}

static AriTerm *cBufferLoadFusion(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_CIRCULAR_BUFFER) || !isMapHL(K(t, 1)))
    return NULL;
  AriTerm *m = K(t, 1);
  return ariTermCircularBuffer(s, ariTermAddr(t), A(t, 1), A(t, 2),
                               ariRuleCompose(s, K(t, 0), K(m, 0)), K(m, 1));
}

static AriTerm *useIterateStream(AriTermStore *s, AriTerm *t) {
  if (!isMapHL(t) || !(ariRuleIs(K(t, 1), ARI_TERM_CIRCULAR_BUFFER) ||
                       ariRuleIs(K(t, 1), ARI_TERM_ROTATE_VALUES)))
    return NULL;
  return ariTermMap(s, ARI_PAT_ITERATE, -1, K(t, 0), K(t, 1));
}

/*--- lowering choices ---------------------------------------------------------*/

static AriTerm *lowerMap(AriTermStore *s, AriTerm *t, AriPatternKind k, int dim) {
  /* unrolling also applies to a sequential map (thesis: unrollReductions) */
  bool seqOk = k == ARI_PAT_UNROLL && ariRuleIs(t, ARI_TERM_MAP) &&
               ariTermPatternKind(t) == ARI_PAT_SEQ;
  if (!isMapHL(t) && !seqOk)
    return NULL;
  return ariTermMap(s, k, dim, K(t, 0), K(t, 1));
}

static AriTerm *lowerReduce(AriTermStore *s, AriTerm *t, AriPatternKind k) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE))
    return NULL;
  AriPatternKind from = ariTermPatternKind(t);
  if (from != ARI_PAT_NONE && !(k == ARI_PAT_UNROLL && from == ARI_PAT_SEQ))
    return NULL;
  return ariTermReduce(s, k, K(t, 0), K(t, 1), K(t, 2));
}

/* The two introductions below only make sense where something later
 * rewrites one side (a copy loop to be stored, a transpose to be pushed
 * into a map): on their own they grow the term without end under a
 * repeated strategy, so they refuse their own output. */
static AriTerm *createTransposePair(AriTermStore *s, AriTerm *t) {
  const AriType *ty = ariTermType(t);
  if (ariTypeKind(ty) != ARI_TYPE_ARRAY || ariTypeKind(ariTypeElem(ty)) != ARI_TYPE_ARRAY ||
      ariRuleIs(t, ARI_TERM_TRANSPOSE))
    return NULL;
  return ariTermTranspose(s, ariTermTranspose(s, t));
}

static AriTerm *createMapId(AriTermStore *s, AriTerm *t) {
  const AriType *ty = ariTermType(t);
  if (ariTypeKind(ty) != ARI_TYPE_ARRAY)
    return NULL;
  if (ariRuleIs(t, ARI_TERM_MAP) && ariRuleIs(K(t, 0), ARI_TERM_LAM) && isVar(K(K(t, 0), 0), 0))
    return NULL;
  const AriType *e = ariTypeElem(ty);
  return ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, e, ariTermVar(s, 0, e)), t);
}

static AriTerm *toMem(AriTermStore *s, AriTerm *t, AriAddrSpace a) {
  if (!ariTypeIsData(ariTermType(t)) || ariRuleIs(t, ARI_TERM_TO_MEM))
    return NULL;
  return ariTermToMem(s, a, t);
}

static AriTerm *introduceKernel(AriTermStore *s, AriTerm *t, const AriRuleInst *r) {
  if (!ariTypeIsData(ariTermType(t)) || !ariTermIsClosed(t) || ariRuleIs(t, ARI_TERM_KERNEL))
    return NULL;
  unsigned rank = r->nargs / 2;
  return ariTermKernel(s, rank, r->args, r->args + rank, t);
}

/*--- separateConvKernel ---------------------------------------------------------*/

static bool isConstF(const AriTerm *t, double v) {
  return ariRuleIs(t, ARI_TERM_CONST) && ariTypeIsFloat(ariTermType(t)) &&
         ariTermConstFloatValue(t) == v;
}

static bool isOpNamed(const AriTerm *t, const char *name) {
  return ariRuleIs(t, ARI_TERM_OP) && !strcmp(ariSymStr(ariTermSym(t)), name);
}

/* dot a b: reduce (\acc v. acc + v) 0 (map (\p. fst p * snd p) (zip a b)),
 * the multiplication in either order. */
static bool matchDot(const AriTerm *t, AriTerm **a, AriTerm **b) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE) || ariTermPatternKind(t) == ARI_PAT_UNROLL ||
      !isConstF(K(t, 1), 0.0))
    return false;
  AriTerm *g = K(t, 0);
  if (!ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM))
    return false;
  AriTerm *gb = K(K(g, 0), 0);
  if (!isOpNamed(gb, "arith.addf") || !isVar(K(gb, 0), 1) || !isVar(K(gb, 1), 0))
    return false;
  AriTerm *m = K(t, 2);
  if (!isMapHL(m) || !ariRuleIs(K(m, 1), ARI_TERM_ZIP) || !ariRuleIs(K(m, 0), ARI_TERM_LAM))
    return false;
  AriTerm *mb = K(K(m, 0), 0);
  if (!isOpNamed(mb, "arith.mulf"))
    return false;
  AriTerm *l = K(mb, 0), *r = K(mb, 1);
  bool fs = ariRuleIs(l, ARI_TERM_FST) && ariRuleIs(r, ARI_TERM_SND);
  bool sf = ariRuleIs(l, ARI_TERM_SND) && ariRuleIs(r, ARI_TERM_FST);
  if (!(fs || sf) || !isVar(K(l, 0), 0) || !isVar(K(r, 0), 0))
    return false;
  *a = K(K(m, 1), 0);
  *b = K(K(m, 1), 1);
  return true;
}

static AriTerm *mkDot(AriTermStore *s, AriTerm *a, AriTerm *b) {
  const AriType *f32 = ariTypeF32(s);
  AriTerm *z = ariTermZip(s, a, b);
  if (!z)
    return NULL;
  const AriType *pT = elemOf(z);
  AriTerm *pv = ariTermVar(s, 0, pT);
  AriTerm *mo[2] = {ariTermFst(s, pv), ariTermSnd(s, pv)};
  AriTerm *prod = ariTermMap(s, ARI_PAT_NONE, -1,
                             ariTermLam(s, pT, ariTermOp(s, "arith.mulf", "", mo, 2, f32)), z);
  AriTerm *ao[2] = {ariTermVar(s, 1, f32), ariTermVar(s, 0, f32)};
  AriTerm *add = ariTermLam(s, f32, ariTermLam(s, f32, ariTermOp(s, "arith.addf", "", ao, 2, f32)));
  return ariTermReduce(s, ARI_PAT_NONE, add, ariTermConstFloat(s, f32, 0.0), prod);
}

/* Reads the numbers of a dense literal's text, in order; n on success. */
static int64_t literalValues(const char *text, double *vals, int64_t cap) {
  const char *p = strstr(text, "dense<");
  if (!p)
    return -1;
  p += 6;
  const char *end = strchr(p, '>');
  if (!end)
    return -1;
  int64_t n = 0;
  while (p < end) {
    if (*p == '-' || *p == '+' || *p == '.' || (*p >= '0' && *p <= '9')) {
      char *q;
      double v = strtod(p, &q);
      if (q == p || n == cap)
        return -1;
      vals[n++] = v;
      p = q;
    } else if (*p == '[' || *p == ']' || *p == ',' || *p == ' ') {
      ++p;
    } else {
      return -1; /* hex, true/false, ...: not handled */
    }
  }
  return n;
}

static AriTerm *mkLiteral1(AriTermStore *s, const double *v, int64_t n) {
  char buf[1024];
  AriStr o;
  ariStrInitFixed(&o, buf, sizeof buf);
  ariStrPuts(&o, "dense<[");
  for (int64_t i = 0; i < n; ++i)
    ariStrPrintf(&o, "%s%.9e", i ? ", " : "", (double)(float)v[i]);
  ariStrPrintf(&o, "]> : tensor<%lldxf32>", (long long)n);
  if (!ariStrOk(&o))
    return NULL;
  return ariTermLiteral(s, buf, ariTypeArray(s, n, ariTypeF32(s)));
}

static AriTerm *separateConvKernel(AriTermStore *s, AriTerm *t) {
  AriTerm *wj, *nj;
  if (!matchDot(t, &wj, &nj) || !ariRuleIs(wj, ARI_TERM_JOIN) || !ariRuleIs(nj, ARI_TERM_JOIN))
    return NULL;
  AriTerm *w = K(wj, 0), *nbh = K(nj, 0);
  if (!ariRuleIs(w, ARI_TERM_LITERAL))
    return NULL;
  const AriType *wt = ariTermType(w);
  int64_t rows = ariTypeSize(wt), cols = ariTypeSize(ariTypeElem(wt));
  if (ariTypeElem(ariTypeElem(wt)) != ariTypeF32(s) || rows * cols > 256 ||
      ariTermType(nbh) != wt)
    return NULL;
  double W[256], wv[16], wh[16];
  int64_t n = literalValues(ariSymStr(ariTermSym(w)), W, 256);
  if (n == 1)
    for (int64_t i = 1; i < rows * cols; ++i)
      W[i] = W[0];
  else if (n != rows * cols)
    return NULL;
  if (rows > 16 || cols > 16)
    return NULL;
  int64_t pr = 0, pc = 0;
  for (int64_t i = 0; i < rows * cols; ++i)
    if (fabs(W[i]) > fabs(W[pr * cols + pc]))
      pr = i / cols, pc = i % cols;
  double piv = W[pr * cols + pc];
  if (piv == 0.0)
    return NULL;
  for (int64_t i = 0; i < rows; ++i)
    wv[i] = W[i * cols + pc];
  for (int64_t j = 0; j < cols; ++j)
    wh[j] = (double)(float)(W[pr * cols + j] / piv);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) {
      double want = W[i * cols + j], got = (double)(float)wv[i] * wh[j];
      if (fabs(got - want) > 1e-6 * fabs(piv))
        return NULL; /* not an outer product */
    }
  AriTerm *wvL = mkLiteral1(s, wv, rows), *whL = mkLiteral1(s, wh, cols);
  AriTerm *cols_ = ariTermTranspose(s, nbh);
  if (!wvL || !whL || !cols_)
    return NULL;
  const AriType *colT = elemOf(cols_);
  AriTerm *perCol = mapOfVar0(s, colT, mkDot(s, wvL, ariTermVar(s, 0, colT)), cols_);
  return mkDot(s, whL, perCol);
}

/* reduce/k (\acc v. acc + v) 0 (join nbh), the float sum of a 2D window
 * (Harris's 3x3 box sums): summed per column first, as separateConvKernel
 * does for a separable weighted sum, so that the column sums can be shared
 * by neighbouring windows (slideAfterMapDeep, rotate_values). */
static AriTerm *separateSum(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE) || ariTermPatternKind(t) == ARI_PAT_UNROLL ||
      !ariRuleIs(K(t, 2), ARI_TERM_JOIN) || !ariRuleIs(K(t, 1), ARI_TERM_CONST) ||
      !ariTypeIsFloat(ariTermType(K(t, 1))) || ariTermConstFloatValue(K(t, 1)) != 0.0)
    return NULL;
  AriTerm *g = K(t, 0);
  if (!ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM))
    return NULL;
  AriTerm *gb = K(K(g, 0), 0);
  if (!isOpNamed(gb, "arith.addf") || !isVar(K(gb, 0), 1) || !isVar(K(gb, 1), 0) ||
      ariTermType(gb) != ariTermType(K(t, 1)))
    return NULL;
  AriTerm *cols = ariTermTranspose(s, K(K(t, 2), 0));
  if (!cols)
    return NULL;
  AriPatternKind k = ariTermPatternKind(t);
  const AriType *colT = elemOf(cols);
  AriTerm *colSum = ariTermReduce(s, k, ariTermShift(s, g, 1, 0), K(t, 1), ariTermVar(s, 0, colT));
  return ariTermReduce(s, k, g, K(t, 1), mapOfVar0(s, colT, colSum, cols));
}

/*--- dispatch -------------------------------------------------------------------*/

AriRuleStatus ariRuleApplyRise(AriRuleId id, const AriRuleInst *r, AriTermStore *s, AriTerm *t,
                               AriTerm **out) {
  AriTerm *res = NULL;
  switch (id) {
  case ARI_RULE_BETA: res = beta(s, t); break;
  case ARI_RULE_ETA: res = eta(s, t); break;
  case ARI_RULE_ETA_ABS: res = etaAbs(s, t); break;
  case ARI_RULE_MAP_FUSION: res = mapFusion(s, t); break;
  case ARI_RULE_MAP_FISSION: res = mapFission(s, t); break;
  case ARI_RULE_MAP_FISSION_DEEP: res = mapFissionDeep(s, t); break;
  case ARI_RULE_REDUCE_MAP_FUSION: res = reduceMapFusion(s, t, false); break;
  case ARI_RULE_REDUCE_SEQ_MAP_FUSION: res = reduceMapFusion(s, t, true); break;
  case ARI_RULE_SPLIT_JOIN: res = splitJoin(s, t, r->args[0]); break;
  case ARI_RULE_JOIN_SPLIT_MAP: res = joinSplitMap(s, t); break;
  case ARI_RULE_SPLIT_JOIN_ID: res = splitJoinId(t); break;
  case ARI_RULE_JOIN_SPLIT_ID: res = joinSplitId(t); break;
  case ARI_RULE_MAP_GENERATE: res = mapGenerate(s, t); break;
  case ARI_RULE_MAP_CONST_GENERATE: res = mapConstGenerate(s, t); break;
  case ARI_RULE_IDX_GENERATE: res = idxGenerate(s, t); break;
  case ARI_RULE_IDX_MAP: res = idxMap(s, t); break;
  case ARI_RULE_FST_PAIR:
    res = ariRuleIs(t, ARI_TERM_FST) && ariRuleIs(K(t, 0), ARI_TERM_PAIR) ? K(K(t, 0), 0) : NULL;
    break;
  case ARI_RULE_SND_PAIR:
    res = ariRuleIs(t, ARI_TERM_SND) && ariRuleIs(K(t, 0), ARI_TERM_PAIR) ? K(K(t, 0), 1) : NULL;
    break;
  case ARI_RULE_MAP_FST_ZIP: res = mapProjZip(t, ARI_TERM_FST); break;
  case ARI_RULE_MAP_SND_ZIP: res = mapProjZip(t, ARI_TERM_SND); break;
  case ARI_RULE_ZIP_MAP_FUSION: res = zipMapFusion(s, t); break;
  case ARI_RULE_MAP_PAIR_FISSION: res = mapPairFission(s, t); break;
  case ARI_RULE_ZIP_SAME: res = zipSame(s, t); break;
  case ARI_RULE_TILE_MAPS: res = tileMaps(s, t, r->args[0], r->args[1]); break;
  case ARI_RULE_TILE_REDUCE: res = tileReduce(s, t, r->args[0]); break;
  case ARI_RULE_PAD_SPLIT_JOIN: res = padSplitJoin(s, t, r->args[0]); break;
  case ARI_RULE_PAD_TILE_MAPS: res = padTileMaps(s, t, r->args[0], r->args[1]); break;
  case ARI_RULE_PAD_PIPELINE: res = padPipeline(s, t, r->args[0]); break;
  case ARI_RULE_STRIP_COLUMNS: res = stripColumns(s, t, r->args[0]); break;
  case ARI_RULE_PAD_REDUCE: res = padReduce(s, t, r->args[0]); break;
  case ARI_RULE_PEEL_REDUCE: res = peel(s, t, r->args[0], true); break;
  case ARI_RULE_PEEL_TAIL: res = peel(s, t, r->args[0], false); break;
  case ARI_RULE_REDUCE_JAM: res = reduceJam(s, t); break;
  case ARI_RULE_FISSION_REDUCE_MAP: res = fissionReduceMap(s, t); break;
  case ARI_RULE_MAP_MAP_INTERCHANGE: res = mapMapInterchange(s, t); break;
  case ARI_RULE_MAP_REDUCE_INTERCHANGE: res = mapReduceInterchange(s, t); break;
  case ARI_RULE_REDUCE_MAP_INTERCHANGE: res = reduceMapInterchange(s, t); break;
  case ARI_RULE_MAP_REDUCE_INTERCHANGE_ACC: res = mapReduceInterchangeAcc(s, t); break;
  case ARI_RULE_SLIDE_AFTER_SPLIT: res = slideAfterSplit(s, t); break;
  case ARI_RULE_SLIDE_BEFORE_MAP: res = slideBeforeMap(s, t); break;
  case ARI_RULE_SLIDE_AFTER_MAP_MAP_F: res = slideAfterMapMapF(s, t); break;
  case ARI_RULE_SLIDE_BEFORE_SLIDE: res = slideBeforeSlide(s, t); break;
  case ARI_RULE_SLIDE_AFTER_MAP_DEEP: res = slideAfterMapDeep(s, t); break;
  case ARI_RULE_SEPARATE_SUM: res = separateSum(s, t); break;
  case ARI_RULE_ZIP_SLIDE_MAP_FUSION: res = zipSlideMapFusion(s, t); break;
  case ARI_RULE_SPLIT_BEFORE_MAP: res = splitBeforeMap(s, t); break;
  case ARI_RULE_SPLIT_BEFORE_ZIP: res = splitBeforeZip(s, t); break;
  case ARI_RULE_MAP_SLIDE_AFTER_TRANSPOSE: res = mapSlideAfterTranspose(s, t); break;
  case ARI_RULE_TRANSPOSE_MAP_MAP: res = transposeMapMap(s, t); break;
  case ARI_RULE_MAP_MAP_TRANSPOSE: res = mapMapTranspose(s, t); break;
  case ARI_RULE_TRANSPOSE_TRANSPOSE:
    res = ariRuleIs(t, ARI_TERM_TRANSPOSE) && ariRuleIs(K(t, 0), ARI_TERM_TRANSPOSE)
              ? K(K(t, 0), 0)
              : NULL;
    break;
  case ARI_RULE_CREATE_TRANSPOSE_PAIR: res = createTransposePair(s, t); break;
  case ARI_RULE_CREATE_MAP_ID: res = createMapId(s, t); break;
  case ARI_RULE_START_VECTORIZATION: {
    const AriType *ty = ariTermType(t);
    if (ariTypeKind(ty) == ARI_TYPE_ARRAY && ariTypeKind(ariTypeElem(ty)) == ARI_TYPE_SCALAR &&
        ariTypeSize(ty) % r->args[0] == 0 && !ariRuleIs(t, ARI_TERM_AS_SCALAR))
      res = ariTermAsScalar(s, ariTermAsVector(s, r->args[0], t));
    break;
  }
  case ARI_RULE_VECTORIZE_BEFORE_MAP: res = vectorizeBeforeMap(s, t); break;
  case ARI_RULE_VECTORIZE_BEFORE_MAP_REDUCE: res = vectorizeBeforeMapReduce(s, t); break;
  case ARI_RULE_VECTORIZE_BEFORE_MAP_ZIP_REDUCE: res = vectorizeBeforeMapZipReduce(s, t); break;
  case ARI_RULE_VECTORIZE_BEFORE_MAP_ZIP: res = vectorizeBeforeMapZip(s, t); break;
  case ARI_RULE_VECTORIZE_REDUCE: res = vectorizeReduce(s, t, r->args[0]); break;
  case ARI_RULE_PARTIAL_REDUCE: res = partialReduce(s, t, r->args[0]); break;
  case ARI_RULE_AS_SCALAR_AS_VECTOR:
    res = ariRuleIs(t, ARI_TERM_AS_SCALAR) && ariRuleIs(K(t, 0), ARI_TERM_AS_VECTOR)
              ? K(K(t, 0), 0)
              : NULL;
    break;
  case ARI_RULE_AS_VECTOR_AS_SCALAR:
    if (ariRuleIs(t, ARI_TERM_AS_VECTOR) && ariRuleIs(K(t, 0), ARI_TERM_AS_SCALAR) &&
        ariTermType(K(K(t, 0), 0)) == ariTermType(t))
      res = K(K(t, 0), 0);
    break;
  case ARI_RULE_USE_CBUFFER: res = slideToFolded(s, t, (AriAddrSpace)r->args[0], true); break;
  case ARI_RULE_CBUFFER_LOAD_FUSION: res = cBufferLoadFusion(s, t); break;
  case ARI_RULE_USE_ROTATE_VALUES:
    res = slideToFolded(s, t, (AriAddrSpace)r->args[0], false);
    break;
  case ARI_RULE_USE_ITERATE_STREAM: res = useIterateStream(s, t); break;
  case ARI_RULE_MAP_SEQ: res = lowerMap(s, t, ARI_PAT_SEQ, -1); break;
  case ARI_RULE_MAP_PAR: res = lowerMap(s, t, ARI_PAT_PAR, -1); break;
  case ARI_RULE_MAP_UNROLL: res = lowerMap(s, t, ARI_PAT_UNROLL, -1); break;
  case ARI_RULE_USE_MAP_GLOBAL: res = lowerMap(s, t, ARI_PAT_GLOBAL, (int)r->args[0]); break;
  case ARI_RULE_USE_MAP_WORKGROUP:
    res = lowerMap(s, t, ARI_PAT_WORKGROUP, (int)r->args[0]);
    break;
  case ARI_RULE_USE_MAP_LOCAL: res = lowerMap(s, t, ARI_PAT_LOCAL, (int)r->args[0]); break;
  case ARI_RULE_REDUCE_SEQ: res = lowerReduce(s, t, ARI_PAT_SEQ); break;
  case ARI_RULE_REDUCE_SEQ_UNROLL: res = lowerReduce(s, t, ARI_PAT_UNROLL); break;
  case ARI_RULE_TO_MEM: res = toMem(s, t, (AriAddrSpace)r->args[0]); break;
  case ARI_RULE_INTRODUCE_KERNEL: res = introduceKernel(s, t, r); break;
  case ARI_RULE_SEPARATE_CONV_KERNEL: res = separateConvKernel(s, t); break;
  default: return ARI_RULE_NO_MATCH;
  }
  *out = res;
  return res ? ARI_RULE_APPLIED : ARI_RULE_NO_MATCH;
}
