/*===- rules_test.c - the rule catalogue, parsing and robustness ----------===*\
 *
 * The catalogue (unique names, documented forms, families), parameter
 * binding and text parsing (errors with columns), a few rules on hand-built
 * terms with their exact results, and robustness: every rule applied at
 * every subterm of thousands of random terms (and to terms they do not
 * match) must return a well-typed term or "does not apply", never crash
 * (run under ASan/UBSan in the sanitizer build).
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "search/gen/gen.h"
#include "search/rules/rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"

static void testCatalogue(void) {
  size_t n = ariRuleCount();
  CHECK(n >= 80);
  int perFamily[ARI_RULE_NUM_FAMILIES] = {0};
  for (size_t i = 0; i < n; ++i) {
    const AriRuleInfo *r = ariRuleInfo(i);
    CHECK(r && r->name && r->name[0] && r->form && r->form[0] && r->source && r->conditions);
    CHECK(ariRuleFind(r->name, strlen(r->name)) == (int)i); /* names are unique */
    CHECK(r->minArgs <= r->maxArgs && r->maxArgs <= ARI_RULE_MAX_ARGS);
    CHECK((unsigned)r->family < ARI_RULE_NUM_FAMILIES);
    perFamily[r->family]++;
  }
  for (int f = 0; f < ARI_RULE_NUM_FAMILIES; ++f)
    CHECK(perFamily[f] > 0);
  CHECK(perFamily[ARI_RULE_FAM_KARITH] == 28); /* all of Knossos Table 3 */
  CHECK(ariRuleInfo(n) == NULL);
  CHECK(ariRuleFind("nope", 4) == -1);
  CHECK(!strcmp(ariRuleFamilyName(ARI_RULE_FAM_STORAGE), "storage"));
}

static void testParse(void) {
  AriRuleInst r;
  char err[ARI_RULE_ERR_MAX], buf[64];
  size_t col = 99;
  CHECK(ariRuleParse("splitJoin(4)", 12, &r, err, sizeof err, &col));
  CHECK(r.nargs == 1 && r.args[0] == 4);
  ariRuleInstPrint(&r, buf, sizeof buf);
  CHECK(!strcmp(buf, "splitJoin(4)"));
  CHECK(ariRuleParse(" useCBuffer( private ) ", 23, &r, err, sizeof err, &col));
  CHECK(r.args[0] == ARI_ADDR_PRIVATE);
  ariRuleInstPrint(&r, buf, sizeof buf);
  CHECK(!strcmp(buf, "useCBuffer(private)"));
  CHECK(ariRuleParse("tileMaps(32,32)", 15, &r, err, sizeof err, &col) && r.nargs == 2);
  CHECK(ariRuleParse("mapFusion", 9, &r, err, sizeof err, &col) && r.nargs == 0);
  CHECK(ariRuleParse("introduceKernel(16,16,1024,512)", 31, &r, err, sizeof err, &col));
  /* errors, with the column they point at */
  CHECK(!ariRuleParse("splitJoin", 9, &r, err, sizeof err, &col));
  CHECK(strstr(err, "takes 1..1 arguments") && col == 0);
  CHECK(!ariRuleParse("splitJoin(0)", 12, &r, err, sizeof err, &col));
  CHECK(strstr(err, "positive"));
  CHECK(!ariRuleParse("fooBar(1)", 9, &r, err, sizeof err, &col));
  CHECK(strstr(err, "unknown rule 'fooBar'") && col == 0);
  CHECK(!ariRuleParse("splitJoin(4", 11, &r, err, sizeof err, &col));
  CHECK(col == 11);
  CHECK(!ariRuleParse("splitJoin(4) x", 14, &r, err, sizeof err, &col));
  CHECK(col == 13);
  CHECK(!ariRuleParse("useCBuffer(3)", 13, &r, err, sizeof err, &col));
  CHECK(strstr(err, "address space"));
  CHECK(!ariRuleParse("useMapGlobal(3)", 15, &r, err, sizeof err, &col));
  CHECK(!ariRuleParse("introduceKernel(16,100)", 23, &r, err, sizeof err, &col));
  CHECK(strstr(err, "multiple"));
  CHECK(!ariRuleParse("introduceKernel(16,16,32)", 25, &r, err, sizeof err, &col));
  CHECK(!ariRuleParse("", 0, &r, err, sizeof err, &col));
  AriRuleArg sym = {true, 0, "global"};
  CHECK(!ariRuleBind(0, &sym, 1, &r, err, sizeof err)); /* beta takes none */
  CHECK(!ariRuleBind(100000, NULL, 0, &r, err, sizeof err));
}

