/*===- search/rules/rules_knossos.c - Knossos rules on rise + arith -------------===*\
 *
 * Table 3's 28 arithmetic rules on arith's add/sub/mul (float and integer)
 * and divf, and Table 4's select, sum-of-generate and deltaVec rules (a
 * deltaVec being a generate of a select on j == i). Constants are scalar
 * CONST nodes, so the rules that mention a constant apply to scalars; the
 * others also apply to vectors.
 *
\*===----------------------------------------------------------------------===*/

#include "search/rules/rules_impl.h"

#include <stdlib.h>
#include <string.h>

#define K(t, i) ariTermKid((t), (i))

typedef enum { ADD, SUB, MUL, DIV } Bin;

static const AriType *scalarOf(const AriType *t) {
  return ariTypeKind(t) == ARI_TYPE_VECTOR ? ariTypeElem(t) : t;
}

static bool isFloatT(const AriType *t) { return ariTypeIsFloat(scalarOf(t)); }

static bool isIntT(const AriType *t) {
  const AriType *e = scalarOf(t);
  return ariTypeIsInt(e) || ariTypeIsIndexT(e);
}

static const char *binName(Bin b, const AriType *t) {
  static const char *const f[] = {"arith.addf", "arith.subf", "arith.mulf", "arith.divf"};
  static const char *const i[] = {"arith.addi", "arith.subi", "arith.muli", NULL};
  if (isFloatT(t))
    return f[b];
  if (isIntT(t))
    return i[b];
  return NULL;
}

/* t = a `b` b' with t's own type class. */
static bool bin(const AriTerm *t, Bin b, AriTerm **l, AriTerm **r) {
  if (!ariRuleIs(t, ARI_TERM_OP) || ariTermNumKids(t) != 2)
    return false;
  const char *want = binName(b, ariTermType(t));
  if (!want || strcmp(ariSymStr(ariTermSym(t)), want))
    return false;
  *l = K(t, 0);
  *r = K(t, 1);
  return true;
}

typedef struct {
  AriTermStore *s;
  const AriType *type;
  const char *attrs;
} Mk;

static AriTerm *mk(const Mk *m, Bin b, AriTerm *l, AriTerm *r) {
  const char *name = binName(b, m->type);
  if (!name || !l || !r)
    return NULL;
  AriTerm *ops[2] = {l, r};
  return ariTermOp(m->s, name, m->attrs, ops, 2, m->type);
}

static bool isConstVal(const AriTerm *t, double v) {
  if (!ariRuleIs(t, ARI_TERM_CONST))
    return false;
  const AriType *ty = ariTermType(t);
  if (ariTypeIsFloat(ty))
    return ariTermConstFloatValue(t) == v;
  return (double)ariTermConstIntValue(t) == v;
}

static AriTerm *constOf(AriTermStore *s, const AriType *ty, int64_t v) {
  if (ariTypeIsFloat(ty))
    return ariTermConstFloat(s, ty, (double)v);
  if (ariTypeKind(ty) == ARI_TYPE_SCALAR)
    return ariTermConstInt(s, ty, v);
  return NULL;
}

