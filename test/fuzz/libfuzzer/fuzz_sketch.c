/*===- fuzz_sketch.c - libFuzzer harness: sketches and guide files --------===*\
 *
 * The bytes as one sketch (ariSketchParse) and as a guide file
 * (ariGuideFileParse), both from search/sketch/sketch.h, each in a fresh
 * sketch set (a guide file's `nat` line binds sizes in its set). Then
 * what the parses made is used as eqsat would use it:
 *   - a sketch prints (ariSketchPrint) as text that parses back to a
 *     sketch that prints the same, and it is matched against a small
 *     fixed term;
 *   - every rule a guide lists is parsed as search/rules/rules.h's
 *     ariRuleParse does for eqsat, and printed back;
 *   - every usable guide's sketch prints and is matched like a sketch.
 * A parse that fails must say where (line and column from 1) and why.
 *
\*===----------------------------------------------------------------------===*/

#include "test/fuzz/libfuzzer/harness.h"

#include "search/rules/rules.h"
#include "search/sketch/sketch.h"
#include "search/term/term.h"

#include <string.h>

/* A term with maps, a reduction and arithmetic for sketches to match. */
static const char SUBJECT[] =
    "(map (lam 4.f32 (reduce (lam f32 (lam f32 (arith.addf %1 %0 : f32))) (const 0 : f32)"
    " (map (lam f32 (arith.mulf %0 %0 : f32)) %0))) (in 0 : 8.4.f32))";

static void requireLocated(const AriSketchError *err, const char *what) {
  FZ_REQUIRE(err->line >= 1 && err->col >= 1 && err->msg[0], what);
}

/* Prints k, parses the print in `set`, prints again: the same text. */
static void checkSketch(AriSketchSet *set, const AriSketch *k, const AriTerm *subject) {
  char buf[4096], buf2[4096];
  size_t n = ariSketchPrint(k, buf, sizeof buf);
  if (n < sizeof buf) {
    AriSketchError err;
    const AriSketch *k2 = ariSketchParse(set, buf, n, &err);
    FZ_REQUIRE(k2, "fuzz_sketch: a printed sketch does not parse");
    size_t n2 = ariSketchPrint(k2, buf2, sizeof buf2);
    FZ_REQUIRE(n2 == n && !memcmp(buf, buf2, n), "fuzz_sketch: a reparsed sketch prints differently");
    FZ_REQUIRE(ariSketchSize(k2) == ariSketchSize(k), "fuzz_sketch: a reparsed sketch has another size");
  }
  int64_t sizes[8];
  ariSketchArraySizes(k, sizes, 8);
  if (subject)
    (void)ariSketchMatches(k, subject);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  AriTermStore *store = ariTermStoreCreate(FZ_MEM_LIMIT);
  if (!store)
    return 0;
  const AriTerm *subject = ariTermParse(store, SUBJECT, sizeof SUBJECT - 1);
  FZ_REQUIRE(subject, "fuzz_sketch: the subject term does not parse");

  AriSketchSet *set = ariSketchSetCreate(store);
  if (set) {
    AriSketchError err;
    const AriSketch *k = ariSketchParse(set, text, size, &err);
    if (k)
      checkSketch(set, k, subject);
    else
      requireLocated(&err, "fuzz_sketch: a sketch parse failed without a located error");
    ariSketchSetDestroy(set);
  }

  set = ariSketchSetCreate(store);
  if (set) {
    AriSketchError err;
    const AriGuideFile *f = ariGuideFileParse(set, text, size, &err);
    if (f) {
      for (unsigned g = 0; g < f->numGuides; ++g) {
        const AriGuide *guide = &f->guides[g];
        FZ_REQUIRE(ariGuideFind(f, guide->name), "fuzz_sketch: a guide cannot be found by its name");
        FZ_REQUIRE(guide->sketch || guide->sizeError, "fuzz_sketch: a guide with neither sketch nor error");
        if (guide->sketch)
          checkSketch(set, guide->sketch, subject);
        for (unsigned r = 0; r < guide->numRules; ++r) {
          const char *rule = guide->rules[r];
          AriRuleInst inst;
          char msg[256], printed[256];
          size_t col = 0;
          if (ariRuleParse(rule, strlen(rule), &inst, msg, sizeof msg, &col)) {
            size_t n = ariRuleInstPrint(&inst, printed, sizeof printed);
            AriRuleInst back;
            FZ_REQUIRE(n < sizeof printed &&
                           ariRuleParse(printed, n, &back, msg, sizeof msg, &col) &&
                           back.id == inst.id && back.nargs == inst.nargs &&
                           !memcmp(back.args, inst.args, inst.nargs * sizeof inst.args[0]),
                       "fuzz_sketch: a printed rule does not parse back to itself");
          } else
            
            FZ_REQUIRE(msg[0], "fuzz_sketch: a rule parse failed without a message");
        }
      }
      for (unsigned g = 0; g < f->numGoals; ++g)
        for (unsigned i = 0; i < f->goals[g].numSteps; ++i)
          FZ_REQUIRE(f->goals[g].steps[i] < f->numGuides, "fuzz_sketch: a goal step names no guide");
    } else {
      requireLocated(&err, "fuzz_sketch: a guide file parse failed without a located error");
    }
    ariSketchSetDestroy(set);
  }
  ariTermStoreDestroy(store);
  return 0;
}
