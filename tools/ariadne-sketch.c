/*===- ariadne-sketch.c - check sketches and guide files ------------------===*\
 *
 *   ariadne-sketch [--nat=NAME=VALUE].. --check FILE.guides
 *       parses a guide file, checks every rule of every guide against the
 *       rule catalogue and prints the guides (sketches expanded) and goals
 *   ariadne-sketch [--nat=NAME=VALUE].. --sketch=TEXT
 *       parses one sketch and prints its expansion
 *   ariadne-sketch [--nat=NAME=VALUE].. --match FILE.guides FILE.mlir
 *       for every func.func of the module: which guides its result satisfies
 *
 * Errors are printed as FILE:LINE:COL: error: MESSAGE; exit 1 on bad input,
 * 2 on bad usage.
 *
\*===----------------------------------------------------------------------===*/

#include "search/rules/rules.h"
#include "search/sketch/sketch.h"
#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"
#include "utils/file.h"

#include "mlir-c/BuiltinAttributes.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
  fprintf(f, "usage: ariadne-sketch [--nat NAME=VALUE].. --check FILE.guides\n"
             "       ariadne-sketch [--nat NAME=VALUE].. --sketch TEXT\n"
             "       ariadne-sketch [--nat NAME=VALUE].. --match FILE.guides FILE.mlir\n"
             "  --nat m=64      binds a size name (wins over the file's 'nat' lines)\n"
             "  --check FILE    parse a guide file, check its rules, print it\n"
             "  --sketch TEXT   parse one sketch and print its expansion\n"
             "  --match FILE    which guides each function of a module satisfies\n"
             "  --version       the tool's and LLVM's versions\n"
             ARI_TOOL_HELP_TAIL);
}

static void printSketch(const AriSketch *k) {
  size_t n = ariSketchPrint(k, NULL, 0);
  char *buf = malloc(n + 1);
  if (!buf)
    return;
  ariSketchPrint(k, buf, n + 1);
  printf("%s", buf);
  free(buf);
}

/* Parses a guide file; prints the error and returns NULL on failure. */
static const AriGuideFile *loadGuides(AriSketchSet *set, const char *path, char **text) {
  size_t len = 0;
  *text = NULL;
  AriFileError fe = ariFileRead(path, NULL, ARI_FILE_TEXT_LIMIT, text, &len);
  if (!ariFileOk(fe)) {
    if (fe.step == ARI_FILE_TOO_LARGE)
      fprintf(stderr, "%s: error: the file is larger than %zu bytes\n", path, fe.limit);
    else
      fprintf(stderr, "%s: error: cannot read the file: %s\n", path, strerror(fe.errnum));
    return NULL;
  }
  AriSketchError e;
  const AriGuideFile *f = ariGuideFileParse(set, *text, len, &e);
  if (!f)
    fprintf(stderr, "%s:%u:%u: error: %s\n", path, e.line, e.col, e.msg);
  return f;
}

static int check(AriSketchSet *set, const char *path) {
  char *text = NULL;
  const AriGuideFile *f = loadGuides(set, path, &text);
  int rc = f ? 0 : 1;
  for (unsigned i = 0; f && i < f->numGuides; ++i) {
    const AriGuide *g = &f->guides[i];
    if (g->sizeError) {
      fprintf(stderr, "%s:%u:%u: error: %s (guide '%s')\n", path, g->sizeError->line,
              g->sizeError->col, g->sizeError->msg, g->name);
      rc = 1;
    }
    for (unsigned r = 0; r < g->numRules; ++r) {
      AriRuleInst inst;
      char err[ARI_RULE_ERR_MAX];
      if (!ariRuleParse(g->rules[r], strlen(g->rules[r]), &inst, err, sizeof err, NULL)) {
        fprintf(stderr, "%s:%u: error: guide '%s': rule '%s': %s\n", path, g->line, g->name,
                g->rules[r], err);
        rc = 1;
      }
    }
  }
  if (rc == 0) {
    for (unsigned i = 0; i < f->numGuides; ++i) {
      const AriGuide *g = &f->guides[i];
      printf("guide %s (line %u, size %u, %u rules", g->name, g->line, ariSketchSize(g->sketch),
             g->numRules);
      for (unsigned r = 0; r < g->numRules; ++r)
        printf("%s%s", r ? ", " : ": ", g->rules[r]);
      printf("):\n  ");
      printSketch(g->sketch);
      printf("\n");
    }
    for (unsigned i = 0; i < f->numGoals; ++i) {
      printf("goal %s:", f->goals[i].name);
      for (unsigned s = 0; s < f->goals[i].numSteps; ++s)
        printf(" %s", f->guides[f->goals[i].steps[s]].name);
      printf("\n");
    }
    printf("%s: %u guides, %u goals\n", path, f->numGuides, f->numGoals);
  }
  free(text);
  return rc;
}

