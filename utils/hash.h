/*===- hash.h - the hash functions of Ariadne's tables --------------------===*\
 *
 * Every hash table in Ariadne (the term store, the e-graph's hashcons,
 * memo tables, seen-sets) builds its keys from these few functions, so
 * there is one place to reason about their quality:
 *
 *   - ariHashMix64: a full 64-bit finaliser (splitmix64's); every input bit
 *     affects every output bit, so a table may take any bits of it. Also
 *     the output function of the splitmix64 random number generator,
 *     whose step is ariHashSplitMix64.
 *   - ariHashStep32: one strong step of a 32-bit hash chain over 64-bit
 *     values (the term store's: ids, sizes, attributes).
 *   - ariHashAdd64 + ariHashFold32: a cheap chain (FNV-1a over whole words)
 *     for hot paths that fold several words, finished by a 32-bit fold that
 *     brings the high bits down.
 *   - ariHashBytes32: FNV-1a over bytes, for strings.
 *   - ariHashPtr: for tables keyed by addresses.
 *
 * The values are part of the contract: tables whose iteration or probe
 * order is observable (the term store's, with deterministic ids) rely on
 * them staying the same from run to run and release to release. Changing
 * a function here changes Ariadne's outputs.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_UTILS_HASH_H
#define ARIADNE_UTILS_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2^64 divided by the golden ratio: multiplying by it spreads consecutive
 * integers over the whole word (Fibonacci hashing); splitmix64's step. */
#define ARI_HASH_GOLDEN UINT64_C(0x9E3779B97F4A7C15)

/* Where an ariHashAdd64 chain starts. (FNV-1a's 64-bit offset basis is
 * 14695981039346656037; this is that number with its last digit lost, as
 * the e-graph has always had it. It is as good a start, and keeping it
 * keeps the hashes.) */
#define ARI_HASH_SEED64 UINT64_C(1469598103934665603)

/* splitmix64's finaliser. */
static inline uint64_t ariHashMix64(uint64_t x) {
  x ^= x >> 30;
  x *= UINT64_C(0xBF58476D1CE4E5B9);
  x ^= x >> 27;
  x *= UINT64_C(0x94D049BB133111EB);
  x ^= x >> 31;
  return x;
}

/* The splitmix64 random number generator's step: the seeded generators
 * (search/gen, search/sample, costmodel/nn's AriNnRng) all draw this way,
 * so that one seed gives one stream on every platform. */
static inline uint64_t ariHashSplitMix64(uint64_t *state) {
  return ariHashMix64(*state += ARI_HASH_GOLDEN);
}

/* The chain state h and the value v (spread by ARI_HASH_GOLDEN) through a
 * full 64-bit finaliser, folded to 32 bits. */
static inline uint32_t ariHashStep32(uint32_t h, uint64_t v) {
  return (uint32_t)ariHashMix64(((uint64_t)h << 32 | h) ^ (v * ARI_HASH_GOLDEN));
}

/* One FNV-1a step over a whole word: cheap, but the low bits of the result
 * depend only on the low bits of the inputs. Finish with ariHashFold32 or
 * ariHashMix64 before taking low bits. */
static inline uint64_t ariHashAdd64(uint64_t h, uint64_t v) {
  return (h ^ v) * UINT64_C(1099511628211);
}

/* A 64-bit hash to 32 bits, the high half mixed into the low (the first
 * round of MurmurHash3's fmix64). */
static inline uint32_t ariHashFold32(uint64_t h) {
  h ^= h >> 33;
  h *= UINT64_C(0xFF51AFD7ED558CCD);
  h ^= h >> 33;
  return (uint32_t)h;
}

/* An address, mixed: aligned pointers have constant low bits, and tables
 * index with those. (Addresses differ from run to run: nothing observable
 * may depend on the order such a table gives.) */
static inline uint64_t ariHashPtr(const void *p) { return ariHashMix64((uint64_t)(uintptr_t)p); }

/* FNV-1a (32 bits) of the n bytes at p. */
uint32_t ariHashBytes32(const void *p, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_UTILS_HASH_H */
