/*===- strategy_test.c - the strategy language on toy terms ---------------===*\
 *
 * The parser (every combinator, precedence, canonical printing, error
 * positions), the binder (unknown names, arities, argument kinds) and the
 * interpreter (every combinator's semantics, definitions, parameters,
 * limits, failure points, traces), all on a toy hash-consed term store with
 * toy rules, so that the engine is tested independently of the RISE term
 * store and rule library.
 *
 * Toy terms are written `f(a,g(b))`: one-letter labels with up to 4
 * children.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "search/strategy/strategy.h"
#include "utils/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"

/* ---- a toy term store -------------------------------------------------- */

enum { kMaxNodes = 1 << 16 };

typedef struct {
  char label;
  uint8_t n;
  uint32_t kids[4];
} Node;

typedef struct {
  Node nodes[kMaxNodes];
  uint32_t count;
  /* the trace: one line per rule that fired */
  char trace[4096];
  AriStr traceOut; /* writes into trace */
  int rulesSeen;
} Toy;

/* Handles are index + 1 so that 0 never names a term. */
static AriStratTerm mk(Toy *t, char label, const uint32_t *kids, uint8_t n) {
  for (uint32_t i = 0; i < t->count; ++i)
    if (t->nodes[i].label == label && t->nodes[i].n == n &&
        (!n || !memcmp(t->nodes[i].kids, kids, n * sizeof *kids)))
      return i + 1;
  if (t->count == kMaxNodes)
    return 0;
  Node *x = &t->nodes[t->count];
  x->label = label;
  x->n = n;
  if (n)
    memcpy(x->kids, kids, n * sizeof *kids);
  return ++t->count;
}

/* 0 (the store was full) reads as a leaf '?', so a full store shows in the
 * results instead of reading out of bounds. */
static const Node *node(const Toy *t, AriStratTerm h) {
  static const Node none = {'?', 0, {0}};
  return h >= 1 && h <= t->count ? &t->nodes[h - 1] : &none;
}

static AriStratTerm parseTerm(Toy *t, const char **s) {
  char label = *(*s)++;
  uint32_t kids[4];
  uint8_t n = 0;
  if (**s == '(') {
    ++*s;
    for (;;) {
      kids[n++] = (uint32_t)parseTerm(t, s);
      if (**s == ',') {
        ++*s;
        continue;
      }
      ++*s; /* ')' */
      break;
    }
  }
  return mk(t, label, kids, n);
}

static AriStratTerm term(Toy *t, const char *s) { return parseTerm(t, &s); }

static void printTerm(const Toy *t, AriStratTerm h, AriStr *o) {
  const Node *x = node(t, h);
  ariStrPutc(o, x->label);
  if (x->n) {
    ariStrPuts(o, "(");
    for (uint8_t i = 0; i < x->n; ++i) {
      if (i)
        ariStrPuts(o, ",");
      printTerm(t, x->kids[i], o);
    }
    ariStrPuts(o, ")");
  }
}

static const char *show(const Toy *t, AriStratTerm h) {
  static char buf[1024];
  AriStr o;
  ariStrInitFixed(&o, buf, sizeof buf);
  printTerm(t, h, &o);
  return buf;
}

/* ---- toy rules and predicates ------------------------------------------ */

enum {
  R_ATOB,    /* a -> b */
  R_SWAP,    /* x(p,q) -> x(q,p) */
  R_GROW,    /* t -> g(t), always */
  R_RELABEL, /* relabel(sym): leaf -> leaf named sym[0] */
  R_WRAP,    /* wrap(n): t -> w(w(..t)) n times, n in 1..3 */
  R_BOOM,    /* always an error */
  R_FTOG,    /* f(..) -> g(..) */
  R_BTOA,    /* b -> a */
  P_ISF,     /* label f */
  P_ISLEAF,
  P_LABEL,   /* label(sym) */
};

static const struct {
  const char *name;
  size_t nargs;
  AriStratPrimKind kind;
} kPrims[] = {
    {"aToB", 0, ARI_STRAT_PRIM_RULE},      {"swap", 0, ARI_STRAT_PRIM_RULE},
    {"grow", 0, ARI_STRAT_PRIM_RULE},      {"relabel", 1, ARI_STRAT_PRIM_RULE},
    {"wrap", 1, ARI_STRAT_PRIM_RULE},      {"boom", 0, ARI_STRAT_PRIM_RULE},
    {"fToG", 0, ARI_STRAT_PRIM_RULE},      {"bToA", 0, ARI_STRAT_PRIM_RULE},
    {"isF", 0, ARI_STRAT_PRIM_PREDICATE},  {"isLeaf", 0, ARI_STRAT_PRIM_PREDICATE},
    {"label", 1, ARI_STRAT_PRIM_PREDICATE},
};

static AriStratPrimKind toyLookup(void *ctx, const char *name, size_t nargs, int64_t *handle,
                                  char *err, size_t cap) {
  (void)ctx;
  for (size_t i = 0; i < sizeof kPrims / sizeof kPrims[0]; ++i)
    if (!strcmp(kPrims[i].name, name)) {
      if (kPrims[i].nargs != nargs) {
        snprintf(err, cap, "'%s' takes %zu argument(s), got %zu", name, kPrims[i].nargs, nargs);
        return ARI_STRAT_PRIM_NONE;
      }
      *handle = (int64_t)i;
      return kPrims[i].kind;
    }
  return ARI_STRAT_PRIM_NONE;
}

