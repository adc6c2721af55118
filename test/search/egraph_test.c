/*===- egraph_test.c - e-graph invariants, extraction, patterns, runner ---===*\
 *
 * - hashcons consistency (adding twice, lookup);
 * - scopes of the term store: memos forget freed terms, the runner frees
 *   its temporaries; adding into a class as add + merge does;
 * - random union sequences over a small arithmetic vocabulary: after every
 *   rebuild ariEgCheck holds (hashcons, congruence, analyses) and the
 *   classes equal a naive congruence closure computed on the terms;
 * - analysis merge: types and constants must agree, free masks intersect,
 *   best costs take the minimum;
 * - extraction under the three cost functions;
 * - pattern parse errors with columns, every rule pattern builds;
 * - the runner's stop reasons (saturated, goal, each limit; time with a fake
 *   clock), and an e-nodes/s figure on the largest run (printed only).
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/cost.h"
#include "search/egraph/egraph.h"
#include "search/egraph/egraph_impl.h" /* ariEgAddTermInto, class counts */
#include "search/egraph/egraph_sketch.h"
#include "search/gen/gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test/check.h"

static uint64_t rng(uint64_t *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return *s >> 33;
}

/*--- hashcons ---------------------------------------------------------------*/

static AriTerm *P(AriTermStore *s, const char *t) { return ariTermParse(s, t, strlen(t)); }

static bool printsAs(const AriTerm *t, const char *want) {
  char buf[256];
  return t && ariTermPrint(t, buf, sizeof buf, 0) < sizeof buf && !strcmp(buf, want);
}

/* Scopes of the term store under an e-graph: terms added and then freed
 * by a release must not be answered from the graph's memos when their ids
 * (and memory) are given to other terms; the graph keeps their nodes. */
static void testStoreScopes(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriEGraph *g = ariEgCreate(s);
  AriTerm *keep = P(s, "(arith.addf (arg 0 : f32) (arg 1 : f32) : f32)");
  AriEClass ck = ariEgAddTerm(g, keep);
  size_t n0 = ariTermStoreNumTerms(s);
  AriTermMark m = ariTermStoreMark(s);
  AriTerm *tmp = P(s, "(arith.mulf (arg 0 : f32) (arg 1 : f32) : f32)");
  AriEClass ct = ariEgAddTerm(g, tmp);
  CHECK(tmp && ariTermId(tmp) == n0 && ct != ARI_EG_NONE);
  CHECK(ariTermStoreRelease(s, m));
  /* Another term now has tmp's id. */
  AriTerm *other = P(s, "(arith.subf (arg 0 : f32) (arg 1 : f32) : f32)");
  CHECK(other && ariTermId(other) == n0);
  AriEClass co = ariEgAddTerm(g, other);
  CHECK(co != ARI_EG_NONE && co != ct && co != ck);
  CHECK(!strcmp(ariSymStr(ariEgNodeSym(g, ariEgClassNode(g, co, 0))), "arith.subf"));
  CHECK(ariEgAddTerm(g, keep) == ck && ariEgNumNodes(g) == 5);
  /* The graph still has tmp's node: an equal term finds its class. */
  AriTerm *tmp2 = P(s, "(arith.mulf (arg 0 : f32) (arg 1 : f32) : f32)");
  CHECK(ariEgAddTerm(g, tmp2) == ct && ariEgLookupTerm(g, tmp2) == ct && ariEgNumNodes(g) == 5);
  /* A class whose only term was freed: its best term is extracted inside
   * a scope, freed with it, and the memo must not return it afterwards. */
  m = ariTermStoreMark(s);
  AriEClass cd = ariEgAddTerm(g, P(s, "(arith.divf (arg 1 : f32) (arg 0 : f32) : f32)"));
  CHECK(ariTermStoreRelease(s, m));
  CHECK(ariEgRebuild(g));
  for (int round = 0; round < 2; ++round) {
    m = ariTermStoreMark(s);
    AriTerm *b = ariEgExtractBest(g, cd);
    CHECK(printsAs(b, "(arith.divf (arg 1 : f32) (arg 0 : f32) : f32)"));
    CHECK(ariEgExtractBest(g, cd) == b); /* memoised within the scope */
    CHECK(ariTermStoreRelease(s, m));
    /* reuse the freed memory and ids */
    CHECK(P(s, "(arith.maximumf (arg 1 : f32) (arg 0 : f32) : f32)") != NULL);
    AriTerm *b2 = ariEgExtractBest(g, cd);
    CHECK(printsAs(b2, "(arith.divf (arg 1 : f32) (arg 0 : f32) : f32)"));
  }
  char err[200];
  CHECK(ariEgCheck(g, err, sizeof err));
  ariEgDestroy(g);

  /* The runner frees its temporaries: after a run the store holds what it
   * held before plus the extracted result (and no scope is left open). */
  g = ariEgCreate(s);
  AriArena a;
  ariArenaInit(&a, 0);
  AriEgRule rules[2];
  char msg[200];
  CHECK(ariEgRuleMake(s, &a, "kAddComm", &rules[0], msg, sizeof msg));
  CHECK(ariEgRuleMake(s, &a, "kAddAddSwap", &rules[1], msg, sizeof msg));
  AriTerm *sum = P(s, "(arith.addf (arith.addf (arith.addf (arg 0 : f32) (arg 1 : f32) : f32) "
                      "(arg 2 : f32) : f32) (arg 3 : f32) : f32)");
  AriEClass root = ariEgAddTerm(g, sum);
  size_t before = ariTermStoreNumTerms(s);
  AriEgRunOpts o = {.maxIterations = 20};
  AriEgReport rep;
  CHECK(ariEgRun(g, root, rules, 2, &o, &rep) && rep.stop == ARI_EG_STOP_SATURATED);
  CHECK(rep.applied > 10 && ariTermStoreMarkDepth(s) == 0);
  CHECK(ariTermStoreNumTerms(s) <= before + ariTermTreeSize(rep.best));
  CHECK(rep.best && ariTermTreeSize(rep.best) == 7 && rep.bytes >= ariEgBytes(g));
  CHECK(ariEgCheck(g, err, sizeof err));
  ariEgDestroy(g);
  ariArenaDestroy(&a);
  ariTermStoreDestroy(s);
}