static AriRuleInst inst(const char *text) {
  AriRuleInst r;
  char err[ARI_RULE_ERR_MAX];
  bool ok = ariRuleParse(text, strlen(text), &r, err, sizeof err, NULL);
  CHECK(ok);
  if (!ok)
    fprintf(stderr, "%s: %s\n", text, err);
  return r;
}

static const char *rewrite(AriTermStore *s, const char *rule, AriTerm *t) {
  AriRuleInst r = inst(rule);
  AriTerm *out;
  if (ariRuleApply(&r, s, t, &out) != ARI_RULE_APPLIED)
    return "(no match)";
  return ariTermToString(s, out, 0);
}

/* Exact results on hand-built terms. */
static void testExamples(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s), *a8 = ariTypeArray(s, 8, f32);
  AriTerm *x = ariTermIn(s, 0, a8);
  AriTerm *v0 = ariTermVar(s, 0, f32);
  AriTerm *two = ariTermConstFloat(s, f32, 2.0);
  AriTerm *k[2] = {v0, two};
  AriTerm *f = ariTermLam(s, f32, ariTermOp(s, "arith.mulf", "", k, 2, f32));
  AriTerm *m = ariTermMap(s, ARI_PAT_NONE, -1, f, x);
  CHECK(!strcmp(rewrite(s, "splitJoin(4)", m),
                "(join (map (lam 4.f32 (map (lam f32 (arith.mulf %0 (const 2 : f32) : f32)) %0)) "
                "(split 4 (in 0 : 8.f32))))"));
  CHECK(!strcmp(rewrite(s, "splitJoin(3)", m), "(no match)")); /* 3 does not divide 8 */
  AriTerm *mm = ariTermMap(s, ARI_PAT_NONE, -1, f, m);
  CHECK(!strcmp(rewrite(s, "mapFusion", mm),
                "(map (lam f32 (arith.mulf (arith.mulf %0 (const 2 : f32) : f32) (const 2 : f32) : f32)) "
                "(in 0 : 8.f32))"));
  CHECK(!strcmp(rewrite(s, "mapPar", m),
                "(map par (lam f32 (arith.mulf %0 (const 2 : f32) : f32)) (in 0 : 8.f32))"));
  CHECK(!strcmp(rewrite(s, "mapPar", ariTermMap(s, ARI_PAT_SEQ, -1, f, x)), "(no match)"));
  AriTerm *sl = ariTermSlide(s, 3, 1, x);
  CHECK(!strcmp(rewrite(s, "useCBuffer(global)", sl),
                "(circular_buffer global 3 3 (lam f32 %0) (in 0 : 8.f32))"));
  CHECK(!strcmp(rewrite(s, "slideBeforeSlide", ariTermSlide(s, 2, 2, sl)),
                "(map (lam 4.f32 (slide 3 1 %0)) (slide 4 2 (in 0 : 8.f32)))"));
  CHECK(!strcmp(rewrite(s, "transposeTranspose", x), "(no match)"));
  /* Knossos: (add 0.0 a) -> a */
  AriTerm *k0[2] = {ariTermConstFloat(s, f32, 0.0), ariTermArg(s, 1, f32)};
  CHECK(!strcmp(rewrite(s, "kAdd0", ariTermOp(s, "arith.addf", "", k0, 2, f32)), "(arg 1 : f32)"));
  /* commuting a*a gives the same term: not a rewrite */
  AriTerm *sq[2] = {v0, v0};
  CHECK(!strcmp(rewrite(s, "kMulComm", ariTermOp(s, "arith.mulf", "", sq, 2, f32)), "(no match)"));
  ariTermStoreDestroy(s);
}