static AriStratHostStatus toyApply(void *ctx, int64_t h, const AriStratValue *args, size_t nargs,
                                   AriStratTerm t, AriStratTerm *out, char *err, size_t cap) {
  Toy *toy = ctx;
  const Node *x = node(toy, t);
  uint32_t kids[4];
  (void)nargs;
  switch (h) {
  case R_ATOB:
    if (x->label != 'a' || x->n)
      return ARI_STRAT_HOST_NO_MATCH;
    *out = mk(toy, 'b', NULL, 0);
    return ARI_STRAT_HOST_OK;
  case R_BTOA:
    if (x->label != 'b' || x->n)
      return ARI_STRAT_HOST_NO_MATCH;
    *out = mk(toy, 'a', NULL, 0);
    return ARI_STRAT_HOST_OK;
  case R_SWAP:
    if (x->n != 2)
      return ARI_STRAT_HOST_NO_MATCH;
    kids[0] = x->kids[1];
    kids[1] = x->kids[0];
    *out = mk(toy, x->label, kids, 2);
    return ARI_STRAT_HOST_OK;
  case R_GROW:
    kids[0] = (uint32_t)t;
    *out = mk(toy, 'g', kids, 1);
    return *out ? ARI_STRAT_HOST_OK : ARI_STRAT_HOST_ERROR;
  case R_RELABEL:
    if (args[0].kind != ARI_STRAT_VALUE_SYMBOL) {
      snprintf(err, cap, "relabel needs a symbol");
      return ARI_STRAT_HOST_ERROR;
    }
    if (x->n)
      return ARI_STRAT_HOST_NO_MATCH;
    *out = mk(toy, args[0].symbol[0], NULL, 0);
    return ARI_STRAT_HOST_OK;
  case R_WRAP:
    if (args[0].kind != ARI_STRAT_VALUE_NAT || args[0].nat < 1 || args[0].nat > 3) {
      snprintf(err, cap, "wrap needs a number in 1..3");
      return ARI_STRAT_HOST_ERROR;
    }
    *out = t;
    for (int64_t i = 0; i < args[0].nat && *out; ++i) {
      kids[0] = (uint32_t)*out;
      *out = mk(toy, 'w', kids, 1);
    }
    return *out ? ARI_STRAT_HOST_OK : ARI_STRAT_HOST_ERROR;
  case R_BOOM:
    snprintf(err, cap, "boom went off");
    return ARI_STRAT_HOST_ERROR;
  case R_FTOG:
    if (x->label != 'f')
      return ARI_STRAT_HOST_NO_MATCH;
    *out = mk(toy, 'g', x->kids, x->n);
    return ARI_STRAT_HOST_OK;
  case P_ISF:
    return x->label == 'f' ? ARI_STRAT_HOST_OK : ARI_STRAT_HOST_NO_MATCH;
  case P_ISLEAF:
    return x->n == 0 ? ARI_STRAT_HOST_OK : ARI_STRAT_HOST_NO_MATCH;
  case P_LABEL:
    return args[0].kind == ARI_STRAT_VALUE_SYMBOL && x->label == args[0].symbol[0]
               ? ARI_STRAT_HOST_OK
               : ARI_STRAT_HOST_NO_MATCH;
  }
  return ARI_STRAT_HOST_ERROR;
}

static size_t toyNumChildren(void *ctx, AriStratTerm t) { return node(ctx, t)->n; }
static AriStratTerm toyChild(void *ctx, AriStratTerm t, size_t i) {
  return node(ctx, t)->kids[i];
}
static AriStratHostStatus toyRebuild(void *ctx, AriStratTerm t, const AriStratTerm *kids, size_t n,
                                     AriStratTerm *out, char *err, size_t cap) {
  Toy *toy = ctx;
  uint32_t k[4];
  (void)err;
  (void)cap;
  for (size_t i = 0; i < n; ++i)
    k[i] = (uint32_t)kids[i];
  *out = mk(toy, node(toy, t)->label, k, (uint8_t)n);
  return *out ? ARI_STRAT_HOST_OK : ARI_STRAT_HOST_ERROR; /* store full */
}

static void toyOnRule(void *ctx, const AriStratRuleEvent *ev) {
  Toy *toy = ctx;
  char path[128];
  ariStratFormatPath(ev->path, ev->pathLen, path, sizeof path);
  toy->rulesSeen++;
  if (toy->traceOut.len > sizeof toy->trace - 200)
    return; /* long runs (limit tests) are not traced in full */
  ariStrPrintf(&toy->traceOut, "%llu %s@%s;", (unsigned long long)ev->step, ev->name, path);
}

/* wrap's argument must be 1..3 when it is written out. */
static bool toyCheckArgs(void *ctx, int64_t h, const AriStratValue *args, size_t nargs, char *err,
                         size_t cap) {
  (void)ctx;
  if (h == R_WRAP && nargs == 1 && args[0].kind == ARI_STRAT_VALUE_NAT &&
      (args[0].nat < 1 || args[0].nat > 3)) {
    snprintf(err, cap, "wrap needs a number in 1..3, got %lld", (long long)args[0].nat);
    return false;
  }
  return true;
}

static Toy *gToy; /* the test's store; the engine itself sees it only through ctx */

static AriStratHost toyHost(Toy *t) {
  AriStratHost h = {t, toyLookup, toyApply, toyNumChildren, toyChild, toyRebuild, toyOnRule,
                    toyCheckArgs};
  return h;
}

/* ---- helpers ----------------------------------------------------------- */

/* Parses `text` as an expression and returns its canonical form (or the
 * diagnostic). */
