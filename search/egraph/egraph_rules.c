/*===- search/egraph/egraph_rules.c - typed patterns, e-matching, rule patterns --===*\
 *
 * Patterns are small trees (at most MAX_PNODES nodes, MAX_VARS variables)
 * parsed from S-expressions. E-matching is the classic backtracking
 * matcher over the classes' nodes, with a to-do stack of (pattern node,
 * class) pairs, so that every match is enumerated exactly once per choice
 * of e-nodes.
 *
 * The rule table gives each library rule its left-hand side. The pattern
 * is only the shape that finds candidates; the library's ariRuleApply
 * (search/rules/rules.h) decides with its side conditions on the instantiated
 * term, so a pattern may be looser than the rule but never stricter than
 * its left-hand side.
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph/egraph_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PNODES = 32, MAX_VARS = 16, MAX_PKIDS = 8, MAX_PATTRS = 8 };

typedef struct PNode {
  int var; /* >= 0: variable index; -1: a node */
  const AriType *varType;
  AriTermKind kind;
  const AriSym *sym; /* OP name */
  unsigned nattrs, nkids;
  int64_t attrs[MAX_PATTRS];
  bool attrAny[MAX_PATTRS];
  uint8_t kids[MAX_PKIDS];
  int nodeIdx; /* pre-order among node pnodes */
} PNode;

struct AriEgPattern {
  PNode p[MAX_PNODES];
  unsigned n, nvars, nnodes, root;
};

unsigned ariEgPatternNumVars(const AriEgPattern *p) { return p->nvars; }
unsigned ariEgPatternNumNodes(const AriEgPattern *p) { return p->nnodes; }

/*--- parsing ------------------------------------------------------------------*/

typedef struct {
  AriTermStore *s;
  AriEgPattern *p;
  const char *t;
  size_t len, pos;
  char *err;
  size_t cap, errCol;
  bool failed;
  const char *names[MAX_VARS];
  size_t nameLen[MAX_VARS];
} Parser;

static void pfail(Parser *ps, const char *msg) {
  if (ps->failed)
    return;
  ps->failed = true;
  ps->errCol = ps->pos;
  snprintf(ps->err, ps->cap, "pattern: column %zu: %s", ps->pos + 1, msg);
}

static void skipWs(Parser *ps) {
  while (ps->pos < ps->len && isspace((unsigned char)ps->t[ps->pos]))
    ps->pos++;
}

/* An atom: the run up to whitespace or a parenthesis. */
static size_t atom(Parser *ps, const char **a) {
  size_t b = ps->pos;
  while (ps->pos < ps->len && !isspace((unsigned char)ps->t[ps->pos]) && ps->t[ps->pos] != '(' &&
         ps->t[ps->pos] != ')')
    ps->pos++;
  *a = ps->t + b;
  return ps->pos - b;
}

static int newPNode(Parser *ps) {
  if (ps->p->n == MAX_PNODES) {
    pfail(ps, "pattern too large");
    return -1;
  }
  PNode *n = &ps->p->p[ps->p->n];
  memset(n, 0, sizeof *n);
  n->var = -1;
  n->nodeIdx = -1;
  return (int)ps->p->n++;
}

