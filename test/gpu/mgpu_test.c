/*===- mgpu_test.c - the mgpu* host-call ABI against the fake driver --------===*\
 *
 * mgpu_test FAKE_LIBRARY     every mgpu* call through libariadne_mgpu.so,
 *                            with ARIADNE_LIBCUDA=FAKE_LIBRARY, checked
 *                            against the fake driver's recorded state
 * mgpu_test --no-driver      ARIADNE_LIBCUDA names no library: one "no CUDA
 *                            driver/GPU" line, NULL results, counted failures
 *
 * Each mode is its own process: the wrappers open one driver per process.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/mgpu.h"
#include "test/check.h"
#include "test/gpu/fake_cuda.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char kPtx[] = ".version 8.0\n.target sm_90\n.address_size 64\n\n"
                           ".visible .entry k1(\n\t.param .u64 k1_p0,\n\t.param .f32 k1_p1\n)\n"
                           "{\n\tret;\n}\n"
                           ".visible .entry k2(\n)\n{\n\tret;\n}\n";

static void (*fakeStats)(FakeCudaStats *);

static FakeCudaStats stats(void) {
  FakeCudaStats s;
  fakeStats(&s);
  return s;
}

/* Runs `fn` with stderr going to a temporary file; returns what it wrote. */
static char *captureStderr(void (*fn)(void)) {
  static char buf[4096];
  fflush(stderr);
  FILE *tmp = tmpfile();
  int saved = dup(2);
  if (!tmp || saved < 0) {
    CHECK(!"cannot capture stderr");
    buf[0] = 0;
    return buf;
  }
  dup2(fileno(tmp), 2);
  fn();
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  rewind(tmp);
  size_t n = fread(buf, 1, sizeof buf - 1, tmp);
  buf[n] = 0;
  fclose(tmp);
  fputs(buf, stderr); /* keep it in the test log */
  return buf;
}

/*--- No driver ------------------------------------------------------------------*/

static void callsWithoutDriver(void) {
  CHECK(mgpuStreamCreate() == NULL);
  CHECK(mgpuModuleLoadJIT((void *)kPtx, 2) == NULL);
  mgpuLaunchKernel(NULL, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL, 0);
  CHECK(mgpuMemAlloc(64, NULL, false) == NULL);
}