/* ariEgAddTermInto (the runner's add-and-merge): the same graph as
 * ariEgAddTerm + ariEgMerge, with fewer class records. */
static void testAddInto(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriEGraph *g1 = ariEgCreate(s), *g2 = ariEgCreate(s);
  AriTerm *a = P(s, "(arith.addf (arg 0 : f32) (arg 1 : f32) : f32)");
  AriTerm *b = P(s, "(arith.addf (arg 1 : f32) (arith.mulf (arg 0 : f32) (arg 2 : f32) : f32) : f32)");
  AriEClass a1 = ariEgAddTerm(g1, a), a2 = ariEgAddTerm(g2, a);
  bool joined = false, changed = false;
  AriEClass b1 = ariEgAddTermInto(g1, b, a1, &joined);
  CHECK(joined && b1 == ariEgFind(g1, a1));
  AriEClass b2 = ariEgAddTerm(g2, b);
  CHECK(ariEgMerge(g2, a2, b2, &changed) && changed);
  CHECK(ariEgRebuild(g1) && ariEgRebuild(g2));
  char err[200];
  CHECK(ariEgCheck(g1, err, sizeof err) && ariEgCheck(g2, err, sizeof err));
  CHECK(ariEgNumNodes(g1) == ariEgNumNodes(g2) && ariEgNumClasses(g1) == ariEgNumClasses(g2));
  CHECK(ariEgTotalNodes(g1) == ariEgTotalNodes(g2) && g1->nclasses + 1 == g2->nclasses);
  CHECK(ariEgClassBestCost(g1, a1) == ariEgClassBestCost(g2, a2));
  CHECK(ariEgClassNumNodes(g1, a1) == 2 && ariEgLookupTerm(g1, b) == ariEgFind(g1, a1));
  /* Already there: its class, nothing joined (the caller merges). */
  CHECK(ariEgAddTermInto(g1, a, a1, &joined) == ariEgFind(g1, a1) && !joined);
  AriEClass x = ariEgAddTermInto(g1, P(s, "(arg 3 : f32)"), a1, &joined);
  CHECK(!joined || x == ariEgFind(g1, a1)); /* a new leaf: joined */
  CHECK(joined && ariEgRebuild(g1) && ariEgCheck(g1, err, sizeof err));
  /* Another type, or a contradicting constant: a class of its own. */
  AriEClass i = ariEgAddTermInto(g1, P(s, "(arg 0 : i32)"), a1, &joined);
  CHECK(!joined && i != ariEgFind(g1, a1) && ariEgClassType(g1, i) == ariTypeI32(s));
  AriEClass c5 = ariEgAddTerm(g1, P(s, "(const 5 : i32)"));
  AriEClass c6 = ariEgAddTermInto(g1, P(s, "(const 6 : i32)"), c5, &joined);
  CHECK(!joined && c6 != ariEgFind(g1, c5) && !ariEgMerge(g1, c5, c6, NULL));
  ariEgClearError(g1);
  CHECK(ariEgAddTermInto(g1, a, ARI_EG_NONE, &joined) == ARI_EG_NONE && !joined);
  ariEgClearError(g1);
  CHECK(ariEgRebuild(g1) && ariEgCheck(g1, err, sizeof err));
  ariEgDestroy(g1);
  ariEgDestroy(g2);
  ariTermStoreDestroy(s);
}

