#!/usr/bin/env bash
# Ariadne's one-stop set-up: installs what a fresh Debian machine lacks,
# builds, and then either runs the main job or the whole test suite.
#
#   bash utils/setup.sh run    # build, then run `ariadne` on the embedded examples
#                              # (interpret them; compile, check and time matmul)
#   bash utils/setup.sh test   # build, then ctest; then an ASan+UBSan build and ctest
#   bash utils/setup.sh packages   # print the Debian packages it installs
#
# With ARIADNE_TRACE_TESTS=FILE, the plain test run goes under strace (execve
# and openat, into FILE), so that utils/package-guard.py can see every tool
# and file the tests used (.ci/run does this).
#
# Idempotent: packages are installed only when missing and builds are
# incremental (build/ and build-san/ at the repository root).
set -euo pipefail

mode=${1:-run}
case "$mode" in
  run|test|packages) ;;
  *) echo "usage: bash utils/setup.sh run|test|packages" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
log() { printf '[ariadne] %s\n' "$*"; }

# Everything the build and the tests use; utils/package-guard.py (run by
# .ci/run) fails if they use a package outside this list's dependencies.
# libopenblas-dev is a build dependency: the learning library
# (costmodel/nn) multiplies its matrices with OpenBLAS's cblas_sgemm; the
# CPU benchmarks also compare with OpenBLAS. The other benchmark peers
# (libhalide14-0-dev with Halide's autoscheduler plugins, g++) are not
# here: test/bench/run.sh installs them when missing, and no test uses them.
packages=(cmake make python3 llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          clang-22 libclang-rt-22-dev zlib1g-dev libxgboost-dev libomp-22-dev libopenblas0
          libopenblas-dev
          gcc gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user strace pkgconf)
if [ "$mode" = packages ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  log "installing missing packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  log "all required packages are installed"
fi

# AArch64's OpenMP runtime, for the test that runs `map par` under qemu on
# 2 threads (runtime.qemu.openmp): Debian's arm64 libomp5-19 (the runtime
# libomp-22-dev uses on both architectures) cannot be installed beside the
# amd64 one (both own /usr/lib/llvm-19/lib/libomp.so.5), so its package is
# downloaded through apt's arm64 lists and unpacked into .deps/ (ignored by
# git). It needs only the cross toolchain's libc.
omp_dir="$root/.deps/aarch64-libomp"
if [ ! -r "$omp_dir/libomp.so.5" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    log "enabling apt's arm64 package lists (for the AArch64 libomp)"
    $sudo dpkg --add-architecture arm64
    $sudo apt-get update -qq
  fi
  log "unpacking Debian's arm64 libomp5-19 into .deps/aarch64-libomp"
  tmp=$(mktemp -d)
  if ! (cd "$tmp" && apt-get download -qq libomp5-19:arm64 2>/dev/null) ||
     ! dpkg-deb -x "$tmp"/libomp5-19_*_arm64.deb "$tmp/x"; then
    $sudo apt-get update -qq
    (cd "$tmp" && apt-get download -qq libomp5-19:arm64) &&
      dpkg-deb -x "$tmp"/libomp5-19_*_arm64.deb "$tmp/x" ||
      { echo "[ariadne] error: cannot download libomp5-19:arm64" >&2; exit 1; }
  fi
  mkdir -p "$omp_dir"
  cp -L "$tmp/x/usr/lib/llvm-19/lib/libomp.so.5" "$omp_dir/libomp.so.5.tmp"
  mv "$omp_dir/libomp.so.5.tmp" "$omp_dir/libomp.so.5"
  rm -rf "$tmp"
fi

build() { # build DIR [cmake args...]
  local dir=$1; shift
  log "configuring $dir"
  cmake -S "$root" -B "$root/$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
  log "building $dir ($jobs jobs)"
  cmake --build "$root/$dir" -j "$jobs"
}

build build
if [ "$mode" = run ]; then
  log "running the main job: build/bin/ariadne (rise-search on the embedded matmul and Harris)"
  "$root/build/bin/ariadne"
  exit $?
fi

# Every test has a timeout (300 s unless its CMakeLists sets one), so a hang
# fails instead of stalling the run.
suite() { # suite DIR [ctest args...]: ctest with its wall time printed
  local dir=$1 start=$SECONDS; shift
  (cd "$root/$dir" && "${tracer[@]}" ctest --output-on-failure --timeout 300 -j "$jobs" "$@")
  log "$dir: test suite took $((SECONDS - start)) s"
}

tracer=()
if [ -n "${ARIADNE_TRACE_TESTS:-}" ]; then
  tracer=(strace -f -qq -z -e trace=execve,openat -e signal=none -o "$ARIADNE_TRACE_TESTS")
  log "tracing the plain test run into $ARIADNE_TRACE_TESTS"
fi
log "running the test suite (build/)"
suite build
tracer=()

# The sanitizer build runs every test whose process is ours; tests that load
# the plugin into Debian's uninstrumented mlir-opt are labelled host-tool and
# run in the plain build above.
build build-san -DARIADNE_SANITIZE=ON
log "running the test suite under ASan+UBSan (build-san/)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
suite build-san -LE host-tool
log "all tests passed"
