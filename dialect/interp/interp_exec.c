/*===- interp_exec.c - executing the interpreter's node tree --------------===*\
 *
 * The semantics of the rise patterns (thesis chapter 3, listings 3.5/3.6
 * and §3.4), on flat blobs (see interp_impl.h). Low-level forms run exactly
 * like their high-level forms: every map kind applies its region to each
 * element in order, reduce folds from the left, circular_buffer is slide
 * of the loaded elements, rotate_values is slide of the written ones.
 *
\*===----------------------------------------------------------------------===*/

#include "dialect/interp/interp_impl.h"

#include "mlir-c/Diagnostics.h"

#include <inttypes.h>
#include <stdio.h>

#define V(slot) (x->val[(slot)])

static bool runBody(InterpExec *x, const InterpBody *b);

static bool limitReached(InterpExec *x, const InterpNode *n) {
  char msg[128];
  snprintf(msg, sizeof msg, "interpreter stopped: executed-op limit of %" PRId64 " reached",
           x->maxOps);
  mlirEmitError(mlirOperationGetLocation(n->op), msg);
  return false;
}

/* Runs region `b` once per element: element i of `in` (isz bytes each) is
 * the parameter, and what the region yields becomes element i of `out`. */
static bool mapElements(InterpExec *x, const InterpBody *b, const uint8_t *in, size_t isz,
                        uint8_t *out, size_t osz, int64_t count) {
  int32_t arg = b->arg[0], y = b->yield;
  for (int64_t i = 0; i < count; ++i) {
    V(arg) = (uint8_t *)in + (size_t)i * isz;
    if (!runBody(x, b))
      return false;
    memcpy(out + (size_t)i * osz, V(y), osz);
  }
  return true;
}

/* slide size 1 over `count` elements of esz bytes: window w is elements
 * [w, w + size). */
static void slideByOne(const uint8_t *in, uint8_t *out, size_t esz, int64_t size,
                       int64_t windows) {
  size_t wsz = (size_t)size * esz;
  for (int64_t w = 0; w < windows; ++w)
    memcpy(out + (size_t)w * wsz, in + (size_t)w * esz, wsz);
}

