/*===- mutate_test.c - in-process mutation test of parser, verifier, interp ===*\
 *
 *   mutate_test [--count=N] [--seed=S] [--only=K | --shard=K/N] [--save-dir=DIR]
 *               [--verbose] [--as-is=DIR_OR_FILE]... SEED_DIR_OR_FILE...
 *
 * For every seed program, N mutants (mutate.h) go through what a user's
 * file goes through: parse + verify, then for each function the argument
 * description, random inputs, the reference interpreter under limits and
 * the rise-stats collector. Every stage may reject the program, but it must
 * say why: a failure with no error diagnostic is a test failure, as are a
 * crash, a sanitizer report and a hang (ctest's TIMEOUT). Programs that
 * verify must also survive a print/parse round trip unchanged, and when
 * the interpreter succeeds its work counters must equal rise-stats'.
 *
 * Programs given with --as-is (known-bad inputs that once broke something)
 * run unmutated under the same checks.
 *
 * Before each mutant runs it is written to DIR/fuzz-current.mlir, whose
 * first line says how to replay it: if the process dies, that file is the
 * reproducer. Mutants that fail a check are kept as
 * DIR/fuzz-fail-<seed>-<K>.mlir.
 *
 * --shard=K/N runs shard K of N (test/shard.h): the mutants whose global
 * index (seed i's mutant k is mutant i * count + k, seeds in the order they
 * load) is K modulo N, unmutated seed i and as-is program i when i is K
 * modulo N. The N shards together run what one run without --shard does;
 * each writes its DIR/fuzz-current-shard<K>.mlir, so shards can share DIR.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Interp.h"
#include "passes/stats.h"
#include "test/fuzz/mutate.h"
#include "utils/arena.h"
#include "utils/strbuf.h"
#include "tools/support/mlirutil.h"

#include "test/shard.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IR.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int count;
  uint64_t runSeed;
  int only; /* -1: every mutant */
  AriShard shard;
  const char *saveDir;
  char currentName[64]; /* where the mutant being run is written */
  bool verbose;
} Options;

/* Outcomes, for the summary. A mutant counts once under parse/verify
 * failure, or once per function under the interpreter columns. */
typedef struct {
  int mutants, skipped, parseFail, verifyFail, roundTrips, mutantsVerified;
  int funcs, interpOk, interpErr, argsTooBig;
  int passed, failed;
} Tally;

enum {
  kMaxSeeds = 256,
  kMaxArgs = 32,
  /* The interpreter's limits: small enough that a mutant which blows a
   * size up to 2^40 is refused quickly, large enough for every seed. */
  kMaxOps = 2000000,
  kMaxInterpBytes = 256u << 20,
  /* Host buffers for the arguments come from an arena this large; bigger
   * memrefs are skipped, they are not the interpreter's business. */
  kMaxArgBytes = 64u << 20,
};

/*--- Printing modules to memory ------------------------------------------*/

static void toStrBuf(MlirStringRef s, void *user) { ariStrAppend(user, s.data, s.length); }

/* The module's text in the arena, or NULL if it does not fit in `cap`. */
static char *printModule(MlirModule m, bool generic, AriArena *arena, size_t cap) {
  char *buf = ariArenaAlloc(arena, cap);
  if (!buf)
    return NULL;
  AriStr b;
  ariStrInitFixed(&b, buf, cap);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (generic)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(mlirModuleGetOperation(m), flags, toStrBuf, &b);
  mlirOpPrintingFlagsDestroy(flags);
  return ariStrOk(&b) ? buf : NULL;
}

/*--- One mutant ----------------------------------------------------------*/

typedef struct {
  Tally *tally;
  MlirContext ctx;
  AriDiagSink *sink;
  AriArena *arena;
  int index;        /* of the mutant; -1 for a program run as it is */
  bool mustVerify;  /* an unmutated seed */
  char reason[600]; /* the first failed check */
} Run;

static void failf(Run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void failf(Run *r, const char *fmt, ...) {
  if (r->reason[0]) /* keep the first */
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->reason, sizeof r->reason, fmt, ap);
  va_end(ap);
}

/* Did the stage that just failed say why? Resets the counts for the next. */
static bool diagnosed(Run *r) {
  bool any = r->sink->errors > 0;
  r->sink->errors = 0;
  r->sink->warnings = 0;
  r->sink->last[0] = 0;
  return any;
}

/* Operation verifiers report "'op.name' op ..."; parser messages start
 * otherwise, near enough to split the two in the summary. */
