/*===- mlirutil.c - contexts, parsing and diagnostics for tools -----------===*/

#define _POSIX_C_SOURCE 200809L

#include "tools/support/mlirutil.h"
#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"
#include "utils/file.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/RegisterEverything.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

MlirContext ariContextCreate(void) {
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__rise__(), reg);
  MlirContext ctx = mlirContextCreateWithRegistry(reg, false);
  mlirDialectRegistryDestroy(reg);
  const MlirDialectHandle load[] = {
      mlirGetDialectHandle__rise__(), mlirGetDialectHandle__func__(),
      mlirGetDialectHandle__arith__(), mlirGetDialectHandle__math__(),
      mlirGetDialectHandle__memref__(), mlirGetDialectHandle__scf__()};
  for (size_t i = 0; i < sizeof load / sizeof load[0]; ++i)
    mlirDialectHandleLoadDialect(load[i], ctx);
  return ctx;
}

typedef struct {
  FILE *f;
} FileSink;

static void toFile(MlirStringRef s, void *user) { fwrite(s.data, 1, s.length, ((FileSink *)user)->f); }

static void toBuf(MlirStringRef s, void *user) { ariStrAppend(user, s.data, s.length); }

/* file:line:col, as compilers and mlir-opt print it, so editors can jump
 * to it; other location kinds keep MLIR's loc(...) form. */
static void printLocation(MlirLocation loc, FileSink *fs) {
  if (!mlirLocationIsAFileLineColRange(loc)) {
    mlirLocationPrint(loc, toFile, fs);
    return;
  }
  MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
  fprintf(fs->f, "%.*s:%d:%d", (int)file.length, file.data,
          mlirLocationFileLineColRangeGetStartLine(loc),
          mlirLocationFileLineColRangeGetStartColumn(loc));
}

void ariPrintLocation(MlirLocation loc, FILE *out) {
  FileSink fs = {out};
  printLocation(loc, &fs);
}

static MlirLogicalResult onDiag(MlirDiagnostic d, void *user) {
  AriDiagSink *sink = user;
  MlirDiagnosticSeverity sev = mlirDiagnosticGetSeverity(d);
  const char *tag = "note";
  if (sev == MlirDiagnosticError) {
    sink->errors++;
    tag = "error";
    AriStr b;
    ariStrInitFixed(&b, sink->last, sizeof sink->last);
    mlirDiagnosticPrint(d, toBuf, &b);
  } else if (sev == MlirDiagnosticWarning) {
    sink->warnings++;
    tag = "warning";
  } else if (sev == MlirDiagnosticRemark) {
    tag = "remark";
  }
  if (sink->out) {
    FileSink fs = {sink->out};
    printLocation(mlirDiagnosticGetLocation(d), &fs);
    fprintf(sink->out, ": %s: ", tag);
    mlirDiagnosticPrint(d, toFile, &fs);
    fputc('\n', sink->out);
    intptr_t n = mlirDiagnosticGetNumNotes(d);
    for (intptr_t i = 0; i < n; ++i) {
      MlirDiagnostic note = mlirDiagnosticGetNote(d, i);
      printLocation(mlirDiagnosticGetLocation(note), &fs);
      fprintf(sink->out, ": note: ");
      mlirDiagnosticPrint(note, toFile, &fs);
      fputc('\n', sink->out);
    }
  }
  return mlirLogicalResultSuccess();
}

void ariDiagSinkAttach(AriDiagSink *sink, MlirContext ctx, FILE *out) {
  sink->out = out;
  sink->errors = 0;
  sink->warnings = 0;
  sink->last[0] = 0;
  sink->ctx = ctx;
  sink->id = mlirContextAttachDiagnosticHandler(ctx, onDiag, sink, NULL);
}

void ariDiagSinkDetach(AriDiagSink *sink) {
  mlirContextDetachDiagnosticHandler(sink->ctx, sink->id);
}

/* Counts the errors reported while a parse runs; returning failure passes
 * each diagnostic on to the context's other handlers (the caller's sink, or
 * MLIR's default printer), so nothing changes in what the user sees. */
static MlirLogicalResult countErrors(MlirDiagnostic d, void *user) {
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError)
    ++*(int *)user;
  return mlirLogicalResultFailure();
}

typedef struct {
  MlirContext ctx;
  MlirDiagnosticHandlerID id;
  int errors;
} ErrorCount;

static void countStart(ErrorCount *c, MlirContext ctx) {
  c->ctx = ctx;
  c->errors = 0;
  c->id = mlirContextAttachDiagnosticHandler(ctx, countErrors, &c->errors, NULL);
}

/* MLIR 22 can report an error and return the module all the same: a lexer
 * error right after a dialect type (`!rise.array<4xf32> @-> ...`) is
 * reported, skipped, and the op parses (test/fuzz/mlir-bugs/README.md). A
 * parse that reported an error yields no module. */
static MlirModule countEnd(ErrorCount *c, MlirModule m) {
  mlirContextDetachDiagnosticHandler(c->ctx, c->id);
  if (c->errors && !mlirModuleIsNull(m)) {
    mlirModuleDestroy(m);
    m = (MlirModule){NULL};
  }
  return m;
}

/* Reports a failure to read the input as an error located at the file. */
static void emitFileError(MlirContext ctx, const char *path, AriFileError e) {
  char msg[1200];
  ariFileErrorFormat(e, "input file", msg, sizeof msg);
  mlirEmitError(mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(path), 0, 0), msg);
}