static bool execNode(InterpExec *x, const InterpNode *n) {
  switch ((InterpNodeKind)n->kind) {
  case NK_NOP:
    return true;
  case NK_ALIAS:
    V(n->out[0]) = V(n->in[0]);
    return true;
  case NK_SND:
    V(n->out[0]) = V(n->in[0]) + n->a;
    return true;
  case NK_SELECT:
    V(n->out[0]) = (*V(n->in[0]) & 1) ? V(n->in[1]) : V(n->in[2]);
    return true;
  case NK_IN:
    /* A copy, so that a later rise.out to the same memref cannot change a
     * value already read. */
    memcpy(n->store, V(n->in[0]), n->osz);
    x->cnt.bytesRead += n->bytesRead;
    return true;
  case NK_OUT:
    memmove(V(n->in[1]), V(n->in[0]), n->osz);
    x->cnt.bytesWritten += n->bytesWritten;
    return true;
  case NK_MAP:
    return mapElements(x, n->body, V(n->in[0]), n->isz, n->store, n->osz, n->trips);
  case NK_REDUCE: {
    const InterpBody *b = n->body;
    const uint8_t *in = V(n->in[1]);
    uint8_t *acc = n->store;
    memmove(acc, V(n->in[0]), n->osz);
    V(b->arg[0]) = acc;
    for (int64_t i = 0; i < n->trips; ++i) {
      V(b->arg[1]) = (uint8_t *)in + (size_t)i * n->isz;
      if (!runBody(x, b))
        return false;
      /* The region may yield its accumulator or a part of it. */
      memmove(acc, V(b->yield), n->osz);
    }
    return true;
  }
  case NK_ZIP: {
    const uint8_t *a = V(n->in[0]), *b = V(n->in[1]);
    size_t sa = (size_t)n->a, sb = (size_t)n->b;
    uint8_t *o = n->store;
    for (int64_t i = 0; i < n->trips; ++i, o += sa + sb) {
      memcpy(o, a + (size_t)i * sa, sa);
      memcpy(o + sa, b + (size_t)i * sb, sb);
    }
    return true;
  }
  case NK_UNZIP: {
    const uint8_t *p = V(n->in[0]);
    size_t sa = (size_t)n->a, sb = (size_t)n->b;
    for (int64_t i = 0; i < n->trips; ++i, p += sa + sb) {
      memcpy(n->store + (size_t)i * sa, p, sa);
      memcpy(n->store2 + (size_t)i * sb, p + sa, sb);
    }
    return true;
  }
  case NK_PAIR:
    memcpy(n->store, V(n->in[0]), (size_t)n->a);
    memcpy(n->store + n->a, V(n->in[1]), (size_t)n->b);
    return true;
  case NK_TRANSPOSE: {
    /* n.m.t -> m.n.t: out[j][i] = in[i][j] */
    const uint8_t *in = V(n->in[0]);
    size_t t = n->isz;
    for (int64_t i = 0; i < n->a; ++i)
      for (int64_t j = 0; j < n->b; ++j)
        memcpy(n->store + ((size_t)j * (size_t)n->a + (size_t)i) * t,
               in + ((size_t)i * (size_t)n->b + (size_t)j) * t, t);
    return true;
  }
  case NK_SLIDE: {
    /* window w holds elements [w*sp, w*sp + sz) */
    const uint8_t *in = V(n->in[0]);
    size_t wsz = (size_t)n->a * n->isz;
    for (int64_t w = 0; w < n->trips; ++w)
      memcpy(n->store + (size_t)w * wsz, in + (size_t)(w * n->b) * n->isz, wsz);
    return true;
  }
  case NK_PAD_CST: {
    const uint8_t *in = V(n->in[0]), *c = V(n->in[1]);
    size_t e = n->isz;
    int64_t total = n->a + n->c + n->b;
    for (int64_t i = 0; i < n->a; ++i)
      memcpy(n->store + (size_t)i * e, c, e);
    memcpy(n->store + (size_t)n->a * e, in, (size_t)n->c * e);
    for (int64_t i = n->a + n->c; i < total; ++i)
      memcpy(n->store + (size_t)i * e, c, e);
    return true;
  }
  case NK_PAD_CLAMP: {
    /* out[i] = in[clamp(i - l, 0, n - 1)] */
    const uint8_t *in = V(n->in[0]);
    size_t e = n->isz;
    int64_t total = n->a + n->c + n->b;
    for (int64_t i = 0; i < total; ++i) {
      int64_t j = i - n->a;
      j = j < 0 ? 0 : j >= n->c ? n->c - 1 : j;
      memcpy(n->store + (size_t)i * e, in + (size_t)j * e, e);
    }
    return true;
  }
  case NK_GENERATE: {
    const InterpBody *b = n->body;
    for (int64_t i = 0; i < n->trips; ++i) {
      memcpy(n->store2, &i, sizeof i);
      if (!runBody(x, b))
        return false;
      memcpy(n->store + (size_t)i * n->osz, V(b->yield), n->osz);
    }
    return true;
  }
  case NK_IDX: {
    int64_t i;
    memcpy(&i, V(n->in[1]), sizeof i);
    if (i < 0 || i >= n->a)
      return interpFail(n, "index %" PRId64 " is out of range for an array of %" PRId64
                           " elements",
                        i, n->a);
    V(n->out[0]) = V(n->in[0]) + (size_t)i * n->isz;
    return true;
  }
  case NK_BROADCAST:
    for (int64_t l = 0; l < n->trips; ++l)
      memcpy(n->store + (size_t)l * n->isz, V(n->in[0]), n->isz);
    return true;
  case NK_CBUF:
  case NK_ROTATE:
    /* circularBuffer a alloc m load = slide m 1 . map load, loading each
     * element once; rotateValues a m write = slide m 1, and write (the
     * identity) still runs once per element. */
    if (!mapElements(x, n->body, V(n->in[0]), n->isz, n->store2, n->osz, n->trips))
      return false;
    slideByOne(n->store2, n->store, n->osz, n->a, n->b);
    return true;
  case NK_KERNEL:
    /* The yielded blob stays valid until the kernel runs again, which also
     * redefines the kernel's result. */
    if (!runBody(x, n->body))
      return false;
    V(n->out[0]) = V(n->body->yield);
    return true;
  case NK_ELEM:
    return interpElem(x, n);
  }
  return interpFail(n, "internal error: unknown interpreter node kind %d", n->kind);
}

static bool runBody(InterpExec *x, const InterpBody *b) {
  for (const InterpNode *n = b->nodes, *e = n + b->n; n < e; ++n) {
    if (x->ops >= x->maxOps)
      return limitReached(x, n);
    x->ops++;
    x->cnt.flops += n->flops;
    x->cnt.transcendentals += n->transcendentals;
    if (!execNode(x, n))
      return false;
  }
  return true;
}

bool interpExecute(InterpExec *x, const InterpProg *prog) {
  x->val = prog->val;
  bool ok = runBody(x, &prog->top);
  x->cnt.ops = x->ops;
  return ok;
}
