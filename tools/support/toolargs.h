/*===- toolargs.h - command-line and host-buffer I/O shared by the tools ---===*\
 *
 * ariadne-interp and ariadne-run take the same kinds of options and read and
 * write argument buffers in the same formats; this module is that common
 * part. Errors are printed to stderr as "PATH:LINE:COL: error: ..." (the
 * inputs are data files, not MLIR, so there is no MLIR location to use) and
 * returned as false.
 *
 * Text format: whitespace-separated numbers, exactly as many as the argument
 * has scalars, row-major with vector lanes innermost. Any file not named
 * *.txt is raw little-endian binary of exactly the argument's size (i1 one
 * byte, index 8 bytes).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_UTILS_TOOLARGS_H
#define ARIADNE_UTILS_TOOLARGS_H

#include "ariadne-c/Interp.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct AriArena;

/* One --input=K:PATH option. */
typedef struct AriToolInput {
  long k;
  const char *path;
} AriToolInput;

/* Prints "TOOL: message" and a pointer to --help on stderr; returns 2, the
 * exit status of a bad command line. */
int ariToolUsageError(const char *tool, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Parses a decimal non-negative integer (no sign, no spaces). */
bool ariToolParseU64(const char *s, uint64_t *out);

/* If `arg` is "NAME=VALUE" for the given NAME (e.g. "--seed"), points
 * *value at VALUE and returns true. Tools parse with ariToolOpt, which
 * also takes "NAME VALUE". */
bool ariToolOptValue(const char *arg, const char *name, const char **value);

/* The one option syntax of every tool: if argv[*i] is "NAME=VALUE", or
 * "NAME" followed by a word VALUE (then *i moves onto it; VALUE may start
 * with '-', as in `-o -`), points *value at VALUE and returns true. "NAME"
 * as the last word has the empty value, exactly as "NAME=" (which each
 * option then refuses or takes as it would "NAME="). Boolean flags are
 * matched by name alone, never through this. */
bool ariToolOpt(int argc, char **argv, int *i, const char *name, const char **value);

/* The line every tool's --help ends with (after its options). */
#define ARI_TOOL_HELP_TAIL                                                                  \
  "Options with a value take it as --opt=VALUE or --opt VALUE.\n"                            \
  "exit status: 0 success, 1 error (diagnostics on stderr), 2 bad command line\n"

/* Parses the VALUE of --input=K:PATH into `in`, checking that K < maxArgs
 * and that K is not already among inputs[0..n). On error writes a message
 * into err and returns false. */
bool ariToolParseInput(const char *value, long maxArgs, const AriToolInput *inputs, int n,
                       AriToolInput *in, char *err, size_t errCap);

/* Handles a command-line word that is not a known option: "-x" is an
 * unknown option, anything else is the input file (only one is allowed).
 * Returns 0, or prints a usage error for `tool` and returns 2. */
int ariToolPositional(const char *tool, const char *arg, const char **file);

/* Adds the VALUE of one --input=K:PATH to inputs[0..*n) (at most `cap`),
 * checking it as ariToolParseInput does; false after a usage error. */
bool ariToolAddInput(const char *tool, const char *value, long maxArgs, AriToolInput *inputs,
                     int *n, int cap);

/* "f32", "f64", "i1", "i32", "i64" or "index". */
const char *ariToolKindName(AriScalarKind k);

/* Fills argument `in->k` (already allocated) from the file `in->path`. */
bool ariToolReadInput(const AriToolInput *in, AriHostArg *a, struct AriArena *arena);

/* Parses text[0..len) in the text format into argument `k` (`a`, already
 * allocated): exactly ariHostArgNumScalars(a) numbers of a's scalar kind.
 * A NUL byte, a token that is not such a number, or too many or too few
 * numbers is an error "PATH:LINE:COL: error: ..." on stderr (path names
 * the text) and false; `a` may then be partly filled. What
 * ariToolReadInput does with a *.txt file once it is read (and what the
 * fuzz harness test/fuzz/libfuzzer/fuzz_interp_input.c drives). */
bool ariToolParseInputText(const char *path, const char *text, size_t len, AriHostArg *a, long k);

/* Writes one scalar of `a` (element i of its buffer): f32 with %.9g, f64
 * with %.17g, integers exactly. */
void ariToolPrintScalar(FILE *f, const AriHostArg *a, int64_t i);

/* Writes a buffer in the text format, one innermost row per line. */
void ariToolPrintValues(FILE *f, const AriHostArg *a);

/* Saves argument k as DIR/argK.txt in the text format. */
bool ariToolSaveOutput(const char *dir, long k, const AriHostArg *a);

/* A tool's exit status, given the status rc of its work: stdout is
 * flushed, and a write to it that failed (`> /dev/full`), now or before,
 * is reported ("<stdout>: error: cannot write: REASON") and makes the
 * status 1 when rc was 0. Every tool's main returns through it. A write
 * that failed before is described by errno as it is on entry (EIO if 0),
 * so call it right after the last output. */
int ariToolExit(int rc);

/* Writes `s` as a JSON string (quoted; '"', '\\' and control characters
 * escaped) to f: the --report=json outputs. */
void ariToolJsonString(FILE *f, const char *s);

/* `--version`, the same in every tool: "TOOL (Ariadne) X.Y, LLVM/MLIR A.B.C"
 * on stdout. */
void ariToolPrintVersion(const char *tool);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_UTILS_TOOLARGS_H */
