/*===- header.c - C declarations of compiled functions ---------------------===*\
 *
 * The header follows MLIR's C interface (`llvm.emit_c_interface`): every
 * memref argument is passed as a pointer to a descriptor
 * { T *allocated, *aligned; int64_t offset, sizes[R], strides[R]; }, scalars
 * by value. Descriptor types are guarded by macros so that headers of
 * several compiled modules can be included together.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Rise.h"
#include "runtime/codegen/compile.h"
#include "runtime/codegen/scalar_c.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *ctype;
  char name[64]; /* AriMemRef_f32_2d, AriMemRef_v4f32_1d */
  char tag[32];  /* f32_2d */
  intptr_t rank;
  int64_t lanes;
} MemRefC;

static bool memrefC(MlirType t, MemRefC *m) {
  MlirType e = mlirShapedTypeGetElementType(t);
  m->lanes = 1;
  if (mlirTypeIsAVector(e)) {
    if (mlirShapedTypeGetRank(e) != 1 || !mlirShapedTypeHasStaticShape(e))
      return false;
    m->lanes = mlirShapedTypeGetDimSize(e, 0);
    e = mlirShapedTypeGetElementType(e);
  }
  const AriScalarC *sc = ariScalarCOf(e);
  if (!sc)
    return false;
  const char *tag = sc->tag;
  m->ctype = sc->ctype;
  m->rank = mlirShapedTypeGetRank(t);
  if (m->lanes > 1)
    snprintf(m->tag, sizeof m->tag, "v%" PRId64 "%s_%dd", m->lanes, tag, (int)m->rank);
  else
    snprintf(m->tag, sizeof m->tag, "%s_%dd", tag, (int)m->rank);
  snprintf(m->name, sizeof m->name, "AriMemRef_%s", m->tag);
  return true;
}

static void putMemRefType(AriStr *o, const MemRefC *m) {
  char guard[64];
  size_t i = 0;
  for (const char *c = m->name; *c && i + 1 < sizeof guard; ++c)
    guard[i++] = (char)toupper((unsigned char)*c);
  guard[i] = 0;
  int r = (int)m->rank;
  ariStrPrintf(o, "#ifndef %s_DEFINED\n#define %s_DEFINED\n", guard, guard);
  if (m->lanes > 1)
    ariStrPrintf(
        o, "/* A rank-%d memref of vector<%" PRId64 "x%s>: sizes and strides count vectors. */\n",
        r, m->lanes, m->ctype);
  else
    ariStrPrintf(o, "/* A rank-%d memref of %s. */\n", r, m->ctype);
  ariStrPrintf(o, "typedef struct %s {\n  %s *allocated;\n  %s *aligned;\n  int64_t offset;\n",
               m->name, m->ctype, m->ctype);
  if (r > 0)
    ariStrPrintf(o, "  int64_t sizes[%d];\n  int64_t strides[%d];\n", r, r);
  ariStrPrintf(o, "} %s;\n\n", m->name);
  ariStrPrintf(o, "/* Describes the contiguous row-major buffer `data`");
  if (r > 0)
    ariStrPrintf(o, " of shape s0");
  for (int d = 1; d < r; ++d)
    ariStrPrintf(o, " x s%d", d);
  if (m->lanes > 1)
    ariStrPrintf(o, " (vectors of %" PRId64 " lanes; `data` must be aligned to a whole vector)",
                 m->lanes);
  ariStrPrintf(o, ". */\nstatic inline %s ariMemRef_%s(%s *data", m->name, m->tag, m->ctype);
  for (int d = 0; d < r; ++d)
    ariStrPrintf(o, ", int64_t s%d", d);
  ariStrPrintf(o, ") {\n  %s m;\n  m.allocated = data;\n  m.aligned = data;\n  m.offset = 0;\n",
               m->name);
  for (int d = 0; d < r; ++d)
    ariStrPrintf(o, "  m.sizes[%d] = s%d;\n", d, d);
  if (r > 0)
    ariStrPrintf(o, "  m.strides[%d] = 1;\n", r - 1);
  for (int d = r - 2; d >= 0; --d)
    ariStrPrintf(o, "  m.strides[%d] = m.strides[%d] * s%d;\n", d, d + 1, d + 1);
  ariStrPrintf(o, "  return m;\n}\n#endif\n\n");
}

