/*===- test/search/sketch_test.c - sketches: syntax and satisfaction ------===*\
 *
 * Modes (argv[1]):
 *   parse            every construct, printing round trips, error positions
 *   fuzz             mutated sketch and guide texts: always a sketch or a
 *                    positioned error, never a crash
 *   match            satisfaction on hand-built terms, memo bounds, the
 *                    node-provider contract with a two-node "class"
 *   guides FILE      the matmul guide file: guides, goals, rule names
 *   matmul THESIS OWN MLIR  hand-written matmul versions against the
 *                    Appendix C guides and against their own goal sketches
 *
\*===----------------------------------------------------------------------===*/

#include "search/rules/rules.h"
#include "search/sketch/sketch.h"
#include "search/mlir/term_mlir.h"
#include "test/check.h"
#include "tools/support/mlirutil.h"
#include "utils/file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const AriSketch *P(AriSketchSet *set, const char *text) {
  AriSketchError e;
  const AriSketch *k = ariSketchParse(set, text, strlen(text), &e);
  if (!k)
    fprintf(stderr, "unexpected parse error in '%s': %u:%u: %s\n", text, e.line, e.col, e.msg);
  return k;
}

/*--- parse ---------------------------------------------------------------*/

static void testParse(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriSketchSet *set = ariSketchSetCreate(s);
  CHECK(ariSketchSetNat(set, "m", 64));
  CHECK(ariSketchSetNat(set, "n", 128));
  CHECK(!ariSketchSetNat(set, "9x", 1));
  CHECK(!ariSketchSetNat(set, "", 1));
  static const struct {
    const char *in, *printed;
  } ok[] = {
      {"?", "?"},
      {"?x", "?"},
      {"map", "map"},
      {"map(?, ?)", "map(?, ?)"},
      {"mapSeq(?, ?)", "mapSeq(?, ?)"},
      {"mapPar(lam(?), ?)", "mapPar(lam(?), ?)"},
      {"reduceSeqUnroll(?, ?, ?)", "reduceSeqUnroll(?, ?, ?)"},
      {"toMem(?)", "to_mem(?)"},
      {"to_mem(?)", "to_mem(?)"},
      {"transpose(split(join(?)))", "transpose(split(join(?)))"},
      {"app(lam(var), ?)", "app(lam(var), ?)"},
      {"arith.addf(?, arith.mulf)", "arith.addf(?, arith.mulf)"},
      {"in()", "in()"},
      {"split(transpose(in1))", "split(transpose(in1))"},
      {"in12", "in12"},
      {"contains(map)", "contains(map)"},
      {"? | map", "(? | map)"},
      {"? or map or zip", "((? | map) | zip)"},
      {"? \xE2\x88\xA8 map", "(? | map)"},
      {"? :: f32", "(? :: f32)"},
      {"? :: <4>f32", "(? :: <4>f32)"},
      {"? :: <?>?", "(? :: <?>?)"},
      {"? :: 4.8.f32", "(? :: 4.8.f32)"},
      {"? :: m.(n / 2).f32", "(? :: 64.64.f32)"},
      {"? :: (m + n * 2 - 1).?dt", "(? :: 319.?)"},
      {"? :: ?.?", "(? :: ?.?)"},
      {"? :: (f32 x i32)", "(? :: (f32 x i32))"},
      {"? :: f32 -> f32 -> f32", "(? :: (f32 -> (f32 -> f32)))"},
      {"? :: ?t -> m.?dt -> ?t", "(? :: (? -> (64.? -> ?)))"},
      {"? :: (2.f32 -> index) :: ?", "((? :: (2.f32 -> index)) :: ?)"},
      {"(map | zip) :: 4.f32", "((map | zip) :: 4.f32)"},
      {"# comment\n map // another\n", "map"},
      {"containsMap(m, ?)", "contains(map(?, (? :: 64.?)))"},
      {"containsMap(m / 32, ?)", "contains(map(?, (? :: 2.?)))"},
      {"containsMap(32.f32, ?)", "contains(map(?, (? :: 32.f32)))"},
      {"containsMap(1.<32>f32, ?, zip)", "contains(map(?, (zip :: 1.<32>f32)))"},
      {"containsMapPar(?, ?)", "contains(mapPar(?, (? :: ?.?)))"},
      {"containsReduceSeq(4, ?)", "contains(reduceSeq(?, ?, (? :: 4.?)))"},
      {"containsReduceSeqUnroll(n, map)", "contains(reduceSeqUnroll(map, ?, (? :: 128.?)))"},
      {"containsToMem(n.m.f32, ?)", "contains((to_mem(?) :: 128.64.f32))"},
      {"containsAddMul",
       "contains((arith.addf(?, contains(arith.mulf)) | arith.addf(contains(arith.mulf), ?)))"},
      {"containsAddMul()",
       "contains((arith.addf(?, contains(arith.mulf)) | arith.addf(contains(arith.mulf), ?)))"},
      {"containsAddMulVec",
       "contains(((arith.addf(?, contains(arith.mulf)) :: <?>?) | "
       "(arith.addf(contains(arith.mulf), ?) :: <?>?)))"},
  };
  char buf[512], buf2[512];
  for (size_t i = 0; i < sizeof ok / sizeof *ok; ++i) {
    const AriSketch *k = P(set, ok[i].in);
    CHECK(k != NULL);
    if (!k)
      continue;
    ariSketchPrint(k, buf, sizeof buf);
    if (strcmp(buf, ok[i].printed) != 0)
      fprintf(stderr, "'%s' printed as '%s', expected '%s'\n", ok[i].in, buf, ok[i].printed);
    CHECK(strcmp(buf, ok[i].printed) == 0);
    /* What is printed parses back to the same sketch. */
    const AriSketch *k2 = P(set, buf);
    CHECK(k2 != NULL);
    if (k2) {
      ariSketchPrint(k2, buf2, sizeof buf2);
      CHECK(strcmp(buf, buf2) == 0);
      CHECK(ariSketchSize(k2) == ariSketchSize(k));
    }
  }
  CHECK(ariSketchKind(P(set, "?")) == ARI_SKETCH_ANY);
  CHECK(ariSketchKind(P(set, "map(?,?)")) == ARI_SKETCH_NODE);
  CHECK(ariSketchKind(P(set, "contains(?)")) == ARI_SKETCH_CONTAINS);
  CHECK(ariSketchKind(P(set, "? | ?")) == ARI_SKETCH_OR);
  CHECK(ariSketchKind(P(set, "? :: f32")) == ARI_SKETCH_TYPED);
  CHECK(ariSketchSize(P(set, "map(?, contains(zip))")) == 4);
  /* Truncated print: NUL-terminated, full length returned. */
  const AriSketch *k = P(set, "map(?, ?)");
  CHECK(k && ariSketchPrint(k, buf, 4) == 9 && strcmp(buf, "map") == 0);

  static const struct {
    const char *in;
    unsigned line, col;
    const char *msg;
  } bad[] = {
      {"", 1, 1, "expected a sketch, got end of input"},
      {"   ", 1, 4, "end of input"},
      {"map(", 1, 5, "end of input"},
      {"map(?,", 1, 7, "end of input"},
      {"map(? ?)", 1, 7, "expected ')'"},
      {"mop(?)", 1, 1, "unknown node kind 'mop'"},
      {"in1x", 1, 1, "unknown node kind 'in1x'"},
      {"in1234567", 1, 1, "unknown node kind 'in1234567'"},
      {"contains ?", 1, 10, "expected '('"},
      {"contains(?", 1, 11, "expected ')'"},
      {"? ::", 1, 5, "expected a type"},
      {"? :: f33", 1, 6, "unknown type or size 'f33'"},
      {"? :: k.f32", 1, 6, "unknown type or size 'k'"},
      {"? :: (m / 3).f32", 1, 9, "not exact"},
      {"? :: (m / 0).f32", 1, 9, "division by zero"},
      {"? :: (m - m).f32", 1, 6, "sizes must be positive"},
      {"? :: (? + 1).f32", 1, 9, "'?' cannot take part"},
      {"? :: 99999999999999999999.f32", 1, 6, "size too large"},
      {"? :: <4 f32", 1, 9, "expected '>'"},
      {"? :: (f32 x f32", 1, 16, "expected ')'"},
      {"? ?", 1, 3, "unexpected text after the sketch"},
      {"map\n  (?,\n   zap)", 3, 4, "unknown node kind 'zap'"},
      {"? |", 1, 4, "end of input"},
      {"containsMap(m)", 1, 14, "expected ','"},
      {"containsMap(m, ?, ?, ?)", 1, 20, "at most 3"},
      {"containsMap(f32, ?)", 1, 13, "array size or an array type"},
      {"containsReduceSeq(4, ?, ?)", 1, 23, "2 arguments"},
      {"containsToMem(?)", 1, 16, "expected ','"},
      {"containsFoo(?)", 1, 1, "unknown sketch function 'containsFoo'"},
      {"containsAddMul(?)", 1, 16, "takes no arguments"},
      {"\xE2\x88\xA8", 1, 1, "expected a sketch"},
      {"map(?) \xE2\x88\xA8 \xE2\x88\xA8", 1, 10, "expected a sketch"},
      {"aVeryLongNameThatGoesOnAndOnAndOnAndOnAndOnAndOnAndOnAndOnAndOnAndOn", 1, 1,
       "name too long"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
    AriSketchError e = {0, 0, ""};
    const AriSketch *b = ariSketchParse(set, bad[i].in, strlen(bad[i].in), &e);
    CHECK(b == NULL);
    bool good = e.line == bad[i].line && e.col == bad[i].col && strstr(e.msg, bad[i].msg);
    if (!good)
      fprintf(stderr, "'%s': got %u:%u: %s; expected %u:%u: ...%s...\n", bad[i].in, e.line,
              e.col, e.msg, bad[i].line, bad[i].col, bad[i].msg);
    CHECK(good);
  }
  /* Deep nesting is refused, not a stack overflow. */
  {
    size_t depth = 100000;
    char *deep = malloc(depth * 9 + 2);
    size_t len = 0;
    for (size_t i = 0; i < depth; ++i)
      len += (size_t)sprintf(deep + len, "contains(");
    AriSketchError e;
    CHECK(ariSketchParse(set, deep, len, &e) == NULL && strstr(e.msg, "nested too deeply"));
    len = 0;
    for (size_t i = 0; i < depth; ++i)
      deep[len++] = '(';
    CHECK(ariSketchParse(set, deep, len, &e) == NULL && strstr(e.msg, "nested too deeply"));
    len = (size_t)sprintf(deep, "? :: ");
    for (size_t i = 0; i < depth; ++i)
      len += (size_t)sprintf(deep + len, "<4>");
    CHECK(ariSketchParse(set, deep, len, &e) == NULL && strstr(e.msg, "nested too deeply"));
    free(deep);
  }
  /* NULL text is an empty sketch: an error. */
  AriSketchError e;
  CHECK(ariSketchParse(set, NULL, 5, &e) == NULL && e.line == 1 && e.col == 1);
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(s);
}

/*--- fuzz ----------------------------------------------------------------*/

static AriTerm *T(AriTermStore *s, const char *text);

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 11);
}