static int parseP(Parser *ps, unsigned depth) {
  skipWs(ps);
  if (depth > MAX_PNODES) {
    pfail(ps, "pattern too deep");
    return -1;
  }
  if (ps->pos >= ps->len) {
    pfail(ps, "unexpected end");
    return -1;
  }
  if (ps->t[ps->pos] == '?') {
    size_t at = ps->pos;
    ps->pos++;
    const char *a;
    size_t n = atom(ps, &a);
    const char *colon = memchr(a, ':', n);
    size_t nameLen = colon ? (size_t)(colon - a) : n;
    if (!nameLen) {
      ps->pos = at;
      pfail(ps, "a variable needs a name");
      return -1;
    }
    int id = newPNode(ps);
    if (id < 0)
      return -1;
    PNode *pn = &ps->p->p[id];
    unsigned v = 0;
    while (v < ps->p->nvars && !(ps->nameLen[v] == nameLen && !memcmp(ps->names[v], a, nameLen)))
      ++v;
    if (v == ps->p->nvars) {
      if (v == MAX_VARS) {
        pfail(ps, "too many variables");
        return -1;
      }
      ps->names[v] = a;
      ps->nameLen[v] = nameLen;
      ps->p->nvars++;
    }
    pn->var = (int)v;
    if (colon) {
      pn->varType = ariTypeParse(ps->s, colon + 1, n - nameLen - 1);
      if (!pn->varType) {
        ps->pos = at;
        pfail(ps, "bad variable type");
        ariTermStoreClearError(ps->s);
        return -1;
      }
    }
    return id;
  }
  if (ps->t[ps->pos] != '(') {
    pfail(ps, "expected '(' or '?'");
    return -1;
  }
  ps->pos++;
  skipWs(ps);
  const char *h;
  size_t hn = atom(ps, &h);
  int id = newPNode(ps);
  if (id < 0)
    return -1;
  ps->p->p[id].nodeIdx = (int)ps->p->nnodes++;
  if (memchr(h, '.', hn)) {
    ps->p->p[id].kind = ARI_TERM_OP;
    ps->p->p[id].sym = ariSymIntern(ps->s, h, hn);
  } else {
    char name[32];
    AriTermKind k;
    if (!hn || hn >= sizeof name) {
      pfail(ps, "expected a node kind");
      return -1;
    }
    memcpy(name, h, hn);
    name[hn] = 0;
    if (!ariTermKindFromName(name, &k) || k == ARI_TERM_OP) {
      ps->pos -= hn;
      pfail(ps, "unknown node kind");
      return -1;
    }
    ps->p->p[id].kind = k;
  }
  for (;;) {
    skipWs(ps);
    if (ps->pos >= ps->len) {
      pfail(ps, "missing ')'");
      return -1;
    }
    char c = ps->t[ps->pos];
    if (c == ')') {
      ps->pos++;
      return id;
    }
    if (c == '(' || c == '?') {
      if (ps->p->p[id].nkids == MAX_PKIDS) {
        pfail(ps, "too many kids");
        return -1;
      }
      int k = parseP(ps, depth + 1);
      if (k < 0)
        return -1;
      PNode *pn = &ps->p->p[id];
      pn->kids[pn->nkids++] = (uint8_t)k;
      continue;
    }
    size_t at = ps->pos;
    const char *a;
    size_t n = atom(ps, &a);
    PNode *pn = &ps->p->p[id];
    if (pn->nkids || pn->nattrs == MAX_PATTRS) {
      ps->pos = at;
      pfail(ps, "attributes come before kids");
      return -1;
    }
    if (n == 1 && a[0] == '_') {
      pn->attrAny[pn->nattrs++] = true;
      continue;
    }
    char buf[32], *end;
    if (n >= sizeof buf) {
      ps->pos = at;
      pfail(ps, "bad attribute");
      return -1;
    }
    memcpy(buf, a, n);
    buf[n] = 0;
    long long v = strtoll(buf, &end, 10);
    if (!n || *end) {
      ps->pos = at;
      pfail(ps, "expected a number, '_', '(' or '?'");
      return -1;
    }
    pn->attrs[pn->nattrs++] = v;
  }
}

AriEgPattern *ariEgPatternParse(AriTermStore *s, AriArena *a, const char *text, size_t len,
                                char *err, size_t cap, size_t *errCol) {
  AriEgPattern *p = ariArenaCalloc(a, sizeof *p);
  if (!p) {
    snprintf(err, cap, "pattern: out of memory");
    return NULL;
  }
  Parser ps = {.s = s, .p = p, .t = text, .len = len, .err = err, .cap = cap};
  int r = parseP(&ps, 0);
  skipWs(&ps);
  if (r >= 0 && ps.pos < len)
    pfail(&ps, "trailing text");
  if (ps.failed || r < 0) {
    if (errCol)
      *errCol = ps.errCol;
    return NULL;
  }
  p->root = (unsigned)r;
  return p;
}