static AriTerm *arith(AriRuleId id, AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_OP))
    return NULL;
  const AriType *ty = ariTermType(t);
  Mk m = {s, ty, ariSymStr(ariTermSym2(t))};
  bool fl = isFloatT(ty);
  AriTerm *a, *b, *c, *x, *y;
  switch (id) {
  case ARI_RULE_K_ADD0: return bin(t, ADD, &a, &b) && isConstVal(a, 0) ? b : NULL;
  case ARI_RULE_K_MUL1: return bin(t, MUL, &a, &b) && isConstVal(a, 1) ? b : NULL;
  case ARI_RULE_K_SUB0: return bin(t, SUB, &a, &b) && isConstVal(b, 0) ? a : NULL;
  case ARI_RULE_K_DIV1: return fl && bin(t, DIV, &a, &b) && isConstVal(b, 1) ? a : NULL;
  case ARI_RULE_K_ADD_MUL_NEG1:
    if (bin(t, ADD, &a, &x) && bin(x, MUL, &b, &c) && isConstVal(c, -1))
      return mk(&m, SUB, a, b);
    return NULL;
  case ARI_RULE_K_ADD_NEG1_MUL:
    if (bin(t, ADD, &a, &x) && bin(x, MUL, &c, &b) && isConstVal(c, -1))
      return mk(&m, SUB, a, b);
    return NULL;
  case ARI_RULE_K_MUL_COMM: return bin(t, MUL, &a, &b) ? mk(&m, MUL, b, a) : NULL;
  case ARI_RULE_K_ADD_COMM: return bin(t, ADD, &a, &b) ? mk(&m, ADD, b, a) : NULL;
  case ARI_RULE_K_SUB_SELF:
    return bin(t, SUB, &a, &b) && a == b ? constOf(s, ty, 0) : NULL;
  case ARI_RULE_K_MUL0:
    return bin(t, MUL, &a, &b) && isConstVal(a, 0) ? constOf(s, ty, 0) : NULL;
  case ARI_RULE_K_ADD_ADD_SWAP:
    if (bin(t, ADD, &x, &c) && bin(x, ADD, &a, &b))
      return mk(&m, ADD, mk(&m, ADD, a, c), b);
    return NULL;
  case ARI_RULE_K_SUB_ADD_SWAP:
    if (bin(t, SUB, &x, &c) && bin(x, ADD, &a, &b))
      return mk(&m, ADD, mk(&m, SUB, a, c), b);
    return NULL;
  case ARI_RULE_K_ADD_SUB_SWAP:
    if (bin(t, ADD, &x, &c) && bin(x, SUB, &a, &b))
      return mk(&m, SUB, mk(&m, ADD, a, c), b);
    return NULL;
  case ARI_RULE_K_SUB_SUB_SWAP:
    if (bin(t, SUB, &x, &c) && bin(x, SUB, &a, &b))
      return mk(&m, SUB, mk(&m, SUB, a, c), b);
    return NULL;
  case ARI_RULE_K_SUB_SUB:
    if (bin(t, SUB, &a, &x) && bin(x, SUB, &b, &c))
      return mk(&m, SUB, mk(&m, ADD, a, c), b);
    return NULL;
  case ARI_RULE_K_MUL_MUL_SWAP:
    if (bin(t, MUL, &x, &c) && bin(x, MUL, &a, &b))
      return mk(&m, MUL, mk(&m, MUL, a, c), b);
    return NULL;
  case ARI_RULE_K_DIV_MUL_SWAP:
    if (fl && bin(t, DIV, &x, &c) && bin(x, MUL, &a, &b))
      return mk(&m, MUL, mk(&m, DIV, a, c), b);
    return NULL;
  case ARI_RULE_K_MUL_DIV_SWAP:
    if (fl && bin(t, MUL, &x, &c) && bin(x, DIV, &a, &b))
      return mk(&m, DIV, mk(&m, MUL, a, c), b);
    return NULL;
  case ARI_RULE_K_DIV_DIV_SWAP:
    if (fl && bin(t, DIV, &x, &c) && bin(x, DIV, &a, &b))
      return mk(&m, DIV, mk(&m, DIV, a, c), b);
    return NULL;
  case ARI_RULE_K_DIV_DIV:
    if (fl && bin(t, DIV, &a, &x) && bin(x, DIV, &b, &c))
      return mk(&m, DIV, mk(&m, MUL, a, c), b);
    return NULL;
  case ARI_RULE_K_DIV_DIV_MUL:
    if (fl && bin(t, DIV, &x, &c) && bin(x, DIV, &a, &b))
      return mk(&m, DIV, a, mk(&m, MUL, b, c));
    return NULL;
  case ARI_RULE_K_DISTRIBUTE:
    if (bin(t, MUL, &a, &x) && bin(x, ADD, &b, &c))
      return mk(&m, ADD, mk(&m, MUL, a, b), mk(&m, MUL, a, c));
    return NULL;
  case ARI_RULE_K_DISTRIBUTE_SUB:
    if (bin(t, MUL, &a, &x) && bin(x, SUB, &b, &c))
      return mk(&m, SUB, mk(&m, MUL, a, b), mk(&m, MUL, a, c));
    return NULL;
  case ARI_RULE_K_FACTOR:
  case ARI_RULE_K_FACTOR_SUB: {
    AriTerm *a2;
    Bin outer = id == ARI_RULE_K_FACTOR ? ADD : SUB;
    if (bin(t, outer, &x, &y) && bin(x, MUL, &a, &b) && bin(y, MUL, &a2, &c) && a == a2)
      return mk(&m, MUL, a, mk(&m, outer, b, c));
    return NULL;
  }
  case ARI_RULE_K_ADD_DIV:
  case ARI_RULE_K_SUB_DIV: {
    AriTerm *x2, *z;
    Bin outer = id == ARI_RULE_K_ADD_DIV ? ADD : SUB;
    if (fl && bin(t, outer, &a, &b) && bin(a, DIV, &y, &x) && bin(b, DIV, &z, &x2) && x == x2)
      return mk(&m, DIV, mk(&m, outer, y, z), x);
    return NULL;
  }
  case ARI_RULE_K_DIV_MUL:
    if (fl && bin(t, DIV, &a, &x) && bin(x, MUL, &b, &c))
      return mk(&m, DIV, mk(&m, DIV, a, b), c);
    return NULL;
  default: return NULL;
  }
}

