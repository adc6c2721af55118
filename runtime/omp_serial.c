/*===- omp_serial.c - a one-thread stand-in for libomp on AArch64 ---------===*\
 *
 * The cross toolchain has no AArch64 libomp, but compiled kernels with
 * scf.parallel call the libomp entry points that MLIR's OpenMP translation
 * uses. This file implements them for one thread (a parallel region runs
 * its body once; a static loop gives the whole range to that thread), so
 * code cross-compiled for qemu can execute and be checked (ariRtRemote*
 * links it with driver.c). Native x86-64 code uses the real libomp.
 *
\*===----------------------------------------------------------------------===*/

#include <stdarg.h>
#include <stdint.h>

typedef struct ident ident_t;
typedef void (*kmpc_micro)(int32_t *gtid, int32_t *btid, ...);

int32_t __kmpc_global_thread_num(ident_t *loc);
void __kmpc_fork_call(ident_t *loc, int32_t argc, kmpc_micro fn, ...);
void __kmpc_for_static_init_8u(ident_t *loc, int32_t gtid, int32_t sched, int32_t *last,
                               uint64_t *lower, uint64_t *upper, int64_t *stride, int64_t incr,
                               int64_t chunk);
void __kmpc_for_static_init_8(ident_t *loc, int32_t gtid, int32_t sched, int32_t *last,
                              int64_t *lower, int64_t *upper, int64_t *stride, int64_t incr,
                              int64_t chunk);
void __kmpc_for_static_fini(ident_t *loc, int32_t gtid);
void __kmpc_barrier(ident_t *loc, int32_t gtid);

int32_t __kmpc_global_thread_num(ident_t *loc) {
  (void)loc;
  return 0;
}

/* Outlined regions take their captures as pointer-sized arguments. */
void __kmpc_fork_call(ident_t *loc, int32_t argc, kmpc_micro fn, ...) {
  (void)loc;
  void *a[8] = {0};
  va_list ap;
  va_start(ap, fn);
  for (int i = 0; i < argc && i < 8; ++i)
    a[i] = va_arg(ap, void *);
  va_end(ap);
  int32_t gtid = 0, btid = 0;
  switch (argc) {
  case 0: fn(&gtid, &btid); break;
  case 1: fn(&gtid, &btid, a[0]); break;
  case 2: fn(&gtid, &btid, a[0], a[1]); break;
  case 3: fn(&gtid, &btid, a[0], a[1], a[2]); break;
  case 4: fn(&gtid, &btid, a[0], a[1], a[2], a[3]); break;
  case 5: fn(&gtid, &btid, a[0], a[1], a[2], a[3], a[4]); break;
  case 6: fn(&gtid, &btid, a[0], a[1], a[2], a[3], a[4], a[5]); break;
  case 7: fn(&gtid, &btid, a[0], a[1], a[2], a[3], a[4], a[5], a[6]); break;
  default: fn(&gtid, &btid, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]); break;
  }
}

/* One thread owns the whole iteration space [lower, upper]. */
void __kmpc_for_static_init_8u(ident_t *loc, int32_t gtid, int32_t sched, int32_t *last,
                               uint64_t *lower, uint64_t *upper, int64_t *stride, int64_t incr,
                               int64_t chunk) {
  (void)loc, (void)gtid, (void)sched, (void)lower, (void)upper, (void)chunk;
  *last = 1;
  *stride = (int64_t)(*upper - *lower) + incr;
}

void __kmpc_for_static_init_8(ident_t *loc, int32_t gtid, int32_t sched, int32_t *last,
                              int64_t *lower, int64_t *upper, int64_t *stride, int64_t incr,
                              int64_t chunk) {
  (void)loc, (void)gtid, (void)sched, (void)lower, (void)upper, (void)chunk;
  *last = 1;
  *stride = *upper - *lower + incr;
}

void __kmpc_for_static_fini(ident_t *loc, int32_t gtid) {
  (void)loc, (void)gtid;
}

void __kmpc_barrier(ident_t *loc, int32_t gtid) {
  (void)loc, (void)gtid;
}