static void testHashcons(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriEGraph *g = ariEgCreate(s);
  AriTerm *a = P(s, "(arith.addf (arg 0 : f32) (arg 1 : f32) : f32)");
  AriTerm *b = P(s, "(arith.addf (arg 1 : f32) (arg 0 : f32) : f32)");
  CHECK(a && b);
  AriEClass ca = ariEgAddTerm(g, a), cb = ariEgAddTerm(g, b);
  CHECK(ca != ARI_EG_NONE && cb != ARI_EG_NONE && ca != cb);
  CHECK(ariEgAddTerm(g, a) == ca);
  CHECK(ariEgNumNodes(g) == 4 && ariEgNumClasses(g) == 4);
  CHECK(ariEgLookupTerm(g, a) == ca);
  CHECK(ariEgLookupTerm(g, P(s, "(arith.mulf (arg 1 : f32) (arg 0 : f32) : f32)")) == ARI_EG_NONE);
  CHECK(ariEgNumNodes(g) == 4);
  char err[200];
  CHECK(ariEgRebuild(g) && ariEgCheck(g, err, sizeof err));
  /* Merging the args makes a and b congruent only after rebuild. */
  AriEClass x0 = ariEgLookupTerm(g, P(s, "(arg 0 : f32)")),
            x1 = ariEgLookupTerm(g, P(s, "(arg 1 : f32)"));
  bool ch = false;
  CHECK(ariEgMerge(g, x0, x1, &ch) && ch);
  CHECK(!ariEgCheck(g, err, sizeof err)); /* pending */
  CHECK(ariEgRebuild(g));
  CHECK(ariEgCheck(g, err, sizeof err));
  CHECK(ariEgFind(g, ca) == ariEgFind(g, cb));
  CHECK(ariEgNumClasses(g) == 2 && ariEgNumNodes(g) == 3);
  ariEgDestroy(g);
  ariTermStoreDestroy(s);
}

/*--- random union sequences against naive congruence closure ----------------*/

enum { NT = 80 };

/* f32 arithmetic, or (ints) i32 arithmetic, whose constants fold. */
static AriTerm *randTerm(AriTermStore *s, uint64_t *r, int depth, bool ints) {
  static const char *const fops[] = {"arith.addf", "arith.mulf"};
  static const char *const iops[] = {"arith.addi", "arith.muli"};
  const AriType *t = ints ? ariTypeI32(s) : ariTypeF32(s);
  if (depth == 0 || rng(r) % 3 == 0) {
    if (rng(r) % 4 == 0)
      return ints ? ariTermConstInt(s, t, (int64_t)(rng(r) % 2))
                  : ariTermConstFloat(s, t, (double)(rng(r) % 2));
    return ariTermArg(s, (uint32_t)(rng(r) % 3), t);
  }
  if (rng(r) % 5 == 0) { /* a unary op to vary arity */
    AriTerm *k = randTerm(s, r, depth - 1, ints);
    return ariTermOp(s, ints ? "math.absi" : "arith.negf", NULL, &k, 1, t);
  }
  AriTerm *k[2] = {randTerm(s, r, depth - 1, ints), randTerm(s, r, depth - 1, ints)};
  return ariTermOp(s, (ints ? iops : fops)[rng(r) % 2], NULL, k, 2, t);
}

static unsigned ufFind(unsigned *uf, unsigned x) {
  while (uf[x] != x)
    x = uf[x] = uf[uf[x]];
  return x;
}

/* All subterms of the added terms, deduplicated by pointer. */
static unsigned collectSub(AriTerm *t, AriTerm **all, unsigned n, unsigned cap) {
  for (unsigned i = 0; i < n; ++i)
    if (all[i] == t)
      return n;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    n = collectSub(ariTermKid(t, i), all, n, cap);
  if (n < cap)
    all[n++] = t;
  return n;
}

static bool sameHead(const AriTerm *a, const AriTerm *b) {
  if (ariTermKind(a) != ariTermKind(b) || ariTermNumKids(a) != ariTermNumKids(b) ||
      ariTermNumAttrs(a) != ariTermNumAttrs(b) || ariTermSym(a) != ariTermSym(b) ||
      ariTermType(a) != ariTermType(b))
    return false;
  for (unsigned i = 0; i < ariTermNumAttrs(a); ++i)
    if (ariTermAttr(a, i) != ariTermAttr(b, i))
      return false;
  return true;
}

