/*===- ariadne-rules.c - print the rewrite-rule catalogue ----------------===*\
 *
 *   ariadne-rules --list [--family=NAME]   one rule per line: name, family,
 *                                          exactness, form, side conditions
 *   ariadne-rules --json                   the catalogue as JSON
 *   ariadne-rules --check=TEXT             parses a rule with its arguments
 *                                          (`splitJoin(4)`) and prints it
 *   ariadne-rules --example=RULE [--seed=N] prints a small random program
 *                                          (search/gen/gen.h) where RULE applies
 *
 * The table comes from search/rules/rules.h, the same data the rules run on.
 *
\*===----------------------------------------------------------------------===*/

#include "search/gen/gen.h"
#include "search/rules/rules.h"
#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"

#include <stdlib.h>

#include <stdio.h>
#include <string.h>

static const char *kTool = "ariadne-rules";

static void usage(FILE *f) {
  fprintf(f,
          "usage: ariadne-rules --list [--family=NAME] | --json | --check=RULE | --help | --version\n"
          "  --list          print the catalogue of rewrite rules (name, family, exact or\n"
          "                  reassoc, form, side conditions, source)\n"
          "  --family=NAME   only rules of one family (lambda, map, tiling, slide, vector,\n"
          "                  storage, lower, domain, knossos-arith, knossos-array)\n"
          "  --json          the catalogue as a JSON array\n"
          "  --check=RULE    parse a rule with its arguments, e.g. 'splitJoin(4)'\n"
          "  --example=RULE  print a small random program (a func.func @example) where RULE\n"
          "                  applies; --seed=N picks another one\n"
          ARI_TOOL_HELP_TAIL);
}

static void jsonStr(const char *s) {
  putchar('"');
  for (; *s; ++s) {
    if (*s == '"' || *s == '\\')
      printf("\\%c", *s);
    else if ((unsigned char)*s < 0x20)
      printf("\\u%04x", *s);
    else
      putchar(*s);
  }
  putchar('"');
}

/* Penalties for what makes an example unreadable or degenerate: lambdas
 * that ignore their parameter, arrays of one element. */
static uint32_t penalty(const AriTerm *t, unsigned depth) {
  if (depth > 64)
    return 0;
  uint32_t p = 0;
  if (ariTermKind(t) == ARI_TERM_LAM && !ariTermHasFree(ariTermKid(t, 0), 0))
    p += 12;
  const AriType *ty = ariTermType(t);
  if (ariTypeKind(ty) == ARI_TYPE_ARRAY && ariTypeSize(ty) == 1)
    p += 6;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    p += penalty(ariTermKid(t, i), depth + 1);
  return p;
}

/* Smaller is better, but tiny programs rarely show what a rule does. */
static uint32_t exampleKey(const AriTerm *t) {
  uint32_t n = ariTermTreeSize(t);
  return (n < 14 ? 1000 + n : n) + penalty(t, 0);
}

/* Searches seeds from `seed` for generated programs where r applies and
 * that export and verify; prints the smallest of the first few. */
static int example(const AriRuleInst *r, uint64_t seed) {
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, NULL);
  MlirModule best = {0};
  uint32_t bestSize = UINT32_MAX;
  int found = 0;
  for (uint64_t k = 0; k < 4000 && found < 40; ++k) {
    AriTermStore *s = ariTermStoreCreate((size_t)64 << 20);
    AriGen g;
    ariGenInit(&g, s, seed + k);
    AriTerm *t = ariGenForRule(&g, r), *t2;
    AriTermFunc f;
    if (t && ariGenRewriteFirst(s, r, t, &t2) == ARI_RULE_APPLIED &&
        ariGenFunc(&g, t, "example", &f) && exampleKey(t) < bestSize) {
      MlirLocation loc = mlirLocationUnknownGet(ctx), errLoc;
      MlirModule m = mlirModuleCreateEmpty(loc);
      MlirOperation op = ariTermExportNewFunc(s, &f, ctx, loc, &errLoc);
      if (!mlirOperationIsNull(op)) {
        mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), op);
        if (mlirOperationVerify(op)) {
          ++found;
          bestSize = exampleKey(t);
          if (!mlirModuleIsNull(best))
            mlirModuleDestroy(best);
          best = m;
          m = (MlirModule){0};
        }
      }
      if (!mlirModuleIsNull(m))
        mlirModuleDestroy(m);
    }
    ariTermStoreDestroy(s);
  }
  int rc = 0;
  if (mlirModuleIsNull(best)) {
    fprintf(stderr, "%s: error: no example found for this rule\n", kTool);
    rc = 1;
  } else {
    ariPrintOp(mlirModuleGetOperation(best), stdout, false);
    mlirModuleDestroy(best);
  }
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  return rc;
}

