/*===- costmodel/nn/adam.c - the Adam optimiser with gradient clipping ----===*/

#include "costmodel/nn/adam.h"

#include <math.h>
#include <string.h>

AriNnAdam ariNnAdamDefault(float clip) { return (AriNnAdam){0.9f, 0.999f, 1e-8f, clip, 0}; }

float ariNnAdamStep(AriNnParams *ps, AriNnAdam *o, float lr) {
  double sq = 0;
  for (unsigned i = 0; i < ps->n; ++i) {
    const AriNnParam *p = ps->items[i];
    for (size_t j = 0; j < (size_t)p->rows * p->cols; ++j)
      sq += (double)p->g[j] * p->g[j];
  }
  float norm = (float)sqrt(sq);
  float k = o->clip > 0 && norm > o->clip ? o->clip / norm : 1.0f;
  o->steps++;
  /* Bias corrections of the moments' zero start. */
  double c1 = 1 - pow(o->beta1, (double)o->steps), c2 = 1 - pow(o->beta2, (double)o->steps);
  float step = (float)(lr * sqrt(c2) / c1);
  for (unsigned i = 0; i < ps->n; ++i) {
    AriNnParam *p = ps->items[i];
    size_t n = (size_t)p->rows * p->cols;
    for (size_t j = 0; j < n; ++j) {
      float g = k * p->g[j];
      p->m[j] = o->beta1 * p->m[j] + (1 - o->beta1) * g;
      p->s[j] = o->beta2 * p->s[j] + (1 - o->beta2) * g * g;
      p->v[j] -= step * p->m[j] / (sqrtf(p->s[j]) + o->eps);
    }
    memset(p->g, 0, sizeof(float) * n);
  }
  return norm;
}
