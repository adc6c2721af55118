/*===- ariadne-compile.c - compile a rise program to native code ----------===*\
 *
 * ariadne-compile IN.mlir -o OUT [--emit=obj|asm|llvm|mlir] [--vector-width=BITS]
 *                 [--target=x86_64|aarch64] [--cpu=NAME|host] [--features=...]
 *                 [--pipeline=PASSES] [--lowering=PASSES | --fma] [--func=NAME]
 *                 [--header=OUT.h] [--opt=0..3] [--symbol-prefix=P] [-g]
 * ariadne-compile IN.mlir --target=nvptx64 [--gpu-arch=sm_90] -o OUT
 *                 [--emit=obj|asm|llvm|mlir] [--stub=P.c --header=P.h] [--ptxas=PATH]
 *
 * Everything happens in process through runtime/codegen/compile.h: MLIR passes,
 * translation to LLVM IR, LLVM's optimisation pipeline and the target
 * machine. Exit status: 0 on success, 1 on an error (a diagnostic with its
 * location on stderr), 2 for a bad command line.
 *
 * Linking: an object of a module with `map par` (lowered to OpenMP) calls
 * LLVM's OpenMP runtime (__kmpc_fork_call, ...): link it with libomp
 * (`clang-22 -fopenmp`, or `-L/usr/lib/llvm-22/lib -lomp` with gcc, whose
 * -fopenmp links libgomp and fails). --help and the --header say so.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "passes/lower/rise_to_affine.h"
#include "runtime/codegen/compile.h"
#include "utils/arena.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Options {
  const char *file, *out, *header, *stub;
  AriEmitKind emit;
  AriCompileOptions c;
} Options;

static void usage(FILE *f) {
  fputs(
      "usage: ariadne-compile IN.mlir -o OUT [options]\n"
      "\n"
      "Compiles every public function of a rise (or already lowered) MLIR module to\n"
      "native code, in process: the passes of --pipeline, then the lowering to the\n"
      "LLVM dialect, translation to LLVM IR, LLVM's -O pipeline and the target's code\n"
      "generator. Each function NAME is exported as _mlir_ciface_NAME (memref\n"
      "arguments as pointers to descriptors, see --header) and as the packed entry\n"
      "_ari_packed_NAME(void **args) that the Ariadne runtime calls.\n"
      "\n"
      "options:\n"
      "  -o OUT              output file ('-' for stdout, text kinds only; the\n"
      "                      default for asm, llvm and mlir). Written to a temporary\n"
      "                      file in the same directory and renamed when complete\n"
      "  --emit=KIND         obj (default), asm, llvm (optimised LLVM IR) or mlir (the\n"
      "                      module after lowering to the LLVM dialect)\n"
      "  --target=ARCH       x86_64, aarch64 or nvptx64 (GPU, below; default: the host's)\n"
      "  --cpu=NAME          a CPU LLVM knows for the target (e.g. skylake-avx512,\n"
      "                      neoverse-v2), or 'host' (default on the host's\n"
      "                      architecture; 'generic' otherwise)\n"
      "  --features=LIST     target features, e.g. +avx2,-avx512f (default: the host's\n"
      "                      with --cpu=host, none otherwise)\n"
      "  --vector-width=BITS x86-64: the widest vectors LLVM's vectorisers use for the\n"
      "                      loops the lowering leaves scalar: 128, 256 or 512\n"
      "                      (default 512: 16 floats with AVX-512, where LLVM alone\n"
      "                      would use 256)\n"
      "  --pipeline=PASSES   comma-separated passes run before the lowering, Ariadne's\n"
      "                      or MLIR's, e.g. 'rise-stats{format=json},canonicalize'\n"
      "  --lowering=PASSES   replaces the lowering to the LLVM dialect (default:\n"
      "                      rise-to-llvm when available)\n"
      "  --func=NAME         compile only this function (others are dropped)\n"
      "  --header=OUT.h      also write a C header declaring the compiled functions,\n"
      "                      with memref descriptor types and helpers: parameters\n"
      "                      named by role (inK read, outK written, ioK both), each\n"
      "                      one's role and type in a comment, and for static shapes\n"
      "                      a checked wrapper NAME_checked over plain pointers and\n"
      "                      lengths (returns 0, or K+1 for a bad parameter K)\n"
      "  --symbol-prefix=P   prefix every function defined in the module: the object\n"
      "                      exports PNAME, _mlir_ciface_PNAME and _ari_packed_PNAME,\n"
      "                      and the header declares those (P: [A-Za-z_][A-Za-z0-9_]*;\n"
      "                      CPU targets)\n"
      "  -g                  DWARF line tables from the ops' locations (lines of the\n"
      "                      .mlir file; CPU targets)\n"
      "  --opt=N             optimisation level 0-3 (default 3)\n"
      "  --fma               lower with rise-to-llvm-fma: a mul feeding an add becomes\n"
      "                      one vector.fma/math.fma (one rounding, so not bit-identical\n"
      "                      with the interpreter): in one lambda, or a map's mul read\n"
      "                      by an add in the reduce (or map) it is fused into, as in\n"
      "                      reduce (+) (map (*) (zip a b))\n"
      "  --print-lowering    print the default lowering pipeline (rise-to-llvm,\n"
      "                      expanded) and exit\n"
      "  --help              this text\n"
      "  --version           the tool's and LLVM's versions\n"
      "\n"
      "Linking: objects of modules with `map par` call LLVM's OpenMP runtime\n"
      "(libomp: __kmpc_fork_call, ...); link libomp, not GCC's libgomp:\n"
      "  clang-22 -fopenmp app.c OUT.o\n"
      "  gcc app.c OUT.o -L/usr/lib/llvm-22/lib -lomp -Wl,-rpath,/usr/lib/llvm-22/lib\n"
      "(`gcc -fopenmp` fails: undefined reference to __kmpc_fork_call). OMP_NUM_THREADS\n"
      "sets the threads. AArch64: link Debian's arm64 libomp (libomp5-19:arm64; bash\n"
      "utils/setup.sh unpacks it into .deps/aarch64-libomp) with aarch64-linux-gnu-gcc;\n"
      "where no libomp exists, runtime/omp_serial.c provides the entry points for one\n"
      "thread. The --header says so for such modules.\n"
      "\n"
      "GPU (--target=nvptx64): the module is lowered to gpu.module kernels in NVVM\n"
      "and host functions that launch them. --emit=asm writes PTX, obj a cubin (through\n"
      "ptxas), llvm the kernels' LLVM IR, mlir the lowered module.\n"
      "  --gpu-arch=SM       sm_75, sm_80, sm_86, sm_87, sm_89, sm_90 (default), sm_90a;\n"
      "                      PTX ISA 8.0 (+ptx80) unless --features says otherwise\n"
      "  --stub=P.c          with --header=P.h: write C host code calling runtime/cuda.h\n"
      "                      (PTX embedded): P_load, one function per public function\n"
      "                      over AriCudaBuffer arguments, a _host form over arrays, and\n"
      "                      P_info (P is the header's base name up to its first '.')\n"
      "  --ptxas=PATH        the ptxas to run (default /usr/local/cuda/bin/ptxas)\n"
      "  --fma               for nvptx64: rise-to-nvvm with fma=true (fma.rn in the PTX)\n"
      "\n"
      ARI_TOOL_HELP_TAIL,
      f);
}

#define TOOL "ariadne-compile"
#define usageError(...) ariToolUsageError(TOOL, __VA_ARGS__)

static int parseOptions(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  ariCompileOptionsInit(&o->c);
  o->emit = ARI_EMIT_OBJ;
  bool fma = false;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    if (!strcmp(a, "--version")) {
      ariToolPrintVersion("ariadne-compile");
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--print-lowering")) {
      /* the pipeline itself, not its registered name (`rise-to-llvm`),
       * so that it can be given to mlir-opt-22 or edited */
      printf("%s\n", ariRiseToLLVMPipeline());
      exit(ariToolExit(0));
    } else if (!strcmp(a, "-o")) {
      if (i + 1 == argc || !argv[i + 1][0])
        return usageError("-o needs a file name");
      o->out = argv[++i];
    } else if (ariToolOpt(argc, argv, &i, "--emit", &v)) {
      static const char *const kinds[] = {"obj", "asm", "llvm", "mlir"};
      int k = -1;
      for (int j = 0; j < 4; ++j)
        if (!strcmp(v, kinds[j]))
          k = j;
      if (k < 0)
        return usageError("--emit must be obj, asm, llvm or mlir, got '%s'", v);
      o->emit = (AriEmitKind)k;
    } else if (ariToolOpt(argc, argv, &i, "--target", &v)) {
      o->c.target = v;
    } else if (ariToolOpt(argc, argv, &i, "--cpu", &v)) {
      if (!*v)
        return usageError("--cpu needs a name");
      o->c.cpu = v;
    } else if (ariToolOpt(argc, argv, &i, "--features", &v)) {
      o->c.features = v;
    } else if (ariToolOpt(argc, argv, &i, "--vector-width", &v)) {
      if (!ariCompileParseVectorWidth(v, &o->c.vectorWidth))
        return usageError("--vector-width must be 128, 256 or 512, got '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--pipeline", &v)) {
      o->c.pipeline = v;
    } else if (ariToolOpt(argc, argv, &i, "--lowering", &v)) {
      if (fma)
        return usageError("--fma and --lowering exclude each other");
      o->c.lowering = v;
    } else if (!strcmp(a, "--fma")) {
      if (o->c.lowering)
        return usageError("--fma and --lowering exclude each other");
      fma = true;
      o->c.lowering = "rise-to-llvm-fma";
    } else if (ariToolOpt(argc, argv, &i, "--func", &v)) {
      if (!*v)
        return usageError("--func needs a name");
      o->c.onlyFunc = v;
    } else if (ariToolOpt(argc, argv, &i, "--header", &v)) {
      if (!*v)
        return usageError("--header needs a file name");
      o->header = v;
    } else if (ariToolOpt(argc, argv, &i, "--gpu-arch", &v)) {
      if (!*v)
        return usageError("--gpu-arch needs a name");
      o->c.gpuArch = v;
    } else if (ariToolOpt(argc, argv, &i, "--ptxas", &v)) {
      if (!*v)
        return usageError("--ptxas needs a path");
      o->c.ptxas = v;
    } else if (ariToolOpt(argc, argv, &i, "--stub", &v)) {
      if (!*v)
        return usageError("--stub needs a file name");
      o->stub = v;
    } else if (ariToolOpt(argc, argv, &i, "--symbol-prefix", &v)) {
      if (!ariCompileSymbolPrefixValid(v))
        return usageError("--symbol-prefix needs [A-Za-z_][A-Za-z0-9_]*, got '%s'", v);
      o->c.symbolPrefix = v;
    } else if (!strcmp(a, "-g")) {
      o->c.debugInfo = true;
    } else if (ariToolOpt(argc, argv, &i, "--opt", &v)) {
      uint64_t u;
      if (!ariToolParseU64(v, &u) || u > 3)
        return usageError("--opt needs 0, 1, 2 or 3, got '%s'", v);
      o->c.optLevel = (int)u;
    } else if (ariToolPositional(TOOL, a, &o->file)) {
      return 2;
    }
  }
  if (!o->file)
    return usageError("no input file");
  if (!o->out) {
    if (o->emit == ARI_EMIT_OBJ)
      return usageError("an object file needs -o OUT");
    o->out = "-";
  }
  if (o->emit == ARI_EMIT_OBJ && !strcmp(o->out, "-") && !ariCompileIsGpuTarget(o->c.target))
    return usageError("an object file cannot be written to stdout ('-o -'): name a file");
  if (o->emit == ARI_EMIT_OBJ && !strcmp(o->out, "-"))
    return usageError("a cubin cannot be written to stdout ('-o -'): name a file");
  if (o->header && !strcmp(o->header, o->out))
    return usageError("the header and the output are the same file");
  bool gpu = ariCompileIsGpuTarget(o->c.target);
  if (!gpu && (o->stub || o->c.gpuArch || o->c.ptxas))
    return usageError("--stub, --gpu-arch and --ptxas need --target=nvptx64");
  if (gpu && ((o->c.symbolPrefix && *o->c.symbolPrefix) || o->c.debugInfo))
    return usageError("--symbol-prefix and -g are for CPU targets (the stub names the GPU "
                      "program after the header)");
  if (gpu && o->c.lowering && !strcmp(o->c.lowering, "rise-to-llvm-fma")) {
    /* --fma on the GPU: rise-to-nvvm's fma=true (fma.rn in the PTX). */
    o->c.lowering = NULL;
    o->c.gpuFma = true;
  }
  if (gpu && o->c.gpuArch && !ariCompileGpuArchCheck(o->c.gpuArch))
    return usageError("unknown GPU architecture '%s' (expected sm_75, sm_80, sm_86, sm_87, "
                      "sm_89, sm_90 or sm_90a)",
                      o->c.gpuArch);
  if (gpu && (!o->stub) != (!o->header))
    return usageError("--stub and --header go together for --target=nvptx64");
  if (o->stub && (!strcmp(o->stub, o->out) || !strcmp(o->stub, o->header)))
    return usageError("the stub, the header and the output must be different files");
  return 0;
}