static int toolMain(int argc, char **argv) {
  bool list = false, json = false;
  const char *family = NULL, *check = NULL, *ex = NULL;
  uint64_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    const char *v;
    if (!strcmp(argv[i], "--list"))
      list = true;
    else if (!strcmp(argv[i], "--json"))
      json = true;
    else if (ariToolOpt(argc, argv, &i, "--family", &v))
      family = v;
    else if (ariToolOpt(argc, argv, &i, "--check", &v))
      check = v;
    else if (ariToolOpt(argc, argv, &i, "--example", &v))
      ex = v;
    else if (ariToolOpt(argc, argv, &i, "--seed", &v)) {
      if (!ariToolParseU64(v, &seed))
        return ariToolUsageError(kTool, "--seed needs a number, got '%s'", v);
    }
    else if (!strcmp(argv[i], "--version")) {
      ariToolPrintVersion(kTool);
      return ariToolExit(0);
    }
    else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      return 0;
    } else
      return ariToolUsageError(kTool, "unknown argument '%s'", argv[i]);
  }
  if (list + json + (check != NULL) + (ex != NULL) != 1)
    return ariToolUsageError(kTool, "give exactly one of --list, --json, --check, --example");
  if (family && !list)
    return ariToolUsageError(kTool, "--family only goes with --list");
  if (family) {
    bool known = false;
    for (int f = 0; f < ARI_RULE_NUM_FAMILIES; ++f)
      known |= !strcmp(family, ariRuleFamilyName((AriRuleFamily)f));
    if (!known)
      return ariToolUsageError(kTool, "unknown family '%s'", family);
  }
  if (ex) {
    AriRuleInst r;
    char err[ARI_RULE_ERR_MAX];
    size_t col = 0;
    if (!ariRuleParse(ex, strlen(ex), &r, err, sizeof err, &col)) {
      fprintf(stderr, "<example>:1:%zu: error: %s\n", col + 1, err);
      return 1;
    }
    return example(&r, seed);
  }
  if (check) {
    AriRuleInst r;
    char err[ARI_RULE_ERR_MAX], buf[256];
    size_t col = 0;
    if (!ariRuleParse(check, strlen(check), &r, err, sizeof err, &col)) {
      fprintf(stderr, "<check>:1:%zu: error: %s\n", col + 1, err);
      return 1;
    }
    ariRuleInstPrint(&r, buf, sizeof buf);
    const AriRuleInfo *info = ariRuleInfo(r.id);
    printf("%s\t%s\t%s\n", buf, ariRuleFamilyName(info->family), info->form);
    return 0;
  }
  size_t shown = 0;
  if (json)
    printf("[\n");
  for (size_t i = 0; i < ariRuleCount(); ++i) {
    const AriRuleInfo *r = ariRuleInfo(i);
    const char *fam = ariRuleFamilyName(r->family);
    if (family && strcmp(family, fam))
      continue;
    if (json) {
      printf("%s  {\"name\": ", shown ? ",\n" : "");
      jsonStr(r->name);
      printf(", \"family\": ");
      jsonStr(fam);
      printf(", \"params\": ");
      jsonStr(r->params);
      printf(", \"exact\": %s, \"form\": ", r->exact ? "true" : "false");
      jsonStr(r->form);
      printf(", \"conditions\": ");
      jsonStr(r->conditions);
      printf(", \"source\": ");
      jsonStr(r->source);
      printf("}");
    } else {
      char name[64];
      snprintf(name, sizeof name, "%s%s%s%s", r->name, r->params[0] ? "(" : "", r->params,
               r->params[0] ? ")" : "");
      printf("%-28s %-14s %-8s %s", name, fam, r->exact ? "exact" : "reassoc", r->form);
      if (r->conditions[0])
        printf("   [if %s]", r->conditions);
      printf("   (%s)\n", r->source);
    }
    ++shown;
  }
  if (json)
    printf("\n]\n");
  else
    printf("%zu rules\n", shown);
  return 0;
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
