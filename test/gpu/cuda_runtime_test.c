/*===- cuda_runtime_test.c - runtime/cuda.c without a GPU -------------------===*\
 *
 * cuda_runtime_test FAKE_LIBRARY
 *
 * Exercises the runtime through the fake driver (test/gpu/fake_cuda.c,
 * opened with dlopen exactly like libcuda.so.1): the "no CUDA driver/GPU"
 * paths, the buffer access-flag state machine (which copies happen, and
 * only when needed), flag violations, module loading and kernel lookup,
 * launches, events.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/cuda.h"
#include "test/check.h"
#include "test/gpu/fake_cuda.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  void (*configure)(int, int);
  void (*stats)(FakeCudaStats *);
  void (*reset)(void);
} Fake;

static FakeCudaStats stats(const Fake *f) {
  FakeCudaStats s;
  f->stats(&s);
  return s;
}

static void testNoDriver(void) {
  AriCuda *cu = (AriCuda *)1;
  char err[512] = "";
  CHECK(ariCudaOpen(&cu, "/nonexistent/libcuda.so.1", 0, err, sizeof err) == ARI_CUDA_NO_DEVICE);
  CHECK(cu == NULL);
  CHECK(!strncmp(err, ARI_CUDA_NO_DEVICE_MSG, strlen(ARI_CUDA_NO_DEVICE_MSG)));
  CHECK(strstr(err, "/nonexistent/libcuda.so.1") != NULL);
  /* A library without the driver's symbols (libc's) is no driver either. */
  CHECK(ariCudaOpen(&cu, "libc.so.6", 0, err, sizeof err) == ARI_CUDA_NO_DEVICE);
  CHECK(strstr(err, "lacks cuInit") != NULL);
  /* An incomplete table is refused rather than called. */
  AriCudaApi empty;
  memset(&empty, 0, sizeof empty);
  CHECK(ariCudaOpenWithApi(&cu, &empty, 0, err, sizeof err) == ARI_CUDA_INVALID);
}

static void testNoDevice(const char *lib, const Fake *f) {
  AriCuda *cu = NULL;
  char err[512] = "";
  f->configure(0, 0);
  CHECK(ariCudaOpen(&cu, lib, 0, err, sizeof err) == ARI_CUDA_NO_DEVICE);
  CHECK(strstr(err, ARI_CUDA_NO_DEVICE_MSG ": the driver reports no device") == err);
  f->configure(1, 100); /* CUDA_ERROR_NO_DEVICE from cuInit */
  CHECK(ariCudaOpen(&cu, lib, 0, err, sizeof err) == ARI_CUDA_NO_DEVICE);
  CHECK(strstr(err, "cuInit failed: CUDA error 100 (no CUDA-capable device is detected)") != NULL);
  f->configure(1, 0);
  CHECK(ariCudaOpen(&cu, lib, 3, err, sizeof err) == ARI_CUDA_INVALID);
  CHECK(strstr(err, "device 3 does not exist") != NULL);
  CHECK(cu == NULL);
  CHECK(stats(f).contexts == 0);
}

