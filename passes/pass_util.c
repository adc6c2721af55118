/*===- pass_util.c - what the C passes share ------------------------------===*/

#include "passes/pass_util.h"
#include "ariadne-c/Types.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

MlirLogicalResult ariPassEmit(MlirLocation loc, const char *pass, const char *fmt, ...) {
  char msg[1536];
  AriStr o;
  ariStrInitFixed(&o, msg, sizeof msg);
  ariStrPrintf(&o, "%s: ", pass);
  va_list ap;
  va_start(ap, fmt);
  ariStrVPrintf(&o, fmt, ap);
  va_end(ap);
  mlirEmitError(loc, msg);
  return mlirLogicalResultFailure();
}

MlirLogicalResult ariPassRequireModule(MlirOperation op, const char *pass) {
  if (riseOpIs(op, "builtin.module"))
    return mlirLogicalResultSuccess();
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return ariPassEmit(mlirOperationGetLocation(op), pass,
                     "must run on a builtin.module, not on '%.*s' (it lowers the functions of a "
                     "module: nest it as builtin.module(%s))",
                     (int)n.length, n.data, pass);
}

void ariPassFuncName(MlirOperation op, char *buf, size_t cap) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef s = mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a)
                                              : mlirStringRefCreateFromCString("?");
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(buf, s.data, n);
  buf[n] = 0;
}

void ariPassForEachFunc(MlirOperation op, void (*fn)(void *ctx, MlirOperation func), void *ctx) {
  if (riseOpIs(op, "func.func")) {
    fn(ctx, op);
    return;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumRegions(op); ++i)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, i)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        ariPassForEachFunc(o, fn, ctx);
}

FILE *ariPassOpenOutput(const char *spec, FILE *dflt) {
  if (!spec[0])
    return dflt;
  if (!strcmp(spec, "-"))
    return stdout;
  if (!strcmp(spec, "stderr"))
    return stderr;
  return fopen(spec, "w");
}

int ariPassCloseOutput(FILE *f) {
  if (!f)
    return 0;
  /* A write that failed earlier (fprintf into a full disk) leaves the
   * stream's error flag; its errno is gone by now. */
  int err = 0;
  bool failed = ferror(f) != 0;
  if (f == stdout || f == stderr) {
    if (fflush(f) != 0)
      err = errno;
  } else if (fclose(f) != 0) {
    err = errno;
  }
  return err ? err : failed ? EIO : 0;
}

const char *ariPassOutputName(const char *spec, FILE *dflt) {
  if (!spec[0])
    return dflt == stdout ? "<stdout>" : "<stderr>";
  if (!strcmp(spec, "-"))
    return "<stdout>";
  if (!strcmp(spec, "stderr"))
    return "<stderr>";
  return spec;
}