static int matchModule(AriSketchSet *set, AriTermStore *store, const char *guidesPath,
                       const char *mlirPath) {
  char *text = NULL;
  const AriGuideFile *f = loadGuides(set, guidesPath, &text);
  if (!f) {
    free(text);
    return 1;
  }
  MlirContext ctx = ariContextCreate();
  /* FILE:LINE:COL: error: ..., as every tool prints MLIR's diagnostics. */
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  MlirModule mod = ariParseFile(ctx, mlirPath);
  int rc = 0;
  if (mlirModuleIsNull(mod)) {
    fprintf(stderr, "%s: error: cannot parse the module\n", mlirPath);
    rc = 1;
  }
  AriSketchMatcher *m = ariSketchMatcherCreate(ariSketchTermGraph());
  MlirBlock body = mlirModuleIsNull(mod) ? (MlirBlock){NULL} : mlirModuleGetBody(mod);
  for (MlirOperation op = mlirBlockIsNull(body) ? (MlirOperation){NULL}
                                                : mlirBlockGetFirstOperation(body);
       m && !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef opName = mlirIdentifierStr(mlirOperationGetName(op));
    if (opName.length != 9 || memcmp(opName.data, "func.func", 9) != 0)
      continue;
    MlirAttribute sym =
        mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
    MlirStringRef name = mlirStringAttrGetValue(sym);
    AriTermFunc tf;
    MlirLocation loc;
    if (!ariTermImportFunc(store, op, &tf, &loc)) {
      /* Not an error for --match (the module may hold other code): the
       * table says so, and a located note on stderr says where. */
      printf("@%.*s: not in the term language\n", (int)name.length, name.data);
      fflush(stdout);
      ariPrintLocation(loc, stderr);
      fprintf(stderr, ": note: @%.*s is not in the term language: %s\n", (int)name.length,
              name.data, ariTermStoreError(store));
      ariTermStoreClearError(store);
      continue;
    }
    printf("@%.*s:", (int)name.length, name.data);
    for (unsigned r = 0; r < tf.numRoots; ++r) {
      if (tf.roots[r].kind == ARI_ROOT_KEEP)
        continue;
      unsigned found = 0;
      for (unsigned g = 0; g < f->numGuides; ++g) {
        if (!f->guides[g].sketch)
          continue; /* its sizes did not work out (AriGuide.sizeError) */
        int res = ariSketchMatchClass(m, f->guides[g].sketch, (uintptr_t)tf.roots[r].value);
        if (res < 0) {
          printf(" (error matching %s)", f->guides[g].name);
          rc = 1;
        } else if (res) {
          printf(" %s", f->guides[g].name);
          found++;
        }
      }
      if (!found)
        printf(" (no guide)");
    }
    printf("\n");
  }
  if (!m)
    rc = 1;
  ariSketchMatcherDestroy(m);
  if (!mlirModuleIsNull(mod))
    mlirModuleDestroy(mod);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  free(text);
  return rc;
}

static int toolMain(int argc, char **argv) {
  AriTermStore *store = ariTermStoreCreate(0);
  AriSketchSet *set = store ? ariSketchSetCreate(store) : NULL;
  if (!set) {
    fprintf(stderr, "ariadne-sketch: out of memory\n");
    return 1;
  }
  int rc = -1;
  /* Sizes first, so that they apply whatever the order of the options. */
  for (int i = 1; i < argc && rc < 0; ++i) {
    const char *a;
    if (!ariToolOpt(argc, argv, &i, "--nat", &a))
      continue;
    const char *eq = strchr(a, '=');
    char name[64];
    char *end = NULL;
    long long v = eq ? strtoll(eq + 1, &end, 10) : 0;
    size_t nl = eq ? (size_t)(eq - a) : 0;
    if (!eq || nl == 0 || nl >= sizeof name || !end || *end || end == eq + 1 || v <= 0) {
      fprintf(stderr, "ariadne-sketch: error: bad --nat '%s' (want --nat NAME=POSITIVE)\n", a);
      rc = 2;
      break;
    }
    memcpy(name, a, nl);
    name[nl] = 0;
    if (!ariSketchSetNat(set, name, v)) {
      fprintf(stderr, "ariadne-sketch: error: bad size name '%s'\n", name);
      rc = 2;
    }
  }
  for (int i = 1; i < argc && rc < 0; ++i) {
    const char *a = argv[i], *v;
    if (ariToolOpt(argc, argv, &i, "--nat", &v)) {
      continue;
    } else if (ariToolOpt(argc, argv, &i, "--check", &v) && *v) {
      rc = check(set, v);
    } else if (ariToolOpt(argc, argv, &i, "--sketch", &v)) {
      AriSketchError e;
      const AriSketch *k = ariSketchParse(set, v, strlen(v), &e);
      if (!k) {
        fprintf(stderr, "<sketch>:%u:%u: error: %s\n", e.line, e.col, e.msg);
        rc = 1;
      } else {
        printSketch(k);
        printf("\n");
        rc = 0;
      }
    } else if (ariToolOpt(argc, argv, &i, "--match", &v) && *v && i + 1 < argc) {
      rc = matchModule(set, store, v, argv[i + 1]);
    } else if (!strcmp(a, "--version")) {
      ariToolPrintVersion("ariadne-sketch");
      rc = 0;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      rc = 0;
    } else {
      fprintf(stderr, "ariadne-sketch: error: unexpected argument '%s'\n", a);
      usage(stderr);
      rc = 2;
    }
  }
  if (rc < 0) {
    usage(stderr);
    rc = 2;
  }
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(store);
  return rc;
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
