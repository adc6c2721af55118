/*===- costmodel/model.h - cost models that score whole programs ----------===*\
 *
 * The costs that are not sums over e-nodes: an estimate of a program's run
 * time from its features (features.h), by the analytic roofline
 * (analytic.h, with a machine file) or by a learned XGBoost model
 * (xgb.h, a model file). A search cannot extract under them directly; it
 * extracts candidates under an additive proxy and ranks them with one of
 * these (search/eqsat.h's AriEqsatOpts.rank, docs/costmodel.md "Use in
 * the search").
 *
 * Also the feature vector that `ariadne-cost measure` records (layout
 * ARI_COST_MEASURE_LAYOUT), built in one place so that a model trained on
 * measured data is given at search time exactly what it was trained on.
 *
 * Errors are values: false and a message in the caller's buffer.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_MODEL_H
#define ARIADNE_COSTMODEL_MODEL_H

#include "costmodel/features.h"
#include "costmodel/machine.h"
#include "costmodel/xgb.h"
#include "search/term/term.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The feature layout of measured records: the program vector of
 * features.h (ARI_FEAT_COUNT values, layout ARI_FEAT_VERSION), then the
 * baselines' scores of the same variant, lower meaning faster: term size,
 * weighted size (cost.h's default weights), the analytic model's seconds
 * (NaN without a machine). */
#define ARI_COST_MEASURE_LAYOUT (1000u + ARI_FEAT_VERSION)
enum {
  ARI_COST_BASE_SIZE,
  ARI_COST_BASE_WEIGHTED,
  ARI_COST_BASE_ANALYTIC,
  ARI_COST_NUM_BASELINES
};
enum { ARI_COST_MEASURE_FEATURES = ARI_FEAT_COUNT + ARI_COST_NUM_BASELINES };

/* The layout with code features: the program vector, then the
 * ARI_COST_CODE_FEATURES features of the code the function lowers to
 * (runtime/codefeat.h, layout ARI_COST_CODE_VERSION, which checks that its
 * count and version match these), then the baselines. What `ariadne-cost
 * measure` records. The cost model cannot lower code (it sits below
 * passes/ and runtime/), so whoever scores with such a model supplies the
 * code features as a callback (AriCostModel.codeFeatures). */
#define ARI_COST_CODE_VERSION 2
#define ARI_COST_CODE_LAYOUT (1000u + 100u * ARI_COST_CODE_VERSION + ARI_FEAT_VERSION)
enum {
  ARI_COST_CODE_FEATURES = 31,
  ARI_COST_CODE_MEASURE_FEATURES = ARI_FEAT_COUNT + ARI_COST_CODE_FEATURES + ARI_COST_NUM_BASELINES
};

/* Layout 1101: code features version 1 (25 of them), what datasets
 * measured before 2026-11-27 hold. */
#define ARI_COST_CODE_LAYOUT_V1 (1100u + ARI_FEAT_VERSION)

/* Whether (layout, cols) is one `ariadne-cost measure` has written, in this
 * version or an earlier one, with the baselines last: ARI_COST_MEASURE_LAYOUT,
 * ARI_COST_CODE_LAYOUT or ARI_COST_CODE_LAYOUT_V1. *codeFeatures (may be
 * NULL) gets how many code features follow the program vector (0 for
 * none). */
bool ariCostMeasuredLayout(uint32_t layout, uint32_t cols, uint32_t *codeFeatures);

/* The ARI_COST_MEASURE_FEATURES values of layout ARI_COST_MEASURE_LAYOUT
 * for function f with features `feat` (ariCostFeaturesFunc of f); m may be
 * NULL (analytic baseline NaN). With code != NULL (its
 * ARI_COST_CODE_FEATURES values), the ARI_COST_CODE_MEASURE_FEATURES values
 * of layout ARI_COST_CODE_LAYOUT instead. */
void ariCostMeasureVector(const AriFeatures *feat, const AriTermFunc *f, const AriMachine *m,
                          int threads, const double *code, double *vec);

/* The code features of function f (terms of s), into
 * out[0..ARI_COST_CODE_FEATURES): false with a message when it does not
 * lower. */
typedef bool (*AriCostCodeFeatFn)(void *ctx, AriTermStore *s, const AriTermFunc *f, double *out,
                                  char *err, size_t cap);

typedef enum AriCostModelKind {
  ARI_COST_MODEL_ANALYTIC, /* analytic.h's seconds */
  ARI_COST_MODEL_XGB       /* a learned model's score */
} AriCostModelKind;

