/*===- interp.c - the rise reference interpreter --------------------------===*/

#include "ariadne-c/Interp.h"

size_t ariScalarSize(AriScalarKind k) {
  switch (k) {
  case ARI_SCALAR_F32:
  case ARI_SCALAR_I32:
    return 4;
  case ARI_SCALAR_I1:
    return 1;
  case ARI_SCALAR_F64:
  case ARI_SCALAR_I64:
  case ARI_SCALAR_INDEX:
    return 8;
  }
  return 0;
}