static const char *roundTrip(const char *text) {
  static char buf[512];
  AriArena a;
  ariArenaInit(&a, 0);
  AriStratProgram *p = ariStratProgramNew(&a);
  AriStratDiag d;
  AriStratExpr *e = ariStratParseExpr(p, "s", text, strlen(text), &d);
  if (e)
    ariStratFormat(e, buf, sizeof buf);
  else
    ariStratDiagFormat(&d, buf, sizeof buf);
  ariArenaDestroy(&a);
  return buf;
}

/* The diagnostic of a definitions file ("" when it parses). */
static const char *fileDiag(const char *text) {
  static char buf[512];
  AriArena a;
  ariArenaInit(&a, 0);
  AriStratProgram *p = ariStratProgramNew(&a);
  AriStratDiag d;
  buf[0] = 0;
  if (!ariStratParseDefinitions(p, "f.elv", text, strlen(text), &d))
    ariStratDiagFormat(&d, buf, sizeof buf);
  ariArenaDestroy(&a);
  return buf;
}

typedef struct {
  AriStratStatus status;
  char result[512]; /* the term, or "file:line:col what @path" */
  uint64_t steps;
  char bindError[512];
  char calls[ARI_STRAT_MSG_MAX];
} RunResult;

static RunResult runWith(const char *defs, const char *strategy, const char *input,
                         const AriStratLimits *lim) {
  RunResult rr;
  memset(&rr, 0, sizeof rr);
  AriArena a, scratch;
  ariArenaInit(&a, 0);
  ariArenaInit(&scratch, 0);
  Toy *toy = gToy;
  ariStrInitFixed(&toy->traceOut, toy->trace, sizeof toy->trace);
  toy->rulesSeen = 0;
  AriStratHost host = toyHost(toy);
  AriStratProgram *p = ariStratProgramNew(&a);
  AriStratDiag d;
  AriStratExpr *e = NULL;
  if (defs && !ariStratParseDefinitions(p, "defs.elv", defs, strlen(defs), &d)) {
    ariStratDiagFormat(&d, rr.bindError, sizeof rr.bindError);
    rr.status = ARI_STRAT_ERROR;
    goto done;
  }
  e = ariStratParseExpr(p, "s", strategy, strlen(strategy), &d);
  if (!e || !ariStratBind(p, e, &host, &d)) {
    ariStratDiagFormat(&d, rr.bindError, sizeof rr.bindError);
    rr.status = ARI_STRAT_ERROR;
    goto done;
  }
  AriStratOutcome o;
  AriStratLimits def = {100000, 10000000, 0};
  ariStratRun(p, e, &host, term(toy, input), lim ? lim : &def, &scratch, &o);
  rr.status = o.status;
  rr.steps = o.steps;
  snprintf(rr.calls, sizeof rr.calls, "%s", o.calls);
  CHECK(scratch.head == NULL || scratch.used == 0); /* released */
  if (o.status == ARI_STRAT_SUCCESS) {
    snprintf(rr.result, sizeof rr.result, "%s", show(toy, o.term));
  } else {
    char path[256];
    ariStratFormatPath(o.path, o.pathLen, path, sizeof path);
    snprintf(rr.result, sizeof rr.result, "%s:%u:%u %s @%s", o.file, o.line, o.col, o.what, path);
  }
done:
  ariArenaDestroy(&scratch);
  ariArenaDestroy(&a);
  return rr;
}

static RunResult run(const char *strategy, const char *input) {
  return runWith(NULL, strategy, input, NULL);
}

/* Runs and checks success with the expected term. */
#define EXPECT_OK(strategy, input, expected)                                           \
  do {                                                                                 \
    RunResult r_ = run(strategy, input);                                               \
    CHECK(r_.status == ARI_STRAT_SUCCESS);                                             \
    CHECK(!strcmp(r_.result, expected));                                               \
    if (r_.status != ARI_STRAT_SUCCESS || strcmp(r_.result, expected))                 \
      fprintf(stderr, "  %s on %s: got [%s%s], want %s\n", strategy, input, r_.result, \
              r_.bindError, expected);                                                 \
  } while (0)

#define EXPECT_FAIL(strategy, input, where)                                            \
  do {                                                                                 \
    RunResult r_ = run(strategy, input);                                               \
    CHECK(r_.status == ARI_STRAT_FAILURE);                                             \
    CHECK(strstr(r_.result, where) != NULL);                                           \
    if (r_.status != ARI_STRAT_FAILURE || !strstr(r_.result, where))                   \
      fprintf(stderr, "  %s on %s: got %s [%s%s], want failure %s\n", strategy, input, \
              ariStratStatusName(r_.status), r_.result, r_.bindError, where);          \
  } while (0)

#define EXPECT_STR(got, want)                                              \
  do {                                                                     \
    const char *g_ = (got);                                                \
    CHECK(!strcmp(g_, want));                                              \
    if (strcmp(g_, want))                                                  \
      fprintf(stderr, "  got  [%s]\n  want [%s]\n", g_, want);             \
  } while (0)

#define EXPECT_BIND_ERROR(defs, strategy, want)                                    \
  do {                                                                             \
    RunResult r_ = runWith(defs, strategy, "a", NULL);                             \
    CHECK(r_.status == ARI_STRAT_ERROR);                                           \
    CHECK(strstr(r_.bindError, want) != NULL);                                     \
    if (!strstr(r_.bindError, want))                                               \
      fprintf(stderr, "  %s: got [%s], want [%s]\n", strategy, r_.bindError, want); \
  } while (0)

/* ---- parser ------------------------------------------------------------ */