static void testFuzz(void) {
  static const char *const seeds[] = {
      "containsMap(m / 32, containsMap(n / 32, containsReduceSeq(k / 4, containsAddMul)))",
      "containsMap(m, ?, containsToMem(n.k.f32, containsMap(32.f32, ?)))",
      "(map(lam(?), ? :: 4.<8>f32) | zip) :: (f32 x ?) -> ?t",
      "contains(arith.addf(?, contains(arith.mulf))) \xE2\x88\xA8 reduceSeqUnroll(?, ?, ?)",
      ("nat m = 64, n = 2 * 32; guide a rules(splitJoin(4), beta) = containsMap(m, ?);\n"
       "goal g = a, a;"),
  };
  static const char alphabet[] = "?(),|:.<>-/*+ x0123456789mnkf32contains\n#\xE2\x88\xA8";
  unsigned sketches = 0, errors = 0, guideOk = 0, guideErr = 0, matched = 0;
  char buf[512];
  for (unsigned it = 0; it < 30000; ++it) {
    AriTermStore *s = ariTermStoreCreate(0);
    AriSketchSet *set = ariSketchSetCreate(s);
    ariSketchSetNat(set, "k", 1024);
    const char *seed = seeds[rnd() % (sizeof seeds / sizeof *seeds)];
    size_t len = strlen(seed);
    memcpy(buf, seed, len);
    unsigned muts = 1 + rnd() % 4;
    for (unsigned j = 0; j < muts; ++j) {
      unsigned op = rnd() % 4;
      size_t at = len ? rnd() % len : 0;
      if (op == 0 && len) /* replace */
        buf[at] = alphabet[rnd() % (sizeof alphabet - 1)];
      else if (op == 1 && len + 1 < sizeof buf) { /* insert */
        memmove(buf + at + 1, buf + at, len - at);
        buf[at] = alphabet[rnd() % (sizeof alphabet - 1)];
        len++;
      } else if (op == 2 && len) { /* delete */
        memmove(buf + at, buf + at + 1, len - at - 1);
        len--;
      } else { /* truncate */
        len = at;
      }
    }
    AriSketchError e = {0, 0, ""};
    bool isGuide = strncmp(seed, "nat", 3) == 0;
    if (isGuide) {
      const AriGuideFile *f = ariGuideFileParse(set, buf, len, &e);
      if (f)
        guideOk++;
      else {
        guideErr++;
        CHECK(e.line >= 1 && e.col >= 1 && e.msg[0]);
      }
    } else {
      ariSketchSetNat(set, "m", 64);
      ariSketchSetNat(set, "n", 64);
      const AriSketch *k = ariSketchParse(set, buf, len, &e);
      if (k) {
        sketches++;
        /* Whatever parses can be matched: a yes or a no, never an error. */
        AriTerm *t = T(s, "(map seq (lam 64.f32 (reduce seq (lam f32 (lam f32 (arith.addf %1 "
                          "(arith.mulf %0 %0 : f32) : f32))) (const 0 : f32) %0)) (to_mem global "
                          "(split 64 (in 0 : 4096.f32))))");
        int r = t ? ariSketchMatches(k, t) : -1;
        CHECK(r == 0 || r == 1);
        matched += r == 1;
        char out[4096];
        ariSketchPrint(k, out, sizeof out);
        CHECK(P(set, out) != NULL); /* what parses prints to something parseable */
      } else {
        errors++;
        CHECK(e.line >= 1 && e.col >= 1 && e.msg[0]);
        /* The error lies within the text (or just after its end). */
        unsigned lines = 1;
        for (size_t i = 0; i < len; ++i)
          lines += buf[i] == '\n';
        CHECK(e.line <= lines);
      }
    }
    ariSketchSetDestroy(set);
    ariTermStoreDestroy(s);
  }
  printf("fuzz: %u sketches (%u satisfied by the probe term), %u errors; guide files: %u "
         "parsed, %u errors\n",
         sketches, matched, errors, guideOk, guideErr);
  CHECK(sketches > 100 && errors > 100 && guideOk > 10 && guideErr > 100);
  CHECK(matched > 10 && matched < sketches);
}

