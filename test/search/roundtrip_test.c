/*===- roundtrip_test.c - rise -> terms -> rise is exact ------------------===*\
 *
 * Usage: roundtrip_test FILE.mlir...
 *
 * Every file is split at "// -----" (as mlir-opt -split-input-file does);
 * every chunk that parses and verifies is a program. For every func.func in
 * it the test imports the function into a term store, exports it back into
 * the same function, verifies it and compares the printed function with the
 * original text: they must be identical (MLIR renumbers SSA values when
 * printing, so this is "identical up to SSA names"). Re-importing the
 * exported function must give the very same roots (pointer-equal terms).
 * It also rebuilds each function as a new func.func from its terms alone
 * (ariTermExportNewFunc), which must verify and, when every argument is
 * used, print identically too.
 *
 * A function may fail to import only if it contains an op outside the term
 * language (anything but rise, arith, math and func.return); every such
 * case is listed. Invalid chunks (the negative tests) are counted and
 * skipped.
 *
\*===----------------------------------------------------------------------===*/

#include "search/mlir/term_mlir.h"
#include "test/check.h"
#include "utils/file.h"
#include "utils/strbuf.h"
#include "tools/support/mlirutil.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static void strCb(MlirStringRef s, void *user) { ariStrAppend(user, s.data, s.length); }

/* The op's text (malloc'd) without trailing newlines (a detached op prints
 * one more than an op inside a module). */
static char *printOp(MlirOperation op) {
  AriStr o;
  ariStrInit(&o, NULL);
  mlirOperationPrint(op, strCb, &o);
  size_t n = o.len;
  while (n && o.buf[n - 1] == '\n')
    --n;
  ariStrTruncate(&o, n);
  return ariStrTake(&o);
}

static bool opInLanguage(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  bool ok = (n.length > 5 && !memcmp(n.data, "rise.", 5)) ||
            (n.length > 6 && !memcmp(n.data, "arith.", 6)) ||
            (n.length > 5 && !memcmp(n.data, "math.", 5)) ||
            (n.length == 11 && !memcmp(n.data, "func.return", 11));
  if (!ok)
    return false;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        if (!opInLanguage(o))
          return false;
  return true;
}

static bool funcInLanguage(MlirOperation func) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  /* Tensor arguments (linalg programs before convert-linalg-to-rise) are
   * outside it too, even when the body has no op that is. */
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i)
    if (mlirTypeIsATensor(mlirValueGetType(mlirBlockGetArgument(b, i))))
      return false;
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    if (!opInLanguage(o))
      return false;
  return true;
}

static bool allArgsUsed(MlirOperation func) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i)
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirBlockGetArgument(b, i))))
      return false;
  /* only sym_name and function_type: other attributes are not rebuilt */
  return mlirOperationGetNumAttributes(func) == 2;
}

static struct {
  int files, chunks, invalid, funcs, outside, readAfterWrite, imported, merged, exact, reimported,
      newExact, newVerified, parsed, withLets;
} st;

static void showDiff(const char *a, const char *b) {
  fprintf(stderr, "---- original\n%s\n---- exported\n%s\n", a, b);
}

