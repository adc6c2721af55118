/*===- compile.h - rise/MLIR module to native code, in process ------------===*\
 *
 * The code generator behind ariadne-compile and ariadne-run. A module goes
 * through: (1) optional Ariadne passes, (2) the lowering pipeline to the
 * LLVM dialect, (3) a check that nothing outside the llvm/omp dialects is
 * left, (4) translation to LLVM IR (mlirTranslateModuleToLLVMIR), (5) the
 * LLVM new pass manager ("default<ON>"), (6) object or assembly emission
 * through the LLVM C target machine. No external process is started.
 *
 * Every public func.func gets `llvm.emit_c_interface`, so the object
 * exports `_mlir_ciface_NAME` taking pointers to memref descriptors (see
 * ariCompileWriteHeader), and a packed entry `_ari_packed_NAME(void **args)`
 * whose args[i] points at the i-th argument (a memref descriptor, or the
 * scalar itself); the runtime calls the packed entry so that any mix of
 * scalar and memref arguments goes through one C signature.
 *
 * Errors are MLIR diagnostics on the module's context (at the offending
 * op, or at the module for target and file errors); functions return
 * failure and never abort. Outputs are written to a temporary file in the
 * destination directory and renamed, so a failed run leaves nothing behind.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_COMPILE_H
#define ARIADNE_RUNTIME_COMPILE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum AriEmitKind {
  ARI_EMIT_OBJ,  /* relocatable object (ELF) */
  ARI_EMIT_ASM,  /* assembly text */
  ARI_EMIT_LLVM, /* LLVM IR text, after optimisation */
  ARI_EMIT_MLIR, /* the module in the LLVM dialect, before translation */
} AriEmitKind;

typedef struct AriCompileOptions {
  const char *target;   /* "x86_64" or "aarch64"; NULL or "" = the host */
  const char *cpu;      /* a CPU name, or "host" (the default when the target
                           is the host's architecture; else "generic") */
  const char *features; /* "+a,-b"; NULL = the host's when cpu is host */
  const char *pipeline; /* Ariadne (or upstream) passes run before lowering,
                           comma-separated, e.g. "rise-stats{format=json}" */
  const char *lowering; /* the lowering pipeline; NULL = ariCompileDefaultLowering() */
  const char *onlyFunc; /* if set, every other func.func is erased first */
  int optLevel;         /* 0..3 */
  const char *gpuArch;  /* nvptx64 only: sm_80, sm_90 (default), ... */
  const char *ptxas;    /* nvptx64 only: the ptxas to run; NULL = CUDA's */
  bool gpuFma;          /* nvptx64 only: rise-to-nvvm with fma=true */
  const char *symbolPrefix; /* CPU only: prepended to the name of every
                               func.func defined in the module (and to its
                               uses), so the object exports PNAME,
                               _mlir_ciface_PNAME and _ari_packed_PNAME; a C
                               identifier prefix; NULL or "" = none */
  bool debugInfo;       /* CPU only: DWARF line tables from the ops'
                           locations (ensure-debug-info-scope-on-llvm-func
                           after the lowering), i.e. lines of the .mlir file */
  unsigned vectorWidth; /* x86-64 only: the widest vectors, in bits (128,
                           256 or 512), that LLVM's loop and SLP vectorisers
                           use (its "prefer-vector-width"); 0 = 512, the
                           widest any x86 CPU has, so a CPU with AVX-512
                           gets 16-float vectors, as Halide gives it. LLVM's
                           own choice on most AVX-512 CPUs is 256, which
                           avoids the clock drop of 512-bit code on older
                           server parts but halves the width of the loops
                           the rise lowering leaves scalar (stencils, the
                           stages of a pipeline). Vector types the program
                           states itself (rise's vectorised maps) are
                           lowered at their width either way. */
} AriCompileOptions;

/* Parses a vector width for AriCompileOptions.vectorWidth: "128", "256"
 * or "512". False (and *bits unchanged) for anything else. */
bool ariCompileParseVectorWidth(const char *s, unsigned *bits);

/* Options for the host: host CPU and features, O3, default lowering. */
void ariCompileOptionsInit(AriCompileOptions *o);

/* The lowering used when options->lowering is NULL: "rise-to-llvm"
 * (convert-rise-to-affine, then upstream passes to the LLVM dialect). In
 * pipelines given to this module, the element `rise-to-llvm` expands to
 * that sequence, as it does in mlir-opt with the plugin. */
const char *ariCompileDefaultLowering(void);

/* The upstream part alone, for modules already in affine/scf/memref/arith/
 * vector form (kept separate so the code generator can be tested without
 * the rise lowering). */
const char *ariCompileUpstreamLowering(void);

/* Registers what compilation needs in `ctx` (LLVM IR translations) and in
 * the process (upstream passes). Idempotent. */
void ariCompileRegister(MlirContext ctx);

/* Runs `pipeline` (the syntax of AriCompileOptions.pipeline: Ariadne's
 * passes by name, with options, and upstream pipeline text) on `module`,
 * with none of ariCompileLower's checks: for tools that look at a module
 * part-way down (runtime/codefeat.h). Errors are diagnostics at the module. */
MlirLogicalResult ariCompileRunPipeline(MlirModule module, const char *pipeline);

/* Steps (1)-(3): rewrites `module` in place into the LLVM dialect. */
MlirLogicalResult ariCompileLower(MlirModule module, const AriCompileOptions *o);

/* Steps (4)-(6) on a lowered module: writes `kind` to `path` ("-" is
 * stdout, text kinds only). Also checks target, CPU and features. */
MlirLogicalResult ariCompileEmit(MlirModule module, const AriCompileOptions *o,
                                 AriEmitKind kind, const char *path);