static bool isPublicFunc(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length != 9 || memcmp(n.data, "func.func", 9))
    return false;
  MlirAttribute v =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_visibility"));
  if (!mlirAttributeIsNull(v)) {
    MlirStringRef s = mlirStringAttrGetValue(v);
    if (s.length != 6 || memcmp(s.data, "public", 6))
      return false;
  }
  return !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

static MlirStringRef symName(MlirOperation op) {
  return mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name")));
}

static MlirType funcType(MlirOperation op) {
  return mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("function_type")));
}

enum { kMaxTypes = 128 };

/* Whether `op` runs in parallel once lowered: a rise op of kind par, or
 * already lowered code (scf.parallel, omp.*). */
static MlirWalkResult findParallel(MlirOperation op, void *user) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  MlirAttribute kind = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("kind"));
  if ((n.length >= 4 && !memcmp(n.data, "omp.", 4)) ||
      (n.length == 12 && !memcmp(n.data, "scf.parallel", 12)) ||
      (n.length > 5 && !memcmp(n.data, "rise.", 5) && !mlirAttributeIsNull(kind) &&
       mlirAttributeIsARisePatternKind(kind) &&
       mlirRisePatternKindAttrGetValue(kind) == MlirRisePatternKindPar)) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* What to link for OpenMP, in the header of a module that needs it. */
static const char kOpenMPNote[] =
    "/* OpenMP: these functions run `map par` loops through LLVM's OpenMP\n"
    " * runtime (libomp: __kmpc_fork_call, ...). Link libomp, not GCC's libgomp\n"
    " * (`gcc -fopenmp` fails with undefined __kmpc_fork_call):\n"
    " *   clang-22 -fopenmp app.c OBJ.o\n"
    " *   gcc app.c OBJ.o -L/usr/lib/llvm-22/lib -lomp -Wl,-rpath,/usr/lib/llvm-22/lib\n"
    " * (Debian: libomp-22-dev). Threads: OMP_NUM_THREADS. Where no libomp\n"
    " * exists (the AArch64 cross toolchain), Ariadne's runtime/omp_serial.c\n"
    " * provides the same entry points for one thread. */\n\n";