static bool looksLikeVerifierError(const char *msg) { return msg[0] == '\''; }

static void funcName(MlirOperation f, char *buf, size_t cap) {
  MlirStringRef s = mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name")));
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(buf, s.data, n);
  buf[n] = 0;
}

/* Prints the module in both forms and parses the result again: what the
 * printer writes the parser must read back, to the same text. */
static void checkRoundTrip(Run *r, MlirModule m) {
  enum { kCap = 1 << 20 };
  for (int generic = 0; generic < 2; ++generic) {
    AriArenaMark mark = ariArenaMark(r->arena);
    char *text = printModule(m, generic, r->arena, kCap);
    if (text) {
      MlirModule again = ariParseString(r->ctx, text);
      if (mlirModuleIsNull(again)) {
        failf(r, "the %s form printed for a verified module does not parse back: %s",
              generic ? "generic" : "custom", r->sink->last);
      } else {
        char *text2 = printModule(again, generic, r->arena, kCap);
        if (text2 && strcmp(text, text2))
          failf(r, "printing the reparsed %s form gives different text",
                generic ? "generic" : "custom");
        mlirModuleDestroy(again);
      }
      diagnosed(r);
    }
    ariArenaRelease(r->arena, mark);
  }
  r->tally->roundTrips++;
}

static void runFunc(Run *r, MlirOperation func, uint64_t inputSeed) {
  char name[128];
  funcName(func, name, sizeof name);
  r->tally->funcs++;

  AriStats stats;
  ariStatsCollect(func, &stats);

  AriHostArg args[kMaxArgs];
  intptr_t nargs = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, args, kMaxArgs, &nargs))) {
    r->tally->interpErr++;
    if (!diagnosed(r))
      failf(r, "@%s: ariInterpDescribeArgs failed without an error diagnostic", name);
    return;
  }
  AriArena bufs;
  ariArenaInit(&bufs, kMaxArgBytes);
  if (!ariHostArgsAlloc(args, nargs, &bufs)) {
    r->tally->argsTooBig++;
    ariArenaDestroy(&bufs);
    diagnosed(r);
    return;
  }
  for (intptr_t k = 0; k < nargs; ++k)
    ariHostArgFillRandom(&args[k], inputSeed + (uint64_t)k);

  AriInterpLimits limits = {kMaxOps, kMaxInterpBytes};
  AriInterpCounters counters;
  memset(&counters, 0, sizeof counters);
  if (mlirLogicalResultIsSuccess(ariInterpRun(func, args, nargs, &limits, &counters))) {
    r->tally->interpOk++;
    /* Interp.h promises the interpreter's work counters equal rise-stats. */
    if (counters.flops != stats.flops || counters.transcendentals != stats.transcendentals ||
        counters.bytesRead != stats.bytesRead || counters.bytesWritten != stats.bytesWritten)
      failf(r,
            "@%s: interpreter counters (flops %" PRId64 ", transcendentals %" PRId64
            ", read %" PRId64 ", written %" PRId64 ") differ from rise-stats (%" PRId64
            ", %" PRId64 ", %" PRId64 ", %" PRId64 ")",
            name, counters.flops, counters.transcendentals, counters.bytesRead,
            counters.bytesWritten, stats.flops, stats.transcendentals, stats.bytesRead,
            stats.bytesWritten);
  } else {
    r->tally->interpErr++;
    if (!diagnosed(r))
      failf(r, "@%s: ariInterpRun failed without an error diagnostic", name);
  }
  diagnosed(r);
  ariArenaDestroy(&bufs);
}

/* Runs one program through every stage; true when all checks held. */
static bool runProgram(Run *r, const char *text) {
  r->reason[0] = 0;
  diagnosed(r);
  MlirModule m = ariParseString(r->ctx, text);
  if (mlirModuleIsNull(m)) {
    if (looksLikeVerifierError(r->sink->last))
      r->tally->verifyFail++;
    else
      r->tally->parseFail++;
    if (!diagnosed(r))
      failf(r, "parsing failed without an error diagnostic");
    if (r->mustVerify)
      failf(r, "the seed itself does not verify");
    return !r->reason[0];
  }
  diagnosed(r);
  r->tally->mutantsVerified += r->index >= 0;
  checkRoundTrip(r, m);
  uint64_t inputSeed = (uint64_t)(r->index + 1);
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef opName = mlirIdentifierStr(mlirOperationGetName(op));
    if (opName.length == 9 && !memcmp(opName.data, "func.func", 9) &&
        mlirOperationGetNumRegions(op) == 1 &&
        !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
      runFunc(r, op, inputSeed);
  }
  mlirModuleDestroy(m);
  return !r->reason[0];
}