static int noDriver(void) {
  setenv("ARIADNE_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
  const char *err = captureStderr(callsWithoutDriver);
  const char *want = "ariadne-mgpu: no CUDA driver/GPU: cannot load /nonexistent/libcuda.so.1";
  const char *hit = strstr(err, want);
  CHECK(hit == err);
  CHECK(hit && !strstr(hit + strlen(want), "no CUDA driver/GPU")); /* said once */
  CHECK(ariMgpuErrorCount() == 4);                      /* every call failed */
  printf("mgpu_test --no-driver: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}

/*--- Against the fake driver -------------------------------------------------------*/

static void *threadCalls(void *arg) {
  (void)arg;
  /* Another thread: the wrappers make the context current there too. */
  void *s = mgpuStreamCreate();
  mgpuStreamSynchronize(s);
  mgpuStreamDestroy(s);
  return s;
}

static int errorsBefore;

static void expectErrors(int n, int line) {
  int now = ariMgpuErrorCount();
  if (now - errorsBefore != n)
    fprintf(stderr, "line %d: %d new mgpu failures, expected %d\n", line, now - errorsBefore, n);
  CHECK(now - errorsBefore == n);
  errorsBefore = now;
}
#define EXPECT_ERRORS(n) expectErrors(n, __LINE__)

static void testModules(void **mod, void **fn) {
  void *m = mgpuModuleLoadJIT((void *)kPtx, 2);
  CHECK(m != NULL);
  CHECK(stats().modules == 1);
  CHECK(stats().lastJitOpt == 2);
  /* The binary form: a size, no NUL needed (here PTX; a cubin in life). */
  void *m2 = mgpuModuleLoad((void *)kPtx, sizeof kPtx - 1);
  CHECK(m2 != NULL && m2 != m);
  CHECK(stats().modules == 2 && stats().lastJitOpt == -1);
  mgpuModuleUnload(m2);
  CHECK(stats().modules == 1);
  EXPECT_ERRORS(0);
  CHECK(mgpuModuleLoadJIT((void *)"not ptx", 2) == NULL);
  CHECK(mgpuModuleLoadJIT((void *)kPtx, 9) == NULL);
  EXPECT_ERRORS(2);
  *fn = mgpuModuleGetFunction(m, "k1");
  CHECK(*fn != NULL);
  CHECK(mgpuModuleGetFunction(m, "k2") != NULL);
  CHECK(mgpuModuleGetFunction(m, "nope") == NULL);
  CHECK(mgpuModuleGetFunction(NULL, "k1") == NULL);
  EXPECT_ERRORS(2);
  *mod = m;
}

static void testMemory(void *stream, float **devOut) {
  float host[16], back[16];
  for (int i = 0; i < 16; ++i)
    host[i] = (float)i;
  float *d = mgpuMemAlloc(sizeof host, stream, false);
  CHECK(d != NULL);
  CHECK(stats().allocs == 1 && stats().managed == 0);
  mgpuMemcpy(d, host, sizeof host, stream);
  memset(back, 0, sizeof back);
  mgpuMemcpy(back, d, sizeof back, stream);
  CHECK(stats().copies == 2);
  CHECK(!memcmp(back, host, sizeof host));
  mgpuMemset32(d, 0x3f800000u, 16, stream); /* 1.0f */
  mgpuMemcpy(back, d, sizeof back, stream);
  for (int i = 0; i < 16; ++i)
    CHECK(back[i] == 1.0f);
  mgpuMemset16(d, 0xabcd, 2, stream);
  unsigned short half[4];
  mgpuMemcpy(half, d, sizeof half, stream);
  CHECK(half[0] == 0xabcd && half[1] == 0xabcd && half[3] == 0x3f80); /* 1.0f's high half */
  CHECK(stats().memsets == 2);
  /* Managed memory for host_shared; 0 bytes is NULL without a failure. */
  void *shared = mgpuMemAlloc(32, NULL, true);
  CHECK(shared != NULL && stats().managed == 1);
  CHECK(mgpuMemAlloc(0, NULL, false) == NULL);
  mgpuMemFree(shared, NULL);
  CHECK(stats().frees == 1);
  EXPECT_ERRORS(0);
  mgpuMemcpy(NULL, host, 4, stream);
  EXPECT_ERRORS(1);
  *devOut = d;
}

static void testLaunch(void *fn, void *stream, float *d) {
  float scale = 2.5f;
  void *params[2] = {&d, &scale};
  mgpuLaunchKernel(fn, 3, 2, 1, 32, 4, 1, 128, stream, params, NULL, 2);
  FakeCudaStats s = stats();
  CHECK(s.launches == 1);
  CHECK(!strcmp(s.lastKernel, "k1"));
  CHECK(s.lastGrid[0] == 3 && s.lastGrid[1] == 2 && s.lastGrid[2] == 1);
  CHECK(s.lastBlock[0] == 32 && s.lastBlock[1] == 4 && s.lastBlock[2] == 1);
  CHECK(s.lastParams == 2);
  CHECK(s.lastParamWords[0] == (unsigned long long)(uintptr_t)d);
  unsigned bits;
  memcpy(&bits, &scale, 4);
  CHECK(s.lastParamWords[1] == bits);
  CHECK(s.lastStream == stream);
  EXPECT_ERRORS(0);
  /* Refused before the driver: empty or huge sizes, extra, no function. */
  mgpuLaunchKernel(fn, 0, 1, 1, 1, 1, 1, 0, stream, params, NULL, 2);
  mgpuLaunchKernel(fn, 1, 1, 1, (intptr_t)1 << 40, 1, 1, 0, stream, params, NULL, 2);
  mgpuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, stream, params, params, 2);
  mgpuLaunchKernel(NULL, 1, 1, 1, 1, 1, 1, 0, stream, params, NULL, 2);
  EXPECT_ERRORS(4);
  CHECK(stats().launches == 1);
}

static void testStreamsEvents(void *stream) {
  mgpuStreamSynchronize(stream);
  mgpuStreamSynchronize(NULL); /* the default stream */
  CHECK(stats().streamSyncs == 2);
  void *e = mgpuEventCreate();
  CHECK(e != NULL);
  mgpuEventRecord(e, stream);
  mgpuStreamWaitEvent(stream, e);
  CHECK(stats().streamWaits == 1);
  mgpuEventSynchronize(e);
  mgpuEventDestroy(e);
  EXPECT_ERRORS(0);
  void *fresh = mgpuEventCreate(); /* never recorded: the fake refuses the wait */
  mgpuStreamWaitEvent(stream, fresh);
  mgpuEventDestroy(fresh);
  mgpuEventRecord(NULL, stream);
  EXPECT_ERRORS(2);
  pthread_t t;
  void *other = NULL;
  CHECK(pthread_create(&t, NULL, threadCalls, NULL) == 0 && pthread_join(t, &other) == 0);
  CHECK(other != NULL);
  CHECK(stats().streams == 1); /* the other thread's stream is gone */
  EXPECT_ERRORS(0);
}

static void testHostRegister(void) {
  float buf[6];
  struct {
    float *allocated, *aligned;
    int64_t offset, sizes[2], strides[2];
  } dense = {buf, buf, 0, {2, 3}, {3, 1}}, strided = {buf, buf, 0, {2, 3}, {1, 2}};
  mgpuMemHostRegisterMemRef(2, &dense, 4);
  CHECK(stats().registered == 1);
  mgpuMemHostUnregisterMemRef(2, &dense, 4);
  CHECK(stats().registered == 0);
  mgpuMemHostRegister(buf, sizeof buf);
  mgpuMemHostUnregister(buf);
  CHECK(stats().registered == 0);
  EXPECT_ERRORS(0);
  mgpuMemHostRegisterMemRef(2, &strided, 4);
  mgpuMemHostRegisterMemRef(-1, &dense, 4);
  EXPECT_ERRORS(2);
  CHECK(stats().registered == 0);
}

static int withFake(const char *fake) {
  setenv("ARIADNE_LIBCUDA", fake, 1);
  /* The same path gives the same instance the wrappers open. */
  void *h = dlopen(fake, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "cannot open %s: %s\n", fake, dlerror());
    return 1;
  }
  void (*reset)(void) = (void (*)(void))dlsym(h, "fakeCudaResetStats");
  *(void **)&fakeStats = dlsym(h, "fakeCudaGetStats");
  if (!reset || !fakeStats) {
    fprintf(stderr, "%s is not the fake driver\n", fake);
    return 1;
  }
  reset();
  mgpuSetDefaultDevice(0); /* before the first call: chooses the device */
  void *stream = mgpuStreamCreate();
  CHECK(stream != NULL);
  CHECK(stats().contexts == 1 && stats().streams == 1);
  void *mod = NULL, *fn = NULL;
  float *d = NULL;
  testModules(&mod, &fn);
  testMemory(stream, &d);
  testLaunch(fn, stream, d);
  testStreamsEvents(stream);
  testHostRegister();
  mgpuMemFree(d, stream);
  CHECK(stats().frees == 2 && stats().allocs == 2);
  /* A module unloaded after the driver shut down (a global destructor
   * at exit): nothing to do, and no error; any other call still fails. */
  void (*shutDown)(int) = (void (*)(int))dlsym(h, "fakeCudaShutDown");
  CHECK(shutDown != NULL);
  if (shutDown) {
    EXPECT_ERRORS(0);
    shutDown(1);
    mgpuModuleUnload(mod);
    EXPECT_ERRORS(0);
    CHECK(stats().modules == 1);
    CHECK(mgpuStreamCreate() == NULL);
    EXPECT_ERRORS(1);
    shutDown(0);
  }
  mgpuModuleUnload(mod);
  CHECK(stats().modules == 0);
  mgpuStreamDestroy(stream);
  CHECK(stats().streams == 0);
  mgpuSetDefaultDevice(1); /* too late: refused */
  EXPECT_ERRORS(1);
  CHECK(stats().contexts == 1); /* kept for the process */
  dlclose(h);
  printf("mgpu_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: mgpu_test FAKE_LIBRARY | --no-driver\n");
    return 2;
  }
  return strcmp(argv[1], "--no-driver") ? withFake(argv[1]) : noDriver();
}