static void testParseCombinators(void) {
  EXPECT_STR(roundTrip("id"), "id");
  EXPECT_STR(roundTrip("fail"), "fail");
  EXPECT_STR(roundTrip("a;b"), "a ; b");
  EXPECT_STR(roundTrip("a <+ b"), "a <+ b");
  EXPECT_STR(roundTrip("try(a)"), "try(a)");
  EXPECT_STR(roundTrip("repeat(a)"), "repeat(a)");
  EXPECT_STR(roundTrip("one(a)"), "one(a)");
  EXPECT_STR(roundTrip("some(a)"), "some(a)");
  EXPECT_STR(roundTrip("all(a)"), "all(a)");
  EXPECT_STR(roundTrip("topDown(a)"), "topDown(a)");
  EXPECT_STR(roundTrip("bottomUp(a)"), "bottomUp(a)");
  EXPECT_STR(roundTrip("normalize(a <+ b)"), "normalize(a <+ b)");
  EXPECT_STR(roundTrip("where(a)"), "where(a)");
  EXPECT_STR(roundTrip("not(a)"), "not(a)");
  /* ';' binds tighter than '<+'; both associate to the left. */
  EXPECT_STR(roundTrip("a ; b <+ c"), "a ; b <+ c");
  EXPECT_STR(roundTrip("a <+ b ; c"), "a <+ b ; c");
  EXPECT_STR(roundTrip("(a <+ b) ; c"), "(a <+ b) ; c");
  EXPECT_STR(roundTrip("a ; (b ; c)"), "a ; (b ; c)");
  EXPECT_STR(roundTrip("((a))"), "a");
  /* locations: s @ f(args) = f(args, s), left to right */
  EXPECT_STR(roundTrip("splitJoin(32) @ outermost(isMap)"), "outermost(isMap, splitJoin(32))");
  EXPECT_STR(roundTrip("r @ innermost(mapNest(2))"), "innermost(mapNest(2), r)");
  EXPECT_STR(roundTrip("r @ topDown @ try"), "try(topDown(r))");
  EXPECT_STR(roundTrip("a ; r @ outermost(p)"), "a ; outermost(p, r)");
  /* ';;' inserts the normal form */
  EXPECT_STR(roundTrip("a ;; b"), "a ; (normalForm ; b)");
  /* rule arguments: numbers and symbols */
  EXPECT_STR(roundTrip("useCBuffer(global)"), "useCBuffer(global)");
  EXPECT_STR(roundTrip("tileMaps(32, 32)"), "tileMaps(32, 32)");
  EXPECT_STR(roundTrip("cbuf+rrotVersion"), "cbuf+rrotVersion");
  EXPECT_STR(roundTrip("a<+b"), "a <+ b");
  /* comments and line breaks */
  EXPECT_STR(roundTrip("a // one\n ; # two\n /* three */ b"), "a ; b");
}

static void testParseErrors(void) {
  EXPECT_STR(roundTrip(""), "s:1:1: error: empty strategy");
  EXPECT_STR(roundTrip("  // nothing"), "s:1:13: error: empty strategy");
  EXPECT_STR(roundTrip("a ;"), "s:1:4: error: expected a strategy, got end of input");
  EXPECT_STR(roundTrip("try(a"), "s:1:6: error: expected ',' or ')', got end of input");
  EXPECT_STR(roundTrip("a <- b"), "s:1:3: error: expected '<+'");
  EXPECT_STR(roundTrip("a @ (b)"),
             "s:1:5: error: the right of '@' must name a traversal, such as outermost(p)");
  EXPECT_STR(roundTrip("f()"), "s:1:3: error: expected an argument: write 'f' without '()'");
  EXPECT_STR(roundTrip("a\n  ; b )"),
             "s:2:7: error: expected ';', '<+', '@' or end of input, got ')'");
  EXPECT_STR(roundTrip("a /* open"), "s:1:3: error: unterminated comment");
  EXPECT_STR(roundTrip("12ab"), "s:1:1: error: a name cannot start with a digit");
  EXPECT_STR(roundTrip("a $ b"), "s:1:3: error: unexpected character '$'");
  EXPECT_STR(roundTrip("f(99999999999999999999)"), "s:1:3: error: number too large");
  EXPECT_STR(roundTrip("x = a"),
             "s:1:3: error: definitions ('name = ...;') belong in a strategy file, not in a "
             "strategy expression");
  EXPECT_STR(roundTrip("f(a,b,c,d,e,f,g,h,i)"), "s:1:19: error: more than 8 arguments");
  char deep[1024];
  size_t n = 0;
  for (int i = 0; i < 300; ++i)
    deep[n++] = '(';
  deep[n++] = 'a';
  for (int i = 0; i < 300; ++i)
    deep[n++] = ')';
  deep[n] = 0;
  CHECK(strstr(roundTrip(deep), "nested more than 200 deep") != NULL);
  const char nul[] = {'a', ';', 0, 'b'};
  AriArena a;
  ariArenaInit(&a, 0);
  AriStratProgram *p = ariStratProgramNew(&a);
  AriStratDiag d;
  CHECK(ariStratParseExpr(p, "s", nul, sizeof nul, &d) == NULL);
  CHECK(d.line == 1 && d.col == 3 && strstr(d.message, "NUL"));
  ariArenaDestroy(&a);
}

