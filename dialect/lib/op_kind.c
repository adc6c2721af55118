/*===- op_kind.c - rise op kinds from op names ----------------------------===*\
 *
 * The names come from ariadne-c/RiseOps.def, which lists them in byte
 * order, so the table below is sorted and indexed by RiseOpKind at once.
 *
\*===----------------------------------------------------------------------===*/

#include "ariadne-c/Types.h"

#include <string.h>

typedef struct {
  const char *name;
  size_t len;
} OpName;

static const OpName kNames[RISE_OP_NUM_KINDS] = {
    [RISE_OP_NONE] = {NULL, 0},
#define RISE_OP(Kind, Name, OdsClass) [RISE_OP_##Kind] = {Name, sizeof Name - 1},
#include "ariadne-c/RiseOps.def"
};

/* Byte order, a proper prefix first: the order of RiseOps.def. */
static int compareName(MlirStringRef s, const OpName *n) {
  size_t common = s.length < n->len ? s.length : n->len;
  int c = memcmp(s.data, n->name, common);
  if (c)
    return c;
  return (s.length > n->len) - (s.length < n->len);
}

RiseOpKind riseOpKindFromName(MlirStringRef name) {
  /* Most ops a pass meets are arith, math or func: one comparison turns
   * them away before the search. */
  if (name.length <= 5 || memcmp(name.data, "rise.", 5) != 0)
    return RISE_OP_NONE;
  size_t lo = 1, hi = RISE_OP_NUM_KINDS; /* search [lo, hi) */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = compareName(name, &kNames[mid]);
    if (c == 0)
      return (RiseOpKind)mid;
    if (c < 0)
      hi = mid;
    else
      lo = mid + 1;
  }
  return RISE_OP_NONE;
}

RiseOpKind riseOpKind(MlirOperation op) {
  return riseOpKindFromName(mlirIdentifierStr(mlirOperationGetName(op)));
}

const char *riseOpKindName(RiseOpKind k) {
  if ((unsigned)k >= RISE_OP_NUM_KINDS)
    return NULL;
  return kNames[k].name;
}
