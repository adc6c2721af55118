/*===- costmodel/nn/params.h - trainable parameters and their files ------===*\
 *
 * A network's parameters are named dense float matrices that outlive the
 * tapes of its forward passes (costmodel/nn/tape.h): each has its values,
 * the gradient that backward passes add into, and Adam's two moment
 * estimates (costmodel/nn/adam.h). A parameter set owns them all in one
 * arena; nothing is freed before the set.
 *
 * Initialisation is a function of a seed only (AriNnRng, splitmix64), so
 * the same seed gives bit-identical networks on every machine.
 *
 * Files. A parameter set is saved as one little-endian file that ends in
 * the CRC32 of everything before it (docs/nn.md, "Parameter files"):
 *
 *   "ARNN" | u32 version (1) | 8-byte tag | u32 nmeta | u32 meta[nmeta]
 *   | u32 nparams | per parameter: u32 namelen, name, u32 rows, u32 cols,
 *     f32 values[rows * cols] | u32 crc32
 *
 * The tag says what owns the parameters ("valuenet"); meta holds its
 * shape (for the value network: d, T, H, vocabulary). Writing is atomic
 * (ariFileWriteAtomic: temporary file + rename). Reading checks the CRC
 * before trusting any length, and then every length against the file's
 * end, so a truncated, corrupt or foreign file is an error message, never
 * a crash. Adam's moments are not saved: a loaded network trains on with
 * fresh moments.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_NN_PARAMS_H
#define ARIADNE_COSTMODEL_NN_PARAMS_H

#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ARI_NN_MAX_PARAMS = 128, /* parameters in one set */
  ARI_NN_MAX_META = 16,    /* meta words in a file */
  ARI_NN_FILE_VERSION = 1
};

/* splitmix64: a tiny seeded generator (state in the caller's hands). */
typedef struct AriNnRng {
  uint64_t state;
} AriNnRng;

uint64_t ariNnRngNext(AriNnRng *r);
/* Uniform in [lo, hi). */
float ariNnRngUniform(AriNnRng *r, float lo, float hi);

typedef struct AriNnParam {
  const char *name;
  unsigned rows, cols;
  float *v, *g; /* values; gradient (accumulated by backward passes) */
  float *m, *s; /* Adam's first and second moments */
} AriNnParam;

typedef struct AriNnParams {
  AriArena arena;
  AriNnParam *items[ARI_NN_MAX_PARAMS];
  unsigned n;
} AriNnParams;

void ariNnParamsInit(AriNnParams *ps);
void ariNnParamsDestroy(AriNnParams *ps);

/* How a new parameter's values are drawn. */
typedef enum AriNnInit {
  ARI_NN_INIT_ZERO,   /* biases */
  ARI_NN_INIT_GLOROT, /* uniform in +-sqrt(6 / (rows + cols)): weights */
  ARI_NN_INIT_EMBED   /* uniform in +-0.5: embedding tables */
} AriNnInit;

/* A new rows x cols parameter (name copied), or NULL when out of memory,
 * out of slots or for an empty shape. */
AriNnParam *ariNnParamNew(AriNnParams *ps, const char *name, unsigned rows, unsigned cols,
                          AriNnInit init, AriNnRng *rng);

/* Sets every gradient to zero. */
void ariNnParamsZeroGrad(AriNnParams *ps);
/* Total number of scalars. */
size_t ariNnParamsCount(const AriNnParams *ps);

/* Checkpoints in memory: every value, in parameter order, copied to or
 * from a flat array of ariNnParamsCount(ps) floats. */
void ariNnParamsGet(const AriNnParams *ps, float *dst);
void ariNnParamsSet(AriNnParams *ps, const float *src);
/* Exchanges the values with buf's (the same flat layout), so that a
 * checkpoint can stand in for the values and go back afterwards. */
void ariNnParamsSwap(AriNnParams *ps, float *buf);

/* Polyak averaging: avg = decay * avg + (1 - decay) * values, elementwise
 * over the flat layout of ariNnParamsGet. A running average of the
 * parameters that an optimiser visits is steadier than their last value
 * when the gradient's noise keeps them moving (docs/nn.md). */
void ariNnParamsAverage(const AriNnParams *ps, float *avg, float decay);

/* Writes ps to `path` atomically (format above). */
bool ariNnParamsSave(const AriNnParams *ps, const char *path, const char tag[8],
                     const uint32_t *meta, unsigned nmeta, char *err, size_t errCap);

/* Reads `path`: checks magic, version, CRC and tag, and stores the file's
 * nmeta meta words in meta (a different count is an error). With ps NULL
 * that is all (a caller learns the shape, builds the network, then loads
 * again); otherwise the file's parameters must match ps's names and shapes
 * one for one, and their values replace ps's. Errors name the path. */
bool ariNnParamsLoad(AriNnParams *ps, const char *path, const char tag[8], uint32_t *meta,
                     unsigned nmeta, char *err, size_t errCap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_NN_PARAMS_H */