/*--- Table 4 ---------------------------------------------------------------*/

static bool isOpNamed(const AriTerm *t, const char *name, unsigned nkids) {
  return ariRuleIs(t, ARI_TERM_OP) && ariTermNumKids(t) == nkids &&
         !strcmp(ariSymStr(ariTermSym(t)), name);
}

/* sum over generate: reduce (\a x. a + x) 0 (generate n (\i. body)). */
static bool sumOfGenerate(const AriTerm *t, AriTerm **body) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE) || !isConstVal(K(t, 1), 0) ||
      !ariRuleIs(K(t, 2), ARI_TERM_GENERATE))
    return false;
  AriTerm *g = K(t, 0), *a, *b;
  if (!ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM))
    return false;
  AriTerm *gb = K(K(g, 0), 0);
  if (!bin(gb, ADD, &a, &b) || !ariRuleIs(a, ARI_TERM_VAR) || ariTermVarIndex(a) != 1 ||
      !ariRuleIs(b, ARI_TERM_VAR) || ariTermVarIndex(b) != 0)
    return false;
  AriTerm *f = K(K(t, 2), 0);
  if (!ariRuleIs(f, ARI_TERM_LAM))
    return false;
  *body = K(f, 0);
  return true;
}

/* The same sum with the generated body replaced. */
static AriTerm *sumWith(AriTermStore *s, const AriTerm *t, AriTerm *body) {
  AriTerm *gen = K(t, 2), *f = K(gen, 0);
  return ariTermReduce(
      s, ariTermPatternKind(t), K(t, 0), K(t, 1),
      ariTermGenerate(s, ariTermAttr(gen, 0), ariTermLam(s, ariTermLamParam(f), body)));
}

/* The predicate number of an arith.cmpi attribute text. */
static int cmpPredicate(const AriTerm *t) {
  const char *a = ariSymStr(ariTermSym2(t));
  const char *p = a ? strstr(a, "predicate = ") : NULL;
  if (!p)
    return -1;
  p += 12;
  if (!strncmp(p, "eq", 2))
    return 0;
  static const char *const names[] = {"eq", "ne", "slt", "sle", "sgt",
                                      "sge", "ult", "ule", "ugt", "uge"};
  for (int i = 0; i < 10; ++i)
    if (!strncmp(p, names[i], strlen(names[i])) && !(p[strlen(names[i])] >= 'a' &&
                                                     p[strlen(names[i])] <= 'z'))
      return i;
  char *q;
  long v = strtol(p, &q, 10);
  return q == p ? -1 : (int)v;
}

static bool isVarN(const AriTerm *t, uint32_t i) {
  return ariRuleIs(t, ARI_TERM_VAR) && ariTermVarIndex(t) == i;
}

/* x + y with x = P(VAR 1) and y = P(VAR 0) for a projection P (FST/SND). */
static bool addOfProj(const AriTerm *t, AriTermKind proj) {
  AriTerm *a, *b;
  return bin(t, ADD, &a, &b) && ariRuleIs(a, proj) && isVarN(K(a, 0), 1) && ariRuleIs(b, proj) &&
         isVarN(K(b, 0), 0);
}

