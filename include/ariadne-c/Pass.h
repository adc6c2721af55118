/*===- pass.h - passes written in C, and their options --------------------===*\
 *
 * An Ariadne pass is a plain C description: a name, an option table, a
 * run function over one operation and, optionally, counters. The same
 * description is registered with MLIR's pass registry by
 * ariRegisterAllPasses() (passes/Registration.cpp; the mlir-opt plugin calls
 * it), which gives it real pass options and statistics, and is turned into
 * a bare MlirPass by ariPassCreate(). Adding a pass is one line in
 * ariPassList (passes/registry.c). Initialise an AriPassInfo with
 * designated initialisers: the optional fields at its end stay zero.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_PASS_H
#define ARIADNE_PASSES_PASS_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum AriOptionKind {
  ARI_OPT_STRING, /* char[ARI_OPT_STRING_MAX] */
  ARI_OPT_INT,    /* int64_t, decimal */
  ARI_OPT_BOOL,   /* bool: true/false/1/0 */
} AriOptionKind;

/* Strategies and sketches are passed inline as options, and a whole ELEVATE
 * strategy easily exceeds a few hundred characters. */
enum { ARI_OPT_STRING_MAX = 4096 };

typedef struct AriOptionDesc {
  const char *name;
  AriOptionKind kind;
  size_t offset;         /* into the pass's option struct */
  const char *choices;   /* for strings: "a|b|c", or NULL for any */
  const char *help;
} AriOptionDesc;

/* A counter a pass reports, shown by `--mlir-pass-statistics` as
 * "(S) VALUE name - help". */
typedef struct AriStatisticDesc {
  const char *name;
  const char *help;
} AriStatisticDesc;

typedef struct AriPassInfo {
  const char *argument;    /* pipeline name, e.g. "rise-stats" */
  const char *description;
  const AriOptionDesc *options;
  size_t numOptions;
  size_t optionsSize;      /* sizeof the option struct */
  void (*setDefaults)(void *opts);
  /* Runs on `op`; emits diagnostics and returns failure on error. */
  MlirLogicalResult (*run)(MlirOperation op, const void *opts);
  /* Dialects the pass creates ops of, loaded before it runs (MLIR forbids
   * loading dialects while passes run in parallel). */
  MlirDialectHandle (*const *dependentDialects)(void);
  size_t numDependentDialects;
  /* Optional (zero for none): counters for --mlir-pass-statistics. A pass
   * with counters sets runCounted instead of run; it adds to counters[i]
   * what statistics[i] counts (the array is zeroed per run and summed over
   * the runs and threads of one pass in a pipeline). */
  const AriStatisticDesc *statistics;
  size_t numStatistics;
  MlirLogicalResult (*runCounted)(MlirOperation op, const void *opts, uint64_t *counters);
  /* Optional: a pass that takes services from whoever creates it
   * (ariPassCreateHooked; e.g. rise-search's measurer, which lives in the
   * runtime above the passes) sets this instead of run and runCounted.
   * hooks is what the creator gave, NULL in a textual pipeline. */
  MlirLogicalResult (*runHooked)(MlirOperation op, const void *opts, uint64_t *counters,
                                 const void *hooks);
} AriPassInfo;

/* Registers every Ariadne pass and pipeline (rise-stats, rise-eqsat,
 * rise-to-llvm, ...) with MLIR's pass registry, as mlirRegisterAllPasses
 * does for MLIR's own: afterwards mlirParsePassPipeline and
 * mlirOpPassManagerAddPipeline accept their names and options, and the
 * passes print with their options (mlirPrintPassPipeline, crash
 * reproducers). Calling it again does nothing. The pipelines expand to
 * MLIR's own passes too (canonicalize, convert-to-llvm, ...), which
 * mlirRegisterAllPasses() (mlir-c/RegisterEverything.h) registers. The rise
 * dialect itself is registered through mlirGetDialectHandle__rise__()
 * (Rise.h). */
void ariRegisterAllPasses(void);

/* Every pass Ariadne provides, in registration order. */
const AriPassInfo *const *ariPassList(size_t *count);

/* The pass registered under `argument`, or NULL. */
const AriPassInfo *ariPassLookup(const char *argument);

/* Parses "key=value key2=value2" (values may be quoted with "...") into
 * `opts`, after setting its defaults. On error returns false and writes a
 * message naming the option into err. */
bool ariOptionsParse(const AriPassInfo *pass, const char *text, void *opts, char *err,
                     size_t errCap);

/* Runs `pass` on `op` with parsed options `opts`: through runHooked (with
 * no hooks) or runCounted when the pass has them (counters may then be
 * NULL), else through run. */
MlirLogicalResult ariPassRun(const AriPassInfo *pass, MlirOperation op, const void *opts,
                             uint64_t *counters);

/* The same with the services a hooked pass takes (its header says what
 * `hooks` points to); ignored by other passes. */
MlirLogicalResult ariPassRunHooked(const AriPassInfo *pass, MlirOperation op, const void *opts,
                                   uint64_t *counters, const void *hooks);

/* Creates an MlirPass running `pass` with the options in `text`, for C
 * programs that build their own pass manager (an external pass: it prints
 * without options and reports no statistics; ariRegisterAllPasses and a
 * textual pipeline give the full pass). Returns a null pass and
 * fills err when the options do not parse. The options are copied. */
MlirPass ariPassCreate(const AriPassInfo *pass, const char *text, char *err, size_t errCap);

/* ariPassCreate for a hooked pass: `hooks` (not copied: it must outlive
 * the pass and its clones) is given to every run. */
MlirPass ariPassCreateHooked(const AriPassInfo *pass, const char *text, const void *hooks,
                             char *err, size_t errCap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_PASS_H */