static void roundTrip(MlirContext ctx, MlirOperation func, const char *where) {
  st.funcs++;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(entry))
    return; /* a declaration */
  char *orig = printOp(func);
  AriTermStore *s = ariTermStoreCreate(0);
  AriTermFunc f;
  MlirLocation loc;
  if (!ariTermImportFunc(s, func, &f, &loc)) {
    if (strstr(ariTermStoreError(s), "after a rise.out wrote it")) {
      st.readAfterWrite++;
      printf("  refused (%s): %s\n", where, ariTermStoreError(s));
    } else if (funcInLanguage(func)) {
      fprintf(stderr, "%s: import failed: %s\n", where, ariTermStoreError(s));
      CHECK(0);
    } else {
      st.outside++;
      printf("  outside the term language (%s): %s\n", where, ariTermStoreError(s));
    }
    ariTermStoreDestroy(s);
    free(orig);
    return;
  }
  st.imported++;
  /* every root prints as an S-expression that parses back to itself */
  for (unsigned i = 0; i < f.numRoots; ++i) {
    AriTerm *v = f.roots[i].value;
    if (ariTermTreeSize(v) > 200000)
      continue; /* heavily shared DAGs print exponentially large */
    const char *txt = ariTermToString(s, v, 0);
    AriTerm *back = txt ? ariTermParse(s, txt, strlen(txt)) : NULL;
    CHECK(back == v);
    if (back != v)
      fprintf(stderr, "%s: root %u does not parse back: %s\n", where, i, ariTermStoreError(s));
    st.parsed += back == v;
  }
  /* Hash-consing merges identical ops; those functions cannot come back
   * op for op (they must still verify and re-import to the same terms). */
  unsigned merged = ariTermFuncMergedOps(&f);
  if (merged) {
    st.merged++;
    printf("  %u merged duplicate op(s) in %s\n", merged, where);
  }
  /* a new function from the terms alone */
  MlirOperation nf = ariTermExportNewFunc(s, &f, ctx, mlirOperationGetLocation(func), &loc);
  if (!mlirOperationIsNull(nf)) {
    bool v = mlirOperationVerify(nf);
    CHECK(v);
    st.newVerified += v;
    if (allArgsUsed(func) && !merged) {
      char *txt = printOp(nf);
      bool same = strcmp(txt, orig) == 0;
      CHECK(same);
      if (!same) {
        fprintf(stderr, "%s: new-function export differs\n", where);
        showDiff(orig, txt);
      }
      st.newExact += same;
      free(txt);
    }
    mlirOperationDestroy(nf);
  } else if (allArgsUsed(func)) {
    fprintf(stderr, "%s: new-function export failed: %s\n", where, ariTermStoreError(s));
    CHECK(0);
  }
  ariTermStoreClearError(s);
  if (!ariTermExportFunc(s, &f, func, &loc)) {
    fprintf(stderr, "%s: export failed: %s\n", where, ariTermStoreError(s));
    CHECK(0);
  } else {
    CHECK(mlirOperationVerify(func));
    char *back = printOp(func);
    bool same = strcmp(orig, back) == 0;
    CHECK(same || merged);
    if (!same && !merged) {
      fprintf(stderr, "%s: round trip differs\n", where);
      showDiff(orig, back);
    }
    st.exact += same;
    free(back);
    AriTermFunc g;
    if (ariTermImportFunc(s, func, &g, &loc)) {
      bool eq = g.numRoots == f.numRoots;
      for (unsigned i = 0; eq && i < f.numRoots; ++i)
        eq = g.roots[i].value == f.roots[i].value && g.roots[i].kind == f.roots[i].kind &&
             g.roots[i].index == f.roots[i].index;
      CHECK(eq);
      st.reimported += eq;
    } else {
      CHECK(0);
    }
    /* Lets (ariTermFuncBindLets): beta-reducing them gives back the very
     * same roots, and the export prints the function as it was. */
    AriTermFunc h;
    int lets = ariTermImportFunc(s, func, &h, &loc) ? ariTermFuncBindLets(s, &h) : -1;
    CHECK(lets >= 0);
    if (lets > 0) {
      st.withLets++;
      bool unwrapped = true;
      for (unsigned i = 0; i < h.numRoots; ++i)
        unwrapped = unwrapped && ariTermBetaNormalize(s, h.roots[i].value) == f.roots[i].value;
      CHECK(unwrapped);
      if (!merged && ariTermExportFunc(s, &h, func, &loc)) {
        char *again = printOp(func);
        bool sameText = strcmp(orig, again) == 0;
        CHECK(sameText);
        if (!sameText) {
          fprintf(stderr, "%s: export with lets differs\n", where);
          showDiff(orig, again);
        }
        free(again);
      } else {
        CHECK(merged);
      }
    }
  }
  ariTermStoreDestroy(s);
  free(orig);
}

static void runChunk(MlirContext ctx, const char *text, const char *path, int chunk) {
  st.chunks++;
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, NULL); /* negative tests are expected to fail */
  MlirModule m = ariParseString(ctx, text);
  ariDiagSinkDetach(&sink);
  if (mlirModuleIsNull(m)) {
    st.invalid++;
    return;
  }
  MlirBlock body = mlirModuleGetBody(m);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    if (n.length != 9 || memcmp(n.data, "func.func", 9))
      continue;
    MlirAttribute nm = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
    MlirStringRef fn = mlirStringAttrGetValue(nm);
    char where[512];
    snprintf(where, sizeof where, "%s#%d @%.*s", path, chunk, (int)fn.length, fn.data);
    roundTrip(ctx, op, where);
  }
  mlirModuleDestroy(m);
}

/* Export of terms that rules make: beta-redexes, eta-reduced function
 * arguments, new terms without hints; and export errors, which must leave
 * the function unchanged. */
static const char *kTwoMaps =
    "func.func @f(%x: memref<8xf32>, %o: memref<8xf32>) {\n"
    "  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>\n"
    "  %c = arith.constant 2.0 : f32\n"
    "  %m = rise.map %a : !rise.array<8xf32> -> !rise.array<8xf32> {\n"
    "  ^bb0(%e: f32):\n"
    "    %y = arith.mulf %e, %c : f32\n"
    "    rise.yield %y : f32\n"
    "  }\n"
    "  %n = rise.map %m : !rise.array<8xf32> -> !rise.array<8xf32> {\n"
    "  ^bb0(%e: f32):\n"
    "    %z = arith.addf %e, %e : f32\n"
    "    rise.yield %z : f32\n"
    "  }\n"
    "  rise.out %n, %o : !rise.array<8xf32>, memref<8xf32>\n"
    "  return\n"
    "}\n";