static void testParseFiles(void) {
  EXPECT_STR(fileDiag(""), "");
  EXPECT_STR(fileDiag("// only a comment\n"), "");
  EXPECT_STR(fileDiag("a = b;\nc = a ; b;\n"), "");
  EXPECT_STR(fileDiag("strategy lowerDot = topDown(reduceMapFusion);"), "");
  EXPECT_STR(fileDiag("t(s, n) = s ; wrap(n);\nu = t(a, 2);"), "");
  /* A ';' followed by a definition ends the previous one. */
  AriArena a;
  ariArenaInit(&a, 0);
  AriStratProgram *p = ariStratProgramNew(&a);
  AriStratDiag d;
  const char *text = "x = a ; b;\ny(s) = s ; c;\nz = x\n ; y(x);";
  CHECK(ariStratParseDefinitions(p, "f", text, strlen(text), &d));
  CHECK(ariStratNumDefinitions(p) == 3);
  CHECK(!strcmp(ariStratDefinitionName(p, 0), "x"));
  CHECK(!strcmp(ariStratDefinitionName(p, 2), "z"));
  CHECK(ariStratHasDefinition(p, "y") && !ariStratHasDefinition(p, "w"));
  /* A later file may shadow an earlier one's definitions. */
  CHECK(ariStratParseDefinitions(p, "g", "x = fail;", 9, &d));
  CHECK(ariStratNumDefinitions(p) == 4);
  /* A failed file adds nothing, and the names it shadowed find the
   * earlier definitions again. */
  CHECK(!ariStratParseDefinitions(p, "h", "q = id; r = ", 12, &d));
  CHECK(ariStratNumDefinitions(p) == 4);
  CHECK(!ariStratParseDefinitions(p, "h2", "x = id; q = id; r = ", 20, &d));
  CHECK(ariStratNumDefinitions(p) == 4);
  CHECK(ariStratHasDefinition(p, "x") && !ariStratHasDefinition(p, "q"));
  CHECK(!strcmp(ariStratDefinitionName(p, 3), "x"));
  ariArenaDestroy(&a);

  /* Many definitions, each using the one before: the name index keeps the
   * parse linear (it was quadratic: 100k definitions took 34 s). The
   * duplicate at the end must still name the first one's line. */
  enum { MANY = 200000 };
  size_t cap = (size_t)MANY * 32, len = 0;
  char *big = malloc(cap);
  CHECK(big != NULL);
  if (big) {
    len += (size_t)snprintf(big, cap, "d0 = id;\n");
    for (int i = 1; i < MANY; ++i)
      len += (size_t)snprintf(big + len, cap - len, "d%d = d%d ; id;\n", i, i - 1);
    ariArenaInit(&a, 0);
    p = ariStratProgramNew(&a);
    CHECK(ariStratParseDefinitions(p, "many", big, len, &d));
    CHECK(ariStratNumDefinitions(p) == MANY);
    int found = 0;
    char name[32];
    for (int i = 0; i < MANY; i += 997) {
      snprintf(name, sizeof name, "d%d", i);
      found += ariStratHasDefinition(p, name);
    }
    CHECK(found == (MANY + 996) / 997);
    CHECK(!ariStratHasDefinition(p, "d200000"));
    ariArenaDestroy(&a);
    len += (size_t)snprintf(big + len, cap - len, "d12345 = id;\n");
    ariArenaInit(&a, 0);
    p = ariStratProgramNew(&a);
    CHECK(!ariStratParseDefinitions(p, "many", big, len, &d));
    CHECK(strstr(d.message, "redefinition of 'd12345' (first defined at many:12346:1)") != NULL);
    ariArenaDestroy(&a);
    free(big);
  }

  EXPECT_STR(fileDiag("a = b;\na = c;"),
             "f.elv:2:1: error: redefinition of 'a' (first defined at f.elv:1:1)");
  EXPECT_STR(fileDiag("topDown = b;"),
             "f.elv:1:1: error: 'topDown' is a built-in combinator and cannot be redefined");
  EXPECT_STR(fileDiag("a = b\nc = d;"),
             "f.elv:2:1: error: expected ';' after the definition, got 'c'");
  EXPECT_STR(fileDiag("a = b"), "f.elv:1:6: error: expected ';' after the definition, got end of input");
  EXPECT_STR(fileDiag("a = ;"), "f.elv:1:5: error: expected a strategy, got ';'");
  EXPECT_STR(fileDiag("a b = c;"), "f.elv:1:3: error: expected '=', got 'b'");
  EXPECT_STR(fileDiag("f(x, x) = x;"), "f.elv:1:6: error: duplicate parameter 'x'");
  EXPECT_STR(fileDiag("f(x,) = x;"), "f.elv:1:5: error: expected a parameter name, got ')'");
  EXPECT_STR(fileDiag("\n\n  /* never\n closed"), "f.elv:3:3: error: unterminated comment");
  EXPECT_STR(fileDiag("(a) = b;"), "f.elv:1:1: error: expected a definition 'name = strategy;', got '('");
}

/* ---- binding ----------------------------------------------------------- */

static void testBindErrors(void) {
  EXPECT_BIND_ERROR(NULL, "aToB ; nope", "s:1:8: error: unknown strategy, rule or predicate 'nope'");
  EXPECT_BIND_ERROR(NULL, "try(a, b)", "s:1:1: error: 'try' takes 1 strategy, got 2 arguments");
  EXPECT_BIND_ERROR(NULL, "id(aToB)", "s:1:1: error: 'id' takes no arguments");
  EXPECT_BIND_ERROR(NULL, "aToB @ outermost", "s:1:8: error: 'outermost' takes 2 strategies, got 1 argument");
  EXPECT_BIND_ERROR(NULL, "wrap", "s:1:1: error: 'wrap' takes 1 argument(s), got 0");
  EXPECT_BIND_ERROR(NULL, "wrap(aToB ; aToB)",
                    "s:1:11: error: an argument of a rule or predicate must be a number or a symbol");
  EXPECT_BIND_ERROR(NULL, "try(3)", "s:1:5: error: expected a strategy, got the number 3");
  EXPECT_BIND_ERROR(NULL, "aToB ;; aToB", "s:1:6: error: unknown strategy, rule or predicate 'normalForm'");
  EXPECT_BIND_ERROR("t(s) = s;", "t", "s:1:1: error: 't' (defined at defs.elv:1:1) takes 1 argument, got 0");
  EXPECT_BIND_ERROR("t(s) = s(aToB);", "t(aToB)", "defs.elv:1:8: error: parameter 's' takes no arguments");
  /* errors inside a definition point into the file */
  EXPECT_BIND_ERROR("x = aToB;\ny = x ;\n  typo;", "y", "defs.elv:3:3: error: unknown strategy, rule or predicate 'typo'");
  /* a parameter used as a strategy rejects a name that is no strategy */
  EXPECT_BIND_ERROR("t(s) = topDown(s);", "t(aToBee)", "s:1:3: error: unknown strategy, rule or predicate 'aToBee'");
  /* unreachable definitions are not bound */
  RunResult r = runWith("bad = nope;\ngood = aToB;", "good", "a", NULL);
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "b"));
}