/*--- Driver --------------------------------------------------------------*/

static void header(char *buf, size_t cap, const Options *o, const FzSeed *s, int k,
                   const FzMutant *m) {
  AriStr h;
  ariStrInitFixed(&h, buf, cap);
  ariStrPrintf(&h, "// fuzz mutant %d of %s (edits:", k, s->path);
  for (int i = 0; i < m->numEdits; ++i)
    ariStrPrintf(&h, " %s", m->edits[i]);
  ariStrPrintf(&h, "); replay: mutate_test --seed=%" PRIu64 " --only=%d %s\n", o->runSeed, k,
               s->path);
}

/* Writes the mutant with its replay header to DIR/NAME. */
static void saveMutant(const Options *o, const char *name, const char *hdr, const FzMutant *m) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", o->saveDir, name);
  fzWriteFile(path, hdr, m->text, m->len);
}

/* Seed number `seedIndex` (in load order) and its mutants of this shard. */
static void fuzzSeed(const Options *o, int seedIndex, const FzSeed *seed, Tally *t,
                     AriArena *arena) {
  /* One context per seed: fresh enough that a mutant cannot leave state for
   * another seed's mutants, reused enough to keep the run fast. */
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, o->verbose ? stderr : NULL);
  Run r = {t, ctx, &sink, arena, -1, true, {0}};

  if (o->only < 0 && ariShardHas(o->shard, seedIndex)) {
    if (fzHasForwardRef(seed->text, arena)) {
      /* The screen below would then hide real mutants of valid programs. */
      t->failed++;
      printf("FAIL %s (unmutated): fzHasForwardRef claims a forward reference\n", seed->path);
    } else if (runProgram(&r, seed->text)) {
      t->passed++;
    } else {
      t->failed++;
      printf("FAIL %s (unmutated): %s\n", seed->path, r.reason);
    }
  }
  for (int k = 0; k < o->count; ++k) {
    if (o->only >= 0 && k != o->only)
      continue;
    if (!ariShardHas(o->shard, (long long)seedIndex * o->count + k))
      continue;
    AriArenaMark mark = ariArenaMark(arena);
    FzMutant m;
    if (!fzMutate(seed, fzMutantKey(seed, o->runSeed, k), arena, &m)) {
      fprintf(stderr, "fuzz: out of memory mutating %s\n", seed->path);
      t->failed++;
      ariArenaRelease(arena, mark);
      break;
    }
    char hdr[1024];
    header(hdr, sizeof hdr, o, seed, k, &m);
    saveMutant(o, o->currentName, hdr, &m);
    if (o->verbose)
      fprintf(stderr, "%s", hdr);
    t->mutants++;
    if (fzHasForwardRef(m.text, arena)) {
      /* MLIR's own parser bug (mlir-bugs/README.md), not Ariadne's. */
      t->skipped++;
      ariArenaRelease(arena, mark);
      continue;
    }
    r.index = k;
    r.mustVerify = false;
    if (runProgram(&r, m.text)) {
      t->passed++;
    } else {
      t->failed++;
      char name[512];
      snprintf(name, sizeof name, "fuzz-fail-%s-%d.mlir", seed->name, k);
      saveMutant(o, name, hdr, &m);
      printf("FAIL %s mutant %d: %s (saved as %s/%s)\n", seed->path, k, r.reason, o->saveDir,
             name);
    }
    ariArenaRelease(arena, mark);
  }
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
}

/* Known-bad programs (regressions/) run as they are, under the checks of
 * a mutant: no crash, no sanitizer report, no failure without a
 * diagnostic. */
static void runAsIs(const Options *o, const FzSeed *prog, Tally *t, AriArena *arena) {
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, o->verbose ? stderr : NULL);
  Run r = {t, ctx, &sink, arena, -1, false, {0}};
  if (runProgram(&r, prog->text)) {
    t->passed++;
  } else {
    t->failed++;
    printf("FAIL %s: %s\n", prog->path, r.reason);
  }
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
}

static bool parseInt(const char *s, long long min, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (!*s || *end || errno || v < min)
    return false;
  *out = v;
  return true;
}

