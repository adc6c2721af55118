/*===- insert_barriers.h - the rise-insert-barriers pass ------------------===*\
 *
 * Optimistic barrier insertion (the RISE thesis's DPIA_BI, section 3.2) on
 * lowered gpu code: the bodies of gpu.launch ops and of gpu.func kernels.
 *
 * Reads and writes are tracked per allocation (the memref a load or store
 * reaches through views), with its address space: workgroup memory
 * (#gpu.address_space<workgroup>) and global memory (everything from
 * outside the kernel: arguments, gpu.alloc). Private memory (memref.alloca
 * in the kernel, #gpu.address_space<private>) belongs to one work-item and
 * is never tracked, so it never causes a barrier or a fence.
 *
 * A dependency is a read and a write of the same allocation (either order)
 * not yet separated by a barrier. Walking a sequence of ops, the pass keeps
 * the accesses since the last barrier; an op whose first accesses depend
 * on them gets a `gpu.barrier` right before it (dependency across a
 * sequence). At the end of a loop body, the accesses after the body's last
 * barrier are compared with those before its first one (the next
 * iteration); a dependency puts a barrier at the end of the body (carried
 * around the loop). A loop (or guard) that always runs a barrier
 * separates what comes before it from what follows, so a producer loop's
 * consumer needs a barrier after the loop, not in every iteration
 * (barrier at the end of a sequential loop rather than inside it). Loops
 * with one trip get no loop-carried barrier (the thesis's "single
 * iteration loops" improvement).
 *
 * Each inserted barrier carries `rise.fences`, the address spaces of the
 * dependencies it protects (`[#gpu.address_space<workgroup>]` and/or
 * `[#gpu.address_space<global>]`): OpenCL's CLK_LOCAL/GLOBAL_MEM_FENCE.
 * gpu.barrier itself (bar.sync on NVIDIA) orders both.
 *
 * Like the thesis, write-after-write is not a dependency (two writes of one
 * allocation are written by the lowering to distinct elements or with
 * equal values), and arguments are assumed not to alias.
 *
 * Divergence: a value is thread-dependent when it derives from a thread id
 * (gpu.thread_id, gpu.global_id, gpu.lane_id, gpu.launch's thread-id
 * arguments), including through loads at such indices. A loop whose
 * bounds, or an scf.if whose condition, is thread-dependent is divergent
 * (so are scf.while, scf.parallel and affine.if). No barrier is ever
 * placed under divergent control flow: a dependency that would need one
 * there is an error at the op, and the pass fails (the program must be
 * restructured, e.g. made uniform as convert-rise-to-gpu's stride loops
 * are). A dependency between a divergent region as a whole and what
 * follows gets its barrier after the region, in uniform code.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_GPU_INSERT_BARRIERS_H
#define ARIADNE_PASSES_GPU_INSERT_BARRIERS_H

#include "ariadne-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const AriPassInfo ariInsertBarriersPass;

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_GPU_INSERT_BARRIERS_H */