/* A loaded cost model; owns its XGBoost booster and feature work area. */
typedef struct AriCostModel {
  AriCostModelKind kind;
  AriMachine machine;
  bool hasMachine;
  AriXgbModel xgb; /* ARI_COST_MODEL_XGB */
  int threads;     /* the thread count the estimate is for */
  AriFeatWork *work;
  bool needsCode; /* trained on ARI_COST_CODE_LAYOUT: scoring calls codeFeatures */
  AriCostCodeFeatFn codeFeatures; /* set by the caller after opening; NULL: a
                                     model that needs it cannot score */
  void *codeCtx;
} AriCostModel;

/* Opens "analytic:MACHINE_FILE" or "model:MODEL_FILE" into *m (which must
 * then be closed). A model file must have been trained on layout
 * ARI_FEAT_VERSION (the program vector), ARI_COST_MEASURE_LAYOUT or
 * ARI_COST_CODE_LAYOUT (then m->needsCode: set m->codeFeatures before
 * scoring); its analytic baseline is NaN (missing)
 * unless machinePath (may be NULL) names a machine file. threads: the
 * thread count to estimate for; 0 means the machine's cores (1 without a
 * machine). False with a message (naming the file) otherwise; then *m
 * needs no close. */
bool ariCostModelOpen(AriCostModel *m, const char *spec, const char *machinePath, int threads,
                      char *err, size_t cap);

/* Opens the analytic model on a machine description given in memory
 * (ariMachineNominal's, or one read elsewhere). threads as for
 * ariCostModelOpen. False with a message when mach is not valid. */
bool ariCostModelOpenAnalytic(AriCostModel *m, const AriMachine *mach, int threads, char *err,
                              size_t cap);

/* The kinds of spec ariCostModelOpen accepts, for help texts. */
const char *ariCostModelSpecs(void);

/* Whether `spec` names a cost model ("analytic" or "model", with or
 * without ":FILE"), as opposed to an additive cost of cost.h. */
bool ariCostModelIsSpec(const char *spec);

void ariCostModelClose(AriCostModel *m); /* zeroed m: no-op */

/* Scores n functions (terms of s): scores[i], lower meaning faster: the
 * estimated seconds (analytic) or minus the model's "higher is faster"
 * score (ariXgbScore; for a rank model comparable only among variants of
 * one program). False with a message when a function has no features. */
bool ariCostModelScoreFuncs(AriCostModel *m, AriTermStore *s, const AriTermFunc *const *fs,
                            size_t n, double *scores, char *err, size_t cap);

/* The same for f with its root `root` replaced by each of programs[0..n)
 * in turn (a search's candidates for one result of a function). */
bool ariCostModelScoreRoots(AriCostModel *m, AriTermStore *s, const AriTermFunc *f,
                            unsigned root, AriTerm *const *programs, size_t n, double *scores,
                            char *err, size_t cap);

/* ariCostModelScoreRoots as the ranking callback of search/eqsat.h
 * (AriEqsatOpts.rank), with this as its context: the candidates of one
 * root of one function, scored by one model. */
typedef struct AriCostRankCtx {
  AriCostModel *model;
  const AriTermFunc *f;
  unsigned root;
} AriCostRankCtx;

bool ariCostRankPrograms(void *ctx, AriTermStore *s, AriTerm *const *programs, size_t n,
                         double *scores, char *err, size_t cap);

/* A model as the cost of single terms (search/astar's AriAStarCostFn,
 * with this as its context): the model's score of func with its root
 * `root` replaced by the term. Models score whole functions -- the
 * arguments' shapes and the other roots matter -- so a term alone has no
 * estimate. A term the model cannot score costs infinity (a search never
 * takes it); `failed` is then set and `error` keeps the first reason. */
typedef struct AriCostRootCost {
  AriCostModel *model;
  AriTermStore *store;
  const AriTermFunc *func;
  unsigned root;
  bool failed;
  char error[256];
} AriCostRootCost;

double ariCostModelRootCost(void *ctx, const AriTerm *t);

/* Opens `spec` for a term search: "analytic" (the nominal machine, as
 * rise-search's plain cost=analytic), "analytic:MACHINE_FILE" or
 * "model:MODEL_FILE", estimating for one thread. A model trained on code
 * features is refused (scoring terms lowers none). False with a message;
 * then *m needs no close. */
bool ariCostModelOpenForTerms(AriCostModel *m, const char *spec, char *err, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_MODEL_H */
