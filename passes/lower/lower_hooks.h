/*===- lower_hooks.h - target hooks of the rise lowering engine -----------===*\
 *
 * The acceptor/continuation engine of convert-rise-to-affine
 * (rise_to_affine.c) turns views into index arithmetic, maps into loops and
 * to_mem into buffers. A target that runs parts of the program elsewhere
 * (the GPU: passes/gpu/rise_to_gpu.c) reuses that engine and only changes
 * three things, through these hooks:
 *
 *  - where a `rise.kernel` runs (a gpu.launch) -- the engine evaluates the
 *    kernel lazily, inside the region the hook opens, when its value is
 *    written (so a kernel written by rise.out through join/split/transpose
 *    writes the output directly), or materialises it into a buffer
 *    (address space global) right where it is defined otherwise;
 *  - how the GPU map forms (global, workgroup, local) iterate;
 *  - where buffers live (workgroup memory, registers, device memory).
 *
 * Without hooks (NULL), kernels and GPU maps lower as on the CPU.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_LOWER_LOWER_HOOKS_H
#define ARIADNE_PASSES_LOWER_LOWER_HOOKS_H

#include "ariadne-c/Rise.h"
#include "passes/lower/build.h"

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriLowerHooks {
  void *user;
  /* Opens the region a rise.kernel runs in at b->ip and moves b->ip into
   * it; *scope receives the block where the kernel's buffers go. Returns
   * false after a diagnostic. */
  bool (*enterKernel)(void *user, LbBuilder *b, MlirOperation kernel, MlirBlock *scope);
  /* Closes what enterKernel opened; the engine restores b->ip itself. */
  void (*exitKernel)(void *user, LbBuilder *b, MlirOperation kernel);
  /* Emits a GPU map (kind global/workgroup/local, dimension `dim`) of `n`
   * elements at b->ip, calling body(b, i, NULL, NULL, bodyUser) once per
   * element index i this work-item handles. */
  bool (*mapLoop)(void *user, LbBuilder *b, MlirOperation map, MlirRisePatternKind kind, int dim,
                  int64_t n, LbBodyFn body, void *bodyUser);
  /* Allocates a buffer of memref type `mt` (default memory space) for a
   * value placed in `addr`; `scope` is the engine's allocation block;
   * `explicitAddr` is true for rise.to_mem / circular_buffer and false for
   * the engine's own temporaries (addr is then global for heap-sized ones
   * and private otherwise). Returns a null value to let the engine
   * allocate as on the CPU, or a null value with *failed set after a
   * diagnostic at `where`. */
  MlirValue (*alloc)(void *user, LbBuilder *b, MlirOperation where, MlirBlock scope, MlirType mt,
                     MlirRiseAddressSpace addr, bool explicitAddr, bool *failed);
  /* Offered each explicit buffer (to_mem, circular_buffer) after alloc,
   * before it is written: the hook may emit the write itself, shared
   * among work-items, by calling body(b, f, NULL, NULL, bodyUser) for the
   * row-major flat element indices f in [0, total) that each work-item
   * stores. `mapped` says the value is itself a `local` map (already
   * distributed over the group's items). Returns 0 to let the engine write as usual, 1 when
   * written, -1 after a diagnostic. May be NULL. */
  int (*spread)(void *user, LbBuilder *b, MlirValue buf, bool mapped, int64_t total, LbBodyFn body,
                void *bodyUser);
  /* Called before the function's return (b->ip), to free what alloc made. */
  void (*endFunc)(void *user, LbBuilder *b);
} AriLowerHooks;

/* Runs the lowering engine over every rise function of `module` with
 * `hooks` (NULL: the CPU lowering, as convert-rise-to-affine); `fma` as
 * that pass's option. */
MlirLogicalResult ariRiseLowerModule(MlirOperation module, bool fma, const AriLowerHooks *hooks);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_LOWER_LOWER_HOOKS_H */
