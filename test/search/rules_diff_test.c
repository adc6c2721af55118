/*===- rules_diff_test.c - every rule against the reference interpreter ---===*\
 *
 * For every rule of the catalogue: random programs biased towards the rule
 * (search/gen/gen.h), the rule applied at the first position where it applies,
 * both programs exported to func.func, verified, and run by the reference
 * interpreter on the same random inputs. Outputs must be equal (exact
 * rules: ==, NaN matching NaN) or within the stated tolerance (reassoc
 * rules: |x - y| <= 1e-5 * max(1, max |x| over the output) + 1e-6). A rule
 * passes when it reached the required number of checked cases with no
 * mismatch, no ill-typed result and no interpreter failure after the
 * rewrite.
 *
 * Negative controls: four deliberately wrong rules (composition in the
 * wrong order, a wrong Knossos reassociation, a tiled reduction restarting
 * from the initial value, a padded map cropped at the wrong end) go
 * through the same harness and must be caught, so the test can fail.
 *
 * Then, for the example programs given as arguments: every rule at up to 4
 * positions of every `*_small` function, imported, rewritten, exported and
 * compared with the original on the interpreter, the same way.
 *
 * --shard=K/N (test/shard.h) checks only the rules whose index in the
 * catalogue is K modulo N, in both the random and the example phase; the
 * negative controls run in shard 0. The N shards together check what one
 * run without --shard does.
 *
 * Usage: rules_diff_test [--cases=N] [--seed=S] [--rule=NAME | --shard=K/N]
 *                        [--verbose] [EXAMPLE.mlir ...]
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Interp.h"
#include "search/gen/gen.h"
#include "search/rules/rules.h"
#include "search/mlir/term_mlir.h"
#include "utils/arena.h"
#include "tools/support/mlirutil.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IR.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"
#include "test/shard.h"

typedef AriRuleStatus (*RootFn)(const AriRuleInst *r, AriTermStore *s, AriTerm *t, AriTerm **out);

typedef struct {
  MlirContext ctx;
  AriDiagSink sink;
  int cases;
  uint64_t seed;
  AriShard shard; /* the rules checked: index K modulo N */
  bool verbose;
} Env;

typedef struct {
  int checked, attempts, genFailed, notApplied, beforeFailed, mismatches, badResults;
  double maxErr;
} Stats;

/*--- a traversal for the negative controls ------------------------------------*/

static AriRuleStatus firstWith(RootFn fn, const AriRuleInst *r, AriTermStore *s, AriTerm *t,
                               AriTerm **out) {
  AriRuleStatus st = fn(r, s, t, out);
  if (st != ARI_RULE_NO_MATCH)
    return st;
  unsigned n = ariTermNumKids(t);
  for (unsigned i = 0; i < n && n <= 64; ++i) {
    AriTerm *nk;
    if (firstWith(fn, r, s, ariTermKid(t, i), &nk) == ARI_RULE_APPLIED) {
      AriTerm *kids[64];
      for (unsigned j = 0; j < n; ++j)
        kids[j] = j == i ? nk : ariTermKid(t, j);
      *out = ariTermRebuild(s, t, kids);
      return *out ? ARI_RULE_APPLIED : ARI_RULE_ERROR;
    }
  }
  return ARI_RULE_NO_MATCH;
}

/*--- one case ---------------------------------------------------------------*/

typedef enum { CASE_OK, CASE_SKIP_GEN, CASE_SKIP_NA, CASE_SKIP_BEFORE, CASE_BAD, CASE_MISMATCH } Outcome;

static MlirOperation exportFunc(Env *e, AriTermStore *s, const AriTermFunc *f, MlirModule mod) {
  MlirLocation loc = mlirLocationUnknownGet(e->ctx), errLoc;
  MlirOperation op = ariTermExportNewFunc(s, f, e->ctx, loc, &errLoc);
  if (mlirOperationIsNull(op))
    return op;
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), op);
  return op;
}

static void dump(Env *e, const char *what, AriTermStore *s, AriTerm *before, AriTerm *after) {
  if (!e->verbose)
    return;
  fprintf(stderr, "  %s\n    before: %s\n    after:  %s\n", what,
          ariTermToString(s, before, 0), after ? ariTermToString(s, after, 0) : "-");
}