/*--- matching -----------------------------------------------------------------*/

typedef struct {
  AriEGraph *g;
  const AriEgPattern *p;
  AriEClass vars[MAX_VARS];
  AriENode nodes[MAX_PNODES];
  AriEgMatchFn fn;
  void *ctx;
  size_t count;
  bool stop;
} Matcher;

static bool nodeFits(const AriEGraph *g, const PNode *pn, const AriEgNodeRec *n) {
  if (n->kind != pn->kind || n->nkids != pn->nkids || n->nattrs < pn->nattrs)
    return false;
  if (pn->sym && n->sym != pn->sym)
    return false;
  const int64_t *a = ariEgAttrs(g, n);
  for (unsigned i = 0; i < pn->nattrs; ++i)
    if (!pn->attrAny[i] && a[i] != pn->attrs[i])
      return false;
  return true;
}

static void mt(Matcher *m, const uint8_t *todoP, const AriEClass *todoC, unsigned nt) {
  if (m->stop)
    return;
  if (!nt) {
    m->count++;
    if (m->fn && !m->fn(m->ctx, m->vars, m->nodes))
      m->stop = true;
    return;
  }
  AriEGraph *g = m->g;
  const PNode *pn = &m->p->p[todoP[nt - 1]];
  AriEClass c = ariEgFind(g, todoC[nt - 1]);
  if (pn->var >= 0) {
    if (pn->varType && g->classes[c].type != pn->varType)
      return;
    AriEClass *v = &m->vars[pn->var];
    if (*v != ARI_EG_NONE) {
      if (ariEgFind(g, *v) == c)
        mt(m, todoP, todoC, nt - 1);
      return;
    }
    *v = c;
    mt(m, todoP, todoC, nt - 1);
    *v = ARI_EG_NONE;
    return;
  }
  uint8_t p2[MAX_PNODES];
  AriEClass c2[MAX_PNODES];
  memcpy(p2, todoP, nt - 1);
  memcpy(c2, todoC, (nt - 1) * sizeof(AriEClass));
  const AriEgVec *nv = &g->classes[c].nodes;
  for (uint32_t i = 0; i < nv->n && !m->stop; ++i) {
    const AriEgNodeRec *n = &g->nodes[nv->v[i]];
    if (n->dead || !nodeFits(g, pn, n))
      continue;
    const uint32_t *k = ariEgKids(g, n);
    unsigned t = nt - 1;
    /* kids pushed last-first so the first kid is matched first */
    for (unsigned j = pn->nkids; j-- > 0;) {
      p2[t] = pn->kids[j];
      c2[t++] = k[j];
    }
    m->nodes[pn->nodeIdx] = nv->v[i];
    mt(m, p2, c2, t);
  }
}

size_t ariEgMatch(AriEGraph *g, const AriEgPattern *p, AriEClass c, AriEgMatchFn fn, void *ctx) {
  if (ariEgFind(g, c) == ARI_EG_NONE)
    return 0;
  Matcher m = {.g = g, .p = p, .fn = fn, .ctx = ctx};
  for (unsigned i = 0; i < MAX_VARS; ++i)
    m.vars[i] = ARI_EG_NONE;
  uint8_t tp[1] = {(uint8_t)p->root};
  AriEClass tc[1] = {c};
  mt(&m, tp, tc, 1);
  return m.count;
}

static AriTerm *inst(AriEGraph *g, const AriEgPattern *p, unsigned i, const AriEClass *vars,
                     const AriENode *nodes, AriTerm **varTerms) {
  const PNode *pn = &p->p[i];
  if (pn->var >= 0) {
    if (!varTerms[pn->var])
      varTerms[pn->var] = ariEgExtractBest(g, vars[pn->var]);
    return varTerms[pn->var];
  }
  AriTerm *kids[MAX_PKIDS];
  for (unsigned j = 0; j < pn->nkids; ++j)
    if (!(kids[j] = inst(g, p, pn->kids[j], vars, nodes, varTerms)))
      return NULL;
  const AriEgNodeRec *n = &g->nodes[nodes[pn->nodeIdx]];
  return ariTermMake(g->s, (AriTermKind)n->kind, ariEgAttrs(g, n), n->nattrs, n->sym, n->sym2, kids,
                     pn->nkids, n->mk);
}