/* map (\c. map f c) x, f a function of c's lines. */
static AriTerm *perChunk(AriTermStore *s, const AriType *chunk, AriTerm *f, AriTerm *x) {
  AriTerm *body = ariTermMap(s, ARI_PAT_NONE, -1, f, ariTermVar(s, 0, chunk));
  return ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, chunk, body), x);
}

/* stripColumns on chunks of 2 lines of 6 columns filtered by windows of 3
 * (4 columns out, a halo of 2): the exact result, and what it refuses --
 * strips that do not divide the columns, and bodies that see a line's
 * edges (a reduction over the columns, a pad of them, an array from
 * outside the chunk). */
static void testStrips(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s), *w3 = ariTypeArray(s, 3, f32), *l6 = ariTypeArray(s, 6, f32);
  const AriType *c2 = ariTypeArray(s, 2, l6);
  AriTerm *ends[2] = {ariTermIdx(s, ariTermVar(s, 0, w3), ariTermConstInt(s, ariTypeIndex(s), 0)),
                      ariTermIdx(s, ariTermVar(s, 0, w3), ariTermConstInt(s, ariTypeIndex(s), 2))};
  AriTerm *f = ariTermLam(s, w3, ariTermOp(s, "arith.addf", "", ends, 2, f32));
  AriTerm *x = ariTermIn(s, 0, ariTypeArray(s, 3, c2));
  /* map/par (\c. map (\l. map f (slide 3 1 l)) c) x */
  AriTerm *line = ariTermVar(s, 0, l6);
  AriTerm *filt = ariTermMap(s, ARI_PAT_NONE, -1, f, ariTermSlide(s, 3, 1, line));
  AriTerm *body = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, l6, filt), ariTermVar(s, 0, c2));
  AriTerm *t = ariTermMap(s, ARI_PAT_PAR, -1, ariTermLam(s, c2, body), x);
  const char *got = rewrite(s, "stripColumns(2)", t);
  if (getenv("RULES_TEST_VERBOSE"))
    printf("stripColumns(2): %s\n", got);
  CHECK(!strcmp(got, "(map par (lam 2.6.f32 (transpose (join (map seq (lam 2.2.f32 (transpose "
                     "%0)) (map seq (lam 2.4.f32 (map (lam 4.f32 (map (lam 3.f32 (arith.addf (idx "
                     "%0 (const 0 : index)) (idx %0 (const 2 : index)) : f32)) (slide 3 1 %0))) "
                     "%0)) (transpose (map seq (lam 6.f32 (slide 4 2 %0)) %0))))))) (in 0 : "
                     "3.2.6.f32))"));
  CHECK(!strcmp(rewrite(s, "stripColumns(3)", t), "(no match)")); /* 3 does not divide 4 */
  /* the sum of each line: a reduction over the columns */
  AriTerm *ad[2] = {ariTermVar(s, 1, f32), ariTermVar(s, 0, f32)};
  AriTerm *g = ariTermLam(s, f32, ariTermLam(s, f32, ariTermOp(s, "arith.addf", "", ad, 2, f32)));
  AriTerm *sum = ariTermReduce(s, ARI_PAT_NONE, g, ariTermConstFloat(s, f32, 0.0), line);
  AriTerm *sums = perChunk(s, c2, ariTermLam(s, l6, sum), x);
  CHECK(!strcmp(rewrite(s, "stripColumns(2)", sums), "(no match)"));
  /* the columns padded (clamped at the line's edges) before the windows */
  AriTerm *padded = ariTermMap(s, ARI_PAT_NONE, -1, f,
                               ariTermSlide(s, 3, 1, ariTermPadClamp(s, 1, 1, line)));
  AriTerm *pads = perChunk(s, c2, ariTermLam(s, l6, padded), x);
  CHECK(!strcmp(rewrite(s, "stripColumns(2)", pads), "(no match)"));
  /* each line zipped with a whole line from outside the chunk */
  const AriType *pt = ariTypePair(s, f32, f32);
  AriTerm *snd = ariTermLam(s, pt, ariTermSnd(s, ariTermVar(s, 0, pt)));
  AriTerm *zipped = ariTermMap(s, ARI_PAT_NONE, -1, snd, ariTermZip(s, line, ariTermIn(s, 1, l6)));
  AriTerm *outer = perChunk(s, c2, ariTermLam(s, l6, zipped), x);
  CHECK(!strcmp(rewrite(s, "stripColumns(2)", outer), "(no match)"));
  ariTermStoreDestroy(s);
}