/*--- match on hand-built terms -------------------------------------------*/

static AriTerm *T(AriTermStore *s, const char *text) {
  AriTerm *t = ariTermParse(s, text, strlen(text));
  if (!t)
    fprintf(stderr, "term parse: %s: %s\n", text, ariTermStoreError(s));
  return t;
}

static int M(AriSketchSet *set, const char *sketch, const AriTerm *t) {
  const AriSketch *k = P(set, sketch);
  if (!k || !t)
    return -2;
  return ariSketchMatches(k, t);
}

/* A two-node "class" provider: class handle 1 holds the alternatives t1
 * and t2 (as an e-class would); every other handle is a term. */
typedef struct Alt {
  const AriTerm *t1, *t2;
} Alt;
static unsigned altNum(void *ctx, uintptr_t cls) {
  (void)ctx;
  return cls == 1 ? 2 : 1;
}
static const AriTerm *altTerm(void *ctx, uintptr_t cls, unsigned i) {
  Alt *a = ctx;
  return cls == 1 ? (i ? a->t2 : a->t1) : (const AriTerm *)cls;
}
static void altNode(void *ctx, uintptr_t cls, unsigned i, AriSketchNode *out) {
  AriSketchGraph g = ariSketchTermGraph();
  g.node(NULL, (uintptr_t)altTerm(ctx, cls, i), 0, out);
}
static uintptr_t altKid(void *ctx, uintptr_t cls, unsigned i, unsigned k) {
  return (uintptr_t)ariTermKid(altTerm(ctx, cls, i), k);
}