static void testRandomUnions(void) {
  int checksBefore = failures;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    uint64_t r = seed * 7919;
    AriTermStore *s = ariTermStoreCreate(0);
    AriEGraph *g = ariEgCreate(s);
    AriTerm *roots[NT];
    static AriTerm *all[4096];
    unsigned nall = 0;
    for (unsigned i = 0; i < NT; ++i) {
      roots[i] = randTerm(s, &r, 3, seed % 2 == 0);
      CHECK(ariEgAddTerm(g, roots[i]) != ARI_EG_NONE);
      nall = collectSub(roots[i], all, nall, 4096);
    }
    unsigned uf[4096];
    for (unsigned i = 0; i < nall; ++i)
      uf[i] = i;
    unsigned rounds = 1 + (unsigned)(rng(&r) % 4);
    for (unsigned round = 0; round < rounds; ++round) {
      unsigned merges = 1 + (unsigned)(rng(&r) % 6);
      for (unsigned m = 0; m < merges; ++m) {
        unsigned i = (unsigned)(rng(&r) % nall), j = (unsigned)(rng(&r) % nall);
        /* Constants: never merge 0 with 1 (an analysis error, tested below). */
        int64_t vi, vj;
        if (ariEgClassConst(g, ariEgAddTerm(g, all[i]), &vi) ||
            ariEgClassConst(g, ariEgAddTerm(g, all[j]), &vj))
          continue;
        CHECK(ariEgMerge(g, ariEgAddTerm(g, all[i]), ariEgAddTerm(g, all[j]), NULL));
        uf[ufFind(uf, i)] = ufFind(uf, j);
      }
      CHECK(ariEgRebuild(g));
      char err[200] = "";
      bool ok = ariEgCheck(g, err, sizeof err);
      CHECK(ok);
      if (!ok)
        fprintf(stderr, "seed %llu: %s\n", (unsigned long long)seed, err);
      /* naive congruence closure */
      for (bool ch = true; ch;) {
        ch = false;
        for (unsigned i = 0; i < nall; ++i)
          for (unsigned j = i + 1; j < nall; ++j) {
            if (ufFind(uf, i) == ufFind(uf, j) || !sameHead(all[i], all[j]))
              continue;
            bool congr = true;
            for (unsigned k = 0; k < ariTermNumKids(all[i]) && congr; ++k) {
              unsigned a = 0, b = 0;
              while (all[a] != ariTermKid(all[i], k))
                ++a;
              while (all[b] != ariTermKid(all[j], k))
                ++b;
              congr = ufFind(uf, a) == ufFind(uf, b);
            }
            if (congr) {
              uf[ufFind(uf, i)] = ufFind(uf, j);
              ch = true;
            }
          }
      }
      unsigned bad = 0;
      for (unsigned i = 0; i < nall; ++i)
        for (unsigned j = i + 1; j < nall; ++j) {
          bool ref = ufFind(uf, i) == ufFind(uf, j);
          bool eg = ariEgFind(g, ariEgAddTerm(g, all[i])) == ariEgFind(g, ariEgAddTerm(g, all[j]));
          bad += ref != eg;
        }
      CHECK(bad == 0);
      /* hashcons consistency: every subterm is found under its class */
      for (unsigned i = 0; i < nall; ++i)
        CHECK(ariEgLookupTerm(g, all[i]) == ariEgFind(g, ariEgAddTerm(g, all[i])));
      size_t classes = 0;
      for (unsigned i = 0; i < nall; ++i)
        classes += ufFind(uf, i) == i;
      CHECK(classes == ariEgNumClasses(g));
    }
    ariEgDestroy(g);
    ariTermStoreDestroy(s);
  }
  printf("random unions: 40 seeds, %s\n", failures == checksBefore ? "ok" : "FAILED");
}

/*--- analyses -----------------------------------------------------------------*/

static void testAnalyses(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriEGraph *g = ariEgCreate(s);
  char err[200];
  AriEClass f = ariEgAddTerm(g, P(s, "(arg 0 : f32)"));
  AriEClass i = ariEgAddTerm(g, P(s, "(arg 1 : i32)"));
  CHECK(!ariEgMerge(g, f, i, NULL)); /* types disagree */
  CHECK(strstr(ariEgError(g), "types f32 and i32") != NULL);
  CHECK(ariEgFind(g, f) != ariEgFind(g, i));
  ariEgClearError(g);
  AriEClass c0 = ariEgAddTerm(g, P(s, "(const 0 : i32)"));
  AriEClass c1 = ariEgAddTerm(g, P(s, "(const 1 : i32)"));
  int64_t v = -1;
  CHECK(ariEgClassConst(g, c1, &v) && v == 1);
  CHECK(!ariEgMerge(g, c0, c1, NULL)); /* constants disagree */
  ariEgClearError(g);
  CHECK(ariEgMerge(g, i, c1, NULL));
  CHECK(ariEgRebuild(g));
  CHECK(ariEgClassConst(g, i, &v) && v == 1);
  /* Constant folding: 2 + 3 = 5; (arg 2) * 3 becomes 6 once arg 2 = 2;
   * i32 wraps (2^30 * 4 = 0); floats are not folded. */
  AriEClass sum = ariEgAddTerm(g, P(s, "(arith.addi (const 2 : i32) (const 3 : i32) : i32)"));
  CHECK(ariEgClassConst(g, sum, &v) && v == 5);
  AriEClass prod = ariEgAddTerm(g, P(s, "(arith.muli (arg 2 : i32) (const 3 : i32) : i32)"));
  CHECK(!ariEgClassConst(g, prod, NULL));
  CHECK(ariEgMerge(g, ariEgAddTerm(g, P(s, "(arg 2 : i32)")),
                   ariEgAddTerm(g, P(s, "(const 2 : i32)")), NULL));
  CHECK(ariEgRebuild(g));
  CHECK(ariEgClassConst(g, prod, &v) && v == 6);
  AriEClass wrap = ariEgAddTerm(
      g, P(s, "(arith.muli (const 1073741824 : i32) (const 4 : i32) : i32)"));
  CHECK(ariEgClassConst(g, wrap, &v) && v == 0);
  CHECK(!ariEgClassConst(
      g, ariEgAddTerm(g, P(s, "(arith.addf (const 1.0 : f32) (const 2.0 : f32) : f32)")), NULL));
  /* Merging a folded 5 with the constant 6 is refused. */
  CHECK(!ariEgMerge(g, sum, ariEgAddTerm(g, P(s, "(const 6 : i32)")), NULL));
  ariEgClearError(g);
  /* Free indices: the body x0 + x1 under one lambda vs a closed term. */
  AriTerm *body = P(s, "(arith.addf %0:f32 %1:f32 : f32)");
  CHECK(body != NULL);
  AriEClass cb = ariEgAddTerm(g, body);
  CHECK(ariEgClassFree(g, cb) == 3);
  AriEClass lam = ariEgAddTerm(g, ariTermLam(s, ariTypeF32(s), body));
  CHECK(ariEgClassFree(g, lam) == 1); /* %1 outside is %0 */
  AriEClass x1 = ariEgAddTerm(g, P(s, "%1:f32"));
  CHECK(ariEgClassFree(g, x1) == 2);
  /* Merge `x0 + x1` with `x1`: every member uses x1, only one uses x0. */
  CHECK(ariEgMerge(g, cb, x1, NULL));
  CHECK(ariEgRebuild(g));
  CHECK(ariEgClassFree(g, cb) == 2);
  CHECK(ariEgClassFree(g, lam) == 1); /* parent re-analysed: (lam %1) */
  CHECK(ariEgClassBestCost(g, cb) == 1);
  CHECK(ariEgClassBestCost(g, lam) == 2);
  CHECK(ariEgCheck(g, err, sizeof err));
  AriTerm *t = ariEgExtract(g, lam, NULL, NULL, NULL);
  CHECK(t && !strcmp(ariTermToString(s, t, 0), "(lam f32 %1)"));
  /* Bad ids are errors, not crashes. */
  CHECK(!ariEgMerge(g, lam, 123456, NULL) && strstr(ariEgError(g), "no such class"));
  ariEgClearError(g);
  CHECK(ariEgClassNumNodes(g, 123456) == 0 && !ariEgClassType(g, ARI_EG_NONE));
  CHECK(!ariEgExtract(g, 123456, NULL, NULL, NULL));
  ariEgClearError(g);
  AriEgReport rep;
  AriEgRunOpts o = {.maxIterations = 1};
  CHECK(!ariEgRun(g, 123456, NULL, 0, &o, &rep) && rep.stop == ARI_EG_STOP_ERROR);
  CHECK(strstr(rep.error, "no such root") != NULL);
  ariEgDestroy(g);
  ariTermStoreDestroy(s);
}

