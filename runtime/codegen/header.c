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
  size_t bytes; /* sizeof(ctype) */
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
  m->bytes = sc->bytes;
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
    " * (Debian: libomp-22-dev; for AArch64 the arm64 libomp5-19). Threads:\n"
    " * OMP_NUM_THREADS. Where no libomp exists, Ariadne's runtime/omp_serial.c\n"
    " * provides the same entry points for one thread. */\n\n";

/* The shared check of the _checked wrappers, defined once however many
 * headers are included. */
static const char kCheckHelper[] =
    "#ifndef ARI_CHECK_ARG_DEFINED\n"
    "#define ARI_CHECK_ARG_DEFINED\n"
    "/* 1 if `p` is not NULL, holds `want` scalars (`len`) and is aligned to\n"
    " * `align` bytes; else 0, after a message \"FN: ARG ...\" on stderr. */\n"
    "static inline int ariCheckArg(const char *fn, const char *arg, const void *p, size_t len,\n"
    "                              size_t want, size_t align) {\n"
    "  if (!p) {\n"
    "    fprintf(stderr, \"%s: %s is NULL\\n\", fn, arg);\n"
    "    return 0;\n"
    "  }\n"
    "  if (len != want) {\n"
    "    fprintf(stderr, \"%s: %s has %zu elements, expected %zu\\n\", fn, arg, len, want);\n"
    "    return 0;\n"
    "  }\n"
    "  if (align > 1 && (uintptr_t)p % align) {\n"
    "    fprintf(stderr, \"%s: %s is not aligned to %zu bytes (one vector)\\n\", fn, arg, align);\n"
    "    return 0;\n"
    "  }\n"
    "  return 1;\n"
    "}\n"
    "#endif\n\n";

typedef enum { ROLE_IN, ROLE_OUT, ROLE_IO } Role;

static const char *const kRoleName[] = {"in", "out", "io"};
static const char *const kRoleText[] = {"input", "output", "input and output"};

/* How the function body uses memref argument `arg`: only read (rise.in's
 * source, or memref/affine.load's memref: input), only written (rise.out's
 * destination, memref/affine.store's memref: output), else both (any other
 * use, e.g. a subview, may read and write it). */
static Role argRole(MlirValue arg) {
  bool in = false, out = false, other = false;
  for (MlirOpOperand u = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(mlirOpOperandGetOwner(u)));
    unsigned k = mlirOpOperandGetOperandNumber(u);
    if ((n.length == 7 && !memcmp(n.data, "rise.in", 7) && k == 0) ||
        (n.length == 11 && !memcmp(n.data, "memref.load", 11) && k == 0) ||
        (n.length == 11 && !memcmp(n.data, "affine.load", 11) && k == 0))
      in = true;
    else if ((n.length == 8 && !memcmp(n.data, "rise.out", 8) && k == 1) ||
             (n.length == 12 && !memcmp(n.data, "memref.store", 12) && k == 1) ||
             (n.length == 12 && !memcmp(n.data, "affine.store", 12) && k == 1))
      out = true;
    else
      other = true;
  }
  if (other || (in && out))
    return ROLE_IO;
  return out ? ROLE_OUT : ROLE_IN;
}

static void printToStr(MlirStringRef s, void *user) { ariStrAppend(user, s.data, s.length); }

enum { kMaxParams = 256 };

typedef struct {
  bool memref;
  Role role;
  char name[16]; /* in0, out1, io0 */
  MemRefC m;     /* memrefs */
  const AriScalarC *sc;
  bool staticShape;
  int64_t scalars; /* static memrefs: number of scalars (lanes included) */
} Param;