/* The tail rules (sizes that tiles do not divide) on a length of 10. */
static void testTails(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s), *a10 = ariTypeArray(s, 10, f32);
  AriTerm *x = ariTermIn(s, 0, a10);
  AriTerm *k[2] = {ariTermVar(s, 0, f32), ariTermConstFloat(s, f32, 2.0)};
  AriTerm *f = ariTermLam(s, f32, ariTermOp(s, "arith.mulf", "", k, 2, f32));
  AriTerm *m = ariTermMap(s, ARI_PAT_NONE, -1, f, x);
  CHECK(!strcmp(rewrite(s, "splitJoin(4)", m), "(no match)"));
  const char *got = rewrite(s, "padSplitJoin(4)", m);
  CHECK(!strcmp(got, "(idx (slide 10 2 (join (map (lam 4.f32 (map (lam f32 (arith.mulf %0 "
                     "(const 2 : f32) : f32)) %0)) (split 4 (pad_clamp 0 2 (in 0 : 10.f32)))))) "
                     "(const 0 : index))"));
  if (getenv("RULES_TEST_VERBOSE"))
    printf("padSplitJoin(4): %s\n", got);
  CHECK(!strcmp(rewrite(s, "padSplitJoin(5)", m), "(no match)")); /* splitJoin's case */
  /* a pipeline: map f over windows of 3 lines (rows of 2) zipped with y,
   * its 8 lines rounded up to 9 -- both feet padded by 1, the output
   * cropped; windows of scalars are not lines: no match */
  const AriType *w3 = ariTypeArray(s, 3, ariTypeArray(s, 2, f32)), *pt = ariTypePair(s, w3, f32);
  AriTerm *win = ariTermSlide(s, 3, 1, ariTermIn(s, 2, ariTypeArray(s, 10, ariTypeArray(s, 2, f32))));
  AriTerm *y = ariTermIn(s, 1, ariTypeArray(s, 8, f32));
  AriTerm *fp = ariTermLam(s, pt, ariTermSnd(s, ariTermVar(s, 0, pt)));
  AriTerm *pipe = ariTermMap(s, ARI_PAT_NONE, -1, fp, ariTermZip(s, win, y));
  CHECK(!strcmp(rewrite(s, "padPipeline(4)", pipe), "(no match)")); /* 4 divides 8 */
  got = rewrite(s, "padPipeline(3)", pipe);
  if (getenv("RULES_TEST_VERBOSE"))
    printf("padPipeline(3): %s\n", got);
  CHECK(!strcmp(got, "(idx (slide 8 1 (map (lam (3.2.f32 x f32) (snd %0)) (zip (slide 3 1 "
                     "(pad_clamp 0 1 (in 2 : 10.2.f32))) (pad_clamp 0 1 (in 1 : 8.f32))))) "
                     "(const 0 : index))"));
  const AriType *s3 = ariTypeArray(s, 3, f32);
  AriTerm *sum = ariTermLam(s, s3, ariTermConstFloat(s, f32, 1.0));
  AriTerm *scal = ariTermMap(s, ARI_PAT_NONE, -1, sum, ariTermSlide(s, 3, 1, m));
  CHECK(!strcmp(rewrite(s, "padPipeline(3)", scal), "(no match)")); /* windows of scalars */
  /* reduce (\a y. a + y) 0 x */
  AriTerm *ad[2] = {ariTermVar(s, 1, f32), ariTermVar(s, 0, f32)};
  AriTerm *g = ariTermLam(s, f32, ariTermLam(s, f32, ariTermOp(s, "arith.addf", "", ad, 2, f32)));
  AriTerm *red = ariTermReduce(s, ARI_PAT_NONE, g, ariTermConstFloat(s, f32, 0.0), x);
  got = rewrite(s, "padReduce(4)", red);
  if (getenv("RULES_TEST_VERBOSE"))
    printf("padReduce(4): %s\n", got);
  CHECK(!strcmp(got, "(reduce (lam f32 (lam f32 (arith.addf %1 %0 : f32))) (const 0 : f32) "
                     "(pad_cst 0 2 (in 0 : 10.f32) (const -0 : f32)))"));
  got = rewrite(s, "peelReduce(4)", red);
  if (getenv("RULES_TEST_VERBOSE"))
    printf("peelReduce(4): %s\n", got);
  CHECK(!strcmp(got, "(reduce (lam f32 (lam f32 (arith.addf %1 %0 : f32))) (reduce seq (lam f32 "
                     "(lam 4.f32 (reduce (lam f32 (lam f32 (arith.addf %1 %0 : f32))) %1 %0))) "
                     "(const 0 : f32) (split 4 (idx (slide 8 2 (in 0 : 10.f32)) (const 0 : "
                     "index)))) (idx (slide 2 8 (in 0 : 10.f32)) (const 1 : index)))"));
  CHECK(!strcmp(rewrite(s, "peelReduce(16)", red), "(no match)")); /* no whole tile */
  got = rewrite(s, "peelTail(4)", red); /* the head of 8 whole, then the tail of 2 */
  if (getenv("RULES_TEST_VERBOSE"))
    printf("peelTail(4): %s\n", got);
  CHECK(!strcmp(got, "(reduce (lam f32 (lam f32 (arith.addf %1 %0 : f32))) (reduce (lam f32 (lam "
                     "f32 (arith.addf %1 %0 : f32))) (const 0 : f32) (idx (slide 8 2 (in 0 : "
                     "10.f32)) (const 0 : index))) (idx (slide 2 8 (in 0 : 10.f32)) (const 1 : "
                     "index)))"));
  CHECK(!strcmp(rewrite(s, "peelTail(16)", red), "(no match)"));
  CHECK(!strcmp(rewrite(s, "peelTail(5)", red), "(no match)")); /* 5 divides 10 */
  /* an op without a known neutral element: only peeling applies */
  AriTerm *sb[2] = {ariTermVar(s, 1, f32), ariTermVar(s, 0, f32)};
  AriTerm *gs = ariTermLam(s, f32, ariTermLam(s, f32, ariTermOp(s, "arith.subf", "", sb, 2, f32)));
  AriTerm *rs = ariTermReduce(s, ARI_PAT_NONE, gs, ariTermConstFloat(s, f32, 0.0), x);
  CHECK(!strcmp(rewrite(s, "padReduce(4)", rs), "(no match)"));
  CHECK(strcmp(rewrite(s, "peelReduce(4)", rs), "(no match)"));
  /* map (map f) over 10 x 6 tiled 4 x 4: both dimensions padded and cropped */
  const AriType *r6 = ariTypeArray(s, 6, f32);
  AriTerm *xx = ariTermIn(s, 0, ariTypeArray(s, 10, r6));
  AriTerm *mm = ariTermMap(s, ARI_PAT_NONE, -1,
                           ariTermLam(s, r6, ariTermMap(s, ARI_PAT_NONE, -1, ariTermShift(s, f, 1, 0),
                                                        ariTermVar(s, 0, r6))),
                           xx);
  CHECK(!strcmp(rewrite(s, "tileMaps(4, 4)", mm), "(no match)"));
  got = rewrite(s, "padTileMaps(4, 4)", mm);
  if (getenv("RULES_TEST_VERBOSE"))
    printf("padTileMaps(4, 4): %s\n", got);
  const char *want = "(transpose (idx (slide 6 2 (transpose (idx (slide 10 2 (join ";
  CHECK(!strncmp(got, want, strlen(want)));
  CHECK(strstr(got, "(map (lam 6.f32 (pad_clamp 0 2 %0)) (pad_clamp 0 2 (in 0 : 10.6.f32)))"));
  CHECK(!strcmp(rewrite(s, "padTileMaps(5, 3)", mm), "(no match)")); /* tileMaps' case */
  ariTermStoreDestroy(s);
}