static Outcome runCase(Env *e, const AriRuleInst *inst, RootFn wrong, bool exact, uint64_t seed,
                       double *maxErr) {
  Outcome res = CASE_SKIP_GEN;
  AriTermStore *s = ariTermStoreCreate((size_t)256 << 20);
  AriArena arena;
  ariArenaInit(&arena, (size_t)256 << 20);
  MlirModule mod = mlirModuleCreateEmpty(mlirLocationUnknownGet(e->ctx));
  AriGen g;
  ariGenInit(&g, s, seed);
  AriTerm *t = ariGenForRule(&g, inst), *t2 = NULL;
  if (!t)
    goto done;
  AriRuleStatus st = wrong ? firstWith(wrong, inst, s, t, &t2) : ariGenRewriteFirst(s, inst, t, &t2);
  res = CASE_SKIP_NA;
  if (st == ARI_RULE_ERROR) {
    res = CASE_BAD;
    dump(e, "rule error", s, t, NULL);
    goto done;
  }
  if (st != ARI_RULE_APPLIED)
    goto done;
  AriTermFunc fb, fa;
  AriTermRoot rootsB[ARI_GEN_MAX_ARGS];
  res = CASE_SKIP_GEN;
  if (!ariGenFunc(&g, t, "before", &fb))
    goto done;
  memcpy(rootsB, fb.roots, fb.numRoots * sizeof rootsB[0]);
  fb.roots = rootsB;
  if (!ariGenFunc(&g, t2, "after", &fa)) {
    res = CASE_BAD;
    dump(e, "result not writable", s, t, t2);
    goto done;
  }
  int errs0 = e->sink.errors;
  MlirOperation ob = exportFunc(e, s, &fb, mod);
  if (mlirOperationIsNull(ob) || !mlirOperationVerify(ob)) {
    if (e->verbose)
      fprintf(stderr, "  generated program does not export/verify: %s (%s)\n", ariTermStoreError(s),
              e->sink.last);
    goto done; /* a generator defect: counted, not blamed on the rule */
  }
  MlirOperation oa = exportFunc(e, s, &fa, mod);
  if (mlirOperationIsNull(oa) || !mlirOperationVerify(oa)) {
    res = CASE_BAD;
    if (e->verbose)
      fprintf(stderr, "  rewritten program does not export/verify: %s (%s)\n",
              ariTermStoreError(s), e->sink.last);
    dump(e, "bad result", s, t, t2);
    goto done;
  }
  AriHostArg ab[ARI_GEN_MAX_ARGS], aa[ARI_GEN_MAX_ARGS];
  intptr_t nb = 0, na = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(ob, ab, ARI_GEN_MAX_ARGS, &nb)) ||
      mlirLogicalResultIsFailure(ariInterpDescribeArgs(oa, aa, ARI_GEN_MAX_ARGS, &na)) || nb != na ||
      !ariHostArgsAlloc(ab, nb, &arena) || !ariHostArgsAlloc(aa, na, &arena)) {
    res = CASE_BAD;
    dump(e, "signatures differ", s, t, t2);
    goto done;
  }
  bool written[ARI_GEN_MAX_ARGS];
  ariInterpOutputArgs(ob, written, nb);
  for (intptr_t i = 0; i < nb; ++i) {
    ariHostArgFillRandom(&ab[i], seed * 31 + (uint64_t)i);
    size_t bytes = (size_t)ariHostArgNumScalars(&ab[i]) * ariScalarSize(ab[i].scalar);
    memcpy(aa[i].data, ab[i].data, bytes);
  }
  AriInterpLimits lim = {.maxOps = 20000000, .maxBytes = (size_t)64 << 20};
  res = CASE_SKIP_BEFORE;
  if (mlirLogicalResultIsFailure(ariInterpRun(ob, ab, nb, &lim, NULL)))
    goto done;
  if (mlirLogicalResultIsFailure(ariInterpRun(oa, aa, na, &lim, NULL))) {
    res = CASE_BAD;
    if (e->verbose)
      fprintf(stderr, "  rewritten program fails in the interpreter: %s\n", e->sink.last);
    dump(e, "interpreter failure", s, t, t2);
    goto done;
  }
  (void)errs0;
  res = CASE_OK;
  for (intptr_t i = 0; i < nb && res == CASE_OK; ++i) {
    if (!written[i])
      continue;
    int64_t n = ariHostArgNumScalars(&ab[i]);
    double scale = 1.0;
    for (int64_t k = 0; k < n; ++k)
      scale = fmax(scale, fabs(ariHostArgScalar(&ab[i], k)));
    for (int64_t k = 0; k < n; ++k) {
      double x = ariHostArgScalar(&ab[i], k), y = ariHostArgScalar(&aa[i], k);
      if (x == y || (isnan(x) && isnan(y)))
        continue;
      double err = fabs(x - y);
      if (!exact && err <= 1e-5 * scale + 1e-6) {
        if (err / scale > *maxErr)
          *maxErr = err / scale;
        continue;
      }
      res = CASE_MISMATCH;
      if (e->verbose)
        fprintf(stderr, "  output %ld[%lld]: %.9g before, %.9g after\n", (long)i, (long long)k, x,
                y);
      dump(e, "mismatch", s, t, t2);
      break;
    }
  }