/* ---- semantics --------------------------------------------------------- */

static void testBasics(void) {
  EXPECT_OK("id", "f(a,b)", "f(a,b)");
  EXPECT_FAIL("fail", "a", "s:1:1 reached 'fail' @root");
  EXPECT_OK("aToB", "a", "b");
  EXPECT_FAIL("aToB", "b", "s:1:1 rule 'aToB' does not apply @root");
  EXPECT_OK("aToB ; bToA", "a", "a");
  EXPECT_FAIL("aToB ; aToB", "a", "s:1:8 rule 'aToB' does not apply @root");
  EXPECT_OK("aToB <+ grow", "a", "b");
  EXPECT_OK("aToB <+ grow", "c", "g(c)");
  EXPECT_FAIL("aToB <+ fToG", "c", "s:1:9 rule 'fToG' does not apply");
  EXPECT_OK("try(aToB)", "c", "c");
  EXPECT_OK("try(aToB)", "a", "b");
  EXPECT_OK("wrap(2)", "a", "w(w(a))");
  EXPECT_OK("relabel(z)", "a", "z");
  /* predicates succeed unchanged or fail */
  EXPECT_OK("isF", "f(a)", "f(a)");
  EXPECT_FAIL("isF", "g(a)", "predicate 'isF' does not hold @root");
  EXPECT_OK("label(g) ; swap", "g(a,b)", "g(b,a)");
  EXPECT_OK("where(aToB)", "a", "a");
  EXPECT_FAIL("where(aToB)", "c", "rule 'aToB' does not apply");
  EXPECT_OK("not(aToB)", "c", "c");
  EXPECT_FAIL("not(aToB)", "a", "'not(aToB)': the strategy succeeded");
}

static void testRepeat(void) {
  /* repeat applies until failure */
  EXPECT_OK("repeat(fToG <+ aToB)", "f(a)", "g(a)");
  EXPECT_OK("repeat(aToB)", "c", "c");
  /* stops at a fixpoint instead of looping forever */
  EXPECT_OK("repeat(id)", "a", "a");
  EXPECT_OK("repeat(aToB ; bToA)", "a", "a");
  RunResult r = run("repeat(swap)", "f(a,b)");
  CHECK(r.status == ARI_STRAT_MAX_STEPS); /* a two-cycle changes the term each time */
}

static void testTraversals(void) {
  /* one: the first child where it succeeds */
  EXPECT_OK("one(aToB)", "f(a,a)", "f(b,a)");
  EXPECT_OK("one(aToB)", "f(c,a)", "f(c,b)");
  EXPECT_FAIL("one(aToB)", "f(c,c)", "s:1:1 'one(aToB)' applies to no child @root");
  EXPECT_FAIL("one(id)", "a", "applies to no child"); /* a leaf has no children */
  /* some: every child where it succeeds, at least one */
  EXPECT_OK("some(aToB)", "f(a,c,a)", "f(b,c,b)");
  EXPECT_FAIL("some(aToB)", "f(c,c)", "'some(aToB)' applies to no child");
  /* all: every child must succeed; a leaf trivially does */
  EXPECT_OK("all(aToB)", "f(a,a)", "f(b,b)");
  EXPECT_OK("all(fail)", "a", "a");
  EXPECT_FAIL("all(aToB)", "f(a,c)", "s:1:5 rule 'aToB' does not apply @1");
  /* topDown: first location in pre-order; bottomUp: in post-order */
  EXPECT_OK("topDown(fToG)", "f(f(a))", "g(f(a))");
  EXPECT_OK("bottomUp(fToG)", "f(f(a))", "f(g(a))");
  EXPECT_OK("topDown(aToB)", "f(g(c,a),a)", "f(g(c,b),a)");
  EXPECT_OK("bottomUp(swap)", "f(g(a,b),c)", "f(g(b,a),c)");
  EXPECT_FAIL("topDown(aToB)", "f(c,g(c))", "s:1:1 'topDown(aToB)' found no location where it applies @root");
  EXPECT_FAIL("one(topDown(aToB))", "f(c,g(c))", "'one(topDown(aToB))' applies to no child @root");
  EXPECT_FAIL("one(one(aToB))", "f(c,g(c))", "s:1:1 'one(one(aToB))' applies to no child @root");
  /* normalize: everywhere, until nothing applies */
  EXPECT_OK("normalize(aToB)", "f(a,g(a,a),a)", "f(b,g(b,b),b)");
  EXPECT_OK("normalize(fToG <+ aToB)", "f(f(a))", "g(g(b))");
  EXPECT_OK("normalize(aToB)", "c", "c");
  /* outermost / innermost with predicates */
  EXPECT_OK("swap @ outermost(isF)", "g(f(a,f(b,c)))", "g(f(f(b,c),a))");
  EXPECT_OK("swap @ innermost(isF)", "g(f(a,f(b,c)))", "g(f(a,f(c,b)))");
  EXPECT_OK("relabel(z) @ outermost(label(b))", "f(a,g(b),b)", "f(a,g(z),b)");
  EXPECT_OK("relabel(z) @ innermost(isLeaf)", "f(g(a),b)", "f(g(z),b)");
  /* the predicate holds but the strategy fails there: search goes on below */
  EXPECT_OK("aToB @ outermost(isLeaf)", "f(c,a)", "f(c,b)");
  EXPECT_FAIL("swap @ outermost(isF)", "g(a,b)",
              "'outermost(isF, swap)' found no location where it applies @root");
  /* locations compose with sequence */
  EXPECT_OK("aToB @ topDown ; fToG @ topDown", "f(a)", "g(b)");
}

