/*===- runtime/passorder.h - upstream pass orders on lowered rise ----------===*\
 *
 * The compiler side of XLA-RL's pass ordering (docs/rl.md, "Environment
 * 2: upstream passes"; the environment is costmodel/rl/order_env.h). A
 * rise function is lowered by convert-rise-to-affine, the first step of
 * rise-to-llvm; what rise-to-llvm runs next -- its cleanup (canonicalize,
 * cse: ariRiseToLLVMCleanup) -- is the default order an agent competes
 * with. An agent's order is a sequence of upstream MLIR passes from a
 * fixed list (ariPassOrderDefaultPasses) run on those loops instead;
 * then rise-to-llvm's conversion to the LLVM dialect, unchanged.
 *
 * A state is a module (owned, MlirModule's pointer). Counting a state
 * copies it, runs lower-affine (the conversion's first pass: affine
 * index maps become the arith ops they cost) and counts operation
 * executions by kind (runtime/codefeat.h's ariCodeOpCount): counts of
 * different orders are compared at one level.
 *
 * A pass that fails (the pass manager reports failure), or whose result
 * has more than `maxOps` operations (repeated unrolling), gives no new
 * state; its diagnostics are swallowed, the first kept for the caller.
 * With ariPassOrderSetSandbox a pass that crashes or hangs does the same,
 * in a child process.
 *
 * ariPassOrderLowering writes the whole lowering of an order, which
 * AriCompileOptions.lowering and AriMeasureOptions.lowering take: so an
 * order's program is compiled, checked against the interpreter and timed
 * by runtime/measure.h like any candidate.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_PASSORDER_H
#define ARIADNE_RUNTIME_PASSORDER_H

#include "costmodel/rl/order_env.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a pass runs. A state is either rise (before the lowering) or
 * lowered loops; a pass given a state of the other stage gives no new
 * state, like a pass that fails. */
typedef enum AriPassStage {
  ARI_PASS_ON_LOOPS = 0, /* an upstream pass on the lowered loops */
  ARI_PASS_ON_RISE,      /* a rise rewrite (rise-rewrite's strategies) */
  ARI_PASS_LOWERING      /* convert-rise-to-affine: rise -> loops */
} AriPassStage;

/* The passes an agent picks from: name (for reports), pipeline text, stage. */
typedef struct AriPassOrderPass {
  const char *name, *text;
  AriPassStage stage;
} AriPassOrderPass;

enum {
  ARI_PASS_ORDER_NUM_DEFAULT = 19,
  ARI_PASS_ORDER_NUM_RISE = 11,
  ARI_PASS_ORDER_NUM_SANDBOXED = 3,
  ARI_PASS_ORDER_MAX_OPS = 50000
};
/* The upstream passes (--env=upstream's list). */
extern const AriPassOrderPass ariPassOrderDefaultPasses[ARI_PASS_ORDER_NUM_DEFAULT];
/* Environment 2's rise strategies (costmodel/rl/pass_env.h's list, written
 * with the rise-rewrite prelude's names) as rise-rewrite passes, then the
 * lowering: with the upstream passes after them, the combined list of
 * --env=combined (docs/rl.md). */
extern const AriPassOrderPass ariPassOrderRisePasses[ARI_PASS_ORDER_NUM_RISE];
/* Upstream passes that crash MLIR 22 on some of these loops (docs/rl.md):
 * offered only with the sandbox, at the end of the combined list. */
extern const AriPassOrderPass ariPassOrderSandboxedPasses[ARI_PASS_ORDER_NUM_SANDBOXED];

typedef struct AriPassOrder AriPassOrder;

/* Over passes[0..n) (borrowed); maxOps 0: ARI_PASS_ORDER_MAX_OPS. */
AriPassOrder *ariPassOrderCreate(const AriPassOrderPass *passes, unsigned n, long maxOps,
                                 char *err, size_t errCap);
void ariPassOrderDestroy(AriPassOrder *po); /* NULL is a no-op */

/* Runs every pass application (not the lowering, not counting) in a
 * forked child process, which prints the resulting module back through a
 * pipe for this process to parse: a pass that crashes (a signal), or runs
 * past `seconds` (then killed; 0: 60 s), gives no new state, like a pass
 * that fails, with the signal named. Without it a crash in an upstream
 * pass ends the caller's process. The child has only the forking thread,
 * so the context must not be multithreaded: this disables its
 * multithreading (safe at any time before the first fork; passes then run
 * on one thread). `hook` (tests; NULL: none) is called in the child
 * before the pass runs, e.g. to crash it, with the pass's index in the
 * list (the list's length for ariPassOrderRun's pipelines). */
void ariPassOrderSetSandbox(AriPassOrder *po, MlirContext ctx, double seconds,
                            void (*hook)(void *hookCtx, unsigned pass), void *hookCtx);

/* The name of pass k of po's list ("?" out of range), its stage. */
const char *ariPassOrderPassName(const AriPassOrder *po, unsigned k);
AriPassStage ariPassOrderStage(const AriPassOrder *po, unsigned k);

/* For costmodel/rl/order_env.h: apply, count (ARI_CODEOP_COUNT kinds;
 * FLOPs: arith and math lanes; transcendentals: math lanes but fma/abs),
 * release. */
AriOrderOps ariPassOrderOps(AriPassOrder *po);

/* func (a func.func of rise ops; its context prepared with
 * ariCompileRegister) lowered by convert-rise-to-affine: a new state. The
 * lowering's diagnostics go to the context's handlers. */
bool ariPassOrderLower(AriPassOrder *po, MlirOperation func, void **state, char *err,
                       size_t errCap);
/* func as a rise state, not lowered (for lists with rise passes); it must
 * lower, which is checked here on a copy, as ariPassOrderLower reports. */
bool ariPassOrderWrap(AriPassOrder *po, MlirOperation func, void **state, char *err,
                      size_t errCap);
/* Whether state holds lowered loops (no op of the rise dialect left). */
bool ariPassOrderIsLowered(const void *state);
/* A copy of state with `pipeline` run on it (e.g. the default cleanup);
 * NULL *out when it fails (message in err). */
bool ariPassOrderRun(AriPassOrder *po, const void *state, const char *pipeline, void **out,
                     char *err, size_t errCap);
/* The total op count of state (after lower-affine; a rise state is lowered
 * first, as convert-rise-to-affine writes it), kinds when not NULL. */
bool ariPassOrderCount(AriPassOrder *po, const void *state, double *kinds, double *total,
                       char *err, size_t errCap);
void ariPassOrderRelease(AriPassOrder *po, void *state);
MlirModule ariPassOrderModule(const void *state);

/* The lowering of order passes[seq[0..n)] (indices into the list): its
 * rise passes before the list's lowering pass, convert-rise-to-affine, its
 * passes on loops after that lowering (all of them in a list without a
 * lowering pass), rise-to-llvm's conversion: the passes of the other stage,
 * which change no state, are left out. False when buf is too small. */
bool ariPassOrderLowering(const AriPassOrder *po, const unsigned *seq, unsigned n, char *buf,
                          size_t cap);
/* The same text for rise-to-llvm itself (cleanup included). */
bool ariPassOrderDefaultLowering(char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_RUNTIME_PASSORDER_H */