/* The plain sum (reduce (\a x. a + x) 0) of generate n (\i. body). */
static AriTerm *plainSum(AriTermStore *s, const AriType *t, int64_t n, AriTerm *body) {
  Mk m = {s, t, ""};
  AriTerm *add = mk(&m, ADD, ariTermVar(s, 1, t), ariTermVar(s, 0, t));
  return ariTermReduce(s, ARI_PAT_NONE, ariTermLam(s, t, ariTermLam(s, t, add)), constOf(s, t, 0),
                       ariTermGenerate(s, n, ariTermLam(s, ariTypeIndex(s), body)));
}

/* sumbuild of tuple: a pairwise sum of generated pairs. */
static AriTerm *sumGenerateTuple(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE) || !ariRuleIs(K(t, 2), ARI_TERM_GENERATE))
    return NULL;
  AriTerm *g = K(t, 0), *init = K(t, 1), *f = K(K(t, 2), 0);
  if (!ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM) ||
      !ariRuleIs(f, ARI_TERM_LAM) || !ariRuleIs(K(f, 0), ARI_TERM_PAIR))
    return NULL;
  AriTerm *gb = K(K(g, 0), 0);
  if (!ariRuleIs(gb, ARI_TERM_PAIR) || !addOfProj(K(gb, 0), ARI_TERM_FST) ||
      !addOfProj(K(gb, 1), ARI_TERM_SND))
    return NULL;
  if (!ariRuleIs(init, ARI_TERM_PAIR) || !isConstVal(K(init, 0), 0) || !isConstVal(K(init, 1), 0))
    return NULL;
  int64_t n = ariTermAttr(K(t, 2), 0);
  AriTerm *body = K(f, 0);
  return ariTermPair(s, plainSum(s, ariTermType(K(body, 0)), n, K(body, 0)),
                     plainSum(s, ariTermType(K(body, 1)), n, K(body, 1)));
}

/* \p. fst p + snd p: the element-wise add of two zipped arrays. */
static bool isPairAdd(const AriTerm *f) {
  AriTerm *a, *b;
  return ariRuleIs(f, ARI_TERM_LAM) && bin(K(f, 0), ADD, &a, &b) && ariRuleIs(a, ARI_TERM_FST) &&
         isVarN(K(a, 0), 0) && ariRuleIs(b, ARI_TERM_SND) && isVarN(K(b, 0), 0);
}

/* sumbuild of arrays: reduce (\a x. map (\p. fst p + snd p) (zip a x))
 * (generate (\j. 0)) (generate n (\i. inner)); gives inner (under i). */
static AriTerm *sumOfArrays(const AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_REDUCE) || !ariRuleIs(K(t, 2), ARI_TERM_GENERATE))
    return NULL;
  AriTerm *g = K(t, 0), *init = K(t, 1), *f = K(K(t, 2), 0);
  if (!ariRuleIs(g, ARI_TERM_LAM) || !ariRuleIs(K(g, 0), ARI_TERM_LAM) ||
      !ariRuleIs(f, ARI_TERM_LAM) || !ariRuleIs(K(f, 0), ARI_TERM_GENERATE))
    return NULL;
  AriTerm *gb = K(K(g, 0), 0);
  if (!ariRuleIs(gb, ARI_TERM_MAP) || ariTermPatternKind(gb) != ARI_PAT_NONE ||
      !ariRuleIs(K(gb, 1), ARI_TERM_ZIP) || !isVarN(K(K(gb, 1), 0), 1) ||
      !isVarN(K(K(gb, 1), 1), 0) || !isPairAdd(K(gb, 0)))
    return NULL;
  if (!ariRuleIs(init, ARI_TERM_GENERATE) || !ariRuleIs(K(init, 0), ARI_TERM_LAM) ||
      !isConstVal(K(K(init, 0), 0), 0))
    return NULL;
  AriTerm *inner = K(f, 0);
  if (!ariRuleIs(K(inner, 0), ARI_TERM_LAM) ||
      ariTypeKind(ariTypeElem(ariTermType(inner))) != ARI_TYPE_SCALAR)
    return NULL;
  return inner;
}

