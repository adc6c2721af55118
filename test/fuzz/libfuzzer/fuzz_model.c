/*===- fuzz_model.c - libFuzzer harness: cost-model model files -----------===*\
 *
 * The model-file loader of costmodel/xgb.h, from memory (ariXgbLoadMem,
 * which ariXgbLoad reads the file into): a 48-byte header of ours with its
 * own CRC and the payload's CRC, then XGBoost's JSON model. What must hold:
 *
 *   - an input that fails the header's checks (magic, header CRC, version,
 *     objective, lengths, payload CRC; the harness checks them on its own)
 *     is an error with a message, and XGBoost never sees it: no silent
 *     success where a CRC would fail;
 *   - a model that loads has the header's fields, saves (ariXgbSaveMem)
 *     with the same header fields, loads back, saves again to the same
 *     bytes, and predicts the same as the model it came from.
 *
 * XGBoost itself (Debian's libxgboost, uninstrumented) is not what this
 * fuzzes, and it is not robust against arbitrary JSON. The payload CRC
 * keeps damaged files away from it, but it proves nothing against this
 * fuzzer: libFuzzer sees the comparison of the stored CRC with the
 * computed one and writes the computed value into the input (a "forged"
 * CRC), after which any JSON would reach XGBoost. So the harness hands
 * XGBoost only payloads our writer produced, by construction: an input
 * whose header passes every check but whose payload is not byte for byte
 * one of the known payloads is skipped (returned -1, kept out of the
 * corpus). The known payloads are those of the committed seeds made by
 * `ariadne-cost train` (corpus/fuzz_model/seed-*.arim, FZ_MODEL_SEEDS) and
 * what ariXgbSaveMem writes for them. Header fields of ours stay free.
 * XGBoost runs on one thread: nthread=1 (what ariXgbLoadMem sets) applies
 * only from a booster's first prediction, and loading uses every core, so
 * the harness also sets libgomp's thread count to 1.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/fuzz/libfuzzer/harness.h"

#include "costmodel/xgb.h"
#include "utils/bytes.h"
#include "utils/strbuf.h"

#include <dirent.h>
#include <dlfcn.h>
#include <string.h>
#include <zlib.h>

#ifndef FZ_MODEL_SEEDS
#error "FZ_MODEL_SEEDS: the directory of the model seeds (CMakeLists.txt)"
#endif

enum { MAX_KNOWN = 16, MAX_PREDICT_FEATURES = 1024 };

/* The payloads XGBoost may see. libFuzzer's entry point has no context
 * argument, so this one table, filled once by LLVMFuzzerInitialize and
 * read-only after, is the harness's state. */
static struct {
  char *payload[MAX_KNOWN];
  size_t len[MAX_KNOWN];
  size_t n;
} known;

static uint32_t crcOf(const unsigned char *p, size_t n) {
  return (uint32_t)crc32(crc32(0L, Z_NULL, 0), p, (uInt)n);
}

/* Whether data[0..len) passes every check of the header (the harness's own
 * reading of docs/costmodel.md, "Model files"). */
static bool headerPasses(const unsigned char *h, size_t len) {
  if (len < ARI_XGB_MODEL_HEADER || memcmp(h, "ARIXGBM\x1a", 8) || ariGetLE32(h + 44) != crcOf(h, 44))
    return false;
  uint32_t version = ariGetLE32(h + 8), obj = ariGetLE32(h + 12), plen = ariGetLE32(h + 36);
  return version == ARI_XGB_MODEL_VERSION && (obj == ARI_XGB_RANK || obj == ARI_XGB_REG) &&
         plen == len - ARI_XGB_MODEL_HEADER && ariGetLE32(h + 40) == crcOf(h + ARI_XGB_MODEL_HEADER, plen);
}

static bool isKnown(const void *p, size_t n) {
  for (size_t i = 0; i < known.n; ++i)
    if (known.len[i] == n && !memcmp(known.payload[i], p, n))
      return true;
  return false;
}

static void addKnown(const char *p, size_t n) {
  if (isKnown(p, n))
    return;
  FZ_REQUIRE(known.n < MAX_KNOWN, "fuzz_model: too many seed payloads");
  known.payload[known.n] = malloc(n ? n : 1);
  FZ_REQUIRE(known.payload[known.n], "fuzz_model: out of memory");
  memcpy(known.payload[known.n], p, n);
  known.len[known.n++] = n;
}

/* The model saved as a model file into out. */
static void save(const AriXgbModel *m, AriStr *out) {
  AriXgbError err;
  ariStrClear(out);
  FZ_REQUIRE(ariXgbSaveMem(m, out, &err), "fuzz_model: a loaded model does not save");
}

