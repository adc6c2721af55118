/*===- search/rules/rules_util.c - what the rule modules share ----------------===*\
 *
 * Term-building helpers of rules_rise.c and rules_knossos.c (and the random
 * program generator's rule examples): function bodies under binders,
 * beta-reducing application, composition, binder removal and exchange,
 * nested maps. They sit below the rule modules, which sit below the
 * catalogue in rules.c: rules.c dispatches to the modules, the modules call
 * only these, never back into rules.c.
 *
\*===----------------------------------------------------------------------===*/

#include "search/rules/rules_impl.h"

AriTerm *ariRuleBody1(AriTermStore *s, AriTerm *f) {
  if (!f)
    return NULL;
  if (ariRuleIs(f, ARI_TERM_LAM))
    return ariTermKid(f, 0);
  const AriType *ft = ariTermType(f);
  if (ariTypeKind(ft) != ARI_TYPE_FUN)
    return NULL;
  return ariTermApp(s, ariTermShift(s, f, 1, 0), ariTermVar(s, 0, ariTypeFirst(ft)));
}

AriTerm *ariRuleBody2(AriTermStore *s, AriTerm *f) {
  if (!f)
    return NULL;
  if (ariRuleIs(f, ARI_TERM_LAM) && ariRuleIs(ariTermKid(f, 0), ARI_TERM_LAM))
    return ariTermKid(ariTermKid(f, 0), 0);
  const AriType *ft = ariTermType(f);
  if (ariTypeKind(ft) != ARI_TYPE_FUN || ariTypeKind(ariTypeSecond(ft)) != ARI_TYPE_FUN)
    return NULL;
  AriTerm *a = ariTermVar(s, 1, ariTypeFirst(ft));
  AriTerm *b = ariTermVar(s, 0, ariTypeFirst(ariTypeSecond(ft)));
  return ariTermApp(s, ariTermApp(s, ariTermShift(s, f, 2, 0), a), b);
}

AriTerm *ariRuleApply1(AriTermStore *s, AriTerm *f, AriTerm *a) {
  if (!f || !a)
    return NULL;
  if (ariRuleIs(f, ARI_TERM_LAM))
    return ariTermBeta(s, ariTermKid(f, 0), a);
  return ariTermApp(s, f, a);
}

AriTerm *ariRuleApply2(AriTermStore *s, AriTerm *f, AriTerm *a, AriTerm *b) {
  return ariRuleApply1(s, ariRuleApply1(s, f, a), b);
}

AriTerm *ariRuleCompose(AriTermStore *s, AriTerm *g, AriTerm *f) {
  if (!g || !f)
    return NULL;
  const AriType *ft = ariTermType(f);
  if (ariTypeKind(ft) != ARI_TYPE_FUN)
    return NULL;
  /* Both bodies live under one binder, so g's body takes f's body for its
   * parameter without any shifting. */
  AriTerm *fb = ariRuleBody1(s, f);
  AriTerm *gb = ariRuleBody1(s, g);
  if (!fb || !gb)
    return NULL;
  return ariTermLam(s, ariTypeFirst(ft), ariTermSubst(s, gb, 0, fb));
}

AriTerm *ariRuleDropBinder(AriTermStore *s, AriTerm *t, uint32_t j) {
  if (!t)
    return NULL;
  if (ariTermHasFree(t, j))
    return NULL;
  /* Wrapped in j lambdas, binder j becomes free index 0, which is unused:
   * shifting the wrapped term down by one is then legal. */
  const AriType *any = ariTermType(t);
  AriTerm *w = t;
  for (uint32_t i = 0; i < j; ++i)
    w = ariTermLam(s, any, w);
  w = ariTermShift(s, w, -1, 0);
  for (uint32_t i = 0; i < j && w; ++i)
    w = ariTermKid(w, 0);
  return w;
}

AriTerm *ariRuleMapN(AriTermStore *s, unsigned depth, AriTerm *f, AriTerm *x) {
  if (!f || !x)
    return NULL;
  if (depth <= 1)
    return ariTermMap(s, ARI_PAT_NONE, -1, f, x);
  const AriType *xt = ariTermType(x);
  if (ariTypeKind(xt) != ARI_TYPE_ARRAY)
    return NULL;
  const AriType *e = ariTypeElem(xt);
  AriTerm *inner = ariRuleMapN(s, depth - 1, ariTermShift(s, f, 1, 0), ariTermVar(s, 0, e));
  return ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, e, inner), x);
}

AriTerm *ariRuleSwap01(AriTermStore *s, AriTerm *e, const AriType *t0, const AriType *t1) {
  AriTerm *r = ariTermShift(s, e, 1, 2);           /* frees index 2 */
  r = ariTermSubst(s, r, 0, ariTermVar(s, 2, t0)); /* 0 -> 2 */
  r = ariTermSubst(s, r, 1, ariTermVar(s, 0, t1)); /* 1 -> 0 */
  r = ariTermSubst(s, r, 2, ariTermVar(s, 1, t0)); /* 2 -> 1 */
  return ariRuleDropBinder(s, r, 2);
}