MlirModule ariParseFile(MlirContext ctx, const char *path) {
  MlirModule none = {NULL};
  bool isStdin = !strcmp(path, "-");
  const char *name = isStdin ? "<stdin>" : path;
  FILE *f = isStdin ? stdin : fopen(path, "rb");
  if (!f) {
    emitFileError(ctx, path, (AriFileError){ARI_FILE_OPEN, errno, path, 0});
    return none;
  }
  /* A regular file's size is known before reading it: MLIR reads (maps) it
   * itself, so that locations name the file. Anything else -- stdin, a
   * FIFO, a device such as /dev/zero -- is read here, at most the limit,
   * and parsed from memory. Either way no input over ARI_FILE_TEXT_LIMIT
   * reaches the parser. */
  struct stat st;
  if (!isStdin && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
    fclose(f);
    if ((uintmax_t)st.st_size > ARI_FILE_TEXT_LIMIT) {
      emitFileError(ctx, path, (AriFileError){ARI_FILE_TOO_LARGE, 0, path, ARI_FILE_TEXT_LIMIT});
      return none;
    }
    /* Parsing verifies the module too. */
    ErrorCount c;
    countStart(&c, ctx);
    return countEnd(&c, mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(path)));
  }
  size_t len = 0;
  char *text = NULL;
  AriFileError e = ariFileReadStream(f, name, NULL, ARI_FILE_TEXT_LIMIT, &text, &len);
  if (!isStdin)
    fclose(f);
  if (!ariFileOk(e)) {
    emitFileError(ctx, name, e);
    return none;
  }
  MlirModule m = ariParseString(ctx, text);
  free(text);
  return m;
}

MlirModule ariParseString(MlirContext ctx, const char *text) {
  ErrorCount c;
  countStart(&c, ctx);
  return countEnd(&c, mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text)));
}

/* True when the first token after comments and blanks is a module op. */
static bool startsWithModule(const char *t) {
  for (;;) {
    while (*t == ' ' || *t == '\t' || *t == '\n' || *t == '\r')
      ++t;
    if (t[0] == '/' && t[1] == '/') {
      while (*t && *t != '\n')
        ++t;
      continue;
    }
    return !strncmp(t, "module", 6) || !strncmp(t, "\"builtin.module\"", 16);
  }
}

MlirModule ariParseNamed(MlirContext ctx, const char *text, const char *name) {
  MlirModule none = {NULL};
  /* Only the op parser takes a source name, and it wants one top-level op,
   * so bare functions are wrapped in a module. The wrapper goes on the
   * first line, so line numbers stay those of the text (columns on that
   * line shift by 8; examples start with a comment). */
  const char *src = text;
  char *wrapped = NULL;
  if (!startsWithModule(text)) {
    size_t n = strlen(text);
    wrapped = malloc(n + 16);
    if (!wrapped)
      return none;
    memcpy(wrapped, "module {", 8);
    memcpy(wrapped + 8, text, n);
    memcpy(wrapped + 8 + n, "\n}", 3);
    src = wrapped;
  }
  ErrorCount c;
  countStart(&c, ctx);
  MlirOperation op = mlirOperationCreateParse(ctx, mlirStringRefCreateFromCString(src),
                                              mlirStringRefCreateFromCString(name));
  free(wrapped);
  mlirContextDetachDiagnosticHandler(ctx, c.id);
  if (!mlirOperationIsNull(op) && c.errors) { /* as in countEnd */
    mlirOperationDestroy(op);
    return none;
  }
  if (mlirOperationIsNull(op))
    return none;
  if (!riseOpIs(op, "builtin.module")) {
    mlirEmitError(mlirOperationGetLocation(op), "expected a builtin.module at the top level");
    mlirOperationDestroy(op);
    return none;
  }
  return mlirModuleFromOperation(op);
}

MlirOperation ariFindFunc(MlirModule module, const char *name) {
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!riseOpIs(op, "func.func"))
      continue;
    if (!name || !*name)
      return op;
    MlirAttribute a =
        mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
    MlirStringRef s = mlirStringAttrGetValue(a);
    if (s.length == strlen(name) && !memcmp(s.data, name, s.length))
      return op;
  }
  MlirOperation none = {NULL};
  return none;
}

AriFuncIter ariFuncIterBegin(MlirModule module) {
  AriFuncIter it = {mlirBlockGetFirstOperation(mlirModuleGetBody(module)), {NULL}};
  return it;
}

MlirOperation ariFuncIterNext(AriFuncIter *it) {
  for (;;) {
    MlirOperation op;
    if (!mlirOperationIsNull(it->inner)) {
      op = it->inner;
      it->inner = mlirOperationGetNextInBlock(op);
    } else if (!mlirOperationIsNull(it->top)) {
      op = it->top;
      it->top = mlirOperationGetNextInBlock(op);
      if (riseOpIs(op, "builtin.module")) {
        it->inner = mlirBlockGetFirstOperation(
            mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
        continue;
      }
    } else {
      return it->top; /* null: the end */
    }
    if (riseOpIs(op, "func.func"))
      return op;
  }
}

void ariPrintOp(MlirOperation op, FILE *out, bool generic) {
  FileSink fs = {out};
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (generic)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(op, flags, toFile, &fs);
  mlirOpPrintingFlagsDestroy(flags);
  fputc('\n', out);
}
