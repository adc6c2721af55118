/*===- utils/bytes.h - little-endian integers in byte buffers --------------===*\
 *
 * The file formats (costmodel's datasets and model files) store every
 * integer little-endian, whatever the host's byte order.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_UTILS_BYTES_H
#define ARIADNE_UTILS_BYTES_H

#include <stdint.h>

static inline void ariPutLE16(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
}

static inline void ariPutLE32(unsigned char *p, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    p[i] = (unsigned char)(v >> (8 * i));
}

static inline void ariPutLE64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    p[i] = (unsigned char)(v >> (8 * i));
}

static inline uint32_t ariGetLE16(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static inline uint32_t ariGetLE32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t ariGetLE64(const unsigned char *p) {
  return ariGetLE32(p) | (uint64_t)ariGetLE32(p + 4) << 32;
}

#endif /* ARIADNE_UTILS_BYTES_H */
