/*===- pass.h - passes written in C, and their options --------------------===*\
 *
 * An Ariadne pass is a plain C description: a name, an option table and a
 * run function over one operation. The same description is registered with
 * mlir-opt by the plugin shim (PluginShim.cpp) and turned into an MlirPass
 * for C users by ariPassCreate().
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_PASS_H
#define ARIADNE_PASSES_PASS_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stddef.h>

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
} AriPassInfo;

/* Every pass Ariadne provides, in registration order. */
const AriPassInfo *const *ariPassList(size_t *count);

/* The pass registered under `argument`, or NULL. */
const AriPassInfo *ariPassLookup(const char *argument);

/* Parses "key=value key2=value2" (values may be quoted with "...") into
 * `opts`, after setting its defaults. On error returns false and writes a
 * message naming the option into err. */
bool ariOptionsParse(const AriPassInfo *pass, const char *text, void *opts, char *err,
                     size_t errCap);

/* Creates an MlirPass running `pass` with the options in `text`, for C
 * programs that build their own pass manager. Returns a null pass and
 * fills err when the options do not parse. The options are copied. */
MlirPass ariPassCreate(const AriPassInfo *pass, const char *text, char *err, size_t errCap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_PASS_H */