/* The program prefix: the header's base name up to its first '.', as a C
 * identifier. */
static void stubPrefix(const char *header, char *out, size_t cap) {
  const char *b = strrchr(header, '/') ? strrchr(header, '/') + 1 : header;
  size_t n = 0;
  if (isdigit((unsigned char)*b) && n + 1 < cap)
    out[n++] = '_';
  for (; *b && *b != '.' && n + 1 < cap; ++b)
    out[n++] = isalnum((unsigned char)*b) ? *b : '_';
  if (n == 0)
    out[n++] = 'p';
  out[n] = 0;
}

/* GPU: PTX once; then stub and header; then the output (PTX or, through
 * ptxas, a cubin), so that a failure leaves no file behind. */
static int compileGpu(const Options *o, MlirModule module) {
  MlirLocation loc = mlirOperationGetLocation(mlirModuleGetOperation(module));
  AriArena arena;
  ariArenaInit(&arena, 0);
  int rc = 1;
  AriGpuStub *stub = NULL;
  char *ptx = NULL, *stubText = NULL, *headerText = NULL;
  size_t ptxLen = 0, stubLen = 0, headerLen = 0;
  bool wroteStub = false, wroteHeader = false;
  if (o->emit == ARI_EMIT_OBJ && !strcmp(o->out, "-")) {
    mlirEmitError(loc, "a cubin cannot be written to stdout");
    goto done;
  }
  if (o->stub && mlirLogicalResultIsFailure(ariGpuStubBegin(module, o->c.onlyFunc, &arena, &stub)))
    goto done;
  if (mlirLogicalResultIsFailure(ariCompileLower(module, &o->c)))
    goto done;
  if (stub && mlirLogicalResultIsFailure(ariGpuStubAddLaunches(stub, module)))
    goto done;
  bool ptxOut = o->emit == ARI_EMIT_ASM || o->emit == ARI_EMIT_OBJ;
  if (!ptxOut &&
      mlirLogicalResultIsFailure(ariCompileGpuEmit(module, &o->c, o->emit, o->out, &arena, NULL, NULL)))
    goto done;
  if ((ptxOut || stub) &&
      mlirLogicalResultIsFailure(
          ariCompileGpuEmit(module, &o->c, ARI_EMIT_ASM, NULL, &arena, &ptx, &ptxLen)))
    goto done;
  if (stub) {
    char prefix[128];
    stubPrefix(o->header, prefix, sizeof prefix);
    const char *hb = strrchr(o->header, '/') ? strrchr(o->header, '/') + 1 : o->header;
    if (mlirLogicalResultIsFailure(ariGpuStubRender(stub, prefix, hb,
                                                    ariCompileGpuArchCheck(o->c.gpuArch), ptx,
                                                    ptxLen, &stubText, &stubLen, &headerText,
                                                    &headerLen))) {
      mlirEmitError(loc, "out of memory writing the host stub");
      goto done;
    }
    if (mlirLogicalResultIsFailure(ariCompileWriteFile(loc, o->stub, stubText, stubLen)))
      goto done;
    wroteStub = true;
    if (mlirLogicalResultIsFailure(ariCompileWriteFile(loc, o->header, headerText, headerLen)))
      goto done;
    wroteHeader = true;
  }
  if (o->emit == ARI_EMIT_ASM &&
      mlirLogicalResultIsFailure(ariCompileWriteFile(loc, o->out, ptx, ptxLen)))
    goto done;
  if (o->emit == ARI_EMIT_OBJ &&
      mlirLogicalResultIsFailure(ariCompileGpuPtxas(o->c.ptxas, ariCompileGpuArchCheck(o->c.gpuArch),
                                                    ptx, ptxLen, o->out, loc)))
    goto done;
  rc = 0;
done:
  if (rc) {
    if (wroteStub && strcmp(o->stub, "-"))
      remove(o->stub);
    if (wroteHeader && strcmp(o->header, "-"))
      remove(o->header);
  }
  ariArenaDestroy(&arena);
  return rc;
}