/* Writes a C header for the public functions of `module`, which must still
 * be in its pre-lowering form (func.func over memrefs): per element type
 * and rank a descriptor struct, a helper making one from a contiguous
 * row-major buffer, and per function NAME (P = `symbolPrefix`, NULL = ""):
 *   - `void _mlir_ciface_PNAME(...)`, its parameters named by role: inK for
 *     what the function only reads (a scalar, or a memref only read by
 *     rise.in, memref.load or affine.load), outK for a memref only written
 *     (rise.out, memref.store, affine.store), ioK for any other memref, K
 *     counting per role from 0 in parameter order; a comment
 *     above gives each parameter's role and MLIR type (hence its shape);
 *   - when every memref has a static shape, `int PNAME_checked(...)`, a
 *     static inline wrapper over plain pointers: each memref becomes
 *     `const T *NAME, size_t NAME_len` (inputs) or `T *NAME, size_t
 *     NAME_len`, NAME_len counting scalars. It checks each pointer is not
 *     NULL, each length equals the shape's, and vector data is aligned to
 *     a whole vector; on a mismatch it prints "PNAME_checked: ..." on stderr
 *     and returns K+1 for the first bad parameter K (0-based), else calls
 *     the function and returns 0. */
MlirLogicalResult ariCompileWriteHeader(MlirModule module, const char *onlyFunc,
                                        const char *symbolPrefix, const char *path);

/* As ariCompileWriteHeader, into memory from `arena`; `path` only names
 * the include guard. */
struct AriArena;
MlirLogicalResult ariCompileRenderHeader(MlirModule module, const char *onlyFunc,
                                         const char *symbolPrefix, const char *path,
                                         struct AriArena *arena, char **text, size_t *len);

/* Whether `prefix` can start a C identifier's name: [A-Za-z_][A-Za-z0-9_]*
 * (the empty string is allowed: no prefix). */
bool ariCompileSymbolPrefixValid(const char *prefix);

/* Writes `len` bytes to `path` ("-": stdout) with ariFileWriteAtomic
 * (utils/file.h: a temporary file renamed over a regular file; a device or
 * FIFO written through; a symbolic link kept, its target written). On
 * failure emits "cannot write 'PATH': REASON" at `loc`. */
MlirLogicalResult ariCompileWriteFile(MlirLocation loc, const char *path, const void *data,
                                      size_t len);

/*--- GPU (target "nvptx64", compile_gpu.c and gpu_stub.c) --------------------
 * ariCompileLower runs the GPU lowering (default: rise-to-nvvm when built,
 * else ariCompileGpuUpstreamLowering()) and then checks that every
 * gpu.module is in the LLVM/NVVM dialects and that host functions hold only
 * what the host stub understands; ariCompileEmit writes PTX (asm), a cubin
 * (obj, through ptxas), LLVM IR (llvm) or the lowered module (mlir). */

bool ariCompileIsGpuTarget(const char *target);

/* The default lowering for target nvptx64, into buf: for a module with
 * rise ops, rise-to-nvvm for o->gpuArch with host=gpu (no gpu-to-llvm: the
 * host stub stands for MLIR's host lowering) and fma=true if o->gpuFma;
 * for one already in the gpu dialect, ariCompileGpuUpstreamLowering(). */
MlirLogicalResult ariCompileGpuDefaultLowering(MlirModule module, const AriCompileOptions *o,
                                               char *buf, size_t cap);

/* Kernel outlining and the upstream gpu.module lowering to NVVM, for
 * modules already written in the gpu dialect. */
const char *ariCompileGpuUpstreamLowering(void);

/* The canonical name of a supported architecture (NULL/"" = sm_90), or
 * NULL if unknown. */
const char *ariCompileGpuArchCheck(const char *arch);

MlirLogicalResult ariCompileGpuCheckLowered(MlirModule module);

/* As ariCompileEmit for nvptx64; `path` may be NULL (nothing written).
 * If ptx is not NULL, the PTX text (for asm and obj) is returned in it,
 * allocated from `arena`. */
struct AriArena;
MlirLogicalResult ariCompileGpuEmit(MlirModule module, const AriCompileOptions *o,
                                    AriEmitKind kind, const char *path, struct AriArena *arena,
                                    char **ptx, size_t *ptxLen);

/* Runs ptxas (NULL = CUDA's at its default path) on `ptx`, writing the
 * cubin to `out` with ariCompileWriteFile (atomically, devices and links
 * kept); its messages become the diagnostic. */
MlirLogicalResult ariCompileGpuPtxas(const char *ptxas, const char *arch, const char *ptx,
                                     size_t ptxLen, const char *out, MlirLocation loc);

/* Host stubs (gpu_stub.c). Collected in two steps: signatures and
 * argument accesses from the module before lowering (rise.in = read,
 * rise.out = written), launch plans from the lowered module; then the C
 * stub and header are rendered with the PTX embedded. `prefix` names the
 * program (PREFIX_program, PREFIX_load, PREFIX_info); `headerName` is what
 * the stub #includes. */
typedef struct AriGpuStub AriGpuStub;
MlirLogicalResult ariGpuStubBegin(MlirModule module, const char *onlyFunc,
                                  struct AriArena *arena, AriGpuStub **out);
MlirLogicalResult ariGpuStubAddLaunches(AriGpuStub *s, MlirModule lowered);
MlirLogicalResult ariGpuStubRender(AriGpuStub *s, const char *prefix, const char *headerName,
                                   const char *arch, const char *ptx, size_t ptxLen,
                                   char **stub, size_t *stubLen, char **header,
                                   size_t *headerLen);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_RUNTIME_COMPILE_H */
