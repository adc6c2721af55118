/*===- costmodel/machine.h - what the analytic model knows of a machine ----===*\
 *
 * The machine description the analytic cost model (analytic.h) reads: the
 * data-cache sizes (from /sys/devices/system/cpu/cpu0/cache), and the
 * throughputs measured once by the micro-benchmark of runtime/machine_bench.h
 * (`ariadne-cost machine -o FILE`): copy bandwidth with the working set in
 * each cache level and in memory, and the floating-point rate of a
 * vectorised and of a scalar kernel, all for one thread.
 *
 * The file is text, one `key = value` per line (`#` starts a comment):
 *
 *   version = 1
 *   name = Intel(R) Xeon(R) Processor, 2 cpus
 *   cores = 2
 *   cache.1 = 49152            data cache bytes, levels 1..3 (0: none)
 *   cache.2 = 2097152
 *   cache.3 = 272629760
 *   bandwidth.1 = 60.5         GB/s (bytes loaded + stored per ns)
 *   bandwidth.2 = 40.1
 *   bandwidth.3 = 20.3
 *   bandwidth.mem = 9.8
 *   gflops.vector = 50.2       GFLOP/s (fma = 2)
 *   gflops.scalar = 1.9
 *   crc32 = 1a2b3c4d           of every byte before this line
 *
 * Every key is required once, values are checked (sizes >= 0, rates
 * finite and > 0, the name at most 159 bytes, the CRC exactly 8 hex
 * digits), and the CRC catches an edited or damaged file. Errors name the
 * file and line. Written atomically (utils/file.h), each rate with the
 * fewest digits (6 to 17) that read back as the same double, so what is
 * read is exactly what was written.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_MACHINE_H
#define ARIADNE_COSTMODEL_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { ARI_MACHINE_VERSION = 1, ARI_MACHINE_LEVELS = 3 };

typedef struct AriMachine {
  char name[160];
  int cores;
  int64_t cacheBytes[ARI_MACHINE_LEVELS]; /* L1d, L2, L3; 0: absent */
  double bandwidthGBs[ARI_MACHINE_LEVELS + 1]; /* per level, then memory */
  double gflopsVector, gflopsScalar;
} AriMachine;

/* Fills name, cores and the cache sizes from this machine (/proc/cpuinfo,
 * /sys); rates are left 0. */
void ariMachineProbe(AriMachine *m);

/* ariMachineProbe, then nominal rates where no measurement is at hand
 * (the search's cost=analytic without a file): bandwidths of 200, 80, 30
 * and 12 GB/s for L1, L2, L3 and memory, 64 vector and 2 scalar GFLOP/s,
 * about a recent x86-64 core's. The ranking of candidates, all the
 * analytic model is used for, depends on the ratios more than on these
 * figures; a measured file (`ariadne-cost machine`) is better. */
void ariMachineNominal(AriMachine *m);

/* A nominal AArch64 core, for rise-search{target=aarch64} on another
 * machine (nothing is probed): 64 KiB L1d, 1 MiB L2, 32 MiB L3, 100, 50,
 * 25 and 10 GB/s, 4 cores, NEON's 128-bit vectors at 32 GFLOP/s (2 FMA
 * pipes x 4 lanes x 2 flops x 2 GHz, about a Neoverse N1), 4 scalar. As for
 * ariMachineNominal, the ratios matter more than the figures; a measured
 * file of the target machine is better. */
void ariMachineNominalAArch64(AriMachine *m);

/* The width in bytes of this CPU's widest vector registers for floats, from
 * /proc/cpuinfo's flags: 64 with AVX-512F, 32 with AVX, otherwise 16
 * (SSE, NEON; also when unreadable). The search's vector widths follow it. */
int ariMachineVectorBytes(void);

/* Reads a machine file. False with "PATH:LINE: message" in err. */
bool ariMachineRead(const char *path, AriMachine *m, char *err, size_t cap);

/* The same from text (path names it in messages). */
bool ariMachineParse(const char *text, size_t len, const char *path, AriMachine *m, char *err,
                     size_t cap);

/* Writes m atomically. False with a message in err. */
bool ariMachineWrite(const char *path, const AriMachine *m, char *err, size_t cap);

/* Checks that every figure is in range (what the reader requires). */
bool ariMachineValid(const AriMachine *m, char *err, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_MACHINE_H */
