/*===- rise_to_gpu.h - the convert-rise-to-gpu pass and rise-to-nvvm ------===*\
 *
 * convert-rise-to-gpu lowers rise functions like convert-rise-to-affine
 * (same engine: views are index arithmetic, maps loops, to_mem buffers),
 * except for the GPU forms:
 *
 *  - `rise.kernel local [l..] global [g..]` becomes a `gpu.launch` with
 *    blocks (g/l per dimension, 1 for missing ones) and threads (l). It runs
 *    where its value is written: a kernel whose value reaches rise.out (or
 *    rise.to_mem) through join/split/transpose/as_scalar writes the output
 *    memref from inside the launch; read any other way it is written into
 *    a device buffer right where it is defined.
 *  - GPU maps are loops with the thesis's stride semantics, so any size
 *    works with any launch. For a map of n elements with id and stride
 *      global(d):    id = block_id(d) * block_dim(d) + thread_id(d),
 *                    stride = grid_dim(d) * block_dim(d)
 *      workgroup(d): id = block_id(d),  stride = grid_dim(d)
 *      local(d):     id = thread_id(d), stride = block_dim(d)
 *    (launch sizes are constants) the element index is i = k + id for
 *    `scf.for k = 0 to n step stride`, the loop dropped when n <= stride.
 *    The loop itself is uniform: every work-item runs the same trips (the
 *    thesis's "ctt" fix of its Figure 3.4); when stride does not divide n
 *    the body is guarded by `scf.if i < n`, and only that guard diverges.
 *  - to_mem local: workgroup memory, a workgroup attribution of the
 *    gpu.launch (memref in #gpu.address_space<workgroup>), written by all
 *    the group's work-items together (element f by flat item f mod group
 *    size) unless the value is itself a local map; allowed at
 *    work-group level, and inside local maps that give every item exactly
 *    one element when the value does not depend on any item (the tiles of
 *    a K loop inside the per-item reduction of a matmul); to_mem private
 *    and the engine's temporaries inside a kernel: memref.alloca at the
 *    start of the launch body (registers after SROA); to_mem global inside
 *    a kernel: a device buffer allocated before the launch. Device buffers
 *    are allocated at the start of the function and freed before its
 *    return: memref.alloc/dealloc (option device-buffers=memref, default:
 *    the host runtime places them on the device) or gpu.alloc/dealloc
 *    (device-buffers=gpu, MLIR's gpu runtime calls).
 *  - option fma: as convert-rise-to-affine's; a scalar math.fma inside a
 *    kernel becomes llvm.intr.fma (fma.rn), not a libdevice call.
 *  - code outside kernels lowers as on the CPU. The function's memrefs are
 *    passed to the launch as they are (device pointers at run time).
 *
 * Diagnosed at the op (error, pass failure): a GPU map outside a
 * rise.kernel or using a dimension the kernel does not have; `map par`
 * inside a kernel; nestings that mix levels (global with workgroup/local, workgroup inside local,
 * the same kind and dimension twice, a kernel in a kernel); to_mem local
 * (or a local circular buffer) outside a kernel, inside a global map, or
 * inside a local map of a value that may differ between items or of a map
 * that does not give each item exactly one element (one work-item cannot
 * own workgroup memory); a GPU map whose result would have to be
 * materialised by the engine (store it with to_mem).
 *
 * Barriers are not inserted here: rise-insert-barriers does that on the
 * result (insert_barriers.h).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_GPU_RISE_TO_GPU_H
#define ARIADNE_PASSES_GPU_RISE_TO_GPU_H

#include "ariadne-c/Pass.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

extern const AriPassInfo ariRiseToGpuPass;

/* The textual pipeline registered as `rise-to-nvvm`, from rise down to the
 * LLVM and NVVM dialects: convert-rise-to-gpu, rise-insert-barriers,
 * gpu-kernel-outlining, nvvm-attach-target{chip features=+ptx80},
 * convert-gpu-to-nvvm and (host=llvm) gpu-async-region + gpu-to-llvm,
 * with bare pointers for kernel memrefs (a kernel takes one pointer per
 * memref); the host then calls MLIR's gpu runtime (mgpuStreamCreate,
 * mgpuMemAlloc, ...) and keeps gpu.launch_func for the translation. The result is a
 * module whose gpu.module holds llvm.func kernels (nvvm.kernel) ready for
 * mlir-translate / the NVPTX backend, and host code in the LLVM dialect.
 * `options` is "" or "chip=sm_80" / "chip=sm_90" (default sm_90), with an
 * optional " fma=true" (convert-rise-to-gpu's option). Returns a static
 * string "builtin.module(...)", or NULL with a message in err. */
const char *ariRiseToNVVMPipeline(const char *options, char *err, size_t errCap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_GPU_RISE_TO_GPU_H */