/*--- extraction ---------------------------------------------------------------*/

static double preferArg1(void *ctx, const AriEGraph *g, AriENode n, const double *kc) {
  (void)ctx;
  double c = ariEgCostSize(NULL, g, n, kc);
  if (ariEgNodeKind(g, n) == ARI_TERM_ARG && ariEgNodeAttr(g, n, 0) == 0)
    c += 100;
  return c;
}

static void testExtract(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriEGraph *g = ariEgCreate(s);
  AriTerm *a = P(s, "(arith.addf (const 0 : f32) (arg 0 : f32) : f32)");
  AriTerm *b = P(s, "(arith.mulf (arg 1 : f32) (arg 1 : f32) : f32)");
  AriEClass ca = ariEgAddTerm(g, a), cx = ariEgAddTerm(g, P(s, "(arg 0 : f32)"));
  AriEClass cb = ariEgAddTerm(g, b);
  CHECK(ariEgMerge(g, ca, cx, NULL) && ariEgMerge(g, ca, cb, NULL) && ariEgRebuild(g));
  double cost = 0;
  AriTerm *t = ariEgExtract(g, ca, ariEgCostSize, NULL, &cost);
  CHECK(t && !strcmp(ariTermToString(s, t, 0), "(arg 0 : f32)") && cost == 1);
  CHECK(ariEgExtractBest(g, ca) == t);
  t = ariEgExtract(g, ca, preferArg1, NULL, &cost);
  CHECK(t && ariTermKind(t) == ARI_TERM_OP && cost == 3);
  AriCostWeights w;
  ariCostWeightsDefault(&w);
  w.kind[ARI_TERM_ARG] = 10;
  t = ariEgExtract(g, ca, ariCostWeighted, &w, &cost);
  CHECK(t && ariTermKind(t) == ARI_TERM_ARG && cost == 10);
  /* A self-loop (x = x + 0 with x's class) still extracts the leaf. */
  t = ariEgExtract(g, ariEgAddTerm(g, P(s, "(arith.addf (arg 0 : f32) (const 0 : f32) : f32)")),
                   NULL, NULL, &cost);
  CHECK(t != NULL);
  ariEgDestroy(g);
  ariTermStoreDestroy(s);
}

/*--- patterns -----------------------------------------------------------------*/