done:
  mlirModuleDestroy(mod);
  ariArenaDestroy(&arena);
  ariTermStoreDestroy(s);
  return res;
}

/*--- parameters per case --------------------------------------------------------*/

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

/* A random binding of rule id's parameters. */
static void randomInst(size_t id, uint64_t h, AriRuleInst *inst) {
  const AriRuleInfo *info = ariRuleInfo(id);
  AriRuleArg args[ARI_RULE_MAX_ARGS];
  static const char *const addr[] = {"global", "local", "private"};
  size_t n = info->minArgs;
  if (!strcmp(info->name, "introduceKernel"))
    n = 2 * (1 + h % 3);
  for (size_t i = 0; i < n; ++i) {
    uint64_t v = mix(h + i * 7919);
    switch (info->paramKind) {
    case ARI_RULE_PARAM_ADDR: args[i] = (AriRuleArg){true, 0, addr[v % 3]}; break;
    case ARI_RULE_PARAM_DIM: args[i] = (AriRuleArg){false, (int64_t)(v % 3), NULL}; break;
    case ARI_RULE_PARAM_NAT: args[i] = (AriRuleArg){false, (int64_t)(1 + v % 4), NULL}; break;
    }
  }
  if (!strcmp(info->name, "introduceKernel"))
    for (size_t i = n / 2; i < n; ++i)
      args[i].nat = args[i - n / 2].nat * (int64_t)(1 + mix(h + i) % 3);
  char err[ARI_RULE_ERR_MAX];
  bool ok = ariRuleBind(id, args, n, inst, err, sizeof err);
  CHECK(ok);
}

static Stats runRule(Env *e, size_t id, RootFn wrong, bool exact, int want, bool stopAtFirstBad) {
  Stats st = {0};
  const AriRuleInfo *info = ariRuleInfo(id);
  for (int a = 0; st.checked < want && a < want * 40; ++a) {
    uint64_t seed = mix(e->seed ^ ((uint64_t)id << 32) ^ (uint64_t)a);
    AriRuleInst inst;
    randomInst(id, seed, &inst);
    st.attempts++;
    switch (runCase(e, &inst, wrong, exact, seed, &st.maxErr)) {
    case CASE_OK: st.checked++; break;
    case CASE_SKIP_GEN: st.genFailed++; break;
    case CASE_SKIP_NA: st.notApplied++; break;
    case CASE_SKIP_BEFORE: st.beforeFailed++; break;
    case CASE_BAD: st.badResults++; st.checked++; break;
    case CASE_MISMATCH: st.mismatches++; st.checked++; break;
    }
    if (e->verbose && (st.mismatches || st.badResults) && !wrong)
      fprintf(stderr, "rule %s: seed %llu\n", info->name, (unsigned long long)seed);
    if (stopAtFirstBad && (st.mismatches || st.badResults))
      break;
  }
  return st;
}

/*--- negative controls ------------------------------------------------------------*/