static int toolMain(int argc, char **argv) {
  Options o;
  int rc = parseOptions(argc, argv, &o);
  if (rc)
    return rc;
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  ariCompileRegister(ctx);
  MlirModule module = ariParseFile(ctx, o.file);
  rc = 1;
  if (!mlirModuleIsNull(module) && ariCompileIsGpuTarget(o.c.target)) {
    rc = compileGpu(&o, module);
    mlirModuleDestroy(module);
  } else if (!mlirModuleIsNull(module)) {
    /* The header needs the signatures before lowering, and is written last
     * so that a failed compilation leaves no output at all. */
    AriArena arena;
    ariArenaInit(&arena, 0);
    char *header = NULL;
    size_t headerLen = 0;
    MlirLocation loc = mlirOperationGetLocation(mlirModuleGetOperation(module));
    if ((!o.header || mlirLogicalResultIsSuccess(ariCompileRenderHeader(
                          module, o.c.onlyFunc, o.c.symbolPrefix, o.header, &arena, &header,
                          &headerLen))) &&
        mlirLogicalResultIsSuccess(ariCompileLower(module, &o.c)) &&
        mlirLogicalResultIsSuccess(ariCompileEmit(module, &o.c, o.emit, o.out)) &&
        (!o.header ||
         mlirLogicalResultIsSuccess(ariCompileWriteFile(loc, o.header, header, headerLen))))
      rc = 0;
    ariArenaDestroy(&arena);
    mlirModuleDestroy(module);
  }
  if (rc == 0 && sink.errors)
    rc = 1;
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  return rc;
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