static void testBuffers(AriCuda *cu, const Fake *f) {
  f->reset();
  AriCudaBuffer *b = NULL;
  void *h = NULL;
  AriCuDevicePtr d = 0;
  unsigned all =
      ARI_CUDA_HOST_READ | ARI_CUDA_HOST_WRITE | ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE;
  CHECK(ariCudaBufferCreate(cu, 64, all, &b) == ARI_CUDA_OK);
  CHECK(ariCudaBufferSize(b) == 64);
  CHECK(stats(f).allocs == 0); /* storage comes on first use */

  /* host writes, device reads: one upload, then none while unchanged */
  CHECK(ariCudaBufferHostSync(cu, b, ARI_CUDA_HOST_WRITE, &h) == ARI_CUDA_OK && h);
  memset(h, 7, 64);
  CHECK(ariCudaBufferDeviceSync(cu, b, ARI_CUDA_DEVICE_READ, &d) == ARI_CUDA_OK && d);
  CHECK(((unsigned char *)(uintptr_t)d)[63] == 7);
  CHECK(ariCudaBufferDeviceSync(cu, b, ARI_CUDA_DEVICE_READ, &d) == ARI_CUDA_OK);
  FakeCudaStats s = stats(f);
  CHECK(s.htod == 1 && s.dtoh == 0 && s.allocs == 1);

  /* device writes, host reads: one download, then none */
  CHECK(ariCudaBufferDeviceSync(cu, b, ARI_CUDA_DEVICE_WRITE, &d) == ARI_CUDA_OK);
  memset((void *)(uintptr_t)d, 9, 64);
  CHECK(ariCudaBufferHostSync(cu, b, ARI_CUDA_HOST_READ, &h) == ARI_CUDA_OK);
  CHECK(((unsigned char *)h)[0] == 9);
  CHECK(ariCudaBufferHostSync(cu, b, ARI_CUDA_HOST_READ, &h) == ARI_CUDA_OK);
  s = stats(f);
  CHECK(s.htod == 1 && s.dtoh == 1);

  /* a host read-write keeps the data and invalidates the device copy */
  CHECK(ariCudaBufferHostSync(cu, b, ARI_CUDA_HOST_READ | ARI_CUDA_HOST_WRITE, &h) == ARI_CUDA_OK);
  CHECK(stats(f).dtoh == 1);
  ((unsigned char *)h)[0] = 1;
  /* a device write-only access overwrites: nothing is uploaded */
  CHECK(ariCudaBufferDeviceSync(cu, b, ARI_CUDA_DEVICE_WRITE, &d) == ARI_CUDA_OK);
  CHECK(stats(f).htod == 1);
  /* ... and the host copy is stale again */
  CHECK(ariCudaBufferHostSync(cu, b, ARI_CUDA_HOST_READ, &h) == ARI_CUDA_OK);
  CHECK(stats(f).dtoh == 2 && ((unsigned char *)h)[0] == 9);
  /* a host write-only access uploads on the next device read */
  CHECK(ariCudaBufferHostSync(cu, b, ARI_CUDA_HOST_WRITE, &h) == ARI_CUDA_OK);
  CHECK(ariCudaBufferDeviceSync(cu, b, ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE, &d) ==
        ARI_CUDA_OK);
  CHECK(stats(f).htod == 2);
  ariCudaBufferDestroy(cu, b);
  CHECK(stats(f).frees == 1);

  /* a device-only temporary never touches the host */
  f->reset();
  CHECK(ariCudaBufferCreate(cu, 16, ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE, &b) ==
        ARI_CUDA_OK);
  CHECK(ariCudaBufferDeviceSync(cu, b, ARI_CUDA_DEVICE_WRITE, &d) == ARI_CUDA_OK);
  CHECK(ariCudaBufferDeviceSync(cu, b, ARI_CUDA_DEVICE_READ, &d) == ARI_CUDA_OK);
  s = stats(f);
  CHECK(s.htod == 0 && s.dtoh == 0);
  /* flags not declared at creation are refused with a message */
  CHECK(ariCudaBufferHostSync(cu, b, ARI_CUDA_HOST_READ, &h) == ARI_CUDA_INVALID && !h);
  CHECK(strstr(ariCudaLastError(cu), "created without HOST_READ access") != NULL);
  /* host flags to the device call and vice versa */
  CHECK(ariCudaBufferDeviceSync(cu, b, ARI_CUDA_HOST_WRITE, &d) == ARI_CUDA_INVALID);
  CHECK(strstr(ariCudaLastError(cu), "is not a device access") != NULL);
  CHECK(ariCudaBufferDeviceSync(cu, b, 0, &d) == ARI_CUDA_INVALID);
  ariCudaBufferDestroy(cu, b);

  /* an input buffer (host writes, device reads) cannot be read back */
  CHECK(ariCudaBufferCreate(cu, 8, ARI_CUDA_HOST_WRITE | ARI_CUDA_DEVICE_READ, &b) == ARI_CUDA_OK);
  CHECK(ariCudaBufferDeviceSync(cu, b, ARI_CUDA_DEVICE_WRITE, &d) == ARI_CUDA_INVALID);
  CHECK(strstr(ariCudaLastError(cu), "DEVICE_WRITE") != NULL);
  ariCudaBufferDestroy(cu, b);

  /* bad creations */
  CHECK(ariCudaBufferCreate(cu, 0, all, &b) == ARI_CUDA_INVALID && !b);
  CHECK(ariCudaBufferCreate(cu, 8, 0, &b) == ARI_CUDA_INVALID);
  CHECK(ariCudaBufferCreate(cu, 8, 1u << 7, &b) == ARI_CUDA_INVALID);
  ariCudaBufferDestroy(cu, NULL); /* like free(NULL) */
}

static const char kPtx[] = "//\n.version 8.0\n.target sm_90\n.address_size 64\n"
                           ".visible .entry twice(\n\t.param .u64 twice_param_0,\n"
                           "\t.param .f32 twice_param_1\n)\n{\n\tret;\n}\n";

