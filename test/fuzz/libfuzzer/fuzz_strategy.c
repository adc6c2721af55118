/*===- fuzz_strategy.c - libFuzzer harness: the strategy language ---------===*\
 *
 * The bytes as a strategy file (ariStratParseDefinitions,
 * search/strategy/strategy.h) and as one strategy expression (a pass
 * option, ariStratParseExpr) in the program the file's definitions made.
 * Each expression that parses -- the text itself, and a call of each
 * definition by name -- is
 *   - formatted (ariStratFormat), and the format must parse back to an
 *     expression that formats the same;
 *   - bound to the rise host (search/strategy/strategy_rise.h: rule and
 *     predicate names, arities, literal arguments);
 *   - when it binds, run on a small fixed term under tight limits.
 * A parse or bind that fails must say where (line and column from 1).
 *
\*===----------------------------------------------------------------------===*/

#include "test/fuzz/libfuzzer/harness.h"

#include "search/strategy/strategy.h"
#include "search/strategy/strategy_rise.h"
#include "search/term/term.h"
#include "utils/arena.h"

#include <string.h>

/* A term with maps, a reduction and arithmetic for rules to rewrite. */
static const char SUBJECT[] =
    "(map (lam 4.f32 (reduce (lam f32 (lam f32 (arith.addf %1 %0 : f32))) (const 0 : f32)"
    " (map (lam f32 (arith.mulf %0 %0 : f32)) %0))) (in 0 : 8.4.f32))";

/* At most this many definitions of a file are called one by one. */
enum { MAX_CALLED = 8 };

typedef struct Env {
  AriStratProgram *p;
  AriStratRise *rise;
  AriStratTerm subject;
  AriArena *scratch;
} Env;

static void requireLocated(const AriStratDiag *d, const char *what) {
  FZ_REQUIRE(d->line >= 1 && d->col >= 1 && d->message[0], what);
}

static void tryExpr(Env *env, const char *text, size_t len) {
  AriStratDiag d;
  memset(&d, 0, sizeof d);
  AriStratExpr *e = ariStratParseExpr(env->p, "expr", text, len, &d);
  if (!e) {
    requireLocated(&d, "fuzz_strategy: an expression parse failed without a located error");
    return;
  }
  char buf[8192], buf2[8192];
  if (ariStratFormat(e, buf, sizeof buf)) {
    memset(&d, 0, sizeof d);
    AriStratExpr *e2 = ariStratParseExpr(env->p, "formatted", buf, strlen(buf), &d);
    FZ_REQUIRE(e2, "fuzz_strategy: a formatted expression does not parse");
    FZ_REQUIRE(ariStratFormat(e2, buf2, sizeof buf2) && !strcmp(buf, buf2),
               "fuzz_strategy: a reparsed expression formats differently");
  }
  const AriStratHost *host = ariStratRiseHost(env->rise);
  memset(&d, 0, sizeof d);
  if (!ariStratBind(env->p, e, host, &d)) {
    requireLocated(&d, "fuzz_strategy: a bind failed without a located error");
    return;
  }
  AriStratLimits limits = {64, 4096, 64};
  AriStratOutcome out;
  ariStratRun(env->p, e, host, env->subject, &limits, env->scratch, &out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  AriTermStore *store = ariTermStoreCreate(FZ_MEM_LIMIT);
  if (!store)
    return 0;
  AriArena arena, scratch;
  ariArenaInit(&arena, FZ_MEM_LIMIT);
  ariArenaInit(&scratch, FZ_MEM_LIMIT);
  AriTerm *subject = ariTermParse(store, SUBJECT, sizeof SUBJECT - 1);
  FZ_REQUIRE(subject, "fuzz_strategy: the subject term does not parse");
  Env env = {ariStratProgramNew(&arena), ariStratRiseCreate(store, &arena),
             ariStratRiseTerm(subject), &scratch};
  if (env.p && env.rise) {
    AriStratDiag d;
    memset(&d, 0, sizeof d);
    if (ariStratParseDefinitions(env.p, "fuzz.elv", text, size, &d)) {
      size_t n = ariStratNumDefinitions(env.p);
      for (size_t i = 0; i < n && i < MAX_CALLED; ++i) {
        const char *name = ariStratDefinitionName(env.p, i);
        FZ_REQUIRE(ariStratHasDefinition(env.p, name), "fuzz_strategy: a definition is not found");
        tryExpr(&env, name, strlen(name));
      }
    } else {
      requireLocated(&d, "fuzz_strategy: a file parse failed without a located error");
    }
    tryExpr(&env, text, size);
  }
  ariArenaDestroy(&scratch);
  ariArenaDestroy(&arena);
  ariTermStoreDestroy(store);
  return 0;
}