static void testPatterns(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriArena a;
  ariArenaInit(&a, 0);
  char err[200];
  size_t col = 0;
  static const struct {
    const char *text;
    size_t col;
  } bad[] = {{"(map 0 _ ?f", 11}, {"(mop ?x)", 1}, {"(map ?f 3)", 8}, {"?", 0},
             {"(map ?f ?x) x", 12}, {"?x:f33", 0}, {"(map ?f ?x", 10}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    col = 99;
    CHECK(!ariEgPatternParse(s, &a, bad[i].text, strlen(bad[i].text), err, sizeof err, &col));
    CHECK(col == bad[i].col);
    if (col != bad[i].col)
      fprintf(stderr, "pattern %s: column %zu (%s)\n", bad[i].text, col, err);
  }
  const char *ok = "(map 0 _ ?g (map _ -1 ?f ?x:4.f32))";
  AriEgPattern *p = ariEgPatternParse(s, &a, ok, strlen(ok), err, sizeof err, NULL);
  CHECK(p && ariEgPatternNumVars(p) == 3 && ariEgPatternNumNodes(p) == 2);
  for (size_t i = 0; i < ariEgRulePatternCount(); ++i) {
    AriEgRule r;
    const char *name = ariEgRulePatternName(i);
    static const struct {
      const char *name, *args;
    } kArgs[] = {{"splitJoin", "(2)"},          {"tileReduce", "(2)"},
                 {"tileMaps", "(2, 2)"},        {"startVectorization", "(2)"},
                 {"toMem", "(global)"},         {"useMapGlobal", "(0)"},
                 {"useMapWorkgroup", "(0)"},    {"useMapLocal", "(0)"},
                 {"useCBuffer", "(global)"},    {"useRotateValues", "(private)"},
                 {"introduceKernel", "(4, 16)"}, {"padSplitJoin", "(4)"},
                 {"padTileMaps", "(4, 4)"},     {"padReduce", "(4)"},
                 {"peelReduce", "(4)"},         {"vectorizeReduce", "(4)"},
                 {"partialReduce", "(2)"},      {"peelTail", "(4)"},
                 {"padPipeline", "(4)"}, {"stripColumns", "(2)"}};
    const char *args = "";
    for (size_t k = 0; k < sizeof kArgs / sizeof kArgs[0]; ++k)
      if (!strcmp(name, kArgs[k].name))
        args = kArgs[k].args;
    char text[80];
    snprintf(text, sizeof text, "%s%s", name, args);
    bool made = ariEgRuleMake(s, &a, text, &r, err, sizeof err);
    CHECK(made);
    if (!made)
      fprintf(stderr, "%s: %s\n", text, err);
  }
  /* Every library rule has a pattern (search.egraph_rules checks that
   * each finds its rule's examples). */
  CHECK(ariEgRulePatternCount() == ariRuleCount());
  AriEgRule r;
  CHECK(!ariEgRuleMake(s, &a, "noSuchRule", &r, err, sizeof err));
  /* Matching: (kSubSelf) x - x matches once, x - y never. */
  AriEGraph *g = ariEgCreate(s);
  CHECK(ariEgRuleMake(s, &a, "kSubSelf", &r, err, sizeof err));
  AriEClass c1 = ariEgAddTerm(g, P(s, "(arith.subf (arg 0 : f32) (arg 0 : f32) : f32)"));
  AriEClass c2 = ariEgAddTerm(g, P(s, "(arith.subf (arg 0 : f32) (arg 1 : f32) : f32)"));
  CHECK(ariEgMatch(g, r.lhs[0], c1, NULL, NULL) == 1);
  CHECK(ariEgMatch(g, r.lhs[0], c2, NULL, NULL) == 0);
  ariEgDestroy(g);
  ariArenaDestroy(&a);
  ariTermStoreDestroy(s);
}

/*--- the runner ---------------------------------------------------------------*/

static double fakeClock(void *ctx) {
  double *t = ctx;
  return *t += 1;
}

static bool hasMapSeq(void *ctx, AriEGraph *g, AriEClass root) {
  (void)ctx;
  for (unsigned i = 0; i < ariEgClassNumNodes(g, root); ++i) {
    AriENode n = ariEgClassNode(g, root, i);
    if (ariEgNodeKind(g, n) == ARI_TERM_MAP && ariEgNodeAttr(g, n, 0) == ARI_PAT_SEQ)
      return true;
  }
  return false;
}

static bool sketchGoal(void *ctx, AriEGraph *g, AriEClass root) {
  return ariEgSketchMatches(g, ctx, root) == 1;
}

static size_t makeRules(AriTermStore *s, AriArena *a, const char *const *names, size_t n,
                        AriEgRule *out) {
  char err[200];
  size_t k = 0;
  for (size_t i = 0; i < n; ++i) {
    bool ok = ariEgRuleMake(s, a, names[i], &out[k], err, sizeof err);
    CHECK(ok);
    k += ok;
  }
  return k;
}

