/*===- search/egraph_rules.c - typed patterns, e-matching, rule patterns --===*\
 *
 * Patterns are small trees (at most MAX_PNODES nodes, MAX_VARS variables)
 * parsed from S-expressions. E-matching is the classic backtracking
 * matcher over the classes' nodes, with a to-do stack of (pattern node,
 * class) pairs, so that every match is enumerated exactly once per choice
 * of e-nodes.
 *
 * The rule table gives each library rule its left-hand side. The pattern
 * is only the shape that finds candidates; the library's ariRuleApply
 * (search/rules.h) decides with its side conditions on the instantiated
 * term, so a pattern may be looser than the rule but never stricter than
 * its left-hand side.
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph_impl.h"

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
 * [kind]; 0 is high-level. */
static const struct {
  const char *name, *lhs;
} kRules[] = {
    {"beta", "(app (lam ?b) ?e)"},
    {"eta", "(lam (app ?f (var 0)))"},
    {"mapFusion", "(map 0 _ ?g (map 0 _ ?f ?x))"},
    {"mapFission", "(map _ _ (lam ?b) ?y)"},
    {"reduceMapFusion", "(reduce 0 ?g ?i (map _ _ ?f ?x))"},
    {"reduceSeqMapFusion", "(reduce 1 ?g ?i (map _ _ ?f ?x))"},
    {"splitJoin", "(map _ _ ?f ?x)"},
    {"joinSplitMap", "(join (map _ _ ?g (split _ ?x)))"},
    {"splitJoinId", "(split _ (join ?x))"},
    {"joinSplitId", "(join (split _ ?x))"},
    {"transposeTranspose", "(transpose (transpose ?x))"},
    {"transposeMapMap", "(transpose (map _ _ ?f ?x))"},
    {"mapMapTranspose", "(map _ _ ?f (transpose ?x))"},
    {"fstPair", "(fst (pair ?a ?b))"},
    {"sndPair", "(snd (pair ?a ?b))"},
    {"mapSeq", "(map 0 _ ?f ?x)"},
    {"mapPar", "(map 0 _ ?f ?x)"},
    {"reduceSeq", "(reduce 0 ?f ?i ?x)"},
    {"kAdd0", "(arith.addf ?z ?a) | (arith.addi ?z ?a)"},
    {"kMul1", "(arith.mulf ?z ?a) | (arith.muli ?z ?a)"},
    {"kSub0", "(arith.subf ?a ?z) | (arith.subi ?a ?z)"},
    {"kDiv1", "(arith.divf ?a ?z)"},
    {"kAddMulNeg1", "(arith.addf ?a (arith.mulf ?b ?c)) | (arith.addi ?a (arith.muli ?b ?c))"},
    {"kMulComm", "(arith.mulf ?a ?b) | (arith.muli ?a ?b)"},
    {"kAddComm", "(arith.addf ?a ?b) | (arith.addi ?a ?b)"},
    {"kSubSelf", "(arith.subf ?a ?a) | (arith.subi ?a ?a)"},
    {"kAddAddSwap", "(arith.addf (arith.addf ?a ?b) ?c) | (arith.addi (arith.addi ?a ?b) ?c)"},
    {"kMulMulSwap", "(arith.mulf (arith.mulf ?a ?b) ?c) | (arith.muli (arith.muli ?a ?b) ?c)"},
    /* The rules of the matmul guides (search/guides/matmul*.guides). */
    {"mapFissionDeep", "(map _ _ (lam ?b) ?y)"},
    {"tileMaps", "(map 0 _ (lam (map 0 _ ?f ?y)) ?x)"},
    {"tileReduce", "(reduce _ ?f ?i ?x)"},
    {"fissionReduceMap", "(reduce _ (lam (lam ?b)) ?i ?x)"},
    {"mapMapInterchange", "(map 0 _ (lam (map 0 _ (lam ?e) ?y)) ?x)"},
    {"mapReduceInterchange", "(map 0 _ (lam (reduce _ ?g ?i (var 0))) ?x)"},
    /* any reduction over anything derived from the row (the library rule
     * checks that g does not use the row) */
    {"mapReduceInterchangeAcc", "(map 0 _ (lam (reduce _ ?g ?i ?e)) ?x)"},
    {"mapFstZip", "(map 0 _ ?f (zip ?a ?b))"},
    {"mapSndZip", "(map 0 _ ?f (zip ?a ?b))"},
    {"zipMapFusion", "(zip (map 0 _ ?f ?x) (map 0 _ ?g ?y))"},
    {"mapPairFission", "(map 0 _ (lam (pair ?a ?b)) ?x)"},
    {"zipSame", "(zip ?x ?x)"},
    /* x |-> as_scalar (as_vector v x) applies to every array of scalars
     * whose length v divides: the pattern is any class, the library rule
     * checks the type. */
    {"startVectorization", "?x"},
    {"vectorizeBeforeMap", "(as_vector _ (map 0 _ ?f ?x))"},
    {"vectorizeBeforeMapReduce", "(as_vector _ (map 0 _ (lam (reduce _ ?g ?i (var 0))) ?x))"},
    {"vectorizeBeforeMapZipReduce", "(as_vector _ (map 0 _ (lam (reduce _ ?g ?i (zip ?a ?b))) ?x))"},
    {"vectorizeBeforeMapZip", "(as_vector _ (map 0 _ (lam ?b) ?x))"},
    {"asScalarAsVector", "(as_scalar (as_vector _ ?x))"},
    {"asVectorAsScalar", "(as_vector _ (as_scalar ?x))"},
    {"mapUnroll", "(map _ _ ?f ?x)"},
    {"useMapGlobal", "(map 0 _ ?f ?x)"},
    {"useMapWorkgroup", "(map 0 _ ?f ?x)"},
    {"useMapLocal", "(map 0 _ ?f ?x)"},
    {"reduceSeqUnroll", "(reduce _ ?f ?i ?x)"},
    /* e |-> to_mem a e: any data class (the library rule checks). */
    {"toMem", "?x"},
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