/* The rule bound to small default arguments. */
static bool bindDefault(size_t id, AriRuleInst *r) {
  const AriRuleInfo *info = ariRuleInfo(id);
  AriRuleArg args[4] = {{false, 2, NULL}, {false, 2, NULL}, {false, 2, NULL}, {false, 4, NULL}};
  if (info->paramKind == ARI_RULE_PARAM_ADDR)
    args[0] = (AriRuleArg){true, 0, "private"};
  if (info->paramKind == ARI_RULE_PARAM_DIM)
    args[0] = (AriRuleArg){false, 1, NULL};
  return ariRuleBind(id, args, info->minArgs, r, NULL, 0);
}

/* Every rule at every subterm of random terms: no crash, no error state
 * left behind, and every result has the type of what it replaced. */
static void testRobust(void) {
  int applied = 0, tried = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    AriTermStore *s = ariTermStoreCreate((size_t)64 << 20);
    AriGen g;
    ariGenInit(&g, s, seed);
    AriGenEnv env = {.depth = 0};
    const AriType *f32 = ariTypeF32(s);
    const AriType *ty = seed % 3 == 0 ? ariTypeArray(s, 4, ariTypeArray(s, 6, f32))
                                      : ariTypeArray(s, 12, seed % 2 ? f32 : ariTypeI32(s));
    AriTerm *t = ariGenTerm(&g, &env, ty, 6);
    AriRuleInst any;
    AriTerm *biased = bindDefault(seed % ariRuleCount(), &any) ? ariGenForRule(&g, &any) : NULL;
    AriTerm *roots[2] = {t, biased};
    for (int ri = 0; ri < 2; ++ri) {
      AriTerm *stack[4096];
      unsigned sp = 0;
      if (roots[ri])
        stack[sp++] = roots[ri];
      unsigned visited = 0;
      while (sp && visited < 400) {
        AriTerm *u = stack[--sp];
        ++visited;
        for (size_t id = 0; id < ariRuleCount(); ++id) {
          AriRuleInst r;
          if (!bindDefault(id, &r))
            continue;
          AriTerm *out;
          ++tried;
          AriRuleStatus st = ariRuleApply(&r, s, u, &out);
          CHECK(st != ARI_RULE_ERROR);
          if (st == ARI_RULE_APPLIED) {
            ++applied;
            CHECK(out && out != u);
            /* eta-abstraction keeps function types; all rules keep the type */
            CHECK(ariTermType(out) == ariTermType(u));
          }
          CHECK(ariTermStoreError(s)[0] == 0);
        }
        for (unsigned i = 0; i < ariTermNumKids(u) && sp < 4096; ++i)
          stack[sp++] = ariTermKid(u, i);
      }
    }
    ariTermStoreDestroy(s);
  }
  printf("robustness: %d rule applications tried, %d applied\n", tried, applied);
  CHECK(applied > 1000);
}

int main(void) {
  testCatalogue();
  testParse();
  testExamples();
  testTails();
  testStrips();
  testRobust();
  printf("rules_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