AriTerm *ariEgInstantiate(AriEGraph *g, const AriEgPattern *p, const AriEClass *vars,
                          const AriENode *nodes) {
  AriTerm *vt[MAX_VARS] = {0};
  return inst(g, p, p->root, vars, nodes, vt);
}

/*--- the rules that have patterns ---------------------------------------------*/

/* Alternatives are separated by '|'. Map attrs are [kind, dim], reduce's
 * [kind]: 0 is high-level, 1 seq, 2 unroll (the only reduce kinds). A
 * CONST's attribute is its int64 value, or the IEEE double's bits for a
 * float; the library compares floats with ==, so a float 0 is written as
 * both +0 and -0. Where a rule inspects a subterm's shape, the pattern
 * spells it out: the matcher then finds it among every node of the class,
 * where a variable would only offer the class's best extracted term. */
#define F_P0 "0"                    /* +0.0 */
#define F_N0 "-9223372036854775808" /* -0.0 */
#define F_1 "4607182418800017408"   /* 1.0 */
#define F_M1 "-4616189618054758400" /* -1.0 */
/* reduce (\a x. a + x) ZERO (generate _ (\i. BODY)): Knossos' sum over a
 * generate, for floats (either zero) and integers. */
#define SUMF(z, body)                                                                              \
  "(reduce _ (lam (lam (arith.addf (var 1) (var 0)))) (const " z ") (generate _ (lam " body ")))"
#define SUMI(body)                                                                                 \
  "(reduce _ (lam (lam (arith.addi (var 1) (var 0)))) (const 0) (generate _ (lam " body ")))"
#define SUM3(bf, bi) SUMF(F_P0, bf) " | " SUMF(F_N0, bf) " | " SUMI(bi)
/* Knossos' sum of generated arrays: reduce (\a x. map (\p. fst p + snd p)
 * (zip a x)) (generate (\j. 0)) (generate _ (\i. INNER)). */
#define SUMARR(inner)                                                                              \
  "(reduce _ (lam (lam (map 0 _ (lam ?add) (zip (var 1) (var 0))))) (generate _ (lam (const _))) " \
  "(generate _ (lam " inner ")))"
/* deltaVec: generate _ (\j. select (cmpi a b) v 0) */
#define DELTA(a, b, v) "(generate _ (lam (arith.select (arith.cmpi " a " " b ") " v " (const _))))"
/* the float sum of products of separateConvKernel's dot: reduce (\a v. a
 * + v) ZERO (map (\p. l * r) (zip W N)) */
#define DOT(z, w, n)                                                                               \
  "(reduce _ (lam (lam (arith.addf (var 1) (var 0)))) (const " z ") "                              \
  "(map 0 _ (lam (arith.mulf ?l ?r)) (zip " w " " n ")))"