static void testMatch(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriSketchSet *set = ariSketchSetCreate(s);
  ariSketchSetNat(set, "n", 8);
  AriTerm *sq = T(s, "(map par (lam f32 (arith.mulf %0 %0 : f32)) (in 0 : 8.f32))");
  AriTerm *dot = T(s, "(reduce seq (lam f32 (lam (f32 x f32) (arith.addf %1 (arith.mulf (fst %0) "
                      "(snd %0) : f32) : f32))) (const 0 : f32) (zip (in 0 : 8.f32) "
                      "(in 1 : 8.f32)))");
  AriTerm *sum = T(s, "(reduce unroll (lam f32 (lam f32 (arith.addf %1 %0 : f32))) "
                      "(const 0 : f32) (in 0 : 4.f32))");
  AriTerm *nest = T(s, "(map seq (lam 8.f32 (map (lam f32 (arith.addf %0 (arith.mulf %0 %0 : "
                       "f32) : f32)) %0)) (to_mem global (split 8 (in 0 : 64.f32))))");
  AriTerm *vadd = T(s, "(map seq (lam <4>f32 (arith.addf (arith.mulf %0 %0 : <4>f32) %0 : "
                       "<4>f32)) (as_vector 4 (in 0 : 16.f32)))");
  CHECK(sq && dot && sum && nest && vadd);
  if (!(sq && dot && sum && nest && vadd))
    goto done;

  CHECK(M(set, "?", sq) == 1);
  CHECK(M(set, "map", sq) == 1);
  CHECK(M(set, "mapPar", sq) == 1);
  CHECK(M(set, "mapSeq", sq) == 0);
  CHECK(M(set, "map(?, ?)", sq) == 1);
  CHECK(M(set, "map(?)", sq) == 0); /* arity counts */
  CHECK(M(set, "map(lam(arith.mulf(var, var)), in)", sq) == 1);
  CHECK(M(set, "map(lam(arith.addf), in)", sq) == 0);
  CHECK(M(set, "map(lam(op), in)", sq) == 1); /* `op`: any scalar op */
  CHECK(M(set, "zip", sq) == 0);
  CHECK(M(set, "zip | map", sq) == 1);
  CHECK(M(set, "zip or reduce", sq) == 0);
  CHECK(M(set, "contains(arith.mulf)", sq) == 1);
  CHECK(M(set, "contains(arith.mulf(var, var) :: f32)", sq) == 1);
  CHECK(M(set, "contains(arith.mulf :: f64)", sq) == 0);
  CHECK(M(set, "contains(in :: 8.f32)", sq) == 1);
  CHECK(M(set, "contains(in :: n.?)", sq) == 1);
  CHECK(M(set, "contains(in :: 4.?)", sq) == 0);
  /* inN: the input of memref argument N */
  CHECK(M(set, "contains(in0)", sq) == 1);
  CHECK(M(set, "contains(in1)", sq) == 0);
  CHECK(M(set, "contains(zip(in0, in1))", dot) == 1);
  CHECK(M(set, "contains(zip(in1, in0))", dot) == 0);
  CHECK(M(set, "contains(zip(in0, in))", dot) == 1);
  CHECK(M(set, "map :: 8.f32", sq) == 1);
  CHECK(M(set, "map :: 8.f64", sq) == 0);
  CHECK(M(set, "map :: ?.?", sq) == 1);
  CHECK(M(set, "map :: <8>f32", sq) == 0);
  CHECK(M(set, "map(lam :: f32 -> f32, ?)", sq) == 1);
  CHECK(M(set, "map(lam :: f32 -> f64, ?)", sq) == 0);
  CHECK(M(set, "map(? :: (f32 x f32) -> ?, ?)", sq) == 0);
  CHECK(M(set, "containsMap(n, ?)", sq) == 1);
  CHECK(M(set, "containsMap(4, ?)", sq) == 0);
  CHECK(M(set, "containsMapPar(n, contains(arith.mulf))", sq) == 1);
  CHECK(M(set, "containsMapPar(n, contains(arith.addf))", sq) == 0);
  CHECK(M(set, "containsMap(8.f32, ?)", sq) == 1);
  CHECK(M(set, "containsMap(8.f64, ?)", sq) == 0);
  CHECK(M(set, "containsMap(n, ?, in)", sq) == 1);
  CHECK(M(set, "containsMap(n, ?, zip)", sq) == 0);
  CHECK(M(set, "containsAddMul", sq) == 0);

  CHECK(M(set, "containsAddMul", dot) == 1);
  CHECK(M(set, "containsAddMulVec", dot) == 0);
  CHECK(M(set, "containsReduceSeq(n, containsAddMul)", dot) == 1);
  CHECK(M(set, "containsReduceSeq(4, ?)", dot) == 0);
  CHECK(M(set, "containsReduceSeqUnroll(n, ?)", dot) == 0);
  CHECK(M(set, "reduceSeq(lam(lam(arith.addf(var, ?))), const, zip(in, in))", dot) == 1);
  CHECK(M(set, "reduce(?, ?, ?)", dot) == 1);
  CHECK(M(set, "containsMap(?, ?)", dot) == 0);

  CHECK(M(set, "containsReduceSeqUnroll(4, ?)", sum) == 1);
  CHECK(M(set, "containsReduceSeq(4, ?)", sum) == 0);
  CHECK(M(set, "containsAddMul", sum) == 0); /* no multiplication */

  /* Nesting: a map over 8 rows of 8 whose function holds a map over 8
   * elements with add(?, mul); the input is stored. */
  CHECK(M(set, "containsMap(n, containsMap(n, containsAddMul))", nest) == 1);
  CHECK(M(set, "containsMap(n, containsMap(4, containsAddMul))", nest) == 0);
  /* The inner map is not in the outer map's input: order matters. */
  CHECK(M(set, "containsMap(n, containsMap(n, ?), contains(map))", nest) == 0);
  CHECK(M(set, "containsMap(n, ?, containsToMem(n.n.f32, split))", nest) == 1);
  CHECK(M(set, "containsMap(n, ?, containsToMem(?.?, ?))", nest) == 1);
  CHECK(M(set, "containsMap(n, ?, containsToMem(4.?, ?))", nest) == 0);
  CHECK(M(set, "containsToMem(?, join)", nest) == 0);
  CHECK(M(set, "mapSeq(?, toMem(split(in)))", nest) == 1);

  CHECK(M(set, "containsAddMulVec", vadd) == 1); /* add(mul, ?) order, vector typed */
  CHECK(M(set, "containsAddMul", vadd) == 1);
  CHECK(M(set, "contains(mapSeq(?, asVector(in)))", vadd) == 1);
  CHECK(M(set, "contains(mapVec)", vadd) == 0);
  CHECK(M(set, "containsMap(4.<4>f32, ?)", vadd) == 1);

  /* The thesis's Listing C.12 (the program found for the split guide) at
   * m = n = k = 64, written by hand: it satisfies Appendix C's split sketch
   * and neither the baseline nor reorder1. */
  {
    const char *c12 =
        "(join (map (lam 32.64.f32 (map (lam 64.f32 (join (map (lam 32.64.f32 (map (lam 64.f32 "
        "(reduce seq (lam f32 (lam 4.(f32 x f32) (arith.addf %1 (reduce seq (lam f32 (lam "
        "(f32 x f32) (arith.addf %1 (arith.mulf (fst %0) (snd %0) : f32) : f32))) (const 0 : "
        "f32) %0) : f32))) (const 0 : f32) (split 4 (zip %2 %0)))) %0)) (split 32 (transpose "
        "(in 1 : 64.64.f32)))))) %0)) (split 32 (in 0 : 64.64.f32))))";
    AriTerm *t = T(s, c12);
    CHECK(t != NULL);
    AriSketchSet *set64 = ariSketchSetCreate(s);
    ariSketchSetNat(set64, "m", 64);
    ariSketchSetNat(set64, "n", 64);
    ariSketchSetNat(set64, "k", 64);
    CHECK(M(set64,
            "containsMap(m / 32, containsMap(32, containsMap(n / 32, containsMap(32, "
            "containsReduceSeq(k / 4, containsReduceSeq(4, containsAddMul))))))",
            t) == 1);
    CHECK(M(set64, "containsMap(m, containsMap(n, containsReduceSeq(k, containsAddMul)))", t) ==
          0);
    CHECK(M(set64,
            "containsMap(m / 32, containsMap(n / 32, containsReduceSeq(k / 4, "
            "containsReduceSeq(4, containsMap(32, containsMap(32, containsAddMul))))))",
            t) == 0);
    /* Changing one size breaks it. */
    CHECK(M(set64,
            "containsMap(m / 32, containsMap(32, containsMap(n / 32, containsMap(32, "
            "containsReduceSeq(k / 8, containsReduceSeq(4, containsAddMul))))))",
            t) == 0);
    ariSketchSetDestroy(set64);
  }

  /* Memoisation: a DAG whose tree has 2^40 nodes is matched in time and
   * memo linear in the DAG. */
  {
    AriTerm *t = T(s, "(in 0 : 2.f32)");
    for (int i = 0; t && i < 40; ++i)
      t = ariTermZip(s, t, t);
    CHECK(t != NULL);
    AriSketchMatcher *m = ariSketchMatcherCreate(ariSketchTermGraph());
    const AriSketch *k = P(set, "contains(arith.mulf)");
    CHECK(m && k && ariSketchMatchClass(m, k, (uintptr_t)t) == 0);
    size_t memo = ariSketchMatcherMemoSize(m);
    CHECK(memo > 0 && memo <= 2 * 41);
    /* Asking again is answered from the memo. */
    CHECK(ariSketchMatchClass(m, k, (uintptr_t)t) == 0 && ariSketchMatcherMemoSize(m) == memo);
    const AriSketch *k2 = P(set, "contains(in :: 2.f32)");
    CHECK(ariSketchMatchClass(m, k2, (uintptr_t)t) == 1);
    CHECK(ariSketchMatchClass(m, NULL, (uintptr_t)t) == -1);
    CHECK(ariSketchMatchClass(m, k2, 0) == -1);
    /* Sketches of another set share the matcher without mixing memo
     * entries. */
    AriSketchSet *other = ariSketchSetCreate(s);
    const AriSketch *ko = P(other, "contains(in :: 4.f32)");
    const AriSketch *ks = P(set, "contains(in :: 2.f32)");
    CHECK(ariSketchMatchClass(m, ko, (uintptr_t)t) == 0);
    CHECK(ariSketchMatchClass(m, ks, (uintptr_t)t) == 1);
    ariSketchSetDestroy(other);
    ariSketchMatcherDestroy(m);
  }

  /* Deep terms: decided up to the depth limit, an error value beyond it
   * (never a stack overflow, also under the sanitizers). */
  {
    AriTerm *t = T(s, "(in 0 : 2.3.f32)");
    AriTerm *mid = NULL;
    for (int i = 0; t && i < 30000; ++i) {
      t = ariTermTranspose(s, t);
      if (i == 5000)
        mid = t;
    }
    CHECK(t != NULL && mid != NULL);
    AriSketchMatcher *m = ariSketchMatcherCreate(ariSketchTermGraph());
    const AriSketch *k = P(set, "contains(in)");
    CHECK(ariSketchMatchClass(m, k, (uintptr_t)mid) == 1);
    CHECK(ariSketchMatchClass(m, k, (uintptr_t)t) == -1);
    /* The failed query left no "no" behind: still decidable from below. */
    CHECK(ariSketchMatchClass(m, k, (uintptr_t)mid) == 1);
    CHECK(ariSketchMatchClass(m, P(set, "transpose"), (uintptr_t)t) == 1);
    ariSketchMatcherDestroy(m);
  }

  /* The provider contract: a class with two alternative nodes satisfies a
   * sketch when one of them does (how e-classes plug in). */
  {
    Alt alt = {sq, dot};
    AriSketchGraph g = {&alt, altNum, altNode, altKid};
    AriSketchMatcher *m = ariSketchMatcherCreate(g);
    CHECK(ariSketchMatchClass(m, P(set, "mapPar"), 1) == 1);
    CHECK(ariSketchMatchClass(m, P(set, "reduceSeq"), 1) == 1);
    CHECK(ariSketchMatchClass(m, P(set, "reduceSeqUnroll"), 1) == 0);
    CHECK(ariSketchMatchClass(m, P(set, "contains(zip) | contains(arith.mulf)"), 1) == 1);
    CHECK(ariSketchMatchClass(m, P(set, "contains(zip(in, in))"), 1) == 1);
    CHECK(ariSketchMatchClass(m, P(set, "? :: f32"), 1) == 0); /* type of the first node */
    ariSketchMatcherDestroy(m);
  }
done:
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(s);
}