static int usage(void) {
  fputs("usage: mutate_test [--count=N] [--seed=S] [--only=K | --shard=K/N] [--save-dir=DIR]\n"
        "                   [--verbose] [--as-is=DIR_OR_FILE]... SEED_DIR_OR_FILE...\n",
        stderr);
  return 2;
}

int main(int argc, char **argv) {
  Options o = {40, 1, -1, {0, 1}, ".", "fuzz-current.mlir", false};
  bool sharded = false;
  AriArena arena;
  ariArenaInit(&arena, 0);
  static FzSeed seeds[kMaxSeeds], asIs[kMaxSeeds];
  int nseeds = 0, nAsIs = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    long long v;
    if (!strncmp(a, "--count=", 8) && parseInt(a + 8, 0, &v) && v <= 1000000)
      o.count = (int)v;
    else if (!strncmp(a, "--seed=", 7) && parseInt(a + 7, 0, &v))
      o.runSeed = (uint64_t)v;
    else if (!strncmp(a, "--only=", 7) && parseInt(a + 7, 0, &v) && v < 1000000)
      o.only = (int)v;
    else if (!strncmp(a, "--shard=", 8)) {
      if (!ariShardParse(a + 8, &o.shard)) {
        fprintf(stderr, "mutate_test: bad --shard '%s': expected K/N with 0 <= K < N <= %d\n",
                a + 8, ARI_SHARD_MAX);
        ariArenaDestroy(&arena);
        return 2;
      }
      sharded = true;
    } else if (!strncmp(a, "--save-dir=", 11) && a[11])
      o.saveDir = a + 11;
    else if (!strcmp(a, "--verbose"))
      o.verbose = true;
    else if (!strncmp(a, "--as-is=", 8) && a[8])
      ok = fzSeedsLoad(a + 8, &arena, asIs, kMaxSeeds, &nAsIs) && ok;
    else if (a[0] == '-') {
      ariArenaDestroy(&arena);
      return usage();
    }
    else
      ok = fzSeedsLoad(a, &arena, seeds, kMaxSeeds, &nseeds) && ok;
  }
  if (!ok || nseeds + nAsIs == 0) {
    fprintf(stderr, "mutate_test: %s\n", ok ? "no seed programs" : "cannot read the seeds");
    ariArenaDestroy(&arena);
    return ok ? usage() : 1;
  }
  if (sharded && o.only >= 0) {
    /* A replay names one mutant: no shard to choose. */
    fprintf(stderr, "mutate_test: --only and --shard exclude each other\n");
    ariArenaDestroy(&arena);
    return 2;
  }
  if (sharded)
    snprintf(o.currentName, sizeof o.currentName, "fuzz-current-shard%d.mlir", o.shard.index);
  if (o.only >= o.count)
    o.count = o.only + 1;

  Tally t;
  memset(&t, 0, sizeof t);
  for (int i = 0; i < nAsIs; ++i)
    if (ariShardHas(o.shard, i))
      runAsIs(&o, &asIs[i], &t, &arena);
  for (int i = 0; i < nseeds; ++i)
    fuzzSeed(&o, i, &seeds[i], &t, &arena);
  ariArenaDestroy(&arena);
  /* Mutants that all die in the lexer would test nothing of Ariadne's. */
  if (o.only < 0 && t.mutants >= 100 && t.mutantsVerified * 50 < t.mutants) {
    printf("FAIL only %d of %d mutants verified: the mutations are too destructive\n",
           t.mutantsVerified, t.mutants);
    t.failed++;
  }

  if (sharded)
    printf("shard:              %d of %d\n", o.shard.index, o.shard.count);
  printf("seeds:              %d (and %d programs run as they are)\n", nseeds, nAsIs);
  printf("mutants:            %d\n", t.mutants);
  printf("skipped:            %d (forward references; MLIR parser bug)\n", t.skipped);
  printf("parse failures:     %d\n", t.parseFail);
  printf("verify failures:    %d\n", t.verifyFail);
  printf("verified modules:   %d (%d of them mutants; all round-tripped)\n", t.roundTrips,
         t.mutantsVerified);
  printf("functions run:      %d\n", t.funcs);
  printf("interpreted OK:     %d\n", t.interpOk);
  printf("interpreter errors: %d\n", t.interpErr);
  printf("arguments too big:  %d\n", t.argsTooBig);
  printf("%d passed, %d failed\n", t.passed, t.failed);
  return t.failed ? 1 : 0;
}
