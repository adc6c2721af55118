/*===- embedded.h - example programs compiled into the driver -------------===*/

#ifndef ARIADNE_UTILS_EMBEDDED_H
#define ARIADNE_UTILS_EMBEDDED_H

#include <stddef.h>

typedef struct AriEmbeddedFile {
  const char *name; /* file name without extension, e.g. "dot" */
  const char *text; /* the .mlir source */
} AriEmbeddedFile;

/* The embedded examples (test/examples at build time), in a fixed order. */
const AriEmbeddedFile *ariEmbeddedExamples(size_t *count);

#endif /* ARIADNE_UTILS_EMBEDDED_H */