/* map g (map f x) -> map (f . g) x: the composition in the wrong order. */
static AriRuleStatus wrongFusion(const AriRuleInst *r, AriTermStore *s, AriTerm *t,
                                 AriTerm **out) {
  (void)r;
  *out = NULL;
  if (ariTermKind(t) != ARI_TERM_MAP || ariTermKind(ariTermKid(t, 1)) != ARI_TERM_MAP)
    return ARI_RULE_NO_MATCH;
  AriTerm *g = ariTermKid(t, 0), *in = ariTermKid(t, 1), *f = ariTermKid(in, 0);
  if (ariTermKind(f) != ARI_TERM_LAM || ariTermKind(g) != ARI_TERM_LAM)
    return ARI_RULE_NO_MATCH;
  AriTerm *body = ariTermSubst(s, ariTermKid(f, 0), 0, ariTermKid(g, 0));
  AriTerm *lam = ariTermLam(s, ariTermLamParam(f), body);
  *out = ariTermMap(s, ARI_PAT_NONE, -1, lam, ariTermKid(in, 1));
  ariTermStoreClearError(s);
  return *out ? ARI_RULE_APPLIED : ARI_RULE_NO_MATCH;
}

/* (a - b) + c -> (a + b) - c (the right one is (a + c) - b). */
static AriRuleStatus wrongAddSub(const AriRuleInst *r, AriTermStore *s, AriTerm *t,
                                 AriTerm **out) {
  (void)r;
  *out = NULL;
  if (ariTermKind(t) != ARI_TERM_OP || ariTermNumKids(t) != 2)
    return ARI_RULE_NO_MATCH;
  AriTerm *x = ariTermKid(t, 0);
  const char *o = ariSymStr(ariTermSym(t));
  if (ariTermKind(x) != ARI_TERM_OP || ariTermNumKids(x) != 2)
    return ARI_RULE_NO_MATCH;
  const char *ox = ariSymStr(ariTermSym(x));
  bool fl = !strcmp(o, "arith.addf") && !strcmp(ox, "arith.subf");
  bool in = !strcmp(o, "arith.addi") && !strcmp(ox, "arith.subi");
  if (!fl && !in)
    return ARI_RULE_NO_MATCH;
  const AriType *ty = ariTermType(t);
  AriTerm *k1[2] = {ariTermKid(x, 0), ariTermKid(x, 1)};
  AriTerm *sum = ariTermOp(s, fl ? "arith.addf" : "arith.addi", "", k1, 2, ty);
  AriTerm *k2[2] = {sum, ariTermKid(t, 1)};
  *out = ariTermOp(s, fl ? "arith.subf" : "arith.subi", "", k2, 2, ty);
  return *out ? ARI_RULE_APPLIED : ARI_RULE_NO_MATCH;
}

/* reduce f i x -> reduce/seq (\a b. reduce f i b) i (split p x): every
 * block restarts from i. */
static AriRuleStatus wrongTileReduce(const AriRuleInst *r, AriTermStore *s, AriTerm *t,
                                     AriTerm **out) {
  *out = NULL;
  if (ariTermKind(t) != ARI_TERM_REDUCE)
    return ARI_RULE_NO_MATCH;
  int64_t p = r->args[0];
  AriTerm *x = ariTermKid(t, 2), *init = ariTermKid(t, 1);
  if (ariTypeSize(ariTermType(x)) % p)
    return ARI_RULE_NO_MATCH;
  AriTerm *sp = ariTermSplit(s, p, x);
  if (!sp)
    return ARI_RULE_NO_MATCH;
  const AriType *accT = ariTermType(init), *blkT = ariTypeElem(ariTermType(sp));
  AriTerm *inner = ariTermReduce(s, ariTermPatternKind(t), ariTermShift(s, ariTermKid(t, 0), 2, 0),
                                 ariTermShift(s, init, 2, 0), ariTermVar(s, 0, blkT));
  *out = ariTermReduce(s, ARI_PAT_SEQ, ariTermLam(s, accT, ariTermLam(s, blkT, inner)), init, sp);
  ariTermStoreClearError(s);
  return *out ? ARI_RULE_APPLIED : ARI_RULE_NO_MATCH;
}

/* padSplitJoin keeping the last n elements of the padded result instead
 * of the first n: idx 1 (slide n (n'-n) y) for idx 0 (...). */