/* sumbuild of build: an element-wise sum of generated arrays. */
static AriTerm *sumGenerateBuild(AriTermStore *s, AriTerm *t) {
  AriTerm *inner = sumOfArrays(t); /* generate m (\j. e), under i */
  if (!inner)
    return NULL;
  const AriType *et = ariTypeElem(ariTermType(inner)), *ix = ariTypeIndex(s);
  int64_t n = ariTermAttr(K(t, 2), 0), m = ariTermAttr(inner, 0);
  /* e has j = VAR 0 and i = VAR 1; under \j. \i. they trade places */
  AriTerm *e = ariRuleSwap01(s, K(K(inner, 0), 0), ix, ix);
  return ariTermGenerate(s, m, ariTermLam(s, ix, plainSum(s, et, n, e)));
}

/* deltaVec m i v, Knossos' one-hot vector, is generate m (\j. select (j ==
 * i) v 0) in rise, with j = VAR 0 not free in i and == an arith.cmpi eq (in
 * either operand order). Gives the comparison, v and the zero, all under
 * j. v may use j: the select only reads it where j == i. */
static bool deltaVec(const AriTerm *t, AriTerm **cmp, AriTerm **v, AriTerm **zero) {
  if (!ariRuleIs(t, ARI_TERM_GENERATE) || !ariRuleIs(K(t, 0), ARI_TERM_LAM))
    return false;
  AriTerm *sel = K(K(t, 0), 0);
  if (!isOpNamed(sel, "arith.select", 3) || !isConstVal(K(sel, 2), 0) ||
      ariTypeKind(ariTermType(sel)) != ARI_TYPE_SCALAR)
    return false;
  AriTerm *c = K(sel, 0);
  if (!isOpNamed(c, "arith.cmpi", 2) || cmpPredicate(c) != 0)
    return false;
  AriTerm *a = K(c, 0), *b = K(c, 1);
  bool jFirst = isVarN(a, 0) && !ariTermHasFree(b, 0);
  bool jSecond = isVarN(b, 0) && !ariTermHasFree(a, 0);
  if (!jFirst && !jSecond)
    return false;
  *cmp = c;
  *v = K(sel, 1);
  *zero = K(sel, 2);
  return true;
}

static AriTerm *select3(AriTermStore *s, const char *attrs, AriTerm *c, AriTerm *a, AriTerm *b) {
  if (!c || !a || !b)
    return NULL;
  AriTerm *ops[3] = {c, a, b};
  return ariTermOp(s, "arith.select", attrs, ops, 3, ariTermType(a));
}

/* sumbuild n (\x. deltaVec m i v) |-> deltaVec m i (sumbuild n (\x. v)):
 * the sum of one-hot rows is one-hot; the additions happen in the same
 * order (each element starts from 0 and adds the rows in turn), so the
 * rule is exact. */
static AriTerm *sumDeltaVec(AriTermStore *s, AriTerm *t) {
  AriTerm *inner = sumOfArrays(t), *cmp, *v, *zero; /* under x */
  if (!inner || !deltaVec(inner, &cmp, &v, &zero) || ariTermHasFree(cmp, 1))
    return NULL;
  const AriType *et = ariTypeElem(ariTermType(inner)), *ix = ariTypeIndex(s);
  int64_t n = ariTermAttr(K(t, 2), 0), m = ariTermAttr(inner, 0);
  /* the comparison (j = VAR 0, x = VAR 1 unused) loses x; v, summed over
   * x inside \j, has its two indices swapped */
  AriTerm *c = ariRuleDropBinder(s, cmp, 1);
  AriTerm *sum = plainSum(s, et, n, ariRuleSwap01(s, v, ix, ix));
  AriTerm *sel = K(K(inner, 0), 0);
  return ariTermGenerate(s, m, ariTermLam(s, ix, select3(s, ariSymStr(ariTermSym2(sel)), c, sum,
                                                         zero)));
}

