/*===- runtime/search_hooks.h - the runtime's services to rise-search -----===*\
 *
 * rise-search's measure=K (passes/search.h) times candidates on this
 * machine. The pass cannot (it sits below the runtime); the runtime lends
 * it this measurer, built on ariMeasureFunc (measure.h): the input is
 * measured first, and where the interpreter cannot check it (over its
 * operation budget, as a 1024^3 matmul is) it is run unchecked and its
 * outputs become the reference every candidate must match. Each candidate
 * gets one warm-up and up to 5 timed calls (slow ones fewer:
 * ARI_MEASURE_SLOW_MS), in a child process with a 60 s limit.
 *
 * The runtime's pipelines (compile.h) create rise-search with these hooks.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_SEARCH_HOOKS_H
#define ARIADNE_RUNTIME_SEARCH_HOOKS_H

#include "passes/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Static, stateless hooks (each measuring session holds its own state). */
const AriSearchHooks *ariRtSearchHooks(void);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_RUNTIME_SEARCH_HOOKS_H */