static const struct {
  const char *name, *lhs;
} kRules[] = {
    {"beta", "(app (lam ?b) ?e)"},
    {"eta", "(lam (app ?f (var 0)))"},
    {"mapFusion", "(map 0 _ ?g (map 0 _ ?f ?x))"},
    /* The body's operation is spelled out (a variable would offer only the
     * body class's best term): after one fission the body class holds the
     * fissioned form too, but it is bigger than the original, so the next
     * fission out (the thesis's data preparation leaving the compute map,
     * Listing C.13) must pick it by its shape. The last alternative
     * covers every other body. */
    {"mapFission", "(map _ _ (lam (map _ _ ?f ?x)) ?y) | (map _ _ (lam (transpose ?x)) ?y) | "
                   "(map _ _ (lam (join ?x)) ?y) | (map _ _ (lam (reduce _ ?f ?i ?x)) ?y) | "
                   "(map _ _ (lam (split _ ?x)) ?y) | (map _ _ (lam (zip ?x ?z)) ?y) | "
                   "(map _ _ (lam ?b) ?y)"},
    {"reduceMapFusion", "(reduce 0 ?g ?i (map 0 _ ?f ?x))"},
    {"reduceSeqMapFusion", "(reduce 1 ?g ?i (map 0 _ ?f ?x)) | (reduce 2 ?g ?i (map 0 _ ?f ?x))"},
    {"splitJoin", "(map 0 _ ?f ?x)"},
    {"joinSplitMap", "(join (map 0 _ (lam (map 0 _ ?f (var 0))) (split _ ?x)))"},
    {"splitJoinId", "(split _ (join ?x))"},
    {"joinSplitId", "(join (split _ ?x))"},
    {"transposeTranspose", "(transpose (transpose ?x))"},
    {"createTransposePair", "?x"},
    {"createMapId", "?x"},
    {"mapConstGenerate", "(map 0 _ (lam ?b) ?x)"},
    {"transposeMapMap", "(transpose (map 0 _ (lam (map 0 _ ?f (var 0))) ?x))"},
    {"mapMapTranspose", "(map 0 _ (lam (map 0 _ ?f (var 0))) (transpose ?x))"},
    {"fstPair", "(fst (pair ?a ?b))"},
    {"sndPair", "(snd (pair ?a ?b))"},
    {"mapSeq", "(map 0 _ ?f ?x)"},
    {"mapPar", "(map 0 _ ?f ?x)"},
    {"reduceSeq", "(reduce 0 ?f ?i ?x)"},
    {"kAdd0", "(arith.addf (const " F_P0 ") ?a) | (arith.addf (const " F_N0 ") ?a) | "
              "(arith.addi (const 0) ?a)"},
    {"kMul1", "(arith.mulf (const " F_1 ") ?a) | (arith.muli (const 1) ?a)"},
    {"kSub0", "(arith.subf ?a (const " F_P0 ")) | (arith.subf ?a (const " F_N0 ")) | "
              "(arith.subi ?a (const 0))"},
    {"kDiv1", "(arith.divf ?a (const " F_1 "))"},
    {"kAddMulNeg1", "(arith.addf ?a (arith.mulf ?b (const " F_M1 "))) | "
                    "(arith.addi ?a (arith.muli ?b (const -1)))"},
    {"kMulComm", "(arith.mulf ?a ?b) | (arith.muli ?a ?b)"},
    {"kAddComm", "(arith.addf ?a ?b) | (arith.addi ?a ?b)"},
    {"kSubSelf", "(arith.subf ?a ?a) | (arith.subi ?a ?a)"},
    {"kAddAddSwap", "(arith.addf (arith.addf ?a ?b) ?c) | (arith.addi (arith.addi ?a ?b) ?c)"},
    {"kMulMulSwap", "(arith.mulf (arith.mulf ?a ?b) ?c) | (arith.muli (arith.muli ?a ?b) ?c)"},
    /* The rules of the matmul guides (search/sketch/guides/matmul*.guides). */
    {"mapFissionDeep", "(map _ _ (lam ?b) ?y)"},
    {"tileMaps", "(map 0 _ (lam (map 0 _ ?f ?y)) ?x)"},
    {"tileReduce", "(reduce _ ?f ?i ?x)"},
    {"partialReduce", "(reduce _ (lam (lam ?b)) ?i ?x)"},
    /* sizes that tiles do not divide: the library rules check the lengths */
    {"padSplitJoin", "(map 0 _ ?f ?x)"},
    {"padTileMaps", "(map 0 _ (lam (map 0 _ ?f ?y)) ?x)"},
    {"padPipeline", "(map 0 _ ?f ?x)"},
    {"stripColumns", "(map _ _ (lam ?e) ?x)"},
    {"padReduce", "(reduce _ (lam (lam ?b)) ?i ?x)"},
    {"peelReduce", "(reduce _ ?f ?i ?x)"},
    {"peelTail", "(reduce _ ?f ?i ?x)"},
    {"fissionReduceMap", "(reduce _ (lam (lam ?b)) ?i ?x)"},
    {"mapMapInterchange", "(map 0 _ (lam (map 0 _ (lam ?e) ?y)) ?x)"},
    {"mapReduceInterchange", "(map 0 _ (lam (reduce _ ?g ?i (var 0))) ?x)"},
    /* a map of reductions over the row zipped with c, either side (the
     * library rule checks the row count, the types and that g, i, c do not
     * use the row) */
    {"reduceJam", "(map 0 _ (lam (reduce _ ?g ?i (zip ?a ?b))) ?x)"},
    /* any reduction over anything derived from the row (the library rule
     * checks that g does not use the row) */
    {"mapReduceInterchangeAcc", "(map 0 _ (lam (reduce _ ?g ?i ?e)) ?x)"},
    {"mapFstZip", "(map 0 _ (lam (fst (var 0))) (zip ?a ?b))"},
    {"mapSndZip", "(map 0 _ (lam (snd (var 0))) (zip ?a ?b))"},
    /* the same x on both sides: the same class */
    {"zipMapFusion", "(zip (map 0 _ ?f ?x) (map 0 _ ?g ?x))"},
    {"mapPairFission", "(map 0 _ (lam (pair ?a ?b)) ?x)"},
    {"zipSame", "(zip ?x ?x)"},
    /* x |-> as_scalar (as_vector v x) applies to every array of scalars
     * whose length v divides: the pattern is any class, the library rule
     * checks the type. */
    {"startVectorization", "?x"},
    {"vectorizeBeforeMap", "(as_vector _ (map 0 _ ?f ?x))"},
    {"vectorizeBeforeMapReduce",
     "(as_vector _ (map 0 _ (lam (reduce _ (lam (lam ?b)) ?i (var 0))) ?x))"},
    /* a lowered reduction (seq or unroll) over a zip */
    {"vectorizeBeforeMapZipReduce",
     "(as_vector _ (map 0 _ (lam (reduce 1 (lam (lam ?b)) ?i (zip ?a ?c))) ?x)) | "
     "(as_vector _ (map 0 _ (lam (reduce 2 (lam (lam ?b)) ?i (zip ?a ?c))) ?x))"},
    {"vectorizeBeforeMapZip", "(as_vector _ (map 0 _ (lam ?b) ?x))"},
    {"vectorizeReduce", "(reduce _ (lam (lam ?b)) ?i ?x)"},
    {"asScalarAsVector", "(as_scalar (as_vector _ ?x))"},
    {"asVectorAsScalar", "(as_vector _ (as_scalar ?x))"},
    /* a high-level or sequential map */
    {"mapUnroll", "(map 0 _ ?f ?x) | (map 1 _ ?f ?x)"},
    {"useMapGlobal", "(map 0 _ ?f ?x)"},
    {"useMapWorkgroup", "(map 0 _ ?f ?x)"},
    {"useMapLocal", "(map 0 _ ?f ?x)"},
    {"reduceSeqUnroll", "(reduce 0 ?f ?i ?x) | (reduce 1 ?f ?i ?x)"},
    /* e |-> to_mem a e: any data class (the library rule checks). */
    {"toMem", "?x"},
    /* The rest of the library (every rule has a pattern: search.egraph_rules
     * checks it, and that each pattern finds its rule's example). */
    /* f |-> \x. f x, e |-> kernel e, e |-> let x = e in x: any class of the
     * right type (function, closed data, data), as toMem. kLetLift lifts a
     * let out of any operand of any node kind, which a pattern cannot
     * enumerate: it sees each class's best term. */
    {"etaAbstraction", "?f"},
    {"introduceKernel", "?x"},
    {"kLetIntro", "?x"},
    {"kLetLift", "?x"},
    {"kLetCSE", "(app (lam (app (lam ?b) ?e1)) ?e)"},
    {"mapGenerate", "(map 0 _ ?f (generate _ ?g))"},
    {"idxGenerate", "(idx (generate _ ?f) ?i)"},
    {"idxMap", "(idx (map _ _ ?f ?x) ?i)"},
    {"reduceMapInterchange", "(reduce _ (lam (lam (map 0 _ (lam ?g) (zip (var 1) (var 0))))) "
                             "(map 0 _ (lam ?i) ?y) (transpose ?x))"},
    /* slides */
    {"slideAfterSplit", "(split _ (slide _ _ ?x))"},
    {"slideBeforeMap", "(slide _ _ (map 0 _ ?f ?x))"},
    {"slideAfterMapMapF", "(map 0 _ (lam (map 0 _ ?f (var 0))) (slide _ _ ?x))"},
    {"slideBeforeSlide", "(slide _ _ (slide _ _ ?x))"},
    {"slideAfterMapDeep", "(map _ _ (lam ?b) (slide _ _ ?x))"},
    {"zipSlideMapFusion", "(zip (map 0 _ ?f (slide _ _ ?a)) (map 0 _ ?g (slide _ _ ?b)))"},
    {"splitBeforeMap", "(split _ (map 0 _ ?f ?x))"},
    {"splitBeforeZip", "(split _ (zip ?a ?b))"},
    {"mapSlideAfterTranspose", "(transpose (map 0 _ (lam (slide _ _ (var 0))) ?x))"},
    /* storage folding: windows of step 1 */
    {"useCBuffer", "(slide _ 1 ?x)"},
    {"useRotateValues", "(slide _ 1 ?x)"},
    {"cBufferLoadFusion", "(circular_buffer _ _ _ ?f (map 0 _ ?g ?x))"},
    {"useIterateStream", "(map 0 _ ?f (circular_buffer _ _ _ ?g ?x)) | "
                         "(map 0 _ ?f (rotate_values _ _ ?g ?x))"},
    /* domain-specific: a dot with a literal 2D weight, a 2D window's sum */
    {"separateConvKernel", DOT(F_P0, "(join (literal))", "(join ?n)") " | "
                           DOT(F_N0, "(join (literal))", "(join ?n)")},
    {"separateSum", "(reduce _ (lam (lam (arith.addf (var 1) (var 0)))) (const " F_P0 ") "
                    "(join ?x)) | "
                    "(reduce _ (lam (lam (arith.addf (var 1) (var 0)))) (const " F_N0 ") "
                    "(join ?x))"},
    /* Knossos Table 3, the rest (float and integer forms; division is
     * float only) */
    {"kSubAddSwap", "(arith.subf (arith.addf ?a ?b) ?c) | (arith.subi (arith.addi ?a ?b) ?c)"},
    {"kAddSubSwap", "(arith.addf (arith.subf ?a ?b) ?c) | (arith.addi (arith.subi ?a ?b) ?c)"},
    {"kSubSubSwap", "(arith.subf (arith.subf ?a ?b) ?c) | (arith.subi (arith.subi ?a ?b) ?c)"},
    {"kSubSub", "(arith.subf ?a (arith.subf ?b ?c)) | (arith.subi ?a (arith.subi ?b ?c))"},
    {"kDivMulSwap", "(arith.divf (arith.mulf ?a ?b) ?c)"},
    {"kMulDivSwap", "(arith.mulf (arith.divf ?a ?b) ?c)"},
    {"kDivDivSwap", "(arith.divf (arith.divf ?a ?b) ?c)"},
    {"kDivDiv", "(arith.divf ?a (arith.divf ?b ?c))"},
    {"kDivDivMul", "(arith.divf (arith.divf ?a ?b) ?c)"},
    {"kDistribute", "(arith.mulf ?a (arith.addf ?b ?c)) | (arith.muli ?a (arith.addi ?b ?c))"},
    {"kFactor", "(arith.addf (arith.mulf ?a ?b) (arith.mulf ?a ?c)) | "
                "(arith.addi (arith.muli ?a ?b) (arith.muli ?a ?c))"},
    {"kDistributeSub", "(arith.mulf ?a (arith.subf ?b ?c)) | (arith.muli ?a (arith.subi ?b ?c))"},
    {"kAddNeg1Mul", "(arith.addf ?a (arith.mulf (const " F_M1 ") ?b)) | "
                    "(arith.addi ?a (arith.muli (const -1) ?b))"},
    {"kFactorSub", "(arith.subf (arith.mulf ?a ?b) (arith.mulf ?a ?c)) | "
                   "(arith.subi (arith.muli ?a ?b) (arith.muli ?a ?c))"},
    {"kAddDiv", "(arith.addf (arith.divf ?y ?x) (arith.divf ?z ?x))"},
    {"kSubDiv", "(arith.subf (arith.divf ?y ?x) (arith.divf ?z ?x))"},
    {"kDivMul", "(arith.divf ?a (arith.mulf ?b ?c))"},
    {"kMul0", "(arith.mulf (const " F_P0 ") ?a) | (arith.mulf (const " F_N0 ") ?a) | "
              "(arith.muli (const 0) ?a)"},
    /* Knossos Table 4 */
    {"kSumGenerateAdd", SUM3("(arith.addf ?a ?b)", "(arith.addi ?a ?b)")},
    {"kSumGenerateConst", SUM3("?b", "?b")},
    {"kSumGenerateSelect", SUM3("(arith.select ?c ?a ?b)", "(arith.select ?c ?a ?b)")},
    {"kSumGenerateTuple", "(reduce _ (lam (lam (pair ?p ?q))) (pair (const _) (const _)) "
                          "(generate _ (lam (pair ?a ?b))))"},
    {"kSumGenerateBuild", SUMARR("(generate _ (lam ?e))")},
    {"kSumDeltaVec", SUMARR(DELTA("?a", "?b", "?v"))},
    {"kDeltaVecAdd", "(map 0 _ (lam ?add) (zip " DELTA("?a", "?b", "?v") " " DELTA("?c", "?d", "?w")
                     "))"},
    /* select on a constant condition: true is any non-zero value */
    {"kSelectTrue", "(arith.select (const _) ?a ?b)"},
    {"kSelectFalse", "(arith.select (const 0) ?a ?b)"},
    {"kSelectBool", "(arith.select ?c (const _) (const 0))"},
    {"kSelectSame", "(arith.select ?c ?a ?a)"},
    {"kCmpSelf", "(arith.cmpi ?a ?a)"},
};

