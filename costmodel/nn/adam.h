/*===- costmodel/nn/adam.h - the Adam optimiser with gradient clipping ----===*\
 *
 * Adam (Kingma and Ba) over a parameter set (costmodel/nn/params.h): one
 * step reads the gradients that backward passes accumulated, scales them
 * down as a whole when their global L2 norm exceeds `clip` (so one
 * outlying batch cannot throw the network far), updates the moments and
 * the values, and zeroes the gradients for the next batch. The step is a
 * fixed sequence of float operations: deterministic.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_NN_ADAM_H
#define ARIADNE_COSTMODEL_NN_ADAM_H

#include "costmodel/nn/params.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriNnAdam {
  float beta1, beta2, eps; /* 0.9, 0.999, 1e-8 by default */
  float clip;              /* maximal global gradient norm; 0: no clipping */
  uint64_t steps;          /* steps taken (bias correction) */
} AriNnAdam;

/* The usual constants, clipping at `clip`. */
AriNnAdam ariNnAdamDefault(float clip);

/* One step at learning rate lr; returns the gradient norm before clipping. */
float ariNnAdamStep(AriNnParams *ps, AriNnAdam *o, float lr);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_NN_ADAM_H */
