/*===- pass_util.h - what the C passes share: diagnostics, files, names ---===*\
 *
 * Small helpers every pass that writes a diagnostic or a report needs, so
 * that their diagnostics read alike ("PASS: cannot open guide file 'F':
 * reason", with files read by utils/file.h). Nothing here keeps state.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_PASS_UTIL_H
#define ARIADNE_PASSES_PASS_UTIL_H

#include "mlir-c/IR.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Emits the error "PASS: MSG" at loc. Always returns failure, so that a
 * pass can `return ariPassEmit(...)`. */
MlirLogicalResult ariPassEmit(MlirLocation loc, const char *pass, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Success when op is a builtin.module; otherwise the error "PASS: must run
 * on a builtin.module, not on 'NAME' (it lowers the functions of a module:
 * ...)" at op. For passes that work on a module's functions as a whole,
 * so that nesting them under func.func fails instead of doing nothing. */
MlirLogicalResult ariPassRequireModule(MlirOperation op, const char *pass);

/* The sym_name of a func.func ("?" when it has none), truncated to cap. */
void ariPassFuncName(MlirOperation op, char *buf, size_t cap);

/* Calls fn on every func.func nested in op (op itself included), in
 * order; a function's own body is not searched further. */
void ariPassForEachFunc(MlirOperation op, void (*fn)(void *ctx, MlirOperation func), void *ctx);

/* Where a pass's report goes, given an option value: "" gives `dflt`, "-"
 * stdout, "stderr" stderr, anything else a file opened for writing (NULL
 * with errno set when that fails). A file is opened as it is (fopen "w"),
 * never replaced: a device, FIFO or symbolic link is written through, as
 * ariFileWriteAtomic does. ariPassCloseOutput flushes the standard streams
 * and closes files; it returns 0, or the errno of a write, flush or close
 * that failed (EIO when only the stream's error flag tells), which the
 * pass must report: ariPassOutputName names the output in that message
 * ("<stdout>", "<stderr>" or the path). */
FILE *ariPassOpenOutput(const char *spec, FILE *dflt);
int ariPassCloseOutput(FILE *f);
const char *ariPassOutputName(const char *spec, FILE *dflt);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_PASS_UTIL_H */
