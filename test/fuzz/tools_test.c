/*===- tools_test.c - mutants through the command-line tools --------------===*\
 *
 *   tools_test [--interp=PATH] [--mlir-opt=PATH --plugin=PATH [--preload=LIB]]
 *              [--count=N] [--seed=S] [--timeout=SECONDS] [--save-dir=DIR]
 *              SEED_DIR_OR_FILE...
 *
 * Each seed and N of its mutants (mutate.h) are written to a file and given
 * to ariadne-interp and to mlir-opt with the Ariadne plugin (running
 * rise-stats), each in its own process. A tool must exit with 0, or with 1
 * after printing an error diagnostic; any other exit, a signal, or running
 * past the timeout (a hang; the child is killed) fails the test. And the
 * tools must agree: a program that ariadne-interp runs, mlir-opt accepts.
 *
 * --preload names the shared sanitizer runtime for a sanitized build: the
 * plugin is instrumented but Debian's mlir-opt is not, so the runtime has
 * to be loaded into mlir-opt first.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/fuzz/mutate.h"
#include "utils/arena.h"
#include "utils/file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef struct {
  const char *interp, *mlirOpt, *plugin, *preload;
  const char *saveDir;
  int count;
  uint64_t runSeed;
  int timeoutS;
} Options;

typedef struct {
  int programs, skipped, runs, accepted, rejected, failed;
} Tally;

enum { kMaxSeeds = 256, kMaxEnv = 512 };

typedef enum { OUT_ACCEPTED, OUT_REJECTED, OUT_BAD } Outcome;

/* A child's environment: ours, with `extra` entries replacing same-named
 * ones. */
static char **childEnv(AriArena *arena, char *const *extra, int nextra) {
  char **env = ariArenaAlloc(arena, sizeof(char *) * kMaxEnv);
  if (!env)
    return NULL;
  int n = 0;
  for (char **e = environ; *e && n < kMaxEnv - nextra - 1; ++e) {
    bool replaced = false;
    for (int i = 0; i < nextra; ++i) {
      size_t k = strcspn(extra[i], "=");
      if (!strncmp(*e, extra[i], k + 1))
        replaced = true;
    }
    if (!replaced)
      env[n++] = *e;
  }
  for (int i = 0; i < nextra; ++i)
    env[n++] = extra[i];
  env[n] = NULL;
  return env;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs argv with stdin and stdout on /dev/null and stderr into errPath.
 * Returns a verdict and describes anything bad in `why`. */
static Outcome runChild(char *const argv[], char *const envp[], const char *errPath,
                        int timeoutS, char *why, size_t whyCap) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  /* Its own process group, so that a hang is ended with all its children. */
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, &attr, argv, envp);
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    snprintf(why, whyCap, "cannot start %s: %s", argv[0], strerror(rc));
    return OUT_BAD;
  }
  /* A watchdog, not a measurement: the limit only separates "finished"
   * from "never finishes". */
  double deadline = now() + timeoutS;
  int status = 0;
  for (;;) {
    pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR) {
      snprintf(why, whyCap, "waitpid: %s", strerror(errno));
      return OUT_BAD;
    }
    if (now() > deadline) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      snprintf(why, whyCap, "still running after %d s (killed): a hang", timeoutS);
      return OUT_BAD;
    }
    struct timespec ts = {0, 5 * 1000 * 1000};
    nanosleep(&ts, NULL);
  }
  if (WIFSIGNALED(status)) {
    snprintf(why, whyCap, "killed by signal %d (%s)", WTERMSIG(status),
             strsignal(WTERMSIG(status)));
    return OUT_BAD;
  }
  int code = WEXITSTATUS(status);
  if (code == 0)
    return OUT_ACCEPTED;
  if (code != 1) {
    snprintf(why, whyCap, "exit code %d (expected 0, or 1 with a diagnostic)", code);
    return OUT_BAD;
  }
  /* Exit 1 must come with an error diagnostic on stderr. */
  char *err = NULL;
  size_t n;
  bool said = ariFileOk(ariFileRead(errPath, NULL, 0, &err, &n)) && strstr(err, "error");
  free(err);
  if (!said) {
    snprintf(why, whyCap, "exit code 1 without an error message on stderr");
    return OUT_BAD;
  }
  return OUT_REJECTED;
}

typedef struct {
  const Options *opt;
  Tally *tally;
  AriArena *arena;
  char **interpEnv, **optEnv;
} Ctx;

static Outcome runTool(Ctx *c, const char *tool, char *const argv[], char **env,
                       const char *label) {
  char errPath[4096], why[512];
  snprintf(errPath, sizeof errPath, "%s/tools-stderr.txt", c->opt->saveDir);
  c->tally->runs++;
  Outcome out = runChild(argv, env, errPath, c->opt->timeoutS, why, sizeof why);
  if (out == OUT_BAD)
    printf("FAIL %s on %s: %s\n", tool, label, why);
  else if (out == OUT_ACCEPTED)
    c->tally->accepted++;
  else
    c->tally->rejected++;
  return out;
}