/*--- guide files ---------------------------------------------------------*/

static void testGuides(const char *path) {
  char *text = NULL;
  size_t len;
  CHECK(ariFileOk(ariFileRead(path, NULL, 0, &text, &len)));
  if (!text)
    return;
  AriTermStore *s = ariTermStoreCreate(0);
  AriSketchSet *set = ariSketchSetCreate(s);
  AriSketchError e = {0, 0, ""};
  const AriGuideFile *f = ariGuideFileParse(set, text, strlen(text), &e);
  if (!f)
    fprintf(stderr, "%s:%u:%u: %s\n", path, e.line, e.col, e.msg);
  CHECK(f != NULL);
  if (f) {
    static const char *const names[] = {"baseline", "split",  "reorder1", "reorder2", "lower1",
                                        "lower2",   "store",  "lower3",   "lower4",   "lower5"};
    CHECK(f->numGuides == 10);
    for (size_t i = 0; i < 10; ++i) {
      const AriGuide *g = ariGuideFind(f, names[i]);
      CHECK(g != NULL && g->sketch != NULL && g->numRules > 0 && g->line > 0);
      for (unsigned r = 0; g && r < g->numRules; ++r) {
        AriRuleInst inst;
        char err[ARI_RULE_ERR_MAX];
        bool ok = ariRuleParse(g->rules[r], strlen(g->rules[r]), &inst, err, sizeof err, NULL);
        if (!ok)
          fprintf(stderr, "guide %s: rule '%s': %s\n", g->name, g->rules[r], err);
        CHECK(ok);
      }
    }
    CHECK(ariGuideFind(f, "nope") == NULL);
    CHECK(f->numGoals == 7);
    /* Table 5.6: parallel = split + reorder2 + store, goal lower5. */
    const AriGuideGoal *par = &f->goals[6];
    CHECK(strcmp(par->name, "parallel") == 0 && par->numSteps == 4);
    if (par->numSteps == 4) {
      CHECK(strcmp(f->guides[par->steps[0]].name, "split") == 0);
      CHECK(strcmp(f->guides[par->steps[3]].name, "lower5") == 0);
    }
    /* Sizes from the file: m / 32 = 32 for the 1024 default. */
    char buf[256];
    ariSketchPrint(ariGuideFind(f, "split")->sketch, buf, sizeof buf);
    CHECK(strncmp(buf, "contains(map(contains(map(", 26) == 0 && strstr(buf, ":: 32.?"));
  }
  /* A caller's binding wins over the file's `nat` line. */
  {
    AriSketchSet *set2 = ariSketchSetCreate(s);
    ariSketchSetNat(set2, "m", 64);
    const AriGuideFile *f2 = ariGuideFileParse(set2, text, strlen(text), &e);
    CHECK(f2 != NULL);
    char buf[512];
    if (f2) {
      ariSketchPrint(ariGuideFind(f2, "baseline")->sketch, buf, sizeof buf);
      CHECK(strstr(buf, "(? :: 64.?)") && strstr(buf, "(? :: 1024.?)"));
    }
    ariSketchSetDestroy(set2);
  }
  static const struct {
    const char *in;
    unsigned line, col;
    const char *msg;
  } bad[] = {
      {"guid a = ?;", 1, 1, "expected 'nat', 'guide' or 'goal'"},
      {"guide = ?;", 1, 7, "expected a guide name"},
      {"guide a = ?", 1, 12, "expected ';'"},
      {"guide a ?;", 1, 9, "expected '='"},
      {"guide a = ?;\nguide a = map;", 2, 7, "defined twice"},
      {"guide a rules() = ?;", 1, 15, "expected a rule"},
      {"guide a rules(beta = ?;", 1, 20, "expected ')'"},
      {"guide a = containsMap(m, ?);", 1, 23, "unknown type or size 'm'"},
      {"nat m = 4;\nguide a = ?;\ngoal g = a, b;", 3, 13, "unknown guide 'b'"},
      {"goal g = ;", 1, 10, "expected a guide name"},
      {"nat m = ?;", 1, 9, "needs a value"},
      {"nat m = 4, m = 5;", 1, 12, "another value"},
      {"nat m = 4\nguide a = ?;", 2, 1, "expected ';'"},
      {"nat 4 = 4;", 1, 5, "expected a size name"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
    AriSketchSet *set3 = ariSketchSetCreate(s);
    AriSketchError be = {0, 0, ""};
    const AriGuideFile *bf = ariGuideFileParse(set3, bad[i].in, strlen(bad[i].in), &be);
    CHECK(bf == NULL);
    bool good = be.line == bad[i].line && be.col == bad[i].col && strstr(be.msg, bad[i].msg);
    if (!good)
      fprintf(stderr, "guide '%s': got %u:%u: %s; expected %u:%u: ...%s...\n", bad[i].in,
              be.line, be.col, be.msg, bad[i].line, bad[i].col, bad[i].msg);
    CHECK(good);
    ariSketchSetDestroy(set3);
  }
  {
    AriSketchSet *set4 = ariSketchSetCreate(s);
    const char *same = "nat m = 4, m = 4; guide a = ?; goal g = a;";
    CHECK(ariGuideFileParse(set4, same, strlen(same), &e) != NULL);
    CHECK(ariGuideFileParse(set4, "", 0, &e) != NULL); /* empty file: no guides */
    ariSketchSetDestroy(set4);
  }
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(s);
  free(text);
}

/*--- hand-written matmul versions ----------------------------------------*/

enum { NV = 8, NG = 10 };

/* res[v][g]: version v+1 (v < NV) against guide g of `names` (g < ng), with
 * m = n = k = size. */
static void matmulMatrix(MlirModule mod, const char *guideText, const char *const *names,
                         int ng, int size, int res[NV][NG]) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriSketchSet *set = ariSketchSetCreate(s);
  ariSketchSetNat(set, "m", size);
  ariSketchSetNat(set, "n", size);
  ariSketchSetNat(set, "k", size);
  AriSketchError e;
  const AriGuideFile *f = ariGuideFileParse(set, guideText, strlen(guideText), &e);
  if (!f)
    fprintf(stderr, "guides: %u:%u: %s\n", e.line, e.col, e.msg);
  CHECK(f != NULL);
  AriSketchMatcher *m = ariSketchMatcherCreate(ariSketchTermGraph());
  for (int v = 0; v < NV; ++v) {
    char name[64];
    snprintf(name, sizeof name, "matmul_v%d%s", v + 1, size == 1024 ? "" : "_small");
    MlirOperation fn = ariFindFunc(mod, name);
    CHECK(!mlirOperationIsNull(fn));
    AriTermFunc tf;
    MlirLocation loc;
    bool ok = !mlirOperationIsNull(fn) && ariTermImportFunc(s, fn, &tf, &loc);
    if (!ok)
      fprintf(stderr, "%s: import failed: %s\n", name, ariTermStoreError(s));
    CHECK(ok);
    AriTerm *root = NULL;
    for (unsigned r = 0; ok && r < tf.numRoots; ++r)
      if (tf.roots[r].kind == ARI_ROOT_OUT)
        root = tf.roots[r].value;
    CHECK(!ok || root != NULL);
    for (int g = 0; g < ng; ++g) {
      const AriGuide *gd = f ? ariGuideFind(f, names[g]) : NULL;
      CHECK(gd != NULL);
      res[v][g] = (gd && root) ? ariSketchMatchClass(m, gd->sketch, (uintptr_t)root) : -1;
      CHECK(res[v][g] >= 0);
    }
  }
  printf("matmul %dx%d: memo of %zu (sketch node, term) pairs\n", size, size,
         ariSketchMatcherMemoSize(m));
  printf("%-9s", "version");
  for (int g = 0; g < ng; ++g)
    printf(" %-8s", names[g]);
  printf("\n");
  for (int v = 0; v < NV; ++v) {
    printf("v%-8d", v + 1);
    for (int g = 0; g < ng; ++g)
      printf(" %-8s", res[v][g] == 1 ? "yes" : res[v][g] == 0 ? "-" : "ERR");
    printf("\n");
  }
  ariSketchMatcherDestroy(m);
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(s);
}

