/*===- mlirutil.h - contexts, parsing and diagnostics for tools -----------===*\
 *
 * Shared by Ariadne's command-line tools and tests: a context with the
 * dialects rise programs use, file parsing that reports errors with their
 * locations, and a diagnostic sink that prints to a FILE and counts errors.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_UTILS_MLIRUTIL_H
#define ARIADNE_UTILS_MLIRUTIL_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Collects diagnostics of a context: printed to `out` (if not NULL) as
 * "loc: error: message", and counted. */
typedef struct AriDiagSink {
  FILE *out;
  int errors;
  int warnings;
  char last[512]; /* the most recent error message, for tests */
  MlirDiagnosticHandlerID id;
  MlirContext ctx;
} AriDiagSink;

/* A context with the rise, func, arith, math, memref, scf, affine, vector,
 * cf and llvm dialects registered and loaded. */
MlirContext ariContextCreate(void);

/* Routes ctx's diagnostics into `sink` until ariDiagSinkDetach. */
void ariDiagSinkAttach(AriDiagSink *sink, MlirContext ctx, FILE *out);
void ariDiagSinkDetach(AriDiagSink *sink);

/* Prints `loc` as the sink does: FILE:LINE:COL for a file location, MLIR's
 * loc(...) form for any other kind. */
void ariPrintLocation(MlirLocation loc, FILE *out);

/* Parses and verifies a file ("-" reads stdin). Returns a null module on
 * error, with diagnostics already reported to the context's handlers. A
 * file that cannot be opened or read, or that is larger than
 * ARI_FILE_TEXT_LIMIT (utils/file.h; /dev/zero is stopped there), is an
 * error located at the file ("PATH:0:0: error: input file 'PATH' is larger
 * than 4194304 bytes"). Only a regular file is parsed from the file, so
 * that locations name it; stdin, a FIFO or a device is read into memory
 * first and its locations name "-", as ariParseString's. */
MlirModule ariParseFile(MlirContext ctx, const char *path);

/* Parses and verifies source text (locations name it "-"). Here and in
 * ariParseFile and ariParseNamed, a parse that reported an error returns a
 * null module even where MLIR returned one (test/fuzz/mlir-bugs/README.md). */
MlirModule ariParseString(MlirContext ctx, const char *text);

/* As ariParseString, with `name` as the file name in locations. */
MlirModule ariParseNamed(MlirContext ctx, const char *text, const char *name);

/* The func.func named `name` in `module` (first one if name is NULL or
 * empty), or a null operation. */
MlirOperation ariFindFunc(MlirModule module, const char *name);

/* The func.func operations of a module in order: its own, and those of
 * modules nested one level down (an imported model's file is a module of
 * its own). ariFuncIterNext gives a null operation at the end. */
typedef struct AriFuncIter {
  MlirOperation top, inner;
} AriFuncIter;
AriFuncIter ariFuncIterBegin(MlirModule module);
MlirOperation ariFuncIterNext(AriFuncIter *it);

/* Prints an operation (in generic form if `generic`) to a FILE. */
void ariPrintOp(MlirOperation op, FILE *out, bool generic);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_UTILS_MLIRUTIL_H */