/* add (deltaVec m i e1) (deltaVec m i e2) |-> deltaVec m i (add e1 e2):
 * element-wise, select c e1 0 + select c e2 0 = select c (e1 + e2) 0
 * (0 + 0 is 0, compared with ==), so the rule is exact. */
static AriTerm *deltaVecAdd(AriTermStore *s, AriTerm *t) {
  if (!ariRuleIs(t, ARI_TERM_MAP) || ariTermPatternKind(t) != ARI_PAT_NONE ||
      !isPairAdd(K(t, 0)) || !ariRuleIs(K(t, 1), ARI_TERM_ZIP))
    return NULL;
  AriTerm *d1 = K(K(t, 1), 0), *d2 = K(K(t, 1), 1), *c1, *c2, *e1, *e2, *z1, *z2;
  if (!deltaVec(d1, &c1, &e1, &z1) || !deltaVec(d2, &c2, &e2, &z2) ||
      ariTermAttr(d1, 0) != ariTermAttr(d2, 0))
    return NULL;
  /* the same index: i == j and j == i name it from either side */
  AriTerm *i1 = isVarN(K(c1, 0), 0) ? K(c1, 1) : K(c1, 0);
  AriTerm *i2 = isVarN(K(c2, 0), 0) ? K(c2, 1) : K(c2, 0);
  if (i1 != i2)
    return NULL;
  AriTerm *addOp = K(K(t, 0), 0), *sel = K(K(d1, 0), 0);
  Mk m = {s, ariTermType(addOp), ariSymStr(ariTermSym2(addOp))};
  AriTerm *sum = mk(&m, ADD, e1, e2);
  return ariTermGenerate(
      s, ariTermAttr(d1, 0),
      ariTermLam(s, ariTypeIndex(s), select3(s, ariSymStr(ariTermSym2(sel)), c1, sum, z1)));
}

static AriTerm *array(AriRuleId id, AriTermStore *s, AriTerm *t) {
  AriTerm *body, *a, *b;
  switch (id) {
  case ARI_RULE_K_SUM_GENERATE_ADD: {
    if (!sumOfGenerate(t, &body) || !bin(body, ADD, &a, &b))
      return NULL;
    Mk m = {s, ariTermType(t), ariSymStr(ariTermSym2(body))};
    return mk(&m, ADD, sumWith(s, t, a), sumWith(s, t, b));
  }
  case ARI_RULE_K_SUM_GENERATE_CONST: {
    if (!sumOfGenerate(t, &body) || ariTermHasFree(body, 0))
      return NULL;
    const AriType *ty = ariTermType(t);
    if (ariTypeKind(ty) != ARI_TYPE_SCALAR)
      return NULL;
    Mk m = {s, ty, ""};
    return mk(&m, MUL, constOf(s, ty, ariTermAttr(K(t, 2), 0)), ariRuleDropBinder(s, body, 0));
  }
  case ARI_RULE_K_SUM_GENERATE_SELECT:
    if (!sumOfGenerate(t, &body) || !isOpNamed(body, "arith.select", 3) ||
        ariTermHasFree(K(body, 0), 0))
      return NULL;
    {
      AriTerm *ops[3] = {ariRuleDropBinder(s, K(body, 0), 0), sumWith(s, t, K(body, 1)),
                         sumWith(s, t, K(body, 2))};
      if (!ops[0] || !ops[1] || !ops[2])
        return NULL;
      return ariTermOp(s, "arith.select", ariSymStr(ariTermSym2(body)), ops, 3, ariTermType(t));
    }
  case ARI_RULE_K_SUM_GENERATE_TUPLE: return sumGenerateTuple(s, t);
  case ARI_RULE_K_SUM_GENERATE_BUILD: return sumGenerateBuild(s, t);
  case ARI_RULE_K_SUM_DELTA_VEC: return sumDeltaVec(s, t);
  case ARI_RULE_K_DELTA_VEC_ADD: return deltaVecAdd(s, t);
  case ARI_RULE_K_SELECT_TRUE:
  case ARI_RULE_K_SELECT_FALSE: {
    if (!isOpNamed(t, "arith.select", 3) || !ariRuleIs(K(t, 0), ARI_TERM_CONST))
      return NULL;
    bool v = ariTermConstIntValue(K(t, 0)) != 0;
    if (v != (id == ARI_RULE_K_SELECT_TRUE))
      return NULL;
    return K(t, v ? 1 : 2);
  }
  case ARI_RULE_K_SELECT_BOOL:
    if (!isOpNamed(t, "arith.select", 3) || ariTermType(t) != ariTypeI1(s) ||
        !ariRuleIs(K(t, 1), ARI_TERM_CONST) || !ariRuleIs(K(t, 2), ARI_TERM_CONST) ||
        ariTermConstIntValue(K(t, 1)) == 0 || ariTermConstIntValue(K(t, 2)) != 0)
      return NULL;
    return K(t, 0);
  case ARI_RULE_K_SELECT_SAME:
    return isOpNamed(t, "arith.select", 3) && K(t, 1) == K(t, 2) ? K(t, 1) : NULL;
  case ARI_RULE_K_CMP_SELF: {
    if (!isOpNamed(t, "arith.cmpi", 2) || K(t, 0) != K(t, 1) ||
        ariTypeKind(ariTermType(t)) != ARI_TYPE_SCALAR)
      return NULL;
    int p = cmpPredicate(t);
    if (p != 0 && p != 3 && p != 5 && p != 7 && p != 9)
      return NULL;
    return ariTermConstInt(s, ariTypeI1(s), 1);
  }
  default: return NULL;
  }
}