static void testDefinitions(void) {
  const char *defs =
      "// toy library\n"
      "strategy lowerAll = normalize(aToB);\n"
      "twice(s) = s ; s;\n"
      "myTry(s) = s <+ id;\n"
      "myRepeat(s) = myTry(s ; myRepeat(s));\n"
      "myTopDown(s) = s <+ one(myTopDown(s));\n"
      "relabelAt(x, p) = relabel(x) @ outermost(p);\n"
      "wrapTwice(n) = twice(wrap(n));\n"
      "normalForm = normalize(aToB);\n"
      "loop = loop;\n"
      "deep = try(wrap(1) ; deep);\n";
  RunResult r = runWith(defs, "lowerAll", "f(a,a)", NULL);
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "f(b,b)"));
  r = runWith(defs, "twice(grow)", "a", NULL);
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "g(g(a))"));
  r = runWith(defs, "myRepeat(fToG <+ one(aToB))", "f(a,a)", NULL);
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "g(b,b)"));
  /* the recursive ELEVATE definition of topDown agrees with the built-in */
  r = runWith(defs, "myTopDown(aToB)", "f(g(c,a),a)", NULL);
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "f(g(c,b),a)"));
  /* a failure inside definitions names the calls it was in, innermost
   * first */
  r = runWith(defs, "twice(relabelAt(q, label(x)))", "f(a,b)", NULL);
  CHECK(r.status == ARI_STRAT_FAILURE &&
        strstr(r.result, "defs.elv:7:32 'outermost(p, relabel(x))' found no location"));
  CHECK(!strcmp(r.calls, "relabelAt(q, label(x)) at s:1:7, twice(relabelAt(q, label(x))) at s:1:1"));
  if (strcmp(r.calls, "relabelAt(q, label(x)) at s:1:7, twice(relabelAt(q, label(x))) at s:1:1"))
    fprintf(stderr, "  calls: %s\n", r.calls);
  r = run("fail", "a");
  CHECK(r.calls[0] == 0);
  /* values pass through parameters to rules, strategies to predicates */
  r = runWith(defs, "relabelAt(q, label(b))", "f(a,b)", NULL);
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "f(a,q)"));
  r = runWith(defs, "wrapTwice(2)", "a", NULL);
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "w(w(w(w(a))))"));
  /* ';;' uses the file's normalForm */
  r = runWith(defs, "fToG ;; grow", "f(a)", NULL);
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "g(g(b))"));
  /* what a definition does with a parameter decides what it accepts */
  r = runWith(defs, "twice(3)", "a", NULL);
  CHECK(r.status == ARI_STRAT_ERROR &&
        strstr(r.bindError, "s:1:7: error: expected a strategy, got the number 3"));
  r = runWith(defs, "relabelAt(aToB ; aToB, isLeaf)", "a", NULL);
  CHECK(r.status == ARI_STRAT_ERROR &&
        strstr(r.bindError, "s:1:16: error: an argument of a rule or predicate must be a number or a symbol"));
  /* a bare name passed for a value parameter is a symbol */
  r = runWith(defs, "relabelAt(aToB, isLeaf)", "a", NULL);
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "a"));
  /* bad rule arguments are the host's errors, at the rule */
  r = runWith(defs, "wrapTwice(9)", "a", NULL);
  CHECK(r.status == ARI_STRAT_ERROR && strstr(r.result, "defs.elv:8:22 wrap needs a number in 1..3"));
  /* ...and literal ones are checked before the run */
  r = runWith(defs, "aToB ; wrap(9)", "a", NULL);
  CHECK(r.status == ARI_STRAT_ERROR &&
        strstr(r.bindError, "s:1:8: error: wrap needs a number in 1..3, got 9"));
  r = run("boom", "a");
  CHECK(r.status == ARI_STRAT_ERROR && strstr(r.result, "boom went off"));
  /* non-terminating definitions stop at a limit, with a reason */
  AriStratLimits lim = {1000, 1000000, 64};
  r = runWith(defs, "loop", "a", &lim);
  CHECK(r.status == ARI_STRAT_MAX_DEPTH && strstr(r.result, "max-depth"));
  r = runWith(defs, "deep", "a", &lim);
  CHECK(r.status == ARI_STRAT_MAX_DEPTH);
  lim.maxDepth = 0;
  lim.maxVisits = 500;
  r = runWith(defs, "normalize(grow) <+ id", "a", &lim);
  CHECK(r.status == ARI_STRAT_MAX_VISITS && strstr(r.result, "max-visits"));
}

