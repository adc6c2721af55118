/*===- costmodel/xgb.h - learned cost models on XGBoost's C API -----------===*\
 *
 * A thin wrapper over XGBoost's C API (Debian's libxgboost-dev; TVM's
 * choice for its cost model), in the two forms the cost model uses:
 *
 *   ARI_XGB_RANK  rank:pairwise, rows grouped by program: it learns which
 *                 variant of a program is faster. Labels are TenSet's
 *                 normalised throughput, best time of the group / time, so
 *                 1 for the fastest variant. Its output is a score, higher
 *                 for faster; it is comparable only within one program.
 *   ARI_XGB_REG   reg:squarederror on log(time in seconds): it predicts
 *                 run times (exp of the output), across programs too.
 *
 * Training is deterministic: one thread, the `hist` tree method and the
 * caller's seed, so the same data and seed give a byte-identical model
 * file (the unit test checks).
 *
 * Model files are XGBoost's JSON model behind a 48-byte header of ours
 * (docs/costmodel.md, "Model files"): magic, version, objective, the
 * feature layout version and feature count the model was trained on, seed,
 * rounds, the payload's length and CRC32, and the header's own CRC32. They
 * are written atomically (temporary file + rename). Loading checks all of
 * it before XGBoost sees a byte, so a damaged, truncated or foreign file is
 * a clear error, and ariXgbCheckLayout turns a model/data mismatch into one.
 * The CRCs catch damage, not a file made to pass them, and XGBoost 1.7 does
 * not survive every JSON model (test/fuzz/xgboost-bugs/): model files are
 * trusted input.
 *
 * Errors are values: false and a message in an AriXgbError.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_XGB_H
#define ARIADNE_COSTMODEL_XGB_H

#include "utils/strbuf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum AriXgbObjective {
  ARI_XGB_RANK = 1, /* rank:pairwise grouped by program */
  ARI_XGB_REG = 2,  /* reg:squarederror on log time */
} AriXgbObjective;

/* "rank" / "reg"; NULL for anything else. */
const char *ariXgbObjectiveName(AriXgbObjective o);
/* Parses "rank" or "reg"; false otherwise. */
bool ariXgbObjectiveParse(const char *s, AriXgbObjective *o);

enum { ARI_XGB_MODEL_HEADER = 48, ARI_XGB_MODEL_VERSION = 1 };
/* The largest XGBoost payload a model file may hold. */
#define ARI_XGB_MAX_PAYLOAD (1u << 30)

typedef struct AriXgbError {
  char msg[512];
} AriXgbError;

typedef struct AriXgbParams {
  AriXgbObjective objective;
  uint64_t seed;
  uint32_t rounds;   /* boosting rounds; 0: 200 */
  uint32_t maxDepth; /* 0: 6 */
  double eta;        /* learning rate; 0: 0.2 */
  double subsample;  /* rows each tree sees, drawn from the seed; 0: 0.8 */
  double colsample;  /* features each tree sees; 0: 0.8 */
} AriXgbParams;

/* Training rows: rows x cols features, row-major, the row's measured time
 * in seconds (finite, > 0), and (for ranking) the groups: numGroups
 * consecutive runs of rows, one per program, whose sizes sum to rows. */
typedef struct AriXgbData {
  size_t rows;
  uint32_t cols;
  const float *x;
  const double *time;
  const uint32_t *groupSizes; /* rank only; NULL for reg */
  size_t numGroups;
} AriXgbData;

/* A trained or loaded model. */
typedef struct AriXgbModel {
  void *booster; /* XGBoost's BoosterHandle */
  AriXgbObjective objective;
  uint32_t featureLayout;
  uint32_t numFeatures;
  uint64_t seed;
  uint32_t rounds;
} AriXgbModel;

/* Called after each boosting round (done = 1..total); may be NULL. */
typedef void (*AriXgbProgress)(void *ctx, uint32_t done, uint32_t total);

/* Trains a model of p->objective on d, whose features follow layout
 * version `featureLayout`. On failure *m is untouched. */
bool ariXgbTrain(const AriXgbParams *p, const AriXgbData *d, uint32_t featureLayout,
                 AriXgbProgress progress, void *progressCtx, AriXgbModel *m, AriXgbError *err);

/* The model file's bytes (header + XGBoost JSON), appended to out. */
bool ariXgbSaveMem(const AriXgbModel *m, AriStr *out, AriXgbError *err);
/* Writes the model file atomically. */
bool ariXgbSave(const AriXgbModel *m, const char *path, AriXgbError *err);

/* Loads a model from a model file's bytes / from a file, checking the
 * header, lengths and CRCs first. */
bool ariXgbLoadMem(const void *data, size_t len, AriXgbModel *m, AriXgbError *err);
bool ariXgbLoad(const char *path, AriXgbModel *m, AriXgbError *err);

/* False, with a message naming both, unless data of this layout version
 * and feature count fits the model. */
bool ariXgbCheckLayout(const AriXgbModel *m, uint32_t featureLayout, uint32_t numFeatures,
                       AriXgbError *err);

/* The model's raw output for rows x m->numFeatures features (row-major,
 * NaN: missing) into out[0..rows): a score (rank) or log seconds (reg). */
bool ariXgbPredict(const AriXgbModel *m, const float *x, size_t rows, double *out,
                   AriXgbError *err);

/* One row given as doubles (m->numFeatures of them). */
bool ariXgbPredictOne(const AriXgbModel *m, const double *features, double *out,
                      AriXgbError *err);

/* A raw output turned into "higher is faster" (the score itself for rank,
 * minus the log time for reg), and into seconds (reg only; NaN for rank). */
double ariXgbScore(const AriXgbModel *m, double raw);
double ariXgbSeconds(const AriXgbModel *m, double raw);

void ariXgbFree(AriXgbModel *m);

/* The version of the XGBoost library linked in. */
void ariXgbLibraryVersion(int *major, int *minor, int *patch);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_XGB_H */