static AriRuleStatus wrongPadSplitJoin(const AriRuleInst *r, AriTermStore *s, AriTerm *t,
                                       AriTerm **out) {
  AriRuleStatus st = ariRuleApply(r, s, t, out);
  if (st != ARI_RULE_APPLIED)
    return st;
  AriTerm *w = ariTermKid(*out, 0);
  *out = ariTermIdx(s, w, ariTermConstInt(s, ariTypeIndex(s), 1));
  return *out ? ARI_RULE_APPLIED : ARI_RULE_ERROR;
}

/*--- the example programs ------------------------------------------------------------*/

/* Applies r at the n-th position (pre-order over the tree, at most `budget`
 * nodes visited) where it applies; *n counts down. */
static AriRuleStatus rewriteNth(const AriRuleInst *r, AriTermStore *s, AriTerm *t, int *n,
                                int *budget, AriTerm **out) {
  if (--*budget < 0)
    return ARI_RULE_NO_MATCH;
  AriRuleStatus st = ariRuleApply(r, s, t, out);
  if (st == ARI_RULE_ERROR)
    return st;
  if (st == ARI_RULE_APPLIED && (*n)-- == 0)
    return st;
  unsigned k = ariTermNumKids(t);
  for (unsigned i = 0; i < k && k <= 64; ++i) {
    AriTerm *nk;
    st = rewriteNth(r, s, ariTermKid(t, i), n, budget, &nk);
    if (st == ARI_RULE_ERROR)
      return st;
    if (st == ARI_RULE_APPLIED) {
      AriTerm *kids[64];
      for (unsigned j = 0; j < k; ++j)
        kids[j] = j == i ? nk : ariTermKid(t, j);
      *out = ariTermRebuild(s, t, kids);
      if (*out)
        return ARI_RULE_APPLIED;
      /* the context does not accept the result (rotate_values' write must be
       * syntactically the identity): not a position for this rule */
      if (!strncmp(ariTermStoreError(s), "out of memory", 13))
        return ARI_RULE_ERROR;
      ariTermStoreClearError(s);
    }
  }
  return ARI_RULE_NO_MATCH;
}

/* Runs two functions with the same signature on the same random inputs and
 * compares what they write. -1: the first fails; 0: equal; 1: differ or the
 * second fails. */
static int compareRuns(Env *e, MlirOperation a, MlirOperation b, bool exact, uint64_t seed) {
  AriArena arena;
  ariArenaInit(&arena, (size_t)512 << 20);
  AriHostArg xa[16], xb[16];
  intptr_t na = 0, nb = 0;
  int res = 1;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(a, xa, 16, &na)) ||
      !ariHostArgsAlloc(xa, na, &arena)) {
    res = -1;
    goto done;
  }
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(b, xb, 16, &nb)) || na != nb ||
      !ariHostArgsAlloc(xb, nb, &arena))
    goto done;
  bool written[16];
  ariInterpOutputArgs(a, written, na);
  for (intptr_t i = 0; i < na; ++i) {
    ariHostArgFillRandom(&xa[i], seed + (uint64_t)i);
    if (ariHostArgNumScalars(&xa[i]) != ariHostArgNumScalars(&xb[i]))
      goto done;
    memcpy(xb[i].data, xa[i].data,
           (size_t)ariHostArgNumScalars(&xa[i]) * ariScalarSize(xa[i].scalar));
  }
  AriInterpLimits lim = {.maxOps = 50000000, .maxBytes = (size_t)256 << 20};
  if (mlirLogicalResultIsFailure(ariInterpRun(a, xa, na, &lim, NULL))) {
    res = -1;
    goto done;
  }
  if (mlirLogicalResultIsFailure(ariInterpRun(b, xb, nb, &lim, NULL)))
    goto done;
  res = 0;
  for (intptr_t i = 0; i < na && !res; ++i) {
    if (!written[i])
      continue;
    int64_t n = ariHostArgNumScalars(&xa[i]);
    double scale = 1.0;
    for (int64_t k = 0; k < n; ++k)
      scale = fmax(scale, fabs(ariHostArgScalar(&xa[i], k)));
    for (int64_t k = 0; k < n && !res; ++k) {
      double x = ariHostArgScalar(&xa[i], k), y = ariHostArgScalar(&xb[i], k);
      if (!(x == y || (isnan(x) && isnan(y)) || (!exact && fabs(x - y) <= 1e-5 * scale + 1e-6)))
        res = 1;
    }
  }