static void testMatmul(const char *thesisPath, const char *ariadnePath, const char *mlirPath) {
  char *thesis = NULL, *ariadne = NULL;
  size_t len;
  CHECK(ariFileOk(ariFileRead(thesisPath, NULL, 0, &thesis, &len)));
  CHECK(ariFileOk(ariFileRead(ariadnePath, NULL, 0, &ariadne, &len)));
  MlirContext ctx = ariContextCreate();
  MlirModule mod = ariParseFile(ctx, mlirPath);
  CHECK(!mlirModuleIsNull(mod));
  if (thesis && ariadne && !mlirModuleIsNull(mod)) {
    static const char *const appC[NG] = {"baseline", "split",  "reorder1", "reorder2", "lower1",
                                         "lower2",   "store",  "lower3",   "lower4",   "lower5"};
    static const char *const own[7] = {"v1", "v2", "v3", "v4", "v5", "v6", "v7"};
    int res[NV][NG];
    for (int big = 0; big < 2; ++big) {
      int size = big ? 1024 : 64;
      /* Appendix C's sketches describe the thesis's programs (Listings
       * C.11-C.15), whose shapes Ariadne's hand-written v2..v8 do not have
       * (see matmul_ariadne.guides): only the baseline is shared. */
      matmulMatrix(mod, thesis, appC, NG, size, res);
      for (int v = 0; v < NV; ++v)
        for (int g = 0; g < NG; ++g) {
          int want = (v == 0 && g == 0);
          /* At 1024, m / 32 = n / 32 = 32: v2's loop nest (m/32, n/32, 32,
           * 32, k/4, 4) then has the sizes of the split sketch (m/32, 32,
           * n/32, 32, k/4, 4). At 64 the sizes tell them apart. */
          if (big && v == 1 && g == 1)
            want = 1;
          if (res[v][g] != want)
            fprintf(stderr, "%d: v%d vs %s: got %d, want %d\n", size, v + 1, appC[g], res[v][g],
                    want);
          CHECK(res[v][g] == want);
        }
      /* Ariadne's own goals: each version satisfies its goal; the baseline
       * satisfies no later goal; a version satisfies an earlier goal only
       * where it keeps that goal's shape (expected below). */
      matmulMatrix(mod, ariadne, own, 7, size, res);
      static const int expect[NV][7] = {
          /* v1 v2 v3 v4 v5 v6 v7 */
          {1, 0, 0, 0, 0, 0, 0}, /* v1 */
          {0, 1, 0, 0, 0, 0, 0}, /* v2 */
          {0, 0, 1, 0, 0, 0, 0}, /* v3 */
          {0, 0, 0, 1, 0, 0, 0}, /* v4 */
          {0, 0, 0, 1, 1, 0, 0}, /* v5: v4 plus the packing */
          /* v6 unrolls the inner reduction, so reduceSeq(4) of v4/v5 no
           * longer holds (reduceSeq names the sequential kind only). */
          {0, 0, 0, 0, 0, 1, 0}, /* v6: private tiles and unrolling */
          /* `map` matches every kind, so v7 (mapPar) still satisfies v6. */
          {0, 0, 0, 0, 0, 1, 1}, /* v7: v6 with the outer map parallel */
          {0, 0, 0, 0, 0, 0, 0}, /* v8: register blocks of 4 rows */
      };
      for (int v = 0; v < NV; ++v)
        for (int g = 0; g < 7; ++g) {
          if (res[v][g] != expect[v][g])
            fprintf(stderr, "%d: v%d vs own %s: got %d, want %d\n", size, v + 1, own[g],
                    res[v][g], expect[v][g]);
          CHECK(res[v][g] == expect[v][g]);
        }
    }
  }
  if (!mlirModuleIsNull(mod))
    mlirModuleDestroy(mod);
  mlirContextDestroy(ctx);
  free(thesis);
  free(ariadne);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (!strcmp(mode, "parse"))
    testParse();
  else if (!strcmp(mode, "fuzz"))
    testFuzz();
  else if (!strcmp(mode, "match"))
    testMatch();
  else if (!strcmp(mode, "guides") && argc > 2)
    testGuides(argv[2]);
  else if (!strcmp(mode, "matmul") && argc > 4)
    testMatmul(argv[2], argv[3], argv[4]);
  else {
    fprintf(stderr, "usage: sketch_test parse|fuzz|match|guides FILE|matmul THESIS OWN MLIR\n");
    return 2;
  }
  printf("sketch_test %s: %d checks, %d failures\n", mode, checks, failures);
  return failures ? 1 : 0;
}
