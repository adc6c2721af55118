/*===- costmodel/nn/params.c - trainable parameters and their files ------===*/

#include "costmodel/nn/params.h"

#include "costmodel/dataset.h"
#include "utils/bytes.h"
#include "utils/file.h"
#include "utils/hash.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t ariNnRngNext(AriNnRng *r) { return ariHashSplitMix64(&r->state); }

float ariNnRngUniform(AriNnRng *r, float lo, float hi) {
  /* 24 random bits: every float in [0, 1) this can give is exact. */
  float u = (float)(ariNnRngNext(r) >> 40) * (1.0f / 16777216.0f);
  return lo + (hi - lo) * u;
}

void ariNnParamsInit(AriNnParams *ps) {
  memset(ps, 0, sizeof *ps);
  ariArenaInit(&ps->arena, 0);
}

void ariNnParamsDestroy(AriNnParams *ps) {
  ariArenaDestroy(&ps->arena);
  ps->n = 0;
}

AriNnParam *ariNnParamNew(AriNnParams *ps, const char *name, unsigned rows, unsigned cols,
                          AriNnInit init, AriNnRng *rng) {
  if (ps->n >= ARI_NN_MAX_PARAMS || !rows || !cols || (size_t)rows * cols > (1u << 28))
    return NULL;
  size_t k = (size_t)rows * cols;
  AriNnParam *p = ariArenaCalloc(&ps->arena, sizeof *p);
  float *mem = ariArenaCalloc(&ps->arena, 4 * k * sizeof(float));
  char *nm = ariArenaStrndup(&ps->arena, name, strlen(name));
  if (!p || !mem || !nm)
    return NULL;
  *p = (AriNnParam){nm, rows, cols, mem, mem + k, mem + 2 * k, mem + 3 * k};
  float a = init == ARI_NN_INIT_GLOROT ? sqrtf(6.0f / (float)(rows + cols)) : 0.5f;
  if (init != ARI_NN_INIT_ZERO)
    for (size_t i = 0; i < k; ++i)
      p->v[i] = ariNnRngUniform(rng, -a, a);
  ps->items[ps->n++] = p;
  return p;
}

void ariNnParamsZeroGrad(AriNnParams *ps) {
  for (unsigned i = 0; i < ps->n; ++i)
    memset(ps->items[i]->g, 0, sizeof(float) * ps->items[i]->rows * ps->items[i]->cols);
}

size_t ariNnParamsCount(const AriNnParams *ps) {
  size_t n = 0;
  for (unsigned i = 0; i < ps->n; ++i)
    n += (size_t)ps->items[i]->rows * ps->items[i]->cols;
  return n;
}

void ariNnParamsGet(const AriNnParams *ps, float *dst) {
  for (unsigned i = 0; i < ps->n; ++i) {
    size_t k = (size_t)ps->items[i]->rows * ps->items[i]->cols;
    memcpy(dst, ps->items[i]->v, k * sizeof *dst);
    dst += k;
  }
}

void ariNnParamsSet(AriNnParams *ps, const float *src) {
  for (unsigned i = 0; i < ps->n; ++i) {
    size_t k = (size_t)ps->items[i]->rows * ps->items[i]->cols;
    memcpy(ps->items[i]->v, src, k * sizeof *src);
    src += k;
  }
}

void ariNnParamsSwap(AriNnParams *ps, float *buf) {
  for (unsigned i = 0; i < ps->n; ++i) {
    float *v = ps->items[i]->v;
    size_t k = (size_t)ps->items[i]->rows * ps->items[i]->cols;
    for (size_t j = 0; j < k; ++j) {
      float t = v[j];
      v[j] = buf[j];
      buf[j] = t;
    }
    buf += k;
  }
}

void ariNnParamsAverage(const AriNnParams *ps, float *avg, float decay) {
  for (unsigned i = 0; i < ps->n; ++i) {
    const float *v = ps->items[i]->v;
    size_t k = (size_t)ps->items[i]->rows * ps->items[i]->cols;
    for (size_t j = 0; j < k; ++j)
      avg[j] = decay * avg[j] + (1 - decay) * v[j];
    avg += k;
  }
}

/*=== Files ===============================================================*/

static const unsigned char kMagic[4] = {'A', 'R', 'N', 'N'};