static void testModules(AriCuda *cu, const Fake *f, const char *dir) {
  f->reset();
  AriCudaModule *m = NULL;
  AriCudaKernel *k = NULL;
  /* without the trailing NUL: the runtime terminates the text */
  CHECK(ariCudaModuleLoad(cu, kPtx, sizeof kPtx - 1, &m) == ARI_CUDA_OK && m);
  CHECK(ariCudaModuleGetKernel(cu, m, "twice", &k) == ARI_CUDA_OK && k);
  CHECK(ariCudaModuleGetKernel(cu, m, "thrice", &k) == ARI_CUDA_ERROR && !k);
  CHECK(strstr(ariCudaLastError(cu), "looking up kernel 'thrice' failed: CUDA error 500") != NULL);
  CHECK(ariCudaModuleGetKernel(cu, m, "twice", &k) == ARI_CUDA_OK);

  AriCuDevicePtr dp = 42;
  float x = 2.0f;
  void *params[2] = {&dp, &x};
  unsigned grid[3] = {4, 1, 1}, block[3] = {64, 2, 1}, zero[3] = {0, 1, 1};
  CHECK(ariCudaLaunch(cu, k, grid, block, 0, params) == ARI_CUDA_OK);
  FakeCudaStats s = stats(f);
  CHECK(s.launches == 1 && s.lastParams == 2 && s.lastBlock[1] == 2 && s.lastGrid[0] == 4);
  CHECK(!strcmp(s.lastKernel, "twice"));
  CHECK(ariCudaLaunch(cu, k, zero, block, 0, params) == ARI_CUDA_INVALID);
  CHECK(strstr(ariCudaLastError(cu), "empty grid") != NULL);
  CHECK(stats(f).launches == 1);
  CHECK(ariCudaSynchronize(cu) == ARI_CUDA_OK);
  ariCudaModuleUnload(cu, m);
  CHECK(stats(f).modules == 0);

  /* a bad image reports the driver's JIT log */
  CHECK(ariCudaModuleLoad(cu, "garbage", 7, &m) == ARI_CUDA_ERROR && !m);
  CHECK(strstr(ariCudaLastError(cu), "loading the PTX failed: CUDA error 218") != NULL);
  CHECK(strstr(ariCudaLastError(cu), "fake: not PTX") != NULL);
  CHECK(ariCudaModuleLoad(cu, "", 0, &m) == ARI_CUDA_INVALID);

  /* from a file */
  char path[4096];
  snprintf(path, sizeof path, "%s/cuda_runtime_test.ptx", dir);
  FILE *fp = fopen(path, "wb");
  CHECK(fp != NULL);
  if (fp) {
    fwrite(kPtx, 1, sizeof kPtx - 1, fp);
    fclose(fp);
    CHECK(ariCudaModuleLoadFile(cu, path, &m) == ARI_CUDA_OK && m);
    ariCudaModuleUnload(cu, m);
    remove(path);
  }
  CHECK(ariCudaModuleLoadFile(cu, "/nonexistent/k.ptx", &m) == ARI_CUDA_INVALID);
  CHECK(strstr(ariCudaLastError(cu), "cannot open '/nonexistent/k.ptx'") != NULL);
}

static void testEvents(AriCuda *cu) {
  AriCudaEvent *a = NULL, *b = NULL;
  float ms = -1;
  CHECK(ariCudaEventCreate(cu, &a) == ARI_CUDA_OK && a);
  CHECK(ariCudaEventCreate(cu, &b) == ARI_CUDA_OK && b);
  /* elapsed time of an unrecorded event is a driver error, reported */
  CHECK(ariCudaEventElapsedMs(cu, a, b, &ms) == ARI_CUDA_ERROR);
  CHECK(strstr(ariCudaLastError(cu), "cuEventSynchronize failed") != NULL);
  CHECK(ariCudaEventRecord(cu, a) == ARI_CUDA_OK);
  CHECK(ariCudaEventRecord(cu, b) == ARI_CUDA_OK);
  CHECK(ariCudaEventElapsedMs(cu, a, b, &ms) == ARI_CUDA_OK && ms == 1.0f);
  ariCudaEventDestroy(cu, a);
  ariCudaEventDestroy(cu, b);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: cuda_runtime_test FAKE_LIBRARY TMPDIR\n");
    return 2;
  }
  testNoDriver();
  void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "cannot open the fake driver %s: %s\n", argv[1], dlerror());
    return 1;
  }
  Fake f;
  *(void **)&f.configure = dlsym(h, "fakeCudaConfigure");
  *(void **)&f.stats = dlsym(h, "fakeCudaGetStats");
  *(void **)&f.reset = dlsym(h, "fakeCudaResetStats");
  CHECK(f.configure && f.stats && f.reset);
  if (!f.configure || !f.stats || !f.reset)
    return 1;
  testNoDevice(argv[1], &f);

  AriCuda *cu = NULL;
  char err[512] = "";
  CHECK(ariCudaOpen(&cu, argv[1], 0, err, sizeof err) == ARI_CUDA_OK && cu);
  if (cu) {
    CHECK(!strcmp(ariCudaDeviceName(cu), "Fake GPU"));
    CHECK(ariCudaComputeCapability(cu) == 90);
    CHECK(!strcmp(ariCudaLastError(cu), ""));
    CHECK(stats(&f).contexts == 1);
    testBuffers(cu, &f);
    testModules(cu, &f, argv[2]);
    testEvents(cu);
    CHECK(ariCudaFail(cu, ARI_CUDA_INVALID, "x=%d", 3) == ARI_CUDA_INVALID);
    CHECK(!strcmp(ariCudaLastError(cu), "x=3"));
    ariCudaClose(cu);
    CHECK(stats(&f).contexts == 0);
  } else {
    fprintf(stderr, "open failed: %s\n", err);
  }
  dlclose(h);
  printf("cuda_runtime_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
