/*===- runtime/machine_bench.c - the analytic model's micro-benchmark ------===*\
 *
 * See machine_bench.h. The kernels are rise text made here, parsed into
 * the caller's context, measured with runtime/measure.h and dropped.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/machine_bench.h"

#include "runtime/measure.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* y = 2x over n f32: loads 4n bytes, stores 4n. */
static void copyKernel(AriStr *s, int64_t n) {
  ariStrPrintf(s,
               "func.func @k(%%X: memref<%lldxf32>, %%Y: memref<%lldxf32>) {\n"
               "  %%x = rise.in %%X : memref<%lldxf32> -> !rise.array<%lldxf32>\n"
               "  %%two = arith.constant 2.0 : f32\n"
               "  %%y = rise.map %%x : !rise.array<%lldxf32> -> !rise.array<%lldxf32> {\n"
               "  ^bb0(%%v: f32):\n"
               "    %%m = arith.mulf %%v, %%two : f32\n"
               "    rise.yield %%m : f32\n"
               "  }\n"
               "  rise.out %%y, %%Y : !rise.array<%lldxf32>, memref<%lldxf32>\n"
               "  return\n}\n",
               (long long)n, (long long)n, (long long)n, (long long)n, (long long)n, (long long)n,
               (long long)n, (long long)n);
}

/* Per element, `depth` multiply-adds v = v * c + d: 2 * depth FLOPs. */
static void fmaKernel(AriStr *s, int64_t n, int depth) {
  ariStrPrintf(s,
               "func.func @k(%%X: memref<%lldxf32>, %%Y: memref<%lldxf32>) {\n"
               "  %%x = rise.in %%X : memref<%lldxf32> -> !rise.array<%lldxf32>\n"
               "  %%c = arith.constant 0.999 : f32\n"
               "  %%d = arith.constant 0.001 : f32\n"
               "  %%y = rise.map %%x : !rise.array<%lldxf32> -> !rise.array<%lldxf32> {\n"
               "  ^bb0(%%v0: f32):\n",
               (long long)n, (long long)n, (long long)n, (long long)n, (long long)n,
               (long long)n);
  for (int i = 0; i < depth; ++i)
    ariStrPrintf(s,
                 "    %%m%d = arith.mulf %%v%d, %%c : f32\n"
                 "    %%v%d = arith.addf %%m%d, %%d : f32\n",
                 i, i, i + 1, i);
  ariStrPrintf(s,
               "    rise.yield %%v%d : f32\n  }\n"
               "  rise.out %%y, %%Y : !rise.array<%lldxf32>, memref<%lldxf32>\n"
               "  return\n}\n",
               depth, (long long)n, (long long)n);
}

/* acc = acc * c + x over n f32: one chain of n multiply-adds. */
static void chainKernel(AriStr *s, int64_t n) {
  ariStrPrintf(s,
               "func.func @k(%%X: memref<%lldxf32>, %%Y: memref<f32>) {\n"
               "  %%x = rise.in %%X : memref<%lldxf32> -> !rise.array<%lldxf32>\n"
               "  %%c = arith.constant 0.999 : f32\n"
               "  %%z = arith.constant 0.0 : f32\n"
               "  %%r = rise.reduce %%z, %%x : f32, !rise.array<%lldxf32> -> f32 {\n"
               "  ^bb0(%%a: f32, %%v: f32):\n"
               "    %%m = arith.mulf %%a, %%c : f32\n"
               "    %%s = arith.addf %%m, %%v : f32\n"
               "    rise.yield %%s : f32\n"
               "  }\n"
               "  rise.out %%r, %%Y : f32, memref<f32>\n"
               "  return\n}\n",
               (long long)n, (long long)n, (long long)n, (long long)n);
}

/* Median milliseconds of the kernel in s. */
static bool timeKernel(MlirContext ctx, AriStr *s, bool fma, int reps, double *ms, char *err,
                       size_t cap) {
  if (!ariStrOk(s)) {
    snprintf(err, cap, "out of memory");
    return false;
  }
  MlirModule mod = mlirModuleCreateParse(ctx, mlirStringRefCreate(ariStrText(s), s->len));
  if (mlirModuleIsNull(mod)) {
    snprintf(err, cap, "internal error: a micro-benchmark kernel does not parse");
    return false;
  }
  MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(mod));
  AriMeasureOptions o = {.threads = 1, .warmup = 2, .reps = reps, .timeoutS = 120, .seed = 1,
                         .fma = fma, .unchecked = true};
  AriMeasureResult r;
  bool ok = ariMeasureFunc(f, &o, &r, NULL, NULL, NULL) == ARI_MEASURE_OK && r.medianMs > 0;
  if (ok)
    *ms = r.medianMs;
  else
    snprintf(err, cap, "a micro-benchmark kernel failed: %s",
             r.medianMs > 0 || r.status != ARI_MEASURE_OK ? r.message : "no measurable time");
  mlirModuleDestroy(mod);
  return ok;
}

bool ariMachineBench(MlirContext ctx, AriMachine *m, double scale, char *err, size_t cap) {
  if (!(scale > 0 && scale <= 1))
    scale = 1;
  AriStr s;
  ariStrInit(&s, NULL);
  bool ok = true;
  int64_t prev = 0, last = 4 << 20;
  for (int l = 0; l <= ARI_MACHINE_LEVELS && ok; ++l) {
    int64_t bytes; /* both buffers together */
    if (l < ARI_MACHINE_LEVELS) {
      int64_t c = m->cacheBytes[l] > 0 ? m->cacheBytes[l] : (prev ? 4 * prev : 32 << 10);
      bytes = c / 2 > 2 * prev ? c / 2 : 2 * prev;
      if (bytes > (INT64_C(256) << 20))
        bytes = INT64_C(256) << 20; /* a huge shared L3: half of it would take long */
      if (l >= 2)
        bytes = (int64_t)((double)bytes * scale);
      prev = c;
      last = c;
    } else {
      bytes = 4 * last > (INT64_C(512) << 20) ? 4 * last : INT64_C(512) << 20;
      if (bytes > (INT64_C(2) << 30))
        bytes = INT64_C(2) << 30;
      bytes = (int64_t)((double)bytes * scale);
    }
    int64_t n = bytes / 8 > 1024 ? bytes / 8 : 1024;
    int reps = n < (1 << 20) ? 200 : n < (16 << 20) ? 20 : 5;
    ariStrFree(&s);
    copyKernel(&s, n);
    double ms;
    ok = timeKernel(ctx, &s, false, reps, &ms, err, cap);
    if (ok)
      m->bandwidthGBs[l] = (double)(8 * n) / (ms * 1e6);
  }
  double ms;
  if (ok) {
    ariStrFree(&s);
    fmaKernel(&s, 4096, 8);
    ok = timeKernel(ctx, &s, true, 500, &ms, err, cap);
    if (ok)
      m->gflopsVector = 4096.0 * 16 / (ms * 1e6);
  }
  if (ok) {
    ariStrFree(&s);
    chainKernel(&s, 4096);
    ok = timeKernel(ctx, &s, false, 500, &ms, err, cap);
    if (ok)
      m->gflopsScalar = 4096.0 * 2 / (ms * 1e6);
  }
  ariStrFree(&s);
  return ok;
}