MlirLogicalResult ariCompileRenderHeader(MlirModule module, const char *onlyFunc,
                                         const char *path, AriArena *arena, char **text,
                                         size_t *len) {
  MlirLocation mloc = mlirOperationGetLocation(mlirModuleGetOperation(module));
  AriStr o, decls;
  ariStrInit(&o, arena);
  ariStrInit(&decls, arena);
  char seen[kMaxTypes][64];
  int nseen = 0;
  MlirLogicalResult r = mlirLogicalResultSuccess();

  /* The guard comes from the file name so that two headers can coexist. */
  char guard[128] = "ARIADNE_GENERATED_";
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  size_t gl = strlen(guard);
  for (const char *c = base; *c && gl + 1 < sizeof guard; ++c)
    guard[gl++] = isalnum((unsigned char)*c) ? (char)toupper((unsigned char)*c) : '_';
  guard[gl] = 0;
  ariStrPrintf(&o,
               "/* Generated by ariadne-compile: the C interface of the compiled functions.\n"
               " * Each memref argument is passed as a pointer to its descriptor; build one\n"
               " * from a contiguous buffer with the ariMemRef_* helpers. Do not edit. */\n\n"
               "#ifndef %s\n#define %s\n\n#include <stdbool.h>\n#include <stdint.h>\n\n"
               "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n",
               guard, guard);

  int nfuncs = 0;
  bool parallel = false;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && mlirLogicalResultIsSuccess(r);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isPublicFunc(op))
      continue;
    MlirStringRef name = symName(op);
    if (onlyFunc && *onlyFunc &&
        (name.length != strlen(onlyFunc) || memcmp(name.data, onlyFunc, name.length)))
      continue;
    MlirType ft = funcType(op);
    if (mlirFunctionTypeGetNumResults(ft) != 0) {
      mlirEmitError(mlirOperationGetLocation(op),
                    "functions with results have no C header declaration; return through "
                    "memref arguments");
      r = mlirLogicalResultFailure();
      break;
    }
    nfuncs++;
    if (!parallel)
      mlirOperationWalk(op, findParallel, &parallel, MlirWalkPreOrder);
    ariStrPrintf(&decls, "void _mlir_ciface_%.*s(", (int)name.length, name.data);
    intptr_t n = mlirFunctionTypeGetNumInputs(ft);
    if (n == 0)
      ariStrPrintf(&decls, "void");
    for (intptr_t i = 0; i < n; ++i) {
      MlirType t = mlirFunctionTypeGetInput(ft, i);
      const AriScalarC *sc = NULL;
      MemRefC m;
      if (i)
        ariStrPrintf(&decls, ", ");
      if (mlirTypeIsAMemRef(t) && memrefC(t, &m)) {
        ariStrPrintf(&decls, "%s *arg%d", m.name, (int)i);
        bool dup = false;
        for (int k = 0; k < nseen; ++k)
          dup |= !strcmp(seen[k], m.name);
        if (!dup && nseen < kMaxTypes) {
          strcpy(seen[nseen++], m.name);
          putMemRefType(&o, &m);
        }
      } else if (!mlirTypeIsAMemRef(t) && (sc = ariScalarCOf(t))) {
        ariStrPrintf(&decls, "%s arg%d", sc->ctype, (int)i);
      } else {
        char types[128], msg[512];
        ariScalarCList(types, sizeof types);
        snprintf(msg, sizeof msg,
                 "argument %d of @%.*s has a type the C header cannot express (expected a "
                 "memref of, or a scalar %s)",
                 (int)i, (int)name.length, name.data, types);
        mlirEmitError(mlirOperationGetLocation(op), msg);
        r = mlirLogicalResultFailure();
        break;
      }
    }
    ariStrPrintf(&decls, ");\n");
  }
  if (mlirLogicalResultIsSuccess(r) && nfuncs == 0) {
    mlirEmitError(mloc, onlyFunc && *onlyFunc ? "no public function of that name to declare"
                                              : "the module has no public function to declare");
    r = mlirLogicalResultFailure();
  }
  if (mlirLogicalResultIsSuccess(r)) {
    if (parallel)
      ariStrAppend(&o, kOpenMPNote, sizeof kOpenMPNote - 1);
    ariStrAppend(&o, ariStrText(&decls), decls.len);
    ariStrPrintf(&o, "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n", guard);
    if (!ariStrOk(&o) || !ariStrOk(&decls)) {
      mlirEmitError(mloc, "out of memory writing the header");
      r = mlirLogicalResultFailure();
    } else {
      *text = o.buf;
      *len = o.len;
    }
  }
  return r;
}

MlirLogicalResult ariCompileWriteHeader(MlirModule module, const char *onlyFunc,
                                        const char *path) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  char *text = NULL;
  size_t len = 0;
  MlirLogicalResult r = ariCompileRenderHeader(module, onlyFunc, path, &arena, &text, &len);
  if (mlirLogicalResultIsSuccess(r))
    r = ariCompileWriteFile(mlirOperationGetLocation(mlirModuleGetOperation(module)), path, text,
                            len);
  ariArenaDestroy(&arena);
  return r;
}