static void testLimitsAndTrace(void) {
  AriStratLimits lim = {5, 0, 0};
  RunResult r = runWith(NULL, "normalize(grow)", "a", &lim);
  CHECK(r.status == ARI_STRAT_MAX_STEPS);
  CHECK(r.steps == 5);
  CHECK(strstr(r.result, "s:1:11 stopped after 5 rule applications (max-steps)") != NULL);
  /* exactly max-steps rules may fire */
  r = runWith(NULL, "grow ; grow ; grow ; grow ; grow", "a", &lim);
  CHECK(r.status == ARI_STRAT_SUCCESS && r.steps == 5);
  /* a limit is not a failure: try does not catch it */
  r = runWith(NULL, "try(normalize(grow))", "a", &lim);
  CHECK(r.status == ARI_STRAT_MAX_STEPS);
  /* the trace: every rule that fired, with its path */
  r = run("normalize(aToB) ; topDown(fToG) ; (fail <+ id)", "f(a,g(c,a))");
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "g(b,g(c,b))"));
  EXPECT_STR(gToy->trace, "1 aToB@0;2 aToB@1.1;3 fToG@root;");
  CHECK(r.steps == 3 && gToy->rulesSeen == 3);
  /* rules that fired on a branch that was then abandoned still count */
  r = run("normalize(aToB) ; fail <+ id", "f(a,a)");
  CHECK(r.status == ARI_STRAT_SUCCESS && !strcmp(r.result, "f(a,a)") && r.steps == 2);
  /* a failed rule does not fire: nothing is traced */
  r = run("try(aToB)", "c");
  CHECK(r.steps == 0 && gToy->rulesSeen == 0);
}

/* Mutated strategy texts and files (deterministic): every one parses or
 * fails with a position inside the text, and every one that binds runs to
 * an outcome within its limits. Run under the sanitizers in CI. */
static void testMutations(void) {
  static const char *const seeds[] = {
      "normalize(aToB) ; topDown(fToG) ; (fail <+ id)",
      "swap @ outermost(isF) ; relabel(z) @ innermost(isLeaf)",
      "repeat(try(one(aToB)) ; some(bToA) <+ all(id)) ;; not(where(isF))",
      "t(s, n) = s ; wrap(n);\nu = t(aToB, 2) <+ bottomUp(fToG);\n/* c */ v = u ; # x\n u;",
  };
  static const char alphabet[] = "();,<+@=# /*\nabfstwi0123xyz";
  uint64_t rng = 0x9e3779b97f4a7c15ull;
  int parsed = 0, ran = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    const char *seed = seeds[iter % 4];
    char text[256];
    size_t n = strlen(seed);
    memcpy(text, seed, n + 1);
    int edits = 1 + iter % 4;
    for (int k = 0; k < edits; ++k) {
      rng = rng * 6364136223846793005ull + 1442695040888963407ull;
      size_t at = (size_t)(rng >> 33) % (n + 1);
      char c = alphabet[(rng >> 20) % (sizeof alphabet - 1)];
      int op = (int)((rng >> 12) % 3);
      if (op == 0 && n + 1 < sizeof text) { /* insert */
        memmove(text + at + 1, text + at, n - at + 1);
        text[at] = c;
        n++;
      } else if (op == 1 && at < n) { /* delete */
        memmove(text + at, text + at + 1, n - at);
        n--;
      } else if (at < n) { /* replace */
        text[at] = c;
      }
    }
    AriArena a, scratch;
    ariArenaInit(&a, 0);
    ariArenaInit(&scratch, 0);
    AriStratProgram *p = ariStratProgramNew(&a);
    AriStratDiag d;
    bool isFile = iter % 4 == 3;
    AriStratExpr *e = NULL;
    bool ok;
    if (isFile) {
      ok = ariStratParseDefinitions(p, "m", text, n, &d);
      if (ok && ariStratNumDefinitions(p) > 0) {
        const char *name = ariStratDefinitionName(p, ariStratNumDefinitions(p) - 1);
        e = ariStratParseExpr(p, "m", name, strlen(name), &d);
      }
    } else {
      e = ariStratParseExpr(p, "m", text, n, &d);
      ok = e != NULL;
    }
    if (!ok) {
      /* the position is inside the text (or just past its end) */
      uint32_t lines = 1;
      for (size_t i = 0; i < n; ++i)
        lines += text[i] == '\n';
      CHECK(d.line >= 1 && d.line <= lines && d.col >= 1 && d.col <= n + 1 && d.message[0]);
    } else {
      parsed++;
    }
    AriStratHost host = toyHost(gToy);
    bool bound = e && ariStratBind(p, e, &host, &d);
    if (e && !bound)
      CHECK(d.line >= 1 && d.col >= 1 && d.message[0]);
    if (bound) {
      AriStratLimits lim = {200, 20000, 200};
      AriStratOutcome o;
      ariStratRun(p, e, &host, term(gToy, "f(a,g(b,a),f(c))"), &lim, &scratch, &o);
      CHECK(o.steps <= 200 && o.visits <= 20000);
      CHECK(o.status == ARI_STRAT_SUCCESS || o.what[0]);
      ran++;
    }
    ariArenaDestroy(&scratch);
    ariArenaDestroy(&a);
  }
  /* the mutations must exercise both sides */
  CHECK(parsed > 100 && ran > 20 && parsed < 3000);
  CHECK(gToy->count < kMaxNodes); /* the toy store never filled up */
}

int main(void) {
  gToy = calloc(1, sizeof *gToy);
  if (!gToy)
    return 1;
  testParseCombinators();
  testParseErrors();
  testParseFiles();
  testBindErrors();
  testBasics();
  testRepeat();
  testTraversals();
  testDefinitions();
  testLimitsAndTrace();
  testMutations();
  free(gToy);
  printf("strategy_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