/* Runs every configured tool on the program in `path`; true if all held. */
static bool checkProgram(Ctx *c, const char *path, const char *label) {
  const Options *o = c->opt;
  bool ok = true;
  Outcome interp = OUT_REJECTED, opt = OUT_ACCEPTED;
  if (o->interp) {
    char *argv[] = {(char *)o->interp, (char *)path, "--max-ops=2000000", "--max-mem-mb=256",
                    NULL};
    interp = runTool(c, "ariadne-interp", argv, c->interpEnv, label);
    ok = interp != OUT_BAD;
  }
  if (o->mlirOpt) {
    char dialect[4200], pass[4200];
    snprintf(dialect, sizeof dialect, "--load-dialect-plugin=%s", o->plugin);
    snprintf(pass, sizeof pass, "--load-pass-plugin=%s", o->plugin);
    char *argv[] = {(char *)o->mlirOpt, dialect, pass, (char *)path,
                    "--pass-pipeline=builtin.module(rise-stats{format=json})", "-o", "/dev/null",
                    NULL};
    opt = runTool(c, "mlir-opt", argv, c->optEnv, label);
    ok = opt != OUT_BAD && ok;
  }
  if (o->interp && o->mlirOpt && interp == OUT_ACCEPTED && opt == OUT_REJECTED) {
    printf("FAIL %s: ariadne-interp runs it but mlir-opt with the plugin rejects it\n", label);
    ok = false;
  }
  return ok;
}

static bool parseInt(const char *s, long long min, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (!*s || *end || errno || v < min)
    return false;
  *out = v;
  return true;
}

static int usage(void) {
  fputs("usage: tools_test [--interp=PATH] [--mlir-opt=PATH --plugin=PATH [--preload=LIB]]\n"
        "                  [--count=N] [--seed=S] [--timeout=SECONDS] [--save-dir=DIR]\n"
        "                  SEED_DIR_OR_FILE...\n",
        stderr);
  return 2;
}

int main(int argc, char **argv) {
  Options o = {NULL, NULL, NULL, NULL, ".", 3, 1, 60};
  AriArena arena;
  ariArenaInit(&arena, 0);
  static FzSeed seeds[kMaxSeeds];
  int nseeds = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    long long v;
    if (!strncmp(a, "--interp=", 9) && a[9])
      o.interp = a + 9;
    else if (!strncmp(a, "--mlir-opt=", 11) && a[11])
      o.mlirOpt = a + 11;
    else if (!strncmp(a, "--plugin=", 9) && a[9])
      o.plugin = a + 9;
    else if (!strncmp(a, "--preload=", 10))
      o.preload = a[10] ? a + 10 : NULL;
    else if (!strncmp(a, "--count=", 8) && parseInt(a + 8, 0, &v) && v <= 100000)
      o.count = (int)v;
    else if (!strncmp(a, "--seed=", 7) && parseInt(a + 7, 0, &v))
      o.runSeed = (uint64_t)v;
    else if (!strncmp(a, "--timeout=", 10) && parseInt(a + 10, 1, &v) && v <= 3600)
      o.timeoutS = (int)v;
    else if (!strncmp(a, "--save-dir=", 11) && a[11])
      o.saveDir = a + 11;
    else if (a[0] == '-')
      return usage();
    else
      ok = fzSeedsLoad(a, &arena, seeds, kMaxSeeds, &nseeds) && ok;
  }
  if ((!o.interp && !o.mlirOpt) || (o.mlirOpt && !o.plugin))
    return usage();
  if (!ok || nseeds == 0) {
    fprintf(stderr, "tools_test: %s\n", ok ? "no seed programs" : "cannot read the seeds");
    ariArenaDestroy(&arena);
    return 1;
  }

  Tally t = {0, 0, 0, 0, 0, 0};
  Ctx c = {&o, &t, &arena, environ, environ};
  char preloadVar[4200];
  if (o.preload) {
    snprintf(preloadVar, sizeof preloadVar, "LD_PRELOAD=%s", o.preload);
    char *extra[] = {preloadVar};
    c.optEnv = childEnv(&arena, extra, 1);
    if (!c.optEnv) {
      fprintf(stderr, "tools_test: out of memory\n");
      return 1;
    }
  }

  char path[4096];
  snprintf(path, sizeof path, "%s/tools-mutant.mlir", o.saveDir);
  for (int i = 0; i < nseeds; ++i) {
    const FzSeed *s = &seeds[i];
    for (int k = -1; k < o.count; ++k) {
      AriArenaMark mark = ariArenaMark(&arena);
      FzMutant m = {s->text, s->len, 0, {0}};
      if (k >= 0 && !fzMutate(s, fzMutantKey(s, o.runSeed, k), &arena, &m)) {
        fprintf(stderr, "tools_test: out of memory\n");
        return 1;
      }
      char label[1024];
      if (k < 0)
        snprintf(label, sizeof label, "%s (unmutated)", s->path);
      else
        snprintf(label, sizeof label, "%s mutant %d (replay: mutate_test --seed=%" PRIu64
                 " --only=%d %s)", s->path, k, o.runSeed, k, s->path);
      if (k >= 0 && fzHasForwardRef(m.text, &arena)) {
        /* MLIR's own parser bug (mlir-bugs/README.md), not Ariadne's. */
        t.skipped++;
        ariArenaRelease(&arena, mark);
        continue;
      }
      t.programs++;
      if (!fzWriteFile(path, NULL, m.text, m.len) || !checkProgram(&c, path, label)) {
        char keep[4096];
        if (k < 0)
          snprintf(keep, sizeof keep, "%s/tools-fail-%s", o.saveDir, s->name);
        else
          snprintf(keep, sizeof keep, "%s/tools-fail-%s-%d.mlir", o.saveDir, s->name, k);
        fzWriteFile(keep, NULL, m.text, m.len);
        printf("     program kept as %s\n", keep);
        t.failed++;
      }
      ariArenaRelease(&arena, mark);
    }
  }
  ariArenaDestroy(&arena);
  printf("programs: %d (%d mutants skipped: forward references, an MLIR parser bug)\n",
         t.programs, t.skipped);
  printf("tool runs: %d, exit 0: %d, exit 1 with a diagnostic: %d\n", t.runs, t.accepted,
         t.rejected);
  printf("%d passed, %d failed\n", t.programs - t.failed, t.failed);
  return t.failed ? 1 : 0;
}