done:
  (void)e;
  ariArenaDestroy(&arena);
  return res;
}

/* Every rule at up to `perRule` positions of every `*_small` function of
 * the example programs: import, rewrite, export, interpret, compare. */
static long examplesPhase(Env *e, int nfiles, char **files, int perRule) {
  long checked = 0;
  for (int fi = 0; fi < nfiles; ++fi) {
    MlirModule mod = ariParseFile(e->ctx, files[fi]);
    CHECK(!mlirModuleIsNull(mod));
    if (mlirModuleIsNull(mod))
      continue;
    MlirBlock body = mlirModuleGetBody(mod);
    for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
         f = mlirOperationGetNextInBlock(f)) {
      MlirAttribute nameAttr =
          mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
      if (mlirAttributeIsNull(nameAttr))
        continue;
      MlirStringRef nm = mlirStringAttrGetValue(nameAttr);
      if (nm.length < 6 || memcmp(nm.data + nm.length - 6, "_small", 6))
        continue;
      int fileChecked = 0, fileBad = 0;
      for (size_t id = 0; id < ariRuleCount(); ++id) {
        if (!ariShardHas(e->shard, (long long)id))
          continue;
        for (int pos = 0; pos < perRule; ++pos) {
          AriTermStore *s = ariTermStoreCreate((size_t)256 << 20);
          AriTermFunc tf;
          MlirLocation errLoc;
          if (!ariTermImportFunc(s, f, &tf, &errLoc)) {
            ariTermStoreDestroy(s);
            break; /* not importable (e.g. a GPU variant): skip the function */
          }
          AriRuleInst inst;
          randomInst(id, mix((uint64_t)pos * 977 + id), &inst);
          bool applied = false, bad = false;
          int n = pos, budget = 20000; /* positions counted across the roots */
          for (unsigned ri = 0; ri < tf.numRoots && !applied; ++ri) {
            AriTerm *nv;
            AriRuleStatus st = rewriteNth(&inst, s, tf.roots[ri].value, &n, &budget, &nv);
            if (st == ARI_RULE_APPLIED) {
              tf.roots[ri].value = nv;
              applied = true;
            }
            if (st == ARI_RULE_ERROR)
              bad = true;
          }
          if (!applied && !bad) {
            ariTermStoreDestroy(s);
            break; /* no (further) position for this rule */
          }
          MlirModule tmp = mlirModuleCreateEmpty(mlirLocationUnknownGet(e->ctx));
          MlirOperation g = bad ? (MlirOperation){0}
                                : ariTermExportNewFunc(s, &tf, e->ctx,
                                                       mlirLocationUnknownGet(e->ctx), &errLoc);
          int cmp = 1;
          if (!mlirOperationIsNull(g)) {
            mlirBlockAppendOwnedOperation(mlirModuleGetBody(tmp), g);
            if (mlirOperationVerify(g))
              cmp = compareRuns(e, f, g, ariRuleInfo(id)->exact, 11 + (uint64_t)pos);
          }
          if (cmp == 1) {
            ++fileBad;
            fprintf(stderr, "example %.*s: rule %s at its %d-th position: %s\n", (int)nm.length,
                    nm.data, ariRuleInfo(id)->name, pos,
                    mlirOperationIsNull(g) ? "did not export" : "results differ or fail");
          }
          if (cmp == 0)
            ++fileChecked;
          mlirModuleDestroy(tmp);
          ariTermStoreDestroy(s);
        }
      }
      printf("example %-26.*s %5d rewrites checked, %d bad\n", (int)nm.length, nm.data,
             fileChecked, fileBad);
      CHECK(fileBad == 0);
      checked += fileChecked;
    }
    mlirModuleDestroy(mod);
  }
  return checked;
}

/*--- main -----------------------------------------------------------------------*/