static void testRunner(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriArena a;
  ariArenaInit(&a, 0);
  AriEgRule rules[16];
  AriEgReport rep;
  /* saturated: transpose (transpose x) and map fusion */
  {
    static const char *const names[] = {"transposeTranspose", "mapFusion", "beta"};
    size_t nr = makeRules(s, &a, names, 3, rules);
    AriEGraph *g = ariEgCreate(s);
    AriTerm *t = P(s, "(map (lam f32 (arith.mulf %0 %0 : f32)) (map (lam f32 (arith.addf %0 %0 : "
                      "f32)) (join (transpose (transpose (in 0 : 4.4.f32))))))");
    CHECK(t != NULL);
    AriEClass root = ariEgAddTerm(g, t);
    /* Sketches over e-classes: only the fused program has map(?, join(?)). */
    AriSketchSet *set = ariSketchSetCreate(s);
    AriSketchError serr;
    const AriSketch *unfused = ariSketchParse(set, "map(?, map(?, ?))", 17, &serr);
    const AriSketch *fused = ariSketchParse(set, "map(?, join(?))", 15, &serr);
    CHECK(unfused && fused);
    CHECK(ariEgSketchMatches(g, unfused, root) == 1);
    CHECK(ariEgSketchMatches(g, fused, root) == 0);
    AriEgRunOpts o = {.maxIterations = 20};
    CHECK(ariEgRun(g, root, rules, nr, &o, &rep));
    CHECK(rep.stop == ARI_EG_STOP_SATURATED);
    CHECK(ariEgSketchMatches(g, unfused, root) == 1);
    CHECK(ariEgSketchMatches(g, fused, root) == 1);
    /* The same sketch as the runner's goal stops it as soon as it holds. */
    AriEGraph *g2 = ariEgCreate(s);
    AriEClass root2 = ariEgAddTerm(g2, t);
    AriEgRunOpts o2 = {.maxIterations = 20, .goal = sketchGoal, .goalCtx = (void *)fused};
    AriEgReport rep2;
    CHECK(ariEgRun(g2, root2, rules, nr, &o2, &rep2));
    CHECK(rep2.stop == ARI_EG_STOP_GOAL && rep2.iterations == 1);
    CHECK(rep2.best && ariSketchMatches(fused, rep2.best) == 1);
    ariEgDestroy(g2);
    ariSketchSetDestroy(set);
    CHECK(rep.applied >= 2 && rep.iterations >= 2);
    CHECK(rep.best && ariTermTreeSize(rep.best) < ariTermTreeSize(t));
    CHECK(rep.best && ariTermType(rep.best) == ariTermType(t));
    if (rep.best)
      printf("saturated after %u iterations: %s\n", rep.iterations,
             ariTermToString(s, rep.best, 0));
    char err[200];
    CHECK(ariEgCheck(g, err, sizeof err));
    ariEgDestroy(g);
  }
  /* goal, iterations, nodes, time, memory */
  static const char *const names[] = {"kAddComm", "kMulComm", "kAddAddSwap", "kMulMulSwap",
                                      "mapSeq", "splitJoin(2)"};
  size_t nr = makeRules(s, &a, names, 6, rules);
  /* map (λx. x*x + ((a1*x + a2) + (a3 + (a4*a5 + (a6 + a7))))) over 64 elements:
   * associativity and commutativity make this grow fast. */
  const char *prog =
      "(map (lam f32 (arith.addf (arith.mulf %0 %0 : f32) (arith.addf (arith.addf (arith.mulf "
      "(arg 1 : f32) %0 : f32) (arg 2 : f32) : f32) (arith.addf (arg 3 : f32) (arith.addf "
      "(arith.mulf (arg 4 : f32) (arg 5 : f32) : f32) (arith.addf (arg 6 : f32) (arg 7 : f32) : "
      "f32) : f32) : f32) : f32) : f32)) (in 0 : 64.f32))";
  struct {
    AriEgStop want;
    AriEgRunOpts o;
  } cases[] = {
      {ARI_EG_STOP_GOAL, {.maxIterations = 10, .goal = hasMapSeq}},
      {ARI_EG_STOP_ITERATIONS, {.maxIterations = 2}},
      {ARI_EG_STOP_NODES, {.maxNodes = 200}},
      {ARI_EG_STOP_TIME, {.maxSeconds = 40, .clock = fakeClock}},
      {ARI_EG_STOP_MEMORY, {.maxBytes = 1}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    double now = 0;
    if (cases[i].o.clock)
      cases[i].o.clockCtx = &now;
    AriEGraph *g = ariEgCreate(s);
    AriEClass root = ariEgAddTerm(g, P(s, prog));
    CHECK(ariEgRun(g, root, rules, nr, &cases[i].o, &rep));
    CHECK(rep.stop == cases[i].want);
    if (rep.stop != cases[i].want)
      fprintf(stderr, "case %zu: stopped by %s, wanted %s\n", i, ariEgStopName(rep.stop),
              ariEgStopName(cases[i].want));
    CHECK(rep.best != NULL);
    if (cases[i].want == ARI_EG_STOP_ITERATIONS)
      CHECK(rep.iterations == 2);
    if (cases[i].want == ARI_EG_STOP_NODES)
      CHECK(rep.nodes >= 200);
    printf("stop %-16s after %u iterations, %zu nodes, %zu classes, best cost %g\n",
           ariEgStopName(rep.stop), rep.iterations, rep.nodes, rep.classes, rep.bestCost);
    ariEgDestroy(g);
  }
  /* The limits are checked inside an iteration too (issue 13): a deadline
   * already passed and a memory limit below the first match table stop the
   * first iteration's matching (no iteration completes), a node limit just
   * above the start stops its applications before they all ran. The best
   * term so far is kept in each case. */
  {
    AriEgRunOpts mid[] = {{.maxSeconds = 1e-9}, {.maxBytes = 1}, {.maxNodes = 1}};
    AriEgStop want[] = {ARI_EG_STOP_TIME, ARI_EG_STOP_MEMORY, ARI_EG_STOP_NODES};
    for (size_t i = 0; i < sizeof mid / sizeof mid[0]; ++i) {
      AriEGraph *g = ariEgCreate(s);
      AriEClass root = ariEgAddTerm(g, P(s, prog));
      if (want[i] == ARI_EG_STOP_NODES)
        mid[i].maxNodes = ariEgNumNodes(g) + 1;
      CHECK(ariEgRun(g, root, rules, nr, &mid[i], &rep));
      CHECK(rep.stop == want[i]);
      CHECK(rep.best != NULL);
      if (want[i] == ARI_EG_STOP_NODES)
        CHECK(rep.iterations == 1 && rep.applied < rep.matches);
      else
        CHECK(rep.iterations == 0 && rep.applied == 0);
      printf("mid-iteration stop %-12s after %u iterations, %zu of %zu matches applied\n",
             ariEgStopName(rep.stop), rep.iterations, rep.applied, rep.matches);
      ariEgDestroy(g);
    }
  }
  /* The one spelling of each reason (reports, tables and diagnostics all
   * print these): single words, the limits named like rise-eqsat's options. */
  static const char *const stopNames[] = {"saturated",  "goal",         "iter-limit", "node-limit",
                                          "time-limit", "memory-limit", "error"};
  static const AriEgStop stops[] = {ARI_EG_STOP_SATURATED, ARI_EG_STOP_GOAL,
                                    ARI_EG_STOP_ITERATIONS, ARI_EG_STOP_NODES,
                                    ARI_EG_STOP_TIME,       ARI_EG_STOP_MEMORY,
                                    ARI_EG_STOP_ERROR};
  for (size_t i = 0; i < sizeof stops / sizeof stops[0]; ++i) {
    CHECK(!strcmp(ariEgStopName(stops[i]), stopNames[i]));
    CHECK(!strchr(ariEgStopName(stops[i]), ' '));
  }
  /* Throughput on the largest run (a figure, not a test). */
  {
    AriEGraph *g = ariEgCreate(s);
    AriEClass root = ariEgAddTerm(g, P(s, prog));
    AriEgRunOpts o = {.maxNodes = 200000, .maxIterations = 30};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    CHECK(ariEgRun(g, root, rules, nr, &o, &rep));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double sec = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("throughput: %zu e-nodes (%zu added incl. duplicates), %zu classes, %u iterations, "
           "stop %s, %.3f s (rebuild %.3f s): %.0f e-nodes/s, %zu matches, %.1f MB\n",
           rep.nodes, ariEgTotalNodes(g), rep.classes, rep.iterations, ariEgStopName(rep.stop),
           sec, rep.rebuildSeconds, (double)ariEgTotalNodes(g) / (sec > 0 ? sec : 1e-9),
           rep.matches, (double)rep.bytes / 1e6);
    char err[200];
    bool ok = ariEgCheck(g, err, sizeof err);
    CHECK(ok);
    if (!ok)
      fprintf(stderr, "%s\n", err);
    ariEgDestroy(g);
  }
  ariArenaDestroy(&a);
  ariTermStoreDestroy(s);
}

/* --bench N: the largest run, a left-nested sum of N products of
 * arguments under associativity/commutativity, up to 1M e-nodes. */
static void bench(unsigned n) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriArena a;
  ariArenaInit(&a, 0);
  AriEgRule rules[8];
  static const char *const names[] = {"kAddComm", "kMulComm", "kAddAddSwap", "kMulMulSwap"};
  size_t nr = makeRules(s, &a, names, 4, rules);
  const AriType *f = ariTypeF32(s);
  AriTerm *sum = NULL;
  for (unsigned i = 0; i < n; ++i) {
    AriTerm *k[2] = {ariTermArg(s, 2 * i, f), ariTermArg(s, 2 * i + 1, f)};
    AriTerm *prod = ariTermOp(s, "arith.mulf", NULL, k, 2, f);
    AriTerm *k2[2] = {sum, prod};
    sum = sum ? ariTermOp(s, "arith.addf", NULL, k2, 2, f) : prod;
  }
  AriEGraph *g = ariEgCreate(s);
  AriEClass root = ariEgAddTerm(g, sum);
  AriEgRunOpts o = {.maxNodes = 1000000, .maxIterations = 50, .maxSeconds = 120};
  AriEgReport rep;
  CHECK(ariEgRun(g, root, rules, nr, &o, &rep));
  printf("bench %u products: %zu e-nodes live, %zu added, %zu classes, %u iterations, stop %s, "
         "%.3f s (rebuild %.3f s): %.0f e-nodes added/s, %zu matches, %zu merges, %.1f MB\n",
         n, rep.nodes, ariEgTotalNodes(g), rep.classes, rep.iterations, ariEgStopName(rep.stop),
         rep.seconds, rep.rebuildSeconds, (double)ariEgTotalNodes(g) / rep.seconds, rep.matches,
         rep.applied, (double)rep.bytes / 1e6);
  ariEgDestroy(g);
  ariArenaDestroy(&a);
  ariTermStoreDestroy(s);
}

int main(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[1], "--bench")) {
    bench((unsigned)atoi(argv[2]));
    return failures ? 1 : 0;
  }
  testHashcons();
  testStoreScopes();
  testAddInto();
  testRandomUnions();
  testAnalyses();
  testExtract();
  testPatterns();
  testRunner();
  printf("egraph_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