bool ariNnParamsSave(const AriNnParams *ps, const char *path, const char tag[8],
                     const uint32_t *meta, unsigned nmeta, char *err, size_t errCap) {
  if (nmeta > ARI_NN_MAX_META) {
    snprintf(err, errCap, "cannot write parameter file '%s': too many meta words", path);
    return false;
  }
  size_t len = 4 + 4 + 8 + 4 + 4 * (size_t)nmeta + 4 + 4;
  for (unsigned i = 0; i < ps->n; ++i)
    len += 12 + strlen(ps->items[i]->name) + 4 * (size_t)ps->items[i]->rows * ps->items[i]->cols;
  unsigned char *buf = malloc(len), *p = buf;
  if (!buf) {
    snprintf(err, errCap, "out of memory writing parameter file '%s'", path);
    return false;
  }
  memcpy(p, kMagic, 4);
  ariPutLE32(p + 4, ARI_NN_FILE_VERSION);
  memcpy(p + 8, tag, 8);
  ariPutLE32(p + 16, nmeta);
  p += 20;
  for (unsigned i = 0; i < nmeta; ++i, p += 4)
    ariPutLE32(p, meta[i]);
  ariPutLE32(p, ps->n);
  p += 4;
  for (unsigned i = 0; i < ps->n; ++i) {
    const AriNnParam *q = ps->items[i];
    size_t nl = strlen(q->name), k = (size_t)q->rows * q->cols;
    ariPutLE32(p, (uint32_t)nl);
    memcpy(p + 4, q->name, nl);
    p += 4 + nl;
    ariPutLE32(p, q->rows);
    ariPutLE32(p + 4, q->cols);
    p += 8;
    for (size_t j = 0; j < k; ++j, p += 4) {
      uint32_t bits;
      memcpy(&bits, &q->v[j], 4);
      ariPutLE32(p, bits);
    }
  }
  ariPutLE32(p, ariCostDsCrc32(buf, (size_t)(p - buf)));
  AriFileError fe = ariFileWriteAtomic(path, buf, len);
  free(buf);
  if (!ariFileOk(fe)) {
    ariFileErrorFormat(fe, "parameter file", err, errCap);
    return false;
  }
  return true;
}

/* A bounds-checked reader over the file's bytes (the CRC excluded). */
typedef struct Reader {
  const unsigned char *p, *end;
} Reader;

static bool take(Reader *r, size_t n, const unsigned char **out) {
  if ((size_t)(r->end - r->p) < n)
    return false;
  *out = r->p;
  r->p += n;
  return true;
}

static bool takeU32(Reader *r, uint32_t *v) {
  const unsigned char *q;
  if (!take(r, 4, &q))
    return false;
  *v = ariGetLE32(q);
  return true;
}

bool ariNnParamsLoad(AriNnParams *ps, const char *path, const char tag[8], uint32_t *meta,
                     unsigned nmeta, char *err, size_t errCap) {
  char *data;
  size_t len;
  /* 1 GiB: far beyond any network here, and it keeps /dev/zero finite. */
  AriFileError fe = ariFileRead(path, NULL, (size_t)1 << 30, &data, &len);
  if (!ariFileOk(fe)) {
    ariFileErrorFormat(fe, "parameter file", err, errCap);
    return false;
  }
  const unsigned char *u = (const unsigned char *)data;
  const char *why = NULL;
  char whyBuf[160];
  if (len < 28 || memcmp(u, kMagic, 4))
    why = "not a parameter file (bad magic or too short)";
  else if (ariGetLE32(u + len - 4) != ariCostDsCrc32(u, len - 4))
    why = "checksum mismatch (the file is corrupt or truncated)";
  else if (ariGetLE32(u + 4) != ARI_NN_FILE_VERSION)
    why = "unsupported version";
  else if (memcmp(u + 8, tag, 8)) {
    snprintf(whyBuf, sizeof whyBuf, "holds '%.8s' parameters, not '%.8s'", (const char *)u + 8,
             tag);
    why = whyBuf;
  }
  Reader r = {u + 16, u + len - 4};
  uint32_t fileMeta = 0, np = 0;
  if (!why && (!takeU32(&r, &fileMeta) || fileMeta != nmeta))
    why = "unexpected number of meta words";
  for (unsigned i = 0; !why && i < nmeta; ++i)
    if (!takeU32(&r, &meta[i]))
      why = "truncated meta words";
  if (!why && ps) {
    if (!takeU32(&r, &np) || np != ps->n) {
      snprintf(whyBuf, sizeof whyBuf, "holds %u parameters, the network has %u", np, ps->n);
      why = whyBuf;
    }
    /* Check everything before copying anything: a bad file leaves ps as it was. */
    for (int pass = 0; pass < 2 && !why; ++pass) {
      Reader q = r;
      for (unsigned i = 0; !why && i < np; ++i) {
        const AriNnParam *p = ps->items[i];
        uint32_t nl, rows, cols;
        const unsigned char *name, *vals;
        if (!takeU32(&q, &nl) || !take(&q, nl, &name) || !takeU32(&q, &rows) ||
            !takeU32(&q, &cols)) {
          why = "truncated parameter header";
          break;
        }
        if (nl != strlen(p->name) || memcmp(name, p->name, nl) || rows != p->rows ||
            cols != p->cols) {
          snprintf(whyBuf, sizeof whyBuf, "parameter %u is '%.*s' %ux%u, expected '%s' %ux%u", i,
                   (int)(nl < 40 ? nl : 40), (const char *)name, rows, cols, p->name, p->rows,
                   p->cols);
          why = whyBuf;
          break;
        }
        if (!take(&q, 4 * (size_t)rows * cols, &vals)) {
          why = "truncated parameter values";
          break;
        }
        if (pass == 1)
          for (size_t j = 0; j < (size_t)rows * cols; ++j) {
            uint32_t bits = ariGetLE32(vals + 4 * j);
            memcpy(&p->v[j], &bits, 4);
          }
      }
      if (!why && pass == 0 && q.p != q.end)
        why = "trailing bytes after the parameters";
    }
  }
  free(data);
  if (why) {
    snprintf(err, errCap, "parameter file '%s': %s", path, why);
    return false;
  }
  return true;
}