/* Reads the seeds our writer made, and what it writes for them. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  /* XGBoost 1.7 loads a model's trees on every core (OpenMP) whatever the
   * booster's nthread, which only applies from its first prediction: the
   * harness stays on one thread. libgomp is libxgboost's (GNU's), looked
   * up rather than linked, so that the harness does not pick clang's. */
  void (*setThreads)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_num_threads");
  FZ_REQUIRE(setThreads, "fuzz_model: libgomp's omp_set_num_threads not found");
  setThreads(1);
  DIR *d = opendir(FZ_MODEL_SEEDS);
  FZ_REQUIRE(d, "fuzz_model: cannot open the seed directory " FZ_MODEL_SEEDS);
  struct dirent *e;
  AriStr s;
  ariStrInit(&s, NULL);
  while ((e = readdir(d))) {
    size_t nl = strlen(e->d_name);
    if (strncmp(e->d_name, "seed-", 5) || nl < 10 || strcmp(e->d_name + nl - 5, ".arim"))
      continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", FZ_MODEL_SEEDS, e->d_name);
    AriXgbModel m = {0};
    AriXgbError err;
    FZ_REQUIRE(ariXgbLoad(path, &m, &err), "fuzz_model: a seed model does not load");
    save(&m, &s);
    FILE *f = fopen(path, "rb");
    FZ_REQUIRE(f, "fuzz_model: cannot open a seed");
    char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    FZ_REQUIRE(n > ARI_XGB_MODEL_HEADER && n < sizeof buf, "fuzz_model: a seed is too large");
    addKnown(buf + ARI_XGB_MODEL_HEADER, n - ARI_XGB_MODEL_HEADER);
    addKnown(s.buf + ARI_XGB_MODEL_HEADER, s.len - ARI_XGB_MODEL_HEADER);
    ariXgbFree(&m);
  }
  closedir(d);
  ariStrFree(&s);
  FZ_REQUIRE(known.n > 0, "fuzz_model: no seed-*.arim in " FZ_MODEL_SEEDS);
  return 0;
}

/* The model's output for a row of zeros (false: XGBoost refused). */
static bool predictZeros(const AriXgbModel *m, double *out) {
  double x[MAX_PREDICT_FEATURES] = {0};
  AriXgbError err;
  err.msg[0] = 0;
  if (ariXgbPredictOne(m, x, out, &err))
    return true;
  FZ_REQUIRE(err.msg[0], "fuzz_model: a prediction failed without a message");
  return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  bool passes = headerPasses(data, size);
  if (passes && !isKnown(data + ARI_XGB_MODEL_HEADER, size - ARI_XGB_MODEL_HEADER))
    return -1; /* a forged CRC: XGBoost gets only our writer's payloads */
  AriXgbModel m = {0};
  AriXgbError err;
  err.msg[0] = 0;
  if (!ariXgbLoadMem(data, size, &m, &err)) {
    FZ_REQUIRE(err.msg[0], "fuzz_model: an error without a message");
    FZ_REQUIRE(!passes, "fuzz_model: a payload our writer made does not load");
    return 0;
  }
  FZ_REQUIRE(passes, "fuzz_model: loaded a file whose header checks fail");
  FZ_REQUIRE(m.objective == ariGetLE32(data + 12) && m.featureLayout == ariGetLE32(data + 16) &&
                 m.numFeatures == ariGetLE32(data + 20) && m.seed == ariGetLE64(data + 24) &&
                 m.rounds == ariGetLE32(data + 32),
             "fuzz_model: the model's fields are not the header's");

  AriStr s1, s2;
  ariStrInit(&s1, NULL);
  ariStrInit(&s2, NULL);
  save(&m, &s1);
  FZ_REQUIRE(s1.len >= ARI_XGB_MODEL_HEADER && !memcmp(s1.buf, data, 36),
             "fuzz_model: a loaded model saves with a different header");
  AriXgbModel back = {0};
  FZ_REQUIRE(ariXgbLoadMem(s1.buf, s1.len, &back, &err), "fuzz_model: a saved model does not load");
  save(&back, &s2);
  FZ_REQUIRE(s1.len == s2.len && !memcmp(s1.buf, s2.buf, s1.len),
             "fuzz_model: saving is not a fixed point");
  if (m.numFeatures <= MAX_PREDICT_FEATURES) {
    double a = 0, b = 0;
    bool okA = predictZeros(&m, &a), okB = predictZeros(&back, &b);
    FZ_REQUIRE(okA == okB && (!okA || !memcmp(&a, &b, sizeof a)),
               "fuzz_model: the reloaded model predicts differently");
  }
  ariXgbFree(&back);
  ariXgbFree(&m);
  ariStrFree(&s1);
  ariStrFree(&s2);
  return 0;
}