size_t ariEgRulePatternCount(void) { return sizeof kRules / sizeof kRules[0]; }
const char *ariEgRulePatternName(size_t i) {
  return i < ariEgRulePatternCount() ? kRules[i].name : NULL;
}
const char *ariEgRulePatternText(size_t i) {
  return i < ariEgRulePatternCount() ? kRules[i].lhs : NULL;
}

bool ariEgRuleMake(AriTermStore *s, AriArena *a, const char *text, AriEgRule *out, char *err,
                   size_t cap) {
  memset(out, 0, sizeof *out);
  size_t col;
  if (!ariRuleParse(text, strlen(text), &out->inst, err, cap, &col))
    return false;
  const char *name = ariRuleInfo(out->inst.id)->name;
  ariRuleInstPrint(&out->inst, out->name, sizeof out->name);
  for (size_t i = 0; i < ariEgRulePatternCount(); ++i) {
    if (strcmp(kRules[i].name, name))
      continue;
    const char *lhs = kRules[i].lhs;
    while (*lhs) {
      const char *bar = strchr(lhs, '|');
      size_t n = bar ? (size_t)(bar - lhs) : strlen(lhs);
      if (out->nalts == ARI_EG_MAX_ALTS) {
        snprintf(err, cap, "%s: too many alternatives", name);
        return false;
      }
      if (!(out->lhs[out->nalts++] = ariEgPatternParse(s, a, lhs, n, err, cap, NULL)))
        return false;
      lhs += n + (bar ? 1 : 0);
    }
    return true;
  }
  snprintf(err, cap, "rule %s has no e-graph pattern yet", name);
  return false;
}