int main(int argc, char **argv) {
  Env e = {.cases = 200, .seed = 1, .shard = {0, 1}};
  bool sharded = false;
  const char *only = NULL;
  char *files[64];
  int nfiles = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--cases=", 8))
      e.cases = atoi(argv[i] + 8);
    else if (!strncmp(argv[i], "--seed=", 7))
      e.seed = strtoull(argv[i] + 7, NULL, 10);
    else if (!strncmp(argv[i], "--rule=", 7))
      only = argv[i] + 7;
    else if (!strncmp(argv[i], "--shard=", 8)) {
      if (!ariShardParse(argv[i] + 8, &e.shard)) {
        fprintf(stderr, "%s: bad --shard '%s': expected K/N with 0 <= K < N <= %d\n", argv[0],
                argv[i] + 8, ARI_SHARD_MAX);
        return 2;
      }
      sharded = true;
    } else if (!strcmp(argv[i], "--verbose"))
      e.verbose = true;
    else if (argv[i][0] != '-' && nfiles < 64)
      files[nfiles++] = argv[i];
    else {
      fprintf(stderr,
              "usage: %s [--cases=N] [--seed=S] [--rule=NAME | --shard=K/N] [--verbose] "
              "[FILE.mlir..]\n",
              argv[0]);
      return 2;
    }
  }
  if (only && sharded) {
    fprintf(stderr, "%s: --rule and --shard exclude each other\n", argv[0]);
    return 2;
  }
  if (e.cases <= 0)
    e.cases = 1;
  e.ctx = ariContextCreate();
  ariDiagSinkAttach(&e.sink, e.ctx, NULL);

  long total = 0;
  for (size_t id = 0; id < ariRuleCount(); ++id) {
    const AriRuleInfo *info = ariRuleInfo(id);
    if (only && strcmp(only, info->name))
      continue;
    if (!ariShardHas(e.shard, (long long)id))
      continue;
    Stats st = runRule(&e, id, NULL, info->exact, e.cases, false);
    total += st.checked;
    printf("%-26s %-14s %s checked %4d of %5d tries (gen-skip %d, n/a %d, before-fail %d)"
           " mismatches %d bad %d max-rel-err %.2g\n",
           info->name, ariRuleFamilyName(info->family), info->exact ? "exact  " : "reassoc",
           st.checked, st.attempts, st.genFailed, st.notApplied, st.beforeFailed, st.mismatches,
           st.badResults, st.maxErr);
    CHECK(st.mismatches == 0);
    CHECK(st.badResults == 0);
    CHECK(st.checked >= e.cases); /* the generator reaches every rule */
  }

  if (!only && e.shard.index == 0) {
    struct {
      const char *name, *biasedAs;
      RootFn fn;
    } neg[] = {{"wrongFusion", "mapFusion", wrongFusion},
               {"wrongAddSub", "kAddSubSwap", wrongAddSub},
               {"wrongTileReduce", "tileReduce", wrongTileReduce},
               {"wrongPadSplitJoin", "padSplitJoin", wrongPadSplitJoin}};
    for (size_t i = 0; i < sizeof neg / sizeof neg[0]; ++i) {
      int id = ariRuleFind(neg[i].biasedAs, strlen(neg[i].biasedAs));
      CHECK(id >= 0);
      if (id < 0)
        continue;
      bool wasVerbose = e.verbose;
      e.verbose = false;
      Stats st = runRule(&e, (size_t)id, neg[i].fn, false, e.cases, true);
      e.verbose = wasVerbose;
      printf("negative control %-16s caught after %d checked cases (mismatches %d, bad %d)\n",
             neg[i].name, st.checked, st.mismatches, st.badResults);
      CHECK(st.mismatches + st.badResults > 0); /* the harness must catch it */
    }
  }
  if (!only && nfiles) {
    long ex = examplesPhase(&e, nfiles, files, 4);
    printf("examples: %ld rewrites of the example programs checked\n", ex);
    CHECK(ex > 0);
  }
  ariDiagSinkDetach(&e.sink);
  mlirContextDestroy(e.ctx);
  if (sharded)
    printf("rules_diff_test: shard %d of %d\n", e.shard.index, e.shard.count);
  printf("rules_diff_test: %ld cases checked; %d checks, %d failures\n", total, checks, failures);
  return failures ? 1 : 0;
}