/* One function's declaration, its comment and its checked wrapper. */
static void putFunction(AriStr *o, MlirOperation op, const char *prefix, MlirStringRef name,
                        const Param *ps, intptr_t n) {
  MlirType ft = funcType(op);
  int nl = (int)name.length;
  ariStrPrintf(o, "/* %s%.*s: compiled from func.func @%.*s.\n", prefix, nl, name.data, nl,
               name.data);
  for (intptr_t i = 0; i < n; ++i) {
    ariStrPrintf(o, " *   %-6s %-16s ", ps[i].name, kRoleText[ps[i].role]);
    mlirTypePrint(mlirFunctionTypeGetInput(ft, i), printToStr, o);
    ariStrPrintf(o, "\n");
  }
  ariStrPrintf(o, " */\nvoid _mlir_ciface_%s%.*s(", prefix, nl, name.data);
  if (n == 0)
    ariStrPrintf(o, "void");
  for (intptr_t i = 0; i < n; ++i)
    ariStrPrintf(o, "%s%s %s%s", i ? ", " : "", ps[i].memref ? ps[i].m.name : ps[i].sc->ctype,
                 ps[i].memref ? "*" : "", ps[i].name);
  ariStrPrintf(o, ");\n\n");

  for (intptr_t i = 0; i < n; ++i)
    if (ps[i].memref && !ps[i].staticShape)
      return; /* no wrapper: the lengths could not be checked */
  ariStrPrintf(o,
               "/* _mlir_ciface_%s%.*s over contiguous row-major buffers, each with its\n"
               " * number of scalars: returns 0 after the call, or K+1 (without calling)\n"
               " * when parameter K is NULL, has the wrong length or is misaligned. */\n"
               "static inline int %s%.*s_checked(",
               prefix, nl, name.data, prefix, nl, name.data);
  if (n == 0)
    ariStrPrintf(o, "void");
  for (intptr_t i = 0; i < n; ++i) {
    const Param *p = &ps[i];
    if (i)
      ariStrPrintf(o, ", ");
    if (p->memref)
      ariStrPrintf(o, "%s%s *%s, size_t %s_len", p->role == ROLE_IN ? "const " : "",
                   p->m.ctype, p->name, p->name);
    else
      ariStrPrintf(o, "%s %s", p->sc->ctype, p->name);
  }
  ariStrPrintf(o, ") {\n");
  for (intptr_t i = 0; i < n; ++i) {
    const Param *p = &ps[i];
    if (!p->memref)
      continue;
    size_t align = p->m.lanes > 1 ? (size_t)p->m.lanes * p->m.bytes : 1;
    ariStrPrintf(o,
                 "  if (!ariCheckArg(\"%s%.*s_checked\", \"%s\", %s, %s_len, %" PRId64
                 ", %zu))\n    return %d;\n",
                 prefix, nl, name.data, p->name, p->name, p->name, p->scalars, align,
                 (int)i + 1);
  }
  for (intptr_t i = 0; i < n; ++i) {
    const Param *p = &ps[i];
    if (!p->memref)
      continue;
    ariStrPrintf(o, "  %s %s_d = ariMemRef_%s((%s *)(uintptr_t)%s", p->m.name, p->name,
                 p->m.tag, p->m.ctype, p->name);
    MlirType t = mlirFunctionTypeGetInput(ft, i);
    for (intptr_t d = 0; d < p->m.rank; ++d)
      ariStrPrintf(o, ", %" PRId64, mlirShapedTypeGetDimSize(t, d));
    ariStrPrintf(o, ");\n");
  }
  ariStrPrintf(o, "  _mlir_ciface_%s%.*s(", prefix, nl, name.data);
  for (intptr_t i = 0; i < n; ++i)
    ariStrPrintf(o, "%s%s%s%s", i ? ", " : "", ps[i].memref ? "&" : "", ps[i].name,
                 ps[i].memref ? "_d" : "");
  ariStrPrintf(o, ");\n  return 0;\n}\n\n");
}

MlirLogicalResult ariCompileRenderHeader(MlirModule module, const char *onlyFunc,
                                         const char *symbolPrefix, const char *path,
                                         AriArena *arena, char **text, size_t *len) {
  MlirLocation mloc = mlirOperationGetLocation(mlirModuleGetOperation(module));
  const char *prefix = symbolPrefix ? symbolPrefix : "";
  AriStr o, decls;
  ariStrInit(&o, arena);
  ariStrInit(&decls, arena);
  char seen[kMaxTypes][64];
  int nseen = 0;
  MlirLogicalResult r = mlirLogicalResultSuccess();
  Param *ps = ariArenaCalloc(arena, kMaxParams * sizeof *ps);
  if (!ps) {
    mlirEmitError(mloc, "out of memory writing the header");
    return mlirLogicalResultFailure();
  }

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
               " * from a contiguous buffer with the ariMemRef_* helpers, or call the\n"
               " * NAME_checked wrapper over plain pointers. Parameters are named by role:\n"
               " * inK (read), outK (written), ioK (read and written). Do not edit. */\n\n"
               "#ifndef %s\n#define %s\n\n#include <stdbool.h>\n#include <stddef.h>\n"
               "#include <stdint.h>\n#include <stdio.h>\n\n"
               "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n",
               guard, guard);
  ariStrAppend(&o, kCheckHelper, sizeof kCheckHelper - 1);

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
    intptr_t n = mlirFunctionTypeGetNumInputs(ft);
    if (n > kMaxParams) {
      mlirEmitError(mlirOperationGetLocation(op), "too many arguments for the C header");
      r = mlirLogicalResultFailure();
      break;
    }
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    int count[3] = {0, 0, 0};
    for (intptr_t i = 0; i < n; ++i) {
      MlirType t = mlirFunctionTypeGetInput(ft, i);
      Param *p = &ps[i];
      memset(p, 0, sizeof *p);
      if (mlirTypeIsAMemRef(t) && memrefC(t, &p->m)) {
        p->memref = true;
        p->role = argRole(mlirBlockGetArgument(entry, i));
        p->staticShape = mlirShapedTypeHasStaticShape(t);
        p->scalars = p->m.lanes;
        for (intptr_t d = 0; p->staticShape && d < p->m.rank; ++d)
          p->scalars *= mlirShapedTypeGetDimSize(t, d);
        bool dup = false;
        for (int k = 0; k < nseen; ++k)
          dup |= !strcmp(seen[k], p->m.name);
        if (!dup && nseen < kMaxTypes) {
          strcpy(seen[nseen++], p->m.name);
          putMemRefType(&o, &p->m);
        }
      } else if (!mlirTypeIsAMemRef(t) && (p->sc = ariScalarCOf(t))) {
        p->role = ROLE_IN;
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
      snprintf(p->name, sizeof p->name, "%s%d", kRoleName[p->role], count[p->role]++);
    }
    if (mlirLogicalResultIsSuccess(r))
      putFunction(&decls, op, prefix, name, ps, n);
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
    ariStrPrintf(&o, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n", guard);
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
                                        const char *symbolPrefix, const char *path) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  char *text = NULL;
  size_t len = 0;
  MlirLogicalResult r = ariCompileRenderHeader(module, onlyFunc, symbolPrefix, path, &arena, &text, &len);
  if (mlirLogicalResultIsSuccess(r))
    r = ariCompileWriteFile(mlirOperationGetLocation(mlirModuleGetOperation(module)), path, text,
                            len);
  ariArenaDestroy(&arena);
  return r;
}