static void testRewrittenExport(MlirContext ctx) {
  MlirModule m = ariParseString(ctx, kTwoMaps);
  CHECK(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m))
    return;
  MlirOperation func = ariFindFunc(m, "f");
  AriTermStore *s = ariTermStoreCreate(0);
  AriTermFunc f;
  MlirLocation loc;
  CHECK(ariTermImportFunc(s, func, &f, &loc));
  CHECK(f.numRoots == 1 && f.roots[0].kind == ARI_ROOT_OUT && f.roots[0].index == 1);
  const char *txt = ariTermToString(s, f.roots[0].value, 0);
  if (txt)
    printf("imported: %s\n", txt);
  CHECK(txt && !strcmp(txt, "(map (lam f32 (arith.addf %0 %0 : f32)) (map (lam f32 (arith.mulf "
                            "%0 (const 2 : f32) : f32)) (in 0 : 8.f32)))"));
  /* mapFusion by hand: map g (map f xs) -> map (lam x. g' (f' x)) xs,
   * left as beta-redexes for the exporter */
  AriTerm *outer = f.roots[0].value, *inner = ariTermKid(outer, 1);
  AriTerm *g = ariTermKid(outer, 0), *fn = ariTermKid(inner, 0), *xs = ariTermKid(inner, 1);
  const AriType *f32 = ariTypeF32(s);
  AriTerm *body = ariTermApp(s, ariTermShift(s, g, 1, 0),
                             ariTermApp(s, ariTermShift(s, fn, 1, 0), ariTermVar(s, 0, f32)));
  AriTermRoot root = {ARI_ROOT_OUT, 1, ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, f32, body), xs)};
  AriTermFunc fused = f;
  fused.roots = &root;
  CHECK(ariTermExportFunc(s, &fused, func, &loc));
  CHECK(mlirOperationVerify(func));
  char *got = printOp(func);
  const char *want =
      "func.func @f(%arg0: memref<8xf32>, %arg1: memref<8xf32>) {\n"
      "  %0 = rise.in %arg0 : memref<8xf32> -> !rise.array<8xf32>\n"
      "  %cst = arith.constant 2.000000e+00 : f32\n"
      "  %1 = rise.map %0 : !rise.array<8xf32> -> !rise.array<8xf32> {\n"
      "  ^bb0(%arg2: f32):\n"
      "    %2 = arith.mulf %arg2, %cst : f32\n"
      "    %3 = arith.addf %2, %2 : f32\n"
      "    rise.yield %3 : f32\n"
      "  }\n"
      "  rise.out %1, %arg1 : !rise.array<8xf32>, memref<8xf32>\n"
      "  return\n"
      "}";
  CHECK(!strcmp(got, want));
  if (strcmp(got, want))
    showDiff(want, got);
  /* an eta-reduced function argument (a lambda-valued APP) is expanded */
  AriTerm *twice = ariTermLam(s, ariTypeFun(s, f32, f32), ariTermVar(s, 0, ariTypeFun(s, f32, f32)));
  root.value = ariTermMap(s, ARI_PAT_SEQ, -1, ariTermApp(s, twice, g), xs);
  CHECK(root.value != NULL);
  CHECK(ariTermExportFunc(s, &fused, func, &loc));
  CHECK(mlirOperationVerify(func));
  free(got);
  got = printOp(func);
  CHECK(strstr(got, "rise.map seq %0") && strstr(got, "arith.addf %arg2, %arg2"));
  /* errors leave the function as it was */
  char *before = got;
  root.value = ariTermVar(s, 0, ariTypeArray(s, 8, f32)); /* free variable */
  CHECK(!ariTermExportFunc(s, &fused, func, &loc) && strstr(ariTermStoreError(s), "free"));
  ariTermStoreClearError(s);
  root.value = ariTermIn(s, 0, ariTypeArray(s, 8, f32));
  root.index = 7; /* no such argument */
  CHECK(!ariTermExportFunc(s, &fused, func, &loc) && strstr(ariTermStoreError(s), "argument"));
  ariTermStoreClearError(s);
  root.index = 1;
  root.value = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, f32, ariTermArg(s, 0, f32)), xs);
  CHECK(root.value && !ariTermExportFunc(s, &fused, func, &loc));
  printf("export error: %s\n", ariTermStoreError(s));
  CHECK(strstr(ariTermStoreError(s), "ARG"));
  ariTermStoreClearError(s);
  got = printOp(func);
  CHECK(!strcmp(got, before));
  free(got);
  free(before);
  /* a new function needs every argument used */
  AriTermRoot r2 = {ARI_ROOT_OUT, 2, xs};
  AriTermFunc nf = {"g", 3, 1, &r2, NULL};
  CHECK(mlirOperationIsNull(ariTermExportNewFunc(s, &nf, ctx, mlirLocationUnknownGet(ctx), &loc)));
  CHECK(strstr(ariTermStoreError(s), "not used"));
  ariTermStoreClearError(s);
  nf.numArgs = 3;
  r2.index = 1;
  AriTermRoot r3[2] = {{ARI_ROOT_OUT, 1, xs}, {ARI_ROOT_KEEP, 0, ariTermIn(s, 2, ariTypeArray(s, 4, f32))}};
  nf.roots = r3;
  nf.numRoots = 2;
  MlirOperation g2 = ariTermExportNewFunc(s, &nf, ctx, mlirLocationUnknownGet(ctx), &loc);
  CHECK(!mlirOperationIsNull(g2) && mlirOperationVerify(g2));
  if (!mlirOperationIsNull(g2)) {
    char *t2 = printOp(g2);
    CHECK(strstr(t2, "func.func @g(%arg0: memref<8xf32>, %arg1: memref<8xf32>, %arg2: memref<4xf32>)"));
    free(t2);
    mlirOperationDestroy(g2);
  }
  /* without hints, a rise.in used only inside a region still goes to the
   * function's top level (memory is read at the boundary only) */
  AriTerm *inner2 = ariTermIdx(s, ariTermIn(s, 2, ariTypeArray(s, 4, f32)),
                               ariTermConstInt(s, ariTypeIndex(s), 1));
  AriTermRoot r4[1] = {{ARI_ROOT_OUT, 1,
                        ariTermMap(s, ARI_PAT_NONE, -1,
                                   ariTermLam(s, f32, ariTermOp(s, "arith.addf", NULL,
                                                                (AriTerm *[]){ariTermVar(s, 0, f32), inner2},
                                                                2, f32)),
                                   xs)}};
  AriTermFunc nf2 = {"h", 3, 1, r4, NULL};
  MlirOperation h = ariTermExportNewFunc(s, &nf2, ctx, mlirLocationUnknownGet(ctx), &loc);
  CHECK(!mlirOperationIsNull(h) && mlirOperationVerify(h));
  if (!mlirOperationIsNull(h)) {
    char *t3 = printOp(h);
    /* the index constant and the element read use no variable of the map:
     * they float out of its region (let-floating), so the map's body is
     * the add alone */
    CHECK(strstr(t3, "{\n  %0 = rise.in %arg2") && strstr(t3, "\n  %c1 = arith.constant 1 : index") &&
          strstr(t3, "\n  %1 = rise.idx %0[%c1]") && strstr(t3, "\n  %2 = rise.in %arg0") &&
          strstr(t3, "^bb0(%arg3: f32):\n    %4 = arith.addf %arg3, %1 : f32\n    rise.yield"));
    free(t3);
    mlirOperationDestroy(h);
  }
  ariTermStoreDestroy(s);
  mlirModuleDestroy(m);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: roundtrip_test FILE.mlir...\n");
    return 2;
  }
  MlirContext ctx = ariContextCreate();
  testRewrittenExport(ctx);
  for (int i = 1; i < argc; ++i) {
    char *text = NULL;
    size_t len;
    CHECK(ariFileOk(ariFileRead(argv[i], NULL, 0, &text, &len)));
    if (!text)
      continue;
    st.files++;
    /* split at lines that are exactly "// -----" */
    int chunk = 0;
    char *p = text;
    for (;;) {
      char *sep = strstr(p, "// -----");
      while (sep && !((sep == text || sep[-1] == '\n')))
        sep = strstr(sep + 1, "// -----");
      if (sep)
        *sep = 0;
      runChunk(ctx, p, argv[i], chunk++);
      if (!sep)
        break;
      p = strchr(sep + 1, '\n');
      if (!p)
        break;
    }
    free(text);
  }
  mlirContextDestroy(ctx);
  printf("roundtrip: %d files, %d chunks (%d invalid, skipped), %d functions: %d imported, "
         "%d outside the term language, %d refused (read after write); %d with merged "
         "duplicates; %d exact round trips, %d re-imported identically, %d new functions "
         "verified, %d printed identically; %d roots printed and parsed back; %d bound lets, "
         "beta-reduced and exported back\n",
         st.files, st.chunks, st.invalid, st.funcs, st.imported, st.outside, st.readAfterWrite,
         st.merged, st.exact, st.reimported, st.newVerified, st.newExact, st.parsed,
         st.withLets);
  CHECK(st.imported > 0 && st.exact + st.merged >= st.imported && st.reimported == st.imported);
  CHECK(st.withLets > 0);
  printf("roundtrip_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