/*--- binding rules: let x = e in b is the beta-redex (\x. b) e ------------------*/

static bool isRedex(const AriTerm *t) {
  return ariRuleIs(t, ARI_TERM_APP) && ariRuleIs(K(t, 0), ARI_TERM_LAM);
}

static AriTerm *binding(AriRuleId id, AriTermStore *s, AriTerm *t) {
  switch (id) {
  case ARI_RULE_K_LET_INTRO: {
    const AriType *ty = ariTermType(t);
    if (!ariTypeIsData(ty) || isRedex(t))
      return NULL;
    return ariTermApp(s, ariTermLam(s, ty, ariTermVar(s, 0, ty)), t);
  }
  case ARI_RULE_K_LET_LIFT: {
    AriTermKind k = ariTermKind(t);
    unsigned n = ariTermNumKids(t);
    if (k == ARI_TERM_LAM || k == ARI_TERM_APP || n == 0 || n > 16)
      return NULL;
    unsigned j = n;
    for (unsigned i = 0; i < n && j == n; ++i)
      if (isRedex(K(t, i)))
        j = i;
    if (j == n)
      return NULL;
    AriTerm *redex = K(t, j), *lam = K(redex, 0), *kids[16];
    /* the other operands move under the new binder */
    for (unsigned i = 0; i < n; ++i)
      kids[i] = i == j ? K(lam, 0) : ariTermShift(s, K(t, i), 1, 0);
    return ariTermApp(s, ariTermLam(s, ariTermLamParam(lam), ariTermRebuild(s, t, kids)),
                      K(redex, 1));
  }
  case ARI_RULE_K_LET_CSE: {
    if (!isRedex(t) || !isRedex(K(K(t, 0), 0)))
      return NULL;
    AriTerm *e = K(t, 1), *lam = K(t, 0), *inner = K(lam, 0);
    if (K(inner, 1) != ariTermShift(s, e, 1, 0))
      return NULL;
    const AriType *p = ariTermLamParam(lam);
    AriTerm *b = ariTermBeta(s, K(K(inner, 0), 0), ariTermVar(s, 0, p));
    return ariTermApp(s, ariTermLam(s, p, b), e);
  }
  default: return NULL;
  }
}

AriRuleStatus ariRuleApplyKnossos(AriRuleId id, const AriRuleInst *r, AriTermStore *s,
                                  AriTerm *t, AriTerm **out) {
  (void)r;
  AriTerm *res = id >= ARI_RULE_K_LET_INTRO           ? binding(id, s, t)
                 : id >= ARI_RULE_K_SUM_GENERATE_ADD ? array(id, s, t)
                                                     : arith(id, s, t);
  *out = res;
  return res ? ARI_RULE_APPLIED : ARI_RULE_NO_MATCH;
}
