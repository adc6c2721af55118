/*===- hash.c - the hash functions of Ariadne's tables --------------------===*/

#include "utils/hash.h"

uint32_t ariHashBytes32(const void *p, size_t n) {
  const unsigned char *b = p;
  uint32_t h = 2166136261u; /* FNV-1a's 32-bit offset basis and prime */
  for (size_t i = 0; i < n; ++i)
    h = (h ^ b[i]) * 16777619u;
  return h;
}
